"""One sprite per card on the table: position, size, rotation, flip, glow.

Images come from the card renderer (cached there by width); rotation and the flip squash are
always made from that pristine image, never from an already transformed one, so a card that
is rotated many times stays sharp.
"""

from __future__ import annotations

import math
from functools import lru_cache
from typing import TYPE_CHECKING

import pygame

from game.ui.kit import marks, theme
from game.ui.table.layout import SPRITE_SIZES, SpriteKey, card_h

if TYPE_CHECKING:
    from game.engine import CardDef
    from game.ui.core.contracts import CardRenderer


__all__ = ["SIZES", "CardSprite", "SpriteKey"]

SIZES = SPRITE_SIZES  # every width the layout uses (1v1 and 2v2): faces cached per width


class CardSprite:
    def __init__(self, key: SpriteKey, cid: int, x: float, y: float, w: float, face_up: bool) -> None:
        self.key = key
        self.cid = cid  # -1 while the face is unknown to the viewer
        self.x, self.y, self.w = x, y, w
        self.angle = 0.0
        self.face = 1.0 if face_up else 0.0  # 1 = face up, 0 = face down; between = flipping
        self.dx = 0.0  # temporary offsets (lunge, clash), eased back to 0
        self.dy = 0.0
        self.jolt = 0.0  # a sideways shake when the card takes a hit, eased back to 0
        self.lift = 0.0  # hover lift for hand cards
        self.glow = 0.0  # ability flash, 0..1
        self.dim = 0.0  # 0..1: greyed (a creature that may not block a Sneaky attacker)
        self.alpha = 255.0
        self.z = 0
        self.zone = ""
        self.seat: int | None = None
        self.highlight: str | None = None  # "legal", "selected", "attacker", "target"
        self.dragging = False

    @property
    def center(self) -> tuple[float, float]:
        return (self.x + self.dx + self.jolt, self.y + self.dy - self.lift)

    def rect(self) -> pygame.Rect:
        """Hit box (rotated cards are wider than tall)."""
        w, h = self.w, card_h(self.w)
        if round(self.angle / 90) % 2:
            w, h = h, w
        r = pygame.Rect(0, 0, int(w), int(h))
        r.center = (int(self.center[0]), int(self.center[1]))
        return r

    def image(self, renderer: CardRenderer, card_def: CardDef | None, show_face: bool) -> pygame.Surface:
        w = max(8, int(round(self.w)))
        up = self.face >= 0.5 and show_face and card_def is not None
        # Faces are rendered only at the layout's few widths (the renderer caches them); a card
        # growing or shrinking in between is scaled from the next larger one.
        src_w = next((b for b in SIZES if b >= w), SIZES[-1])
        base = renderer.face(card_def, src_w) if up and card_def is not None else renderer.back(src_w)
        if src_w != w:
            h = max(1, round(base.get_height() * w / src_w))
            base = pygame.transform.smoothscale(base, (w, h))
        squash = abs(2 * self.face - 1)  # 1 at rest, 0 edge-on in the middle of a flip
        if squash < 0.999:
            base = pygame.transform.smoothscale(base, (max(1, int(base.get_width() * squash)),
                                                       base.get_height()))
        if abs(self.angle) > 0.01:
            base = pygame.transform.rotate(base, -self.angle)
        return base

    def draw(self, surface: pygame.Surface, renderer: CardRenderer, card_def: CardDef | None,
             show_face: bool) -> None:
        img = self.image(renderer, card_def, show_face)
        cx, cy = self.center
        r = img.get_rect(center=(int(cx), int(cy)))
        shadow_off = 8 if self.dragging else 3
        _shadow(surface, r.move(shadow_off, shadow_off + 1), self.angle, self.w)
        if self.highlight:
            _outline(surface, r, self.highlight, self.angle, self.w)
        if self.alpha < 254:
            img = img.copy()
            img.set_alpha(int(self.alpha))
        surface.blit(img, r)
        if self.highlight and not self.dragging:  # a card in the hand is picked already
            _marks(surface, r, self.highlight)
        if self.dim > 0.01:
            _dim(surface, r, self.angle, self.w, self.dim)
        if self.glow > 0.01:
            _glow(surface, r, self.glow, self.angle, self.w)


def _shadow(surface: pygame.Surface, r: pygame.Rect, angle: float, w: float) -> None:
    """The card's shadow, turned with it: mid-rotation the box around the card is far larger
    than the card, and a shadow that filled it would darken the neighbours through the corners."""
    surface.blit(_card_shaped(r.size, w, angle, theme.SHADOW), r)


def _dim(surface: pygame.Surface, r: pygame.Rect, angle: float, w: float, amount: float) -> None:
    img = _card_shaped(r.size, w, angle, (10, 12, 16, int(170 * min(1.0, amount)) // 17 * 17))
    surface.blit(img, r)


def _card_shaped(box: tuple[int, int], w: float, angle: float, rgba: tuple[int, ...]) -> pygame.Surface:
    """A rounded card-sized rectangle of ``rgba`` turned by ``angle``, centred in ``box``."""
    turn = round(angle) % 360
    if turn % 90 == 0:
        return _shadow_image(box, rgba)
    size = (max(1, int(round(w))), max(1, int(round(card_h(w)))))
    return _turned(size, turn, rgba, box)


@lru_cache(maxsize=128)
def _turned(size: tuple[int, int], turn: int, rgba: tuple[int, ...], box: tuple[int, int]) -> pygame.Surface:
    turned = pygame.transform.rotate(_shadow_image(size, rgba), -turn)
    out = pygame.Surface(box, pygame.SRCALPHA, 32)
    out.blit(turned, turned.get_rect(center=(box[0] // 2, box[1] // 2)))
    return out


@lru_cache(maxsize=64)
def _shadow_image(size: tuple[int, int], rgba: tuple[int, ...] = theme.SHADOW) -> pygame.Surface:
    """Shadows are drawn every frame for every card: make each size once."""
    s = pygame.Surface(size, pygame.SRCALPHA, 32)
    pygame.draw.rect(s, rgba, s.get_rect(), border_radius=8)
    return s


def outline_colour(kind: str) -> tuple[int, int, int]:
    """The colour of a highlight, read from the palette when drawn (it may switch)."""
    return {
        "legal": theme.ACCENT,
        "selected": theme.SELECT,
        "attacker": theme.DANGER,
        "target": theme.DANGER,
        "blocker": theme.SELECT,
        "defender": (250, 250, 250),  # the creature the attacker fights (blocker or hunted)
    }.get(kind, theme.ACCENT)


def tilted(angle: float) -> bool:
    """A card turned by other than a quarter turn (mid-tilt): its box is not its shape."""
    return abs(angle - 90 * round(angle / 90)) > 0.5


def _outline(surface: pygame.Surface, r: pygame.Rect, kind: str, angle: float = 0.0, w: float = 0.0) -> None:
    """The ring under the card, turned with it. Not colour alone: a card you may pick also has
    corner marks (``_marks``), the one you picked a second, inner ring and a tick; the fighters
    get their words under them (the match's combat tags)."""
    color = outline_colour(kind)
    width = (5 if kind == "selected" else 4) + (theme.LINE - 1) * 2
    rings = [(10, color, width, 12)]
    if kind == "selected":  # a dark gap, then a white ring: a double outline
        rings += [(18, (0, 0, 0), 3, 14), (22, (255, 255, 255), 3, 15)]
    if not tilted(angle) or w <= 0:
        for grow, c, line, radius in rings:
            pygame.draw.rect(surface, c, r.inflate(grow, grow), line, border_radius=radius)
        return
    for grow, c, line, radius in rings:
        ring = _turned_ring(_upright(w, grow), round(angle) % 360, c, line, radius, 0)
        surface.blit(ring, ring.get_rect(center=r.center))


def _upright(w: float, grow: int) -> tuple[int, int]:
    """The size of the upright card of width ``w``, ``grow`` pixels larger each way."""
    return (max(1, int(round(w))) + grow, max(1, int(round(card_h(w)))) + grow)


@lru_cache(maxsize=256)
def _turned_ring(size: tuple[int, int], turn: int, color: tuple[int, ...], line: int, radius: int,
                 fill_alpha: int) -> pygame.Surface:
    """A rounded rectangle's ring of ``size`` (filled with ``fill_alpha`` of its colour if
    not 0), turned by ``turn`` degrees: a ring or a glow that turns with its card."""
    s = pygame.Surface(size, pygame.SRCALPHA, 32)
    if fill_alpha:
        pygame.draw.rect(s, (*color[:3], fill_alpha), s.get_rect(), border_radius=radius)
    pygame.draw.rect(s, color, s.get_rect(), line, border_radius=radius)
    return pygame.transform.rotate(s, -turn) if turn % 360 else s


def _marks(surface: pygame.Surface, r: pygame.Rect, kind: str) -> None:
    """Over the card: corner marks on a card that may be picked, a tick on the picked one."""
    if kind == "legal":
        marks.corner_marks(surface, r.inflate(14, 14), outline_colour(kind), max(10, r.w // 6))
    elif kind == "selected":
        size = max(18, min(30, r.w // 4))
        marks.tick_badge(surface, (r.right - size // 3, r.top + size // 3), size, outline_colour(kind))


def _glow(surface: pygame.Surface, r: pygame.Rect, amount: float, angle: float = 0.0, w: float = 0.0) -> None:
    """The ability's flash around the card, turned with it (the Mindbug's tilt)."""
    a = int(200 * min(1.0, amount)) // 8 * 8  # a few steps: each turned glow is made once
    if not tilted(angle) or w <= 0:
        s = pygame.Surface(r.inflate(24, 24).size, pygame.SRCALPHA, 32)
        pygame.draw.rect(s, (255, 240, 150, a // 3), s.get_rect(), border_radius=16)
        pygame.draw.rect(s, (255, 240, 150, a), s.get_rect(), 5, border_radius=16)
        surface.blit(s, r.inflate(24, 24))
        return
    glow = _turned_ring(_upright(w, 24), round(angle) % 360, (255, 240, 150, a), 5, 16, a // 3)
    surface.blit(glow, glow.get_rect(center=r.center))


def pulse(t: float) -> float:
    """A slow 0..1 breathing value for highlights that want attention."""
    return 0.5 + 0.5 * math.sin(t * 4.0)
