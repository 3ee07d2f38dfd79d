"""The painter of the creature pictures: a kit of shaded shapes in 200x140 design units.

Blobs with a dark rim and a highlight, tapered tubes for necks, tails and legs, eyes in a few
styles. Shapes are grouped into layers, and every layer gets a dark outline taken from its own
silhouette, so parts read separately the way inked card art does. Everything is drawn at twice
the requested size and smooth-scaled down, which antialiases every edge.
"""

from __future__ import annotations

import math
import random
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from functools import lru_cache

import pygame

RGB = tuple[int, int, int]
Pt = tuple[float, float]

# The design space every recipe draws in; the picture is scaled to fit the requested size.
UNIT_W, UNIT_H = 200.0, 140.0
SUPERSAMPLE = 2
INK: RGB = (34, 24, 40)
WHITE: RGB = (250, 248, 240)


def mix(a: Sequence[int], b: Sequence[int], t: float) -> RGB:
    """Linear blend of two colours (t=0 gives a, t=1 gives b)."""
    return (int(a[0] + (b[0] - a[0]) * t), int(a[1] + (b[1] - a[1]) * t), int(a[2] + (b[2] - a[2]) * t))


def hexc(code: str) -> RGB:
    code = code.lstrip("#")
    return (int(code[0:2], 16), int(code[2:4], 16), int(code[4:6], 16))


class Painter:
    """Draws in 200x140 design units onto a supersampled surface, with outlined layers."""

    def __init__(self, width: int, height: int, keywords: Sequence[str], rng: random.Random):
        self.w, self.h = width * SUPERSAMPLE, height * SUPERSAMPLE
        # Uniform scale, cover-fit: the design fills the picture and overflow is cropped.
        self.k = max(self.w / UNIT_W, self.h / UNIT_H)
        self.ox = (self.w - UNIT_W * self.k) / 2
        self.oy = (self.h - UNIT_H * self.k) / 2
        self.base = pygame.Surface((self.w, self.h), pygame.SRCALPHA, 32)
        self.creature = pygame.Surface((self.w, self.h), pygame.SRCALPHA, 32)
        self._stack: list[pygame.Surface] = [self.creature]
        self.keywords = set(keywords)
        self.hunter = "Hunter" in self.keywords
        self.rng = rng

    # -- coordinates -------------------------------------------------------------------------
    def px(self, x: float, y: float) -> tuple[float, float]:
        return (self.ox + x * self.k, self.oy + y * self.k)

    def s(self, v: float) -> float:
        return v * self.k

    @property
    def target(self) -> pygame.Surface:
        return self._stack[-1]

    # -- layers ------------------------------------------------------------------------------
    @contextmanager
    def layer(self, outline: RGB | None = INK, width: float = 1.3) -> Iterator[None]:
        """Draw a group of shapes, then ink its silhouette and composite it below nothing."""
        surf = pygame.Surface((self.w, self.h), pygame.SRCALPHA, 32)
        self._stack.append(surf)
        try:
            yield
        finally:
            self._stack.pop()
            if outline is not None:
                surf = _outlined(surf, outline, max(1, round(self.s(width))))
            self.target.blit(surf, (0, 0))

    @contextmanager
    def pattern(self) -> Iterator[None]:
        """Draw markings (stripes, spots) clipped to what the current layer already holds."""
        host = self.target
        surf = pygame.Surface((self.w, self.h), pygame.SRCALPHA, 32)
        self._stack.append(surf)
        try:
            yield
        finally:
            self._stack.pop()
            clip = host.copy()
            clip.fill((255, 255, 255, 0), special_flags=pygame.BLEND_RGBA_MAX)
            surf.blit(clip, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
            host.blit(surf, (0, 0))

    @contextmanager
    def backdrop(self) -> Iterator[None]:
        """Draw straight onto the background (no outline)."""
        self._stack.append(self.base)
        try:
            yield
        finally:
            self._stack.pop()

    # -- primitives --------------------------------------------------------------------------
    def _ellipse(self, cx: float, cy: float, rx: float, ry: float, col: Sequence[int]) -> None:
        x, y = self.px(cx - rx, cy - ry)
        rect = pygame.Rect(round(x), round(y), max(1, round(self.s(2 * rx))), max(1, round(self.s(2 * ry))))
        if len(col) == 4 and col[3] < 255:
            tmp = pygame.Surface(rect.size, pygame.SRCALPHA, 32)
            pygame.draw.ellipse(tmp, col, tmp.get_rect())
            self.target.blit(tmp, rect.topleft)
        else:
            pygame.draw.ellipse(self.target, col, rect)

    def ell(self, cx: float, cy: float, rx: float, ry: float, col: Sequence[int], shade: bool = True) -> None:
        """An ellipse; shaded ones get a darker rim below and a soft highlight up-left."""
        if not shade:
            self._ellipse(cx, cy, rx, ry, col)
            return
        self._ellipse(cx, cy, rx, ry, mix(col, INK, 0.3))
        self._ellipse(cx - rx * 0.05, cy - ry * 0.09, rx * 0.93, ry * 0.88, col)
        self._ellipse(cx - rx * 0.32, cy - ry * 0.42, rx * 0.32, ry * 0.2, (*mix(col, WHITE, 0.55), 150))

    def circ(self, cx: float, cy: float, r: float, col: Sequence[int], shade: bool = True) -> None:
        self.ell(cx, cy, r, r, col, shade)

    def poly(self, pts: Sequence[Pt], col: Sequence[int]) -> None:
        pp = [self.px(x, y) for x, y in pts]
        if len(col) == 4 and col[3] < 255:
            tmp = pygame.Surface((self.w, self.h), pygame.SRCALPHA, 32)
            pygame.draw.polygon(tmp, col, pp)
            self.target.blit(tmp, (0, 0))
        else:
            pygame.draw.polygon(self.target, col, pp)

    def rot_ell(self, cx: float, cy: float, rx: float, ry: float, ang: float, col: Sequence[int]) -> None:
        """An ellipse rotated by ``ang`` degrees (wings, leaves, ears, fins)."""
        a = math.radians(ang)
        ca, sa = math.cos(a), math.sin(a)
        pts = []
        for i in range(36):
            t = 2 * math.pi * i / 36
            x, y = rx * math.cos(t), ry * math.sin(t)
            pts.append((cx + x * ca - y * sa, cy + x * sa + y * ca))
        self.poly(pts, col)

    def tube(self, pts: Sequence[Pt], r0: float, r1: float | None = None, col: Sequence[int] = WHITE,
             shade: bool = True) -> None:
        """A smooth tapered limb through ``pts`` (Catmull-Rom), radius r0 at the start, r1 at the end."""
        r1 = r0 if r1 is None else r1
        # Stamp discs closer together than a third of the radius, or thin tubes look beaded.
        spacing = max(0.3 * min(r0, r1), 0.6 / self.k)
        path = _resample(_spline(pts), spacing)
        n = len(path)
        passes: list[tuple[Sequence[int], float, float]] = [(mix(col, INK, 0.3), 1.0, 0.0)]
        if shade:
            passes.append((col, 0.72, 0.16))
        # Tens of thousands of discs a picture: px() and s() written out (the same arithmetic).
        target, k, ox, oy, circle, last = self.target, self.k, self.ox, self.oy, pygame.draw.circle, max(1, n - 1)
        for colour, scale, off in passes:
            for i, (x, y) in enumerate(path):
                r = (r0 + (r1 - r0) * (i / last)) * scale
                circle(target, colour, (ox + (x - off * r) * k, oy + (y - off * r) * k), max(1.0, r * k))

    def line(self, a: Pt, b: Pt, w: float, col: Sequence[int]) -> None:
        self.tube([a, b], w / 2, w / 2, col, shade=False)

    def star(self, cx: float, cy: float, ro: float, ri: float, n: int, col: Sequence[int], rot: float = -90) -> None:
        pts = []
        for i in range(2 * n):
            r = ro if i % 2 == 0 else ri
            a = math.radians(rot + 180 * i / n)
            pts.append((cx + r * math.cos(a), cy + r * math.sin(a)))
        self.poly(pts, col)

    def glow(self, cx: float, cy: float, r: float, col: RGB, strength: int = 90) -> None:
        """A soft radial glow (concentric translucent discs)."""
        steps = 10
        tmp = pygame.Surface((self.w, self.h), pygame.SRCALPHA, 32)
        for i in range(steps):
            rr = r * (1 - i / steps)
            a = int(strength * (i + 1) / steps / 3)
            pygame.draw.circle(tmp, (*col, a), self.px(cx, cy), max(1.0, self.s(rr)))
        self.target.blit(tmp, (0, 0))

    # -- faces -------------------------------------------------------------------------------
    def eye(self, x: float, y: float, r: float, kind: str = "round", iris: RGB = (70, 50, 30),
            look: Pt = (0.15, 0.1), lid: float = 0.0, lid_col: RGB | None = None) -> None:
        """An eye. kinds: round, slit, compound, dot, glow; Hunter turns round/slit into crosshairs."""
        if kind == "compound":
            self.circ(x, y, r, iris)
            for i in range(-2, 3):
                for j in range(-2, 3):
                    cx, cy = x + i * r * 0.36 + (j % 2) * r * 0.18, y + j * r * 0.32
                    if (cx - x) ** 2 + (cy - y) ** 2 < (r * 0.8) ** 2:
                        self.circ(cx, cy, r * 0.1, mix(iris, INK, 0.45), shade=False)
            self.circ(x - r * 0.35, y - r * 0.4, r * 0.2, (255, 255, 255, 200), shade=False)
            return
        if kind == "dot":
            self.circ(x, y, r, INK, shade=False)
            self.circ(x - r * 0.3, y - r * 0.35, r * 0.35, WHITE, shade=False)
            return
        if kind == "glow":
            self.circ(x, y, r * 1.6, (*iris, 70), shade=False)
            self.circ(x, y, r, mix(iris, WHITE, 0.5), shade=False)
            return
        if self.hunter and kind in ("round", "slit"):
            kind = "cross"
        self.circ(x, y, r * 1.12, INK, shade=False)
        self.circ(x, y, r, WHITE, shade=False)
        ix, iy = x + look[0] * r, y + look[1] * r
        if kind == "cross":
            self.circ(ix, iy, r * 0.66, (215, 45, 40), shade=False)
            w = max(0.5, r * 0.12)
            self.line((ix - r * 0.62, iy), (ix + r * 0.62, iy), w, INK)
            self.line((ix, iy - r * 0.62), (ix, iy + r * 0.62), w, INK)
            self.circ(ix, iy, r * 0.2, INK, shade=False)
        elif kind == "slit":
            self.circ(ix, iy, r * 0.72, iris, shade=False)
            self.ell(ix, iy, r * 0.16, r * 0.6, INK, shade=False)
        else:
            self.circ(ix, iy, r * 0.62, iris, shade=False)
            self.circ(ix, iy, r * 0.34, INK, shade=False)
        self.circ(x - r * 0.3, y - r * 0.35, r * 0.24, (255, 255, 255), shade=False)
        if lid > 0:
            cut = y - r * 1.12 + 2 * r * 1.12 * lid
            pts = []
            for i in range(25):
                a = math.pi + math.pi * i / 24
                px, py = x + r * 1.14 * math.cos(a), y + r * 1.14 * math.sin(a)
                pts.append((px, min(py, cut)))
            pts.append((x + r * 1.14, cut))
            self.poly(pts, lid_col or INK)

    def brow(self, x: float, y: float, w: float, slope: float, col: RGB = INK, t: float = 2.4) -> None:
        self.line((x - w / 2, y - slope), (x + w / 2, y + slope), t, col)

    def smile(self, x: float, y: float, w: float, depth: float, col: RGB = INK, t: float = 1.6) -> None:
        self.tube([(x - w / 2, y), (x, y + depth), (x + w / 2, y)], t / 2, t / 2, col, shade=False)

    def teeth(self, x0: float, x1: float, y: float, n: int, size: float, down: bool = True,
              col: RGB = WHITE) -> None:
        step = (x1 - x0) / n
        d = size if down else -size
        for i in range(n):
            a = x0 + i * step
            self.poly([(a, y), (a + step, y), (a + step / 2, y + d)], col)

    def spikes(self, cx: float, cy: float, r: float, n: int, length: float, w: float, col: RGB,
               rot: float = 0.0) -> None:
        for i in range(n):
            a = math.radians(rot + 360 * i / n)
            ca, sa = math.cos(a), math.sin(a)
            tip = (cx + (r + length) * ca, cy + (r + length) * sa)
            b1 = (cx + r * ca - w * sa, cy + r * sa + w * ca)
            b2 = (cx + r * ca + w * sa, cy + r * sa - w * ca)
            self.poly([b1, tip, b2], col)

    def finish(self, width: int, height: int) -> pygame.Surface:
        # Darken the backdrop's edges (not the creature): it pulls the eye to the middle.
        self.base.blit(_vignette(self.w, self.h), (0, 0))
        self.base.blit(self.creature, (0, 0))
        return pygame.transform.smoothscale(self.base, (width, height))


@lru_cache(maxsize=16)
def _vignette(w: int, h: int) -> pygame.Surface:
    small = pygame.Surface((24, 17), pygame.SRCALPHA, 32)
    for y in range(17):
        for x in range(24):
            d = math.hypot((x - 11.5) / 11.5, (y - 8) / 8) / math.sqrt(2)
            small.set_at((x, y), (16, 10, 30, int(max(0.0, d - 0.5) / 0.5 * 95)))
    return pygame.transform.smoothscale(small, (w, h))


def _outlined(surf: pygame.Surface, col: RGB, t: int) -> pygame.Surface:
    """The layer with an ink rim of ``t`` pixels around its silhouette."""
    mask = pygame.mask.from_surface(surf, 100)
    sil = mask.to_surface(setcolor=(*col, 255), unsetcolor=(0, 0, 0, 0))
    out = pygame.Surface(surf.get_size(), pygame.SRCALPHA, 32)
    n = 12 if t > 2 else 8
    for i in range(n):
        a = 2 * math.pi * i / n
        out.blit(sil, (round(t * math.cos(a)), round(t * math.sin(a))))
    out.blit(surf, (0, 0))
    return out


def _spline(pts: Sequence[Pt], per: int = 14) -> list[Pt]:
    if len(pts) < 2:
        return list(pts)
    p = [pts[0], *pts, pts[-1]]
    out: list[Pt] = []
    for i in range(1, len(p) - 2):
        p0, p1, p2, p3 = p[i - 1], p[i], p[i + 1], p[i + 2]
        (x0, y0), (x1, y1), (x2, y2), (x3, y3) = p0, p1, p2, p3
        for j in range(per):  # x and y written out (the same arithmetic): thousands a picture
            t = j / per
            t2, t3 = t * t, t * t * t
            out.append((
                0.5 * (2 * x1 + (-x0 + x2) * t + (2 * x0 - 5 * x1 + 4 * x2 - x3) * t2
                       + (-x0 + 3 * x1 - 3 * x2 + x3) * t3),
                0.5 * (2 * y1 + (-y0 + y2) * t + (2 * y0 - 5 * y1 + 4 * y2 - y3) * t2
                       + (-y0 + 3 * y1 - 3 * y2 + y3) * t3)))
    out.append(pts[-1])
    return out


def _resample(path: Sequence[Pt], spacing: float) -> list[Pt]:
    """Points every ``spacing`` units along a polyline (its ends included)."""
    out = [path[0]]
    carry = 0.0
    for a, b in zip(path, path[1:], strict=False):
        seg = math.dist(a, b)
        pos = spacing - carry
        while pos <= seg:
            t = pos / seg
            out.append((a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t))
            pos += spacing
        carry = (carry + seg) % spacing if seg else carry
    if out[-1] != path[-1]:
        out.append(path[-1])
    return out


# ---------------------------------------------------------------------------------------------
# Backgrounds
