"""Scenes pushed over the match: hand-off curtain, pause menu, discard viewer, game over (the
card picker lives in ``card_picker``)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from game.common.i18n import _, ngettext
from game.ui.core.scene import Scene
from game.ui.kit import fonts, theme, widgets
from game.ui.kit.backdrop import draw_backdrop
from game.ui.kit.legible import legible
from game.ui.kit.widgets import Button, ButtonRow
from game.ui.match.card_picker import CardPicker  # noqa: F401 - where the match and tests found it
from game.ui.table.hover_zoom import HoverZoom, ZoomingScene

if TYPE_CHECKING:
    from game.ui.core.context import AppContext


ARM_DELAY = 0.5  # seconds the curtain must be on screen, untouched, before it can be lifted
LIFT_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)


class CurtainScene(Scene):
    """Hot seat: hides the whole table until the named player is at the screen.

    It lifts only by a deliberate act: a click that starts and ends on its button, or Tab (or
    an arrow) to focus the button and then a fresh press of Enter or Space. Nothing counts
    until the curtain has been on screen, untouched, for ``ARM_DELAY`` seconds: every press
    before that (a click meant to skip the last animation, a double click, an Enter pressed
    twice, a held key's repeats) starts the wait again, and a release or a repeat whose press
    began earlier never counts. Time comes from ``update(dt)``, so tests need not sleep.
    """

    opaque = True

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
        self.held: set[int] = _keys_held_now()  # keys already down: their repeats never count
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
        self.held = _keys_held_now()
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
        self.row.draw(surface, scale)
        if self.ready:
            # Outlined: it sits on the fan of card backs, where thin dim text got lost.
            hint = fonts.render_outlined(_("Click the button, or Tab then Enter"), legible(18, scale),
                                         theme.TEXT, (10, 12, 16), 2)
            surface.blit(hint, hint.get_rect(center=(640, 508)))


def _keys_held_now() -> set[int]:
    """The lifting keys physically down as the curtain appears (their repeats must not count)."""
    try:
        pressed = pygame.key.get_pressed()
        return {k for k in (*LIFT_KEYS, pygame.K_TAB) if pressed[k]}
    except (pygame.error, IndexError):
        return set()


BOX_W = 560  # the menu box's width
LINE_SIZE, LINE_STEP = 22, 30  # its lines' size and spacing (22 is legible at every window size)
TITLE_SIZE, TITLE_LEAST = 46, 32  # its title's size, and the least before it takes two lines


class MenuOverlay(Scene):
    """A dimmed box with a title, optional lines of text and a column of buttons."""

    opaque = False

    def __init__(self, ctx: AppContext, title: str, buttons: list[tuple[str, Callable[[], None]]],
                 lines: list[str] | None = None, color=theme.ACCENT, esc: Callable | None = None):
        super().__init__(ctx)
        self.title = title
        self.lines = lines or []
        self.color = color
        self.esc = esc
        rects = widgets.column(640, 0, [b[0] for b in buttons], width=360, height=52)
        self.row = ButtonRow([Button(r, t, a, primary=(i == 0))
                              for i, (r, (t, a)) in enumerate(zip(rects, buttons, strict=True))])
        # Enter with nothing focused presses the gold button, but never as the repeat of a key
        # already down when the box appeared (the Enter that made the last move).
        self.held: set[int] = _keys_held_now()
        self._fit()

    def _fit(self) -> None:
        """Lay the box out for its texts in the current language (Settings, opened from the
        pause menu, can switch it while the box is up). Long lines (a German reason with two
        names) wrap inside the box; a long title (two computers' names) gets smaller, down to
        TITLE_LEAST, then takes a second line; the lines and buttons move down by what it adds."""
        self.shown = [part for line in self.lines
                      for part in fonts.wrap(_(line), fonts.font(LINE_SIZE), BOX_W - 60)]
        shown_title = _(self.title)
        self.title_size = fonts.fit_size(shown_title, BOX_W - 40, TITLE_SIZE, TITLE_LEAST, bold=True)
        self.title_lines = fonts.wrap(shown_title, fonts.font(self.title_size, True), BOX_W - 40)
        self.title_extra = (len(self.title_lines) - 1) * (self.title_size + 6)
        top = 330 + LINE_STEP * len(self.shown) + self.title_extra
        n = len(self.row.buttons)
        for i, b in enumerate(self.row.buttons):
            b.rect.top = top + i * 66
        self.box = pygame.Rect(0, 0, BOX_W, top + n * 66 - 170)
        self.box.center = (640, (210 + top + n * 66) // 2)

    def handle(self, event: pygame.event.Event) -> bool:
        self.dirty = True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE and self.esc:
            self.esc()
            return True
        if event.type == pygame.KEYUP:
            self.held.discard(event.key)
        elif event.type == pygame.KEYDOWN and event.key in LIFT_KEYS and self.row.focus < 0:
            if event.key not in self.held and self.row.buttons and self.row.buttons[0].enabled:
                self.row.buttons[0].action()
            self.held.add(event.key)
            return True
        self.row.handle(event)
        return True  # modal: nothing reaches the table below

    def draw(self, surface: pygame.Surface) -> None:
        self._fit()  # the language may have changed under the box (Settings from the pause menu)
        widgets.dim(surface, 140)
        widgets.panel(surface, self.box, alpha=235)
        # Titles and lines given as English ids (N_) are translated when drawn.
        for i, line in enumerate(self.title_lines):
            widgets.text(surface, line, self.title_size, (640, self.box.y + 50 + i * (self.title_size + 6)),
                         self.color, bold=True, anchor="center")
        for i, line in enumerate(self.shown):
            widgets.text(surface, line, LINE_SIZE, (640, self.box.y + 100 + self.title_extra + LINE_STEP * i),
                         theme.TEXT, anchor="center")
        self.row.draw(surface, self.ctx.window_scale)


class DiscardViewer(ZoomingScene, Scene):
    """Every card in a discard pile, face up, in a grid. Resting the mouse on a card or a
    right-click shows it large (as on the table and in the card picker); a click or a key closes
    the viewer."""

    opaque = False
    BOX = pygame.Rect(90, 60, 1100, 600)

    def __init__(self, ctx: AppContext, title: str, card_defs: list) -> None:
        super().__init__(ctx)
        self.title = title
        self.defs = card_defs  # only public cards: a discard pile is face up for everyone
        self.zooms = HoverZoom()

    @property
    def rects(self) -> list[pygame.Rect]:
        """Where each card lies (as the card picker's ``rects``)."""
        n = len(self.defs)
        per_row = 9 if n <= 18 else 12
        w = 110 if n <= 18 else 82
        h = int(w * 88 / 63)
        box = self.BOX
        return [pygame.Rect(box.x + 24 + (i % per_row) * (w + 10), box.y + 70 + (i // per_row) * (h + 12), w, h)
                for i in range(n)]

    def card_at(self, pos: tuple[int, int]) -> int | None:
        return next((i for i, r in enumerate(self.rects) if r.collidepoint(pos)), None)

    def handle(self, event: pygame.event.Event) -> bool:
        t = event.type
        if t == pygame.MOUSEMOTION:
            if self.zooms.move(self.card_at(event.pos)):
                self.dirty = True
        elif t == pygame.MOUSEBUTTONDOWN and event.button == 3:
            self.zooms.right_click(self.card_at(event.pos))
            self.dirty = True
        elif (t == pygame.MOUSEBUTTONUP and event.button in (1, 2)) or t == pygame.KEYDOWN:
            self.ctx.scenes.remove(self)
        return True

    def draw(self, surface: pygame.Surface) -> None:
        widgets.dim(surface, 170)
        box = self.BOX
        widgets.panel(surface, box, alpha=240)
        n = len(self.defs)
        widgets.text(surface, ngettext("{title} ({count} card)", "{title} ({count} cards)", n).format(
            title=_(self.title), count=n), 30,
                     (box.x + 24, box.y + 16), theme.ACCENT, bold=True)
        if not n:
            widgets.text(surface, _("Empty."), 24, box.center, theme.TEXT_DIM, anchor="center")
        rects = self.rects
        for d, r in zip(self.defs, rects, strict=True):
            surface.blit(self.ctx.renderer.face(d, r.w), r)
        widgets.text(surface, _("Click anywhere to close"), legible(16, self.ctx.window_scale),
                     (box.right - 16, box.bottom - 12),
                     theme.TEXT_DIM, anchor="bottomright")
        i = self.zooms.zoom
        if i is not None and i < n:
            self.zooms.draw(surface, self.ctx.renderer, self.defs[i], rects[i], self.ctx.window_scale)
