"""The settings' "Keys" page: the play keys (game.common.keymap) rebound by keyboard or mouse.

Each action is a row with its key on the button: Enter (or a click) on it, then the new key.
Only a letter or a digit is taken; a key another action has is refused with a line saying
whose it is; Esc keeps the old key. Speech says each of those lines (the scene's focus words
are the line shown while a key is awaited). The last row brings the default keys back. The page's
``handle`` takes every key while one is awaited (``Host.binding``), so Tab, Esc or a letter
then never reach the rest of the screen. Esc, Tab, Enter, Space, the arrows, the log's keys,
F11 and Ctrl+Z stay fixed (the page's note says so). Saved with every setting (Done, Esc).
"""

from __future__ import annotations

import pygame

from game.common import keymap
from game.common.i18n import N_, _
from game.ui.core import play_keys
from game.ui.screens.settings.rows import Host, Page, Row

PRESS = N_("Press a key...")
FIXED = N_("Fixed: Esc, Tab, the arrows, Enter, Space, PageUp, PageDown, Home, End, F11, Ctrl+Z.")
MODIFIERS = frozenset((pygame.K_LSHIFT, pygame.K_RSHIFT, pygame.K_LCTRL, pygame.K_RCTRL, pygame.K_LALT,
                       pygame.K_RALT, pygame.K_LMETA, pygame.K_RMETA, pygame.K_CAPSLOCK, pygame.K_NUMLOCK))


def _say(host: Host, line: str) -> None:
    speech = host.ctx.speech
    if speech is not None:
        speech.say(line, interrupt=True)


def _value(action: str):
    def value(host: Host) -> str:
        return PRESS if host.binding == action else play_keys.name_of(host.ctx.settings.keys, action)

    return value


def _ask(action: str):
    def ask(host: Host) -> None:
        host.binding = action
        host.message = _("Press the new key for {action} (Esc keeps {key}).").format(
            action=play_keys.label(action), key=play_keys.name_of(host.ctx.settings.keys, action))

    return ask


def _reset(host: Host) -> None:
    host.ctx.settings.keys = keymap.defaults()
    host.binding = None
    host.message = _("The play keys are back to their defaults.")
    _say(host, host.message)  # the focused row reads as before: the speaker would not say it


def bind(host: Host, action: str, key: int, mod: int = 0) -> bool:
    """Give ``action`` the pressed ``key``; False (and the line says why) when refused."""
    keys = host.ctx.settings.keys
    name = None if mod & (pygame.KMOD_CTRL | pygame.KMOD_ALT | pygame.KMOD_META) else play_keys.key_name(key)
    if name is None:
        host.message = _("Only a letter or a digit can be a play key: press another (Esc keeps "
                         "{key}).").format(key=play_keys.name_of(keys, action))
        return False
    other = keymap.holder(keys, name, but=action)
    if other is not None:
        host.message = _("{key} is already the key for {action}: press another, or change that "
                         "one first.").format(key=name.upper(), action=play_keys.label(other))
        return False
    host.ctx.settings.keys = keymap.checked({**keys, action: name})  # the one rule, as a file's
    host.binding, host.message = None, None  # the focus speaker says the row anew: "Hint: X"
    return True


def handle(host: Host, event: pygame.event.Event) -> bool:
    """While a key is awaited every key is the page's: Esc keeps the old one."""
    action = host.binding
    if action is None or event.type != pygame.KEYDOWN or event.key in MODIFIERS:
        return action is not None and event.type in (pygame.KEYDOWN, pygame.KEYUP)
    if event.key == pygame.K_ESCAPE:
        host.binding, host.message = None, None
        return True
    bind(host, action, event.key, event.mod)
    return True


#: The actions of the second page, "Speech keys": the board by zones (issue 45); the first page
#: keeps the table's and the reading keys, each page a screen's rows at most.
SPEECH_ACTIONS = ("creatures", "others", "piles", "life", "slower", "faster", "detail_source",
                  "detail_level")


def _page(title: str, actions: tuple[str, ...], reset: str) -> Page:
    return Page(title, (
        *(Row(play_keys.LABELS[action], _value(action), _ask(action)) for action in actions),
        Row(reset, lambda h: N_("Reset keys"), _reset),  # every key, on either page
    ), handle=handle, note=FIXED)


PAGE = _page(N_("Keys"), tuple(a for a, _default in keymap.ACTIONS if a not in SPEECH_ACTIONS),
             N_("Back to the default keys"))
SPEECH_PAGE = _page(N_("Speech keys"), SPEECH_ACTIONS, N_("Every key back to its default"))
