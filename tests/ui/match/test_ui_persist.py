"""Saved games in the window, driven with real pygame events headless: the leave question on a
window close and on "Quit to main menu", Continue on the title, the replay viewer stepping back
and forth, Watch replay at game over, the replay list and statistics, and a process killed in
the middle of a game."""

from __future__ import annotations

import copy

import pygame  # noqa: E402
import pytest  # noqa: E402

from game.app import App, parse_args  # noqa: E402
from game.persist import record as rec  # noqa: E402
from game.ui.core.match_config import MatchConfig  # noqa: E402
from game.ui.match.leave_prompt import LeavePrompt  # noqa: E402
from game.ui.match.scene import MatchScene  # noqa: E402
from game.ui.records.replay_list import ReplaysScene  # noqa: E402
from game.ui.records.statistics import StatsScene  # noqa: E402
from game.ui.records.viewer import ReplayScene  # noqa: E402
from game.ui.screens.title import TitleScene  # noqa: E402
from game.ui.table.model import TableModel  # noqa: E402
from game.words import texts  # noqa: E402
from tests.support.engine_helpers import snapshot  # noqa: E402
from tests.support.game_process import run_game, saves_in, wait_for_save
from tests.support.records import finished_record
from tests.support.saved_match import button, click, key, play_until, start_match, still
from tests.support.text_spy import record_texts  # noqa: E402

pytestmark = pytest.mark.window('--speed', '20', first_frame=True)











def close_window(app: App) -> None:
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    app.step()






def settle(app: App, scene: MatchScene, limit: int = 3000) -> None:
    for _ in range(limit):
        app.step()
        p = scene.ctl.pending
        if scene.ctl.over or (scene.ctl.is_human(p.seat) and scene.decision_serial == p.serial):
            return
    raise AssertionError("the match never settled")


# ---------------------------------------------------------------------------------------------
# Leaving asks first
# ---------------------------------------------------------------------------------------------
def test_window_close_asks_and_the_keyboard_answers(app):
    scene = start_match(app)
    play_until(app, scene, 4)
    close_window(app)
    prompt = app.ctx.scenes.top
    assert isinstance(prompt, LeavePrompt) and app.ctx.running
    assert prompt.title == "Leave the game?"
    assert prompt.lines == ["It is saved; Continue from the title screen."]
    key(app, pygame.K_ESCAPE)  # stay
    assert app.ctx.scenes.top is scene and app.ctx.running
    close_window(app)
    key(app, pygame.K_RETURN)  # Enter takes the gold answer, which never leaves: stay
    assert app.ctx.scenes.top is scene and app.ctx.running
    close_window(app)
    key(app, pygame.K_y)  # leave
    assert not app.ctx.running
    app.ctx.writer.flush()
    saved = app.ctx.store.load_autosave()[0]
    assert saved is not None and saved.choices == tuple(scene.ctl.choices)


def test_window_close_while_the_computer_thinks_asks_too(app):
    scene = start_match(app, mode="demo")
    # a person is watching (the controller's config says who plays: the leave question reads it)
    scene.config = scene.ctl.config = MatchConfig(mode="ai", ai_level="random", seed=3)
    app.step()
    close_window(app)
    assert isinstance(app.ctx.scenes.top, LeavePrompt)
    close_window(app)  # asked twice: leave
    assert not app.ctx.running


def test_quit_to_main_menu_asks_then_continue_resumes_the_same_decision(app):
    scene = start_match(app, seed=8)
    play_until(app, scene, 6)
    settle(app, scene)
    before = snapshot(scene.ctl.game)
    key(app, pygame.K_ESCAPE)  # the pause menu
    click(app, button(app.ctx.scenes.top.row.buttons, "Quit to main menu").rect.center)
    assert isinstance(app.ctx.scenes.top, LeavePrompt)
    key(app, pygame.K_n)
    assert app.ctx.scenes.top is scene  # "Keep playing": back in the game, not the pause menu
    key(app, pygame.K_ESCAPE)
    click(app, button(app.ctx.scenes.top.row.buttons, "Quit to main menu").rect.center)
    key(app, pygame.K_y)
    app.ctx.writer.flush()
    title = app.ctx.scenes.top
    assert isinstance(title, TitleScene)
    assert title.row.buttons[0].text == "Continue"
    assert title.continue_line.startswith("vs Random, turn ")
    assert "your life " in title.continue_line and ", theirs " in title.continue_line, title.continue_line
    click(app, title.row.buttons[0].rect.center)
    resumed = app.ctx.scenes.top
    assert isinstance(resumed, MatchScene) and resumed is not scene
    assert snapshot(resumed.ctl.game) == before
    settle(app, resumed)
    assert resumed.decision_serial == resumed.ctl.pending.serial  # the same decision is offered


def test_continue_rebuilds_the_log_of_the_earlier_turns(app):
    scene = start_match(app, seed=8)
    play_until(app, scene, 10)
    settle(app, scene)
    live = [text for text, _ in scene.log]
    close_window(app)
    key(app, pygame.K_y)  # leave: the game is saved
    app.ctx.writer.flush()
    app.ctx.running = True
    app.ctx.scenes.replace(TitleScene(app.ctx))
    title = app.ctx.scenes.top
    click(app, title.row.buttons[0].rect.center)  # Continue
    resumed = app.ctx.scenes.top
    assert isinstance(resumed, MatchScene) and resumed is not scene
    rebuilt = [text for text, _ in resumed.log]
    assert rebuilt[-1].startswith("The game goes on where it was left")
    assert rebuilt[:-1] == live  # every earlier turn, worded as it was in play
    assert any(t.startswith("Turn 2") for t in rebuilt)


def test_game_over_reason_speaks_to_you():
    from game.persist.summary import end_text

    assert end_text("no action", "You") == \
        "You have no card to play and no creature to attack with, so you lose"
    assert end_text("no action", "Ann").startswith("Ann has no card")
    assert end_text("life", "You", "Killer Bee's attack") == \
        "Your life reached 0 (Killer Bee's attack)"


def test_a_second_verb_after_you_agrees():
    from game.words import texts

    assert texts.agree("You use a Mindbug and takes Bee Bear!") == \
        "You use a Mindbug and take Bee Bear!"
    assert texts.agree("Ann uses a Mindbug and takes Bee Bear!") == \
        "Ann uses a Mindbug and takes Bee Bear!"


def test_a_broken_autosave_is_a_banner_on_the_title_and_is_kept(app):
    store = app.ctx.store
    store.root.mkdir(parents=True, exist_ok=True)
    store.autosave_path.write_text('{"format": "mindbug-game", "vers', encoding="utf-8")
    title = TitleScene(app.ctx)
    assert title.row.buttons[0].text != "Continue"
    assert "cut short (truncated)" in title.message
    assert list(store.root.glob("autosave.broken-*.json"))






@pytest.mark.parametrize("rules", ["1v1", "2v2"])
def test_replay_steps_back_and_forth_to_identical_states(app, rules):
    record = finished_record(rules=rules)
    viewer = ReplayScene(app.ctx, record)
    app.ctx.scenes.replace(viewer)
    still(app, viewer)
    seen = {}
    total = viewer.tl.total_events
    for _ in range(total):
        seen[viewer.position] = copy.deepcopy(viewer.table.model)
        k, e = viewer.position
        if e == 0:  # at a decision: exactly the recorded state, from the chosen side
            assert viewer.table.model == TableModel.from_state(viewer._view_state(viewer._bottom()))
        key(app, pygame.K_RIGHT)
        still(app, viewer)
    assert viewer.at_end and "won" in viewer.prompt()[0]
    for _ in range(total):
        key(app, pygame.K_LEFT)
        still(app, viewer)
        assert viewer.table.model == seen[viewer.position], viewer.position
    assert viewer.position == (0, 0)
    key(app, pygame.K_DOWN)  # one decision forward, animated
    still(app, viewer)
    assert viewer.position == (1, 0) and viewer.table.model == seen[(1, 0)]
    key(app, pygame.K_v)  # another view: same position, other side
    assert viewer.position == (1, 0)


def test_replay_jump_to_a_turn_and_play_with_speed(app):
    record = finished_record(seed=9)
    viewer = ReplayScene(app.ctx, record)
    app.ctx.scenes.replace(viewer)
    key(app, pygame.K_5, "5")
    key(app, pygame.K_RETURN)
    assert viewer.tl.turn_at(viewer.k) == 5 and viewer.e == 0
    key(app, pygame.K_PLUS, "+")
    key(app, pygame.K_PLUS, "+")
    key(app, pygame.K_SPACE)
    assert viewer.playing
    for _ in range(3000):
        app.step()
        if viewer.at_end:
            break
    assert viewer.at_end and not viewer.playing
    key(app, pygame.K_HOME)
    assert viewer.position == (0, 0)


def test_game_over_offers_watch_replay_and_back_returns(app):
    scene = start_match(app, seed=4, mode="demo")
    for _ in range(6000):
        app.step()
        if scene.over_shown:
            break
    overlay = app.ctx.scenes.top
    assert "reached 0" in overlay.lines[0] or "so lose" in overlay.lines[0], overlay.lines
    click(app, button(overlay.row.buttons, "Watch replay").rect.center)
    viewer = app.ctx.scenes.top
    assert isinstance(viewer, ReplayScene) and viewer.record.choices == tuple(scene.ctl.choices)
    key(app, pygame.K_ESCAPE)
    assert app.ctx.scenes.top is overlay


def test_replays_list_and_statistics_from_the_title(app):
    store = app.ctx.store
    record = finished_record(seed=12)
    seats = (rec.SeatInfo("person", None, "You"), rec.SeatInfo("computer", "hard", "Bot"))
    for i in range(3):
        store.save_replay(rec.GameRecord("1v1", "ai", record.seed, seats, record.choices,
                                         cards=record.cards, date=f"2026-01-0{i + 1}T10:00:00Z",
                                         result=record.result))
    app.ctx.scenes.replace(TitleScene(app.ctx))
    app.step()
    click(app, button(app.ctx.scenes.top.row.buttons, "Replays").rect.center)
    listing = app.ctx.scenes.top
    assert isinstance(listing, ReplaysScene)
    assert listing.loading.wait(30)  # read in the background
    assert len(listing.entries) == 3
    assert listing.entries[0].record.date.startswith("2026-01-03")
    key(app, pygame.K_DOWN)
    key(app, pygame.K_RETURN)
    assert isinstance(app.ctx.scenes.top, ReplayScene)
    key(app, pygame.K_ESCAPE)
    click(app, button(listing.row.buttons, "Statistics").rect.center)
    stats = app.ctx.scenes.top
    assert isinstance(stats, StatsScene)
    assert stats.loading.wait(30)
    app.step()
    hard = stats.stats.levels["hard"]
    assert hard.games == 3 and hard.wins == (3 if record.result.winner == 0 else 0)
    assert sum(c.played for c in stats.stats.cards.values()) == \
        3 * sum(1 for c in record.choices if c.verb == "play")
    app.step()
    key(app, pygame.K_ESCAPE)
    assert app.ctx.scenes.top is listing


def test_replay_flag_with_a_bad_file_is_a_banner(tmp_path, monkeypatch):
    monkeypatch.setenv("MINDBUG_DATA_DIR", str(tmp_path / "data"))
    bad = tmp_path / "bad.json"
    bad.write_text("not json", encoding="utf-8")
    a = App(parse_args(["--settings", str(tmp_path / "s.json"), "--replay", str(bad)]))
    try:
        top = a.ctx.scenes.top
        assert isinstance(top, TitleScene)
        assert top.message.startswith("Cannot open the replay: bad.json cannot be used: it is not valid JSON")
    finally:
        a.close(quit_pygame=False)




def test_kill_9_in_the_middle_then_resume_finishes_the_same_game(tmp_path):
    data = tmp_path / "data"
    # seed 22: a short game (10 decisions), as in tests/persist/test_saves.py
    whole = run_game(["--seed", "22", "--speed", "40", "--exit-after-game"], tmp_path / "other")
    expected = whole.communicate(timeout=120)[0].splitlines()[-1]
    assert expected.startswith("GAME OVER")
    proc = run_game(["--seed", "22", "--speed", "1"], data)
    saved = wait_for_save(data, 3)
    proc.kill()  # SIGKILL on POSIX, TerminateProcess on Windows (which has no SIGKILL)
    proc.wait(timeout=10)
    [autosave] = saves_in(data)
    saved = rec.loads(autosave.read_text())
    assert 3 <= len(saved.choices) and saved.result is None
    resumed = run_game(["--resume", "--speed", "40", "--exit-after-game"], data)
    out, err = resumed.communicate(timeout=120)
    assert resumed.returncode == 0, err[-2000:]
    assert out.splitlines()[-1] == expected
    assert not autosave.exists() and len(list((data / "replays").iterdir())) == 1






def test_resume_without_a_save_is_one_line_and_exit_1(tmp_path):
    proc = run_game(["--resume", "--exit-after-game"], tmp_path)
    out, err = proc.communicate(timeout=60)
    assert proc.returncode == 1
    assert err.strip() == "There is no saved game to continue."


def test_the_leave_question_does_not_claim_a_failed_save(app):
    scene = start_match(app)
    # a folder where this game's save should go: every write fails
    app.ctx.store.saves.path(scene.ctl.game_id).mkdir(parents=True)
    play_until(app, scene, 3)
    app.ctx.writer.flush()
    close_window(app)
    prompt = app.ctx.scenes.top
    assert isinstance(prompt, LeavePrompt)
    assert prompt.lines[0].startswith("Could not save") and "loses" in prompt.lines[0]


def test_a_failed_save_is_said_on_the_table_at_once(app, monkeypatch):
    """Not only when leaving: while saving fails, a red box at the top of the log says so, and
    the log makes room for it; it goes once a save works again."""

    drawn = record_texts(monkeypatch)
    scene = start_match(app)
    # a folder where this game's save should go: every write fails
    app.ctx.store.saves.path(scene.ctl.game_id).mkdir(parents=True)
    play_until(app, scene, 3)
    app.ctx.writer.flush()
    drawn.clear()
    scene.dirty = True
    app.step()
    assert any(t.startswith("Could not save") for t in drawn), drawn
    assert scene.log_view.reserve > 0
    app.ctx.writer.last_error = None  # the next save worked
    drawn.clear()
    scene.dirty = True
    app.step()
    assert not any("Could not save" in t or "loses the last moves" in t for t in drawn)
    assert scene.log_view.reserve == 0


def test_one_seats_view_does_not_preview_another_seats_next_move(app):
    """In a seat's view the prompt never names a move before that player could have seen it."""
    record = finished_record(seed=6)
    viewer = ReplayScene(app.ctx, record)
    app.ctx.scenes.replace(viewer)
    viewer.view_seat = 0
    for k, choice in enumerate(record.choices):
        viewer.k, viewer.e = k, 0
        text = viewer.prompt()[0]
        label = choice.label or choice.verb
        # the move as the table words it ("Let it go", "Play Bee Bear"; issue 28)
        card = viewer.table.card_name(choice.card) if choice.card is not None else ""
        seat = viewer.table.name(choice.seat) if choice.seat is not None else ""
        words = texts.move_words(choice.verb, choice.label, card, seat)
        if choice.by != 0:
            assert label not in text and words not in text and text.endswith("decides"), text
        else:
            assert words in text, text
