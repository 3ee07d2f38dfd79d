"""What one seat may see, and sampling the rest (determinization) for the AI."""

from __future__ import annotations

from random import Random

from .errors import MaskedStateError
from .events import HIDDEN
from .state import State


class MaskedState(State):
    """A view's state: hidden cards are -1 placeholders, so it can be read and cloned but not
    played on (respond raises MaskedStateError). A subclass rather than a flag keeps the
    plain State's respond() and clone(), the search's hot path, free of any extra check."""

    __slots__ = ()

    def respond(self, option, serial=None) -> list:
        raise MaskedStateError(
            "this is a view's masked state (hidden cards are placeholders); respond on the "
            "game itself, or on View.determinize(rng)"
        )

    def start(self) -> list:
        raise MaskedStateError("a view's masked state cannot be run")

    def clone(self) -> MaskedState:
        c = State.clone(self)
        c.__class__ = MaskedState
        return c


class View:
    """A seat's view: `state` is a masked copy (hidden cards are -1, no seed), `unseen` the
    sorted ids of the cards this seat cannot locate."""

    __slots__ = ("seat", "state", "unseen")

    def __init__(self, seat: int, state: State, unseen: tuple):
        self.seat = seat
        self.state = state
        self.unseen = unseen

    def determinize(self, rng: Random) -> State:
        """A full state consistent with this view: unseen cards dealt at random into the hidden
        places, and a fresh seed for the game's own random events."""
        if not isinstance(rng, Random):
            raise TypeError(f"determinize needs a random.Random, not {rng!r}")
        g = State.clone(self.state)  # a plain State: the dealt world can be played on
        pending = g.pending
        if pending is not None and pending.seat != self.seat:
            raise ValueError("determinize a view only at its own seat's decision")
        pool = list(self.unseen)
        rng.shuffle(pool)
        it = iter(pool)
        for s, hand in enumerate(g.hands):
            for i, c in enumerate(hand):
                if c == HIDDEN:
                    c = hand[i] = next(it)
                    g.known[c] = 1 << s
        for deck in g.decks:
            for i in range(len(deck)):
                deck[i] = next(it)
        g.out = list(it)
        g.seed = rng.getrandbits(63)
        return g


def make_view(g: State, seat: int) -> View:
    m = State.clone(g)
    m.__class__ = MaskedState
    bit = 1 << seat
    unseen = []
    known = [0] * len(g.known)
    for s, hand in enumerate(m.hands):
        for i, c in enumerate(hand):
            if s == seat or g.known[c] & bit:
                known[c] = g.known[c]
            else:
                unseen.append(c)
                hand[i] = HIDDEN
    for deck in m.decks:
        unseen.extend(deck)
        deck[:] = [HIDDEN] * len(deck)
    unseen.extend(m.out)
    m.out = [HIDDEN] * len(m.out)
    m.known = known
    m.seed = 0
    m.rng_n = 0
    if m.pending is not None and m.pending.seat != seat:
        m.pending = m.pending._replace(options=())
    return View(seat, m, tuple(sorted(unseen)))
