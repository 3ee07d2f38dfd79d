"""Drawing for the tutorial and the puzzles: the banner over the table and the pointing arrow.
Takes what to show; knows no input and no game."""

from __future__ import annotations

import math

import pygame

from game.ui.kit import fonts, theme, widgets

BANNER = pygame.Rect(200, 2, 812, 62)  # over the opponent's hand: the table's top edge


def banner(surface: pygame.Surface, heading: str, line: str, t: float,
           note: str = "") -> pygame.Rect:
    """A heading and one line (wrapped to two if long) across the top of the table; ``note``
    sits at the heading's right (what the banner hides: the opponent's hand count)."""
    box = pygame.Rect(BANNER)
    widgets.panel(surface, box, alpha=255, radius=10)
    pygame.draw.rect(surface, theme.ACCENT, box, 2, border_radius=10)
    inner = box.inflate(-24, -8)
    y = inner.y
    room = inner.w
    if note:
        room -= widgets.text(surface, note, 15, (inner.right, y + 2), theme.TEXT_DIM,
                             anchor="topright").w + 16
    if heading:
        size = fonts.fit_size(heading, room, 19, 13, bold=True)
        widgets.text(surface, heading, size, (inner.x, y), theme.ACCENT, bold=True)
        y += size + 4
    if line:
        rest = pygame.Rect(inner.x, y, inner.w, inner.bottom - y)
        size = 17
        while size > 12 and len(fonts.wrap(line, fonts.font(size), rest.w)) * (size + 3) > rest.h + 2:
            size -= 1
        widgets.paragraph(surface, line, size, rest, theme.TEXT)
    return box


def arrow(surface: pygame.Surface, target: pygame.Rect, t: float) -> pygame.Rect:
    """A thick gold arrow pointing at ``target`` from above (from below for the top half),
    bobbing gently so the eye finds it. Returns the area drawn."""
    bob = 8 * math.sin(t * 5.0)
    from_above = target.centery > 300
    tip = (target.centerx, target.top - 6 + bob) if from_above else \
        (target.centerx, target.bottom + 6 - bob)
    direction = 1 if from_above else -1
    length, head, width = 70, 26, 12
    tail = (tip[0] + 34, tip[1] - direction * length)
    # the shaft, then the head, both outlined dark so the arrow reads on any card
    dx, dy = tip[0] - tail[0], tip[1] - tail[1]
    norm = math.hypot(dx, dy) or 1.0
    ux, uy = dx / norm, dy / norm
    base = (tip[0] - ux * head, tip[1] - uy * head)
    px, py = -uy, ux
    head_pts = [tip, (base[0] + px * head * 0.7, base[1] + py * head * 0.7),
                (base[0] - px * head * 0.7, base[1] - py * head * 0.7)]
    shaft = [(tail[0] + px * width / 2, tail[1] + py * width / 2),
             (base[0] + px * width / 2, base[1] + py * width / 2),
             (base[0] - px * width / 2, base[1] - py * width / 2),
             (tail[0] - px * width / 2, tail[1] - py * width / 2)]
    for pts in (shaft, head_pts):
        pygame.draw.polygon(surface, (20, 16, 8), [(x + 2, y + 3) for x, y in pts])
    for pts in (shaft, head_pts):
        pygame.draw.polygon(surface, theme.ACCENT, pts)
        pygame.draw.polygon(surface, (20, 16, 8), pts, 2)
    pygame.draw.rect(surface, theme.ACCENT, target.inflate(8, 8), 3, border_radius=12)
    xs = [p[0] for p in shaft + head_pts]
    ys = [p[1] for p in shaft + head_pts]
    return pygame.Rect(min(xs), min(ys), max(xs) - min(xs) + 1, max(ys) - min(ys) + 1)


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
