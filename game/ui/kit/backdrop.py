"""The shared menu background: a felt gradient with a fan of card backs, rendered once."""

from __future__ import annotations

import math
from functools import lru_cache
from typing import TYPE_CHECKING

import pygame

from game.ui.kit import theme

if TYPE_CHECKING:
    from game.ui.core.contracts import CardRenderer

GLOW_Y, GLOW_R = 170, 360  # the glow's centre height and outer radius


@lru_cache(maxsize=2)
def _gradient(size: tuple[int, int]) -> pygame.Surface:
    w, h = size
    # Part of the title's first frame (bench/startup.py): one fill per row, and below the glow
    # on a layer only as large as its circles, gave the same pixels as a stretched one-pixel
    # column and a screen-sized layer for ~2 ms less CPU on a cold start.
    surf = pygame.Surface(size)
    (r0, g0, b0), (r1, g1, b1) = (34, 70, 62), (14, 24, 30)
    row = pygame.Rect(0, 0, w, 1)
    for y in range(h):
        t = y / h
        row.y = y
        surf.fill((int(r0 + (r1 - r0) * t), int(g0 + (g1 - g0) * t), int(b0 + (b1 - b0) * t)), row)
    # A soft vignette glow behind the title (its layer: a third of the screen to clear and blend).
    box = pygame.Rect(0, 0, 2 * GLOW_R + 2, 2 * GLOW_R + 2)
    box.center = (w // 2, GLOW_Y)
    box = box.clip(surf.get_rect())
    glow = pygame.Surface(box.size, pygame.SRCALPHA, 32)
    for r in range(GLOW_R, 0, -12):
        a = int(28 * (1 - r / GLOW_R))
        pygame.draw.circle(glow, (255, 210, 120, a), (w // 2 - box.x, GLOW_Y - box.y), r)
    surf.blit(glow, box.topleft)
    return surf


def draw_backdrop(surface: pygame.Surface, renderer: CardRenderer | None = None) -> None:
    if theme.HIGH_CONTRAST:  # a plain black ground: nothing competes with the words
        surface.fill(theme.BG)
    else:
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
