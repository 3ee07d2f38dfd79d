"""Settings, Keys: the play keys (game.common.keymap) rebound by keyboard or mouse.

Each action is a row with its key on a button: Enter (or a click) on it, then the new key.
Only a letter or a digit is taken; a key another action has is refused with a line saying
whose it is; Esc keeps the old key. "Reset keys" brings the defaults back; "Done" (or Esc)
saves, as Settings does. Esc, Tab, Enter, Space, the arrows, the log's keys, F11 and Ctrl+Z
are fixed and listed below the rows.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.common import keymap
from game.common.i18n import N_, _
from game.ui.core import play_keys
from game.ui.core.scene import Scene
from game.ui.kit import theme, widgets
from game.ui.kit.backdrop import draw_backdrop
from game.ui.kit.widgets import Button, ButtonRow

if TYPE_CHECKING:
    from game.ui.core.context import AppContext

PRESS = N_("Press a key...")
FIXED = N_("Fixed: Esc (back, menu), Tab and the arrows (move), Enter and Space (take), "
           "PageUp, PageDown, Home, End (the log), F11 (full screen), Ctrl+Z (take back).")


class KeysScene(Scene):
    ROW_TOP, ROW_STEP, ROW_H = 120, 48, 40
    speech_title = N_("Play keys")

    def __init__(self, ctx: AppContext) -> None:
        super().__init__(ctx)
        self.waiting: str | None = None  # the action whose new key is awaited
        self.message: str | None = None
        self.refused = False  # the message says why a key was refused (or saving failed)
        self.row = ButtonRow()
        self._build()

    @property
    def keys(self) -> dict[str, str]:
        return self.ctx.settings.keys

    def _build(self) -> None:
        buttons = []
        for i, (action, _default) in enumerate(keymap.ACTIONS):
            text = PRESS if action == self.waiting else play_keys.name_of(self.keys, action)
            buttons.append(Button(pygame.Rect(860, self.ROW_TOP + i * self.ROW_STEP, 160, self.ROW_H),
                                  text, lambda a=action: self._ask(a), primary=action == self.waiting))
        buttons.append(Button(pygame.Rect(260, 580, 300, 56), N_("Reset keys"), self._reset))
        buttons.append(Button(pygame.Rect(720, 580, 300, 56), N_("Done"), self._done, primary=True))
        focus = self.row.focus
        self.row = ButtonRow(buttons)
        if 0 <= focus < len(buttons):
            self.row.focus = focus
            buttons[focus].focused = True
        self.dirty = True

    def _ask(self, action: str) -> None:
        self.waiting, self.refused = action, False
        self.message = _("Press the new key for {action} (Esc keeps {key}).").format(
            action=play_keys.label(action), key=play_keys.name_of(self.keys, action))
        self._build()

    def _reset(self) -> None:
        self.ctx.settings.keys = keymap.defaults()
        self.waiting, self.refused = None, False
        self.message = _("The play keys are back to their defaults.")
        self._build()

    def _done(self) -> None:
        self.waiting = None
        self.message = self.ctx.save_settings()
        self.refused = self.message is not None
        if self.message is None:
            self.ctx.scenes.pop()
        else:
            self._build()

    def bind(self, action: str, key: int, mod: int = 0) -> bool:
        """Give ``action`` the pressed ``key``; False (with the line saying why) if refused."""
        name = None if mod & (pygame.KMOD_CTRL | pygame.KMOD_ALT | pygame.KMOD_META) else play_keys.key_name(key)
        self.refused = True
        if name is None:
            self.message = _("Only a letter or a digit can be a play key: press another (Esc keeps {key}).").format(
                key=play_keys.name_of(self.keys, action))
            return False
        other = keymap.holder(self.keys, name, but=action)
        if other is not None:
            self.message = _("{key} is already the key for {action}: press another, or change that "
                             "one first.").format(key=name.upper(), action=play_keys.label(other))
            return False
        keys = dict(self.keys)
        keys[action] = name
        self.ctx.settings.keys = keymap.checked(keys)  # the one rule, as the file is checked
        self.waiting, self.message, self.refused = None, None, False
        self._build()
        return True

    def spoken_focus(self) -> str | None:
        """Speech: while a key is awaited (or refused) the line shown; else the focused row,
        "Hint: H", or the focused button."""
        if self.waiting is not None and self.message:
            return self.message
        focus = self.row.focus
        if not 0 <= focus < len(self.row.buttons):
            return None
        if focus < len(keymap.ACTIONS):
            action = keymap.ACTIONS[focus][0]
            return _("{setting}: {value}").format(setting=play_keys.label(action),
                                                   value=play_keys.name_of(self.keys, action))
        return " ".join(p for p in (_(self.row.buttons[focus].text), self.message) if p)

    def handle(self, event: pygame.event.Event) -> bool:
        self.dirty = True
        if self.waiting is not None and event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self.waiting, self.message = None, None
                self._build()
            elif event.key not in (pygame.K_LSHIFT, pygame.K_RSHIFT, pygame.K_LCTRL, pygame.K_RCTRL,
                                   pygame.K_LALT, pygame.K_RALT, pygame.K_LMETA, pygame.K_RMETA):
                self.bind(self.waiting, event.key, event.mod)
            return True  # every key goes to the awaited binding
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self._done()
            return True
        return self.row.handle(event)

    def draw(self, surface: pygame.Surface) -> None:
        draw_backdrop(surface)
        widgets.text(surface, _("Play keys"), 46, (640, 64), theme.ACCENT, bold=True, anchor="center")
        for i, (action, _default) in enumerate(keymap.ACTIONS):
            widgets.text(surface, play_keys.label(action), 22,
                         (260, self.ROW_TOP + self.ROW_H // 2 + i * self.ROW_STEP), theme.TEXT, anchor="midleft")
        self.row.draw(surface, self.ctx.window_scale)
        widgets.paragraph(surface, _(FIXED), 17, pygame.Rect(260, 515, 760, 60), theme.TEXT_DIM)
        if self.message:
            color = theme.DANGER if self.refused else theme.ACCENT if self.waiting is not None else theme.TEXT
            widgets.text(surface, self.message, 18, (640, 660), color, anchor="center")
