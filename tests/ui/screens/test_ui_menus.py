"""Menus driven with real pygame events: title -> new game -> match, settings saved, names typed."""

from __future__ import annotations

import json

import pygame  # noqa: E402
import pytest  # noqa: E402

from game.ui.match.scene import MatchScene  # noqa: E402
from game.ui.screens.howto import HowToPlayScene  # noqa: E402
from game.ui.screens.new_game import NewGameScene  # noqa: E402
from game.ui.screens.settings import SettingsScene  # noqa: E402
from game.ui.screens.title import TitleScene  # noqa: E402
from tests.support.menu_events import button, click, key

pytestmark = pytest.mark.window(first_frame=True, keep_ai_pause=True)










def test_title_to_a_match_against_the_computer(app):
    title = app.ctx.scenes.top
    assert isinstance(title, TitleScene)
    click(app, button(title, "Play vs Computer").rect.center)
    new_game = app.ctx.scenes.top
    assert isinstance(new_game, NewGameScene)
    click(app, button(new_game, "Hard").rect.center)
    click(app, button(new_game, "Start Game").rect.center)
    match = app.ctx.scenes.top
    assert isinstance(match, MatchScene)
    assert match.config.mode == "ai" and match.config.ai_level == "hard"
    saved = json.loads(app.ctx.settings_path.read_text())
    assert saved["ai_level"] == "hard"


def test_keyboard_reaches_how_to_play_and_back(app):
    for _ in range(4):  # Play vs Computer, Two Players, Team Game, How to Play
        key(app, pygame.K_TAB)
    key(app, pygame.K_RETURN)
    howto = app.ctx.scenes.top
    assert isinstance(howto, HowToPlayScene)
    key(app, pygame.K_DOWN)
    assert howto.page == 1
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.ctx.scenes.top, TitleScene)


def test_settings_are_saved(app):
    click(app, button(app.ctx.scenes.top, "Settings").rect.center)
    settings = app.ctx.scenes.top
    assert isinstance(settings, SettingsScene)
    click(app, settings.row.buttons[0].rect.center)  # animation speed 1x -> 1.5x
    click(app, button(settings, "Sound").rect.center)  # its page (tab)
    assert settings.rows[0].label == "Sound"
    click(app, settings.row.buttons[0].rect.center)  # sound off
    click(app, button(settings, "Done").rect.center)
    assert isinstance(app.ctx.scenes.top, TitleScene)
    saved = json.loads(app.ctx.settings_path.read_text())
    assert saved["anim_speed"] == 1.5 and saved["sound"] is False


def test_hot_seat_names_are_typed(app):
    click(app, button(app.ctx.scenes.top, "Two Players (Hot Seat)").rect.center)
    scene = app.ctx.scenes.top
    click(app, scene.name_rects[0].center)
    for _ in range(len(scene.names[0])):
        key(app, pygame.K_BACKSPACE)
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text="Ann"))
    app.step()
    key(app, pygame.K_RETURN)
    click(app, button(scene, "Start Game").rect.center)
    match = app.ctx.scenes.top
    assert isinstance(match, MatchScene) or match.__class__.__name__ == "CurtainScene"
    assert app.ctx.settings.player_names[0] == "Ann"


def test_typing_into_a_name_field_replaces_the_default_name(app):
    click(app, button(app.ctx.scenes.top, "Two Players (Hot Seat)").rect.center)
    scene = app.ctx.scenes.top
    click(app, scene.name_rects[1].center)
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text="Bo"))
    app.step()
    assert scene.names[1] == "Bo"
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text="b"))
    app.step()
    assert scene.names[1] == "Bob"


def test_volume_slider_sets_and_saves_the_volume(app):
    from game.ui.kit.widgets import VolumeSlider

    click(app, button(app.ctx.scenes.top, "Settings").rect.center)
    settings = app.ctx.scenes.top
    click(app, button(settings, "Sound").rect.center)  # its page (tab)
    slider = next(b for b in settings.row.buttons if isinstance(b, VolumeSlider))
    track = slider.track()
    click(app, (track.x + track.w * 3 // 4, track.centery))
    assert app.ctx.settings.volume == pytest.approx(0.75)
    while settings.row.buttons[settings.row.focus if settings.row.focus >= 0 else 0] is not slider:
        key(app, pygame.K_TAB)
    key(app, pygame.K_LEFT)
    assert app.ctx.settings.volume == pytest.approx(0.70)
    click(app, button(settings, "Done").rect.center)
    saved = json.loads(app.ctx.settings_path.read_text())
    assert saved["volume"] == pytest.approx(0.70)
