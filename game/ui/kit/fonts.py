"""Fonts and cached text rendering.

Every piece of text uses FreeSans Bold, the font pygame-ce ships inside its own package, so the
game looks the same on every machine without bundling a font file of our own. It is the only
TTF in the pygame folder; "bold" adds pygame's synthetic emboldening for titles and numbers.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

import pygame

from game.common import i18n, safe_text
from game.ui.kit import cut_tips, textlayout

Color = tuple[int, int, int] | tuple[int, int, int, int]


@lru_cache(maxsize=1)
def font_file() -> Path:
    """Path of the bundled TTF (loaded by path: ``Font(None, n)`` silently shrinks n to 69%)."""
    return Path(pygame.__file__).resolve().parent / pygame.font.get_default_font()


@lru_cache(maxsize=128)
def font(size: int, bold: bool = False, italic: bool = False) -> pygame.font.Font:
    """A cached font of ``size`` pixels (the em size, as in any TTF renderer)."""
    if not pygame.font.get_init():
        pygame.font.init()
    size = max(4, int(size))
    try:
        f = pygame.font.Font(str(font_file()), size)
    except (OSError, FileNotFoundError):  # a stripped bundle: fall back to pygame's own lookup
        f = pygame.font.Font(None, size)
    f.bold = bold
    f.italic = italic
    return f


def _factor(size: int) -> int:
    """How much larger than ``size`` small text is rendered before scaling down (see render_text)."""
    return 3 if size <= 14 else 2 if size <= 24 else 1


@lru_cache(maxsize=4096)
def drawable(text: str) -> str:
    """``text`` as it is measured and drawn: game.common.safe_text's rule applied once more here, where
    every text meets the font, so no text from anywhere (a file name, a message quoting a file)
    can crash the renderer (a NUL, a surrogate) or make it build a glyph column screens tall."""
    return safe_text.clean(text, 3 * len(text))  # NFC may lengthen a text, up to 3 times


def text_width(text: str, size: int, bold: bool = False, italic: bool = False) -> int:
    """The width ``render_text`` will give ``text`` (measured the way it is drawn)."""
    k = _factor(size)
    return -(-font(size * k, bold, italic).size(drawable(text))[0] // k)


def wrap(text: str, fnt: pygame.font.Font, width: int) -> list[str]:
    """``text`` in lines no wider than ``width`` pixels in ``fnt``: the one line breaker,
    ``textlayout.wrap`` (spaces, the text's hyphens, the language's hyphenation points, "…" when
    not one syllable fits), measured as ``render_text`` draws."""
    # Every Font in the game comes from font(), so its size says how render_text draws it.
    size = getattr(fnt, "point_size", 0)
    if not size:  # a font of unknown size: measured as it is
        return textlayout.wrap(text, width, lambda line: fnt.size(line)[0])
    lines = list(_wrapped(text, size, bool(fnt.bold), bool(fnt.italic), width, i18n.language()))
    textlayout.seen(text, lines)
    return lines


@lru_cache(maxsize=4096)
def _wrapped(text: str, size: int, bold: bool, italic: bool, width: int,
             language: str) -> tuple[str, ...]:
    """``wrap`` of a font from ``font()``, kept: a screen that fits a page (How to Play's
    pictures beside their text) wraps the same paragraphs at the same widths again and again,
    and each wrap measures every candidate line."""
    return tuple(textlayout.wrap_unobserved(text, width,
                                            lambda line: text_width(line, size, bold, italic), language))


# The most characters one line is drawn with: more than any screen shows at a legible size. A
# 10,000-character name from the command line rendered at 2x (see _render_text) crashed the
# process in the font library (a surface some 200,000 pixels wide): cut, it ends in "...".
MAX_DRAWN_CHARS = 400


def render_text(
    text: str,
    size: int,
    color: Color = (255, 255, 255),
    bold: bool = False,
    italic: bool = False,
) -> pygame.Surface:
    """Antialiased text on a transparent surface, cached (text is re-drawn every frame).

    ``color`` may be a tuple or a ``pygame.Color``; treat the result as read-only.
    """
    text = str(text)
    if len(text) > MAX_DRAWN_CHARS:
        text = text[:MAX_DRAWN_CHARS - 1] + "\u2026"
    return _render_text(text, int(size), tuple(color), bool(bold), bool(italic))


@lru_cache(maxsize=2048)
def _render_text(text: str, size: int, color: Color, bold: bool, italic: bool) -> pygame.Surface:
    """The cached worker of render_text.

    Small sizes are rendered at 2-3x and smooth-scaled down: FreeType's hinting rounds every
    glyph advance to whole pixels, which at card-text sizes gives gappy "cre a tures" spacing.
    Measure with ``text_width`` (``wrap`` does so for fonts from ``font``).
    """
    k = _factor(size)
    surf = font(size * k, bold, italic).render(drawable(text), True, color)
    if k == 1:
        return surf
    if surf.get_width() == 0:  # "" renders 0 px wide, and smoothscale crashes on that
        return pygame.Surface((0, max(1, round(surf.get_height() / k))), pygame.SRCALPHA, 32)
    w = max(1, round(surf.get_width() / k))
    h = max(1, round(surf.get_height() / k))
    return pygame.transform.smoothscale(surf, (w, h))


def render_outlined(
    text: str,
    size: int,
    color: Color = (255, 255, 255),
    outline: Color = (0, 0, 0),
    thickness: int = 1,
    bold: bool = False,
) -> pygame.Surface:
    """Text with a solid outline, readable on any background (names, power numbers)."""
    return _outlined(text, size, tuple(color), tuple(outline), max(1, thickness), bold)


@lru_cache(maxsize=512)
def _outlined(
    text: str, size: int, color: Color, outline: Color, thickness: int, bold: bool
) -> pygame.Surface:
    inner = render_text(text, size, color, bold)
    edge = render_text(text, size, outline, bold)
    t = thickness
    out = pygame.Surface((inner.get_width() + 2 * t, inner.get_height() + 2 * t), pygame.SRCALPHA, 32)
    for dx in range(-t, t + 1):
        for dy in range(-t, t + 1):
            if dx * dx + dy * dy <= t * t + 1:
                out.blit(edge, (t + dx, t + dy))
    out.blit(inner, (t, t))
    return out


ELLIPSIS = textlayout.ELLIPSIS


def fit_width(text: str, width: int, size: int, bold: bool = False) -> str:
    """``text`` as drawn at ``size`` in at most ``width`` pixels: whole if it fits, else cut
    with an ellipsis (textlayout.cut). The caller keeps the whole text for hover, the zoom and
    speech; text that must stay whole wraps instead (``wrap``)."""
    shown = textlayout.cut(text, width, lambda line: text_width(line, size, bold))
    if shown != text:  # the whole text shows when the pointer rests on the cut one
        cut_tips.remember(shown, text)
    return shown


def fit_size(text: str, width: int, start: int, minimum: int, bold: bool = False) -> int:
    """The largest font size from ``start`` down to ``minimum`` at which ``text`` fits ``width``."""
    size = start
    while size > minimum and text_width(text, size, bold) > width:
        size -= 1
    return size
