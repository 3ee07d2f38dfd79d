"""The table's fixed parts: felt, seat panels (name, life, Mindbugs, piles), log, prompt.
The 2v2 seat plates, team box and name tabs are in ``plates``."""

from __future__ import annotations

import math
from functools import lru_cache
from typing import TYPE_CHECKING

import pygame

from game.common.i18n import N_, _
from game.ui.kit import fonts, marks, theme, widgets
from game.ui.kit.legible import LEGIBLE_PX, enlarged, legible  # noqa: F401 - shared with the menus; hud.legible stays
from game.ui.table import layout

if TYPE_CHECKING:
    from game.engine import CardDef
    from game.ui.core.contracts import CardRenderer




def fit_label(text: str, width: int, size: int, bold: bool = False) -> str:
    """``text`` shortened to fit ``width`` at ``size``: first without a trailing "(...)" (the
    level in "Computer (Medium)"), then cut with an ellipsis. Never a smaller font."""
    if fonts.text_width(text, size, bold) <= width:
        return text
    head, sep, _rest = text.partition(" (")
    if sep and fonts.text_width(head, size, bold) <= width:
        return head
    return fonts.fit_width(text, width, size, bold)


def button_width(text: str, scale: float = 1.0) -> int:
    """The width a button needs for ``text`` at the smallest legible size (a button shrinks
    its label to fit, down to 12: in a small window that would be too small to read)."""
    return fonts.text_width(text, legible(12, scale), bold=True) + 24


def felt(n_seats: int = 2) -> pygame.Surface:
    """The static background, rendered once per table size and palette."""
    return _felt(n_seats, theme.VERSION)


@lru_cache(maxsize=2)
def _felt(n_seats: int, _version: int) -> pygame.Surface:
    surf = pygame.Surface((theme.SCREEN_W, theme.SCREEN_H))
    surf.fill(theme.BG)
    table = pygame.Rect(layout.TABLE_X0 - 4, 4, layout.TABLE_X1 - layout.TABLE_X0 + 8, 712)
    for i in range(table.h):
        t = abs(i - table.h / 2) / (table.h / 2)
        c = tuple(int(a + (b - a) * t) for a, b in zip(theme.FELT, theme.FELT_DARK, strict=True))
        pygame.draw.line(surf, c, (table.x, table.y + i), (table.right - 1, table.y + i))
    pygame.draw.rect(surf, (12, 30, 26), table, 3, border_radius=16)
    if n_seats == 4:  # the side lanes move with the split: drawn each frame by row_tab
        for pos in ("top", "bottom"):
            _lane(surf, pygame.Rect(layout.row_rect(pos)))
        widgets.panel(surf, pygame.Rect(layout.TEAM_BOX), 255)
        for pos in ("top", "left", "right", "bottom"):
            widgets.panel(surf, pygame.Rect(layout.plate(pos).rect), 255)
    else:
        # Play areas: faint lanes so it is clear where cards go.
        for cy in (layout.TOP_PLAY_Y, layout.BOTTOM_PLAY_Y):
            _lane(surf, pygame.Rect(layout.TABLE_X0 + 6, cy - 76,
                                    layout.TABLE_X1 - layout.TABLE_X0 - 12, 152))
        for top in (8, 400):
            widgets.panel(surf, pygame.Rect(layout.LEFT_PANEL[0], top, layout.LEFT_PANEL[2], 312), 255)
    widgets.panel(surf, pygame.Rect(layout.LOG_PANEL), 255)
    return surf


def _lane(surf: pygame.Surface, lane: pygame.Rect) -> None:
    surf.blit(lane_image(lane.size), lane)


@lru_cache(maxsize=16)
def lane_image(size: tuple[int, int]) -> pygame.Surface:
    s = pygame.Surface(size, pygame.SRCALPHA, 32)
    pygame.draw.rect(s, (255, 255, 255, 14), s.get_rect(), border_radius=14)
    pygame.draw.rect(s, (255, 255, 255, 30), s.get_rect(), 1, border_radius=14)
    return s


def heart(surface: pygame.Surface, center: tuple[int, int], size: int, color) -> None:
    x, y = center
    r = size // 4
    pygame.draw.circle(surface, color, (x - r, y - r // 2), r + 1)
    pygame.draw.circle(surface, color, (x + r, y - r // 2), r + 1)
    pygame.draw.polygon(surface, color, [(x - 2 * r - 1, y - r // 3), (x + 2 * r + 1, y - r // 3),
                                         (x, y + 2 * r)])


def mindbug_token(surface: pygame.Surface, center: tuple[int, int], used: bool,
                  squash: float = 1.0, size: int = 44) -> None:
    """A round token: bright with a bug face while unused, dark when spent."""
    w = max(2, int(size * squash))
    r = pygame.Rect(0, 0, w, size)
    r.center = center
    if used:
        pygame.draw.ellipse(surface, (48, 44, 58), r)
        pygame.draw.ellipse(surface, (90, 84, 100), r, 2)
        return
    pygame.draw.ellipse(surface, theme.MINDBUG, r)
    pygame.draw.ellipse(surface, (240, 220, 255), r, 2)
    if squash > 0.6 and size < 40:  # small: two eyes are enough to read as the bug
        cx, cy = center
        pygame.draw.circle(surface, (30, 10, 50), (cx - size // 6, cy - 2), max(2, size // 9))
        pygame.draw.circle(surface, (30, 10, 50), (cx + size // 6, cy - 2), max(2, size // 9))
    elif squash > 0.6:
        cx, cy = center
        pygame.draw.circle(surface, (30, 10, 50), (cx - 7, cy - 3), 5)
        pygame.draw.circle(surface, (30, 10, 50), (cx + 7, cy - 3), 5)
        pygame.draw.line(surface, (30, 10, 50), (cx - 6, cy - 14), (cx - 12, cy - 24), 2)
        pygame.draw.line(surface, (30, 10, 50), (cx + 6, cy - 14), (cx + 12, cy - 24), 2)
        pygame.draw.arc(surface, (30, 10, 50), pygame.Rect(cx - 8, cy + 1, 16, 10), math.pi, 2 * math.pi, 2)


def turn_arrow(surface: pygame.Surface, y: int) -> None:
    """The arrow beside the seat that takes the turn, at the panels' right edge."""
    marks.turn_arrow(surface, (TURN_ARROW_TIP, y), 13, theme.ACCENT)


TURN_ARROW_TIP = layout.LEFT_PANEL[0] + layout.LEFT_PANEL[2] + 10  # over the gap to the table


def name_that_fits(name: str, width: int, size: int, level_last: bool = False) -> tuple[str, bool]:
    """A seat's name in ``width`` at ``size``, and whether it is bold: whole, or without its
    "(level)" ("Computer (Leicht)": "Computer"); in the regular weight rather than cut ("Bartholomew"
    at 200%); cut only if even that does not fit. ``level_last``: the whole name in the regular
    weight before the bold one without its level."""
    head, sep, _level = name.partition(" (")
    tries = [(name, True), (name, False), (head, True), (head, False)] if level_last else \
        [(name, True), (head, True), (name, False), (head, False)]
    for text, bold in tries if sep else [(name, True), (name, False)]:
        if fonts.text_width(text, size, bold) <= width:
            return text, bold
    return fit_label(name, width, size, True), True


def seat_panel(surface: pygame.Surface, *, is_bottom: bool, name: str, active: bool, life: int,
               life_pulse: float, mindbugs: int, token_flip: float, deck: int, discard: int,
               renderer: CardRenderer, thinking: float | None, turn_label: str = "",
               scale: float = 1.0, slots: int = 2) -> None:
    """One seat's counters (``slots``: the Mindbug tokens the seat started with). ``scale`` < 1 (a small window): every label keeps LEGIBLE_PX on
    screen; a long name takes the regular weight, then loses its "(level)" or is cut rather than shrunk."""
    p = layout.seat_panel(is_bottom)
    x0 = layout.LEFT_PANEL[0]
    if active:  # the ring, and (not by colour alone) the turn arrow pointing out of the panel
        glow = pygame.Rect(x0, p.top, layout.LEFT_PANEL[2], 312)
        pygame.draw.rect(surface, theme.ACCENT, glow, 3 * theme.LINE, border_radius=14)
        turn_arrow(surface, p.name[1] + 13)
    large = large_panel(scale)
    width = layout.LEFT_PANEL[2] - 16
    size = fonts.fit_size(name, width, legible(22, scale), legible(12, scale), bold=True)
    name, bold = name_that_fits(name, width, size, level_last=True)
    name_rect = widgets.text(surface, name, size, p.name, theme.ACCENT if active else theme.TEXT, bold=bold)
    sub = turn_label if active else ""
    if thinking is not None:
        sub = _("Thinking") + "." * (1 + int(thinking * 3) % 3)
    if sub:
        sub_size = legible(16, scale)
        widgets.text(surface, fit_label(sub, width, sub_size) if large else sub, sub_size,
                     (p.name[0], name_rect.bottom if large else p.name[1] + 26), theme.TEXT_DIM)
    if large:  # the name and its line take more room: the heart and the tokens sit lower
        p = layout.SeatPanel(p.top, p.name, (p.life[0], p.life[1] + 26), (p.mindbugs[0], p.mindbugs[1] + 26),
                             p.deck, p.discard)
    # Life: a heart with the number, pulsing when it changes.
    grow = 1.0 + 0.35 * life_pulse
    heart(surface, p.life, int(64 * grow), theme.DANGER)
    widgets.text(surface, str(life), int(30 * grow), (p.life[0], p.life[1] - 4), (255, 255, 255),
                 bold=True, anchor="center")
    small = legible(14, scale)
    if not large:  # large text: the heart, the tokens and the piles speak without their words
        widgets.text(surface, _("Life"), small, (p.life[0], p.life[1] + 44), theme.TEXT_DIM, anchor="center")
    # Mindbug tokens: the one being spent squashes (a flip) before showing its dark side.
    for i in range(max(slots, mindbugs)):
        used = i >= mindbugs
        squash = 1.0
        if i == mindbugs and token_flip > 0:
            squash = abs(1 - 2 * token_flip)
            used = token_flip > 0.5
        c = (p.mindbugs[0] - 22 + i * 48, p.mindbugs[1])
        mindbug_token(surface, c, used, squash)
    if not large:
        widgets.text(surface, _("Mindbugs"), small, (p.mindbugs[0] + 2, p.mindbugs[1] + 44), theme.TEXT_DIM,
                     anchor="center")
    # Draw pile: stacked backs with the count.
    if deck:
        back = renderer.back(layout.PILE_W)
        for k in range(min(3, deck)):
            surface.blit(back, back.get_rect(center=(p.deck[0] - k * 2, p.deck[1] - k * 2)))
    else:
        empty_slot(surface, p.deck)
    if not discard:
        empty_slot(surface, p.discard)
    pile = legible(15, scale)
    if large:  # the count on each pile, on a dark pill (as on the 2v2 plates)
        for center, n in ((p.deck, deck), (p.discard, discard)):
            count_pill(surface, (center[0], center[1] + int(layout.card_h(layout.PILE_W)) // 2 + 8), n, pile)
        return
    # "Draw {count}": the pile's word and its count, in the window's language.
    for (words, word, count), (cx, cy) in (((N_("Draw {count}"), N_("Draw"), deck), p.deck),
                                           ((N_("Discard {count}"), N_("Discard"), discard), p.discard)):
        shown = _(words).format(count=count)
        if fonts.text_width(shown, pile) <= layout.PILE_W + 24:
            widgets.text(surface, shown, pile, (cx, cy + 50), theme.TEXT, anchor="center")
        else:  # larger text in a small window: the word over the count, so the two stay apart
            widgets.text(surface, _(word), pile, (cx, cy + 41), theme.TEXT, anchor="midtop")
            widgets.text(surface, str(count), pile, (cx, cy + 41 + pile + 2), theme.TEXT, anchor="midtop")


def large_panel(scale: float) -> bool:
    """The text size leaves no room for the 1v1 panel's words under its heart, tokens and piles."""
    return legible(14, scale) >= 22


def count_pill(surface: pygame.Surface, midbottom: tuple[int, int], n: int, size: int) -> pygame.Rect:
    """A count on a dark pill, its lower edge at ``midbottom``."""
    img = fonts.render_outlined(str(n), size, theme.TEXT, (0, 0, 0), 2, bold=True)
    r = img.get_rect(midbottom=midbottom)
    pill = r.inflate(10, -2)
    pygame.draw.rect(surface, (12, 14, 18), pill, border_radius=9)
    pygame.draw.rect(surface, theme.PANEL_EDGE, pill, 1, border_radius=9)
    surface.blit(img, r)
    return pill


def empty_slot(surface: pygame.Surface, center: tuple[int, int], w: int = layout.PILE_W) -> None:
    r = pygame.Rect(0, 0, w, int(layout.card_h(w)))
    r.center = center
    pygame.draw.rect(surface, (255, 255, 255, 40), r, 2, border_radius=6)


def discard_rect(is_bottom: bool) -> pygame.Rect:
    p = layout.seat_panel(is_bottom)
    r = pygame.Rect(0, 0, layout.PILE_W + 12, int(layout.card_h(layout.PILE_W)) + 30)
    r.center = (p.discard[0], p.discard[1] + 10)
    return r


def discard_rects(n_seats: int, bottom: int) -> dict[int, pygame.Rect]:
    """Every seat's discard pile as a click target (a click opens it)."""
    if n_seats != 4:
        return {bottom: discard_rect(True), 1 - bottom: discard_rect(False)}
    out = {}
    for seat in range(4):
        x, y = layout.plate(layout.position(bottom, seat, 4)).discard
        r = pygame.Rect(0, 0, layout.MINI_W + 10, int(layout.card_h(layout.MINI_W)) + 26)
        r.center = (x, y + 8)
        out[seat] = r
    return out


@lru_cache(maxsize=16)
def shade(size: tuple[int, int], alpha: int) -> pygame.Surface:
    """A dark rounded panel at ``alpha`` (behind a lane or a 2v2 plate), kept per size."""
    s = pygame.Surface(size, pygame.SRCALPHA, 32)
    pygame.draw.rect(s, (20, 20, 24, alpha), s.get_rect(), border_radius=14)
    return s


class LogView:
    """The game log's scroll position and the card names under the mouse.

    Keeps every line of the game: the panel shows a window of the wrapped rows, following the
    newest line until the player scrolls back (wheel, drag, PageUp/PageDown/Home/End).
    """

    size = 16
    row_h = size + 4
    scale = 1.0  # how large the window shows the table (set_scale)
    #: Pixels at the top of the log's body kept free for a box drawn there (the match's hint).
    reserve = 0
    _source: int | None  # the log list last wrapped (its id); None: wrap it again

    def set_scale(self, scale: float) -> None:
        """A window smaller than the table's 1280x720 gets larger log text (it stays legible
        once scaled down) and the log reflows."""
        self.scale = scale
        size = legible(15, scale)  # 16 px at 1280x720, more in a small window or a larger text size
        if size != self.size:
            self.size, self.row_h = size, size + 4
            self.rewrap()  # at the new size

    def __init__(self, names: dict[str, CardDef] | None = None) -> None:
        self.names = dict(names or {})  # card name -> card definition, for hovering names
        self.scroll = 0  # index of the first row shown
        self.follow = True  # stick to the newest line
        self.visible_rows = 1
        self.rows: list[tuple[str, tuple]] = []
        self.row_names: list[list[tuple[int, int, str]]] = []  # card names in each row
        self._wrapped = 0  # lines of the log already wrapped into rows
        self._source = None
        self.spans: list[tuple[pygame.Rect, str]] = []  # card names drawn in the last frame
        self.hover_name: str | None = None

    def rewrap(self) -> None:
        """Wrap every line again at the next frame (a new size, a new language)."""
        self._source = None

    # Geometry -------------------------------------------------------------------------------------
    def title_room(self) -> int:
        """The panel's top taken by its title (more at a larger text size)."""
        return max(40, 14 + fonts.render_text("Ag", legible(18, self.scale), bold=True).get_height())

    def body(self) -> pygame.Rect:
        x, y, w, h = layout.LOG_PANEL
        top = self.title_room()
        return pygame.Rect(x, y + top + self.reserve, w, h - top - 4 - self.reserve)

    def contains(self, pos: tuple[int, int]) -> bool:
        return pygame.Rect(layout.LOG_PANEL).collidepoint(pos)

    # Scrolling ------------------------------------------------------------------------------------
    def _max_scroll(self) -> int:
        return max(0, len(self.rows) - self.visible_rows)

    def scroll_to(self, row: int) -> None:
        self.scroll = max(0, min(int(row), self._max_scroll()))
        self.follow = self.scroll >= self._max_scroll()

    def scroll_by(self, rows: int) -> None:
        self.scroll_to(self.scroll + rows)

    def scroll_to_top(self) -> None:
        self.scroll_to(0)

    def scroll_to_end(self) -> None:
        self.scroll_to(self._max_scroll())

    # Content --------------------------------------------------------------------------------------
    def update_rows(self, lines: list[tuple[str, tuple]], width: int) -> None:
        """Wrap only the lines added since the last frame (a long game has hundreds)."""
        if self._source != id(lines) or self._wrapped > len(lines):
            self.rows, self._wrapped, self._source = [], 0, id(lines)
            self.row_names = []
        fnt = fonts.font(self.size)
        for text, color in lines[self._wrapped:]:
            rows = fonts.wrap(text, fnt, width)
            self.rows.extend((ln, color) for ln in rows)
            self.row_names.extend(self._find_names(text, rows))  # measured once, not every frame
        self._wrapped = len(lines)
        if self.follow:
            self.scroll = self._max_scroll()
        self.scroll = max(0, min(self.scroll, self._max_scroll()))

    def name_at(self, pos: tuple[int, int]) -> str | None:
        for rect, name in self.spans:
            if rect.collidepoint(pos):
                return name
        return None

    def _find_names(self, text: str, rows: list[str]) -> list[list[tuple[int, int, str]]]:
        """(x offset, width, name) of every card name in each wrapped row of one log line; a
        name wrapped over two rows ("... Killer" / "Bee.") is found on both."""
        found = []  # (start, end, name) in the whole line
        for name in self.names:
            i = text.find(name)
            while i >= 0:
                found.append((i, i + len(name), name))
                i = text.find(name, i + len(name))
        out, at = [], 0
        for ln in rows:
            start = text.find(ln, at) if ln else -1
            start = at if start < 0 else start
            end = at = start + len(ln)
            spans = []
            for a, b, name in found:
                lo, hi = max(a, start), min(b, end)
                if lo < hi:
                    left = fonts.text_width(ln[:lo - start], self.size) if lo > start else 0
                    spans.append((left, fonts.text_width(ln[lo - start:hi - start], self.size), name))
            out.append(spans)
        return out


def log_panel(surface: pygame.Surface, title: str, lines: list[tuple[str, tuple]],
              view: LogView | None = None) -> None:
    x, y, w, h = layout.LOG_PANEL
    view = view if view is not None else LogView()
    tsize = fonts.fit_size(title, w - 24, legible(18, view.scale), legible(11, view.scale), bold=True)
    if fonts.text_width(title, tsize, bold=True) > w - 24:
        title = fit_label(title.partition(": ")[0], w - 24, tsize, bold=True)  # "Turn 12"
    widgets.text(surface, title, tsize, (x + 12, y + 10), theme.ACCENT, bold=True)
    body = view.body()
    line_y = y + view.title_room() - 4
    pygame.draw.line(surface, theme.PANEL_EDGE, (x + 10, line_y), (x + w - 10, line_y))
    view.visible_rows = max(1, (body.h - 24) // view.row_h)  # room for the "End" hint
    view.update_rows(lines, w - 30)
    view.spans = []
    yy = body.y + 4
    first = view.scroll
    for i, (text, color) in enumerate(view.rows[first:first + view.visible_rows]):
        surface.blit(fonts.render_text(text, view.size, color), (x + 12, yy))
        view.spans.extend((pygame.Rect(x + 12 + left, yy, w, view.row_h), name)
                          for left, w, name in view.row_names[first + i])
        yy += view.row_h
    for rect, name in view.spans:
        if name == view.hover_name:
            pygame.draw.line(surface, theme.ACCENT, rect.bottomleft, rect.bottomright)
    total = len(view.rows)
    if total > view.visible_rows:  # a scroll bar: where this window is in the whole game
        track = pygame.Rect(x + w - 10, body.y + 4, 4, view.visible_rows * view.row_h)
        pygame.draw.rect(surface, (255, 255, 255, 30), track, border_radius=2)
        pygame.draw.rect(surface, (70, 76, 88), track, border_radius=2)
        th = max(16, track.h * view.visible_rows // total)
        ty = track.y + (track.h - th) * view.scroll // max(1, total - view.visible_rows)
        pygame.draw.rect(surface, theme.TEXT_DIM, (track.x, ty, track.w, th), border_radius=2)
        if not view.follow:
            widgets.text(surface, _("End: newest"), legible(13, view.scale), (x + w - 16, y + h - 6),
                         theme.ACCENT, anchor="bottomright")


def prompt_line(surface: pygame.Surface, text: str, y: int, color=None, scale: float = 1.0,
                keep_bottom: bool = False) -> pygame.Rect:
    """The prompt centred on ``y`` over a dark band; returns the band.

    It shrinks to fit the table, but never below a size that stays legible in the window
    (``scale``); a prompt still too long then takes two lines. ``keep_bottom``: the two-line
    band grows upward, so it stays clear of the buttons below it."""
    size, lines = _prompt_lines(text, scale)
    color = theme.TEXT if color is None else color
    imgs = [fonts.render_outlined(t, size, color, (0, 0, 0), 2, bold=True) for t in lines]
    one = imgs[0].get_height()
    step = one - 2  # outlined lines touch but do not overlap
    h = one + step * (len(imgs) - 1)
    top = y - one // 2 - (h - one if keep_bottom else (h - one) // 2)
    rects = [img.get_rect(midtop=(layout.TABLE_CX, top + i * step)) for i, img in enumerate(imgs)]
    r = rects[0].unionall(rects[1:]) if len(rects) > 1 else rects[0]
    # A dark band behind the words: readable over cards as well as felt.
    band = r.inflate(28, 14 if len(imgs) == 1 else 8)
    surface.blit(_band(band.size), band)
    for img, rect in zip(imgs, rects, strict=True):
        surface.blit(img, rect)
    return band


def _prompt_lines(text: str, scale: float) -> tuple[int, list[str]]:
    width = layout.TABLE_X1 - layout.TABLE_X0 - 30
    size = fonts.fit_size(text, width, legible(22, scale), legible(12, scale), bold=True)
    if fonts.text_width(text, size, bold=True) > width:
        return size, _balanced(text, size, width)
    return size, [text]


def large_prompt(scale: float) -> bool:
    """The text size makes the prompt larger than the 1v1 table's gap between the rows was made
    for: it goes under the opponent's row (or beside a played card) and takes lines there."""
    return legible(22, scale) >= 24 or legible(12, scale) >= 20  # 125%: it can no longer shrink


#: Large text, 1v1: the prompt starts under the opponent's row; the buttons follow it.
LARGE_PROMPT_TOP = round(layout.TOP_PLAY_Y + layout.card_h(layout.PLAY_W) / 2) + 4


def _line_h(size: int) -> int:
    return fonts.render_outlined("Ag", size, theme.TEXT, (0, 0, 0), 2, bold=True).get_height() - 2


def large_buttons_y(scale: float) -> int:
    """Large text, 1v1: the centre line of the decision buttons under a two-line prompt."""
    return LARGE_PROMPT_TOP + 2 * _line_h(legible(22, scale)) + 10 + 6 + 23


def prompt_block(surface: pygame.Surface, text: str, rect: pygame.Rect, color=theme.TEXT,
                 scale: float = 1.0, centre: bool = True, bottom: int | None = None) -> pygame.Rect:
    """The prompt wrapped into ``rect``'s width from its top, over a dark band; returns the band.
    ``bottom``: the band ends above it (tighter around its lines); a last line that finds no
    room there ends in "…" (speech says the prompt whole)."""
    size = legible(22, scale)
    lines = _balanced(text, size, rect.w - 28) if centre else fonts.wrap(text, fonts.font(size, True), rect.w - 28)
    step = _line_h(size)
    pad = 6 if bottom is None else 3
    if bottom is not None:
        room = max(1, (bottom - rect.y - 2 * pad) // step)
        if len(lines) > room:
            lines = lines[:room - 1] + [fonts.fit_width(" ".join(lines[room - 1:]), rect.w - 28, size, True)]
    imgs = [fonts.render_outlined(t, size, color, (0, 0, 0), 2, bold=True) for t in lines]
    band = pygame.Rect(rect.x, rect.y, rect.w, step * len(imgs) + 2 * pad)
    surface.blit(_band(band.size), band)
    for i, img in enumerate(imgs):
        r = img.get_rect(midtop=(band.centerx, band.y + pad + i * step)) if centre else \
            img.get_rect(topleft=(band.x + 14, band.y + pad + i * step))
        surface.blit(img, r)
    return band


def prompt_y_over(text: str, bottom: int, scale: float = 1.0) -> int:
    """The ``y`` to give ``prompt_line`` (``keep_bottom``) so that its band ends at ``bottom``."""
    size, lines = _prompt_lines(text, scale)
    one = fonts.render_outlined("Ag", size, theme.TEXT, (0, 0, 0), 2, bold=True).get_height()
    pad = 7 if len(lines) == 1 else 4
    return bottom - pad - (one - one // 2)


def prompt_y_under(text: str, top: int, scale: float = 1.0) -> int:
    """The ``y`` to give ``prompt_line`` (centred) so that its band starts at ``top``."""
    size, lines = _prompt_lines(text, scale)
    one = fonts.render_outlined("Ag", size, theme.TEXT, (0, 0, 0), 2, bold=True).get_height()
    h = one + (one - 2) * (len(lines) - 1)
    pad = 7 if len(lines) == 1 else 4
    return top + pad + (h - one) // 2 + one // 2


def _balanced(text: str, size: int, width: int) -> list[str]:
    """``text`` wrapped to ``width``; two lines are split where they are most even (no lone
    "go?" on the second line)."""
    lines = fonts.wrap(text, fonts.font(size, True), width)
    if len(lines) != 2:
        return lines
    best = lines
    # A list such as the Mindbug offer's "A: deciding  >  B: next" breaks between its items
    # (where two spaces stand), never inside a name; other text between any two words.
    for sep in ("  ", " "):
        words = text.split(sep)
        best_w = max(fonts.text_width(t, size, True) for t in lines) if sep == " " else width + 1
        for i in range(1, len(words)):
            pair = [sep.join(words[:i]).strip(), sep.join(words[i:]).strip()]
            w = max(fonts.text_width(t, size, True) for t in pair)
            if w <= width and w < best_w:
                best, best_w = pair, w
        if best is not lines:
            return best
    return best


def spinner(surface: pygame.Surface, center: tuple[int, int], t: float, radius: int = 12) -> None:
    for i in range(8):
        a = t * 6 + i * math.pi / 4
        alpha = 60 + 195 * ((i + 1) / 8)
        c = (int(alpha), int(alpha), int(alpha))
        pygame.draw.circle(surface, c, (center[0] + math.cos(a) * radius,
                                        center[1] + math.sin(a) * radius), 3)


@lru_cache(maxsize=32)
def _band(size: tuple[int, int]) -> pygame.Surface:
    band = pygame.Surface(size, pygame.SRCALPHA, 32)
    pygame.draw.rect(band, (10, 14, 18, 200), band.get_rect(), border_radius=12)
    return band


def band(size: tuple[int, int]) -> pygame.Surface:
    """The prompt's dark rounded band, at any size (cached)."""
    return _band(size)
