"""How to play: the rules in our words, one topic per tab, with the keyword glossary.

A page has a picture at its top right (``howto_pictures``): a small table of a real position,
drawn by the table's renderer. The text beside it is wrapped narrower, the text below it at
the page's full width. On the keywords page each keyword has its picture: the section in focus
(Tab and the arrows step through them, the mouse points at one) shows its own.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from functools import partial
from itertools import combinations, pairwise
from typing import TYPE_CHECKING

import pygame

from game.cards import load_cards
from game.common import keymap
from game.common.i18n import N_, _, language
from game.ui.core import play_keys
from game.ui.core.scene import Scene
from game.ui.core.screen_words import HOW_TO_PLAY_SCREEN
from game.ui.kit import fonts, theme, widgets
from game.ui.kit.backdrop import draw_backdrop
from game.ui.kit.legible import legible
from game.ui.kit.widgets import Button
from game.ui.screens import howto_pictures
from game.ui.screens.howto_text import PAGES, KeywordBody
from game.ui.table import miniature

if TYPE_CHECKING:
    from game.engine import CardDB
    from game.ui.core.context import AppContext

_PICTURES = miniature.MiniatureCache()  # kept across visits: a picture is a whole table drawn
_DB: list[CardDB] = []


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
    spoken_words = HOW_TO_PLAY_SCREEN  # what speech says as the screen comes on top

    def __init__(self, ctx: AppContext) -> None:
        super().__init__(ctx)
        self.page = 0
        self.part = 0  # a page too long for a small window is shown in parts, one after another
        self.section = 0  # the section in focus (a page with a picture per section shows its own)
        self.section_rects: list[pygame.Rect] = []  # where each section of the part was drawn
        self._boxes: dict[tuple[str, str, float, int], pygame.Rect] = {}  # each page's picture, placed
        self.tabs = [Button(tab_rect(i), title, partial(self._tab, i))
                     for i, (title, _sections) in enumerate(PAGES)]
        self.back = Button(pygame.Rect(60, 640, 250, 50), N_("Back"), ctx.scenes.pop, primary=True)
        self._go(0)

    def spoken_focus(self) -> str:
        """Speech: the page (or part) shown, read out whole when it changes (Tab, the arrows)."""
        parts = self.parts()
        sections = parts[min(self.part, len(parts) - 1)] if parts else []
        if self.per_section() and sections:  # the keyword in focus, as its picture shows it
            sections = [sections[min(self.section, len(sections) - 1)]]
        body = " ".join(f"{head}: {text}" if head else text for head, text in sections)
        return f"{_(PAGES[self.page][0])}. {body}"

    def _go(self, i: int, last_part: bool = False) -> None:
        self.page = i % len(PAGES)
        self.part = len(self.parts()) - 1 if last_part else 0
        self.section = len(self.parts()[self.part]) - 1 if last_part and self.per_section() else 0
        for j, t in enumerate(self.tabs):
            t.focused = j == self.page
        self.dirty = True

    def parts(self) -> list[list[tuple[str, str]]]:
        """The current page's sections, split where they would not fit at a legible size."""
        least = legible(MIN_SIZE, self.ctx.window_scale)
        return split_page(translated(PAGES[self.page][1], self.ctx.settings.keys), self.box(), least,
                          self.picture_box())

    # The pictures --------------------------------------------------------------------------
    def per_section(self) -> bool:
        """Does each section of this page have a picture of its own (the keywords)?"""
        return isinstance(howto_pictures.PAGE_PICTURES.get(PAGES[self.page][0]), dict)

    def picture_box(self) -> pygame.Rect | None:
        """Where this page's picture goes (None: the page has none): as large as the page's
        text, measured, leaves room for (``picture_for_text``)."""
        title = PAGES[self.page][0]
        if howto_pictures.PAGE_PICTURES.get(title) is None:
            return None
        scale = self.ctx.window_scale
        key = (title, language(), scale, legible(16))  # the text size changes the room too
        if key not in self._boxes:
            self._boxes[key] = picture_for_text(translated(PAGES[self.page][1], self.ctx.settings.keys),
                                                self.box(), scale)
        return self._boxes[key]

    def focused_head(self) -> str:
        """The English heading of the section in focus (the picture's key on the keywords page)."""
        parts = self.parts()
        part = min(self.part, len(parts) - 1)
        at = sum(len(p) for p in parts[:part]) + min(self.section, max(0, len(parts[part]) - 1))
        sections = PAGES[self.page][1]
        return sections[min(at, len(sections) - 1)][0]

    def picture(self) -> miniature.Picture | None:
        """The picture shown now, drawn once and kept."""
        box = self.picture_box()
        make = howto_pictures.picture_for(PAGES[self.page][0], self.focused_head())
        if box is None or make is None:
            return None

        def build(size: tuple[int, int]) -> miniature.Picture | None:
            if not _DB:
                _DB.append(load_cards())
            try:
                shown = make(_DB[0])
            except (ValueError, KeyError):  # a card file without that card (SetupError, ...)
                return None  # the page without its picture, never a traceback
            return miniature.draw_table(shown.state, shown.bottom, self.ctx.renderer, size,
                                        marks=shown.marks)

        return _PICTURES.get(make.__name__, box.size, build)

    def _tab(self, i: int) -> None:
        """A click on a page's tab shows it; on the shown page's tab, its next part (a mouse
        alone can read a page shown in parts)."""
        if i == self.page and len(self.parts()) > 1:
            self.part = (self.part + 1) % len(self.parts())
            self.section = 0
            self.dirty = True
        else:
            self._go(i)

    def _step(self, forward: bool) -> None:
        """The next (or previous) part of this page, else the next (previous) page."""
        n = len(self.parts())
        shown = len(self.parts()[min(self.part, n - 1)])
        if self.per_section() and forward and self.section + 1 < shown:
            self.section += 1
        elif self.per_section() and not forward and self.section > 0:
            self.section -= 1
        elif forward and self.part + 1 < n:
            self.part += 1
            self.section = 0
        elif not forward and self.part > 0:
            self.part -= 1
            self.section = len(self.parts()[self.part]) - 1 if self.per_section() else 0
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
        if event.type in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN) and self.per_section():
            for k, r in enumerate(self.section_rects):  # the keyword pointed at shows its picture
                if r.collidepoint(event.pos) and k != self.section:
                    self.section = k
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
        pic_box = self.picture_box()
        size = fit_page(sections, box, legible(MIN_SIZE, scale), pic_box)
        y = box.y + 80
        self.section = min(self.section, len(sections) - 1)
        self.section_rects = []
        focus = self.section if self.per_section() else None
        for k, (head, body) in enumerate(sections):
            top = y
            width = text_width(y, box, pic_box)
            if head:
                color = theme.ACCENT if k == focus else theme.SELECT
                widgets.text(surface, head, size + 2, (box.x + 30, y), color, bold=True)
                y += size + 10
            y = widgets.paragraph(surface, body, size, pygame.Rect(box.x + 30, y, width, 400),
                                  theme.TEXT, line_gap=max(3, size - 14))
            self.section_rects.append(pygame.Rect(box.x + 14, top, width + 16, y - top))
            if k == focus:  # a bar beside the keyword whose picture is shown
                pygame.draw.rect(surface, theme.ACCENT, (box.x + 14, top + 2, 5, y - top - 4),
                                 border_radius=2)
            y += size - 6
        pic = self.picture()
        if pic_box is not None and pic is not None:
            frame = pygame.Rect(pic_box.topleft, pic.surface.get_size()).inflate(8, 8)
            widgets.panel(surface, frame, alpha=255, radius=6)  # a box: no text may cross it
            if focus is not None:
                pygame.draw.rect(surface, theme.ACCENT, frame, 2, border_radius=6)
            surface.blit(pic.surface, frame.inflate(-8, -8))
        hint = fonts.render_text(_("Tab / arrows: next page   Esc: back"), legible(16, scale), theme.TEXT_DIM)
        surface.blit(hint, hint.get_rect(bottomright=(box.right - 16, box.bottom - 10)))

    @staticmethod
    def box() -> pygame.Rect:
        return pygame.Rect(330, 120, 900, 570)


def translated(sections: list[tuple[str, str]],
               keys: Mapping[str, str] | None = None) -> list[tuple[str, str]]:
    """A page's sections in the current language (the texts are English message ids), the
    play keys named as ``keys`` binds them (the defaults without)."""
    names = {action: play_keys.name_of(keys or {}, action) for action in keymap.DEFAULT_KEYS}
    return [(_(head), words_of(body).format(**names) if "{" in body else words_of(body))
            for head, body in sections]


def words_of(body: str) -> str:
    """A section's text in the language shown (a keyword's meaning from the card text)."""
    return body.in_language(language()) if isinstance(body, KeywordBody) else _(body)


FOOTER_H = 36  # the key hint at the bottom of the page


def footer_h() -> int:
    """The key hint's room at the bottom of the page (more at a larger text size)."""
    return max(FOOTER_H, legible(16) + 18)


def tab_rect(i: int) -> pygame.Rect:
    """Page ``i``'s tab; at a larger text size as wide as the room left of the page."""
    return pygame.Rect(14, 130 + i * 62, 312, 50) if legible(20) > 20 else pygame.Rect(60, 130 + i * 62, 250, 50)
MIN_SIZE = 15  # never smaller: below this the text is hard to read
PICTURE_W = 340  # a page's picture in a full-size window (a small one: narrower, the text larger)
PICTURE_WIDER = (480, 440, 400, 370, 340)  # larger, where the page's text leaves room for it
PICTURE_GAP = 24  # between the picture and the text beside it
TEXT_SIZE = 18  # a larger picture may not make the text smaller than this


def picture_rect(box: pygame.Rect, scale: float = 1.0, width: int = PICTURE_W) -> pygame.Rect:
    """Where a page's picture sits: the page's top right, below its title, the table's ratio;
    ``width`` in a full-size window (a small one: narrower, its text being larger)."""
    w = round(width * min(1.0, max(0.75, scale)))
    crop = miniature.TABLE_CROP
    h = round(w * crop[3] / crop[2])
    return pygame.Rect(box.right - 30 - w, box.y + 80, w, h)


def picture_for_text(sections: list[tuple[str, str]], box: pygame.Rect, scale: float) -> pygame.Rect:
    """The largest picture beside which the page, measured, still fits whole at a size of at
    least ``TEXT_SIZE`` (the smallest picture when none does)."""
    least = legible(MIN_SIZE, scale)
    for width in PICTURE_WIDER:  # not narrowed in a small window: the text decides
        pic = picture_rect(box, 1.0, width)
        if (len(split_page(sections, box, least, pic)) == 1
                and fit_page(sections, box, least, pic) >= legible(TEXT_SIZE, scale)):
            return pic
    return picture_rect(box, scale)


def text_width(y: int, box: pygame.Rect, picture: pygame.Rect | None) -> int:
    """How wide a section starting at ``y`` is wrapped: beside the picture, the room left of
    it; below it, the page's width."""
    if picture is not None and y < picture.bottom + 4:
        return picture.x - PICTURE_GAP - (box.x + 30)
    return box.w - 60


def page_bottom(sections: list[tuple[str, str]], box: pygame.Rect, size: int,
                picture: pygame.Rect | None = None) -> int:
    """The y below the last line of a page drawn at ``size`` (what ``draw`` does, measured)."""
    y = box.y + 80
    fnt = fonts.font(size)
    for head, body in sections:
        width = text_width(y, box, picture)
        if head:
            y += size + 10
        y += len(fonts.wrap(body, fnt, width)) * (size + max(3, size - 14))
        y += size - 6
    return max(y, picture.bottom + 8) if picture is not None else y


def fit_page(sections: list[tuple[str, str]], box: pygame.Rect, least: int = MIN_SIZE,
             picture: pygame.Rect | None = None) -> int:
    """The largest text size (20, or ``least`` if larger, down to ``least``) at which the page
    stays above its footer; ``least`` if none does."""
    for size in range(max(20, least), least - 1, -1):
        if page_bottom(sections, box, size, picture) <= box.bottom - footer_h():
            return size
    return least


def split_page(sections: list[tuple[str, str]], box: pygame.Rect,
               least: int, picture: pygame.Rect | None = None) -> list[list[tuple[str, str]]]:
    """The page as parts (whole sections) that each fit above the footer at ``least``: one
    part when it fits; in a small window, where ``least`` is larger, the page reflows rather
    than its text shrinking below a legible size."""
    def fits(part: list[tuple[str, str]]) -> bool:
        return page_bottom(part, box, least, picture) <= box.bottom - footer_h()

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
    best, tallest = parts, max(page_bottom(p, box, least, picture) for p in parts)
    for cuts in combinations(range(1, len(sections)), len(parts) - 1):
        split = [sections[a:b] for a, b in pairwise((0, *cuts, len(sections)))]
        height = max(page_bottom(p, box, least, picture) for p in split)
        if height < tallest:
            best, tallest = split, height
    return best
