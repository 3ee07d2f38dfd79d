"""Puzzles in the window: every puzzle solved through the real scene by a scripted player who
enters the file's solution with synthetic mouse events; a wrong move ends unsolved; what is
solved is remembered (also past a damaged file); the title's entries and first-start offer."""

from __future__ import annotations

import json

import pygame  # noqa: E402
import pytest  # noqa: E402

from game.ui.kit.menu_overlay import MenuOverlay  # noqa: E402
from game.ui.learn import progress as progress_mod  # noqa: E402
from game.ui.learn.lesson_match import LessonMatch  # noqa: E402
from game.ui.learn.lists import PuzzlesScene, TutorialScene  # noqa: E402
from game.ui.learn.puzzle_match import PuzzleMatch  # noqa: E402
from game.ui.screens.title import TitleScene  # noqa: E402
from tests.support.puzzles import (  # noqa: F401
    CARD_VERBS,  # noqa: F401
    PUZZLES,
    button,
    click,
    enter,
    key,
    person_moves,
    play,
    settle,
)
from tests.support.text_spy import record_texts  # noqa: E402

pytestmark = pytest.mark.window('--speed', '5', first_frame=True)



@pytest.mark.parametrize("index", range(len(PUZZLES)), ids=[p.key for p in PUZZLES])
def test_each_puzzle_is_solved_through_the_scene(app, index):
    store = app.ctx.store
    store.autosave_path.parent.mkdir(parents=True, exist_ok=True)
    store.autosave_path.write_text("the player's real game", encoding="utf-8")
    progress = progress_mod.load()
    scene = PuzzleMatch(app.ctx, PUZZLES, index, progress, level="easy")
    app.ctx.scenes.push(scene)
    overlay = play(app, scene, person_moves(PUZZLES[index]))
    assert overlay.title == "Solved!"
    assert scene.solved is True and scene.script.on_line
    assert progress_mod.load().solved == {PUZZLES[index].key}
    assert not scene.ctl.recordable  # never the autosave, never a replay or a statistic
    app.ctx.writer.close()  # anything queued reaches the disk first
    assert store.autosave_path.read_text(encoding="utf-8") == "the player's real game"
    assert store.replay_files() == []


def test_a_wrong_move_ends_not_solved_with_retry_and_hint(app):
    index = next(i for i, p in enumerate(PUZZLES) if p.key == "01-shark-dog-clears-the-way")
    scene = PuzzleMatch(app.ctx, PUZZLES, index, progress_mod.load(), level="easy")
    app.ctx.scenes.push(scene)
    overlay = play(app, scene, ["attack Gorillion"])  # the Luchataur simply blocks it
    assert overlay.title == "Not this time" and scene.solved is False
    assert not scene.script.on_line  # the computer answered by itself after the wrong move
    assert progress_mod.load().solved == set()
    click(app, button(overlay, "Hint").rect.center)
    again = app.ctx.scenes.top
    assert isinstance(again, MenuOverlay)
    assert any("Attack effect" in line for line in again.lines)
    click(app, button(again, "Retry").rect.center)
    retry = app.ctx.scenes.top
    assert isinstance(retry, PuzzleMatch) and retry is not scene and retry.index == index
    assert play(app, retry, person_moves(PUZZLES[index])).title == "Solved!"


def test_the_list_shows_ticks_and_opens_a_puzzle_by_keyboard(app):
    progress_mod.Progress(solved={PUZZLES[0].key}, path=progress_mod.default_path()).save()
    scene = PuzzlesScene(app.ctx)
    app.ctx.scenes.push(scene)
    app.step()
    assert scene.done(PUZZLES[0]) and not scene.done(PUZZLES[1])
    assert scene.row.focus == 1  # the first unsolved one
    texts = [t for t, _x, _c in scene.columns(0, PUZZLES[0])]
    assert texts[1:] == [PUZZLES[0].title, "Win this turn", "easy"]
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="",
                                         scancode=0))
    app.step()
    assert isinstance(app.ctx.scenes.top, PuzzleMatch) and app.ctx.scenes.top.index == 1


def test_solved_puzzles_survive_a_restart_and_a_corrupt_file_is_set_aside(app, tmp_path):
    path = progress_mod.default_path()
    assert progress_mod.load().mark_solved("05-poison-wall") is None
    assert json.loads(path.read_text())["solved"] == ["05-poison-wall"]
    assert progress_mod.load().solved == {"05-poison-wall"}  # a new run reads it back
    path.write_text('{"solved": ["05-poison-wall", 7]', encoding="utf-8")  # cut off mid-write
    broken = progress_mod.load()
    assert broken.solved == set() and broken.message and "set aside" in broken.message
    assert not path.exists() and list(path.parent.glob("learn.corrupt-*.json"))
    path.write_bytes(b"\xff\xfe\x00garbage")  # damaged again: the list opens and says so
    scene = PuzzlesScene(app.ctx)
    app.ctx.scenes.push(scene)
    app.step()
    assert scene.message and "could not be read" in scene.message
    assert len(scene.entries) == len(PUZZLES) and not any(scene.done(p) for p in PUZZLES)
    scene.progress.mark_solved(PUZZLES[0].key)  # and saving works again afterwards
    assert progress_mod.load().solved == {PUZZLES[0].key}
    path.write_text('{"solved": ["../../etc/passwd"]}', encoding="utf-8")  # not a puzzle name
    assert progress_mod.load().solved == set()


def test_progress_write_failure_is_a_message(tmp_path):
    folder = tmp_path / "not-a-folder"
    folder.write_text("x")
    progress = progress_mod.Progress(path=folder / "learn.json")
    message = progress.mark_solved("01-shark-dog-clears-the-way")
    assert message and message.startswith("Could not save your progress")


def test_title_has_the_entries_and_the_first_start_offer_is_made_once(app):
    title = app.ctx.scenes.top
    assert isinstance(title, TitleScene) and title.offer
    texts = [b.text for b in title.row.buttons]
    assert {"Tutorial", "Puzzles", "Take the tutorial", "Not now"} <= set(texts)
    assert texts.index("How to Play") == 3  # the old keyboard paths are unchanged
    assert progress_mod.load().offered  # asked once: a second title does not ask again
    second = TitleScene(app.ctx)
    assert not second.offer and "Take the tutorial" not in [b.text for b in second.row.buttons]
    click(app, button(title, "Not now").rect.center)
    assert not title.offer and "Not now" not in [b.text for b in title.row.buttons]
    assert app.ctx.scenes.top is title


def test_taking_the_offer_starts_the_first_lesson(app):
    title = app.ctx.scenes.top
    click(app, button(title, "Take the tutorial").rect.center)
    top = app.ctx.scenes.top
    assert isinstance(top, LessonMatch) and top.index == 0
    assert isinstance(app.ctx.scenes.stack[-2], TutorialScene)
    click(app, (5, 5))
    title_again = TitleScene(app.ctx)
    assert not title_again.offer


def test_title_entries_open_the_lists(app):
    title = app.ctx.scenes.top
    click(app, button(title, "Puzzles").rect.center)
    assert isinstance(app.ctx.scenes.top, PuzzlesScene)
    assert len(app.ctx.scenes.top.entries) == len(PUZZLES) >= 15
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="",
                                         scancode=0))
    app.step()
    click(app, button(title, "Tutorial").rect.center)
    assert isinstance(app.ctx.scenes.top, TutorialScene)


def test_the_banner_tells_the_opponents_hand_count_it_covers(app, monkeypatch):
    """The banner sits over the opponent's hand strip, so it repeats the count shown there."""

    drawn = record_texts(monkeypatch)
    index = next(i for i, p in enumerate(PUZZLES) if p.key == "01-shark-dog-clears-the-way")
    scene = PuzzleMatch(app.ctx, PUZZLES, index, progress_mod.load(), level="easy")
    app.ctx.scenes.push(scene)
    settle(app, scene)
    drawn.clear()
    scene.dirty = True
    app.step()
    assert "Opponent: 1 card in hand" in drawn  # the file gives them a Spider Owl




def rows_in_view(scene) -> list[int]:
    """The rows drawn whole between the heading and the Back button (none under another)."""
    back = scene.row.buttons[-1].rect
    shown = [i for i, b in enumerate(scene.row.buttons[:-1]) if b.rect.w and b.rect.h]
    for i in shown:
        r = scene.row.buttons[i].rect
        assert r.top >= scene.top and r.bottom <= back.top and r.right <= 1280, (i, r, back)
    return shown


def test_in_the_smallest_window_the_puzzle_list_scrolls_to_every_row(app, monkeypatch):
    """960x540 (issue 12, item 6): the rows' text is legible, so not all twenty rows fit; the
    arrows, Page Up/Down, Home/End and the wheel reach every row, the row with the focus is
    always whole in view, and a click on a row scrolled into view opens that puzzle."""
    from game.ui.core.context import AppContext
    from game.ui.kit.legible import legible

    monkeypatch.setattr(AppContext, "window_scale", property(lambda self: 0.75))
    scene = PuzzlesScene(app.ctx)
    app.ctx.scenes.push(scene)
    app.step()
    n = len(PUZZLES)
    assert scene.text_size() >= legible(16, 0.75) and scene.pitch()[0] > scene.row_h
    assert 0 < len(rows_in_view(scene)) < n and scene.scroll_bar() is not None
    seen = set()
    for i in range(1, n):  # Down, row by row
        key(app, pygame.K_DOWN)
        assert scene.row.focus == i and i in rows_in_view(scene)
        seen |= set(rows_in_view(scene))
    assert seen == set(range(n))
    key(app, pygame.K_HOME)
    assert scene.row.focus == 0 and 0 in rows_in_view(scene)
    key(app, pygame.K_END)
    assert scene.row.focus == n - 1 and n - 1 in rows_in_view(scene)
    pages = []
    for _ in range(4):
        key(app, pygame.K_PAGEUP)
        pages.append(scene.row.focus)
        assert scene.row.focus in rows_in_view(scene)
    assert pages[-1] == 0 and len(set(pages)) >= 2
    while scene.row.focus != n - 1:
        key(app, pygame.K_PAGEDOWN)
        assert scene.row.focus in rows_in_view(scene)
    key(app, pygame.K_HOME)
    seen = set(rows_in_view(scene))
    for _ in range(n):  # the wheel scrolls the view; the focus stays on a row in view
        pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1, flipped=False))
        app.step()
        seen |= set(rows_in_view(scene))
        assert scene.row.focus in rows_in_view(scene)
    assert seen == set(range(n))
    click(app, scene.row.buttons[n - 1].rect.center)
    assert isinstance(app.ctx.scenes.top, PuzzleMatch) and app.ctx.scenes.top.index == n - 1


def test_in_a_full_size_window_every_row_stays_in_view(app):
    """1280x720: the lists look as before, every row at once at its old height, no scrolling."""
    for scene in (PuzzlesScene(app.ctx), TutorialScene(app.ctx)):
        app.ctx.scenes.push(scene)
        app.step()
        assert rows_in_view(scene) == list(range(len(scene.entries)))
        assert scene.row.buttons[0].rect.h == scene.row_h and scene.scroll_bar() is None
        key(app, pygame.K_END)
        assert rows_in_view(scene) == list(range(len(scene.entries)))
        app.ctx.scenes.pop()
