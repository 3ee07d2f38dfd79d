"""The play keys can be rebound (issue 25, item 2): the key map setting is saved and validated
(a broken one is refused with a reason and loses no other setting), the Keys page works by
keyboard alone and refuses a key another action has, a rebound key works in a match and the
old one no longer does, and How to play names the keys as bound."""

from __future__ import annotations

import json

import pygame
import pytest

from game.common import keymap
from game.common import settings as settings_mod
from game.speech.sinks import RecordingSink
from game.ui.core.match_config import MatchConfig
from game.ui.core.speech_out import ScreenSpeech
from game.ui.match.scene import MatchScene
from game.ui.screens.howto import HowToPlayScene
from game.ui.screens.howto_text import PAGES
from game.ui.screens.settings import SettingsScene, keys_page

FRAME = 1 / 60


def tap(app, k: int, mod: int = 0) -> None:
    for down in (True, False):
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN if down else pygame.KEYUP, key=k, mod=mod,
                                             unicode="", scancode=0))
        app.step()


@pytest.mark.parametrize("keys, reason", [
    ({"hint": "F1"}, "a key is one letter or digit"),
    ({"hint": 7}, "a key is one letter or digit"),
    ({"hint": "d"}, "discard and hint the same key 'd'"),
    (["d", "v"], "must map actions to keys"),
])
def test_a_broken_key_map_is_refused_and_the_other_settings_load(tmp_path, keys, reason):
    path = tmp_path / "settings.json"
    path.write_text(json.dumps({"mindbug_settings": 1, "volume": 0.7, "hints": False, "keys": keys}),
                    encoding="utf-8")
    loaded, message = settings_mod.load(path)
    assert loaded.keys == keymap.DEFAULT_KEYS
    assert (loaded.volume, loaded.hints) == (0.7, False)  # nothing else lost
    assert message is not None and "keys" in message and reason in message, message


def test_a_rebinding_is_saved_and_read_back_and_a_partial_map_keeps_the_defaults(tmp_path):
    path = tmp_path / "settings.json"
    s = settings_mod.Settings()
    s.keys = {**keymap.defaults(), "hint": "x", "table": "7"}
    settings_mod.save(s, path)
    loaded, message = settings_mod.load(path)
    assert message is None and loaded.keys["hint"] == "x" and loaded.keys["table"] == "7"
    path.write_text(json.dumps({"mindbug_settings": 1, "keys": {"hint": "X"}}), encoding="utf-8")
    loaded, message = settings_mod.load(path)  # an older file without every action; upper case
    assert message is None and loaded.keys == {**keymap.DEFAULT_KEYS, "hint": "x"}


def _speaking(app) -> RecordingSink:
    voice = RecordingSink()
    app.ctx.speech = ScreenSpeech(True, None, app.ctx.settings, system=lambda language: voice)
    return voice


def test_the_keys_page_by_keyboard_alone(open_window, tmp_path):
    app = open_window(first_frame=True)
    voice = _speaking(app)
    app.ctx.nav.settings()
    app.step()
    settings = app.ctx.scenes.top
    assert isinstance(settings, SettingsScene)
    for _ in range(4):  # the pages: Game, Sound, Display, Voice, Keys
        tap(app, pygame.K_PAGEDOWN)
    assert settings.pages[settings.page] is keys_page.PAGE
    assert voice.lines[-1] == "Keys, page 5 of 6"
    actions = [a for a, _k in keymap.ACTIONS if a not in keys_page.SPEECH_ACTIONS]
    tap(app, pygame.K_TAB)  # from the page's tab round to its first row
    assert voice.lines[-1] == "Discard piles (Shift: the other players'): D"
    for _ in range(actions.index("hint")):
        tap(app, pygame.K_TAB)
    assert voice.lines[-1] == "Hint: H"
    hint_row = settings.row.focus
    tap(app, pygame.K_RETURN)  # rebind: the next key
    assert settings.binding == "hint" and voice.lines[-1] == "Press the new key for Hint (Esc keeps H)."
    assert settings.row.buttons[hint_row].text == "Press a key..."
    tap(app, pygame.K_F1)  # refused: not a letter or digit
    assert settings.binding == "hint" and app.ctx.settings.keys["hint"] == "h"
    assert voice.lines[-1].startswith("Only a letter or a digit can be a play key")
    tap(app, pygame.K_TAB)  # Tab too is the page's while a key is awaited: refused, focus stays
    assert settings.row.focus == hint_row and settings.binding == "hint"
    tap(app, pygame.K_d)  # refused: the discard key
    assert app.ctx.settings.keys["hint"] == "h"
    assert voice.lines[-1].startswith("D is already the key for Discard piles"), voice.lines[-1]
    assert settings.message == voice.lines[-1]  # shown as it is said
    tap(app, pygame.K_x)
    assert settings.binding is None and app.ctx.settings.keys["hint"] == "x"
    assert settings.row.buttons[hint_row].text == "X" and voice.lines[-1] == "Hint: X"
    tap(app, pygame.K_TAB)  # the next row, asked and then kept with Esc
    tap(app, pygame.K_RETURN)
    tap(app, pygame.K_ESCAPE)
    assert settings.binding is None and app.ctx.settings.keys == {**keymap.DEFAULT_KEYS, "hint": "x"}
    assert app.ctx.scenes.top is settings  # that Esc kept the key, it did not leave
    tap(app, pygame.K_ESCAPE)  # Done: saved
    assert app.ctx.scenes.top is not settings
    saved = json.loads((tmp_path / "settings.json").read_text(encoding="utf-8"))
    assert saved["keys"]["hint"] == "x"
    # Reset keys, by keyboard: the last row of the page
    app.ctx.nav.settings()
    app.step()
    settings = app.ctx.scenes.top
    for _ in range(4):
        tap(app, pygame.K_PAGEDOWN)
    tap(app, pygame.K_TAB)  # from the page's tab round to its first row
    for _ in range(len(actions)):
        tap(app, pygame.K_TAB)
    assert voice.lines[-1] == "Back to the default keys: Reset keys"
    tap(app, pygame.K_RETURN)
    assert app.ctx.settings.keys == keymap.DEFAULT_KEYS
    assert voice.lines[-1] == "The play keys are back to their defaults."


def _to_own_decision(app, scene: MatchScene, limit: int = 20_000) -> None:
    for _ in range(limit):
        d = scene.ctl.pending
        if app.ctx.scenes.top is scene and d is not None and scene.ctl.is_human(d.seat) \
                and scene.decision_serial == d.serial and not scene.table.moving:
            app.step()
            return
        app.step()
    raise AssertionError("no decision of the person came")


def test_a_rebound_key_works_in_a_match_and_the_old_one_no_longer_does(open_window):
    app = open_window("--speed", "20", first_frame=True)
    voice = _speaking(app)
    app.ctx.settings.keys = {**keymap.defaults(), "discard": "x", "table": "9", "hint": "d"}
    scene = MatchScene(app.ctx, MatchConfig(mode="ai", ai_level="medium", names=("You", "Computer"), seed=5))
    app.ctx.scenes.replace(scene)
    _to_own_decision(app, scene)
    before = len(voice.lines)
    tap(app, pygame.K_t)  # the old table key says nothing now
    assert not any("life" in line for line in voice.lines[before:]), voice.lines[before:]
    tap(app, pygame.K_9)
    assert "3 life" in voice.lines[-1], voice.lines[-1]
    tap(app, pygame.K_d)  # now the hint's key: no pile opens
    assert type(app.ctx.scenes.top).__name__ != "DiscardViewer"
    assert scene.hints.worker is not None or scene.hints.result is not None  # a hint was asked
    tap(app, pygame.K_x)
    assert type(app.ctx.scenes.top).__name__ == "DiscardViewer"
    tap(app, pygame.K_ESCAPE)
    assert scene.hints.button.text == "Hint (D)"


def test_how_to_play_names_the_keys_as_bound(open_window):
    app = open_window(first_frame=True)
    app.ctx.settings.keys = {**keymap.defaults(), "discard": "x", "repeat": "5", "browse": "b"}
    howto = HowToPlayScene(app.ctx)
    howto._go(next(i for i, (title, _s) in enumerate(PAGES) if title == "Controls"))
    text = ""
    for part in range(len(howto.parts())):  # a small window shows the page in parts
        howto.part = part
        text += " " + howto.spoken_focus()
    assert "X shows your discard pile, Shift+X" in text
    assert "5 repeats the last line" in text and "B puts a ring on a card" in text
    assert "D shows" not in text and "R repeats" not in text
