"""Decisions and their options.

Options are interned and immutable: there is exactly one Option object per (verb, card, seat),
so building an option list costs a few list look-ups, and equal options are identical objects.
"""

from __future__ import annotations

import operator
from typing import Any, NamedTuple

from .errors import InvalidOptionError


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
    """One answer to a decision: `verb`, the card id it names (`card`) or the seat
    (`seat`, for `opponent SEAT`).

    Options are interned, immutable values: `Option("pass")` or `option("play", 3)` returns
    the one shared object for those values, so `==` (identity) compares them and the engine
    can test `opt is PASS`. Nothing can change one in place: a changed shared option would
    change every game in the process.
    """

    __slots__ = ("verb", "card", "seat")
    verb: str
    card: int | None
    seat: int | None

    def __new__(cls, verb: str, card: int | None = None, seat: int | None = None) -> Option:
        return option(verb, card, seat)

    def __init_subclass__(cls, **kwargs: Any) -> None:  # Python's own signature
        raise TypeError("Option cannot be subclassed: options are interned engine values")

    def __setattr__(self, name: str, value: object) -> None:  # Python's own signature
        raise AttributeError(f"{self!r} is immutable: options are shared by every game")

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"{self!r} is immutable: options are shared by every game")

    def __repr__(self) -> str:
        if self.card is not None:
            return f"Option({self.verb!r}, card={self.card})"
        if self.seat is not None:
            return f"Option({self.verb!r}, seat={self.seat})"
        return f"Option({self.verb!r})"

    def __reduce__(self) -> tuple[Any, tuple[str, int | None, int | None]]:  # Python's own signature
        return (option, (self.verb, self.card, self.seat))

    def __copy__(self) -> Option:
        return self

    def __deepcopy__(self, memo: object) -> Option:  # Python's own signature
        return self


_set = object.__setattr__  # bypasses Option.__setattr__: only this module builds options


def _make(verb: str, card: int | None = None, seat: int | None = None) -> Option:
    o = object.__new__(Option)
    _set(o, "verb", verb)
    _set(o, "card", card)
    _set(o, "seat", seat)
    return o


PLAIN_VERBS = ("mindbug", "pass", "no hunt", "no block", "end turn", "done")
MINDBUG, PASS, NO_HUNT, NO_BLOCK, END_TURN, DONE = (_make(v) for v in PLAIN_VERBS)
_PLAIN = {o.verb: o for o in (MINDBUG, PASS, NO_HUNT, NO_BLOCK, END_TURN, DONE)}

CARD_VERBS = ("play", "attack", "hunt", "block", "choose", "resolve")
MAX_SEATS = 4
# Card options beyond the tables (an id no game in this process has yet): interned here until
# a game with that many cards grows the tables, which then adopt them (one object per value).
_SPARSE: dict[tuple[str, int], Option] = {}


def _grow(table: list[Option], verb: str, size: int) -> None:
    """Extend `verb`'s table of interned options, indexed by card id, to `size` card ids."""
    while len(table) < size:
        cid = len(table)
        adopted = _SPARSE.pop((verb, cid), None)
        table.append(adopted if adopted is not None else _make(verb, cid))


# Plain lists, not a list subclass: CPython gives a subclass of list a generic __getitem__
# slot that looks the method up on every subscript (about eight times the cost), and the
# engine reads these tables a few hundred times a game.
PLAY: list[Option] = []
ATTACK: list[Option] = []
HUNT: list[Option] = []
BLOCK: list[Option] = []
CHOOSE: list[Option] = []
RESOLVE: list[Option] = []
_BY_VERB = dict(zip(CARD_VERBS, (PLAY, ATTACK, HUNT, BLOCK, CHOOSE, RESOLVE)))
OPPONENT = [_make("opponent", seat=s) for s in range(MAX_SEATS)]


_size = [0]  # card ids the tables cover (a game's set-up asks; it need not loop each time)


def ensure_card_ids(count: int) -> None:
    """Make interned options exist for card ids below `count`."""
    if count <= _size[0]:
        return
    _size[0] = count
    for verb, table in _BY_VERB.items():
        _grow(table, verb, count)


ensure_card_ids(64)


def _index(value: Any, what: str) -> int:  # anything a caller passes: checked here
    """`value` as a non-negative int id; a bool, float or string is refused, not converted."""
    if isinstance(value, bool):
        raise InvalidOptionError(f"{what} must be an int, not {value!r}")
    try:
        number = operator.index(value)
    except TypeError:
        raise InvalidOptionError(f"{what} must be an int, not {value!r}") from None
    if number < 0:
        raise InvalidOptionError(f"{what} must not be negative, got {number}")
    return number


def option(verb: str, card: int | None = None, seat: int | None = None) -> Option:
    """The interned option for these values; InvalidOptionError if no option has them."""
    if type(verb) is not str:
        raise InvalidOptionError(f"an option verb is a string, not {verb!r}")
    plain = _PLAIN.get(verb)
    if plain is not None:
        if card is not None or seat is not None:
            raise InvalidOptionError(f"{verb!r} names no card and no seat")
        return plain
    if verb == "opponent":
        if card is not None:
            raise InvalidOptionError("'opponent' names a seat, not a card")
        s = _index(seat, "the seat of 'opponent'")
        if s >= MAX_SEATS:
            raise InvalidOptionError(f"seat {s} is not a seat (0 to {MAX_SEATS - 1})")
        return OPPONENT[s]
    table = _BY_VERB.get(verb)
    if table is None:
        verbs = ", ".join(PLAIN_VERBS + CARD_VERBS + ("opponent",))
        raise InvalidOptionError(f"unknown option verb {verb!r} (verbs: {verbs})")
    if seat is not None:
        raise InvalidOptionError(f"{verb!r} names a card, not a seat")
    if card is None:
        raise InvalidOptionError(f"{verb!r} needs a card id")
    cid = _index(card, f"the card id of {verb!r}")
    if cid < len(table):
        return table[cid]
    key = (verb, cid)
    found = _SPARSE.get(key)
    if found is None:
        found = _SPARSE[key] = _make(verb, cid)
    return found


class Decision(NamedTuple):
    """What the engine waits for: `seat` must pick one of `options`."""

    seat: int
    kind: str
    options: tuple[Option, ...]
    serial: int
    source: int | None = None
    purpose: str = ""
