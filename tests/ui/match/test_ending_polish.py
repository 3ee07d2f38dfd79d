"""Issue 42, the ending's polish: once the ending is up the prompt's "Game over." is gone from
the table under it; the winners' creatures never lie over the seats' panel at the left; the
pause between the last blow and the ending follows the animation speed and a click or a key
skips it, as every animation."""

from __future__ import annotations

import pygame
import pytest

from game.cards import load_cards
from game.ui.core.match_config import MatchConfig
from game.ui.kit import legible
from game.ui.match import scene as match_scene
from game.ui.match.ending import Ending, EndingScene
from game.ui.match.scene import MatchScene
from game.ui.records import moments_view
from game.ui.table import layout


@pytest.fixture
def app(tmp_path, monkeypatch, open_window):
    monkeypatch.setenv("MINDBUG_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setattr(moments_view, "ITERATIONS", 20)
    return open_window(first_frame=True)


def _over(app) -> MatchScene:
    """A game the computer's side gave up a few frames in: over, the ending not shown yet."""
    scene = MatchScene(app.ctx, MatchConfig(mode="ai", ai_level="random", names=("You", "Computer"), seed=3))
    app.ctx.scenes.replace(scene)
    for _ in range(5):
        app.step()
    scene.table.skip()
    scene.ctl.concede(1)
    assert scene.ctl.over and not scene.over_shown
    return scene


def test_the_pause_before_the_ending_follows_the_animation_speed(app):
    scene = _over(app)
    app.ctx.settings.anim_speed = 3.0  # three times as fast: the pause is a third
    scene._game_over(match_scene.OVER_PAUSE / 3 + 0.01)
    assert scene.over_shown


def test_a_click_skips_the_pause_before_the_ending(app):
    scene = _over(app)
    app.ctx.settings.anim_speed = 1.0
    scene._game_over(0.01)
    assert not scene.over_shown
    scene.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(640, 360), button=1))
    scene._game_over(0.0)
    assert scene.over_shown


def test_game_over_is_not_in_the_prompt_under_the_ending(app):
    scene = _over(app)
    scene._game_over(10.0)
    assert isinstance(app.ctx.scenes.top, EndingScene)
    assert scene.frame().prompt[0] == ""


@pytest.mark.parametrize("text_size", [100, 200])
@pytest.mark.parametrize("count", [1, 3, 8])
def test_the_winners_creatures_stay_right_of_the_seats_panel(app, request, text_size, count):
    legible.set_text_scale(text_size)
    request.addfinalizer(lambda: legible.set_text_scale(100))
    creatures = list(load_cards().defs)[:count]
    ending = Ending(titles=["You win!"], lines=["The opponent has no life left."],
                    table=[["", "You", "Computer"], ["Cards played", "5", "4"], ["Mindbugs used", "1", "2"]],
                    creatures=creatures, mood="win", color=(255, 200, 0))
    box = EndingScene(app.ctx, ending, [("Play again", lambda: None), ("Main menu", lambda: None)])
    box._fit()
    if not box.card_w:
        pytest.skip("no room for the creatures at this size")
    panel_right = layout.LEFT_PANEL[0] + layout.LEFT_PANEL[2]
    assert box.cards_left > panel_right, (box.cards_left, panel_right)
    last = box.cards_left + (count - 1) * box.card_step + box.card_w
    assert last < box.stats.left and box.stats.right <= 1280
