"""How to play: the rules in our words, one topic per tab, with the keyword glossary."""

from __future__ import annotations

from collections.abc import Callable
from itertools import combinations, pairwise
from typing import TYPE_CHECKING

import pygame

from game.common.i18n import N_, _
from game.ui.core.scene import Scene
from game.ui.kit import fonts, theme, widgets
from game.ui.kit.backdrop import draw_backdrop
from game.ui.kit.legible import legible
from game.ui.kit.widgets import Button
from game.ui.screens.howto_text import PAGES

if TYPE_CHECKING:
    from game.ui.core.context import AppContext


def _in_pieces(section: tuple[str, str], fits: Callable[[list[tuple[str, str]]], bool]) -> list[tuple[str, str]]:
    """A section too long for a page alone (the Controls at a large text size) as pieces of its
    lines (or, in one paragraph, of its sentences) that each fit; the heading stays on the first."""
    head, body = section
    if fits([section]):
        return [section]
    glue = "\n" if "\n" in body else " "
    units = body.split("\n") if glue == "\n" else [s + "." for s in body.rstrip(".").split(". ")]
    if len(units) < 2:
        return [section]
    pieces: list[tuple[str, str]] = []
    lines: list[str] = []
    for line in units:
        if lines and not fits([(head if not pieces else "", glue.join([*lines, line]))]):
            pieces.append((head if not pieces else "", glue.join(lines)))
            lines = []
        lines.append(line)
    pieces.append((head if not pieces else "", glue.join(lines)))
    return pieces


class HowToPlayScene(Scene):
    def __init__(self, ctx: AppContext) -> None:
        super().__init__(ctx)
        self.page = 0
        self.part = 0  # a page too long for a small window is shown in parts, one after another
        self.tabs = [Button(tab_rect(i), title, lambda i=i: self._tab(i))
                     for i, (title, _sections) in enumerate(PAGES)]
        self.back = Button(pygame.Rect(60, 640, 250, 50), N_("Back"), ctx.scenes.pop, primary=True)
        self._go(0)

    def spoken_focus(self) -> str:
        """Speech: the page (or part) shown, read out whole when it changes (Tab, the arrows)."""
        parts = self.parts()
        sections = parts[min(self.part, len(parts) - 1)] if parts else []
        body = " ".join(f"{head}: {text}" if head else text for head, text in sections)
        return f"{_(PAGES[self.page][0])}. {body}"

    def _go(self, i: int, last_part: bool = False) -> None:
        self.page = i % len(PAGES)
        self.part = len(self.parts()) - 1 if last_part else 0
        for j, t in enumerate(self.tabs):
            t.focused = j == self.page
        self.dirty = True

    def parts(self) -> list[list[tuple[str, str]]]:
        """The current page's sections, split where they would not fit at a legible size."""
        least = legible(MIN_SIZE, self.ctx.window_scale)
        return split_page(translated(PAGES[self.page][1]), self.box(), least)

    def _tab(self, i: int) -> None:
        """A click on a page's tab shows it; on the shown page's tab, its next part (a mouse
        alone can read a page shown in parts)."""
        if i == self.page and len(self.parts()) > 1:
            self.part = (self.part + 1) % len(self.parts())
            self.dirty = True
        else:
            self._go(i)

    def _step(self, forward: bool) -> None:
        """The next (or previous) part of this page, else the next (previous) page."""
        n = len(self.parts())
        if forward and self.part + 1 < n:
            self.part += 1
        elif not forward and self.part > 0:
            self.part -= 1
        else:
            self._go(self.page + (1 if forward else -1), last_part=not forward)
        self.dirty = True

    def handle(self, event: pygame.event.Event) -> bool:
        self.dirty = True
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self.ctx.scenes.pop()
                return True
            if event.key in (pygame.K_DOWN, pygame.K_RIGHT, pygame.K_TAB):
                self._step(True)
                return True
            if event.key in (pygame.K_UP, pygame.K_LEFT):
                self._step(False)
                return True
        for b in [*self.tabs, self.back]:
            if b.handle(event):
                return True
        return False

    def draw(self, surface: pygame.Surface) -> None:
        draw_backdrop(surface)
        widgets.text(surface, _("How to Play"), 48, (60, 50), theme.ACCENT, bold=True)
        scale = self.ctx.window_scale
        for i, b in enumerate(self.tabs):
            b.rect = tab_rect(i)  # the text size may have changed
        for b in [*self.tabs, self.back]:
            b.draw(surface, scale)
        box = self.box()
        widgets.panel(surface, box)
        parts = self.parts()
        self.part = min(self.part, len(parts) - 1)  # the window or the language changed
        sections = parts[self.part]
        title = _(PAGES[self.page][0])
        if len(parts) > 1:
            title = f"{title} ({self.part + 1}/{len(parts)})"
        widgets.text(surface, title, 34, (box.x + 30, box.y + 22), theme.ACCENT, bold=True)
        size = fit_page(sections, box, legible(MIN_SIZE, scale))
        y = box.y + 80
        inner_w = box.w - 60
        for head, body in sections:
            if head:
                widgets.text(surface, head, size + 2, (box.x + 30, y), theme.SELECT, bold=True)
                y += size + 10
            y = widgets.paragraph(surface, body, size, pygame.Rect(box.x + 30, y, inner_w, 400),
                                  theme.TEXT, line_gap=max(3, size - 14))
            y += size - 6
        hint = fonts.render_text(_("Tab / arrows: next page   Esc: back"), legible(16, scale), theme.TEXT_DIM)
        surface.blit(hint, hint.get_rect(bottomright=(box.right - 16, box.bottom - 10)))

    @staticmethod
    def box() -> pygame.Rect:
        return pygame.Rect(330, 120, 900, 570)


def translated(sections: list[tuple[str, str]]) -> list[tuple[str, str]]:
    """A page's sections in the current language (the texts are English message ids)."""
    return [(_(head), _(body)) for head, body in sections]


FOOTER_H = 36  # the key hint at the bottom of the page


def footer_h() -> int:
    """The key hint's room at the bottom of the page (more at a larger text size)."""
    return max(FOOTER_H, legible(16) + 18)


def tab_rect(i: int) -> pygame.Rect:
    """Page ``i``'s tab; at a larger text size as wide as the room left of the page."""
    return pygame.Rect(14, 130 + i * 62, 312, 50) if legible(20) > 20 else pygame.Rect(60, 130 + i * 62, 250, 50)
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


def fit_page(sections: list[tuple[str, str]], box: pygame.Rect, least: int = MIN_SIZE) -> int:
    """The largest text size (20, or ``least`` if larger, down to ``least``) at which the page
    stays above its footer; ``least`` if none does."""
    for size in range(max(20, least), least - 1, -1):
        if page_bottom(sections, box, size) <= box.bottom - footer_h():
            return size
    return least


def split_page(sections: list[tuple[str, str]], box: pygame.Rect,
               least: int) -> list[list[tuple[str, str]]]:
    """The page as parts (whole sections) that each fit above the footer at ``least``: one
    part when it fits; in a small window, where ``least`` is larger, the page reflows rather
    than its text shrinking below a legible size."""
    def fits(part: list[tuple[str, str]]) -> bool:
        return page_bottom(part, box, least) <= box.bottom - footer_h()

    sections = [piece for section in sections for piece in _in_pieces(section, fits)]
    if fits(sections):
        return [sections]
    parts: list[list[tuple[str, str]]] = [[]]
    for section in sections:
        if parts[-1] and not fits([*parts[-1], section]):
            parts.append([])
        parts[-1].append(section)
    # As many parts as filling them in order needs, but evened out: not a full part and then
    # a lonely last section.
    best, tallest = parts, max(page_bottom(p, box, least) for p in parts)
    for cuts in combinations(range(1, len(sections)), len(parts) - 1):
        split = [sections[a:b] for a, b in pairwise((0, *cuts, len(sections)))]
        height = max(page_bottom(p, box, least) for p in split)
        if height < tallest:
            best, tallest = split, height
    return best
