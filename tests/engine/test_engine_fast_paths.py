"""The AI's fast paths against the plain ones they stand in for (session 17: speed).

State.advance (respond without checks or events), the search's cached option keys, the
evaluation's inlined creature values and the keyword-name table must give exactly what the
plain code gives, on every decision of seeded random 1v1 and 2v2 games. So must
View.determinize, which works out its deal once per view (session 18): every world it deals,
the first and the later ones, is the plain deal's, and shares nothing a world could write into.
"""

from __future__ import annotations

import random

import pytest

from game.ai.evaluate import Evaluator
from game.ai.keys import KeyMaker
from game.engine import HIDDEN, MaskedStateError, State, View, new_game
from game.engine import view as view_module
from game.engine.carddefs import KEYWORDS, keyword_names
from game.engine.constant_effects import SuppressPlayEffects
from game.engine.state import STATE_MEMBERS
from tests.support.engine_helpers import check_invariants, db, fields, snapshot
from tests.support.hidden_cards import permuted_variant


def random_states(rules: str, games: int):
    """Every decision of seeded random games (the state itself, played on afterwards: callers
    look at it before the next move)."""
    for seed in range(games):
        g = new_game(db(), seed, rules)
        g.record_events = False
        pick = random.Random(seed).random
        while g.winner is None:
            yield g
            options = g.pending.options
            g.respond(options[int(pick() * len(options))])


@pytest.mark.parametrize("rules", ["1v1", "2v2"])
def test_advance_plays_exactly_as_respond(rules):
    for seed in range(15):
        a = new_game(db(), seed, rules)
        b = new_game(db(), seed, rules)
        a.record_events = False
        pick = random.Random(seed).random
        while a.winner is None:
            option = a.pending.options[int(pick() * len(a.pending.options))]
            b.respond(option)  # b records events, a never does
            a.advance(option)
            assert snapshot(a) == snapshot(b)
            assert a.board()[:3] == b.board()[:3]
            check_invariants(a)
            assert a.ev is None
        assert b.winner == a.winner


def test_advance_refuses_a_views_state():
    g = new_game(db(), 1)
    view = g.view(g.pending.seat)
    with pytest.raises(MaskedStateError):
        view.state.advance(g.pending.options[0])


def reference_key(state, option) -> tuple:
    """KeyMaker.key as it was before its cache (see game/ai/keys.py for the why)."""
    cid = option.card
    if cid is None:
        return (option.verb, option.seat)
    name = state.card(cid).name
    if option.verb in ("play", "resolve"):
        return (option.verb, name)
    if option.verb in ("attack", "block"):
        return (option.verb, name, cid in state.exhausted)
    return (option.verb, name, state.controller(cid), cid in state.exhausted)


@pytest.mark.parametrize("rules", ["1v1", "2v2"])
def test_cached_keys_equal_fresh_keys(rules):
    keys = KeyMaker()  # one maker for every state: the cache must follow exhaustion and control
    verbs = set()
    for g in random_states(rules, 12):
        for option in g.pending.options:
            assert keys.key(g, option) == reference_key(g, option)
            verbs.add(option.verb)
    assert {"play", "attack", "block", "mindbug"} <= verbs


def test_a_cached_attack_key_follows_exhaustion():
    g = new_game(db(), 4)
    while g.pending.kind != "action" or not any(o.verb == "attack" for o in g.pending.options):
        g.respond(g.pending.options[-1])
    attack = next(o for o in g.pending.options if o.verb == "attack")
    keys = KeyMaker()
    ready = keys.key(g, attack)
    g.exhausted.add(attack.card)
    assert keys.key(g, attack) == ready[:2] + (True,)
    g.exhausted.discard(attack.card)
    assert keys.key(g, attack) == ready


def plain_seat_material(ev: Evaluator, state, seat: int) -> float:
    """Evaluator.seat_material as written before its creature loop was inlined."""
    if state.eliminated[seat]:
        return 0.0
    board = 0.0
    for cid in state.plays[seat]:
        board += ev.creature_value(state, cid)
    cards = ev.hand_value(state, seat) + ev.w.deck_card * len(state.decks[seat])
    return board + cards + ev.mindbug_value(state, seat)


@pytest.mark.parametrize("rules", ["1v1", "2v2"])
def test_inlined_seat_material_gives_the_same_floats(rules):
    ev = Evaluator()
    creatures = 0
    for g in random_states(rules, 12):
        for seat in range(g.n_seats):
            assert ev.seat_material(g, seat) == plain_seat_material(ev, g, seat)
            creatures += len(g.plays[seat])
    assert creatures > 100  # the boards were not all empty


def test_keyword_names_table():
    for bits in range(1 << len(KEYWORDS)):
        assert keyword_names(bits) == tuple(n for n, b in KEYWORDS.items() if bits & b)
    assert keyword_names(1 << 10) == ()  # outside the table: worked out, not an IndexError


def test_suppresses_play_marks_exactly_the_suppressors():
    marked = {d.name for d in db().defs if d.suppresses_play}
    expected = {
        d.name for d in db().defs if any(isinstance(e, SuppressPlayEffects) for e in d.constant)
    }
    assert marked == expected == {"Deathweaver"}


def plain_determinize(view: View, rng: random.Random) -> State:
    """View.determinize written plainly: the view's state cloned, then each hidden place, hands
    in seat order and then the draw piles, given a uniform pick from the sorted unseen cards."""
    world = State.clone(view.state)
    pool = sorted(view.unseen)
    for s, hand in enumerate(world.hands):
        for i, c in enumerate(hand):
            if c == HIDDEN:
                hand[i] = pool.pop(int(rng.random() * len(pool)))
                world.known[hand[i]] = 1 << s  # only its holder knows a dealt hand card
    for deck in world.decks:
        for i in range(len(deck)):
            deck[i] = pool.pop(int(rng.random() * len(pool)))
    world.out = pool
    world.seed = rng.getrandbits(63)
    world.rng_n = 0
    return world


@pytest.mark.parametrize("rules", ["1v1", "2v2"])
@pytest.mark.parametrize("table", [True, False], ids=["sizes-table", "pool-beyond-the-table"])
def test_every_world_of_a_view_is_the_plain_deal(rules, table, monkeypatch):
    if not table:  # a pool larger than the table of pool sizes: the sizes are worked out
        monkeypatch.setattr(view_module, "_SIZES", (2.0, 1.0))
    partly = 0
    for k, g in enumerate(random_states(rules, 10)):
        view = g.view(g.pending.seat)
        fast, plain = random.Random(k), random.Random(k)
        for _ in range(3):  # the first world works out the deal, the later ones reuse it
            world = view.determinize(fast)
            assert type(world) is State
            assert fields(world) == fields(plain_determinize(view, plain))
        assert fast.random() == plain.random()  # the same draws, no more
        partly += any(HIDDEN in h and h.count(HIDDEN) < len(h) for h in view.state.hands)
    assert partly > 0  # a hand the seat partly knows was dealt too


def scribble(g: State) -> None:
    """Write into every list and set of a state, and into every list inside them."""
    for name in STATE_MEMBERS:
        value = getattr(g, name)
        if isinstance(value, list):
            for inner in value:
                if isinstance(inner, list):
                    inner.append(999)
            value.append(999)
        elif isinstance(value, set):
            value.add(999)


@pytest.mark.parametrize("rules", ["1v1", "2v2"])
def test_a_world_writes_into_neither_its_view_nor_the_game(rules):
    states = 0
    for k, g in enumerate(random_states(rules, 4)):
        if k % 4:
            continue
        states += 1
        game = fields(g)
        view = g.view(g.pending.seat)
        seen = fields(view.state)
        scribble(view.determinize(random.Random(k)))
        scribble(view.determinize(random.Random(k)))  # the deal worked out, then reused
        again = view.determinize(random.Random(k))
        assert fields(again) == fields(g.view(g.pending.seat).determinize(random.Random(k)))
        assert fields(view.state) == seen
        assert fields(g) == game
        scribble(again)
        assert fields(view.state) == seen
    assert states > 20


def view_slots(view: View) -> list[dict]:
    """Everything a view holds, as made and once a determinize has worked out its deal."""
    held = []
    for _ in range(2):
        slots = {name: getattr(view, name) for name in view_module.VIEW_MEMBERS if name != "state"}
        slots = {name: v[:] if isinstance(v, list) else v for name, v in slots.items()}
        held.append({**slots, "state": fields(view.state)})
        view.determinize(random.Random(0))
    return held


@pytest.mark.parametrize("rules", ["1v1", "2v2"])
def test_a_view_holds_nothing_that_tells_where_the_hidden_cards_are(rules):
    # A view of the game and one of a variant with the hidden cards moved between the hidden
    # places must be equal in every field, private ones included: the deal is worked out
    # from a sorted pool, never from the order in which the hidden cards were collected.
    rng = random.Random(3)
    changed = 0
    for k, g in enumerate(random_states(rules, 6)):
        if k % 3:
            continue
        seat = g.pending.seat
        variant, moved = permuted_variant(g, seat, rng)
        changed += moved
        assert view_slots(g.view(seat)) == view_slots(variant.view(seat))
    assert changed > 20


def test_a_view_of_another_seats_decision_refuses_every_determinize():
    g = new_game(db(), 6, "2v2")
    other = (g.pending.seat + 1) % g.n_seats
    view = g.view(other)
    for _ in range(2):  # the refusal is not a deal worked out once and then forgotten
        with pytest.raises(ValueError, match="own seat's decision"):
            view.determinize(random.Random(0))
    assert view.unseen == g.view(other).unseen
