"""A failed autosave, said while it matters: a red box at the top of the game log.

The leave question already refuses to claim "It is saved" after a failed write; this tells the
player at once (a full disk, a read-only folder), not only when they try to leave. Drawn from
what the match shows (its writer's last error, whether the match is saved at all); knows no
input.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.ui.core import saves
from game.ui.kit import theme
from game.ui.table import log_box

if TYPE_CHECKING:
    from game.ui.core.context import AppContext


def lines(ctx: AppContext, recordable: bool) -> list[str]:
    """The warning, wrapped to the log's width; none while saving works or nothing is saved."""
    text = saves.failed_save_line(ctx) if recordable else None
    return log_box.wrap(text) if text else []


def height(ctx: AppContext, recordable: bool) -> int:
    """Pixels the box takes at the top of the log (0 when there is nothing to say)."""
    return log_box.height(len(lines(ctx, recordable)))


def draw(surface: pygame.Surface, ctx: AppContext, recordable: bool, top: int) -> None:
    """The box, from ``top`` down (below the hint box, if one is shown)."""
    texts = lines(ctx, recordable)
    if texts:
        log_box.draw(surface, top, [(t, theme.DANGER) for t in texts], theme.DANGER)
