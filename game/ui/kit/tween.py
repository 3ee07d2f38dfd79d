"""Time-based tweens with named easings.

A tween moves one attribute of one object from its current value to a target over a duration
in seconds. Starting a new tween on the same (object, attribute) replaces the old one, so a
card never gets pulled two ways at once (the Pygame Zero ``animation`` model).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, field

Easing = Callable[[float], float]


def linear(t: float) -> float:
    return t


def ease_out_cubic(t: float) -> float:
    return 1 - (1 - t) ** 3


def ease_in_out_cubic(t: float) -> float:
    return 4 * t**3 if t < 0.5 else 1 - (-2 * t + 2) ** 3 / 2


def ease_out_back(t: float) -> float:
    c1 = 1.70158
    return 1 + (c1 + 1) * (t - 1) ** 3 + c1 * (t - 1) ** 2


def ease_in_cubic(t: float) -> float:
    return t**3


def out_and_back(t: float) -> float:
    """0 -> 1 -> 0: a lunge or a pulse returns to where it started."""
    return math.sin(math.pi * t)


def shake(t: float) -> float:
    """A few swings either way that die down and end at 0: a card taking a hit."""
    return math.sin(t * math.pi * 6) * (1 - t)


EASINGS: dict[str, Easing] = {
    "linear": linear,
    "out_cubic": ease_out_cubic,
    "in_out_cubic": ease_in_out_cubic,
    "out_back": ease_out_back,
    "in_cubic": ease_in_cubic,
    "out_and_back": out_and_back,
    "shake": shake,
}


@dataclass
class Tween:
    target: object  # any object: the tween sets its attribute ``attr`` by name
    attr: str
    start: float
    end: float
    duration: float
    easing: Easing
    delay: float = 0.0
    elapsed: float = 0.0
    on_done: Callable[[], None] | None = None
    done: bool = False

    def advance(self, dt: float) -> None:
        self.elapsed += dt
        t = self.elapsed - self.delay
        if t < 0:
            return
        frac = 1.0 if self.duration <= 0 else min(1.0, t / self.duration)
        value = self.start + (self.end - self.start) * self.easing(frac)
        setattr(self.target, self.attr, value)
        if frac >= 1.0:
            self.finish()

    def finish(self) -> None:
        """Jump to the end value (a click skips animations)."""
        if self.done:
            return
        # Easings that return to the start (out_and_back) end at their own final value.
        final = self.start + (self.end - self.start) * self.easing(1.0)
        setattr(self.target, self.attr, final)
        self.done = True
        if self.on_done:
            self.on_done()


@dataclass
class Tweener:
    """All running tweens; advanced once per frame."""

    tweens: dict[tuple[int, str], Tween] = field(default_factory=dict)

    def to(
        self,
        target: object,  # any object with a float attribute ``attr``
        attr: str,
        end: float,
        duration: float,
        easing: str = "out_cubic",
        delay: float = 0.0,
        start: float | None = None,
        on_done: Callable[[], None] | None = None,
    ) -> Tween:
        key = (id(target), attr)
        old = self.tweens.pop(key, None)
        if old is not None:
            old.done = True  # replaced: the new tween starts from wherever the old one got to
        begin = getattr(target, attr) if start is None else start
        tw = Tween(target, attr, float(begin), float(end), max(0.0, duration), EASINGS[easing],
                   delay=delay, on_done=on_done)
        self.tweens[key] = tw
        if duration <= 0 and delay <= 0:
            tw.finish()
            self.tweens.pop(key, None)
        return tw

    def update(self, dt: float) -> None:
        for key, tw in list(self.tweens.items()):
            tw.advance(dt)
            if tw.done and self.tweens.get(key) is tw:
                del self.tweens[key]

    def finish_all(self) -> None:
        # Finishing may start new tweens (on_done); loop until quiet, with a safety bound.
        for _ in range(50):
            if not self.tweens:
                return
            current = list(self.tweens.items())
            self.tweens.clear()
            for _key, tw in current:
                tw.finish()

    def cancel(self, target: object) -> None:  # any tweened thing, keyed by its id
        for key in [k for k in self.tweens if k[0] == id(target)]:
            self.tweens.pop(key).done = True

    @property
    def busy(self) -> bool:
        return bool(self.tweens)
