"""The box that shows the whole of a cut text next to it (see game.ui.kit.cut_tips, which knows
the cut texts, where they were drawn and what a tip must not cover)."""

from __future__ import annotations

import pygame

from game.ui.kit import cut_tips, fonts, theme
from game.ui.kit.legible import legible

TIP_W = 620  # the widest a tip gets before it wraps (1280x720 screen pixels)
# Narrower forms of the tip, tried when the widest one would cover a card or the game log.
NARROWER = (420, 280, 180)
GAP = 6  # between the cut text and its tip
EDGE = 4  # the tip keeps this far inside the window


def _area(rect: pygame.Rect) -> int:
    return rect.w * rect.h


def _spots(text: pygame.Rect, w: int, h: int) -> list[pygame.Rect]:
    """Where a w x h tip may go: below the cut text, above it, right of it, left of it."""
    spots = [pygame.Rect(x, y, w, h)
             for y in (text.bottom + GAP, text.top - GAP - h)
             for x in (text.x, text.centerx - w // 2, text.right - w)]
    spots += [pygame.Rect(x, y, w, h)
              for x in (text.right + GAP, text.x - GAP - w)
              for y in (text.centery - h // 2, text.y, text.bottom - h)]
    return spots


def place(text: pygame.Rect, sizes: list[tuple[int, int]], screen: pygame.Rect,
          clear: list[pygame.Rect]) -> tuple[int, pygame.Rect]:
    """The tip's form (an index into ``sizes``, widest first) and its box: inside ``screen``, off
    the cut text, covering as little of ``clear`` (cards, the game log) as can be (nothing where
    there is room); of equal spots, the widest form (fewest lines), below before above before
    beside."""
    inside = screen.inflate(-2 * EDGE, -2 * EDGE)
    best: tuple[int, int, pygame.Rect] | None = None
    for form, (w, h) in enumerate(sizes):
        for spot in _spots(text, w, h):
            spot = spot.clamp(inside)
            cost = sum(_area(spot.clip(c)) for c in clear) + 4 * _area(spot.clip(text))
            if best is None or cost < best[0]:
                best = (cost, form, spot)
            if cost == 0:
                return form, spot
    assert best is not None
    return best[1], best[2]


def draw_tip(surface: pygame.Surface) -> str | None:
    """Over the finished frame: the whole text under the pointer in a box next to the cut text,
    where it covers no card and not the game log (see ``place``). Returns the text shown."""
    at = cut_tips.pointer()
    whole = cut_tips.showing(at)
    shown = cut_tips.place_under(at)
    if whole is None or shown is None:
        return None
    text_rect = shown[0]
    size = legible(17)
    font = fonts.font(size)
    pitch = font.get_height() + 2
    forms: list[list[str]] = []
    sizes: list[tuple[int, int]] = []
    for width in (TIP_W, *NARROWER):
        lines = fonts.wrap(whole, font, width)
        tip_size = (max(fonts.text_width(line, size) for line in lines) + 24, pitch * len(lines) + 16)
        if tip_size not in sizes:
            forms.append(lines)
            sizes.append(tip_size)
    form, box = place(text_rect, sizes, surface.get_rect(), cut_tips.kept_clear())
    # solid: the cut text under it must not show through the whole one
    pygame.draw.rect(surface, theme.PANEL[:3], box, border_radius=8)
    pygame.draw.rect(surface, theme.ACCENT, box, 2, border_radius=8)
    y = box.y + 8
    for line in forms[form]:
        surface.blit(fonts.render_text(line, size, theme.TEXT), (box.x + 12, y))
        y += pitch
    return whole
