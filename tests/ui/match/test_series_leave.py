"""A best of 3 is never dropped without a word (issue 42, finding 5): Main menu between its
games asks first; Next game is the gold answer; leaving takes the player to the title."""

from __future__ import annotations

import pygame
import pytest

from game.ui.kit.menu_overlay import MenuOverlay
from game.ui.match.scene import MatchScene
from game.ui.screens.title import TitleScene
from tests.support.match_play import play_out
from tests.support.series_window import game_over_box, key, start_best_of

pytestmark = pytest.mark.window('--speed', '50', '--seed', '11', first_frame=True)



def _after_game_one(app):
    scene = start_best_of(app, 3)
    play_out(app, scene)
    return scene, game_over_box(app)


def test_main_menu_between_games_asks_before_the_match_is_dropped(app):
    scene, box = _after_game_one(app)
    next(b for b in box.row.buttons if b.text == "Main menu").action()
    app.step()
    ask = app.ctx.scenes.top
    assert isinstance(ask, MenuOverlay) and ask.title == "Leave the match?"
    assert any(line.startswith("Best of 3:") for line in ask.lines)
    assert [b.text for b in ask.row.buttons if b.primary] == ["Next game"]
    key(app, pygame.K_ESCAPE)
    assert app.ctx.scenes.top is box  # back to the game-over box
    next(b for b in box.row.buttons if b.text == "Main menu").action()
    app.step()
    key(app, pygame.K_RETURN)  # the gold answer plays on
    assert isinstance(app.ctx.scenes.top, MatchScene) and app.ctx.scenes.top.config.series is scene.config.series


def test_leaving_the_match_goes_to_the_title(app):
    _scene, box = _after_game_one(app)
    next(b for b in box.row.buttons if b.text == "Main menu").action()
    app.step()
    next(b for b in app.ctx.scenes.top.row.buttons if b.text == "Leave the match").action()
    app.step()
    assert isinstance(app.ctx.scenes.top, TitleScene)
