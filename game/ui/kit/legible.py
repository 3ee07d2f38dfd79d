"""The smallest text a player must be able to read, at any window size (issue 12, item 6) and at
the player's text size (issue 25, item 4).

The game draws a 1280x720 screen and the window shows it at ``scale`` (0.75 in a 960x540
window): text drawn at ``size`` is ``size * scale`` real pixels high. Every screen asks
``legible`` for its sizes, so one rule holds everywhere: larger text in a small window, never
smaller than ``LEGIBLE_PX`` real pixels (reflow or fewer words make the room, not a smaller font).

The Settings' text size (100% to 200%, one value for the whole process, set by the app with
``set_text_scale``) raises the smallest size on the 1280x720 screen: ``SMALLEST_PX`` times the
text scale (16 px at 100%, 32 at 200%), whatever the window's size. Text already larger keeps
its size (a heading stays a heading), so ``legible`` asked twice gives the same size: a widget
may ask again for a size its caller asked for already.
"""

from __future__ import annotations

import math

LEGIBLE_PX = 13  # real pixels, in the smallest window
SMALLEST_PX = 16  # table pixels at 100% text size (real pixels in a 1280x720 window)

_text_scale = 1.0


def set_text_scale(percent: float) -> None:
    """The Settings' text size in per cent (100 to 200): every size asked for after it follows."""
    global _text_scale
    _text_scale = min(max(float(percent) / 100.0, 1.0), 2.0)


def text_scale() -> float:
    """The text size as a factor (1.0 to 2.0)."""
    return _text_scale


def smallest(scale: float = 1.0) -> int:
    """The smallest text size on the 1280x720 screen, shown at window ``scale``."""
    return max(math.ceil(SMALLEST_PX * _text_scale - 1e-9),
               math.ceil(LEGIBLE_PX / max(min(scale, 1.0), 0.1) - 1e-9))


def legible(size: int, scale: float = 1.0) -> int:
    """``size``, or the smallest size if it is smaller: at least ``SMALLEST_PX`` times the text
    scale, and at least ``LEGIBLE_PX`` real pixels high in a window that shows the screen at
    ``scale`` < 1."""
    return max(int(size), smallest(scale))


LARGEST_SCALE = 2.0  # the Settings' largest text size


def largest(size: int) -> int:
    """``size`` as ``legible`` gives it at the largest text size: a layout that must not move
    when the text size changes (the Settings under the pointer) is made for it."""
    return max(int(size), math.ceil(SMALLEST_PX * LARGEST_SCALE - 1e-9))


def scaled(length: int) -> int:
    """A length that holds text (a row's height, a button's): ``length`` times the text scale."""
    return math.ceil(length * _text_scale - 1e-9)


def enlarged(size: int, scale: float = 1.0) -> bool:
    """Text of ``size`` is drawn larger than asked (a small window, a larger text size): the
    layout made for ``size`` must reflow (two lines, fewer words) rather than overflow."""
    return legible(size, scale) > size
