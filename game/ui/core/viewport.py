"""Where the 1280x720 table sits in the window, at what size, and how a window position maps
back to a table position.

The table is shown at ``k/80`` of its size, that is 16k x 9k window pixels (k = 80 is 1:1,
k = 120 the 1920x1080 of a full-HD screen, k = 60 a 960x540 window), centred, with black bars
where the window's shape differs from 16:9. Keeping to that lattice costs at most 15 pixels of
width (8 of height) against the largest exact fit, and buys exact arithmetic: every band of
``strip`` table rows maps to a whole number of window rows, so the window can be updated band
by band (game.ui.core.presenter) and every band always looks the same however it was reached.

Pure arithmetic: no pygame state, so it is tested without a window.
"""

from __future__ import annotations

from dataclasses import dataclass
from math import gcd

TABLE_W, TABLE_H = 1280, 720
STEPS = 80  # k/80: 1280 = 16 * 80 and 720 = 9 * 80
MIN_STRIP = 16  # table rows scaled together at least (fewer calls; a band is 16 rows anyway)


@dataclass(frozen=True)
class View:
    window: tuple[int, int]  # the window's size in pixels
    k: int  # the table is shown at k/80 of its size

    @classmethod
    def fit(cls, window: tuple[int, int]) -> View:
        """The largest 16:9 table that fits the window (never smaller than k = 1)."""
        w, h = int(window[0]), int(window[1])
        return cls((w, h), max(1, min(w // 16, h // 9)))

    @property
    def scale(self) -> float:
        return self.k / STEPS

    @property
    def size(self) -> tuple[int, int]:
        """The table's size in the window."""
        return 16 * self.k, 9 * self.k

    @property
    def origin(self) -> tuple[int, int]:
        """The table's top-left corner in the window (centred: the bars share the rest)."""
        w, h = self.size
        return (self.window[0] - w) // 2, (self.window[1] - h) // 2

    @property
    def rect(self) -> tuple[int, int, int, int]:
        return (*self.origin, *self.size)

    @property
    def identity(self) -> bool:
        """The table fills the window pixel for pixel: nothing to scale, nothing to map."""
        return self.k == STEPS and self.window == (TABLE_W, TABLE_H)

    @property
    def smooth(self) -> bool:
        """Smaller than the table: filter (nearest sampling would drop whole rows of each
        glyph at 0.75x and break the cards' text up); at 1x and larger: sharp nearest pixels."""
        return self.k < STEPS

    @property
    def strip(self) -> int:
        """Table rows scaled as one piece: a multiple of the smallest run of rows that maps to
        whole window rows (80 / gcd(k, 80)), so strips start and end on whole window rows."""
        unit = STEPS // gcd(self.k, STEPS)
        return unit * -(-MIN_STRIP // unit)

    def rows(self, y0: int, y1: int) -> tuple[int, int]:
        """Window rows ``[Y0, Y1)`` showing table rows ``[y0, y1)`` (ends on strip edges or the
        table's last row: both map to whole window rows)."""
        top = self.origin[1]
        return top + y0 * self.k // STEPS, top + y1 * self.k // STEPS

    def to_table(self, pos: tuple[int, int]) -> tuple[int, int]:
        """The table pixel shown at window pixel ``pos`` (outside the table in the bars: a
        position off the table, which no button contains)."""
        ox, oy = self.origin
        return (int(pos[0]) - ox) * STEPS // self.k, (int(pos[1]) - oy) * STEPS // self.k

    def to_window(self, pos: tuple[int, int]) -> tuple[int, int]:
        """The window pixel showing table pixel ``pos`` (its top-left corner when enlarged)."""
        ox, oy = self.origin
        return ox + -(-int(pos[0]) * self.k // STEPS), oy + -(-int(pos[1]) * self.k // STEPS)

    def rel_to_table(self, pos: tuple[int, int], rel: tuple[int, int]) -> tuple[int, int]:
        """A motion's ``rel`` in table pixels: where it went minus where it came from, both
        mapped, so the table positions of a drag add up exactly (no rounding drift)."""
        x1, y1 = self.to_table(pos)
        x0, y0 = self.to_table((pos[0] - rel[0], pos[1] - rel[1]))
        return x1 - x0, y1 - y0
