"""Per-decision timers with a time bank (issue 46, deliverable 5): on in every ranked room, off
in a friendly room unless it asks (``create``'s ``timed``).

Each decision of a person's seat gets ``decision`` seconds free; time beyond them is drawn from
the seat's ``bank``, which is never refilled. When both are spent the server answers the
decision itself with ``default_option`` and tells every seat (``timeout``). The defaults, 20 s
and 120 s: most Mindbug decisions (block or not, Mindbug or pass) take a few seconds, a hard
turn takes half a minute, and a game asks each player some 20 to 60 decisions, so a player who
thinks hard a few times keeps their time while one who walked away costs the other at most
20 s a decision once the two minutes are spent.

A clock knows nothing of the network: the server starts it when a person's decision opens,
charges it when that decision is answered, and asks it for its deadline on its beat. Times
are the server's monotonic clock in seconds; the wire carries whole milliseconds.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from game.engine import option

if TYPE_CHECKING:
    from game.engine import Decision, Option

DECISION_SECONDS = 20.0
BANK_SECONDS = 120.0

#: The options that decline: what a seat whose time ran out does when one is offered.
DECLINING = tuple(option(verb) for verb in ("pass", "no hunt", "no block", "end turn", "done"))


def default_option(decision: Decision) -> Option:
    """What the server answers for a seat out of time, the same rule for every seat: the
    decision's declining option when it has one (pass instead of a Mindbug, no hunt, no
    block, end the turn, done choosing: the answer that spends and risks the least, never a
    Mindbug the player did not mean to use), else the first option the engine offers (the
    main action: the engine's first play or attack; an order or an opponent: its first)."""
    for declining in DECLINING:
        if declining in decision.options:
            return declining
    return decision.options[0]


@dataclass(frozen=True)
class TimeControl:
    decision: float = DECISION_SECONDS
    bank: float = BANK_SECONDS


@dataclass
class Clock:
    """The time of one timed room: each seat's bank and the decision running now."""

    control: TimeControl
    seats: int
    banks: list[float] = field(default_factory=list)
    seat: int | None = None  # whose decision runs, None: no person's decision is open
    serial: int | None = None
    started: float = 0.0
    timeouts: list[int] = field(default_factory=list)  # per seat: decisions the server made

    def __post_init__(self) -> None:
        if not self.banks:
            self.banks = [self.control.bank] * self.seats
        if not self.timeouts:
            self.timeouts = [0] * self.seats

    def start(self, seat: int, serial: int, now: float) -> None:
        """A person's decision opens (the same one again keeps running)."""
        if (self.seat, self.serial) != (seat, serial):
            self.seat, self.serial, self.started = seat, serial, now

    def stop(self, now: float) -> None:
        """The open decision is answered: what it took beyond its free time leaves the bank."""
        if self.seat is not None:
            over = now - self.started - self.control.decision
            if over > 0:
                self.banks[self.seat] = max(0.0, self.banks[self.seat] - over)
        self.seat = self.serial = None

    def deadline(self) -> float | None:
        """When the open decision runs out (None: none runs)."""
        if self.seat is None:
            return None
        return self.started + self.control.decision + self.banks[self.seat]

    def left(self, now: float) -> tuple[float, float]:
        """(the open decision's free time left, its seat's bank left) at ``now``."""
        if self.seat is None:
            return 0.0, 0.0
        used = now - self.started
        free = max(0.0, self.control.decision - used)
        bank = self.banks[self.seat] - max(0.0, used - self.control.decision)
        return free, max(0.0, bank)

    def banks_at(self, now: float) -> list[float]:
        """Every seat's bank, the open decision's drawn down to ``now``."""
        banks = list(self.banks)
        if self.seat is not None:
            banks[self.seat] = self.left(now)[1]
        return banks
