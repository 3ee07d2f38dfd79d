"""A box at the top of the game log, below its title: the hint, a failed save. The log makes
room for the boxes (its ``reserve``); they stack in the order the match draws them.

Draws the lines it is given; knows no input.
"""

from __future__ import annotations

import pygame

from game.ui.kit import fonts, widgets
from game.ui.table import layout

SIZE = 18  # legible in the smallest window too (18 * 0.75 = 13.5 px)
LINE = SIZE + 4
PAD = 8
GAP = 4  # below a box: before the next box or the log's first line
TOP = layout.LOG_PANEL[1] + 40  # the first box: below the log's title


def wrap(text: str) -> list[str]:
    """``text`` broken into lines that fit the box."""
    return fonts.wrap(text, fonts.font(SIZE, True), layout.LOG_PANEL[2] - 12 - 2 * PAD)


def height(n_lines: int) -> int:
    """Pixels a box of ``n_lines`` takes from the log (0 for no lines: no box)."""
    return 2 * PAD + LINE * n_lines + GAP if n_lines else 0


def draw(surface: pygame.Surface, top: int, lines: list[tuple[str, tuple]],
         border: tuple) -> pygame.Rect:
    """The box from ``top`` down: (text, colour) lines in a frame of ``border``."""
    x, _y, w, _h = layout.LOG_PANEL
    box = pygame.Rect(x + 6, top, w - 12, height(len(lines)) - GAP)
    widgets.panel(surface, box, alpha=245, radius=10)
    pygame.draw.rect(surface, border, box, 2, border_radius=10)
    for i, (text, color) in enumerate(lines):
        widgets.text(surface, text, SIZE, (box.x + PAD, box.y + PAD + i * LINE), color, bold=True)
    return box
