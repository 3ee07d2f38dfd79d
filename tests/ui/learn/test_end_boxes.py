"""The boxes at the end of a lesson or a puzzle (issue 42, findings 7 and 20): the words and the
buttons are there on the first frame (the fail box was an empty frame for seconds), the band
behind the title stays inside the box, the table's fading banner is gone when the box comes,
and a box's title keeps clear of its edges ("Concede the game?")."""

from __future__ import annotations

import pygame
import pytest

from game.ui.kit import celebration, fonts, menu_overlay, widgets
from game.ui.kit.celebration import CelebrationOverlay
from game.ui.kit.menu_overlay import TITLE_MARGIN, MenuOverlay

pytestmark = pytest.mark.window(first_frame=True)


def _drawn_texts(monkeypatch) -> list[str]:
    said: list[str] = []
    real = widgets.text

    def spy(surface, s, *a, **kw):
        said.append(s)
        return real(surface, s, *a, **kw)

    monkeypatch.setattr(widgets, "text", spy)
    return said


@pytest.mark.parametrize("mood", ["loss", "done"])
def test_the_words_and_buttons_are_there_on_the_first_frame(app, monkeypatch, mood):
    lines = ["Goal: Win this turn", "Your turn ended and the opponent is still in the game."]
    box = CelebrationOverlay(app.ctx, "Not this time", [("Retry", lambda: None), ("Back", lambda: None)],
                             lines, mood=mood)
    said = _drawn_texts(monkeypatch)
    pressed: list[str] = []
    monkeypatch.setattr(widgets.Button, "draw", lambda self, *a, **kw: pressed.append(self.text))
    assert box.t == 0 and not box.arrived
    box.draw(app.screen)  # the first frame
    assert "Not this time" in said
    assert all(line in said for line in box.shown)
    assert pressed == ["Retry", "Back"]


def test_the_band_behind_the_title_stays_inside_the_box(app):
    box = CelebrationOverlay(app.ctx, "Lesson complete", [("Next lesson", lambda: None)], ["Well done."],
                             mood="done")
    surface = pygame.Surface((1280, 720))
    for t in (0.0, box.length / 2, box.length * 3):
        box.t = t
        band = box._ribbon(surface, min(1.0, t / box.length))
        assert box.box.contains(band), (band, box.box)


def test_a_fading_banner_on_the_table_is_gone_when_the_puzzle_box_comes(app):
    from game.learn.puzzles import list_puzzles
    from game.ui.learn import progress
    from game.ui.learn.puzzle_match import PuzzleMatch

    scene = PuzzleMatch(app.ctx, list_puzzles(), 0, progress.load(), level="easy")
    app.ctx.scenes.replace(scene)
    app.step()
    scene.table.show_banner("Computer's turn", (255, 255, 255), seconds=30)
    scene.decided, scene.solved = True, False
    for _ in range(50):
        app.step()
        if scene.result_shown:
            break
    assert scene.result_shown
    assert not [f for f in scene.table.floaters if f.get("banner")]


def test_a_title_keeps_clear_of_the_box_edges(app):
    box = MenuOverlay(app.ctx, "Concede the game?", [("Concede", lambda: None), ("Keep playing (Esc)", lambda: None)],
                      ["This game counts as a loss."])
    for line in box.title_lines:
        assert fonts.text_width(line, box.title_size, True) + 2 * TITLE_MARGIN <= box.box.w


def test_the_modules_are_the_ones_drawn():
    # the spies above replace what these modules call
    assert celebration.widgets is widgets and menu_overlay.widgets is widgets
