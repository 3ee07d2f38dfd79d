"""A failed autosave, said while it matters: a red box at the top of the game log.

The leave question already refuses to claim "It is saved" after a failed write; this tells the
player at once (a full disk, a read-only folder), not only when they try to leave. Drawn from
what the match shows (its writer's last error, whether the match is saved at all); knows no
input.
"""

from __future__ import annotations

import pygame

from game.ui import fonts, saving, theme, widgets
from game.ui.table import layout

BOX_SIZE = 18  # as the hint box: legible in the smallest window (18 * 0.75 = 13.5 px)
BOX_LINE = BOX_SIZE + 4
PAD = 8


def lines(ctx: object, recordable: bool) -> list[str]:
    """The warning, wrapped to the log's width; none while saving works or nothing is saved."""
    text = saving.failed_save_line(ctx) if recordable else None
    if not text:
        return []
    width = layout.LOG_PANEL[2] - 12 - 2 * PAD
    return fonts.wrap(text, fonts.font(BOX_SIZE, True), width)


def height(ctx: object, recordable: bool) -> int:
    """Pixels the box takes at the top of the log (0 when there is nothing to say)."""
    n = len(lines(ctx, recordable))
    return 2 * PAD + BOX_LINE * n + 4 if n else 0


def draw(surface: pygame.Surface, ctx: object, recordable: bool, top: int) -> None:
    """The box, from ``top`` down (below the hint box, if one is shown)."""
    texts = lines(ctx, recordable)
    if not texts:
        return
    x, _y, w, _h = layout.LOG_PANEL
    box = pygame.Rect(x + 6, top, w - 12, 2 * PAD + BOX_LINE * len(texts))
    widgets.panel(surface, box, alpha=245, radius=10)
    pygame.draw.rect(surface, theme.DANGER, box, 2, border_radius=10)
    for i, text in enumerate(texts):
        widgets.text(surface, text, BOX_SIZE, (box.x + PAD, box.y + PAD + i * BOX_LINE),
                     theme.DANGER, bold=True)
