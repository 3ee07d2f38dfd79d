"""Drawing for the tutorial and the puzzles: the banner over the table and the pointing arrow.
Takes what to show; knows no input and no game."""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence

import pygame

from game.ui.kit import fonts, theme, widgets
from game.ui.kit.legible import legible

BANNER = pygame.Rect(200, 2, 812, 62)  # over the opponent's hand: the table's top edge


#: How long a page of a banner too tall for its room is shown: at least this, longer for more words.
PAGE_SECONDS = 4.0
PAGE_SECONDS_PER_CHAR = 0.06


Row = tuple[str, str]  # (its words, its kind: "head" (with the note at its right), "line", "note")


def _sizes(scale: float) -> tuple[int, int, int]:
    """The heading's, the line's and the note's size (legible in the window: ``scale``)."""
    return legible(19, scale), legible(17, scale), legible(15, scale)


def _row_h(kind: str, scale: float) -> int:
    head_size, line_size, note_size = _sizes(scale)
    if kind == "head":
        return widgets.line_height(head_size, True)
    return widgets.line_height(line_size if kind == "line" else note_size)


def banner_pages(heading: str, line: str, note: str = "", scale: float = 1.0,
                 room: int | None = None, width: int = BANNER.w) -> list[list[Row]]:
    """The banner's rows in pages that each fit ``room`` pixels from the table's top edge (None:
    one page however tall), in a banner ``width`` wide. The text size decides how many lines the
    words need; when they need more than the room above the opponent's creatures holds, the
    banner pages (``banner``) rather than cover a card: then the heading wraps like the line
    (never cut) and the note (the opponent's hand count the banner hides) is a row of its own,
    last."""
    head_size, line_size, note_size = _sizes(scale)
    inner_w = width - 24
    lines = fonts.wrap(line, fonts.font(line_size), inner_w) if line else []
    rows = ([(heading, "head")] if heading else []) + [(row, "line") for row in lines]
    if room is None or BANNER.y + 10 + sum(_row_h(kind, scale) for _w, kind in rows) <= room:
        return [rows]
    # Paged: the rows leave room for the page's number ("2/3") at their right.
    inner_w -= page_mark_w(scale)
    rows = [(row, "heading") for row in fonts.wrap(heading, fonts.font(head_size, True), inner_w)] if heading else []
    rows += [(row, "line") for row in fonts.wrap(line, fonts.font(line_size), inner_w)] if line else []
    rows += [(row, "note") for row in fonts.wrap(note, fonts.font(note_size), inner_w)] if note else []
    pages: list[list[Row]] = [[]]
    used = BANNER.y + 10
    for row in rows:
        h = _row_h("head" if row[1] == "heading" else row[1], scale)
        if pages[-1] and used + h > room:
            pages.append([])
            used = BANNER.y + 10
        pages[-1].append(row)
        used += h
    return pages


def banner_place(heading: str, line: str, note: str, scale: float,
                 areas: Sequence[pygame.Rect]) -> tuple[pygame.Rect, list[list[Row]]]:
    """Of the places the banner may take (each from the table's top edge down to the lowest it
    may reach; the first across the table, above the opponent's creatures), the one where its
    words take the fewest pages (the first of equals), and those pages. At a large text size the
    room above the opponent's creatures holds one line: beside them, in their row's free
    stretch, a page holds several."""
    best: tuple[pygame.Rect, list[list[Row]]] | None = None
    for area in areas:
        pages = banner_pages(heading, line, note, scale, area.bottom, area.w)
        if best is None or len(pages) < len(best[1]):
            best = (area, pages)
    assert best is not None, "the banner needs a place"
    return best


def page_mark_w(scale: float) -> int:
    """The room kept at the right of a paged banner's rows for its page's number."""
    return fonts.text_width("9/9", legible(15, scale)) + 12


def page_seconds(page: list[Row]) -> float:
    """How long ``page`` is shown before the next: time to read its words."""
    return max(PAGE_SECONDS, PAGE_SECONDS_PER_CHAR * sum(len(words) for words, _kind in page))


def banner(surface: pygame.Surface, heading: str, line: str, t: float,
           note: str = "", scale: float = 1.0, room: int | None = None, page: int = 0,
           areas: Sequence[pygame.Rect] = ()) -> pygame.Rect:
    """A heading and its line across the top of the table, measured at the text size before the
    box is drawn: the box grows down with the line's rows (it never spills under its frame), as
    far as ``room`` (the top of the opponent's creatures): rows that do not fit are shown a page
    at a time (``page`` of ``banner_pages``, with "2/3" at its right). ``note`` sits at the
    heading's right (what the banner hides: the opponent's hand count). ``areas``: the places
    it may take instead (``banner_place``; ``room`` is then ignored). Returns the box (a
    dragged card's label keeps clear of it)."""
    box = pygame.Rect(BANNER)
    if areas:
        area, pages = banner_place(heading, line, note, scale, areas)
        box.x, box.w, room = area.x, area.w, area.bottom
    else:
        pages = banner_pages(heading, line, note, scale, room)
    inner = box.inflate(-24, -8)
    head_size, line_size, note_size = _sizes(scale)
    note_w = fonts.text_width(note, note_size) + 16 if note else 0
    rows = pages[page % len(pages)]
    mark = f"{page % len(pages) + 1}/{len(pages)}" if len(pages) > 1 else ""
    needed = 10 + sum(_row_h("head" if kind == "heading" else kind, scale) for _w, kind in rows)
    box.h = max(BANNER.h if room is None else min(BANNER.h, room - box.y), needed)
    widgets.panel(surface, box, alpha=255, radius=10)
    pygame.draw.rect(surface, theme.ACCENT, box, 2, border_radius=10)
    y = inner.y
    if mark:
        widgets.text(surface, mark, note_size, (inner.right, box.bottom - 4), theme.TEXT_DIM,
                     anchor="bottomright")
    for words, kind in rows:
        if kind == "head":
            # A heading too long beside the note (German at a large size) is cut with "…" (whole
            # on hover): the count it sits beside is what the banner hides of the table.
            if note_w:
                widgets.text(surface, note, note_size, (inner.right, y + 2), theme.TEXT_DIM, anchor="topright")
            widgets.text_in(surface, words, head_size, pygame.Rect(inner.x, y, inner.w - note_w, _row_h(kind, scale)),
                            theme.ACCENT, bold=True)
        elif kind == "heading":  # a paged heading's line: wrapped, whole
            widgets.text(surface, words, head_size, (inner.x, y), theme.ACCENT, bold=True)
        else:
            widgets.text(surface, words, line_size if kind == "line" else note_size, (inner.x, y),
                         theme.TEXT if kind == "line" else theme.TEXT_DIM)
        y += _row_h("head" if kind == "heading" else kind, scale)
    return box


ARROW_LENGTH, ARROW_HEAD, ARROW_WIDTH = 70, 26, 12
#: The arrow's ways to a target, tried in turn: (the side it comes from, its tail's lean). A
#: card is pointed at from beside it before from its other end (the hand there); a button from
#: its other end (the buttons stand in a row).
_BUTTON_WAYS = (("natural", 34), ("natural", -34), ("flipped", 34), ("flipped", -34),
                ("right", 0), ("left", 0))
_CARD_WAYS = (("natural", 34), ("natural", -34), ("right", 0), ("left", 0),
              ("flipped", 34), ("flipped", -34))


def arrow_polygons(target: pygame.Rect, approach: tuple[str, int], bob: float = 0.0) \
        -> tuple[list[tuple[float, float]], list[tuple[float, float]]]:
    """The shaft's and the head's points of an arrow at ``target`` coming from one side: from
    above for the lower half of the table, from below for the upper ("natural"; "flipped" the
    other way), or from the right or left."""
    side, lean = approach
    above = target.centery > 300
    if side == "flipped":
        above = not above
    if side in ("right", "left"):
        sign = 1 if side == "right" else -1
        x = target.right + 6 + bob if side == "right" else target.left - 6 - bob
        tip = (x, float(target.centery))
        tail = (tip[0] + sign * ARROW_LENGTH, tip[1] - 24)
    else:
        direction = 1 if above else -1
        tip = (target.centerx, target.top - 6 + bob) if above else (target.centerx, target.bottom + 6 - bob)
        tail = (tip[0] + lean, tip[1] - direction * ARROW_LENGTH)
    dx, dy = tip[0] - tail[0], tip[1] - tail[1]
    norm = math.hypot(dx, dy) or 1.0
    ux, uy = dx / norm, dy / norm
    head, width = ARROW_HEAD, ARROW_WIDTH
    base = (tip[0] - ux * head, tip[1] - uy * head)
    px, py = -uy, ux
    head_pts = [tip, (base[0] + px * head * 0.7, base[1] + py * head * 0.7),
                (base[0] - px * head * 0.7, base[1] - py * head * 0.7)]
    shaft = [(tail[0] + px * width / 2, tail[1] + py * width / 2),
             (base[0] + px * width / 2, base[1] + py * width / 2),
             (base[0] - px * width / 2, base[1] - py * width / 2),
             (tail[0] - px * width / 2, tail[1] - py * width / 2)]
    return shaft, head_pts


def _bounds(points: list[tuple[float, float]], margin: int = 0) -> pygame.Rect:
    xs = [p[0] for p in points]
    ys = [p[1] for p in points]
    return pygame.Rect(int(min(xs)) - margin, int(min(ys)) - margin,
                       int(max(xs) - min(xs)) + 1 + 2 * margin, int(max(ys) - min(ys)) + 1 + 2 * margin)


def approach_for(target: pygame.Rect, avoid: Iterable[pygame.Rect] = (),
                 inside: pygame.Rect | None = None, button: bool = False) -> tuple[str, int]:
    """The first way to ``target`` whose arrow (bobbing included) covers none of ``avoid`` (the
    other buttons: their words stay readable) and stays ``inside``; the natural way if none.
    ``button``: the target is a button (else a card)."""
    others = [pygame.Rect(r) for r in avoid if pygame.Rect(r) != target]
    ways = _BUTTON_WAYS if button else _CARD_WAYS
    for approach in ways:
        shaft, head = arrow_polygons(target, approach, 0.0)
        area = _bounds(shaft + head, margin=10).union(_bounds(shaft + head, margin=0).move(0, 8))
        if inside is not None and not inside.contains(area):
            continue
        if not any(area.colliderect(r) for r in others):
            return approach
    return ways[0]


def arrow(surface: pygame.Surface, target: pygame.Rect, t: float,
          avoid: Iterable[pygame.Rect] = (), button: bool = False) -> pygame.Rect:
    """A thick gold arrow pointing at ``target``, bobbing gently so the eye finds it, from the
    side where it covers none of ``avoid`` (the button beside the one it points at). Returns
    the area drawn."""
    bob = 8 * math.sin(t * 5.0)
    approach = approach_for(target, avoid, surface.get_rect(), button)
    shaft, head_pts = arrow_polygons(target, approach, bob)
    # the shaft, then the head, both outlined dark so the arrow reads on any card
    for pts in (shaft, head_pts):
        pygame.draw.polygon(surface, (20, 16, 8), [(x + 2, y + 3) for x, y in pts])
    for pts in (shaft, head_pts):
        pygame.draw.polygon(surface, theme.ACCENT, pts)
        pygame.draw.polygon(surface, (20, 16, 8), pts, 2)
    pygame.draw.rect(surface, theme.ACCENT, target.inflate(8, 8), 3, border_radius=12)
    return _bounds(shaft + head_pts)


def check_mark(surface: pygame.Surface, center: tuple[int, int], size: int = 14,
               color=theme.GOOD) -> None:
    """A drawn tick (no font needs the glyph)."""
    x, y = center
    s = size / 2
    pygame.draw.lines(surface, color, False,
                      [(x - s, y), (x - s * 0.3, y + s * 0.7), (x + s, y - s * 0.8)], 4)


def zone(surface: pygame.Surface, rect: pygame.Rect, t: float) -> None:
    """Where a dragged card should go: a pulsing dashed outline (the arrow points at the card)."""
    pulse = 0.55 + 0.45 * abs(math.sin(t * 3.0))
    color = tuple(int(c * pulse) for c in theme.ACCENT)
    dash, gap = 18, 10
    x0, y0, x1, y1 = rect.left, rect.top, rect.right, rect.bottom
    for x in range(x0, x1, dash + gap):
        pygame.draw.line(surface, color, (x, y0), (min(x + dash, x1), y0), 3)
        pygame.draw.line(surface, color, (x, y1), (min(x + dash, x1), y1), 3)
    for y in range(y0, y1, dash + gap):
        pygame.draw.line(surface, color, (x0, y), (x0, min(y + dash, y1)), 3)
        pygame.draw.line(surface, color, (x1, y), (x1, min(y + dash, y1)), 3)
