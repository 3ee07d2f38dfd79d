"""Nothing stuck (issue 22): a result box left over the list after Retry or Play it again,
Enter on a result box without Tab first, and ``--replay FILE --exit-after-game`` that never
ended. Driven through the real scenes, as a player would."""

from __future__ import annotations

import sys  # noqa: E402
from pathlib import Path  # noqa: E402

import pygame  # noqa: E402
import pytest  # noqa: E402

sys.path.insert(0, str(Path(__file__).resolve().parents[3]))
from game.app import App, parse_args  # noqa: E402
from game.learn.tutorial import list_lessons  # noqa: E402
from game.persist.record import dumps  # noqa: E402
from game.ui.kit.menu_overlay import MenuOverlay  # noqa: E402
from game.ui.learn import progress as progress_mod  # noqa: E402
from game.ui.learn.lesson_match import LessonMatch  # noqa: E402
from game.ui.learn.lists import PuzzlesScene, TutorialScene  # noqa: E402
from game.ui.learn.puzzle_match import PuzzleMatch  # noqa: E402
from tests.support.lessons import play_through  # noqa: E402
from tests.support.puzzles import PUZZLES, button, click, key, person_moves, play  # noqa: E402

pytestmark = pytest.mark.window('--speed', '5', first_frame=True)


def leave_by_pause_menu(app: App, text: str) -> None:
    key(app, pygame.K_ESCAPE)
    menu = app.ctx.scenes.top
    assert isinstance(menu, MenuOverlay) and menu.title == "Paused"
    click(app, button(menu, text).rect.center)


def test_retry_on_a_failed_puzzle_then_leaving_returns_to_a_list_that_answers(app):
    listing = PuzzlesScene(app.ctx)
    app.ctx.scenes.push(listing)
    index = next(i for i, p in enumerate(PUZZLES) if p.key == "01-shark-dog-clears-the-way")
    scene = PuzzleMatch(app.ctx, PUZZLES, index, progress_mod.load(), level="easy")
    app.ctx.scenes.push(scene)
    overlay = play(app, scene, ["attack Gorillion"])
    assert overlay.title == "Not this time"
    click(app, button(overlay, "Retry").rect.center)
    retry = app.ctx.scenes.top
    assert isinstance(retry, PuzzleMatch) and retry is not scene
    assert overlay not in app.ctx.scenes.stack  # the old box went with the old attempt
    app.step()
    leave_by_pause_menu(app, "Leave the puzzle")
    assert app.ctx.scenes.top is listing
    assert not any(isinstance(s, (MenuOverlay, PuzzleMatch)) for s in app.ctx.scenes.stack)
    key(app, pygame.K_ESCAPE)  # and the list takes keys again
    assert listing not in app.ctx.scenes.stack


def test_a_solved_puzzle_retried_then_its_result_box_leads_back_to_the_list(app):
    listing = PuzzlesScene(app.ctx)
    app.ctx.scenes.push(listing)
    scene = PuzzleMatch(app.ctx, PUZZLES, 0, progress_mod.load(), level="easy")
    app.ctx.scenes.push(scene)
    click(app, button(play(app, scene, person_moves(PUZZLES[0])), "Retry").rect.center)
    retry = app.ctx.scenes.top
    overlay = play(app, retry, person_moves(PUZZLES[0]))
    click(app, button(overlay, "Back to the puzzles").rect.center)
    assert app.ctx.scenes.stack[-1] is listing
    assert not any(isinstance(s, (MenuOverlay, PuzzleMatch)) for s in app.ctx.scenes.stack)


def test_play_a_lesson_again_then_leaving_returns_to_the_list(app):
    lessons = list_lessons()
    tutorial = TutorialScene(app.ctx)
    app.ctx.scenes.push(tutorial)
    lesson = LessonMatch(app.ctx, lessons, 0, progress_mod.load())
    app.ctx.scenes.push(lesson)
    overlay = play_through(app, lesson)
    click(app, button(overlay, "Play it again").rect.center)
    again = app.ctx.scenes.top
    assert isinstance(again, LessonMatch) and again is not lesson
    assert overlay not in app.ctx.scenes.stack
    app.step()
    leave_by_pause_menu(app, "Leave the lesson")
    assert app.ctx.scenes.top is tutorial
    assert not any(isinstance(s, (MenuOverlay, LessonMatch)) for s in app.ctx.scenes.stack)


def test_start_again_from_the_pause_menu_leaves_no_menu_behind(app):
    tutorial = TutorialScene(app.ctx)
    app.ctx.scenes.push(tutorial)
    lesson = LessonMatch(app.ctx, list_lessons(), 0, progress_mod.load())
    app.ctx.scenes.push(lesson)
    app.step()
    leave_by_pause_menu(app, "Start again")
    again = app.ctx.scenes.top
    assert isinstance(again, LessonMatch) and again is not lesson
    assert app.ctx.scenes.stack[-2:] == [tutorial, again]


def test_enter_on_lesson_complete_presses_the_gold_button_without_tab(app):
    lessons = list_lessons()
    tutorial = TutorialScene(app.ctx)
    app.ctx.scenes.push(tutorial)
    lesson = LessonMatch(app.ctx, lessons, 0, progress_mod.load())
    app.ctx.scenes.push(lesson)
    overlay = play_through(app, lesson)
    assert overlay.title == "Lesson complete" and overlay.row.focus < 0
    assert overlay.row.buttons[0].text == "Next lesson" and overlay.row.buttons[0].primary
    key(app, pygame.K_RETURN)
    top = app.ctx.scenes.top
    assert isinstance(top, LessonMatch) and top.index == 1
    assert app.ctx.scenes.stack[-2:] == [tutorial, top]


def test_enter_held_down_from_the_last_move_does_not_press_the_box(app):
    calls = []
    overlay = MenuOverlay(app.ctx, "Box", [("First", lambda: calls.append(1)), ("Second", lambda: None)])
    app.ctx.scenes.push(overlay)
    app.ctx.scenes.held.add(pygame.K_RETURN)  # down as the box appeared: what follows are repeats
    key(app, pygame.K_RETURN)
    assert calls == []
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=pygame.K_RETURN, mod=0, unicode="",
                                         scancode=0))
    key(app, pygame.K_RETURN)  # a fresh press
    assert calls == [1]


def test_replay_flag_with_exit_after_game_plays_the_game_and_quits(tmp_path, monkeypatch):
    from bench.fuzz_ui import simulate
    from tests.support.records import finished_record

    monkeypatch.setenv("MINDBUG_DATA_DIR", str(tmp_path / "data"))
    record = finished_record(seed=6)
    path = tmp_path / "game.json"
    path.write_text(dumps(record), encoding="utf-8")
    a = App(parse_args(["--settings", str(tmp_path / "s.json"), "--replay", str(path),
                        "--exit-after-game", "--speed", "40"]))
    simulate(a, 100.0)  # each frame is 0.1 s of game time; nothing waits for input
    try:
        for _ in range(3000):
            if not a.ctx.running:
                break
            a.step()
        assert not a.ctx.running and a.ctx.exit_code == 0
    finally:
        a.close(quit_pygame=False)
