"""The AI's fast paths against the plain ones they stand in for (session 17: speed).

State.advance (respond without checks or events), the search's cached option keys, the
evaluation's inlined creature values and the keyword-name table must give exactly what the
plain code gives, on every decision of seeded random 1v1 and 2v2 games.
"""

from __future__ import annotations

import random

import pytest
from engine_helpers import check_invariants, db, snapshot

from game.ai.evaluate import Evaluator
from game.ai.keys import KeyMaker
from game.engine import MaskedStateError, new_game
from game.engine.carddefs import KEYWORDS, keyword_names
from game.engine.effects import SuppressPlayEffects


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
