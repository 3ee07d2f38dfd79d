"""Crowded rows: a creature overlapped by its right neighbour keeps a readable strip.

The layout first shrinks a crowded row, then overlaps it so each card's left edge (its power
circle) stays visible. Where more than a quarter of the name banner is hidden too, the name is
written upward along that strip (hover or right-click still shows the whole card).
"""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING

import pygame

from game.common import i18n
from game.ui.kit import fonts
from game.ui.table import hud
from game.ui.table.sprites import tilted

if TYPE_CHECKING:
    from game.ui.table.stage import TableStage


def covered(stage: TableStage) -> dict[object, float]:  # a sprite key: a card's id or a place
    """Play cards partly covered by their right neighbour: key -> visible width."""
    rows: dict[int, list] = {}
    for sp in stage.sprites.values():
        if sp.zone == "play" and not sp.dragging and sp.seat is not None:
            rows.setdefault(sp.seat, []).append(sp)
    out: dict[object, float] = {}  # a sprite key: a card's id or a place
    for row in rows.values():
        row.sort(key=lambda s: s.x)
        for a, b in zip(row, row[1:]):
            ra, rb = a.rect(), b.rect()
            # a lunge or clash, or a card turning (the Mindbug's tilt, exhausting): no spines
            # mid-move (a turning card's box is not its shape)
            moving = a.dx or a.dy or b.dx or b.dy or tilted(a.angle) or tilted(b.angle)
            if rb.left < ra.right - 4 and not moving:
                out[a.key] = max(0, rb.left - ra.left)
    return out


def draw(stage: TableStage, surface: pygame.Surface, sp, visible: float | None) -> None:
    """A card overlapped by its neighbour keeps a readable strip: its name written upward
    along the visible edge, under the power circle, on two lines when the strip allows
    (hover or right-click shows the card whole)."""
    if visible is None or visible < 14 or visible > 0.75 * sp.w:
        return  # (three quarters of the name banner still show: readable as it is)
    d = stage.card_def(sp.cid)
    if d is None:
        return
    r = sp.rect()
    top = r.y + int(0.34 * r.h) if round(sp.angle / 90) % 2 == 0 else r.y + 6
    length = r.bottom - 4 - top
    if length < 30:
        return
    img = _spine_text(i18n.card_name(d), int(visible) - 4, length - 6)
    band = pygame.Rect(r.x + 2, top, min(int(visible) - 3, img.get_width() + 6), length)
    surface.blit(hud.band(band.size), band)
    # Read upward from the bottom; whatever still does not fit is cut at the name's end.
    shown = min(img.get_height(), length - 6)
    area = pygame.Rect(0, img.get_height() - shown, img.get_width(), shown)
    surface.blit(img, (band.centerx - img.get_width() // 2, band.bottom - 3 - shown), area)


@lru_cache(maxsize=256)
def _spine_text(name: str, room: int, length: int) -> pygame.Surface:
    """The name turned to read upward, in one or two lines across ``room`` pixels."""
    lines = [name]
    words = name.replace("-", "- ").split()
    if room >= 24 and len(words) > 1:
        cut = min(range(1, len(words)),
                  key=lambda i: abs(len(" ".join(words[:i])) - len(" ".join(words[i:]))))
        lines = [" ".join(words[:cut]).replace("- ", "-"), " ".join(words[cut:]).replace("- ", "-")]
    cap = max(9, min(14, room // len(lines) - 1))
    size = min(fonts.fit_size(line, length, cap, 9, bold=True) for line in lines)
    imgs = [fonts.render_text(line, size, (250, 246, 230), True) for line in lines]
    w = max(i.get_width() for i in imgs)
    h = sum(i.get_height() for i in imgs)
    block = pygame.Surface((w, h), pygame.SRCALPHA, 32)
    y = 0
    for i in imgs:
        block.blit(i, (0, y))
        y += i.get_height()
    return pygame.transform.rotate(block, 90)
