"""Replay codes in the window (issue 27, item 2): "Copy code" on the replay list and the
game-over box, "Open code" (Ctrl+V or typing) into the viewer. A damaged code is its clear
message with nothing changed; a game still under way never gets a code (its seed would show
every hidden card), however it reaches the list."""

from __future__ import annotations

from dataclasses import replace

import pygame  # noqa: E402
import pytest  # noqa: E402

from game.cards import load_cards  # noqa: E402
from game.engine import from_position  # noqa: E402
from game.persist import record as rec  # noqa: E402
from game.persist.codes import ALPHABET, decode, encode, same_game  # noqa: E402
from game.ui.core.match_config import MatchConfig  # noqa: E402
from game.ui.kit import clipboard  # noqa: E402
from game.ui.kit.menu_overlay import MenuOverlay  # noqa: E402
from game.ui.match import menus  # noqa: E402
from game.ui.match.scene import MatchScene  # noqa: E402
from game.ui.records.code_entry import CodeEntry  # noqa: E402
from game.ui.records.replay_list import ReplaysScene  # noqa: E402
from game.ui.records.viewer import ReplayScene  # noqa: E402
from tests.support.records import finished_record  # noqa: E402

pytestmark = pytest.mark.window('--speed', '50', first_frame=True)

SEATS = (rec.SeatInfo("person", None, "You"), rec.SeatInfo("computer", "easy", "Computer (Easy)"))


@pytest.fixture
def board(monkeypatch):
    """The clipboard, as a list (the same calls the window makes; no display's clipboard needed)."""
    held = ["untouched"]
    monkeypatch.setattr(pygame.scrap, "put_text", lambda text: held.__setitem__(0, text))
    monkeypatch.setattr(pygame.scrap, "get_text", lambda: held[0])
    return held


def key(app, k: int, mod: int = 0, unicode: str = "") -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode=unicode))
    app.step()


def loaded_list(app) -> ReplaysScene:
    app.ctx.nav.replays()
    screen = app.ctx.scenes.top
    assert screen.loading.wait(10)
    app.step()
    return screen


def damaged(code: str) -> str:
    """The code with its middle character changed to another valid one."""
    i = len(code) // 2
    return code[:i] + ALPHABET[(ALPHABET.index(code[i]) + 1) % 32] + code[i + 1:]


def test_copy_code_from_the_list_then_open_it_again(app, board):
    record = replace(finished_record(), seats=SEATS)
    app.ctx.store.save_replay(record)
    screen = loaded_list(app)
    key(app, pygame.K_c, pygame.KMOD_CTRL)
    code = board[0]
    assert code != "untouched" and screen.message_good
    assert same_game(decode(code), record)
    key(app, pygame.K_v, pygame.KMOD_CTRL)  # the box, with the code pasted in
    entry = app.ctx.scenes.top
    assert isinstance(entry, CodeEntry) and entry.text == code
    key(app, pygame.K_RETURN)
    viewer = app.ctx.scenes.top
    assert isinstance(viewer, ReplayScene) and same_game(viewer.record, record)


def test_a_damaged_pasted_code_is_refused_with_the_text_kept(app, board):
    code = encode(replace(finished_record(), seats=SEATS))
    screen = loaded_list(app)
    for b in screen.row.buttons:
        if b.text == "Open code":
            b.action()
    entry = app.ctx.scenes.top
    assert isinstance(entry, CodeEntry)
    board[0] = "  " + damaged(code) + "\n"
    key(app, pygame.K_v, pygame.KMOD_CTRL)
    assert entry.text == damaged(code)
    stack = list(app.ctx.scenes.stack)
    key(app, pygame.K_RETURN)
    assert list(app.ctx.scenes.stack) == stack  # nothing opened, nothing left
    assert entry.text == damaged(code)
    assert entry.message.startswith("This code cannot be opened: the replay code is damaged or mistyped")
    app.step()
    for junk in ("\x00\udcff" * 50, "Z" * 100000, "", "0" * 30):  # hostile pastes: a message each
        board[0] = junk
        entry.text = ""
        entry.paste()
        entry.open()
        assert app.ctx.scenes.top is entry and entry.message
        assert len(entry.text) <= clipboard.MAX_PASTE_CHARS


def test_typing_a_code_and_backspace(app, board):
    record = replace(finished_record(), seats=SEATS)
    code = encode(record)
    app.ctx.scenes.push(CodeEntry(app.ctx))
    entry = app.ctx.scenes.top
    for ch in code[:-1] + "!" + code[-1]:  # a stray "!" is not part of a code: dropped
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=ch))
    app.step()
    assert entry.text == code
    key(app, pygame.K_BACKSPACE)
    entry.open()
    assert app.ctx.scenes.top is entry and entry.message  # one character short
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=code[-1]))
    app.step()
    key(app, pygame.K_RETURN)
    assert isinstance(app.ctx.scenes.top, ReplayScene)


def test_a_game_in_progress_never_gets_a_code(app, board):
    """An attacker copies a save into Replays, or forges a result onto a game cut short: the
    list refuses both, and the clipboard keeps what it held."""
    whole = replace(finished_record(), seats=SEATS)
    under_way = replace(whole, choices=whole.choices[:8], result=None)
    forged = replace(whole, choices=whole.choices[:8])  # "finished", but its choices stop early
    for bad in (under_way, forged):
        store = app.ctx.store
        for p in store.replay_files():
            p.unlink()
        store.save_replay(whole).write_text(store.autosave_text(bad), encoding="utf-8")
        screen = loaded_list(app)
        screen.copy_code()
        assert board[0] == "untouched", bad
        assert screen.message and not screen.message_good
        app.ctx.scenes.remove(screen)


def _game_over_of_a_set_position(app) -> MenuOverlay:
    g = from_position(load_cards(), [{"play": ["Gorillion"], "hand": ["Bee Bear"]},
                                     {"life": 1, "hand": ["Killer Bee"]}])
    scene = MatchScene(app.ctx, MatchConfig(mode="ai", ai_level="easy", names=("You", "Computer"), seed=4),
                       game=g)
    app.ctx.scenes.replace(scene)
    for _ in range(3000):
        app.step()
        if scene.decision_serial == g.pending.serial:
            scene.submit(g.option_for("attack Gorillion"))
            break
    for _ in range(3000):
        app.step()
        if scene.over_shown:
            return app.ctx.scenes.top
    raise AssertionError("no game over")


def test_the_game_over_box_copies_the_code_of_a_recordable_game_only(app, board):
    # A set position cannot be rebuilt from a seed: no code, no button.
    box = _game_over_of_a_set_position(app)
    assert "Copy code" not in [b.text for b in box.row.buttons]
    # A dealt game, played to its end.
    scene = MatchScene(app.ctx, MatchConfig(mode="demo", ai_level="random", seed=6))
    app.ctx.scenes.replace(scene)
    for _ in range(20000):
        app.step()
        if scene.over_shown:
            break
    box = app.ctx.scenes.top
    assert isinstance(box, MenuOverlay)
    labels = [b.text for b in box.row.buttons]
    assert labels == ["Rematch", "Watch replay", "Copy code", "Main menu"]
    box.row.buttons[2].action()
    assert same_game(decode(board[0]), scene.ctl.record())
    assert box.lines[-1] == "The replay code is on the clipboard."
    box.row.buttons[2].action()  # twice: one line, not two
    assert box.lines.count("The replay code is on the clipboard.") == 1
    app.step()


def test_the_pause_menu_of_a_game_under_way_has_no_copy_code(app, board):
    scene = MatchScene(app.ctx, MatchConfig(mode="ai", ai_level="random", seed=3))
    app.ctx.scenes.replace(scene)
    app.step()
    menus.open_pause_menu(scene)
    assert "Copy code" not in [b.text for b in app.ctx.scenes.top.row.buttons]
    menus._copy_code(scene, app.ctx.scenes.top, [])  # even called directly: nothing copied
    assert board[0] == "untouched"


def test_no_clipboard_is_a_message(app, monkeypatch):
    def broken(*a):
        raise pygame.error("video system not initialized")

    monkeypatch.setattr(pygame.scrap, "put_text", broken)
    monkeypatch.setattr(pygame.scrap, "get_text", broken)
    assert "clipboard cannot be used" in clipboard.copy_text("x")
    assert clipboard.paste_text()[0] is None
    app.ctx.store.save_replay(replace(finished_record(), seats=SEATS))
    screen = loaded_list(app)
    screen.copy_code()
    assert "clipboard cannot be used" in screen.message


def test_a_finished_team_game_has_copy_code_too(app, board):
    scene = MatchScene(app.ctx, MatchConfig(mode="demo", ai_level="random", seed=5, rules="2v2"))
    app.ctx.scenes.replace(scene)
    for _ in range(30000):
        app.step()
        if scene.over_shown:
            break
    box = app.ctx.scenes.top
    assert [b.text for b in box.row.buttons] == ["Rematch (same seats)", "Watch replay", "Copy code",
                                                 "Main menu"]
    box.row.buttons[2].action()
    assert same_game(decode(board[0]), scene.ctl.record())
    app.step()
