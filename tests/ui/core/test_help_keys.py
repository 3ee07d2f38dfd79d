"""F1 on every screen (issue 45, deliverable 4): each screen's controls, one list shown in a box
and said by speech (``ScreenWords.controls``), the match's with the play keys as bound now."""

from __future__ import annotations

import importlib
import pkgutil

import pygame
import pytest

import game.ui
from game.common import keymap
from game.ui.core import screen_words
from game.ui.core.match_config import MatchConfig
from game.ui.core.scene import Scene
from game.ui.kit.help_overlay import HelpOverlay
from game.ui.match.scene import MatchScene
from game.ui.screens.title import TitleScene
from tests.support.speech_keys import open_speaking_window, own_decision, start, tap

VS_EASY = MatchConfig(mode="ai", ai_level="easy", names=("You", "Computer (Easy)"), seed=31)


def every_scene_class() -> list[type]:
    for module in pkgutil.walk_packages(game.ui.__path__, "game.ui."):
        importlib.import_module(module.name)
    found: list[type] = []
    todo = [Scene]
    while todo:
        for sub in todo.pop().__subclasses__():
            if sub not in found and sub.__module__.startswith("game."):
                found.append(sub)
                todo.append(sub)
    return found


@pytest.mark.quick
def test_every_screen_has_a_list_of_controls():
    scenes = every_scene_class()
    assert len(scenes) >= 30 and MatchScene in scenes and HelpOverlay in scenes
    missing = [f"{cls.__module__}.{cls.__name__}" for cls in scenes
               if len(screen_words.controls_of(cls, keymap.DEFAULT_KEYS)) <= len(screen_words.EVERYWHERE)]
    assert not missing, missing
    assert screen_words.controls_of(object(), keymap.DEFAULT_KEYS) == []  # the check can fail


def test_f1_shows_and_says_the_title_screens_controls_and_closes_again(open_window):
    app, sink = open_speaking_window(open_window)
    title = app.ctx.scenes.top
    assert isinstance(title, TitleScene)
    tap(app, pygame.K_F1)
    box = app.ctx.scenes.top
    assert isinstance(box, HelpOverlay)
    app.step()
    shown = box.lines
    assert shown == screen_words.controls_of(title, app.ctx.settings.keys)
    assert "Esc: quit the game." in shown and shown[-1].startswith("F11: full screen")
    heard = " ".join(sink.lines[-3:])
    assert all(line in heard for line in shown), heard  # every line shown is said
    app.ctx.scenes.top.draw(pygame.Surface((1280, 720)))
    assert box.box.top >= 0 and box.box.bottom <= 720
    tap(app, pygame.K_F1)
    assert app.ctx.scenes.top is title


def test_f1_on_the_table_names_the_play_keys_as_bound(open_window):
    app, sink = open_speaking_window(open_window)
    app.ctx.settings.keys = keymap.checked({**keymap.DEFAULT_KEYS, "creatures": "x"})
    scene = start(app, sink, VS_EASY)
    assert own_decision(app, scene)
    tap(app, pygame.K_F1)
    box = app.ctx.scenes.top
    assert isinstance(box, HelpOverlay) and box.title == "Controls"
    app.step()
    assert any(line.startswith("X: your creatures.") for line in box.lines), box.lines
    assert any("X: your creatures." in line for line in sink.lines[-3:])
    surface = pygame.Surface((1280, 720))
    box.draw(surface)
    assert box.box.top >= 0 and box.box.bottom <= 720, box.box  # the longest list fits
    assert box.row.buttons[0].rect.bottom <= 720
    tap(app, pygame.K_ESCAPE)
    assert app.ctx.scenes.top is scene
