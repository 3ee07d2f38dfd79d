"""A replay laid out for stepping back and forth: the state before every decision and the
events each decision produced. No pygame; the replay viewer draws it.

Positions are (k, e): the game as it stood before decision k, plus the first e events that
decision produced. (k, 0) is exactly ``states[k]``; the end is (len(choices), 0).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.persist.rebuild import apply_choice, fresh_game
from game.persist.record import GameRecord

if TYPE_CHECKING:
    from game.engine import CardDB


class Timeline:
    def __init__(self, record: GameRecord, db: CardDB | None = None) -> None:
        self.record = record
        game, self.opening = fresh_game(record, db)
        # Clones are cheap structural copies: a few hundred of them cost far less than replaying
        # from the start on every step back.
        self.states: list = [game.clone()]
        self.events: list[list] = []
        for i, choice in enumerate(record.choices):
            self.events.append(apply_choice(game, choice, i))
            self.states.append(game.clone())

    @property
    def n_choices(self) -> int:
        return len(self.events)

    @property
    def last_turn(self) -> int:
        return self.states[-1].turn_no

    def turn_at(self, k: int) -> int:
        return self.states[k].turn_no

    def turn_start(self, turn: int) -> int:
        """The first decision of turn ``turn`` (or the nearest one that exists)."""
        for k, state in enumerate(self.states):
            if state.turn_no >= turn:
                return k
        return self.n_choices

    def normalize(self, k: int, e: int) -> tuple[int, int]:
        """The canonical position: inside a decision's events, or at the end."""
        k = max(0, min(k, self.n_choices))
        if k == self.n_choices:
            return k, 0
        e = max(0, e)
        while k < self.n_choices and e >= len(self.events[k]):
            e -= len(self.events[k])
            k += 1
        return (k, e) if k < self.n_choices else (k, 0)

    def previous(self, k: int, e: int) -> tuple[int, int]:
        """The position one event back."""
        if e > 0:
            return k, e - 1
        while k > 0:
            k -= 1
            if self.events[k]:
                return k, len(self.events[k]) - 1
        return 0, 0

    def flat_index(self, k: int, e: int) -> int:
        """How many events came before (k, e) (for the progress display)."""
        return sum(len(evs) for evs in self.events[:k]) + e

    @property
    def total_events(self) -> int:
        return sum(len(evs) for evs in self.events)
