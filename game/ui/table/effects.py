"""Short-lived visual effects over the table: what a fight or a Mindbug looks like beyond cards
gliding to their new places.

An ``Effect`` is data: a kind, where it is (a point, or a card it follows), how long it lasts
and how strong it is. The animator adds them as events play; the stage advances them with its
tweens and drops them when they end (a click that skips the animations drops them all);
``game.ui.table.effects_draw`` draws them, some under the cards (a trail), most over them.
Nothing here decides anything: an effect changes no card, no count, no game.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from game.ui.table.sprites import CardSprite, SpriteKey

Point = tuple[float, float]

#: Every kind of effect, and whether it is drawn under the cards (True) or over them.
KINDS: dict[str, bool] = {
    "trail": True,  # a Mindbugged card's path across the table
    "token": False,  # a Mindbug token flying from the taker's supply onto the card
    "burst": False,  # the hit of a fight: a flash and sparks, larger for a bigger difference
    "crack": False,  # a defeated card breaking before it slides to its discard pile
    "venom": False,  # Poisonous: a splash on the victim
    "shield": False,  # Tough: a shield over the card that breaks
    "target": False,  # Hunter: a line from the hunter to the creature it hunts
    "heart_crack": False,  # life lost: the heart breaks (the lethal blow shatters it)
    "life_number": False,  # a life lost or gained: the number, large beside the heart
    "sparkle": False,  # a life gain, a solved puzzle: a ring of rising sparks
}


@dataclass
class Effect:
    kind: str
    duration: float  # seconds the effect shows, after its delay
    pos: Point = (0.0, 0.0)  # where it is when it follows no card (or where its card was last)
    key: SpriteKey | None = None  # the card it sits on, followed as it moves
    to: Point | None = None  # the end of a flight or a line
    to_key: SpriteKey | None = None  # ... or the card at that end, followed
    strength: float = 1.0  # 0..3: how large a hit or a crack is
    color: tuple[int, int, int] = (255, 255, 255)
    delay: float = 0.0
    seed: int = 0  # the shape of cracks and sparks: the same effect looks the same every time
    label: str = ""  # the words or number an effect shows ("-1")
    t: float = 0.0  # seconds since the effect was added
    points: deque[Point] = field(default_factory=lambda: deque(maxlen=40))  # a trail's path

    @property
    def started(self) -> bool:
        return self.t >= self.delay

    @property
    def frac(self) -> float:
        """How far through the effect is, 0 before its start to 1 at its end."""
        if self.duration <= 0:
            return 1.0
        return min(1.0, max(0.0, (self.t - self.delay) / self.duration))

    @property
    def over(self) -> bool:
        return self.t >= self.delay + self.duration


def _moved(points: deque[Point], pos: Point) -> bool:
    """A trail grows only while its card moves (a card at rest must not wipe out its path)."""
    if not points:
        return True
    last = points[-1]
    return abs(last[0] - pos[0]) + abs(last[1] - pos[1]) > 3


@dataclass
class Effects:
    """The running effects of one table."""

    items: list[Effect] = field(default_factory=list)

    def add(self, effect: Effect) -> Effect:
        if effect.kind not in KINDS:
            raise ValueError(f"unknown effect kind {effect.kind!r}")
        self.items.append(effect)
        return effect

    def update(self, dt: float, sprite_of: Callable[[SpriteKey], CardSprite | None]) -> None:
        for fx in self.items:
            fx.t += dt
            if fx.key is not None:
                sp = sprite_of(fx.key)
                if sp is not None:
                    fx.pos = sp.center
                    if fx.kind == "trail" and fx.started and _moved(fx.points, fx.pos):
                        fx.points.append(fx.pos)
            if fx.to_key is not None:
                target = sprite_of(fx.to_key)
                if target is not None:
                    fx.to = target.center
        self.items = [fx for fx in self.items if not fx.over]

    def end(self, kind: str) -> None:
        """Drop every effect of ``kind`` now (a hunt's line once the fight is over)."""
        self.items = [fx for fx in self.items if fx.kind != kind]

    def clear(self) -> None:
        self.items.clear()

    def of_layer(self, under: bool) -> list[Effect]:
        return [fx for fx in self.items if fx.started and KINDS[fx.kind] == under]

    def __len__(self) -> int:
        return len(self.items)
