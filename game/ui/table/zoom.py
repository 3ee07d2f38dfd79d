"""Where the large card (hover or right-click zoom) goes on the table. Pure geometry."""

from __future__ import annotations

import pygame

from game.ui.table import layout


def zoom_rect(size: tuple[int, int], card: pygame.Rect, scale: float = 1.0) -> pygame.Rect:
    """Where a zoomed card goes: beside the card, on the side with more room, inside the table,
    so the log stays readable (the card's own column stays visible). In a window smaller than
    1280x720 (``scale`` < 1) the zoom grows so its text stays as large on screen."""
    w, h = size
    max_h = 720 - 24
    if scale < 1.0:
        grow = min(1.0 / max(scale, 0.5), max_h / h)
        w, h = int(w * grow), int(h * grow)
    if h > max_h:
        w, h = int(w * max_h / h), max_h
    r = pygame.Rect(0, 0, w, h)
    r.centery = card.centery
    if card.centerx < layout.TABLE_CX:
        r.left = card.right + 18
    else:
        r.right = card.left - 18
    r.clamp_ip(pygame.Rect(8, 12, layout.LOG_PANEL[0] - 8 - 12, 720 - 24))
    return r
