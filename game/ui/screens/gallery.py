"""The card gallery: every card of the set large, in the current language, with its copies in
the box, its keywords explained, filters by keyword and by power, and from the kept games how
often it was played, stolen by a Mindbug and on the winning side at the end
(game.persist.gallery; the replays are read in a background thread, game.persist.loading, so
the first frame does not wait for the disk).

Keys: arrows move through the cards, Page Up/Down turn the page, K and P step the keyword
and power filters, Tab reaches the filter buttons and Back, Enter presses, Esc goes back.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.common import i18n
from game.common.i18n import N_, _, ngettext
from game.ui.core.scene import Scene
from game.ui.kit import fonts, theme, widgets
from game.ui.kit.backdrop import draw_backdrop
from game.ui.kit.legible import legible
from game.ui.kit.widgets import Button, ButtonRow
from game.ui.screens.howto_text import PAGES

if TYPE_CHECKING:
    from game.engine import CardDef
    from game.ui.core.context import AppContext

KEYWORDS = ("Frenzy", "Hunter", "Poisonous", "Sneaky", "Tough")
#: Power filters: (label, lowest, highest).
POWERS = ((N_("Power 1-3"), 1, 3), (N_("Power 4-6"), 4, 6), (N_("Power 7+"), 7, 99))
COLS, ROWS = 5, 2
CARD_W, GAP = 150, 12
GRID = pygame.Rect(30, 128, COLS * CARD_W + (COLS - 1) * GAP, 2 * round(CARD_W * 1.4) + GAP)
DETAIL = pygame.Rect(840, 118, 420, 592)  # down beside Back
BIG_W = 180


def keyword_explanations() -> dict[str, str]:
    """Each keyword's explanation (English ids, translated when drawn): How to Play's words."""
    page = next(items for title, items in PAGES if title == "Keywords")
    return {head: text for head, text in page if head in KEYWORDS}


class GalleryScene(Scene):
    def __init__(self, ctx: AppContext) -> None:
        super().__init__(ctx)
        from game.cards import load_cards
        from game.persist.loading import GalleryLoading

        self.all_cards: list[CardDef] = list(load_cards().defs)
        self.keyword: str | None = None
        self.power: int | None = None  # index into POWERS
        self.selected = 0
        self.page = 0
        self.explain = keyword_explanations()
        self.loading = GalleryLoading(ctx.store) if ctx.store is not None else None
        self.figures = None  # game.persist.gallery.Gallery once read
        self.loaded = self.loading is None
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
        buttons += [Button(pygame.Rect(0, 66, 0, 40), kw, lambda kw=kw: self.set_keyword(kw),
                           primary=self.keyword == kw, size=17) for kw in KEYWORDS]
        buttons += [Button(pygame.Rect(0, 66, 0, 40), N_("Any power"), lambda: self.set_power(None),
                           primary=self.power is None, size=17)]
        buttons += [Button(pygame.Rect(0, 66, 0, 40), label, lambda i=i: self.set_power(i),
                           primary=self.power == i, size=17) for i, (label, _lo, _hi) in enumerate(POWERS)]
        least = [140] + [100] * len(KEYWORDS) + [124] + [110] * len(POWERS)
        widths = [max(w, fonts.text_width(_(b.text), legible(17), True) + 14)  # the words set the width
                  for b, w in zip(buttons, least, strict=True)]
        x = 30
        for i, (b, w) in enumerate(zip(buttons, widths, strict=True)):
            b.rect.x, b.rect.w = x, w
            x += w + (14 if i == len(KEYWORDS) else 5)
        buttons.append(Button(pygame.Rect(490, 662, 300, 48), N_("Back (Esc)"), self._back))
        focus = self.row.focus if hasattr(self, "row") else -1
        self.row = ButtonRow(buttons)
        if 0 <= focus < len(buttons):
            self.row.focus = focus
            buttons[focus].focused = True
        self.dirty = True

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
        self._lay_out()

    def _cycle(self, which: str) -> None:
        if which == "keyword":
            options = [None, *KEYWORDS]
            self.set_keyword(options[(options.index(self.keyword) + 1) % len(options)])
        else:
            options = [None, *range(len(POWERS))]
            self.set_power(options[(options.index(self.power) + 1) % len(options)])

    # Moving -------------------------------------------------------------------------------------
    def select(self, index: int) -> None:
        n = len(self.cards)
        if not n:
            return
        self.selected = max(0, min(n - 1, index))
        self.page = self.selected // (COLS * ROWS)
        self.dirty = True

    def card_rect(self, slot: int) -> pygame.Rect:
        col, row = slot % COLS, slot // COLS
        return pygame.Rect(GRID.x + col * (CARD_W + GAP), GRID.y + row * (round(CARD_W * 1.4) + GAP),
                           CARD_W, round(CARD_W * 1.4))

    def _back(self) -> None:
        self.ctx.scenes.remove(self)

    def leave(self) -> None:
        if self.loading is not None:
            self.loading.cancel()

    @property
    def animating(self) -> bool:
        return not self.loaded

    def update(self, dt: float) -> None:
        if not self.loaded and self.loading.done:
            self.loaded = True
            self.figures = self.loading.gallery
            self.dirty = True

    speech_title = N_("Cards")

    def spoken_focus(self) -> str | None:
        """Speech: the chosen card (the arrows) in full, then the focused button (Tab)."""
        from game.cards.text import card_text

        parts = []
        cards = self.cards
        if cards and 0 <= self.selected < len(cards):
            d = cards[self.selected]
            facts = ", ".join([_("power {power}").format(power=d.power),
                               *(i18n.keyword_name(k) for k in d.keywords)])
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
        if event.type == pygame.MOUSEWHEEL:
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
        widgets.text(surface, _("Cards"), 40, (640, 12), theme.ACCENT, bold=True, anchor="midtop")
        cards = self.cards
        start = self.page * COLS * ROWS
        for slot, d in enumerate(cards[start:start + COLS * ROWS]):
            r = self.card_rect(slot)
            surface.blit(self.ctx.renderer.face(d, CARD_W), r)
            if start + slot == self.selected:
                pygame.draw.rect(surface, theme.SELECT, r.inflate(6, 6), 3, border_radius=10)
        small = legible(16, scale)
        pages = max(1, -(-len(cards) // (COLS * ROWS)))
        line = ngettext("{count} card", "{count} cards", len(cards)).format(count=len(cards)) + " · " + \
            _("page {page} of {pages} (arrows, Page Up/Down; K and P change the filters)").format(
                page=self.page + 1, pages=pages)
        widgets.text(surface, fonts.fit_width(line, GRID.w, small), small,
                     (GRID.centerx, GRID.bottom + 10), theme.TEXT_DIM, anchor="midtop")
        if not cards:
            widgets.text(surface, _("No card has this keyword and power."), 22, GRID.center,
                         theme.TEXT_DIM, anchor="center")
        widgets.text(surface, fonts.fit_width(self._source_line(), GRID.w, small), small,
                     (GRID.centerx, GRID.bottom + 36), theme.TEXT_DIM, anchor="midtop")
        self._draw_detail(surface, cards[self.selected] if cards else None, scale)
        self.row.draw(surface, scale)

    def _source_line(self) -> str:
        if not self.loaded:
            return _("Loading the kept games…")
        n = self.figures.games if self.figures is not None else 0
        return ngettext("Figures from {count} kept game.", "Figures from {count} kept games.",
                        n).format(count=n)

    def _draw_detail(self, surface: pygame.Surface, d: CardDef | None, scale: float) -> None:
        box = DETAIL
        widgets.panel(surface, box)
        if d is None:
            return
        name = i18n.card_name(d)  # across the panel: a long name keeps a legible size
        size = fonts.fit_size(name, box.w - 32, 26, legible(18, scale), bold=True)
        widgets.text(surface, fonts.fit_width(name, box.w - 32, size, True), size,
                     (box.x + 16, box.y + 12), theme.ACCENT, bold=True)
        top = box.y + 20 + size
        big = self.ctx.renderer.face(d, BIG_W)
        surface.blit(big, (box.x + 14, top))
        x, w = box.x + BIG_W + 30, box.right - (box.x + BIG_W + 30) - 14
        y = top
        body = legible(17, scale)
        facts = [_("Power {power}").format(power=d.power),
                 ngettext("{count} copy in the box", "{count} copies in the box", d.copies).format(count=d.copies)]
        facts += self._figure_lines(d)
        for fact in facts:
            for part in fonts.wrap(fact, fonts.font(body), w):
                widgets.text(surface, part, body, (x, y), theme.TEXT)
                y += body + 5
            y += 3
        y = max(y, top + big.get_height() + 12)
        for kw in d.keywords:
            head = i18n.keyword_name(kw)
            widgets.text(surface, head, 19, (box.x + 16, y), theme.ACCENT, bold=True)
            y += 24
            text = _(self.explain.get(kw, ""))
            y = widgets.paragraph(surface, text, legible(16, scale),
                                  pygame.Rect(box.x + 16, y, box.w - 32, box.bottom - y - 10),
                                  theme.TEXT, line_gap=3) + 6
        if not d.keywords:
            widgets.text(surface, _("No keyword."), legible(16, scale), (box.x + 16, y), theme.TEXT_DIM)

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
