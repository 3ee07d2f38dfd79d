"""The settings screen in pages: every setting on one page, the tabs by mouse and keyboard,
speech hears the page, and a new page is only data."""

from __future__ import annotations

import pygame
import pytest

from game.common.i18n import N_
from game.speech.sinks import RecordingSink
from game.ui.core.speech_out import ScreenSpeech
from game.ui.screens.settings import SettingsScene
from game.ui.screens.settings.pages import PAGES
from game.ui.screens.settings.rows import Page, Row

pytestmark = pytest.mark.window(first_frame=True)


def key(app, k: int, mod: int = 0) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode="", scancode=0))
    app.step()


def click(app, pos) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
    app.step()


def test_every_setting_is_on_exactly_one_page_and_every_page_fits():
    labels = [r.label for page in PAGES for r in page.rows]
    assert len(labels) == len(set(labels))
    assert {"Animation speed", "Computer's minimum thinking pause", "Full screen (F11)", "Sound", "Volume",
            "Music", "Speech", "Speech volume", "Wait for me after each computer move",
            "Default computer level", "Hints against the computer", "Take backs (Undo, Ctrl+Z)",
            "Language"} <= set(labels)
    assert [p.title for p in PAGES] == ["Game", "Sound", "Display", "Voice", "Keys", "Speech keys"]
    assert all(len(p.rows) <= SettingsScene.MAX_ROWS for p in PAGES)


def test_the_tabs_switch_by_mouse_and_keyboard_and_speech_hears_the_page(app):
    voice = RecordingSink()
    app.ctx.speech = ScreenSpeech(True, None, app.ctx.settings, system=lambda language: voice)
    scene = SettingsScene(app.ctx)
    app.ctx.scenes.push(scene)
    app.step()
    tab = next(b for b in scene.row.buttons if b.text == "Display")
    click(app, tab.rect.center)
    assert scene.page == 2 and scene.rows[0].label == "Full screen (F11)"
    assert [b.text for b in scene.row.buttons][0] == "Off"
    key(app, pygame.K_TAB, pygame.KMOD_CTRL)  # the voice (issue 45), the play keys...
    key(app, pygame.K_TAB, pygame.KMOD_CTRL)
    assert scene.page == 4 and voice.lines[-1] == "Keys, page 5 of 6"
    key(app, pygame.K_TAB, pygame.KMOD_CTRL)  # the speech keys (issue 45)...
    assert scene.page == 5 and voice.lines[-1] == "Speech keys, page 6 of 6"
    key(app, pygame.K_TAB, pygame.KMOD_CTRL)  # ...and round to the first page, its tab focused
    assert scene.page == 0 and scene.row.buttons[scene.row.focus].text == "Game"
    assert voice.lines[-1] == "Game, page 1 of 6"
    key(app, pygame.K_PAGEDOWN)
    assert scene.page == 1 and voice.lines[-1] == "Sound, page 2 of 6"
    key(app, pygame.K_TAB, pygame.KMOD_CTRL | pygame.KMOD_SHIFT)
    assert scene.page == 0
    for _ in range(4):  # round backwards: Speech keys, Keys, Voice, Display
        key(app, pygame.K_PAGEUP)
    assert scene.page == 2
    key(app, pygame.K_UP)  # from the tab back to Done, then onto the page's last row
    assert voice.lines[-1] == "Done"
    key(app, pygame.K_UP)
    assert voice.lines[-1] == "Text size: 100%"
    key(app, pygame.K_DOWN)
    key(app, pygame.K_TAB)  # Done, then the shown page's tab (not the other pages' tabs)
    assert voice.lines[-1] == "Display, page 3 of 6"
    key(app, pygame.K_LEFT)  # a tab list: Left and Right show the pages beside
    assert scene.page == 1 and voice.lines[-1] == "Sound, page 2 of 6"
    key(app, pygame.K_DOWN)  # into the page: its first row
    assert voice.lines[-1] == "Sound: On"


def test_a_page_is_data_and_its_handler_hears_first(app):
    pressed = []
    heard = []

    def listen(host, event) -> bool:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_F5:
            heard.append(event.key)
            return True
        return False

    extra = Page(N_("Extra"), (Row(N_("Sound"), lambda h: "x", lambda h: pressed.append(h)),), handle=listen)
    scene = SettingsScene(app.ctx, (*PAGES, extra))
    app.ctx.scenes.push(scene)
    assert [b.text for b in scene.row.buttons if b.text == "Extra"] == ["Extra"]
    scene.show_page(len(PAGES))
    scene.row.buttons[0].action()
    assert pressed == [scene]
    key(app, pygame.K_F5)
    assert heard == [pygame.K_F5]
    key(app, pygame.K_F5)  # only while its page is shown
    scene.show_page(0)
    key(app, pygame.K_F5)
    assert heard == [pygame.K_F5, pygame.K_F5]
