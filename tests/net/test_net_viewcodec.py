"""The wire form of a seat's view: exact round trips, and a remote computer decides as a local one."""

from __future__ import annotations

import json
import random

import pytest

from game.cards import load_cards
from game.engine import new_game
from game.engine.state import STATE_MEMBERS
from game.net.players import decide
from game.net.protocol import ProtocolError
from game.net.viewcodec import (
    box_cards,
    decode_event,
    decode_value,
    decode_view,
    encode_event,
    encode_value,
    encode_view,
    wire_event,
)

DB = load_cards()
SLOTS = [s for s in STATE_MEMBERS if s not in ("bc", "ev")]


def _positions(rules: str, seeds: range):
    for seed in seeds:
        g = new_game(DB, seed=seed, rules=rules)
        rng = random.Random(seed)
        while g.winner is None:
            yield g
            d = g.pending
            g.respond(d.options[rng.randrange(len(d.options))], serial=d.serial)
        yield g


@pytest.mark.parametrize("rules", ["1v1", "2v2"])
def test_every_view_survives_the_wire_exactly(rules):
    cards = box_cards(DB, [c.index for c in DB.box()])
    checked = 0
    for g in _positions(rules, range(12)):
        for seat in range(g.n_seats):
            view = g.view(seat)
            wire = json.loads(json.dumps(encode_view(view)))
            back = decode_view(wire, DB, cards)
            assert back.seat == view.seat and back.unseen == view.unseen
            for name in SLOTS:
                assert getattr(back.state, name) == getattr(view.state, name), name
            checked += 1
    assert checked > 100


def test_draw_piles_travel_as_counts_and_hidden_hands_as_minus_one():
    g = new_game(DB, seed=3)
    data = encode_view(g.view(0))
    assert data["decks"] == [len(d) for d in g.decks]
    assert data["out"] == len(g.out)
    assert all(c == -1 for c in data["hands"][1])
    assert data["hands"][0] == g.hands[0]
    assert "seed" not in data


@pytest.mark.parametrize("level", ["random", "easy", "medium"])
def test_a_decoded_view_gets_the_same_pick_as_the_hosts_own(level):
    cards = box_cards(DB, [c.index for c in DB.box()])
    n = 0
    for g in _positions("1v1", range(3)):
        if g.winner is not None or n > 60:
            continue
        seat = g.pending.seat
        view = g.view(seat)
        back = decode_view(json.loads(json.dumps(encode_view(view))), DB, cards)
        assert decide(level, 5, seat, n, back) == decide(level, 5, seat, n, view)
        n += 1


@pytest.mark.parametrize("bad", [
    ["x"], ["f", "os.system"], ["f", "state.__import__"], ["r", "0.__class__"], ["o", "fly", None, None],
    ["o", "play", -1, None], ["d", 0, "dance", [], 1, None, ""], {"a": 1}, [], [3], 1.5,
    ["c", "0", 1, None], ["c", 0, 1], ["c", 0, 1, "2"],
])
def test_decoding_refuses_anything_but_known_data(bad):
    with pytest.raises(ProtocolError):
        decode_value(bad, DB)


def test_an_effect_context_travels_as_one():
    # A view in the middle of an effect holds its context (game.engine.typed.EffectContext) in
    # the continuation; the effect reads it by name, so it must come back as one.
    from game.engine import from_position
    from game.engine.typed import EffectContext

    g = from_position(DB, [{"hand": ["Ferret Bomber"]}, {"hand": ["Killer Bee", "Spider Owl"], "mindbugs": 0}])
    g.respond(g.option_for("play Ferret Bomber"))
    assert g.pending.purpose == "discard" and g.pending.seat == 1
    view = g.view(1)
    back = decode_value(json.loads(json.dumps(encode_value(view.state.cont, DB))), DB)
    ctx = back[2]
    assert type(ctx) is EffectContext and ctx == view.state.cont[2]
    assert (ctx.card, ctx.seat, ctx.opponent) == (view.state.cont[2].card, 0, 1)


def test_a_malformed_view_is_refused():
    cards = DB.box()
    good = encode_view(new_game(DB, seed=2).view(1))
    for key, value in [("hands", [[999], []]), ("decks", [10**6, 1]), ("seat", 7), ("life", "3"),
                       ("known", [99] * len(cards)), ("stack", {"a": 1}), ("rules", "3v3")]:
        with pytest.raises(ProtocolError):
            decode_view({**good, key: value}, DB, cards)
    with pytest.raises(ProtocolError):
        decode_view({k: v for k, v in good.items() if k != "plays"}, DB, cards)


def test_a_view_whose_decision_or_work_has_the_wrong_shape_is_refused():
    """Each value decodes alone, but not into what its place holds: a decision that is a card
    number, an option that is a word, a continuation or work item with no engine function
    first, a trigger without its ability. Refused, never handed to the computer player."""
    cards = DB.box()
    good = encode_view(new_game(DB, seed=2).view(0))
    assert good["pending"] is not None
    seat, kind, options, *rest = good["pending"][1:]
    for key, value in [("pending", 5), ("pending", ["d", seat, kind, ["pass"], *rest]),
                       ("cont", ["t", 1, 2]), ("cont", 3), ("stack", [["t", "x"]]),
                       ("stack", [None]), ("triggered", [["t", 1, 0, 2]])]:
        with pytest.raises(ProtocolError):
            decode_view({**good, key: value}, DB, cards)
    assert decode_view(good, DB, cards).state.pending == new_game(DB, seed=2).view(0).state.pending


def test_events_round_trip_and_are_masked_for_other_seats():
    from game.engine.events import Drawn, RemovedFromGame

    drawn = Drawn(0, (4, 5))
    assert decode_event(json.loads(json.dumps(encode_event(wire_event(drawn, 0, set()))))) == drawn
    assert wire_event(drawn, 1, set()).cards == (-1, -1)
    removed = RemovedFromGame(2, (7, 8, 9))
    assert wire_event(removed, 1, {8}).cards == (-1, 8, -1)
    assert wire_event(removed, 2, set()) == removed
    for bad in [["Nope"], ["Drawn", 0], ["Drawn", 0, [1.5]], ["Drawn", {}, []], "x"]:
        with pytest.raises(ProtocolError):
            decode_event(bad)
