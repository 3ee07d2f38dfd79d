"""Issue 42, finding 17: what is drawn around a card turns with it. Mid-tilt (the Mindbug's
tilt, the Tough turn) the glow and the red "Attacking" ring are the card's shape turned, not an
upright box around it; the shield is solid; an exhausted card has room beside it, so its
neighbours' corner marks are clear of it; a turning card gets no name strip."""

from __future__ import annotations

import math
from types import SimpleNamespace

import pygame
import pytest

from game.ui.table import effects_draw, layout, spines
from game.ui.table.effects import Effect, Effects
from game.ui.table.sprites import CardSprite


class _Renderer:
    """A plain grey face of the asked width: the test is about what is drawn around it."""

    def face(self, card_def, w):
        img = pygame.Surface((w, round(layout.card_h(w))), pygame.SRCALPHA, 32)
        img.fill((120, 120, 120, 255))
        return img

    back = face


def _drawn(angle: float, **kw) -> tuple[pygame.Surface, pygame.Rect]:
    surface = pygame.Surface((400, 400), pygame.SRCALPHA, 32)
    surface.fill((0, 0, 0, 255))
    sp = CardSprite(("play", 1), 1, 200, 200, layout.PLAY_W, True)
    sp.angle = angle
    for name, value in kw.items():
        setattr(sp, name, value)
    sp.draw(surface, _Renderer(), object(), True)
    box = sp.image(_Renderer(), object(), True).get_rect(center=(200, 200))
    return surface, box


def _outside_turned(surface: pygame.Surface, box: pygame.Rect, angle: float, grow: int, hit) -> list:
    """The pixels around the card for which ``hit(colour)`` holds that lie outside the card's
    shape turned by ``angle`` and grown by ``grow`` (a ring or glow that turns with it stays in)."""
    a = math.radians(angle)
    half_w, half_h = (layout.PLAY_W + grow) / 2 + 3, (layout.card_h(layout.PLAY_W) + grow) / 2 + 3
    out = []
    for x in range(box.left - 30, box.right + 30, 2):
        for y in range(box.top - 30, box.bottom + 30, 2):
            dx, dy = x - 200, y - 200
            u, v = dx * math.cos(a) + dy * math.sin(a), -dx * math.sin(a) + dy * math.cos(a)
            if (abs(u) > half_w or abs(v) > half_h) and hit(tuple(surface.get_at((x, y)))):
                out.append((x, y))
    return out


@pytest.mark.parametrize("angle", [20.0, 45.0, -30.0])
def test_the_attacking_ring_turns_with_the_card(angle):
    surface, box = _drawn(angle, highlight="attacker")
    red = _outside_turned(surface, box, angle, 10, lambda c: c[0] > 150 and c[1] < 100)
    assert not red, f"red outside the turned card's ring: {red[:5]}"
    # ... and the ring is there, turned: red somewhere around the card
    assert any(surface.get_at((x, y))[0] > 180 and surface.get_at((x, y))[1] < 120
               for x in range(box.left - 10, box.right + 10, 2) for y in range(box.top - 10, box.bottom + 10, 2))


@pytest.mark.parametrize("angle", [20.0, 45.0])
def test_the_glow_turns_with_the_card(angle):
    surface, box = _drawn(angle, glow=1.0)
    glow = _outside_turned(surface, box, angle, 24, lambda c: c[1] > 40)
    assert not glow, f"glow outside the turned card's shape: {glow[:5]}"


def test_an_upright_card_keeps_its_ring_and_glow():
    surface, box = _drawn(0.0, highlight="attacker", glow=1.0)
    ring = box.inflate(10, 10)
    assert surface.get_at((ring.centerx, ring.top + 1))[0] > 180


def test_the_shield_is_solid():
    sp = CardSprite(("play", 1), 1, 200, 200, layout.PLAY_W, True)
    table = SimpleNamespace(effects=Effects(), sprites={sp.key: sp})
    fx = Effect("shield", 1.0, key=sp.key, t=0.3)
    surface = pygame.Surface((400, 400), pygame.SRCALPHA, 32)
    surface.fill((200, 0, 0, 255))  # a red card under it
    effects_draw.DRAW["shield"](surface, fx, table)
    assert tuple(surface.get_at(sp.rect().center))[:3] == (150, 210, 255)


def test_an_exhausted_card_leaves_its_neighbours_marks_clear():
    exhausted = {2}
    row = layout._row([1, 2, 3], 300, layout.PLAY_W, exhausted)
    rects = []
    for cid, x, w in row:
        cw, ch = (layout.card_h(w), w) if cid in exhausted else (w, layout.card_h(w))
        rects.append(pygame.Rect(round(x - cw / 2), round(300 - ch / 2), round(cw), round(ch)))
    marks = 7 + 2 + 5  # corner marks: the card's box inflated by 14, a dark edge of 2, half a line
    for neighbour in (rects[0], rects[2]):
        assert not neighbour.inflate(2 * marks, 2 * marks).colliderect(rects[1]), (neighbour, rects[1])


def test_a_turning_card_gets_no_name_strip():
    a = CardSprite(("play", 1), 1, 300, 200, layout.PLAY_W, True)
    b = CardSprite(("play", 2), 2, 330, 200, layout.PLAY_W, True)  # overlapping a
    for sp in (a, b):
        sp.zone, sp.seat = "play", 0
    stage = SimpleNamespace(sprites={a.key: a, b.key: b})
    assert a.key in spines.covered(stage)
    a.angle = 25.0  # the Mindbug's tilt
    assert spines.covered(stage) == {}
