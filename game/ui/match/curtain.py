"""Hot seat: the hand-off curtain that hides the whole table until the named player is at the screen."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from game.common.i18n import _
from game.ui.core.scene import Scene
from game.ui.core.scene_stack import LIFT_KEYS, keys_held_now
from game.ui.core.screen_words import CURTAIN_SCREEN
from game.ui.kit import fonts, theme, widgets
from game.ui.kit.backdrop import draw_backdrop
from game.ui.kit.legible import legible
from game.ui.kit.widgets import Button, ButtonRow
from game.ui.match import narration

if TYPE_CHECKING:
    from game.ui.core.context import AppContext


ARM_DELAY = 0.5  # seconds the curtain must be on screen, untouched, before it can be lifted


class CurtainScene(Scene):
    """Hot seat: hides the whole table until the named player is at the screen.

    It lifts only by a deliberate act: a click that starts and ends on its button, or Tab (or
    an arrow) to focus the button and then a fresh press of Enter or Space. Nothing counts
    until the curtain has been on screen, untouched, for ``ARM_DELAY`` seconds: every press
    before that (a click meant to skip the last animation, a double click, an Enter pressed
    twice, a held key's repeats) starts the wait again, and a release or a repeat whose press
    began earlier never counts. Time comes from ``update(dt)``, so tests need not sleep.
    """

    spoken_words = CURTAIN_SCREEN  # its controls, shown and said by F1

    opaque = True
    music = None  # the game's piece plays on behind it (the table, or the tension at 1 life)

    def __init__(self, ctx: AppContext, name: str, on_reveal: Callable[[], None], note: str = "",
                 on_menu: Callable[[], None] | None = None, seat: int | None = None) -> None:
        super().__init__(ctx)
        self.name = name
        self.seat = seat  # whose curtain it is: a name changes with the language, a seat does not
        self.note = note
        self.on_reveal = on_reveal
        self.on_menu = on_menu  # Esc: the pause menu, over the curtain (quit without revealing)
        self.button = Button(pygame.Rect(440, 420, 400, 64), _("I'm {player}: show my cards").format(player=name),
                             self._reveal, primary=True, enabled=False)
        self.row = ButtonRow([self.button])  # no focus: Enter alone does nothing
        self.wait = ARM_DELAY  # seconds left before input counts
        self.held: set[int] = keys_held_now()  # keys already down: their repeats never count
        self.lifted = False

    @property
    def ready(self) -> bool:
        return self.wait <= 0

    def _reveal(self) -> None:
        if self.lifted or not self.ready:
            return
        self.lifted = True
        self.ctx.scenes.remove(self)
        self.on_reveal()

    def update(self, dt: float) -> None:
        if self.wait > 0:
            self.wait -= dt
            if self.ready:
                self.button.enabled = True
                self.dirty = True

    @property
    def animating(self) -> bool:
        return not self.ready  # keep frames (and so dt) coming until the button arms

    def resume(self) -> None:
        """Back on top (the menu over it closed): the keys it saw go down may have gone up
        unseen, and the wait starts again as if it had just appeared."""
        super().resume()
        self.held = keys_held_now()
        self._too_early()

    def _too_early(self) -> None:
        """A press before the curtain is ready: ignore it and wait again from now."""
        self.wait = ARM_DELAY
        self.button.enabled = False
        self.button.armed = False
        self.row.focus = -1
        self.button.focused = False

    def handle(self, event: pygame.event.Event) -> bool:
        self.dirty = True
        t = event.type
        if t == pygame.KEYUP:
            self.held.discard(event.key)
            return True
        if t == pygame.KEYDOWN:
            repeat = event.key in self.held
            self.held.add(event.key)
            if event.key == pygame.K_ESCAPE and not repeat and self.on_menu is not None:
                self.on_menu()  # drawn over the curtain: shows nothing of the table
                return True
            if not repeat and narration.curtain_reading(self.ctx, event, self.name):
                return True  # a reading key: "the curtain is down" (it never lifts it)
            if not self.ready:
                self._too_early()
                return True
            if repeat:
                return True
            if event.key in LIFT_KEYS and self.row.focus < 0:
                return True  # nothing is focused: Enter alone must not lift it
            return self.row.handle(event)
        if t == pygame.MOUSEBUTTONDOWN:
            if not self.ready:
                self._too_early()
                return True
            return self.row.handle(event)
        if t in (pygame.MOUSEBUTTONUP, pygame.MOUSEMOTION):
            # The button acts on a release only if the press also began on it once armed.
            return self.row.handle(event)
        return True  # modal: nothing else reaches the table below

    def draw(self, surface: pygame.Surface) -> None:
        draw_backdrop(surface, self.ctx.renderer)
        widgets.text(surface, _("Pass to"), 34, (640, 230), theme.TEXT_DIM, anchor="center")
        size = fonts.fit_size(self.name, 1160, 72, 40, bold=True)  # a long name: smaller, then cut
        widgets.text(surface, fonts.fit_width(self.name, 1160, size, True), size, (640, 300),
                     theme.ACCENT, bold=True, anchor="center")
        if self.note:
            widgets.text(surface, _(self.note), 22, (640, 370), theme.TEXT, anchor="center")
        scale = self.ctx.window_scale
        wide = legible(22) > 22  # a larger text size: the button as wide as its words need
        self.button.rect = pygame.Rect(240, 420, 800, 64) if wide else pygame.Rect(440, 420, 400, 64)
        self.row.draw(surface, scale)
        if self.ready:
            # Outlined: it sits on the fan of card backs, where thin dim text got lost.
            hint = fonts.render_outlined(_("Click the button, or Tab then Enter"), legible(18, scale),
                                         theme.TEXT, (10, 12, 16), 2)
            surface.blit(hint, hint.get_rect(center=(640, 508)))
