"""The smallest text a player must be able to read, at any window size (issue 12, item 6).

The game draws a 1280x720 screen and the window shows it at ``scale`` (0.75 in a 960x540
window): text drawn at ``size`` is ``size * scale`` real pixels high. Every screen asks
``legible`` for its sizes, so one rule holds everywhere: larger text in a small window, never
smaller than ``LEGIBLE_PX`` real pixels (reflow or fewer words make the room, not a smaller font).
"""

from __future__ import annotations

import math

LEGIBLE_PX = 13


def legible(size: int, scale: float = 1.0) -> int:
    """``size``, or the size that stays at least ``LEGIBLE_PX`` real pixels high if it is
    smaller: in a window that shows the screen at ``scale`` < 1, a larger one."""
    return max(size, math.ceil(LEGIBLE_PX / max(min(scale, 1.0), 0.1) - 1e-9))
