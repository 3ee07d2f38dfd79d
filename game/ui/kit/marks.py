"""Shapes that carry meaning without colour: corner marks (may be chosen), a tick badge
(chosen), the Enter arrow (the default button), the turn arrow (whose turn), team emblems.

Each is drawn with a dark edge under it, so it reads on any ground and in any palette
(``theme``); colour only adds to the shape (docs/accessibility.md, "Not by colour alone").
"""

from __future__ import annotations

import pygame

from game.ui.kit import theme

EDGE = (0, 0, 0)

#: Team emblems by team row (0: the bottom seat's team): a round one and a diamond.
TEAM_SHAPES = ("circle", "diamond")


def corner_marks(surface: pygame.Surface, rect: pygame.Rect, color, length: int = 16, width: int = 5) -> None:
    """An L-shaped bracket at each corner of ``rect`` (outside a card: "you may pick this")."""
    width = width + (theme.LINE - 1) * 2
    for dark, w in ((True, width + 4), (False, width)):
        c = EDGE if dark else color
        grow = 2 if dark else 0
        for (x, y), (sx, sy) in (((rect.left, rect.top), (1, 1)), ((rect.right - 1, rect.top), (-1, 1)),
                                 ((rect.left, rect.bottom - 1), (1, -1)),
                                 ((rect.right - 1, rect.bottom - 1), (-1, -1))):
            h0 = (x - sx * grow, y)
            pygame.draw.line(surface, c, h0, (x + sx * (length + grow), y), w)
            pygame.draw.line(surface, c, (x, y - sy * grow), (x, y + sy * (length + grow)), w)


def tick_badge(surface: pygame.Surface, center: tuple[int, int], size: int, color) -> None:
    """A round badge with a tick: "this one is chosen"."""
    cx, cy = center
    r = size // 2
    pygame.draw.circle(surface, EDGE, (cx, cy), r + 2)
    pygame.draw.circle(surface, color, (cx, cy), r)
    pygame.draw.circle(surface, (255, 255, 255), (cx, cy), r, 2)
    pts = [(cx - r * 0.5, cy + r * 0.02), (cx - r * 0.12, cy + r * 0.42), (cx + r * 0.55, cy - r * 0.4)]
    pygame.draw.lines(surface, EDGE, False, pts, max(3, size // 6))


def enter_arrow(surface: pygame.Surface, rect: pygame.Rect, color) -> None:
    """The Enter key's arrow (down, then left) filling ``rect``: "Enter takes this button"."""
    w = max(2, rect.h // 6)
    right, top, bottom, left = rect.right - w, rect.top + 1, rect.bottom - rect.h // 3, rect.left + 1
    pygame.draw.lines(surface, color, False, [(right, top), (right, bottom), (left + rect.h // 3, bottom)], w)
    head = rect.h // 3
    pygame.draw.polygon(surface, color, [(left, bottom), (left + head, bottom - head), (left + head, bottom + head)])


def turn_arrow(surface: pygame.Surface, tip: tuple[int, int], size: int, color) -> None:
    """A solid triangle pointing right, its point at ``tip``: "this seat takes the turn"."""
    x, y = tip
    pts = [(x, y), (x - size, y - size * 0.7), (x - size, y + size * 0.7)]
    grown = [(x + 2, y), (x - size - 2, y - size * 0.7 - 3), (x - size - 2, y + size * 0.7 + 3)]
    pygame.draw.polygon(surface, EDGE, grown)
    pygame.draw.polygon(surface, color, pts)


def team_emblem(surface: pygame.Surface, center: tuple[int, int], size: int, row: int, color) -> None:
    """The team's shape (a disc for the bottom seat's team, a diamond for the other), so the
    plates, the rows and the team box pair up without telling the colours apart."""
    cx, cy = center
    r = size // 2
    if TEAM_SHAPES[row % 2] == "circle":
        pygame.draw.circle(surface, EDGE, (cx, cy), r + 2)
        pygame.draw.circle(surface, color, (cx, cy), r)
    else:
        pygame.draw.polygon(surface, EDGE, [(cx, cy - r - 3), (cx + r + 3, cy), (cx, cy + r + 3), (cx - r - 3, cy)])
        pygame.draw.polygon(surface, color, [(cx, cy - r), (cx + r, cy), (cx, cy + r), (cx - r, cy)])
