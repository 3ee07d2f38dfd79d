"""Keyword icons, the Mindbug token and the life heart, drawn procedurally.

Drawn at runtime rather than loaded, so they stay sharp at every size the table asks for
(16 px on a card at table size, 64 px in the rules screen). Each is painted at four times the
requested size and smooth-scaled down for clean antialiased edges. ``game.ui.cards.assetgen`` also
exports them as PNGs into ``assets/icons/`` (window icon, README, packaging).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from functools import lru_cache

import pygame

from game.ui.kit import fonts

RGB = tuple[int, int, int]
_SS = 4
INK: RGB = (30, 22, 38)
GLYPH: RGB = (255, 252, 244)

KEYWORDS: tuple[str, ...] = ("Frenzy", "Hunter", "Poisonous", "Sneaky", "Tough")

# One clearly different hue per keyword, so two icons side by side never blur together.
KEYWORD_COLORS: dict[str, RGB] = {
    "Frenzy": (222, 72, 48),
    "Hunter": (226, 150, 30),
    "Poisonous": (66, 170, 72),
    "Sneaky": (118, 74, 182),
    "Tough": (72, 120, 176),
}


def _shade(c: RGB, t: float) -> RGB:
    """Lighten (t > 0) or darken (t < 0) a colour."""
    target = 255 if t > 0 else 0
    t = abs(t)
    return tuple(int(v + (target - v) * t) for v in c)  # type: ignore[return-value]


class _Pen:
    """Draws in a 100x100 unit square on a supersampled surface."""

    def __init__(self, size: int):
        self.size = size
        self.surf = pygame.Surface((size * _SS, size * _SS), pygame.SRCALPHA, 32)
        self.u = size * _SS / 100.0

    def p(self, x: float, y: float) -> tuple[float, float]:
        return (x * self.u, y * self.u)

    def circle(self, x: float, y: float, r: float, col: tuple[int, ...], width: float = 0) -> None:
        w = 0 if width == 0 else max(1, round(width * self.u))
        pygame.draw.circle(self.surf, col, self.p(x, y), r * self.u, w)

    def poly(self, pts: list[tuple[float, float]], col: tuple[int, ...]) -> None:
        pygame.draw.polygon(self.surf, col, [self.p(x, y) for x, y in pts])

    def ellipse(self, x: float, y: float, rx: float, ry: float, col: tuple[int, ...]) -> None:
        r = pygame.Rect(0, 0, round(2 * rx * self.u), round(2 * ry * self.u))
        r.center = (round(x * self.u), round(y * self.u))
        pygame.draw.ellipse(self.surf, col, r)

    def stroke(self, pts: list[tuple[float, float]], w: float, col: tuple[int, ...]) -> None:
        """A polyline with round joints and caps."""
        for a, b in zip(pts, pts[1:], strict=False):
            ax, ay = a
            bx, by = b
            d = math.hypot(bx - ax, by - ay) or 1
            nx, ny = -(by - ay) / d * w / 2, (bx - ax) / d * w / 2
            self.poly([(ax + nx, ay + ny), (bx + nx, by + ny), (bx - nx, by - ny), (ax - nx, ay - ny)], col)
        for x, y in pts:
            self.circle(x, y, w / 2, col)

    def badge(self, col: RGB) -> None:
        """The round coin every keyword icon sits on: dark rim, bevel, soft top highlight."""
        self.circle(50, 50, 49, INK)
        self.circle(50, 50, 44, _shade(col, -0.25))
        self.circle(50, 48, 41, col)
        self.ellipse(50, 30, 28, 14, (*_shade(col, 0.45), 110))

    def done(self) -> pygame.Surface:
        return pygame.transform.smoothscale(self.surf, (self.size, self.size))


def _frenzy(pen: _Pen) -> None:
    pen.badge(KEYWORD_COLORS["Frenzy"])
    for x in (30, 52):  # a double chevron: it strikes again
        pen.stroke([(x, 30), (x + 18, 50), (x, 70)], 11, GLYPH)


def _hunter(pen: _Pen) -> None:
    pen.badge(KEYWORD_COLORS["Hunter"])
    pen.circle(50, 50, 22, GLYPH, width=7)
    for a, b in (((50, 16), (50, 36)), ((50, 64), (50, 84)), ((16, 50), (36, 50)), ((64, 50), (84, 50))):
        pen.stroke([a, b], 7, GLYPH)
    pen.circle(50, 50, 5, GLYPH)


def _poisonous(pen: _Pen) -> None:
    pen.badge(KEYWORD_COLORS["Poisonous"])
    pen.poly([(50, 16), (31, 52), (69, 52)], GLYPH)
    pen.circle(50, 60, 21, GLYPH)
    col = _shade(KEYWORD_COLORS["Poisonous"], -0.3)
    # a tiny skull inside the drop: this one is not water
    pen.circle(50, 58, 10, col)
    pen.poly([(44, 62), (56, 62), (55, 72), (45, 72)], col)
    pen.circle(46, 58, 3.2, GLYPH)
    pen.circle(54, 58, 3.2, GLYPH)


def _sneaky(pen: _Pen) -> None:
    pen.badge(KEYWORD_COLORS["Sneaky"])
    # a domino mask
    pen.poly([(16, 42), (30, 34), (50, 40), (70, 34), (84, 42), (80, 58), (64, 66), (50, 56),
              (36, 66), (20, 58)], GLYPH)
    col = _shade(KEYWORD_COLORS["Sneaky"], -0.35)
    pen.ellipse(35, 50, 9, 6, col)
    pen.ellipse(65, 50, 9, 6, col)


def _tough(pen: _Pen) -> None:
    pen.badge(KEYWORD_COLORS["Tough"])
    pen.poly([(50, 16), (78, 26), (76, 52), (50, 84), (24, 52), (22, 26)], GLYPH)
    col = _shade(KEYWORD_COLORS["Tough"], -0.15)
    pen.poly([(50, 26), (68, 32), (67, 52), (50, 72)], col)


_DRAW: dict[str, Callable[[_Pen], None]] = {
    "Frenzy": _frenzy, "Hunter": _hunter, "Poisonous": _poisonous, "Sneaky": _sneaky, "Tough": _tough,
}


@lru_cache(maxsize=128)
def keyword_icon(name: str, size: int) -> pygame.Surface:
    """The round icon of a keyword; an unknown keyword gets a grey coin with its initial."""
    size = max(4, int(size))
    pen = _Pen(size)
    draw = _DRAW.get(name)
    if draw is not None:
        draw(pen)
        return pen.done()
    pen.badge((120, 120, 130))
    out = pen.done()

    letter = fonts.render_text((name[:1] or "?").upper(), max(6, int(size * 0.6)), GLYPH)
    out.blit(letter, letter.get_rect(center=(size / 2, size / 2)))
    return out


@lru_cache(maxsize=32)
def mindbug_token(size: int, spent: bool = False) -> pygame.Surface:
    """The Mindbug token: a little purple bug; spent ones are grey with closed eyes."""
    pen = _Pen(max(4, int(size)))
    rim, disc = ((70, 66, 76), (120, 116, 126)) if spent else ((240, 196, 70), (66, 36, 96))
    body = (150, 146, 156) if spent else (150, 224, 90)
    pen.circle(50, 50, 49, INK)
    pen.circle(50, 50, 45, rim)
    pen.circle(50, 50, 39, disc)
    for sx in (-1, 1):  # antennae
        pen.stroke([(50 + sx * 8, 40), (50 + sx * 16, 22), (50 + sx * 24, 18)], 4, body)
        pen.circle(50 + sx * 24, 18, 6, body)
    pen.ellipse(50, 58, 25, 22, _shade(body, -0.3))
    pen.ellipse(49, 56, 23, 20, body)
    pen.ellipse(42, 46, 9, 5, (*_shade(body, 0.5), 140))
    for sx in (-1, 1):
        x = 50 + sx * 10
        if spent:
            pen.stroke([(x - 6, 56), (x + 6, 56)], 3.5, INK)
        else:
            pen.circle(x, 55, 8, (255, 255, 255))
            pen.circle(x + 1.5, 56.5, 4.5, INK)
            pen.circle(x - 1.5, 53, 1.8, (255, 255, 255))
    if not spent:
        pen.stroke([(44, 68), (50, 72), (56, 68)], 3, INK)
    else:
        pen.stroke([(44, 70), (56, 70)], 3, INK)
    return pen.done()


@lru_cache(maxsize=32)
def heart(size: int, color: RGB = (226, 52, 72)) -> pygame.Surface:
    """A life heart with a rim and a glossy highlight."""
    pen = _Pen(max(4, int(size)))

    def shape(scale: float, col: tuple[int, ...], dy: float = 0) -> None:
        def t(x: float, y: float) -> tuple[float, float]:
            return (50 + (x - 50) * scale, 52 + (y - 52) * scale + dy)

        for cx in (30, 70):
            x, y = t(cx, 36)
            pen.circle(x, y, 22 * scale, col)
        pen.poly([t(9.5, 44), t(50, 90), t(90.5, 44), t(50, 30)], col)

    shape(1.04, INK)
    shape(0.94, _shade(color, -0.25))
    shape(0.86, color, -2)
    pen.ellipse(32, 32, 9, 6, (255, 255, 255, 170))
    return pen.done()
