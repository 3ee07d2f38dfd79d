"""The box that shows the whole of a cut text beside the pointer (see game.ui.kit.cut_tips,
which knows the cut texts and where they were drawn)."""

from __future__ import annotations

import pygame

from game.ui.kit import cut_tips, fonts, theme
from game.ui.kit.legible import legible

TIP_W = 620  # the widest a tip gets before it wraps (1280x720 screen pixels)


def draw_tip(surface: pygame.Surface) -> str | None:
    """Over the finished frame: the whole text under the pointer in a box beside it (kept on
    the screen). Returns the text shown."""
    at = cut_tips.pointer()
    whole = cut_tips.showing(at)
    if whole is None or at is None:
        return None
    size = legible(17)
    lines = fonts.wrap(whole, fonts.font(size), TIP_W)
    pitch = fonts.font(size).get_height() + 2
    w = max(fonts.text_width(line, size) for line in lines) + 24
    h = pitch * len(lines) + 16
    box = pygame.Rect(at[0] + 14, at[1] + 22, w, h)
    screen = surface.get_rect()
    if box.right > screen.right - 4:
        box.right = screen.right - 4
    if box.bottom > screen.bottom - 4:  # above the pointer instead
        box.bottom = at[1] - 8
    box.clamp_ip(screen)
    # solid: the cut text under it must not show through the whole one
    pygame.draw.rect(surface, theme.PANEL[:3], box, border_radius=8)
    pygame.draw.rect(surface, theme.ACCENT, box, 2, border_radius=8)
    y = box.y + 8
    for line in lines:
        surface.blit(fonts.render_text(line, size, theme.TEXT), (box.x + 12, y))
        y += pitch
    return whole
