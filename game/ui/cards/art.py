"""Procedural creature pictures: one distinctive cartoon per card, drawn from code.

Each known creature has a small recipe (``_RECIPES``) built from a kit of shaded shapes:
blobs with a dark rim and a highlight, tapered tubes for necks, tails and legs, eyes in a
few styles. Shapes are grouped into layers, and every layer gets a dark outline taken from its
own silhouette, so parts read separately the way inked card art does. Everything is drawn at
twice the requested size and smooth-scaled down, which antialiases every edge.

Nothing is random at run time: the few varying details (stars, bubbles, palettes of unknown
creatures) come from ``random.Random(crc32(name))``, so a card always looks the same.
Keywords add motifs on top: Frenzy speed lines, Hunter crosshair eyes, Poisonous green ooze,
Sneaky a shadow double on a darker backdrop, Tough riveted steel corners.
"""

from __future__ import annotations

import math
import random
import zlib
from collections.abc import Callable, Iterator, Sequence
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
    return tuple(int(a[i] + (b[i] - a[i]) * t) for i in range(3))  # type: ignore[return-value]


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
        passes = [(mix(col, INK, 0.3), 1.0, 0.0)]
        if shade:
            passes.append((col, 0.72, 0.16))
        for colour, scale, off in passes:
            for i, (x, y) in enumerate(path):
                t = i / max(1, n - 1)
                r = (r0 + (r1 - r0) * t) * scale
                pygame.draw.circle(self.target, colour, self.px(x - off * r, y - off * r), max(1.0, self.s(r)))

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
        for j in range(per):
            t = j / per
            t2, t3 = t * t, t * t * t
            out.append(tuple(
                0.5 * (2 * p1[c] + (-p0[c] + p2[c]) * t + (2 * p0[c] - 5 * p1[c] + 4 * p2[c] - p3[c]) * t2
                       + (-p0[c] + 3 * p1[c] - 3 * p2[c] + p3[c]) * t3)
                for c in range(2)))  # type: ignore[arg-type]
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


def _gradient(p: Painter, top: RGB, bottom: RGB) -> None:
    for y in range(p.h):
        pygame.draw.line(p.base, mix(top, bottom, y / max(1, p.h - 1)), (0, y), (p.w, y))


def _scene(p: Painter, habitat: str, accent: RGB) -> None:
    """Paint the habitat behind a creature: a gradient sky and a few simple shapes."""
    rng = p.rng
    sneaky = "Sneaky" in p.keywords
    skies = {
        "meadow": ("8fd3f4", "e8f6d8"), "forest": ("3f7a5c", "a9cf8e"), "sea": ("1c6ea4", "63c3d8"),
        "deep": ("0b1a3a", "1f4e79"), "night": ("1d1a44", "4b3f7a"), "dusk": ("1d1a44", "5b4a7a"), "cave": ("2c2130", "6b4f4a"),
        "swamp": ("4d6b3a", "9fb26a"), "desert": ("f3a65c", "fde3a0"), "snow": ("9cc3e6", "eef6ff"),
        "psychic": ("5a1f7a", "d46bb0"), "volcano": ("5a1a1a", "e0683a"), "grave": ("2f2a4a", "6f8a72"),
        "arena": ("3a1020", "b0405a"), "jungle": ("1f5a3a", "7fbf6a"), "vault": ("4a3320", "c9a048"),
    }
    top, bottom = (hexc(c) for c in skies.get(habitat, skies["meadow"]))
    if sneaky:  # Sneaky creatures live in the shadows: dusk the whole scene.
        top, bottom = mix(top, (20, 16, 44), 0.55), mix(bottom, (40, 30, 70), 0.5)
    _gradient(p, top, bottom)
    with p.backdrop():
        if habitat in ("meadow", "desert"):
            p.circ(160, 28, 16, (255, 236, 150, 220), shade=False)
        if habitat in ("night", "grave", "dusk") or sneaky:
            for _ in range(14):
                p.circ(rng.uniform(0, 200), rng.uniform(0, 70), rng.uniform(0.5, 1.3), (255, 255, 230, 200), shade=False)
        if habitat in ("night", "grave"):
            moon = pygame.Surface((p.w, p.h), pygame.SRCALPHA, 32)
            pygame.draw.circle(moon, (240, 236, 200, 235), p.px(38, 30), p.s(15))
            pygame.draw.circle(moon, (0, 0, 0, 0), p.px(45, 25), p.s(13))  # bite: a crescent
            p.base.blit(moon, (0, 0))
        if habitat == "meadow":
            p.ell(50, 138, 90, 34, hexc("7cc56a"), shade=False)
            p.ell(170, 140, 80, 30, hexc("5fae58"), shade=False)
            for _ in range(10):
                x, y = rng.uniform(5, 195), rng.uniform(115, 138)
                p.circ(x, y, 1.6, rng.choice([(255, 255, 255), (255, 210, 90), (240, 130, 170)]), shade=False)
        elif habitat in ("forest", "jungle"):
            dark = mix(top, INK, 0.35)
            for i in range(7):
                x = 10 + i * 31 + rng.uniform(-6, 6)
                h = rng.uniform(55, 95)
                p.poly([(x - 18, 130), (x, 130 - h), (x + 18, 130)], (*dark, 200))
            p.ell(100, 142, 130, 22, mix(bottom, INK, 0.2), shade=False)
        elif habitat in ("sea", "deep"):
            for i in range(4):
                x = 30 + i * 45
                p.poly([(x, 0), (x + 14, 0), (x + 40, 140), (x + 18, 140)], (255, 255, 255, 22))
            for _ in range(9):
                p.circ(rng.uniform(5, 195), rng.uniform(5, 120), rng.uniform(1.5, 4), (220, 245, 255, 90), shade=False)
            if habitat == "sea":
                p.ell(100, 145, 130, 20, hexc("e3cf94"), shade=False)
        elif habitat == "cave":
            for i in range(9):
                x = i * 24 + rng.uniform(-4, 4)
                p.poly([(x - 8, 0), (x, rng.uniform(12, 30)), (x + 8, 0)], mix(top, INK, 0.3))
            p.ell(100, 146, 130, 22, mix(bottom, INK, 0.25), shade=False)
        elif habitat == "swamp":
            p.ell(100, 146, 140, 26, hexc("3f5f4a"), shade=False)
            for _ in range(7):
                x = rng.uniform(0, 200)
                p.line((x, 140), (x + rng.uniform(-4, 4), rng.uniform(85, 110)), 1.5, hexc("4a6a30"))
        elif habitat == "desert":
            p.ell(60, 150, 100, 34, hexc("e8b86a"), shade=False)
            p.ell(170, 148, 80, 26, hexc("dba45a"), shade=False)
        elif habitat == "snow":
            p.poly([(-10, 110), (45, 40), (100, 110)], hexc("c7dcf0"))
            p.poly([(80, 110), (150, 30), (220, 110)], hexc("b4cde8"))
            p.poly([(138, 44), (150, 30), (162, 44), (150, 50)], WHITE)
            p.ell(100, 142, 140, 24, WHITE, shade=False)
            for _ in range(16):
                p.circ(rng.uniform(0, 200), rng.uniform(0, 120), rng.uniform(0.7, 1.6), WHITE, shade=False)
        elif habitat == "psychic":
            for i in range(6, 0, -1):
                p.circ(100, 70, i * 18, (*mix(bottom, WHITE, 0.1 * (i % 2)), 60), shade=False)
        elif habitat == "volcano":
            p.poly([(40, 140), (95, 55), (115, 55), (170, 140)], hexc("3a1a18"))
            p.poly([(95, 55), (105, 70), (115, 55)], hexc("ff9a3a"))
            for _ in range(10):
                p.circ(rng.uniform(20, 180), rng.uniform(10, 110), rng.uniform(0.8, 1.8), (255, 190, 90, 220), shade=False)
        elif habitat == "grave":
            for x, h in ((30, 22), (160, 26), (185, 18)):
                p.ell(x, 128 - h, 9, 9, hexc("8a8aa0"), shade=False)
                p.poly([(x - 9, 128 - h), (x + 9, 128 - h), (x + 9, 130), (x - 9, 130)], hexc("8a8aa0"))
            p.ell(100, 146, 140, 24, hexc("3b4a3a"), shade=False)
        elif habitat == "arena":
            p.poly([(70, -5), (130, -5), (170, 140), (30, 140)], (255, 240, 200, 45))
            for y in (80, 95):
                p.line((0, y), (200, y + 4), 1.6, (240, 220, 230, 160))
            p.ell(100, 148, 140, 24, hexc("5a2a3a"), shade=False)
        elif habitat == "vault":
            for _ in range(14):
                x, y = rng.uniform(0, 200), rng.uniform(110, 140)
                p.ell(x, y, 7, 3, hexc("f5cc50"), shade=True)
        p.glow(100, 78, 70, accent, 70)
        if "Frenzy" in p.keywords:  # speed lines streaming behind the creature
            for i in range(6):
                y = 40 + i * 14 + rng.uniform(-4, 4)
                x = rng.uniform(4, 30)
                p.tube([(x, y), (x + rng.uniform(34, 56), y)], 0.5, 2.2, (255, 246, 226, 210), shade=False)


def _ground_shadow(p: Painter, cx: float, y: float, rx: float) -> None:
    with p.backdrop():
        if "Poisonous" in p.keywords:  # a puddle of venom instead of a plain shadow
            p.ell(cx, y, rx * 1.1, rx * 0.16, (60, 200, 70, 190), shade=False)
            p.ell(cx - rx * 0.2, y - rx * 0.03, rx * 0.5, rx * 0.06, (190, 255, 150, 150), shade=False)
        else:
            p.ell(cx, y, rx, rx * 0.14, (0, 0, 0, 70), shade=False)


def _keyword_overlays(p: Painter) -> None:
    """Motifs drawn after the creature."""
    if "Sneaky" in p.keywords:  # a shadow double lurking behind it
        mask = pygame.mask.from_surface(p.creature, 100)
        sil = mask.to_surface(setcolor=(30, 20, 60, 130), unsetcolor=(0, 0, 0, 0))
        shadow = pygame.Surface((p.w, p.h), pygame.SRCALPHA, 32)
        shadow.blit(sil, (round(p.s(9)), round(p.s(-5))))
        shadow.blit(p.creature, (0, 0))
        p.creature = shadow
    if "Poisonous" in p.keywords:  # venom drops
        with p.layer(outline=(20, 60, 20), width=0.8):
            for x, y, r in ((168, 92, 3.6), (178, 104, 2.6), (26, 98, 3.0)):
                p.poly([(x - r, y), (x, y - r * 2.4), (x + r, y)], (90, 220, 80))
                p.circ(x, y, r, (90, 220, 80))
    if "Tough" in p.keywords:  # riveted steel corners, as if the picture were armoured
        steel, dark = (176, 186, 200), (96, 104, 120)
        for sx in (-1, 1):
            cx = 100 + sx * 100
            pts = [(cx, 140), (cx, 112), (cx - sx * 8, 120), (cx - sx * 20, 132), (cx - sx * 28, 140)]
            with p.layer(outline=INK, width=0.9):
                p.poly(pts, steel)
                p.poly([(cx, 140), (cx, 126), (cx - sx * 14, 140)], dark)
                p.circ(cx - sx * 6, 131, 1.8, (230, 235, 240), shade=False)


# ---------------------------------------------------------------------------------------------
# Creature recipes: each draws one creature, roughly centred on x=100 with its feet near y=124.

def _axolotl(p: Painter) -> None:
    body, gill = hexc("f5a3c0"), hexc("d9487f")
    _ground_shadow(p, 100, 124, 60)
    with p.layer():
        p.tube([(72, 106), (48, 98), (30, 104), (22, 96)], 11, 3, body)
        for x in (70, 112):
            p.tube([(x, 108), (x - 4, 122)], 4.5, 3.5, body)
    with p.layer():
        p.ell(92, 104, 34, 17, body)
    with p.layer():
        for side in (-1, 1):
            for i, ang in enumerate((-40, -10, 20)):
                a = math.radians(ang)
                x0, y0 = 130 + side * 26, 74 + i * 7
                x1, y1 = x0 + side * 20 * math.cos(a), y0 + 20 * math.sin(a)
                p.tube([(x0, y0), (x1, y1)], 4, 3, gill)
                for j in range(3):
                    t = 0.3 + j * 0.3
                    p.circ(x0 + (x1 - x0) * t, y0 + (y1 - y0) * t - 3, 2.2, mix(gill, WHITE, 0.25))
        p.ell(130, 80, 31, 23, body)
    with p.layer(outline=None):
        p.eye(118, 76, 4.5, "dot")
        p.eye(142, 76, 4.5, "dot")
        p.smile(130, 88, 18, 4)
        p.ell(110, 86, 5, 3, (255, 120, 150, 140), shade=False)
        p.ell(150, 86, 5, 3, (255, 120, 150, 140), shade=False)
    with p.layer(outline=(30, 90, 50), width=0.8):  # a healing sparkle
        p.poly([(60, 40), (66, 40), (66, 34), (72, 34), (72, 40), (78, 40), (78, 46), (72, 46),
                (72, 52), (66, 52), (66, 46), (60, 46)], (120, 230, 140))


def _bee_bear(p: Painter) -> None:
    fur, yellow, black = hexc("9a6232"), hexc("f4c23c"), hexc("3a2a24")
    _ground_shadow(p, 100, 126, 52)
    with p.layer(outline=(80, 110, 140), width=0.8):
        p.rot_ell(66, 62, 26, 13, -30, (225, 245, 255, 200))
        p.rot_ell(134, 62, 26, 13, 30, (225, 245, 255, 200))
    with p.layer():
        for x in (74, 126):
            p.tube([(x, 110), (x, 122)], 10, 9, fur)
        p.ell(100, 96, 42, 30, yellow)
        with p.pattern():
            for x in (80, 100, 120):
                p.rot_ell(x, 98, 6, 40, 8, black)
    with p.layer():
        for x in (80, 120):
            p.circ(x, 44, 9, fur)
            p.circ(x, 44, 4.5, hexc("e8a070"), shade=False)
        p.tube([(92, 38), (84, 22), (78, 20)], 1.4, 1.2, black, shade=False)
        p.tube([(108, 38), (116, 22), (122, 20)], 1.4, 1.2, black, shade=False)
        p.circ(78, 20, 3.2, black)
        p.circ(122, 20, 3.2, black)
        p.circ(100, 60, 23, fur)
        p.ell(100, 68, 12, 9, hexc("e9c090"))
        p.ell(100, 63, 5, 3.5, INK)
    with p.layer(outline=None):
        p.eye(90, 54, 4.2, "dot")
        p.eye(110, 54, 4.2, "dot")
        p.smile(100, 71, 8, 2.5)


def _brain_fly(p: Painter) -> None:
    shell, brain, eye = hexc("3b6b78"), hexc("f29ab4"), hexc("d8342c")
    _ground_shadow(p, 100, 128, 40)
    with p.layer(outline=(120, 120, 170), width=0.8):
        p.rot_ell(56, 78, 34, 14, -20, (210, 230, 255, 170))
        p.rot_ell(144, 78, 34, 14, 20, (210, 230, 255, 170))
    with p.layer():
        for side in (-1, 1):
            for i in range(3):
                p.tube([(100 + side * 8, 100 + i * 6), (100 + side * (26 + i * 4), 108 + i * 4),
                        (100 + side * (30 + i * 6), 126)], 1.8, 1.2, INK, shade=False)
        p.ell(100, 110, 15, 18, shell)
        p.ell(100, 88, 17, 12, mix(shell, WHITE, 0.1))
    with p.layer():
        p.ell(100, 52, 40, 30, brain)
        with p.pattern():
            for i in range(7):
                y = 32 + i * 7
                pts = [(60 + j * 10, y + (3 if j % 2 else -3)) for j in range(9)]
                p.tube(pts, 1.1, 1.1, mix(brain, INK, 0.35), shade=False)
            p.line((100, 22), (100, 80), 1.8, mix(brain, INK, 0.45))
    with p.layer():
        p.eye(74, 80, 14, "compound", eye)
        p.eye(126, 80, 14, "compound", eye)


def _chameleon(p: Painter) -> None:
    skin, crest = hexc("5fbf6a"), hexc("f0d050")
    with p.layer():
        p.tube([(10, 112), (90, 110), (190, 114)], 4.5, 3.5, hexc("7a5234"))
    with p.layer():
        p.tube([(70, 90), (46, 96), (38, 110), (48, 120), (58, 112), (52, 104)], 9, 2.5, skin)
        for x in (82, 118):
            p.tube([(x, 98), (x - 3, 110)], 4, 3.5, skin)
        p.ell(100, 88, 36, 18, skin)
        with p.pattern():
            for x in range(70, 140, 10):
                p.rot_ell(x, 92, 3, 14, 15, mix(skin, crest, 0.6))
        p.poly([(78, 72), (90, 62), (100, 70), (110, 62), (122, 72)], crest)
    with p.layer():
        p.poly([(126, 70), (150, 56), (166, 84), (150, 96), (130, 92)], skin)
        p.circ(146, 80, 12, mix(skin, WHITE, 0.15))
    with p.layer(outline=None):
        p.eye(146, 80, 6.5, "cross", look=(0.3, 0))
        p.smile(158, 92, 10, 1.5)
    with p.layer(outline=(40, 40, 50), width=0.7):  # the sniper's long barrel-like tongue
        p.tube([(164, 90), (182, 84), (198, 80)], 1.6, 1.2, hexc("e06070"), shade=False)


def _compost_dragon(p: Painter) -> None:
    hide, leaf, shroom = hexc("7d8c3e"), hexc("4f9e4a"), hexc("d9493a")
    _ground_shadow(p, 100, 126, 60)
    with p.layer():
        p.rot_ell(74, 52, 30, 14, -40, leaf)
        p.rot_ell(96, 46, 26, 12, -70, mix(leaf, WHITE, 0.15))
    with p.layer():
        p.tube([(70, 104), (40, 112), (18, 100), (12, 88)], 11, 2, hide)
        for x in (78, 114):
            p.tube([(x, 104), (x, 122)], 7, 6, hide)
        p.ell(96, 98, 34, 22, hide)
        p.tube([(120, 92), (138, 70), (146, 56)], 11, 9, hide)
    with p.layer():
        p.ell(156, 52, 20, 13, hide)
        p.ell(170, 58, 12, 8, mix(hide, WHITE, 0.15))
        p.tube([(148, 42), (140, 26), (132, 22)], 3, 1, hexc("e8dcb0"))
    with p.layer(outline=None):
        p.eye(156, 48, 5, "slit", hexc("f0c030"))
        p.teeth(164, 180, 62, 4, 3)
    for x, y, r in ((84, 76, 8), (104, 74, 6), (70, 84, 5)):
        with p.layer():
            p.tube([(x, y + r), (x, y)], r * 0.35, r * 0.35, WHITE, shade=False)
            p.ell(x, y, r, r * 0.6, shroom)
            p.circ(x - r * 0.4, y - r * 0.15, r * 0.18, WHITE, shade=False)
            p.circ(x + r * 0.3, y - r * 0.25, r * 0.14, WHITE, shade=False)


def _deathweaver(p: Painter) -> None:
    body, mark = hexc("3d2a52"), hexc("e8e0c8")
    with p.backdrop():
        for a in range(0, 360, 30):
            r = math.radians(a)
            p.line((100, 40), (100 + 150 * math.cos(r), 40 + 150 * math.sin(r)), 0.6, (230, 230, 255, 70))
        for rad in (20, 36, 54, 74):
            pygame.draw.circle(p.base, (230, 230, 255, 60), p.px(100, 40), p.s(rad), max(1, round(p.s(0.6))))
        p.line((100, 0), (100, 40), 0.8, (230, 230, 255, 160))
    with p.layer():
        for side in (-1, 1):
            for i, (kx, ky, fx, fy) in enumerate(((36, -22, 56, 18), (44, -4, 66, 40), (40, 14, 60, 58), (30, 26, 44, 66))):
                p.tube([(100, 88 + i * 3), (100 + side * kx, 88 + ky), (100 + side * fx, 88 + fy)], 3, 1.4, body)
    with p.layer():
        p.ell(100, 66, 28, 26, body)
        with p.pattern():
            p.circ(100, 62, 11, mark, shade=False)
            p.ell(100, 74, 6, 5, mark, shade=False)
            p.circ(95, 61, 3.5, body, shade=False)
            p.circ(105, 61, 3.5, body, shade=False)
        p.circ(100, 98, 15, mix(body, WHITE, 0.05))
    with p.layer(outline=None):
        for x, y, r in ((93, 95, 3.4), (107, 95, 3.4), (88, 101, 2.2), (112, 101, 2.2), (100, 103, 2)):
            p.eye(x, y, r, "glow", (230, 40, 60))
        p.teeth(94, 106, 108, 2, 5, col=hexc("9be060"))


def _elephantopus(p: Painter) -> None:
    skin, tent = hexc("8e9ab8"), hexc("8a6ab0")
    _ground_shadow(p, 100, 128, 56)
    with p.layer():
        for dx in (-40, -24, -8, 8, 24, 40):
            curl = 1 if dx > 0 else -1
            p.tube([(100 + dx * 0.4, 90), (100 + dx, 112), (100 + dx + curl * 8, 124), (100 + dx + curl * 14, 118)],
                   8, 2, tent)
    with p.layer():
        p.rot_ell(60, 62, 22, 28, -15, skin)
        p.rot_ell(140, 62, 22, 28, 15, skin)
        p.rot_ell(62, 62, 14, 20, -15, hexc("e7a6b8"))
        p.rot_ell(138, 62, 14, 20, 15, hexc("e7a6b8"))
    with p.layer():
        p.ell(100, 66, 32, 30, skin)
        p.tube([(100, 78), (100, 98), (110, 110), (120, 104)], 9, 4.5, skin)
    with p.layer():
        p.tube([(86, 86), (80, 98)], 3, 1.5, WHITE)
        p.tube([(114, 86), (120, 98)], 3, 1.5, WHITE)
    with p.layer(outline=None):
        p.eye(88, 62, 5, "round")
        p.eye(112, 62, 5, "round")
        p.brow(88, 54, 10, 1.5)
        p.brow(112, 54, 10, -1.5)


def _explosive_toad(p: Painter) -> None:
    skin, belly = hexc("e66a3a"), hexc("f6cf7a")
    _ground_shadow(p, 100, 126, 62)
    with p.layer():
        p.tube([(88, 74), (96, 56), (110, 44)], 1.6, 1.6, hexc("5a4030"), shade=False)
    with p.layer(outline=None):
        p.star(112, 42, 10, 4, 8, (255, 220, 80))
        p.star(112, 42, 5, 2, 8, WHITE)
    with p.layer():
        for x in (56, 144):
            p.ell(x, 114, 18, 10, skin)
        p.ell(100, 96, 46, 30, skin)
        p.ell(100, 106, 30, 16, belly)
        with p.pattern():
            for x, y, r in ((66, 88, 3), (74, 80, 2.2), (130, 86, 3), (124, 78, 2), (58, 98, 2.4), (142, 98, 2.2)):
                p.circ(x, y, r, mix(skin, INK, 0.25))
        p.circ(78, 70, 12, skin)
        p.circ(122, 70, 12, skin)
    with p.layer(outline=None):
        p.eye(78, 69, 8, "round", hexc("f0b020"))
        p.eye(122, 69, 8, "round", hexc("f0b020"))
        p.brow(78, 58, 14, 2.5)
        p.brow(122, 58, 14, -2.5)
        p.tube([(62, 90), (100, 98), (138, 90)], 1.2, 1.2, INK, shade=False)


def _ferret_bomber(p: Painter) -> None:
    fur, cream, mask = hexc("c79a68"), hexc("f0e0c0"), hexc("4a3328")
    _ground_shadow(p, 100, 126, 60)
    with p.layer():
        p.tube([(58, 104), (36, 96), (20, 78)], 9, 5, mix(fur, INK, 0.2))
        for x in (66, 124):
            p.tube([(x, 108), (x, 122)], 5, 4.5, fur)
        p.tube([(56, 104), (96, 100), (130, 90)], 15, 13, fur)
    with p.layer():
        p.ell(148, 74, 20, 16, cream)
        with p.pattern():
            p.ell(152, 70, 18, 6, mask, shade=False)
        p.circ(138, 58, 6, fur)
        p.circ(162, 58, 6, fur)
        p.circ(166, 78, 3, INK, shade=False)
    with p.layer(outline=None):
        p.eye(145, 70, 4, "round", hexc("d04040"))
        p.eye(160, 70, 4, "round", hexc("d04040"))
        p.smile(158, 84, 8, 2)
    with p.layer():
        p.tube([(112, 96), (116, 84), (124, 80)], 1.3, 1.3, hexc("7a6040"), shade=False)
        p.circ(108, 108, 13, hexc("2a2a3a"))
        p.ell(108, 95, 5, 3, hexc("5a5a6a"))
    with p.layer(outline=None):
        p.star(125, 79, 6, 2.5, 7, (255, 210, 70))


def _giraffodile(p: Painter) -> None:
    hide, spot, croc = hexc("ecc074"), hexc("b8742e"), hexc("6fa456")
    _ground_shadow(p, 90, 128, 46)
    with p.layer():
        for x in (64, 76, 102, 114):
            p.tube([(x, 104), (x, 126)], 4, 3.2, hide)
        p.ell(88, 98, 34, 18, hide)
        p.tube([(112, 92), (126, 64), (134, 40)], 10, 7, hide)
        with p.pattern():
            for x, y in ((70, 94), (88, 90), (104, 100), (80, 106), (118, 80), (126, 62), (131, 48)):
                p.rot_ell(x, y, 6, 4.5, 30, spot)
        p.tube([(60, 94), (48, 106)], 2, 1.2, hide)
    with p.layer():
        p.tube([(132, 30), (128, 18)], 2, 2, spot)
        p.tube([(140, 30), (142, 18)], 2, 2, spot)
        p.ell(154, 40, 26, 9, croc)
        p.ell(138, 34, 12, 10, croc)
        p.ell(162, 46, 18, 4, mix(croc, INK, 0.1))
    with p.layer(outline=None):
        p.eye(138, 28, 4.5, "slit", hexc("e8c040"))
        p.teeth(146, 178, 43, 6, 3)
        p.teeth(148, 176, 48, 5, 3, down=False)


def _goblin_werewolf(p: Painter) -> None:
    skin, fur = hexc("8ec163"), hexc("6e5a56")
    with p.backdrop():
        p.glow(150, 36, 34, (255, 245, 200), 160)
        p.circ(150, 36, 20, hexc("f6f0cc"), shade=False)
    _ground_shadow(p, 100, 126, 46)
    with p.layer():
        for x in (80, 120):
            p.tube([(x, 108), (x - 2, 122)], 7, 6, fur)
        p.ell(100, 98, 30, 24, fur)
        with p.pattern():
            for i in range(7):
                p.poly([(74 + i * 8, 122), (78 + i * 8, 110), (82 + i * 8, 122)], mix(fur, INK, 0.25))
        p.tube([(74, 88), (62, 104), (64, 116)], 6, 5, fur)
        p.tube([(126, 88), (138, 104), (136, 116)], 6, 5, fur)
    with p.layer():
        p.poly([(80, 58), (64, 22), (92, 48)], skin)
        p.poly([(120, 58), (136, 22), (108, 48)], skin)
        p.poly([(78, 54), (68, 32), (88, 48)], hexc("e89aa0"))
        p.poly([(122, 54), (132, 32), (112, 48)], hexc("e89aa0"))
        p.circ(100, 66, 22, skin)
        p.ell(100, 78, 7, 12, mix(skin, INK, 0.1))
    with p.layer(outline=None):
        p.eye(90, 62, 5.5, "slit", hexc("f0d030"))
        p.eye(110, 62, 5.5, "slit", hexc("f0d030"))
        p.brow(90, 55, 12, 2.5)
        p.brow(110, 55, 12, -2.5)
        p.teeth(90, 110, 84, 4, 2.5)
        p.poly([(91, 84), (94, 84), (92.5, 92)], WHITE)
        p.poly([(106, 84), (109, 84), (107.5, 92)], WHITE)


def _gorillion(p: Painter) -> None:
    fur, mane, face = hexc("4e4d5c"), hexc("d9892e"), hexc("c9a07a")
    _ground_shadow(p, 100, 128, 70)
    with p.layer():
        p.tube([(64, 78), (44, 100), (42, 122)], 14, 11, fur)
        p.tube([(136, 78), (156, 100), (158, 122)], 14, 11, fur)
        p.ell(100, 96, 40, 30, fur)
        p.ell(100, 100, 22, 18, mix(fur, WHITE, 0.15))
    with p.layer():
        p.star(100, 56, 36, 24, 14, mane, rot=0)
        p.circ(100, 56, 27, mix(mane, INK, 0.1))
    with p.layer():
        p.ell(100, 58, 19, 18, face)
        p.ell(100, 68, 12, 8, mix(face, WHITE, 0.2))
        p.ell(100, 64, 5, 3, INK, shade=False)
    with p.layer(outline=None):
        p.eye(92, 52, 4, "round", hexc("c06020"))
        p.eye(108, 52, 4, "round", hexc("c06020"))
        p.brow(92, 47, 10, 2)
        p.brow(108, 47, 10, -2)
        p.smile(100, 71, 9, -1.5)


def _grave_robber(p: Painter) -> None:
    cloak, steel = hexc("4f5e46"), hexc("a8b2c0")
    _ground_shadow(p, 100, 128, 60)
    with p.layer():
        p.tube([(150, 30), (140, 120)], 2.4, 2.4, hexc("8a6440"))
        p.poly([(134, 112), (148, 114), (146, 130), (136, 130)], steel)
    with p.layer():
        p.ell(62, 112, 18, 16, hexc("b89060"))
        p.tube([(56, 96), (60, 90)], 3, 3, hexc("8a6a40"), shade=False)
    with p.layer():
        p.poly([(66, 128), (80, 62), (120, 62), (136, 128)], cloak)
        p.ell(100, 58, 28, 28, cloak)
        p.ell(100, 62, 18, 18, hexc("1c1a22"), shade=False)
        p.tube([(120, 84), (140, 82)], 6, 5, cloak)
    with p.layer():
        p.ell(76, 74, 14, 8, steel)
        p.ell(124, 74, 14, 8, steel)
    with p.layer(outline=None):
        p.circ(74, 72, 1.4, INK, shade=False)
        p.circ(126, 72, 1.4, INK, shade=False)
        p.eye(93, 62, 3, "glow", (250, 220, 80))
        p.eye(107, 62, 3, "glow", (250, 220, 80))


def _harpy_mother(p: Painter) -> None:
    """A fierce winged mother guarding her nest of eggs."""
    wing, skin, hair, nest = hexc("b24a3a"), hexc("e8b8a8"), hexc("3a2448"), hexc("8a5a30")
    _ground_shadow(p, 100, 126, 50)
    with p.layer():
        for side in (-1, 1):
            for i in range(6):
                ang = math.radians(-160 + i * 16) if side < 0 else math.radians(-20 - i * 16)
                length = 52 - i * 3.5
                bx, by = 100 + side * 12, 70
                cx, cy = bx + math.cos(ang) * length * 0.6, by + math.sin(ang) * length * 0.6
                p.rot_ell(cx, cy, length * 0.55, 8, math.degrees(ang), mix(wing, hexc("f0a060"), i * 0.12))
    with p.layer():
        for x in (92, 108):
            p.tube([(x, 96), (x, 110)], 2.2, 2, hexc("e8b040"), shade=False)
        p.ell(100, 82, 16, 20, mix(wing, INK, 0.1))
        with p.pattern():
            for j in range(3):
                for i in range(3):
                    x, y = 92 + i * 8, 76 + j * 7
                    p.tube([(x - 3, y), (x, y + 3), (x + 3, y)], 0.8, 0.8, mix(wing, WHITE, 0.3), shade=False)
    with p.layer():
        for x in (88, 100, 112):
            p.ell(x, 108, 6, 8, hexc("eef0f4"))
        with p.pattern():
            p.circ(99, 104, 1.3, hexc("9ab0d0"), shade=False)
            p.circ(113, 110, 1.1, hexc("9ab0d0"), shade=False)
    with p.layer():
        p.ell(100, 116, 34, 10, nest)
        with p.pattern():
            for i in range(8):
                p.line((66 + i * 9, 108), (74 + i * 9, 124), 0.9, mix(nest, WHITE, 0.3))
                p.line((74 + i * 9, 108), (66 + i * 9, 124), 0.9, mix(nest, INK, 0.25))
    with p.layer():
        for dx, dy in ((-16, 8), (-14, -8), (14, -8), (16, 8), (0, -16)):
            p.tube([(100, 48), (100 + dx, 48 + dy), (100 + dx * 1.5, 52 + dy * 1.2)], 5, 2, hair)
        p.circ(100, 50, 13, skin)
    with p.layer(outline=None):
        p.eye(94, 50, 3.6, "round", hexc("e0a020"))
        p.eye(106, 50, 3.6, "round", hexc("e0a020"))
        p.brow(94, 45, 8, 1.6, t=1.8)
        p.brow(106, 45, 8, -1.6, t=1.8)
        p.poly([(97, 55), (103, 55), (100, 61)], hexc("e8b040"))


def _kangasaurus(p: Painter) -> None:
    hide, belly = hexc("c87a44"), hexc("f0cc94")
    _ground_shadow(p, 96, 126, 56)
    with p.layer():
        p.tube([(80, 104), (50, 118), (20, 124)], 12, 3, hide)
        p.tube([(92, 108), (82, 122), (100, 124)], 9, 5, hide)
        p.ell(96, 86, 24, 32, hide)
        p.ell(102, 96, 15, 17, belly)
        p.ell(104, 104, 12, 8, mix(belly, INK, 0.12))
    with p.layer():  # the joey in the pouch
        p.circ(104, 96, 6.5, hide)
    with p.layer(outline=None):
        p.eye(102, 95, 1.8, "dot")
        p.eye(107, 95, 1.8, "dot")
    with p.layer():
        p.tube([(116, 76), (126, 80), (128, 86)], 2.2, 1.6, hide)
        p.tube([(106, 60), (120, 46)], 12, 11, hide)
        p.ell(132, 44, 26, 14, hide)
        p.ell(138, 54, 20, 5, mix(hide, INK, 0.15))
    with p.layer(outline=None):
        p.eye(128, 38, 4.5, "slit", hexc("f0c030"))
        p.brow(128, 33, 10, 1.5)
        p.teeth(120, 156, 50, 7, 3.5)


def _killer_bee(p: Painter) -> None:
    yellow, black, fuzz = hexc("f5c028"), hexc("2e2420"), hexc("8a5a30")
    _ground_shadow(p, 100, 128, 44)
    with p.layer(outline=(80, 110, 140), width=0.8):
        p.rot_ell(96, 46, 30, 12, -60, (225, 245, 255, 190))
        p.rot_ell(118, 48, 24, 10, -100, (225, 245, 255, 170))
    with p.layer():
        p.poly([(47, 111.5), (34, 118), (48.7, 115.1)], black)
        p.poly([(45.3, 107.9), (34, 118), (48.7, 115.1)], black)
        p.rot_ell(76, 98, 34, 22, -25, yellow)
        with p.pattern():
            for d in (-14, 0, 14):
                p.rot_ell(76 + 0.906 * d, 98 - 0.423 * d, 5, 30, -25, black)
    with p.layer():
        for i in range(3):
            p.tube([(116 + i * 6, 92), (112 + i * 10, 112), (118 + i * 10, 124)], 1.8, 1.2, black, shade=False)
        p.circ(116, 80, 16, fuzz)
    with p.layer():
        p.tube([(140, 54), (146, 36), (154, 32)], 1.3, 1.1, black, shade=False)
        p.tube([(148, 58), (160, 42), (168, 40)], 1.3, 1.1, black, shade=False)
        p.circ(146, 66, 17, yellow)
    with p.layer(outline=None):
        p.eye(140, 64, 6, "round")
        p.eye(155, 64, 5, "round")
        p.brow(140, 56, 12, 2.5)
        p.brow(155, 57, 10, -2)
        p.teeth(140, 156, 76, 3, 3)


def _lone_yeti(p: Painter) -> None:
    fur, face = hexc("eef2fb"), hexc("7f95c2")
    _ground_shadow(p, 100, 130, 56)
    with p.layer():
        p.tube([(70, 78), (56, 104), (58, 122)], 11, 9, fur)
        p.tube([(130, 78), (144, 104), (142, 122)], 11, 9, fur)
        for x in (84, 116):
            p.tube([(x, 112), (x, 126)], 10, 10, fur)
        p.ell(100, 94, 34, 32, fur)
        with p.pattern():
            for i in range(8):
                p.poly([(70 + i * 9, 128), (74 + i * 9, 116), (78 + i * 9, 128)], mix(fur, face, 0.3))
    with p.layer():
        p.tube([(82, 40), (74, 30), (76, 22)], 3.5, 1.5, hexc("d8c8a0"))
        p.tube([(118, 40), (126, 30), (124, 22)], 3.5, 1.5, hexc("d8c8a0"))
        p.circ(100, 54, 22, fur)
        p.ell(100, 60, 15, 13, face)
    with p.layer(outline=None):
        p.eye(94, 57, 3.6, "round", hexc("40b0e0"))
        p.eye(106, 57, 3.6, "round", hexc("40b0e0"))
        p.brow(94, 52, 7, -1.3, t=1.6)
        p.brow(106, 52, 7, 1.3, t=1.6)
        p.smile(100, 67, 7, -1.2)


def _luchataur(p: Painter) -> None:
    hide, mask, trim = hexc("b2553a"), hexc("2f6fd0"), hexc("f5c531")
    _ground_shadow(p, 100, 128, 60)
    with p.layer():
        for x in (84, 116):
            p.tube([(x, 108), (x, 126)], 9, 8, hexc("6a3a2a"))
        p.ell(100, 96, 34, 24, hide)
        p.ell(100, 100, 18, 14, mix(hide, WHITE, 0.15))
        p.tube([(70, 86), (52, 70), (58, 52)], 9, 8, hide)
        p.tube([(130, 86), (148, 70), (142, 52)], 9, 8, hide)
        p.circ(58, 48, 9, mix(hide, INK, 0.1))
        p.circ(142, 48, 9, mix(hide, INK, 0.1))
    with p.layer():
        p.tube([(84, 46), (66, 40), (62, 24)], 4.5, 1.6, hexc("f0e6cc"))
        p.tube([(116, 46), (134, 40), (138, 24)], 4.5, 1.6, hexc("f0e6cc"))
        p.ell(100, 56, 22, 22, mask)
        with p.pattern():
            p.poly([(78, 54), (100, 40), (122, 54), (122, 58), (100, 46), (78, 58)], trim)
            p.rot_ell(90, 56, 8, 5, 20, WHITE)
            p.rot_ell(110, 56, 8, 5, -20, WHITE)
        p.ell(100, 70, 12, 8, hexc("d08a78"))
    with p.layer(outline=None):
        p.eye(90, 56, 3.5, "round", hexc("b03020"))
        p.eye(110, 56, 3.5, "round", hexc("b03020"))
        pygame.draw.circle(p.target, trim, p.px(100, 76), p.s(5), max(1, round(p.s(1.6))))
        p.circ(96, 69, 1.6, INK, shade=False)
        p.circ(104, 69, 1.6, INK, shade=False)


def _mermaid(p: Painter) -> None:
    tail, skin, hair, lure = hexc("2fb3a6"), hexc("a7d3e0"), hexc("5a3a8a"), hexc("ffe37a")
    with p.layer():
        p.rot_ell(150, 118, 16, 7, -30, mix(tail, WHITE, 0.2))
        p.rot_ell(156, 104, 16, 7, -80, mix(tail, WHITE, 0.2))
        p.tube([(96, 84), (104, 110), (130, 118), (148, 110)], 14, 5, tail)
        with p.pattern():
            for i in range(9):
                for j in range(3):
                    p.circ(96 + i * 6, 96 + j * 6 + i * 1.8, 2.2, mix(tail, INK, 0.18), shade=False)
    with p.layer():
        p.tube([(84, 46), (72, 74), (64, 100), (56, 112)], 8, 3, hair)
        p.ell(96, 76, 14, 16, skin)
        p.tube([(106, 70), (120, 82)], 4, 3, skin)
        p.circ(94, 46, 16, skin)
        p.tube([(80, 40), (96, 30), (110, 38), (112, 54)], 7, 4, hair)
    with p.layer(outline=None):
        p.eye(90, 48, 3.8, "round", hexc("c040a0"), lid=0.45, lid_col=skin)
        p.eye(102, 48, 3.8, "round", hexc("c040a0"), lid=0.45, lid_col=skin)
        p.smile(96, 56, 6, 1.5)
    with p.layer(outline=(60, 50, 30), width=0.6):
        p.tube([(96, 30), (104, 14), (124, 12), (134, 22)], 1.1, 1.1, hexc("6a5a40"), shade=False)
    with p.backdrop():
        p.glow(134, 26, 30, lure, 200)
    with p.layer(outline=None):
        p.circ(134, 26, 5, lure, shade=False)
        p.circ(133, 25, 2.5, WHITE, shade=False)


def _plated_scorpion(p: Painter) -> None:
    shell, plate = hexc("b4482e"), hexc("c9ced8")
    _ground_shadow(p, 100, 126, 58)
    with p.layer():
        for side in (-1, 1):
            for i in range(4):
                p.tube([(100 + side * (10 + i * 6), 104), (100 + side * (28 + i * 8), 100), (100 + side * (32 + i * 9), 122)],
                       2.2, 1.4, mix(shell, INK, 0.2))
    with p.layer():
        p.tube([(98, 44), (112, 36), (116, 46)], 3.2, 1, hexc("6bdc5a"))
        pts = [(100, 100), (82, 92), (72, 72), (78, 50), (96, 40)]
        p.tube(pts, 10, 6, shell)
        with p.pattern():
            for x, y in ((88, 90), (76, 80), (72, 66), (80, 52), (90, 45)):
                p.circ(x, y, 1.2, mix(shell, INK, 0.4), shade=False)
                p.circ(x, y, 11, (*mix(shell, INK, 0.3), 0), shade=False)
    with p.layer():
        p.tube([(118, 100), (142, 90), (150, 76)], 5, 4, shell)
        p.ell(154, 68, 12, 9, shell)
        p.poly([(160, 62), (176, 56), (166, 70)], mix(shell, WHITE, 0.1))
        p.ell(108, 104, 26, 14, shell)
        with p.pattern():
            for x in (92, 104, 116):
                p.rot_ell(x, 100, 5, 13, 0, plate)
    with p.layer(outline=None):
        p.circ(95, 98, 1.2, INK, shade=False)
        p.circ(104, 96, 1.2, INK, shade=False)
        p.circ(113, 98, 1.2, INK, shade=False)
        p.eye(128, 98, 3, "dot")
        p.eye(134, 96, 3, "dot")


def _rhino_turtle(p: Painter) -> None:
    shell, plate, skin = hexc("4f7a3a"), hexc("8aa85a"), hexc("9a948a")
    _ground_shadow(p, 100, 126, 66)
    with p.layer():
        for x in (64, 88, 114, 134):
            p.tube([(x, 108), (x, 124)], 8, 8, skin)
        p.tube([(46, 106), (34, 112)], 5, 2, skin)
        p.tube([(134, 98), (150, 86)], 12, 12, skin)
    with p.layer():
        p.ell(150, 80, 22, 16, skin)
        p.poly([(164, 76), (186, 56), (172, 82)], hexc("e6dcc4"))
        p.poly([(156, 68), (164, 56), (164, 72)], hexc("e6dcc4"))
        p.circ(140, 70, 5, skin)
    with p.layer(outline=None):
        p.eye(152, 76, 4, "round", hexc("a03020"))
        p.brow(152, 71, 9, 2)
    with p.layer():
        pts = [(40, 110)] + [(92 + 52 * math.cos(math.radians(a)), 110 - 46 * math.sin(math.radians(a)))
                             for a in range(180, -1, -10)]
        p.poly(pts, shell)
        with p.pattern():
            for cx, cy in ((70, 82), (92, 70), (114, 82), (60, 100), (92, 94), (124, 100)):
                p.poly([(cx + 10 * math.cos(math.radians(a)), cy + 9 * math.sin(math.radians(a)))
                        for a in range(0, 360, 60)], plate)
            p.ell(92, 58, 34, 6, (255, 255, 255, 60), shade=False)
        p.ell(92, 110, 54, 5, mix(shell, WHITE, 0.25))


def _shark_dog(p: Painter) -> None:
    skin, belly = hexc("6f93b8"), hexc("e8eef2")
    with p.backdrop():
        p.ell(100, 146, 130, 24, hexc("3b8fc4"), shade=False)
    _ground_shadow(p, 96, 126, 50)
    with p.layer():
        p.poly([(58, 96), (36, 80), (44, 100), (36, 116)], skin)
        for x in (70, 84, 112, 126):
            p.tube([(x, 104), (x, 122)], 5, 5, skin)
        p.ell(96, 96, 38, 18, skin)
        p.ell(100, 106, 28, 8, belly)
        p.poly([(84, 82), (96, 56), (106, 80)], mix(skin, INK, 0.1))
    with p.layer():
        p.ell(144, 84, 24, 16, skin)
        p.ell(150, 92, 20, 8, belly)
        p.rot_ell(132, 76, 6, 14, 30, mix(skin, INK, 0.25))
    with p.layer(outline=None):
        p.eye(142, 78, 4.5, "round")
        p.ell(166, 80, 3, 2.5, INK, shade=False)
        p.tube([(132, 90), (150, 94), (168, 88)], 1, 1, INK, shade=False)
        p.teeth(136, 166, 90, 7, 3.5)
        for x in (122, 126, 130):
            p.line((x, 86), (x - 2, 94), 1, mix(skin, INK, 0.4))


def _chimera(p: Painter) -> None:
    """Shark tail, crab claws, dog face, mummy wraps, octopus legs: a bit of everything."""
    fur, claw, tent, wrap = hexc("b58a5a"), hexc("e0523a"), hexc("8a5ab0"), hexc("efe6cf")
    _ground_shadow(p, 100, 128, 62)
    with p.layer():
        p.poly([(112, 70), (134, 52), (150, 26), (146, 56), (136, 74), (150, 96), (120, 86)], hexc("6f93b8"))
    with p.layer():
        for dx in (-30, -14, 0, 14, 30):
            curl = 1 if dx >= 0 else -1
            p.tube([(100 + dx * 0.5, 96), (100 + dx, 116), (100 + dx + curl * 10, 124)], 7, 2, tent)
    with p.layer():
        p.tube([(70, 80), (50, 76), (40, 62)], 5, 4, claw)
        p.tube([(130, 80), (150, 76), (160, 62)], 5, 4, claw)
        for cx, s in ((36, -1), (164, 1)):
            p.rot_ell(cx, 52, 9, 13, s * 20, claw)
            p.rot_ell(cx + s * 10, 48, 5, 10, s * 40, mix(claw, WHITE, 0.1))
    with p.layer():
        p.rot_ell(74, 56, 7, 15, 25, mix(fur, INK, 0.3))
        p.rot_ell(126, 56, 7, 15, -25, mix(fur, INK, 0.3))
        p.ell(100, 78, 30, 26, fur)
        with p.pattern():
            for i, y in enumerate((60, 74, 88, 100)):
                p.rot_ell(100, y, 40, 3.2, 10 if i % 2 else -12, wrap)
        p.ell(100, 84, 12, 8, mix(fur, WHITE, 0.25))
        p.ell(100, 80, 4, 3, INK, shade=False)
    with p.layer(outline=None):
        p.eye(88, 70, 5, "round", hexc("40a0d0"))
        p.circ(112, 70, 6, wrap, shade=False)
        p.line((107, 67), (117, 73), 1.2, INK)
        p.teeth(90, 110, 90, 5, 3)


def _shield_bugs(p: Painter) -> None:
    cols = (hexc("4f9a4a"), hexc("3f7fb8"))
    _ground_shadow(p, 100, 126, 66)
    for (cx, cy, s), col in zip(((68, 84, 0.8), (122, 94, 1.0)), cols, strict=True):
        with p.layer():
            for side in (-1, 1):
                for i in range(3):
                    p.tube([(cx + side * 12 * s, cy + (i * 10 - 4) * s), (cx + side * 30 * s, cy + (i * 12 + 4) * s),
                            (cx + side * 34 * s, cy + (i * 12 + 22) * s)], 1.8 * s, 1.2 * s, INK, shade=False)
            p.tube([(cx - 6 * s, cy - 26 * s), (cx - 14 * s, cy - 40 * s)], 1.2, 1, INK, shade=False)
            p.tube([(cx + 6 * s, cy - 26 * s), (cx + 14 * s, cy - 40 * s)], 1.2, 1, INK, shade=False)
            p.ell(cx, cy - 22 * s, 9 * s, 7 * s, mix(col, INK, 0.3))
            shield = [(cx - 24 * s, cy - 16 * s), (cx + 24 * s, cy - 16 * s), (cx + 22 * s, cy + 6 * s),
                      (cx, cy + 30 * s), (cx - 22 * s, cy + 6 * s)]
            p.poly(shield, mix(col, INK, 0.25))
            p.poly([(x * 0.9 + cx * 0.1, y * 0.9 + (cy - 2 * s) * 0.1) for x, y in shield], col)
            with p.pattern():
                p.poly([(cx - 4 * s, cy - 18 * s), (cx + 4 * s, cy - 18 * s), (cx + 4 * s, cy + 30 * s),
                         (cx - 4 * s, cy + 30 * s)], hexc("f2d04a"))
                p.poly([(cx - 24 * s, cy - 6 * s), (cx + 24 * s, cy - 6 * s), (cx + 24 * s, cy - 1 * s),
                        (cx - 24 * s, cy - 1 * s)], hexc("f2d04a"))
                p.ell(cx - 10 * s, cy - 10 * s, 8 * s, 4 * s, (255, 255, 255, 90), shade=False)
        with p.layer(outline=None):
            p.eye(cx - 5 * s, cy - 24 * s, 2.6 * s, "dot")
            p.eye(cx + 5 * s, cy - 24 * s, 2.6 * s, "dot")


def _snail_hydra(p: Painter) -> None:
    slug, shell = hexc("d8c27a"), hexc("c46a3a")
    _ground_shadow(p, 100, 126, 66)
    with p.layer():
        p.tube([(40, 118), (100, 118), (150, 116)], 9, 7, slug)
        for x0, (hx, hy) in ((110, (128, 30)), (124, (156, 44)), (136, (176, 72)), (98, (92, 24))):
            p.tube([(x0, 112), ((x0 + hx) / 2 + 6, (112 + hy) / 2), (hx, hy)], 6, 5, slug)
            p.tube([(hx - 2, hy - 2), (hx - 6, hy - 14)], 1.2, 1.2, slug, shade=False)
            p.tube([(hx + 2, hy - 2), (hx + 6, hy - 14)], 1.2, 1.2, slug, shade=False)
            p.circ(hx - 6, hy - 14, 2.6, slug)
            p.circ(hx + 6, hy - 14, 2.6, slug)
            p.ell(hx, hy, 9, 7, slug)
    with p.layer(outline=None):
        for hx, hy in ((128, 30), (156, 44), (176, 72), (92, 24)):
            p.eye(hx - 6, hy - 14, 1.4, "dot")
            p.eye(hx + 6, hy - 14, 1.4, "dot")
            p.smile(hx, hy + 2, 6, 1.5, t=1.2)
    with p.layer():
        p.circ(72, 84, 32, shell)
        spiral = [(72 + (28 - t * 2.4) * math.cos(t * 0.9), 84 + (28 - t * 2.4) * math.sin(t * 0.9)) for t in range(11)]
        p.tube(spiral, 3, 1.5, mix(shell, INK, 0.35), shade=False)


def _snail_thrower(p: Painter) -> None:
    skin, snail, shell = hexc("7a64c8"), hexc("d8c27a"), hexc("e08a48")
    _ground_shadow(p, 100, 126, 50)
    with p.layer():
        for x, y in ((62, 118), (76, 120), (68, 110)):
            p.ell(x, y + 2, 8, 3, snail)
            p.circ(x, y - 2, 5, shell)
    with p.layer():
        for x in (92, 112):
            p.tube([(x, 104), (x, 122)], 6, 6, skin)
        p.ell(102, 96, 20, 18, skin)
        p.tube([(120, 84), (134, 66), (136, 48)], 5, 4, skin)
        p.tube([(86, 88), (74, 98)], 5, 4, skin)
    with p.layer():
        p.ell(136, 42, 11, 4, snail)
        p.circ(134, 36, 8, shell)
        p.tube([(132, 30), (130, 22)], 1, 1, mix(shell, INK, 0.3), shade=False)
    with p.layer():
        p.poly([(86, 62), (64, 48), (84, 74)], skin)
        p.poly([(118, 62), (140, 48), (120, 74)], skin)
        p.circ(102, 68, 18, skin)
    with p.layer(outline=None):
        p.eye(95, 66, 5, "round", hexc("e0b020"), look=(0.4, -0.4))
        p.eye(110, 66, 5, "round", hexc("e0b020"), look=(0.4, -0.4))
        p.smile(102, 77, 12, 3)


def _spider_owl(p: Painter) -> None:
    feather, leg, face = hexc("8a7058"), hexc("3a2a3e"), hexc("e8d2b0")
    with p.layer():
        for side in (-1, 1):
            for i, (kx, ky, fx, fy) in enumerate(((30, -10, 52, 30), (38, 4, 58, 40), (34, 18, 50, 44), (24, 26, 34, 46))):
                p.tube([(100 + side * 10, 94 + i * 3), (100 + side * kx, 84 + ky), (100 + side * fx, 80 + fy)], 2.8, 1.4, leg)
    with p.layer():
        p.poly([(78, 46), (72, 24), (90, 40)], feather)
        p.poly([(122, 46), (128, 24), (110, 40)], feather)
        p.ell(100, 78, 32, 36, feather)
        with p.pattern():
            for j in range(3):
                for i in range(4):
                    x, y = 84 + i * 10 + (j % 2) * 5, 92 + j * 8
                    p.tube([(x - 3, y), (x, y + 3), (x + 3, y)], 0.9, 0.9, mix(feather, INK, 0.35), shade=False)
        p.circ(88, 62, 14, face)
        p.circ(112, 62, 14, face)
    with p.layer(outline=None):
        p.eye(88, 62, 9, "round", hexc("f29a1c"))
        p.eye(112, 62, 9, "round", hexc("f29a1c"))
        p.brow(88, 51, 14, 2.5, mix(feather, INK, 0.4))
        p.brow(112, 51, 14, -2.5, mix(feather, INK, 0.4))
        p.poly([(96, 72), (104, 72), (100, 82)], hexc("e0a030"))


def _strange_barrel(p: Painter) -> None:
    wood, band, tent = hexc("a8703e"), hexc("6a6a78"), hexc("6cc06a")
    _ground_shadow(p, 100, 128, 50)
    with p.layer():
        p.tube([(74, 86), (52, 80), (40, 96), (48, 106)], 6, 2, tent)
        p.tube([(126, 96), (150, 92), (160, 108), (152, 116)], 6, 2, tent)
    with p.layer():
        p.ell(100, 96, 32, 32, wood)
        p.poly([(70, 60), (130, 60), (130, 124), (70, 124)], wood)
        with p.pattern():
            for x in (82, 94, 106, 118):
                p.line((x, 56), (x, 128), 1.2, mix(wood, INK, 0.35))
            for y in (70, 112):
                p.poly([(60, y - 3), (140, y - 3), (140, y + 3), (60, y + 3)], band)
            p.ell(84, 90, 6, 26, (255, 240, 210, 60), shade=False)
        p.ell(100, 60, 30, 9, mix(wood, INK, 0.5))
    with p.layer():
        p.rot_ell(108, 46, 30, 7, -14, mix(wood, WHITE, 0.1))
    with p.layer(outline=None):
        p.eye(92, 60, 3.4, "glow", (250, 240, 120))
        p.eye(106, 60, 3.4, "glow", (250, 240, 120))


def _tiger_squirrel(p: Painter) -> None:
    fur, belly, stripe = hexc("ee8a2c"), hexc("f8e6c8"), hexc("2a1c1a")
    _ground_shadow(p, 100, 126, 50)
    with p.layer():
        p.tube([(84, 110), (56, 104), (40, 76), (52, 46), (72, 44)], 10, 17, fur)
        with p.pattern():
            for i in range(6):
                y = 50 + i * 11
                p.rot_ell(50, y, 22, 2.4, -20 + i * 8, stripe)
    with p.layer():
        for x in (92, 118):
            p.tube([(x, 110), (x + 4, 124)], 5, 5, fur)
        p.ell(106, 98, 22, 24, fur)
        p.ell(110, 104, 12, 14, belly)
        with p.pattern():
            for y in (84, 94, 104):
                p.rot_ell(88, y, 9, 2, 20, stripe)
                p.rot_ell(126, y, 9, 2, -20, stripe)
    with p.layer():
        p.poly([(104, 56), (100, 36), (114, 50)], fur)
        p.poly([(132, 56), (138, 36), (124, 50)], fur)
        p.circ(118, 66, 18, fur)
        p.ell(122, 74, 10, 7, belly)
        with p.pattern():
            for dx in (-6, 0, 6):
                p.poly([(118 + dx - 2, 48), (118 + dx + 2, 48), (118 + dx, 58)], stripe)
    with p.layer(outline=None):
        p.eye(111, 64, 4.2, "slit", hexc("7ad040"))
        p.eye(127, 64, 4.2, "slit", hexc("7ad040"))
        p.ell(122, 71, 2.6, 2, INK, shade=False)
        p.poly([(117, 76), (120, 76), (118.5, 84)], WHITE)
        p.poly([(124, 76), (127, 76), (125.5, 84)], WHITE)


def _turbo_bug(p: Painter) -> None:
    shell, metal = hexc("2f66d0"), hexc("b8c0cc")
    with p.backdrop():
        for i in range(5):
            y = 60 + i * 12
            p.tube([(4, y), (48, y)], 0.5, 1.6, (255, 255, 255, 160), shade=False)
    _ground_shadow(p, 110, 126, 54)
    with p.layer(outline=None):
        p.star(52, 96, 24, 10, 7, (255, 150, 40), rot=180)
        p.star(56, 96, 13, 6, 7, (255, 240, 140), rot=180)
    with p.layer():
        p.poly([(60, 86), (80, 86), (80, 106), (60, 106)], metal)
        p.ell(60, 96, 4, 10, mix(metal, INK, 0.4))
        for side in (-1, 1):
            for i in range(3):
                p.tube([(96 + i * 18, 104), (92 + i * 18, 112 + side * 0), (98 + i * 18, 124)], 2, 1.4, INK, shade=False)
        p.ell(112, 96, 36, 20, shell)
        p.line((86, 92), (146, 92), 1.2, mix(shell, INK, 0.4))
        p.ell(104, 86, 22, 5, (255, 255, 255, 90), shade=False)
    with p.layer():
        p.tube([(150, 82), (160, 62), (172, 56)], 1.3, 1.1, INK, shade=False)
        p.circ(152, 92, 13, mix(shell, INK, 0.2))
        p.ell(156, 86, 11, 5, hexc("5a5a64"))
    with p.layer(outline=None):
        p.eye(152, 86, 4, "round", hexc("40c0e0"))
        p.eye(162, 86, 3.6, "round", hexc("40c0e0"))
        p.smile(158, 97, 8, 2)


def _tusked_extorter(p: Painter) -> None:
    """A walrus tax collector: top hat, monocle and a pile of someone else's gold."""
    skin, suit, gold = hexc("a0765a"), hexc("3a3650"), hexc("f2c440")
    _ground_shadow(p, 100, 128, 58)
    with p.layer():
        for x, base in ((160, 122), (174, 122), (167, 106)):
            for i in range(4):
                p.ell(x + (i % 2) * 1.5, base - i * 4, 7, 2.6, gold)
    with p.layer():
        p.ell(100, 108, 40, 22, suit)
        p.poly([(92, 88), (108, 88), (100, 114)], WHITE)
        p.poly([(97, 92), (103, 92), (100, 110)], hexc("c03040"))
        p.tube([(66, 100), (56, 118)], 8, 7, suit)
        p.tube([(134, 100), (144, 118)], 8, 7, suit)
    with p.layer():
        p.ell(100, 66, 30, 26, skin)
        p.ell(90, 80, 13, 10, mix(skin, WHITE, 0.2))
        p.ell(110, 80, 13, 10, mix(skin, WHITE, 0.2))
        with p.pattern():
            for x, y in ((84, 78), (90, 83), (96, 78), (104, 78), (110, 83), (116, 78)):
                p.circ(x, y, 1.1, mix(skin, INK, 0.5), shade=False)
        p.ell(100, 72, 6, 4, INK, shade=False)
    with p.layer():
        p.tube([(92, 86), (90, 106), (94, 116)], 4, 1.6, hexc("f4eedc"))
        p.tube([(108, 86), (110, 106), (106, 116)], 4, 1.6, hexc("f4eedc"))
    with p.layer():
        p.ell(100, 44, 28, 5, INK)
        p.poly([(84, 44), (86, 14), (114, 14), (116, 44)], hexc("24202e"))
        p.poly([(85, 34), (115, 34), (115.5, 40), (84.5, 40)], hexc("a02c3c"))
    with p.layer(outline=None):
        p.eye(88, 60, 3.6, "round", hexc("3a5060"), lid=0.35, lid_col=mix(skin, INK, 0.2))
        p.eye(112, 60, 4, "round", hexc("3a5060"))
        pygame.draw.circle(p.target, gold, p.px(112, 60), p.s(6.4), max(1, round(p.s(1.4))))
        p.line((118, 62), (124, 90), 0.7, gold)


def _urchin_hurler(p: Painter) -> None:
    skin, urchin = hexc("f08a4a"), hexc("8a3ab0")
    _ground_shadow(p, 100, 128, 60)
    with p.layer():
        for dx in (-36, -20, -6, 10, 26):
            curl = 1 if dx >= 0 else -1
            p.tube([(100 + dx * 0.5, 96), (100 + dx, 114), (100 + dx + curl * 12, 122), (100 + dx + curl * 16, 114)], 7, 2, skin)
        p.tube([(120, 86), (146, 72), (150, 46)], 7, 4, skin)
    with p.layer():
        p.ell(98, 76, 28, 30, skin)
        with p.pattern():
            for x, y, r in ((84, 62, 4), (110, 56, 3), (116, 74, 3.5), (88, 88, 2.6)):
                p.circ(x, y, r, mix(skin, WHITE, 0.3), shade=False)
    with p.layer(outline=None):
        p.eye(88, 80, 6, "round")
        p.eye(108, 80, 6, "round")
        p.smile(98, 94, 10, -2)
    with p.layer():
        p.spikes(150, 34, 11, 16, 9, 2, mix(urchin, WHITE, 0.1))
        p.circ(150, 34, 12, urchin)


_RECIPES: dict[str, tuple[Callable[[Painter], None], str, str]] = {
    # name: (recipe, habitat, glow accent)
    "Axolotl Healer": (_axolotl, "sea", "ffd0e8"),
    "Bee Bear": (_bee_bear, "meadow", "fff0a0"),
    "Brain Fly": (_brain_fly, "psychic", "ffb0e0"),
    "Chameleon Sniper": (_chameleon, "jungle", "c0ffa0"),
    "Compost Dragon": (_compost_dragon, "forest", "e0ff9a"),
    "Deathweaver": (_deathweaver, "night", "a070ff"),
    "Elephantopus": (_elephantopus, "deep", "a0c0ff"),
    "Explosive Toad": (_explosive_toad, "volcano", "ffd060"),
    "Ferret Bomber": (_ferret_bomber, "cave", "ffb070"),
    "Giraffodile": (_giraffodile, "desert", "fff0c0"),
    "Goblin Werewolf": (_goblin_werewolf, "dusk", "c0e0ff"),
    "Gorillion": (_gorillion, "jungle", "ffd080"),
    "Grave Robber": (_grave_robber, "grave", "b0ffb0"),
    "Harpy Mother": (_harpy_mother, "arena", "ffc0a0"),
    "Kangasaurus Rex": (_kangasaurus, "desert", "ffe0a0"),
    "Killer Bee": (_killer_bee, "meadow", "ffa060"),
    "Lone Yeti": (_lone_yeti, "snow", "e0f0ff"),
    "Luchataur": (_luchataur, "arena", "ffe080"),
    "Mysterious Mermaid": (_mermaid, "deep", "60fff0"),
    "Plated Scorpion": (_plated_scorpion, "desert", "ffc080"),
    "Rhino Turtle": (_rhino_turtle, "swamp", "e0ffb0"),
    "Shark Dog": (_shark_dog, "sea", "c0f0ff"),
    "Sharky Crab-Dog-Mummypus": (_chimera, "cave", "ffa0c0"),
    "Shield Bugs": (_shield_bugs, "forest", "fff0a0"),
    "Snail Hydra": (_snail_hydra, "swamp", "f0ffc0"),
    "Snail Thrower": (_snail_thrower, "meadow", "e0c0ff"),
    "Spider Owl": (_spider_owl, "forest", "ffd0a0"),
    "Strange Barrel": (_strange_barrel, "cave", "c0ff90"),
    "Tiger Squirrel": (_tiger_squirrel, "forest", "ffc070"),
    "Turbo Bug": (_turbo_bug, "desert", "a0d0ff"),
    "Tusked Extorter": (_tusked_extorter, "vault", "ffe070"),
    "Urchin Hurler": (_urchin_hurler, "sea", "e0a0ff"),
}


def _generic(p: Painter) -> None:
    """A creature for a name we have no recipe for: a blob beast assembled from the name's hash."""
    rng = p.rng
    hue = rng.random()
    col = pygame.Color(0)
    col.hsva = (hue * 360, 55, 85, 100)
    body: RGB = (col.r, col.g, col.b)
    _ground_shadow(p, 100, 126, 56)
    with p.layer():
        legs = rng.choice((2, 4, 6))
        for i in range(legs):
            x = 70 + i * 60 / max(1, legs - 1)
            p.tube([(x, 100), (x + rng.uniform(-6, 6), 124)], 5, 4, mix(body, INK, 0.2))
        p.ell(100, 94, rng.uniform(30, 44), rng.uniform(22, 30), body)
        if rng.random() < 0.5:
            with p.pattern():
                for i in range(5):
                    p.rot_ell(70 + i * 15, 94, 4, 30, 10, mix(body, INK, 0.3))
    with p.layer():
        if rng.random() < 0.5:
            p.poly([(82, 60), (74, 36), (92, 52)], body)
            p.poly([(118, 60), (126, 36), (108, 52)], body)
        p.circ(100, 66, 20, mix(body, WHITE, 0.1))
    n = rng.choice((1, 2, 3))
    with p.layer(outline=None):
        for i in range(n):
            p.eye(100 + (i - (n - 1) / 2) * 12, 62, 5, "round", hexc("40a060"))
        p.smile(100, 76, 10, 2)


def _name_of(card: object) -> str:
    return card if isinstance(card, str) else str(getattr(card, "name", card))


def palette_accent(name: str) -> RGB:
    """The glow colour of a creature's picture (the card frame is tinted to match)."""
    entry = _RECIPES.get(name)
    if entry:
        return hexc(entry[2])
    rng = random.Random(zlib.crc32(name.encode("utf-8")))
    c = pygame.Color(0)
    c.hsva = (rng.random() * 360, 40, 100, 100)
    return (c.r, c.g, c.b)


@lru_cache(maxsize=256)
def _render(name: str, keywords: tuple[str, ...], width: int, height: int) -> pygame.Surface:
    rng = random.Random(zlib.crc32(name.encode("utf-8")))
    p = Painter(width, height, keywords, rng)
    recipe, habitat, _accent = _RECIPES.get(name, (_generic, rng.choice(("meadow", "forest", "sea", "cave")), ""))
    _scene(p, habitat, palette_accent(name))
    recipe(p)
    _keyword_overlays(p)
    return p.finish(width, height)


def creature_art(card: object, width: int, height: int) -> pygame.Surface:
    """The picture of ``card`` (a CardDef-like object with ``name`` and ``keywords``, or a name).

    Cached per (name, keywords, size); treat the returned surface as read-only.
    """
    name = _name_of(card)
    keywords = tuple(getattr(card, "keywords", ()) or ())
    return _render(name, keywords, max(8, int(width)), max(8, int(height)))
