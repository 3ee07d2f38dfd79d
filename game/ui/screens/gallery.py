"""The card gallery: every card of the set large, in the current language, with its copies in
the box, its keywords explained, filters by keyword and by power, and from the kept games how
often it was played, stolen by a Mindbug and on the winning side at the end
(game.persist.gallery; the replays are read in a background thread, game.persist.loading, so
the first frame does not wait for the disk).

Keys: arrows move through the cards, Page Up/Down turn the page, K and P step the keyword
and power filters, Shift+Up/Down scroll the card's details, Tab reaches the filter buttons and
Back, Enter presses, Esc goes back.

At a large text size (150%, 200%) the filters wrap onto more rows, the grid starts below them
with smaller cards, and the card's details scroll under its name when they are taller than
their panel (Shift+Up/Down, or the mouse wheel over the panel; elsewhere the wheel still moves
through the cards).
"""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING

import pygame

from game.cards import load_cards
from game.cards.text import card_text, keyword_name
from game.common import i18n
from game.common.i18n import N_, _, ngettext
from game.persist.loading import GalleryLoading
from game.ui.core.scene import Scene
from game.ui.core.screen_words import GALLERY_SCREEN
from game.ui.kit import fonts, theme, widgets
from game.ui.kit.backdrop import draw_backdrop
from game.ui.kit.legible import legible
from game.ui.kit.widgets import Button, ButtonRow
from game.ui.screens import gallery_layout as fit
from game.ui.screens.howto import words_of
from game.ui.screens.howto_text import PAGES

if TYPE_CHECKING:
    from game.engine import CardDef
    from game.persist.gallery import Gallery
    from game.ui.core.context import AppContext

KEYWORDS = ("Frenzy", "Hunter", "Poisonous", "Sneaky", "Tough")
#: Power filters: (label, lowest, highest).
POWERS = ((N_("Power 1-3"), 1, 3), (N_("Power 4-6"), 4, 6), (N_("Power 7+"), 7, 99))
COLS, ROWS = 5, 2
CARD_W, GAP = 150, 12  # the largest card of the grid (at 100%; a larger text size takes room)
DETAIL_STEP = 40  # pixels the details scroll per Shift+Up/Down or wheel notch
GRID = pygame.Rect(30, 128, COLS * CARD_W + (COLS - 1) * GAP, 2 * round(CARD_W * 1.4) + GAP)
DETAIL = pygame.Rect(840, 118, 420, 592)  # down beside Back (at 100%: below the filters' rows)
BIG_W = 180
CHIPS_TOP, CHIP_H, CHIPS_RIGHT = 66, 40, 1250
BACK = pygame.Rect(490, 662, 300, 48)


def keyword_explanations() -> dict[str, str]:
    """Each keyword's explanation (English ids, translated when drawn): How to Play's words."""
    page = next(items for title, items in PAGES if title == "Keywords")
    return {head: text for head, text in page if head in KEYWORDS}


class GalleryScene(Scene):
    spoken_words = GALLERY_SCREEN  # what speech says as the screen comes on top

    def __init__(self, ctx: AppContext) -> None:
        super().__init__(ctx)

        self.all_cards: list[CardDef] = list(load_cards().defs)
        self.keyword: str | None = None
        self.power: int | None = None  # index into POWERS
        self.selected = 0
        self.page = 0
        self.detail_scroll = 0  # pixels of the card's details scrolled up (a large text size)
        self.detail_room = 0  # how far they can scroll, as last drawn
        self.mouse = (0, 0)
        self.explain = keyword_explanations()
        self.loading = GalleryLoading(ctx.store) if ctx.store is not None else None
        self.figures: Gallery | None = None  # once read
        self.loaded = self.loading is None
        self.row: ButtonRow  # made by _lay_out
        self._lay_out()

    # Filters ------------------------------------------------------------------------------------
    @property
    def cards(self) -> list[CardDef]:
        lo, hi = (POWERS[self.power][1:] if self.power is not None else (0, 99))
        return [d for d in self.all_cards
                if (self.keyword is None or self.keyword in d.keywords) and lo <= d.power <= hi]

    def _lay_out(self) -> None:
        buttons = [Button(pygame.Rect(0, 66, 0, 40), N_("All keywords"), lambda: self.set_keyword(None),
                          primary=self.keyword is None, size=17)]
        buttons += [Button(pygame.Rect(0, 66, 0, 40), kw, partial(self.set_keyword, kw),
                           primary=self.keyword == kw, size=17) for kw in KEYWORDS]
        buttons += [Button(pygame.Rect(0, 66, 0, 40), N_("Any power"), lambda: self.set_power(None),
                           primary=self.power is None, size=17)]
        buttons += [Button(pygame.Rect(0, 66, 0, 40), label, partial(self.set_power, i),
                           primary=self.power == i, size=17) for i, (label, _lo, _hi) in enumerate(POWERS)]
        least = [140] + [100] * len(KEYWORDS) + [124] + [110] * len(POWERS)
        # The words set the width, measured at the size Button.draw gives them in this window.
        size = legible(17, self.ctx.window_scale)
        widths = [max(w, fonts.text_width(_(b.text), size, True) + 14)
                  for b, w in zip(buttons, least, strict=True)]
        # In rows as wide as the screen leaves (one row at 100%): a larger text size wraps them.
        h = max(CHIP_H, fit.line_height(size, True) + 6)
        x, y = 30, CHIPS_TOP
        group = len(KEYWORDS) + 1  # the power filters: on a row of their own if they do not fit beside
        powers = sum(widths[group:]) + 5 * (len(widths) - group - 1)
        for i, (b, w) in enumerate(zip(buttons, widths, strict=True)):
            if x > 30 and (x + w > CHIPS_RIGHT or (i == group and x + powers > CHIPS_RIGHT)):
                x, y = 30, y + h + 6
            b.rect.x, b.rect.y, b.rect.w, b.rect.h = x, y, min(w, CHIPS_RIGHT - 30), h
            x += w + (14 if i == len(KEYWORDS) else 5)
        self._place(y + h)
        buttons.append(Button(pygame.Rect(BACK), N_("Back (Esc)"), self._back))
        focus = self.row.focus if hasattr(self, "row") else -1
        self.row = ButtonRow(buttons)
        if 0 <= focus < len(buttons):
            self.row.focus = focus
            buttons[focus].focused = True
        self._laid_for = (legible(16), legible(16, self.ctx.window_scale), i18n.language())
        self.dirty = True

    def _place(self, chips_bottom: int) -> None:
        """The grid, the lines under it and the detail panel below the filters' rows: at 100%
        the grid at y=128 with cards 150 wide; at a larger text size the cards shrink so the
        two lines under the grid (measured) stay above Back."""
        line = fit.line_height(legible(16, self.ctx.window_scale))
        top = chips_bottom + 22
        under = max(36, 10 + line + 6) + line  # the count line, the source line under it
        card_h = min(round(CARD_W * 1.4), (BACK.y - 8 - under - top - GAP) // 2)
        self.card_w = min(CARD_W, int(card_h / 1.4))
        w = COLS * self.card_w + (COLS - 1) * GAP
        self.grid = pygame.Rect(GRID.x + (GRID.w - w) // 2, top, w, 2 * round(self.card_w * 1.4) + GAP)
        self.under = pygame.Rect(GRID.x, self.grid.bottom, GRID.w, under)  # the lines, as wide as at 100%
        self.line_h = line
        detail_top = max(DETAIL.y, chips_bottom + 12)
        self.detail = pygame.Rect(DETAIL.x, detail_top, DETAIL.w, DETAIL.bottom - detail_top)

    def language_changed(self) -> None:
        """The filters' widths follow their words: lay them out again."""
        self._lay_out()

    def set_keyword(self, keyword: str | None) -> None:
        self.keyword = keyword
        self._refilter()

    def set_power(self, index: int | None) -> None:
        self.power = index
        self._refilter()

    def _refilter(self) -> None:
        self.selected = 0
        self.page = 0
        self.detail_scroll = 0
        self._lay_out()

    def _cycle(self, which: str) -> None:
        if which == "keyword":
            keywords: list[str | None] = [None, *KEYWORDS]
            self.set_keyword(keywords[(keywords.index(self.keyword) + 1) % len(keywords)])
        else:
            powers: list[int | None] = [None, *range(len(POWERS))]
            self.set_power(powers[(powers.index(self.power) + 1) % len(powers)])

    # Moving -------------------------------------------------------------------------------------
    def select(self, index: int) -> None:
        n = len(self.cards)
        if not n:
            return
        selected = max(0, min(n - 1, index))
        if selected != self.selected:
            self.detail_scroll = 0
        self.selected = selected
        self.page = self.selected // (COLS * ROWS)
        self.dirty = True

    def card_rect(self, slot: int) -> pygame.Rect:
        col, row = slot % COLS, slot // COLS
        w = self.card_w
        return pygame.Rect(self.grid.x + col * (w + GAP), self.grid.y + row * (round(w * 1.4) + GAP),
                           w, round(w * 1.4))

    def _back(self) -> None:
        self.ctx.scenes.remove(self)

    def leave(self) -> None:
        if self.loading is not None:
            self.loading.cancel()

    @property
    def animating(self) -> bool:
        return not self.loaded

    def update(self, dt: float) -> None:
        if not self.loaded and self.loading is not None and self.loading.done:
            self.loaded = True
            self.figures = self.loading.gallery
            self.dirty = True

    speech_title = N_("Cards")

    def spoken_focus(self) -> str | None:
        """Speech: the chosen card (the arrows) in full, then the focused button (Tab)."""
        parts = []
        cards = self.cards
        if cards and 0 <= self.selected < len(cards):
            d = cards[self.selected]
            facts = ", ".join([_("power {power}").format(power=d.power),
                               *(keyword_name(k) for k in d.keywords)])
            parts.append(f"{i18n.card_name(d)} ({facts}). {card_text(d, i18n.language()).strip()}")
        focus = self.row.focus
        if 0 <= focus < len(self.row.buttons) and self.row.buttons[focus].text:
            parts.append(_(self.row.buttons[focus].text))
        return " ".join(parts) or None

    def handle(self, event: pygame.event.Event) -> bool:
        self.dirty = True
        if event.type == pygame.KEYDOWN:
            moves = {pygame.K_LEFT: -1, pygame.K_RIGHT: 1, pygame.K_UP: -COLS, pygame.K_DOWN: COLS,
                     pygame.K_PAGEUP: -COLS * ROWS, pygame.K_PAGEDOWN: COLS * ROWS,
                     pygame.K_HOME: -999, pygame.K_END: 999}
            if event.key == pygame.K_ESCAPE:
                self._back()
                return True
            if event.key in (pygame.K_UP, pygame.K_DOWN) and event.mod & pygame.KMOD_SHIFT:
                step = DETAIL_STEP if event.key == pygame.K_DOWN else -DETAIL_STEP
                self.detail_scroll = max(0, min(self.detail_room, self.detail_scroll + step))
                return True  # Shift: the card's details scroll (a large text size), the card stays
            if event.key in moves:
                self.select(self.selected + moves[event.key])
                return True
            if event.key in (pygame.K_k, pygame.K_p):
                self._cycle("keyword" if event.key == pygame.K_k else "power")
                return True
            if event.key == pygame.K_TAB:
                back = event.mod & pygame.KMOD_SHIFT
                self.row.move(-1 if back else 1)
                return True
        if event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
        if event.type == pygame.MOUSEWHEEL:
            if self.detail_room and self.detail.collidepoint(self.mouse):  # the details scroll
                self.detail_scroll = max(0, min(self.detail_room, self.detail_scroll - DETAIL_STEP * event.y))
                return True
            self.select(self.selected - COLS * event.y)
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            start = self.page * COLS * ROWS
            for slot in range(min(COLS * ROWS, len(self.cards) - start)):
                if self.card_rect(slot).collidepoint(event.pos):
                    self.select(start + slot)
                    return True
        return self.row.handle(event)

    # Frame ----------------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        draw_backdrop(surface, self.ctx.renderer)
        scale = self.ctx.window_scale
        if self._laid_for != (legible(16), legible(16, scale), i18n.language()):  # a new text size
            self._lay_out()
        widgets.text(surface, _("Cards"), 40, (640, 12), theme.ACCENT, bold=True, anchor="midtop")
        cards = self.cards
        start = self.page * COLS * ROWS
        for slot, d in enumerate(cards[start:start + COLS * ROWS]):
            r = self.card_rect(slot)
            surface.blit(self.ctx.renderer.face(d, self.card_w), r)
            if start + slot == self.selected:
                pygame.draw.rect(surface, theme.SELECT, r.inflate(6, 6), 3, border_radius=10)
        small = legible(16, scale)
        pages = max(1, -(-len(cards) // (COLS * ROWS)))
        count = ngettext("{count} card", "{count} cards", len(cards)).format(count=len(cards))
        page = _("page {page} of {pages} (arrows, Page Up/Down; K and P change the filters)").format(
            page=self.page + 1, pages=pages)
        line = count + " · " + page
        if fonts.text_width(line, small) > self.under.w and " (" in page:  # the keys' reminder goes first
            line = count + " · " + page.partition(" (")[0]
        under = self.under
        widgets.text(surface, fonts.fit_width(line, under.w, small), small,
                     (under.centerx, under.y + 10), theme.TEXT_DIM, anchor="midtop")
        if not cards:
            widgets.text(surface, _("No card has this keyword and power."), 22, self.grid.center,
                         theme.TEXT_DIM, anchor="center")
        widgets.text(surface, fonts.fit_width(self._source_line(), under.w, small), small,
                     (under.centerx, under.bottom - self.line_h), theme.TEXT_DIM, anchor="midtop")
        self._draw_detail(surface, cards[self.selected] if cards else None, scale)
        self.row.draw(surface, scale)

    def _source_line(self) -> str:
        if not self.loaded:
            return _("Loading the kept games…")
        n = self.figures.games if self.figures is not None else 0
        return ngettext("Figures from {count} kept game.", "Figures from {count} kept games.",
                        n).format(count=n)

    def _draw_detail(self, surface: pygame.Surface, d: CardDef | None, scale: float) -> None:
        """The card's name across the panel (on two lines if it needs them), its face large, its
        facts beside it (under it when the text is enlarged), its keywords explained; what is
        taller than the panel scrolls under the name (``detail_scroll``)."""
        box = self.detail
        widgets.panel(surface, box)
        self.detail_room = 0
        if d is None:
            return
        name = i18n.card_name(d)  # across the panel: a long name keeps a legible size
        least = legible(18, scale)
        size = fonts.fit_size(name, box.w - 32, max(26, least), least, bold=True)
        name_lines = fit.name_lines(name, size, box.w - 32)
        y = box.y + 12
        for part in name_lines:
            widgets.text(surface, part, size, (box.x + 16, y), theme.ACCENT, bold=True)
            y += fit.line_height(size, True)
        top = box.y + 20 + size if len(name_lines) == 1 else y + 8
        col = fit.Column()
        big = self.ctx.renderer.face(d, BIG_W)
        col.image(big, box.x + 14, 0)
        body = legible(17, scale)
        beside = not fit.enlarged_text(body, 17)
        if beside:  # the facts in the column beside the face
            x, w, y = box.x + BIG_W + 30, box.right - (box.x + BIG_W + 30) - 14, 0
        else:  # the facts under it, across the panel
            x, w, y = box.x + 16, box.w - 32, big.get_height() + 8
        pitch = max(body + 5, fit.line_height(body) + 2)
        facts = [_("Power {power}").format(power=d.power),
                 ngettext("{count} copy in the box", "{count} copies in the box", d.copies).format(count=d.copies)]
        facts += self._figure_lines(d)
        for fact in facts:
            for part in fonts.wrap(fact, fonts.font(body), w):
                col.text(part, body, x, y, theme.TEXT)
                y += pitch
            y += 3
        y = max(y, big.get_height() + 12)
        text_size = legible(16, scale)
        text_pitch = max(text_size + 3, fit.line_height(text_size) + 1)

        for kw in d.keywords:
            head = keyword_name(kw)
            y = max(y + 24, col.text(head, 19, box.x + 16, y, theme.ACCENT, bold=True) + 2)
            text = words_of(self.explain.get(kw, ""))
            for part in fonts.wrap(text, fonts.font(text_size), box.w - 32):
                col.text(part, text_size, box.x + 16, y, theme.TEXT)
                y += text_pitch
            y += 6
        if not d.keywords:
            col.text(_("No keyword."), text_size, box.x + 16, y, theme.TEXT_DIM)
        view = pygame.Rect(box.x, top, box.w, box.bottom - 8 - top)
        self.detail_room = col.room(view.h)
        self.detail_scroll = max(0, min(self.detail_room, self.detail_scroll))
        col.draw(surface, view, self.detail_scroll)
        if self.detail_room:  # more above or below: a small arrow at the panel's right edge
            if self.detail_scroll > 0:
                fit.arrow(surface, (box.right - 18, view.y + 8), up=True)
            if self.detail_scroll < self.detail_room:
                fit.arrow(surface, (box.right - 18, view.bottom - 8), up=False)

    def _figure_lines(self, d: CardDef) -> list[str]:
        if not self.loaded:
            return [_("Kept games: loading…")]
        entry = self.figures.cards.get(d.name) if self.figures is not None else None
        if entry is None or not entry.games:
            return [_("Not seen in your kept games yet.")]
        return [ngettext("Played {count} time", "Played {count} times", entry.played).format(count=entry.played),
                ngettext("Stolen by a Mindbug {count} time", "Stolen by a Mindbug {count} times",
                         entry.stolen).format(count=entry.stolen),
                ngettext("On the winning side in {count} game", "On the winning side in {count} games",
                         entry.won).format(count=entry.won)]
