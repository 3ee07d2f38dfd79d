"""What one seat may see, and sampling the rest (determinization) for the AI.

Both are the AI's hot path (a view per decision, a determinization per search iteration), so
they build their states field by field in one pass instead of cloning and then overwriting, and
a view works out its deal once, on its first determinization (a search deals the same view
thousands of times; a random player or the window never deals). Neither may let a view show,
or a world write into, anything of the game: every list a view or a world holds is its own,
and a view holds nothing in an order that depends on where the hidden cards are.
tests/engine/test_engine_view.py checks them against a plain clone-and-mask reference, and
tests/engine/test_engine_fast_paths.py every world against a plain deal.
"""

from __future__ import annotations

from math import floor
from random import Random
from typing import TYPE_CHECKING, Any

from .errors import MaskedStateError
from .events import HIDDEN
from .options import Decision
from .state import STATE_MEMBERS, State

if TYPE_CHECKING:
    from collections.abc import Iterable
    from typing import TypeAlias

    from .events import Event
    from .options import Option
    from .typed import CardId, Seat

    #: a view's deal, worked out once (View._plan): the pool, the pool's size at each pick,
    #: the seats whose hands a world copies, the hands hidden whole (seat, picks, known bit),
    #: the hands partly hidden (seat, first pick, known bit), the draw piles' picks, and the
    #: fields a world takes as they are
    Deal: TypeAlias = tuple[
        list[CardId],
        tuple[float, ...],
        list[Seat],
        list[tuple[Seat, slice, int]],
        list[tuple[Seat, int, int]],
        list[slice],
        tuple[Any, ...],  # the masked state's fields, as State.__slots__
    ]


class MaskedState(State):
    """A view's state: hidden cards are -1 placeholders, so it can be read and cloned but not
    played on (respond raises MaskedStateError). A subclass rather than a flag keeps the
    plain State's respond() and clone(), the search's hot path, free of any extra check."""

    __slots__ = ()

    def respond(self, option: Option, serial: object = None) -> list[Event]:  # a driver's value, checked here
        raise MaskedStateError(
            "this is a view's masked state (hidden cards are placeholders); respond on the "
            "game itself, or on View.determinize(rng)"
        )

    def advance(self, option: Option) -> None:
        self.respond(option)

    def start(self) -> list[Event]:
        raise MaskedStateError("a view's masked state cannot be run")

    def clone(self) -> MaskedState:
        # member by member: a compiled (mypyc) instance cannot change its class
        copied = State.clone(self)
        c = MaskedState()
        for name in STATE_MEMBERS:
            setattr(c, name, getattr(copied, name))
        return c


# Members set one by one, without __init__: State.__new__ is object.__new__ interpreted, and
# the compiled class's constructor (mypyc) with an __init__ that returns at once
_new_state = State.__new__
_new_masked = MaskedState.__new__
_copy = list.copy
_tuple_new = tuple.__new__  # builds a named tuple without its Python-level __new__
_OPTIONS = Decision._fields.index("options")
# The pool's size at each pick, counting down, as floats: floor(random() * r) then multiplies
# two floats (the same product as with the int: r is exact), which the interpreter does inline.
# A deal from a pool of n cards takes its sizes from the last n.
_SIZES = tuple(map(float, range(256, 0, -1)))
# _SEES[seat][known bits]: whether the seat knows the card (a table: & has no fast path).
_SEES = tuple(tuple(bool(bits >> seat & 1) for bits in range(16)) for seat in range(4))


#: A view's members (its __slots__)
VIEW_MEMBERS = ("seat", "state", "_pool", "_deal")


class View:
    """A seat's view: `state` is a masked copy (hidden cards are -1, no seed), `unseen` the
    sorted ids of the cards this seat cannot locate.

    The view is read-only. Its first determinize() works out the deal (the pool's sizes, the
    hidden places, the fields a world takes as they are) and keeps it: a search determinizes
    the same view thousands of times, while a player who only looks (a random agent, the
    window) never pays for it."""

    __slots__ = VIEW_MEMBERS

    def __init__(
        self, seat: Seat = -1, state: State | None = None, unseen: Iterable[CardId] = ()
    ) -> None:
        if state is None:  # a blank view whose members unpickling sets
            return
        self.seat = seat
        self.state = state
        self._pool = list(unseen)  # dealt from in the order given
        self._deal: Deal | None = None

    @property
    def unseen(self) -> tuple[CardId, ...]:
        return tuple(self._pool)

    def _plan(self) -> Deal:
        """The deal, worked out from the masked state: the pool (sorted), the pool's size at
        each pick, and where the picks go. Hidden places take the picks in order: hands in seat
        order (each hand's hidden places in order), then the draw piles; the rest is out."""
        m = self.state
        pending = m.pending
        if pending is not None and pending.seat != self.seat:
            raise ValueError("determinize a view only at its own seat's decision")
        pool = self._pool
        kept: list[Seat] = []  # the seats whose hands a world copies: all but the hands dealt whole
        whole: list[tuple[Seat, slice, int]] = []  # (seat, its picks, its bit in known) per hand hidden whole
        partial: list[tuple[Seat, int, int]] = []  # (seat, index of its first pick, its bit) per hand partly hidden
        first = 0
        for s, hand in enumerate(m.hands):
            count = hand.count(HIDDEN)
            if not count:
                kept.append(s)
                continue
            end = first + count
            if count != len(hand):
                kept.append(s)
                partial.append((s, first, 1 << s))
            else:
                whole.append((s, slice(first, end), 1 << s))
            first = end
        piles: list[slice] = []
        for deck in m.decks:
            end = first + len(deck)
            piles.append(slice(first, end))
            first = end
        top = len(_SIZES) - len(pool)
        if top >= 0:
            picks = _SIZES[top : top + first]
        else:
            picks = tuple(map(float, range(len(pool), len(pool) - first, -1)))
        same = (m.db, m.cards, m.rules, m.n, m.limbo, m.active, m.turn_no, m.extra_turn,
                m.winner, m.cont, m.hold, m.serial, m.record_events, m.dirty, m.bc, m.kidx,
                m.ktab, pending)  # fmt: skip
        deal: Deal = (pool, picks, kept, whole, partial, piles, same)
        self._deal = deal
        return deal

    def determinize(self, rng: Random) -> State:
        """A full state consistent with this view: unseen cards dealt at random into the hidden
        places, and a fresh seed for the game's own random events."""
        if type(rng) is not Random and not isinstance(rng, Random):
            raise TypeError(f"determinize needs a random.Random, not {rng!r}")
        deal = self._deal
        if deal is None:
            deal = self._plan()
        pool, picks, kept, whole, partial, piles, same = deal
        # Each hidden place takes a uniform pick among the cards not dealt yet, so every deal is
        # equally likely; what is left (in sorted order) goes out of the game, where its order
        # is never read. A pick is floor(random() * n): its bias (n / 2**53) is far below
        # anything measurable, and it costs under half of randrange() (math.floor is a cheaper
        # call than int()). All picks are made in one comprehension: one per hand or pile would
        # cost more than its few picks.
        pool = pool.copy()
        pop = pool.pop
        rnd = rng.random
        dealt = [pop(floor(rnd() * r)) for r in picks]
        m = self.state
        hands = m.hands.copy()
        for s in kept:
            hands[s] = hands[s].copy()
        known = m.known.copy()
        for s, picked, bit in whole:  # the usual case: this seat knows none of that hand
            hand = hands[s] = dealt[picked]
            if len(hand) == 5:  # a full hand, unrolled: a third cheaper than the loop
                a, b, c, d, e = hand
                known[a] = known[b] = known[c] = known[d] = known[e] = bit
            else:
                for c in hand:
                    known[c] = bit
        for s, i, bit in partial:
            hand = hands[s]
            for h, c in enumerate(hand):
                if c == HIDDEN:
                    c = hand[h] = dealt[i]
                    known[c] = bit
                    i += 1
        g = _new_state(State)
        g.hands = hands
        g.decks = [*map(dealt.__getitem__, piles)]
        g.out = pool
        g.known = known
        (g.db, g.cards, g.rules, g.n, g.limbo, g.active, g.turn_no, g.extra_turn, g.winner,
         g.cont, g.hold, g.serial, g.record_events, g.dirty, g.bc, g.kidx, g.ktab,
         g.pending) = same  # fmt: skip
        g.discards = [*map(_copy, m.discards)]
        g.plays = [*map(_copy, m.plays)]
        g.mindbugs = m.mindbugs.copy()
        g.life = m.life.copy()
        g.eliminated = m.eliminated.copy()
        g.exhausted = m.exhausted.copy()
        g.stack = m.stack.copy()
        g.triggered = m.triggered.copy()
        g.ev = None
        g.seed = rng.getrandbits(63)
        g.rng_n = 0
        return g


def make_view(g: State, seat: Seat) -> View:
    """The View of `seat` (State.view checks the seat)."""
    m = _new_masked(MaskedState)
    sees = _SEES[seat]
    gknown = g.known
    known = [0] * len(gknown)
    unseen = []
    hands = []
    for s, hand in enumerate(g.hands):
        if s == seat:
            for c in hand:
                known[c] = gknown[c]
            hands.append(hand.copy())
            continue
        for c in hand:
            if sees[gknown[c]]:
                break
        else:  # the usual case: the seat knows none of this hand
            unseen += hand
            hands.append([HIDDEN] * len(hand))
            continue
        hand = hand.copy()
        for i, c in enumerate(hand):
            k = gknown[c]
            if sees[k]:
                known[c] = k
            else:
                unseen.append(c)
                hand[i] = HIDDEN
        hands.append(hand)
    decks = []
    for deck in g.decks:
        unseen += deck
        decks.append([HIDDEN] * len(deck))
    m.hands = hands
    m.decks = decks
    m.out = [HIDDEN] * len(g.out)
    unseen += g.out
    m.known = known
    m.seed = 0
    m.rng_n = 0
    pending = g.pending
    if pending is not None and pending.seat != seat:
        pending = _tuple_new(type(pending), pending[:_OPTIONS] + ((),) + pending[_OPTIONS + 1 :])
    m.pending = pending
    # Every other field as it is, copied as clone() copies it.
    m.db = g.db
    m.cards = g.cards
    m.rules = g.rules
    m.n = g.n
    m.discards = [*map(_copy, g.discards)]
    m.plays = [*map(_copy, g.plays)]
    m.mindbugs = g.mindbugs.copy()  # .copy() is a little cheaper than [:] or set()
    m.life = g.life.copy()
    m.eliminated = g.eliminated.copy()
    m.exhausted = g.exhausted.copy()
    m.limbo = g.limbo
    m.active = g.active
    m.turn_no = g.turn_no
    m.extra_turn = g.extra_turn
    m.winner = g.winner
    m.cont = g.cont
    m.stack = g.stack.copy()
    m.triggered = g.triggered.copy()
    m.hold = g.hold
    m.serial = g.serial
    m.ev = None
    m.record_events = g.record_events
    m.dirty = g.dirty
    m.bc = g.bc  # never mutated once built, so it can be shared
    m.kidx = g.kidx
    m.ktab = g.ktab
    # Sorted here, not when first dealt from: in the order collected, hands before piles, the
    # pool would tell whose hand holds which card.
    unseen.sort()
    return View(seat, m, unseen)
