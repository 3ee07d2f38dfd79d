"""The fast view() and View.determinize() against a plain clone-and-mask reference.

game.engine.view builds masked and dealt states field by field for speed; these tests compare
every field of State with a slow implementation written the obvious way (the engine's earlier
one), on every decision of seeded random games, 1v1 and 2v2, from every seat's side.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest

from game.engine import HIDDEN, MaskedStateError, State, View, new_game
from game.engine.state import STATE_MEMBERS
from game.engine.view import MaskedState
from tests.support.engine_helpers import (
    db,
    fields,  # noqa: F401
)

# Fields determinize() fills (or resets); every other field is the view's own.
DEALT = ("hands", "decks", "out", "known", "seed", "rng_n")


def reference_view(g: State, seat: int) -> tuple[MaskedState, tuple]:
    """Clone the whole state, then hide what `seat` may not see."""
    copied = State.clone(g)
    m = MaskedState()  # member by member: a compiled instance cannot change its class
    for name in STATE_MEMBERS:
        setattr(m, name, getattr(copied, name))
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
    return m, tuple(sorted(unseen))




def decision_states(rules: str, games: int, seed: int) -> list[State]:
    """A clone of the state at every decision of seeded random games."""
    states = []
    for k in range(games):
        g = new_game(db(), seed * 1000 + k, rules)
        g.record_events = False
        rng = random.Random(k)
        while g.winner is None:
            states.append(g.clone())
            options = g.pending.options
            g.respond(options[rng.randrange(len(options))])
    return states


@pytest.fixture(scope="module", params=[("1v1", 12, 1), ("2v2", 5, 2)], ids=["1v1", "2v2"])
def states(request) -> list[State]:
    return decision_states(*request.param)


def partly_known(g: State, seat: int) -> bool:
    """Whether `seat` knows some but not all cards of another seat's hand."""
    bit = 1 << seat
    return any(
        s != seat and 0 < sum(1 for c in hand if g.known[c] & bit) < len(hand)
        for s, hand in enumerate(g.hands)
    )


def test_view_equals_the_reference_masking(states) -> None:
    mixed = 0
    for g in states:
        for seat in range(g.n_seats):
            view = g.view(seat)
            ref, unseen = reference_view(g, seat)
            assert type(view.state) is MaskedState
            assert view.seat == seat
            assert view.unseen == unseen
            assert fields(view.state) == fields(ref), f"turn {g.turn_no}, seat {seat}"
            mixed += partly_known(g, seat)
    # The hand a seat partly knows (cards it saw go back into a hand) takes its own branch.
    assert mixed > 0


def test_view_is_a_snapshot(states) -> None:
    g = states[len(states) // 2].clone()
    seat = g.pending.seat
    view = g.view(seat)
    before = fields(view.state)
    while g.winner is None:
        g.respond(g.pending.options[0])
    assert fields(view.state) == before


def dealt_places(view: View, world: State) -> list[int]:
    """The cards the world put into the view's hidden places, hands (by seat) then piles."""
    cards = []
    for seen, dealt in zip(view.state.hands, world.hands):
        cards += [d for s, d in zip(seen, dealt) if s == HIDDEN]
    for dealt in world.decks:
        cards += dealt
    return cards


def test_determinize_fills_exactly_the_hidden_places(states) -> None:
    rng = random.Random(7)
    for g in states[::3]:
        seat = g.pending.seat
        view = g.view(seat)
        world = view.determinize(rng)
        assert type(world) is State
        mine, theirs = fields(world), fields(view.state)
        for name in STATE_MEMBERS:
            if name not in DEALT:
                assert mine[name] == theirs[name], name
        for seen, dealt in zip(view.state.hands + view.state.decks, world.hands + world.decks):
            assert len(seen) == len(dealt)
            assert all(s in (HIDDEN, d) for s, d in zip(seen, dealt))
        placed = dealt_places(view, world)
        assert HIDDEN not in placed + world.out
        assert sorted(placed + world.out) == list(view.unseen)
        assert world.out == sorted(world.out)  # as docs/engine-api.md says
        # The dealt hand cards are known to their holder only; the rest as the view says.
        known = view.state.known[:]
        for s, (seen, dealt) in enumerate(zip(view.state.hands, world.hands)):
            for c_seen, c in zip(seen, dealt):
                if c_seen == HIDDEN:
                    known[c] = 1 << s
        assert world.known == known
        assert world.rng_n == 0 and 0 <= world.seed < 2**63
        # The world is a game of its own: playing it on leaves the view as it was.
        before = fields(view.state)
        while world.winner is None:
            world.respond(world.pending.options[0])
        assert fields(view.state) == before


def test_a_view_built_by_hand_deals_like_the_engines(states) -> None:
    for k, g in enumerate(states[::5]):
        view = g.view(g.pending.seat)
        own = View(view.seat, view.state, view.unseen)
        a = view.determinize(random.Random(k))
        b = own.determinize(random.Random(k))
        assert fields(a) == fields(b)


def chi_square(counts: Counter, cards: tuple, draws: int) -> float:
    expected = draws / len(cards)
    return sum((counts[c] - expected) ** 2 / expected for c in cards)


@pytest.mark.parametrize("rules", ["1v1", "2v2"])
def test_determinize_deals_uniformly(rules: str) -> None:
    # Early in a game: hidden hand cards, full draw piles and (1v1) a large out pile.
    g = new_game(db(), 5, rules)
    view = g.view(g.pending.seat)
    other = next(s for s in range(g.n_seats) if s != view.seat)
    rng = random.Random(11)
    draws = 12000
    first_in_hand = Counter()
    top_of_pile = Counter()
    last_dealt = Counter()
    for _ in range(draws):
        world = view.determinize(rng)
        first_in_hand[world.hands[other][0]] += 1
        top_of_pile[world.decks[other][-1]] += 1
        last_dealt[dealt_places(view, world)[-1]] += 1
        assert world.hands[other][0] != world.decks[other][-1]
    cards = view.unseen
    assert set(first_in_hand) | set(top_of_pile) <= set(cards)
    # Chi-square with len(cards) - 1 degrees of freedom (25 to 42 here): 80 is beyond its
    # 99.99th percentile, while a deal that never picks one card scores about draws / n.
    for counts in (first_in_hand, top_of_pile, last_dealt):
        assert chi_square(counts, cards, draws) < 80


def test_a_views_state_still_refuses_to_be_played() -> None:
    g = new_game(db(), 3)
    view = g.view(g.pending.seat)
    with pytest.raises(MaskedStateError):
        view.state.respond(view.state.pending.options[0])
    with pytest.raises(MaskedStateError):
        view.state.clone().respond(view.state.pending.options[0])
