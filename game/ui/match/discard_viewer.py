"""Every card in a discard pile, face up, over the match."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.common import i18n
from game.common.i18n import _, ngettext
from game.ui.core.scene import Scene
from game.ui.core.screen_words import VIEWER_BOX
from game.ui.kit import theme, widgets
from game.ui.kit.legible import legible
from game.ui.table.hover_zoom import HoverZoom, ZoomingScene

if TYPE_CHECKING:
    from game.ui.core.context import AppContext


class DiscardViewer(ZoomingScene, Scene):
    """Every card in a discard pile, face up, in a grid. Resting the mouse on a card or a
    right-click shows it large (as on the table and in the card picker); a click or a key closes
    the viewer."""

    spoken_words = VIEWER_BOX  # its controls, shown and said by F1

    opaque = False
    BOX = pygame.Rect(90, 60, 1100, 600)

    def __init__(self, ctx: AppContext, title: str, card_defs: list) -> None:
        super().__init__(ctx)
        self.title = title
        self.defs = card_defs  # only public cards: a discard pile is face up for everyone
        self.zooms = HoverZoom()

    def speech_title(self) -> str:
        """Speech: the pile and every card in it (public: a discard pile is face up)."""
        n = len(self.defs)
        head = ngettext("{title} ({count} card)", "{title} ({count} cards)", n).format(
            title=_(self.title), count=n)
        names = ", ".join(i18n.card_name(d) for d in self.defs if d is not None)
        return f"{head}: {names}." if names else f"{head}."

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
