"""A small picture of a table: the real table, drawn by ``render`` off screen and scaled down.

How to play and the puzzle list show positions as pictures. Nothing here draws a card or a
counter by hand: a ``TableStage`` is built for the position (a still one: no motion, no sound),
``TableRenderer`` draws it at full size, and the picture is that drawing, cropped to the part of
the table it needs and scaled into the size asked for. Over it, ``Marks`` may point at what the
picture is about: the real sprites' outlines (the attacker, the blocker, a chosen card), a
greyed card, an ability's glow, and arrows between places of the real layout.

Hands are never drawn face up in a picture (every hand is in no seat's ``face_up``), and the
stage shows the bottom seat's masked view: what that seat may not see is not even in it.

``MiniatureCache`` keeps pictures by a key (with the language and size folded in): building
one takes a whole table drawing, so a scene asks for it each frame and gets the kept one.
"""

from __future__ import annotations

import math
from collections import OrderedDict
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import pygame

from game.common import i18n
from game.ui.kit import theme
from game.ui.table import layout, render
from game.ui.table.render import TableFrame, TableRenderer
from game.ui.table.stage import Seating, TableStage

if TYPE_CHECKING:
    from game.engine import State
    from game.ui.core.contracts import CardRenderer
    from game.ui.table.sprites import CardSprite

#: The part of the 1280x720 table a picture shows by default: the seat panels and the table,
#: without the log (it would be empty, and too small to read).
TABLE_CROP = (0, 0, layout.TABLE_X1 + 6, 720)
#: Where a seat's life heart and Mindbug tokens sit, as arrow ends (1v1 seat panels).
LIFE, TOKENS, HAND = "life", "tokens", "hand"

#: An arrow's end: a card id (its sprite's centre), (LIFE | TOKENS | HAND, seat): a seat's life
#: heart, its Mindbug tokens, the middle of its hand; or a point of the 1280x720 table.
Spot = int | tuple[str, int] | tuple[int, int]


@dataclass(frozen=True)
class Marks:
    """What a picture points at, in the real table's own marks."""

    outline: tuple[tuple[int, str], ...] = ()  # (card id, sprite highlight: "attacker", "blocker", ...)
    dim: tuple[int, ...] = ()  # cards greyed (as the match greys a creature that may not block)
    glow: tuple[int, ...] = ()  # cards flashing their ability
    arrows: tuple[tuple[Spot, Spot], ...] = ()  # from, to
    attacker: int | None = None  # the stage's attacker and defender (the combat marks)
    defender: int | None = None
    zoom: int | None = None  # a card shown large beside its place, as a match zooms one


@dataclass
class _StillPace:
    """The table's pace for a picture: no motion, no sound, a full-size window."""

    window_scale: float = 1.0

    def anim(self, seconds: float) -> float:
        return 0.0

    def play_sound(self, name: str) -> None:
        return None


@dataclass
class Picture:
    """A built picture and what went into it (the tests read ``stage``)."""

    surface: pygame.Surface
    stage: TableStage
    crop: tuple[int, int, int, int]
    faces: list[int] = field(default_factory=list)  # card ids whose faces were drawn


def still_stage(state: State, bottom: int, names: Sequence[str] | None = None) -> TableStage:
    """A stage showing ``state`` from ``bottom``'s side, every sprite in its place, no hand
    face up."""
    n = state.n_seats  # stored names, worded in the current language by the seating
    shown = list(names) if names else ["You", "Computer"] if n == 2 else ["You"]
    seating = Seating(names=shown[:n] + [f"Player {i + 1}" for i in range(len(shown), n)],
                      team_of=state.team_of, card_def=state.card, you=bottom)
    stage = TableStage(_StillPace(), seating, lambda seat: state.view(seat).state, bottom, set())
    stage.tweener.finish_all()
    return stage


def draw_table(state: State, bottom: int, renderer: CardRenderer, size: tuple[int, int], *,
               marks: Marks | None = None, names: Sequence[str] | None = None,
               crop: tuple[int, int, int, int] = TABLE_CROP) -> Picture:
    """The table of ``state`` seen from ``bottom``, drawn as a match draws it, with ``marks``
    over it, cropped to ``crop`` and scaled to fit ``size`` (the ratio kept)."""
    stage = still_stage(state, bottom, names)
    marks = marks or Marks()
    stage.attacker, stage.defender = marks.attacker, marks.defender
    for cid, kind in marks.outline:
        if cid in stage.sprites:
            stage.sprites[cid].highlight = kind
    for cid in marks.dim:
        if cid in stage.sprites:
            stage.sprites[cid].dim = 1.0
    for cid in marks.glow:
        if cid in stage.sprites:
            stage.sprites[cid].glow = 1.0
    full = pygame.Surface((theme.SCREEN_W, theme.SCREEN_H))
    faces: list[int] = []

    def heard(st: TableStage, sp: CardSprite) -> None:
        if st is stage:
            faces.append(sp.cid)

    render.FACE_HOOKS.append(heard)
    try:
        TableRenderer(renderer).draw(full, stage, TableFrame(log=[]))
        for a, b in marks.arrows:
            arrow(full, spot(stage, a), spot(stage, b))
        if marks.zoom is not None:  # the zoomed card over the arrows, as over the table
            zoomed = pygame.Surface(full.get_size())
            painter = TableRenderer(renderer)
            painter.draw(zoomed, stage, TableFrame(log=[], zoom_key=marks.zoom, zoom_pinned=True))
            if painter.zoom_box is not None:
                box = painter.zoom_box.clip(full.get_rect())
                full.blit(zoomed, box, box)
    finally:
        render.FACE_HOOKS.remove(heard)
    part = full.subsurface(pygame.Rect(crop)).copy()
    k = min(size[0] / crop[2], size[1] / crop[3])
    out = pygame.transform.smoothscale(part, (max(1, round(crop[2] * k)), max(1, round(crop[3] * k))))
    return Picture(out, stage, crop, faces)


def spot(stage: TableStage, where: Spot) -> tuple[int, int]:
    """A point of the table for an arrow's end."""
    if isinstance(where, int):
        sp = stage.sprites.get(where)
        if sp is None:
            return (layout.TABLE_CX, 360)
        return int(sp.center[0]), int(sp.center[1])
    a, b = where
    if a == HAND:
        fan = sorted((sp for sp in stage.sprites.values() if sp.zone == "hand" and sp.seat == b),
                     key=lambda sp: sp.x)
        if fan:
            mid = fan[len(fan) // 2]
            return int(mid.center[0]), int(mid.center[1])
        return (layout.TABLE_CX, layout.BOTTOM_HAND_Y if b == stage.bottom else layout.TOP_HAND_Y)
    if isinstance(a, str):
        p = layout.seat_panel(b == stage.bottom)
        return p.life if a == LIFE else (p.mindbugs[0], p.mindbugs[1])
    return int(a), int(b)


def arrow(surface: pygame.Surface, start: tuple[int, int], end: tuple[int, int],
          color: tuple[int, int, int] = theme.ACCENT, width: int = 12) -> None:
    """A thick arrow from ``start`` to ``end`` (stopping short of it), outlined in black so it
    reads on the felt and on a card alike."""
    dx, dy = end[0] - start[0], end[1] - start[1]
    length = math.hypot(dx, dy)
    if length < 1:
        return
    ux, uy = dx / length, dy / length
    head = 3.2 * width
    tip = (end[0] - ux * 20, end[1] - uy * 20)  # the head stops short of what it points at
    base = (tip[0] - ux * head, tip[1] - uy * head)
    px, py = -uy, ux
    wing = 1.6 * width
    points = [(start[0] + px * width / 2, start[1] + py * width / 2),
              (base[0] + px * width / 2, base[1] + py * width / 2),
              (base[0] + px * wing, base[1] + py * wing), tip,
              (base[0] - px * wing, base[1] - py * wing),
              (base[0] - px * width / 2, base[1] - py * width / 2),
              (start[0] - px * width / 2, start[1] - py * width / 2)]
    pygame.draw.polygon(surface, (0, 0, 0), points, 0)
    pygame.draw.polygon(surface, (0, 0, 0), points, 6)  # the outline, half outside the shape
    shrunk = [_toward(p, _mid(points), 3.0) for p in points]
    pygame.draw.polygon(surface, color, shrunk, 0)


def _mid(points: list[tuple[float, float]]) -> tuple[float, float]:
    return sum(p[0] for p in points) / len(points), sum(p[1] for p in points) / len(points)


def _toward(p: tuple[float, float], c: tuple[float, float], by: float) -> tuple[float, float]:
    dx, dy = c[0] - p[0], c[1] - p[1]
    d = math.hypot(dx, dy) or 1.0
    return p[0] + dx / d * by, p[1] + dy / d * by


class MiniatureCache:
    """Pictures kept by key, language and size (at most ``limit``, the oldest dropped)."""

    def __init__(self, limit: int = 32) -> None:
        self.limit = limit
        self.kept: OrderedDict[Hashable, Picture | None] = OrderedDict()

    def get(self, key: Hashable, size: tuple[int, int],
            build: Callable[[tuple[int, int]], Picture | None]) -> Picture | None:
        """The picture for ``key`` at ``size``; ``build(size)`` makes it the first time (None:
        there is none, e.g. a position that cannot be set up; that is kept too)."""
        full = (key, i18n.language(), tuple(size))
        if full in self.kept:
            self.kept.move_to_end(full)
            return self.kept[full]
        picture = build(size)
        self.kept[full] = picture
        while len(self.kept) > self.limit:
            self.kept.popitem(last=False)
        return picture

    def clear(self) -> None:
        self.kept.clear()
