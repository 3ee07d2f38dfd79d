"""Where the large card (hover or right-click zoom) goes on the table. Pure geometry."""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from game.ui.kit.legible import text_scale
from game.ui.table import layout

# A zoom moved clear of the decision's buttons may shrink a little, not below this share of its
# size (a zoom's smallest text is 13 px at 1280x720: it must stay about that); past that it keeps
# its place and the buttons are drawn over it.
MIN_SHRINK = 0.8


def zoom_rect(size: tuple[int, int], card: pygame.Rect, scale: float = 1.0,
              avoid: Sequence[pygame.Rect] = (), left: int = 8) -> pygame.Rect:
    """Where a zoomed card goes: beside the card, on the side with more room, inside the table,
    so the log stays readable (the card's own column stays visible). In a window smaller than
    1280x720 (``scale`` < 1) the zoom grows so its text stays as large on screen. It keeps clear
    of the ``avoid`` rects (the decision's buttons): the other side of the card, else a little
    smaller above or below them. ``left``: the leftmost x it may use (2v2: right of the seat
    plates, which say whose turn it is and who decides)."""
    w, h = size
    max_h = 720 - 24
    grow = max(1.0 / max(min(scale, 1.0), 0.5), text_scale())  # a larger text size: a larger card
    if grow > 1.0:
        grow = min(grow, max_h / h)
        w, h = int(w * grow), int(h * grow)
    if h > max_h:
        w, h = int(w * max_h / h), max_h
    left_first = card.centerx < layout.TABLE_CX
    r = _beside(card, w, h, left_first, card.centery, left)
    if not _hits(r, avoid):
        return r
    other = _beside(card, w, h, not left_first, card.centery, left)
    if not _hits(other, avoid):
        return other
    top, bottom = min(a.top for a in avoid), max(a.bottom for a in avoid)
    for y0, y1 in sorted(((12, top - 8), (bottom + 8, 720 - 12)), key=lambda b: b[0] - b[1]):
        f = min(1.0, (y1 - y0) / h)
        if f < MIN_SHRINK:
            continue
        fit = _beside(card, int(w * f), int(h * f), left_first, (y0 + y1) // 2, left)
        if not _hits(fit, avoid):
            return fit
    return r


def _beside(card: pygame.Rect, w: int, h: int, right: bool, centery: int, left: int = 8) -> pygame.Rect:
    r = pygame.Rect(0, 0, w, h)
    r.centery = centery
    if right:
        r.left = card.right + 18
    else:
        r.right = card.left - 18
    r.clamp_ip(pygame.Rect(left, 12, layout.LOG_PANEL[0] - left - 12, 720 - 24))
    return r


def _hits(r: pygame.Rect, avoid: Sequence[pygame.Rect]) -> bool:
    return any(r.colliderect(a) for a in avoid)
