"""What one seat may see, and sampling the rest (determinization) for the AI.

Both are the AI's hot path (a view per decision, a determinization per search iteration), so
they build their states field by field in one pass instead of cloning and then overwriting.
tests/test_engine_view.py checks them against a plain clone-and-mask reference.
"""

from __future__ import annotations

from math import floor
from random import Random
from types import FunctionType

from .errors import MaskedStateError
from .events import HIDDEN
from .options import Decision
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

    def advance(self, option) -> None:
        self.respond(option)

    def start(self) -> list:
        raise MaskedStateError("a view's masked state cannot be run")

    def clone(self) -> MaskedState:
        c = State.clone(self)
        c.__class__ = MaskedState
        return c


_new = object.__new__
_copy = list.copy
_tuple_new = tuple.__new__  # builds a named tuple without its Python-level __new__
_OPTIONS = Decision._fields.index("options")


def _copy_public(src: State, dst: State) -> None:
    """Every field a view shows as it is (all but hands, decks, out, known, seed, rng_n and
    pending), copied as clone() copies it."""
    dst.db = src.db
    dst.cards = src.cards
    dst.rules = src.rules
    dst.n = src.n
    dst.discards = [*map(_copy, src.discards)]
    dst.plays = [*map(_copy, src.plays)]
    dst.mindbugs = src.mindbugs.copy()  # .copy() is a little cheaper than [:] or set()
    dst.life = src.life.copy()
    dst.eliminated = src.eliminated.copy()
    dst.exhausted = src.exhausted.copy()
    dst.limbo = src.limbo
    dst.active = src.active
    dst.turn_no = src.turn_no
    dst.extra_turn = src.extra_turn
    dst.winner = src.winner
    dst.cont = src.cont
    dst.stack = src.stack.copy()
    dst.triggered = src.triggered.copy()
    dst.hold = src.hold
    dst.serial = src.serial
    dst.ev = None
    dst.record_events = src.record_events
    dst.dirty = src.dirty
    dst.bc = src.bc  # never mutated once built, so it can be shared
    dst.kidx = src.kidx


# CPython specializes each attribute access for the one class it meets there: copying into a
# view (State -> MaskedState) and into a world (MaskedState -> State) each get their own copy of
# the code, or each would keep undoing the other's specialization (a fifth of a determinize).
_copy_to_view = _copy_public
_copy_to_world = FunctionType(_copy_public.__code__.replace(), _copy_public.__globals__)


def _kept(plan: list, seats: int) -> list:
    """The seats whose hands determinize() copies: every hand it does not deal whole."""
    whole = {s for s, _, all_hidden in plan if all_hidden}
    return [s for s in range(seats) if s not in whole]


class View:
    """A seat's view: `state` is a masked copy (hidden cards are -1, no seed), `unseen` the
    sorted ids of the cards this seat cannot locate.

    The view is read-only: determinize() deals by a plan of the hidden places worked out once,
    when the view is made, since a search determinizes the same view thousands of times."""

    __slots__ = ("seat", "state", "unseen", "_picks", "_hands", "_decks", "_kept")

    def __init__(self, seat: int, state: State, unseen: tuple):
        self.seat = seat
        self.state = state
        self.unseen = unseen
        # The deal plan (see make_view): one pick per hidden place, hands in seat order, then
        # the draw piles; what is left over is the out-of-game pile.
        self._hands = []
        first = 0
        for s, hand in enumerate(state.hands):
            count = hand.count(HIDDEN)
            if count:
                self._hands.append((s, count, count == len(hand)))
                first += count
        self._kept = _kept(self._hands, len(state.hands))
        self._decks = [len(deck) for deck in state.decks]
        first += sum(self._decks)
        self._picks = range(len(unseen), len(unseen) - first, -1)

    def determinize(self, rng: Random) -> State:
        """A full state consistent with this view: unseen cards dealt at random into the hidden
        places, and a fresh seed for the game's own random events."""
        if type(rng) is not Random and not isinstance(rng, Random):
            raise TypeError(f"determinize needs a random.Random, not {rng!r}")
        m = self.state
        pending = m.pending
        if pending is not None and pending.seat != self.seat:
            raise ValueError("determinize a view only at its own seat's decision")
        # Each hidden place takes a uniform pick among the cards not dealt yet, so every deal is
        # equally likely; what is left (in sorted order) goes out of the game, where its order
        # is never read. A pick is floor(random() * n): its bias (n / 2**53) is far below
        # anything measurable, and it costs under half of randrange() (math.floor is a cheaper
        # call than int()). All picks are made in one comprehension: one per hand or pile would
        # cost more than its few picks.
        pool = list(self.unseen)
        pop = pool.pop
        rnd = rng.random
        dealt = [pop(floor(rnd() * r)) for r in self._picks]
        # Hands the deal replaces whole are not copied first (2v2 has three of them).
        hands = m.hands.copy()
        for s in self._kept:
            hands[s] = hands[s].copy()
        known = m.known[:]
        i = 0
        for s, count, whole in self._hands:
            bit = 1 << s
            if whole:  # the usual case: this seat knows none of that hand
                hand = hands[s] = dealt[i : i + count]
                if count == 5:  # a full hand, unrolled: a third cheaper than the loop
                    a, b, c, d, e = hand
                    known[a] = known[b] = known[c] = known[d] = known[e] = bit
                else:
                    for c in hand:
                        known[c] = bit
                i += count
            else:
                hand = hands[s]
                for h, c in enumerate(hand):
                    if c == HIDDEN:
                        c = hand[h] = dealt[i]
                        known[c] = bit
                        i += 1
        decks = []
        for size in self._decks:
            decks.append(dealt[i : i + size])
            i += size
        g = _new(State)
        g.hands = hands
        g.decks = decks
        g.out = pool
        g.known = known
        g.pending = pending
        g.seed = rng.getrandbits(63)
        g.rng_n = 0
        _copy_to_world(m, g)
        return g


def make_view(g: State, seat: int) -> View:
    """The View of `seat` (State.view checks the seat); its deal plan is worked out on the way."""
    m = _new(MaskedState)
    bit = 1 << seat
    gknown = g.known
    known = [0] * len(gknown)
    unseen = []
    hands = []
    plan = []  # (seat, hidden cards, whether the whole hand is hidden) per hand that has any
    kept = []  # the seats whose hands determinize() copies, not deals whole
    for s, hand in enumerate(g.hands):
        if s == seat:
            for c in hand:
                known[c] = gknown[c]
            hands.append(hand[:])
            kept.append(s)
            continue
        for c in hand:
            if gknown[c] & bit:
                break
        else:  # the usual case: the seat knows none of this hand
            unseen += hand
            hands.append([HIDDEN] * len(hand))
            if hand:
                plan.append((s, len(hand), True))
            else:
                kept.append(s)
            continue
        hand = hand[:]
        count = 0
        for i, c in enumerate(hand):
            k = gknown[c]
            if k & bit:
                known[c] = k
            else:
                unseen.append(c)
                hand[i] = HIDDEN
                count += 1
        hands.append(hand)
        kept.append(s)
        if count:
            plan.append((s, count, False))
    decks = []
    sizes = []
    for deck in g.decks:
        unseen += deck
        size = len(deck)
        decks.append([HIDDEN] * size)
        sizes.append(size)
    picks = len(unseen)
    m.hands = hands
    m.decks = decks
    m.out = [HIDDEN] * len(g.out)
    unseen += g.out
    unseen.sort()
    m.known = known
    m.seed = 0
    m.rng_n = 0
    pending = g.pending
    if pending is not None and pending.seat != seat:
        pending = _tuple_new(type(pending), pending[:_OPTIONS] + ((),) + pending[_OPTIONS + 1 :])
    m.pending = pending
    _copy_to_view(g, m)
    view = _new(View)
    view.seat = seat
    view.state = m
    view.unseen = tuple(unseen)
    view._hands = plan
    view._kept = kept
    view._decks = sizes
    view._picks = range(len(unseen), len(unseen) - picks, -1)
    return view
