"""What a match is made of, before it starts: who plays each seat, the rules and the seed.

Plain data (no pygame), low in the window's layers so that the navigator can name it; the
new-game screen and the lessons make one, ``game.ui.match.controller`` plays it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from game.common.i18n import LEVEL_NAMES
from game.engine.variants import Setup

if TYPE_CHECKING:
    from game.engine.variants import Setup
    from game.persist.match import MatchSeries
    from game.persist.record import GameRecord

# Computer seats of a 2v2 game get a name each, so prompts and the log can tell them apart.
COMPUTER_NAMES = ("Ada", "Basil", "Cleo", "Dex")


@dataclass(frozen=True)
class SeatConfig:
    """Who plays one seat: a person (with a name) or the computer (with a level)."""

    kind: str  # "person" or "computer"
    name: str
    level: str = "medium"

    @property
    def is_person(self) -> bool:
        return self.kind == "person"


def person(name: str) -> SeatConfig:
    return SeatConfig("person", name)


def computer(level: str, name: str | None = None) -> SeatConfig:
    return SeatConfig("computer", name or f"Computer ({LEVEL_NAMES.get(level, level)})", level)


@dataclass(frozen=True)
class MatchConfig:
    """A match. 1v1 keeps its old form (mode, ai_level, names); any game may instead list its
    seats in turn order (2v2: you, left opponent, teammate, right opponent), and then
    ``for_seats`` derives the mode: no person = demo, one = vs computer, more = hot seat."""

    mode: str = "ai"  # "ai" (you vs the computer), "hotseat" (two people), "demo" (AI vs AI)
    ai_level: str = "medium"
    names: tuple[str, ...] = ("You", "Computer")
    seed: int | None = None
    rules: str = "1v1"
    seats: tuple[SeatConfig, ...] = ()
    #: A set position instead of a dealt game (puzzles, lessons): called for a fresh State.
    start: Callable[[], object] | None = None  # a callback: its result is ignored
    #: The computer's agent for a seat instead of its level's: ``agent(seat, seed)``.
    agent: Callable[[int, int], object] | None = None  # a callback: its result is ignored
    #: Told the finished game's record once it ends (the daily deal records its result); a
    #: rematch or a set position has none.
    on_finish: Callable[[GameRecord], None] | None = None
    #: The match (best of 3 or 5) this game is one of (game.ui.match.series); None: a single game.
    series: MatchSeries | None = field(default=None, compare=False, repr=False)
    #: The 2v2 variant's set-up (game.engine.variants): Mindbugs per player, sets in the deck.
    mindbugs: int = 2
    sets: int = 1

    @property
    def setup(self) -> Setup:

        return Setup(self.mindbugs, self.sets)

    @classmethod
    def for_seats(cls, seats: list[SeatConfig] | tuple[SeatConfig, ...], rules: str = "2v2",
                  seed: int | None = None, mindbugs: int = 2, sets: int = 1) -> MatchConfig:
        seats = tuple(_named(seats))
        people = sum(s.is_person for s in seats)
        mode = "demo" if people == 0 else "ai" if people == 1 else "hotseat"
        level = next((s.level for s in seats if not s.is_person), "medium")
        return cls(mode=mode, ai_level=level, names=tuple(s.name for s in seats), seed=seed,
                   rules=rules, seats=seats, mindbugs=mindbugs, sets=sets)

    def seat_list(self) -> tuple[SeatConfig, ...]:
        """Every seat, also for a config in the old 1v1 form."""
        if self.seats:
            return self.seats
        n = 4 if self.rules == "2v2" else 2
        people = {"ai": {0}, "hotseat": set(range(n)), "demo": set()}[self.mode]
        out = []
        for s in range(n):
            name = self.names[s] if s < len(self.names) else f"Player {s + 1}"
            out.append(person(name) if s in people else computer(self.ai_level, name))
        return tuple(out)


def _named(seats) -> list[SeatConfig]:
    """2v2 computer seats get distinct names (a person's name is theirs to pick)."""
    seats = list(seats)
    if len(seats) != 4:
        return seats
    out = []
    for i, s in enumerate(seats):
        if not s.is_person and s.name.startswith("Computer ("):
            s = computer(s.level, f"{COMPUTER_NAMES[i]} ({LEVEL_NAMES.get(s.level, s.level)})")
        out.append(s)
    return out


def config_for_record(record: GameRecord, demo_level: str | None = None) -> MatchConfig:
    """The match settings of a saved game; ``demo_level`` hands every seat to the computer."""
    seats = [computer(demo_level or s.level or "medium", s.name)
             if demo_level or s.kind != "person" else person(s.name) for s in record.seats]
    return MatchConfig.for_seats(seats, rules=record.rules, seed=record.seed,
                                 mindbugs=record.mindbugs, sets=record.sets)
