"""Drawing the table's effects (``game.ui.table.effects``): trails, flying tokens, hits, cracks,
venom, shields, a hunter's line, a cracked heart, sparks.

Each kind is a small function of the effect and the surface; the shapes come from the effect's
own seed (a local ``random.Random``), so a frame sequence looks the same on every run. Only
small surfaces are made, and the round ones are kept: effects run while cards move, inside the
frame budget (``bench/ui.py``).
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from functools import lru_cache
from typing import TYPE_CHECKING, Protocol

import pygame

from game.ui.kit import fonts, theme
from game.ui.table import hud

if TYPE_CHECKING:
    from game.ui.table.effects import Effect, Effects
    from game.ui.table.sprites import CardSprite, SpriteKey


class EffectsTable(Protocol):
    """What drawing the effects reads of a table (``TableStage`` has it)."""

    effects: Effects
    sprites: dict[SpriteKey, CardSprite]


def draw_under(surface: pygame.Surface, table: EffectsTable) -> None:
    """The effects that belong under the cards (a trail behind the card that makes it)."""
    for fx in table.effects.of_layer(under=True):
        DRAW[fx.kind](surface, fx, table)


def draw_over(surface: pygame.Surface, table: EffectsTable) -> None:
    for fx in table.effects.of_layer(under=False):
        DRAW[fx.kind](surface, fx, table)


def _card_rect(fx: Effect, table: EffectsTable) -> pygame.Rect | None:
    sp = table.sprites.get(fx.key) if fx.key is not None else None
    return sp.rect() if sp is not None else None


@lru_cache(maxsize=256)
def _dot(radius: int, color: tuple[int, int, int], alpha: int) -> pygame.Surface:
    s = pygame.Surface((2 * radius + 2, 2 * radius + 2), pygame.SRCALPHA, 32)
    pygame.draw.circle(s, (*color, alpha), (radius + 1, radius + 1), radius)
    return s


def _blit_dot(surface: pygame.Surface, center: tuple[float, float], radius: float,
              color: tuple[int, int, int], alpha: float) -> None:
    r = max(1, int(radius))
    a = max(0, min(255, int(alpha) // 16 * 16))  # a few steps of alpha keep the cache small
    if a == 0:
        return
    img = _dot(r, color, a)
    surface.blit(img, img.get_rect(center=(int(center[0]), int(center[1]))))


def _trail(surface: pygame.Surface, fx: Effect, table: EffectsTable) -> None:
    """A glowing wake behind the card, widest near it, with sparks either side."""
    fade = 1.0 - fx.frac
    n = len(fx.points)
    rng = random.Random(fx.seed)
    for i, p in enumerate(fx.points):
        k = (i + 1) / n
        _blit_dot(surface, p, 10 + 34 * k, theme.MINDBUG, 170 * k * fade)
        _blit_dot(surface, p, 4 + 12 * k, (240, 220, 255), 220 * k * fade)
        side = rng.uniform(-1, 1) * (20 + 40 * k)
        _blit_dot(surface, (p[0] + side, p[1] + rng.uniform(-8, 8)), 3, (255, 240, 255), 255 * k * fade)


def _token(surface: pygame.Surface, fx: Effect, table: EffectsTable) -> None:
    if fx.to is None:
        return
    t = fx.frac
    ease = 1 - (1 - t) ** 3
    x = fx.pos[0] + (fx.to[0] - fx.pos[0]) * ease
    y = fx.pos[1] + (fx.to[1] - fx.pos[1]) * ease - math.sin(math.pi * t) * 70  # an arc
    size = int(44 + 22 * math.sin(math.pi * t))
    _blit_dot(surface, (x, y), size * 0.9, theme.MINDBUG, 90)
    hud.mindbug_token(surface, (int(x), int(y)), False, 1.0, size=size)


def _burst(surface: pygame.Surface, fx: Effect, table: EffectsTable) -> None:
    t = fx.frac
    reach = (34 + 22 * fx.strength) * (1 - (1 - t) ** 2)
    alpha = 255 * (1 - t)
    size = int(2 * (34 + 22 * 3) + 8)
    s = pygame.Surface((size, size), pygame.SRCALPHA, 32)
    c = size // 2
    if t < 0.4:  # the flash itself
        k = 1 - t / 0.4
        pygame.draw.circle(s, (*fx.color, int(160 * k)), (c, c), int(30 + 18 * fx.strength))
        pygame.draw.circle(s, (255, 255, 240, int(240 * k)), (c, c), int(16 + 10 * fx.strength))
    pygame.draw.circle(s, (*fx.color, int(alpha)), (c, c), max(2, int(reach)), max(1, int(6 * (1 - t)) + 1))
    rng = random.Random(fx.seed)
    for i in range(8 + int(3 * fx.strength)):
        ang = 2 * math.pi * i / (8 + int(3 * fx.strength)) + rng.uniform(-0.2, 0.2)
        r0, r1 = reach * 0.55, reach * (1.0 + rng.uniform(0.0, 0.3))
        p0 = (c + math.cos(ang) * r0, c + math.sin(ang) * r0)
        p1 = (c + math.cos(ang) * r1, c + math.sin(ang) * r1)
        pygame.draw.line(s, (255, 240, 200, int(alpha)), p0, p1, 4)
    surface.blit(s, s.get_rect(center=(int(fx.pos[0]), int(fx.pos[1]))))


def _crack_lines(rect: pygame.Rect, seed: int, strength: float) -> list[list[tuple[int, int]]]:
    """Jagged lines from a point near the card's middle out to its edges."""
    rng = random.Random(seed)
    cx = rect.centerx + rng.randint(-rect.w // 6, rect.w // 6)
    cy = rect.centery + rng.randint(-rect.h // 6, rect.h // 6)
    lines = []
    for i in range(3 + int(strength)):
        ang = 2 * math.pi * i / (3 + int(strength)) + rng.uniform(-0.4, 0.4)
        pts = [(cx, cy)]
        length = max(rect.w, rect.h) * rng.uniform(0.45, 0.7)
        for step in range(1, 5):
            r = length * step / 4
            wobble = rng.uniform(-0.35, 0.35)
            x = cx + math.cos(ang + wobble) * r
            y = cy + math.sin(ang + wobble) * r
            pts.append((int(min(max(x, rect.left + 2), rect.right - 2)),
                        int(min(max(y, rect.top + 2), rect.bottom - 2))))
        lines.append(pts)
    return lines


def _crack(surface: pygame.Surface, fx: Effect, table: EffectsTable) -> None:
    rect = _card_rect(fx, table)
    if rect is None:
        return
    grow = min(1.0, fx.frac / 0.3)  # the cracks run out from the middle, then stay
    alpha = 255 if fx.frac < 0.75 else int(255 * (1 - fx.frac) / 0.25)
    s = pygame.Surface(rect.size, pygame.SRCALPHA, 32)
    local = pygame.Rect(0, 0, rect.w, rect.h)
    for pts in _crack_lines(local, fx.seed, fx.strength):
        n = max(2, 1 + int(grow * (len(pts) - 1)))
        part = pts[:n]
        pygame.draw.lines(s, (20, 12, 10, alpha), False, part, 4)
        pygame.draw.lines(s, (255, 250, 235, alpha), False, [(x + 1, y - 1) for x, y in part], 1)
    surface.blit(s, rect)


def _venom(surface: pygame.Surface, fx: Effect, table: EffectsTable) -> None:
    rect = _card_rect(fx, table)
    cx, cy = rect.center if rect is not None else (int(fx.pos[0]), int(fx.pos[1]))
    t = fx.frac
    green = (120, 230, 80)
    if rect is not None:  # a green wash over the victim, strongest at the splash
        s = pygame.Surface(rect.size, pygame.SRCALPHA, 32)
        s.fill((*green, int(110 * (1 - t))))
        surface.blit(s, rect)
    rng = random.Random(fx.seed)
    for _i in range(12):
        ang = rng.uniform(0, 2 * math.pi)
        speed = rng.uniform(50, 110)
        x = cx + math.cos(ang) * speed * t
        y = cy + math.sin(ang) * speed * t + 90 * t * t  # the drops fall
        _blit_dot(surface, (x, y), rng.uniform(4, 8) * (1 - 0.6 * t), green, 230 * (1 - t))


def _shield_points(cx: float, cy: float, size: float) -> list[tuple[float, float]]:
    w, h = size * 0.8, size
    return [(cx - w / 2, cy - h / 2), (cx + w / 2, cy - h / 2), (cx + w / 2, cy),
            (cx, cy + h / 2), (cx - w / 2, cy)]


def _shield(surface: pygame.Surface, fx: Effect, table: EffectsTable) -> None:
    rect = _card_rect(fx, table)
    cx, cy = rect.center if rect is not None else fx.pos
    t = fx.frac
    size = 70.0
    blue = (150, 210, 255)
    if t < 0.45:  # the shield comes up and takes the blow
        a = int(255 * min(1.0, t / 0.15))
        pts = _shield_points(cx, cy, size * (0.8 + 0.2 * min(1.0, t / 0.15)))
        _polygon(surface, pts, (*blue, a), (255, 255, 255, a))  # solid: the card does not show through
        return
    # ... then breaks: two halves fall apart and fade
    k = (t - 0.45) / 0.55
    a = int(255 * (1 - k))
    full = _shield_points(cx, cy, size)
    top_mid, bottom = (cx, cy - size / 2), (cx, cy + size / 2)
    left = [full[0], top_mid, (cx - 4, cy), bottom, full[4]]
    right = [top_mid, full[1], full[2], bottom, (cx + 4, cy)]
    for half, sign in ((left, -1), (right, 1)):
        moved = [(x + sign * 40 * k, y + 50 * k * k) for x, y in half]
        _polygon(surface, moved, (*blue, a), (255, 255, 255, a))


def _polygon(surface: pygame.Surface, pts: list[tuple[float, float]], fill, edge) -> None:
    xs, ys = [p[0] for p in pts], [p[1] for p in pts]
    box = pygame.Rect(int(min(xs)) - 3, int(min(ys)) - 3, int(max(xs) - min(xs)) + 7, int(max(ys) - min(ys)) + 7)
    s = pygame.Surface(box.size, pygame.SRCALPHA, 32)
    local = [(x - box.x, y - box.y) for x, y in pts]
    pygame.draw.polygon(s, fill, local)
    pygame.draw.polygon(s, edge, local, 3)
    surface.blit(s, box)


def _target(surface: pygame.Surface, fx: Effect, table: EffectsTable) -> None:
    if fx.to is None:
        return
    (x0, y0), (x1, y1) = fx.pos, fx.to
    length = math.hypot(x1 - x0, y1 - y0)
    if length < 1:
        return
    ux, uy = (x1 - x0) / length, (y1 - y0) / length
    shown = length * min(1.0, fx.frac / 0.25)  # the line runs out to its prey
    color = theme.DANGER
    dash, pos = 14.0, 0.0
    while pos < shown:
        end = min(shown, pos + dash)
        pygame.draw.line(surface, color, (x0 + ux * pos, y0 + uy * pos), (x0 + ux * end, y0 + uy * end), 4)
        pos += dash * 1.8
    if fx.frac >= 0.25:  # the crosshair on the hunted
        r = int(26 + 4 * math.sin(fx.t * 10))
        c = (int(x1), int(y1))
        pygame.draw.circle(surface, (0, 0, 0), c, r + 1, 5)
        pygame.draw.circle(surface, color, c, r, 3)
        for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1)):
            pygame.draw.line(surface, color, (c[0] + dx * (r - 8), c[1] + dy * (r - 8)),
                             (c[0] + dx * (r + 10), c[1] + dy * (r + 10)), 3)


def _heart_crack(surface: pygame.Surface, fx: Effect, table: EffectsTable) -> None:
    """The heart breaks: a crack runs down it and shards fall away. The lethal blow (strength
    above 1) shatters it: the two halves part and fall, leaving the heart's place empty."""
    if fx.strength > 1.0:
        _heart_shatter(surface, fx)
        return
    cx, cy = fx.pos[0] - 15, fx.pos[1]  # down the left lobe: the number stays readable
    t = fx.frac
    alpha = 255 if t < 0.7 else int(255 * (1 - t) / 0.3)
    rng = random.Random(fx.seed)
    pts = [(cx - 2 + rng.randint(-3, 3), cy - 20)]
    for i in range(1, 6):
        pts.append((cx + (7 if i % 2 else -7) + rng.randint(-2, 2), cy - 20 + i * 7))
    s = pygame.Surface((80, 80), pygame.SRCALPHA, 32)
    local = [(x - cx + 40, y - cy + 40) for x, y in pts]
    n = max(2, 1 + int(min(1.0, t / 0.12) * (len(local) - 1)))
    pygame.draw.lines(s, (25, 0, 0, alpha), False, local[:n], 5)
    surface.blit(s, (int(cx) - 40, int(cy) - 40))
    for i in range(7):  # shards that burst out and fall away
        ang = rng.uniform(-math.pi, 0)
        speed = rng.uniform(30, 70)
        sx = cx + math.cos(ang) * speed * t + (i - 3) * 3
        sy = cy + math.sin(ang) * speed * t + 90 * t * t
        _blit_dot(surface, (sx, sy), 2 + i % 3, theme.DANGER, 240 * (1 - t))


@lru_cache(maxsize=4)
def _heart_halves(size: int) -> tuple[pygame.Surface, pygame.Surface, pygame.Surface]:
    """The heart as drawn on the panel, cut down its middle, and its empty place (the panel's
    shade in the heart's shape)."""
    whole = pygame.Surface((size + 8, size + 8), pygame.SRCALPHA, 32)
    centre = (whole.get_width() // 2, whole.get_height() // 2)
    hud.heart(whole, centre, size, theme.DANGER)
    empty = pygame.Surface(whole.get_size(), pygame.SRCALPHA, 32)
    hud.heart(empty, centre, size, (40, 22, 30))
    hud.heart(empty, centre, size - size // 6, (20, 14, 20))
    half = whole.get_width() // 2
    left = whole.subsurface((0, 0, half, whole.get_height())).copy()
    right = whole.subsurface((half, 0, whole.get_width() - half, whole.get_height())).copy()
    return left, right, empty


def _heart_shatter(surface: pygame.Surface, fx: Effect) -> None:
    cx, cy = fx.pos
    t = fx.frac
    left, right, empty = _heart_halves(int(32 * fx.strength))  # the size of the heart it breaks
    surface.blit(empty, empty.get_rect(center=(int(cx), int(cy))))
    fade = 1.0 if t < 0.6 else (1 - t) / 0.4
    apart = 8 + 50 * t
    fall = 160 * t * t
    for img, side in ((left, -1), (right, 1)):
        turned = pygame.transform.rotate(img, -side * 40 * t)
        turned.set_alpha(int(255 * fade))
        x = cx + side * (apart + img.get_width() // 2 - 4)
        surface.blit(turned, turned.get_rect(center=(int(x), int(cy + fall))))
    rng = random.Random(fx.seed)
    for i in range(12):  # a burst of shards
        ang = rng.uniform(0, 2 * math.pi)
        speed = rng.uniform(40, 110)
        sx = cx + math.cos(ang) * speed * t
        sy = cy + math.sin(ang) * speed * t + 120 * t * t
        _blit_dot(surface, (sx, sy), 2 + i % 4, theme.DANGER if i % 3 else (255, 220, 220), 250 * (1 - t))


NUMBER_SIZE = 84  # the large "-1": read from across the room (about 60 px tall in a 960 window)


def _life_number(surface: pygame.Surface, fx: Effect, table: EffectsTable) -> None:
    """The life lost or gained, large beside the heart: it lands big and settles (its first
    frame is the hit-stop's, at full strength), stays, then rises and fades."""
    t = fx.frac
    size = int(NUMBER_SIZE * fx.strength)
    img = fonts.render_outlined(fx.label, size, fx.color, (0, 0, 0), 4, bold=True)
    land = min(1.0, t / 0.12)
    grow = 1.0 + 0.45 * (1 - land) ** 2
    if grow > 1.01:
        img = pygame.transform.smoothscale(img, (int(img.get_width() * grow), int(img.get_height() * grow)))
    rise = 0.0
    if t > 0.65:
        k = (t - 0.65) / 0.35
        rise = 36 * k
        img = img.copy()
        img.set_alpha(int(255 * (1 - k)))
    surface.blit(img, img.get_rect(center=(int(fx.pos[0]), int(fx.pos[1] - rise))))


def _sparkle(surface: pygame.Surface, fx: Effect, table: EffectsTable) -> None:
    cx, cy = fx.pos
    t = fx.frac
    rng = random.Random(fx.seed)
    for i in range(14):
        ang = 2 * math.pi * i / 14 + rng.uniform(-0.2, 0.2)
        r = (20 + 50 * fx.strength * rng.uniform(0.6, 1.0)) * (1 - (1 - t) ** 2)
        x, y = cx + math.cos(ang) * r, cy + math.sin(ang) * r - 30 * t
        _blit_dot(surface, (x, y), 3 + 3 * (1 - t), fx.color, 255 * (1 - t))


DRAW: dict[str, Callable[[pygame.Surface, Effect, EffectsTable], None]] = {
    "trail": _trail,
    "token": _token,
    "burst": _burst,
    "crack": _crack,
    "venom": _venom,
    "shield": _shield,
    "target": _target,
    "heart_crack": _heart_crack,
    "life_number": _life_number,
    "sparkle": _sparkle,
}
