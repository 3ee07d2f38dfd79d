"""How to play: the rules in our words, one topic per tab, with the keyword glossary."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.i18n import N_, _
from game.ui import fonts, theme, widgets
from game.ui.backdrop import draw_backdrop
from game.ui.howto_text import PAGES
from game.ui.scene import Scene
from game.ui.widgets import Button

if TYPE_CHECKING:
    from game.ui.context import AppContext


class HowToPlayScene(Scene):
    def __init__(self, ctx: AppContext) -> None:
        super().__init__(ctx)
        self.page = 0
        self.tabs = [Button(pygame.Rect(60, 130 + i * 62, 230, 50), title, lambda i=i: self._go(i))
                     for i, (title, _sections) in enumerate(PAGES)]
        self.back = Button(pygame.Rect(60, 640, 230, 50), N_("Back"), ctx.scenes.pop, primary=True)
        self._go(0)

    def _go(self, i: int) -> None:
        self.page = i % len(PAGES)
        for j, t in enumerate(self.tabs):
            t.focused = j == self.page
        self.dirty = True

    def handle(self, event: pygame.event.Event) -> bool:
        self.dirty = True
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self.ctx.scenes.pop()
                return True
            if event.key in (pygame.K_DOWN, pygame.K_RIGHT, pygame.K_TAB):
                self._go(self.page + 1)
                return True
            if event.key in (pygame.K_UP, pygame.K_LEFT):
                self._go(self.page - 1)
                return True
        for b in [*self.tabs, self.back]:
            if b.handle(event):
                return True
        return False

    def draw(self, surface: pygame.Surface) -> None:
        draw_backdrop(surface)
        widgets.text(surface, _("How to Play"), 48, (60, 50), theme.ACCENT, bold=True)
        for b in [*self.tabs, self.back]:
            b.draw(surface)
        box = self.box()
        widgets.panel(surface, box)
        title, sections = PAGES[self.page]
        sections = translated(sections)
        widgets.text(surface, _(title), 34, (box.x + 30, box.y + 22), theme.ACCENT, bold=True)
        size = fit_page(sections, box)
        y = box.y + 80
        inner_w = box.w - 60
        for head, body in sections:
            if head:
                widgets.text(surface, head, size + 2, (box.x + 30, y), theme.SELECT, bold=True)
                y += size + 10
            y = widgets.paragraph(surface, body, size, pygame.Rect(box.x + 30, y, inner_w, 400),
                                  theme.TEXT, line_gap=max(3, size - 14))
            y += size - 6
        hint = fonts.render_text(_("Tab / arrows: next page   Esc: back"), 16, theme.TEXT_DIM)
        surface.blit(hint, hint.get_rect(bottomright=(box.right - 16, box.bottom - 10)))

    @staticmethod
    def box() -> pygame.Rect:
        return pygame.Rect(330, 120, 900, 570)


def translated(sections: list[tuple[str, str]]) -> list[tuple[str, str]]:
    """A page's sections in the current language (the texts are English message ids)."""
    return [(_(head), _(body)) for head, body in sections]


FOOTER_H = 36  # the key hint at the bottom of the page
MIN_SIZE = 15  # never smaller: below this the text is hard to read


def page_bottom(sections: list[tuple[str, str]], box: pygame.Rect, size: int) -> int:
    """The y below the last line of a page drawn at ``size`` (what ``draw`` does, measured)."""
    y = box.y + 80
    fnt = fonts.font(size)
    for head, body in sections:
        if head:
            y += size + 10
        y += len(fonts.wrap(body, fnt, box.w - 60)) * (size + max(3, size - 14))
        y += size - 6
    return y


def fit_page(sections: list[tuple[str, str]], box: pygame.Rect) -> int:
    """The largest text size (20 down to MIN_SIZE) at which the page stays above its footer."""
    for size in range(20, MIN_SIZE - 1, -1):
        if page_bottom(sections, box, size) <= box.bottom - FOOTER_H:
            return size
    return MIN_SIZE
