"""A game position's fingerprint: one text for everything that decides how the game goes on.

Two states with the same fingerprint are the same position: the same cards in the same places
(every hand, draw pile, discard pile, play area and the out-of-game pile, in order), the same
counters, who knows which hand card, what waits to resolve, and the game's own random seed and
how far it has been drawn. Takeback and "play on from here" are checked against it
(tests/persist/test_takeback.py, tests/persist/test_branch.py).

Functions in the engine's work items are named by module and name, never by address, so the
fingerprint is the same in every process (a position saved and rebuilt elsewhere compares).
"""

from __future__ import annotations

import hashlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from game.engine import State


def _canonical(value: Any) -> Any:  # any field of a State: lists, sets, options, effects
    if callable(value) and hasattr(value, "__qualname__"):
        return f"{getattr(value, '__module__', '?')}.{value.__qualname__}"
    if isinstance(value, (list, tuple)):
        return [_canonical(v) for v in value]
    if isinstance(value, (set, frozenset)):
        return sorted(_canonical(v) for v in value)
    if type(value).__name__ == "Option":
        return ["option", value.verb, value.card, value.seat]
    if hasattr(value, "__slots__") and not isinstance(value, (int, str, float)):
        # An effect's small value objects (block restrictions and the like) by their fields.
        return [type(value).__name__] + [_canonical(getattr(value, s, None))
                                         for s in type(value).__slots__]
    return value


def position_data(state: State) -> list[object]:  # plain lists of the fields
    """The fields the fingerprint covers, as plain lists (readable in a failing test)."""
    g = state
    return _canonical([
        g.rules, g.hands, g.decks, g.discards, g.plays, g.out, g.mindbugs, g.life,
        g.eliminated, g.exhausted, g.known, g.limbo, g.active, g.turn_no, g.extra_turn,
        g.winner, g.pending, g.cont, g.stack, g.triggered, g.hold, g.seed, g.rng_n, g.serial,
    ])  # fmt: skip


def fingerprint(state: State) -> str:
    """A short hash of ``position_data(state)``."""
    return hashlib.sha256(repr(position_data(state)).encode("utf-8")).hexdigest()[:24]
