"""F1 on every screen (issue 45): a box with the screen's controls, the same lines shown and
said (``screen_words.controls_of``: one list for both). F1 again, Esc or its button closes it.
The focus speaker says a box's title and lines as it comes on top, so the list is heard
without more wiring here."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.common.i18n import N_, _
from game.ui.core.screen_words import ScreenWords, controls_of, title_of
from game.ui.kit.legible import legible
from game.ui.kit.menu_overlay import MenuOverlay

if TYPE_CHECKING:
    from game.ui.core.context import AppContext

HELP_KEY = pygame.K_F1
TITLE = N_("Controls")
TITLE_OF = N_("Controls: {screen}")
HELP_BOX = ScreenWords(controls=(N_("F1, Esc or Enter: close this list."),))
BOX_W = 1180  # wide: a line of controls reads best on one line
LINE_SIZE = 19  # smaller than a box's 22: the table's list is 16 lines


class HelpOverlay(MenuOverlay):
    """The controls of the screen below, one a line."""

    spoken_words = HELP_BOX  # its own controls: how to close it

    def __init__(self, ctx: AppContext, title: str, lines: list[str]) -> None:
        super().__init__(ctx, title, [(N_("Close"), self.close)], lines=lines, esc=self.close)

    def line_size(self) -> int:
        return legible(LINE_SIZE, self.ctx.window_scale)

    def line_step(self) -> int:
        return self.line_size() + 7

    def _widen_buttons(self) -> int:
        super()._widen_buttons()
        return BOX_W

    def close(self) -> None:
        if self.ctx.scenes.top is self:
            self.ctx.scenes.pop()

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key == HELP_KEY:
            self.close()
            return True
        return super().handle(event)


def toggle(ctx: AppContext) -> bool:
    """F1: the controls of the screen on top (or, on the list itself, close it). False: the
    screen has none to show (never for a screen of the game: tests/ui/core/test_help_keys.py)."""
    top = ctx.scenes.top
    if getattr(top, "binding", None) is not None:
        return False  # the Keys page awaits a key: F1 is its to refuse
    if isinstance(top, HelpOverlay):
        top.close()
        return True
    lines = controls_of(top, ctx.settings.keys)
    if not lines:
        return False
    screen = getattr(top, "title", None)
    screen = screen() if callable(screen) else screen
    screen = screen if isinstance(screen, str) and screen else title_of(top)
    title = _(TITLE_OF).format(screen=_(screen)) if screen else _(TITLE)
    ctx.scenes.push(HelpOverlay(ctx, title, lines))
    return True
