"""Decisions and their options.

Options are interned: there is exactly one Option object per (verb, card, seat), so building an
option list costs a few list look-ups, and equal options are identical objects.
"""

from __future__ import annotations

from typing import NamedTuple


class Kind:
    ACTION = "action"
    MINDBUG = "mindbug"
    HUNT = "hunt"
    BLOCK = "block"
    FRENZY = "frenzy"
    CHOOSE = "choose"
    ORDER = "order"
    OPPONENT = "opponent"


class Option:
    __slots__ = ("verb", "card", "seat")

    def __init__(self, verb: str, card: int | None = None, seat: int | None = None):
        self.verb = verb
        self.card = card
        self.seat = seat

    def __repr__(self) -> str:
        if self.card is not None:
            return f"Option({self.verb!r}, card={self.card})"
        if self.seat is not None:
            return f"Option({self.verb!r}, seat={self.seat})"
        return f"Option({self.verb!r})"

    def __reduce__(self):
        return (option, (self.verb, self.card, self.seat))

    def __copy__(self):
        return self

    def __deepcopy__(self, memo):
        return self


MINDBUG = Option("mindbug")
PASS = Option("pass")
NO_HUNT = Option("no hunt")
NO_BLOCK = Option("no block")
END_TURN = Option("end turn")
DONE = Option("done")
_PLAIN = {o.verb: o for o in (MINDBUG, PASS, NO_HUNT, NO_BLOCK, END_TURN, DONE)}

CARD_VERBS = ("play", "attack", "hunt", "block", "choose", "resolve")


class _CardOptions(list):
    """Interned options of one verb, indexed by card id, grown on demand."""

    def __init__(self, verb: str):
        super().__init__()
        self.verb = verb
        self.grow(64)

    def grow(self, size: int) -> None:
        while len(self) < size:
            self.append(Option(self.verb, len(self)))


PLAY, ATTACK, HUNT, BLOCK, CHOOSE, RESOLVE = (_CardOptions(v) for v in CARD_VERBS)
_BY_VERB = dict(zip(CARD_VERBS, (PLAY, ATTACK, HUNT, BLOCK, CHOOSE, RESOLVE)))
OPPONENT = [Option("opponent", seat=s) for s in range(4)]


def ensure_card_ids(count: int) -> None:
    """Make interned options exist for card ids below `count`."""
    for table in _BY_VERB.values():
        table.grow(count)


def option(verb: str, card: int | None = None, seat: int | None = None) -> Option:
    """The interned option for these values (used by unpickling and tests)."""
    if verb in _PLAIN:
        return _PLAIN[verb]
    if verb == "opponent":
        return OPPONENT[seat]
    table = _BY_VERB[verb]
    table.grow(card + 1)
    return table[card]


class Decision(NamedTuple):
    """What the engine waits for: `seat` must pick one of `options`."""

    seat: int
    kind: str
    options: tuple
    serial: int
    source: int | None = None
    purpose: str = ""
