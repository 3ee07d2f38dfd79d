"""The shared menu background: a felt gradient with a fan of card backs, rendered once."""

from __future__ import annotations

import math
from functools import lru_cache

import pygame


@lru_cache(maxsize=2)
def _gradient(size: tuple[int, int]) -> pygame.Surface:
    w, h = size
    # One pixel column stretched sideways: the same rows as a line per row, ~10x faster (this
    # is part of the title's first frame, see bench/startup.py).
    column = pygame.Surface((1, h))
    (r0, g0, b0), (r1, g1, b1) = (34, 70, 62), (14, 24, 30)
    for y in range(h):
        t = y / h
        column.set_at((0, y), (int(r0 + (r1 - r0) * t), int(g0 + (g1 - g0) * t),
                               int(b0 + (b1 - b0) * t)))
    surf = pygame.transform.scale(column, size)
    # A soft vignette glow behind the title.
    glow = pygame.Surface(size, pygame.SRCALPHA)
    for r in range(360, 0, -12):
        a = int(28 * (1 - r / 360))
        pygame.draw.circle(glow, (255, 210, 120, a), (w // 2, 170), r)
    surf.blit(glow, (0, 0))
    return surf


def draw_backdrop(surface: pygame.Surface, renderer: object | None = None) -> None:
    surface.blit(_gradient(surface.get_size()), (0, 0))
    if renderer is None:
        return
    try:
        back = renderer.back(110)
    except Exception:
        return
    cx, cy = surface.get_width() // 2, surface.get_height() + 140
    for i in range(-4, 5):
        angle = i * 9
        img = pygame.transform.rotozoom(back, -angle, 1.0)
        rad = math.radians(angle)
        x = cx + math.sin(rad) * 520
        y = cy - math.cos(rad) * 300
        img.set_alpha(70)
        surface.blit(img, img.get_rect(center=(x, y)))
