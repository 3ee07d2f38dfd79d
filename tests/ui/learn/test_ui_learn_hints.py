"""No in-game Hint in a lesson or a puzzle: a lesson's arrow already says what to do, and in a
puzzle Hard's move would give the solution away (the puzzle keeps its own Hint, offered after a
failed try: tests/ui/learn/test_ui_puzzles.py). Neither the "Hint (H)" button is drawn nor does H ask."""

from __future__ import annotations

import pygame  # noqa: E402
import pytest  # noqa: E402

from game.app import App, parse_args  # noqa: E402
from game.learn.puzzles import list_puzzles  # noqa: E402
from game.learn.tutorial import list_lessons  # noqa: E402
from game.ui.learn import progress as progress_mod  # noqa: E402
from game.ui.learn.lesson_match import LessonMatch  # noqa: E402
from game.ui.learn.puzzle_match import PuzzleMatch  # noqa: E402
from game.ui.match import hints as hint_view  # noqa: E402
from tests.support.text_spy import record_texts  # noqa: E402


@pytest.fixture
def app(tmp_path, monkeypatch):
    monkeypatch.setenv("MINDBUG_DATA_DIR", str(tmp_path / "data"))
    a = App(parse_args(["--settings", str(tmp_path / "settings.json"), "--speed", "5"]))
    a.ctx.settings.ai_pause = 0.0
    a.ctx.settings.hints = True  # hints switched on: still none here
    yield a
    a.close(quit_pygame=False)


def waiting(app: App, scene: object, limit: int = 3000) -> None:
    """Frames until the person at the table is asked (where a match would offer the Hint)."""
    for _ in range(limit):
        app.step()
        g = scene.ctl.game
        if (g.pending is not None and scene.ctl.is_human(g.pending.seat) and not scene.queue
                and scene.decision_serial == g.pending.serial and not scene.tweener.busy):
            return
    raise AssertionError("the person was never asked")


def no_hint_offered(app: App, scene: object, monkeypatch) -> None:
    drawn = record_texts(monkeypatch)
    scene.dirty = True
    app.step()
    assert "Hint (H)" not in drawn and "Menu (Esc)" in drawn
    assert hint_view.buttons(scene) == [] and not hint_view.allowed(scene)
    assert scene.menu_button.rect == hint_view.MENU_RECT  # the Menu keeps its whole place
    serial = scene.ctl.game.pending.serial
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_h, mod=0, unicode="h"))
    app.step()
    assert scene.hints.worker is None and scene.hints.result is None  # H asked nothing
    assert scene.ctl.game.pending.serial == serial and not scene.message  # nor refused a move


def test_a_lesson_offers_no_hint(app, monkeypatch):
    scene = LessonMatch(app.ctx, list_lessons(), 0, progress_mod.load())
    app.ctx.scenes.push(scene)
    waiting(app, scene)
    assert scene.arrow_target() is not None  # the lesson's own arrow says what to do
    no_hint_offered(app, scene, monkeypatch)


def test_a_puzzle_offers_no_hint_that_would_give_it_away(app, monkeypatch):
    scene = PuzzleMatch(app.ctx, list_puzzles(), 0, progress_mod.load())
    app.ctx.scenes.push(scene)
    waiting(app, scene)
    no_hint_offered(app, scene, monkeypatch)
