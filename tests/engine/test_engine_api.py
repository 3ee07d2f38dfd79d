"""The decision interface: illegal input refused with the state unchanged, clones, views."""

from __future__ import annotations

import random
import subprocess
import sys

import pytest

from game.engine import (
    HIDDEN,
    GameOverError,
    IllegalOptionError,
    InvalidOptionError,
    Kind,
    StaleOptionError,
    from_position,
    new_game,
    option,
)
from game.engine.events import Drawn, mask_event
from tests.support.engine_helpers import db, random_game, snapshot


def test_illegal_option_is_refused_and_state_unchanged():
    g = new_game(db(), 1)
    before = snapshot(g)
    seat = g.pending.seat
    stranger = next(c for c in g.hands[1 - seat])
    with pytest.raises(IllegalOptionError):
        g.respond(option("play", stranger))
    with pytest.raises(IllegalOptionError):
        g.respond(option("mindbug"))
    assert snapshot(g) == before


def test_malformed_option_is_a_different_error():
    g = new_game(db(), 1)
    before = snapshot(g)
    for bad in ("play Gorillion", None, 3, ("play", 1)):
        with pytest.raises(InvalidOptionError):
            g.respond(bad)
    assert snapshot(g) == before
    assert not issubclass(InvalidOptionError, IllegalOptionError)


def test_stale_option_is_refused():
    g = new_game(db(), 2)
    old = g.pending
    g.respond(old.options[0])
    before = snapshot(g)
    with pytest.raises(StaleOptionError):
        g.respond(g.pending.options[0], serial=old.serial)
    assert snapshot(g) == before
    g.respond(g.pending.options[0], serial=g.pending.serial)


def test_respond_after_game_over():
    g, _, _ = random_game(4, check=False)
    with pytest.raises(GameOverError):
        g.respond(option("pass"))


def test_labels_round_trip_through_option_for():
    for seed in range(30):
        g = new_game(db(), seed, "2v2" if seed % 2 else "1v1")
        rng = random.Random(seed)
        while g.winner is None:
            for opt in g.pending.options:
                assert g.option_for(g.label(opt)) is opt
                assert g.option_for(g.label(opt, full=True)) is opt
            opts = g.pending.options
            g.respond(opts[rng.randrange(len(opts))])


def test_option_for_refuses_unknown_and_ambiguous_labels():
    g = from_position(
        db(),
        [{"play": ["Gorillion"]}, {"hand": ["Killer Bee"], "play": ["Spider Owl"]}],
    )
    with pytest.raises(IllegalOptionError):
        g.option_for("attack Luchataur")
    with pytest.raises(IllegalOptionError):
        g.option_for("fly away")
    assert g.option_for("ATTACK  gorillion").card == g.plays[0][0]


def test_clone_is_independent():
    g = new_game(db(), 5)
    c = g.clone()
    before = snapshot(g)
    rng = random.Random(0)
    while c.winner is None:
        opts = c.pending.options
        c.respond(opts[rng.randrange(len(opts))])
    assert snapshot(g) == before


def test_clone_plays_on_exactly_like_the_original():
    g = new_game(db(), 6)
    rng = random.Random(1)
    for _ in range(15):
        opts = g.pending.options
        g.respond(opts[rng.randrange(len(opts))])
    c = g.clone()
    for _ in range(10):
        if g.winner is not None:
            break
        i = rng.randrange(len(g.pending.options))
        assert g.respond(g.pending.options[i]) == c.respond(c.pending.options[i])
    assert snapshot(g) == snapshot(c)


def test_view_hides_what_the_seat_cannot_see():
    g = new_game(db(), 8)
    for seat in (0, 1):
        v = g.view(seat)
        m = v.state
        assert m.hands[seat] == g.hands[seat]
        assert all(c == HIDDEN for c in m.hands[1 - seat])
        assert all(c == HIDDEN for d in m.decks for c in d)
        assert all(c == HIDDEN for c in m.out)
        assert m.seed == 0
        hidden = set(g.hands[1 - seat]) | {c for d in g.decks for c in d} | set(g.out)
        assert set(v.unseen) == hidden
        assert list(v.unseen) == sorted(v.unseen)
        if g.pending.seat != seat:
            assert m.pending.options == ()


def test_view_is_the_same_when_hidden_cards_are_permuted():
    g = new_game(db(), 9)
    seat = g.pending.seat
    other = g.clone()
    hidden_slots = [(other.hands[1 - seat], i) for i in range(len(other.hands[1 - seat]))]
    hidden_slots += [(d, i) for d in other.decks for i in range(len(d))]
    hidden_slots += [(other.out, i) for i in range(len(other.out))]
    cards = [lst[i] for lst, i in hidden_slots]
    random.Random(3).shuffle(cards)
    for (lst, i), c in zip(hidden_slots, cards):
        lst[i] = c
    a, b = g.view(seat), other.view(seat)
    assert snapshot(a.state) == snapshot(b.state)
    assert a.unseen == b.unseen


def test_determinized_state_is_consistent_and_playable():
    g = new_game(db(), 10)
    v = g.view(g.pending.seat)
    for k in range(5):
        d = v.determinize(random.Random(k))
        assert sorted(c for h in d.hands for c in h) != []
        assert [len(h) for h in d.hands] == [len(h) for h in g.hands]
        assert [len(x) for x in d.decks] == [len(x) for x in g.decks]
        assert d.hands[v.seat] == g.hands[v.seat]
        assert d.pending == g.pending
        rng = random.Random(k)
        while d.winner is None:
            opts = d.pending.options
            d.respond(opts[rng.randrange(len(opts))])


def test_known_cards_stay_visible_in_the_opponents_hand():
    # Giraffodile returns a public discard pile to the hand: everyone knows those cards.
    g = from_position(
        db(),
        [{"hand": ["Giraffodile"], "discard": ["Gorillion"]}, {"mindbugs": 0, "hand": ["Spider Owl"]}],
    )
    g.respond(g.option_for("play Giraffodile"))
    gorillion = next(c for c in g.hands[0] if g.cards[c].name == "Gorillion")
    assert gorillion in g.view(1).state.hands[0]


def test_drawn_cards_are_masked_for_other_seats():
    e = Drawn(0, (3, 4))
    assert mask_event(e, 0) == e
    assert mask_event(e, 1).cards == (HIDDEN, HIDDEN)


def test_engine_does_not_import_pygame_or_touch_files():
    code = (
        "import sys, builtins\n"
        "sys.modules['pygame'] = None\n"
        "from game.cards import load_cards\n"
        "db = load_cards()\n"
        "real_open = builtins.open\n"
        "def no_open(*a, **k): raise AssertionError('the engine opened a file')\n"
        "builtins.open = no_open\n"
        "from game.engine import new_game\n"
        "g = new_game(db, 1)\n"
        "import random\n"
        "r = random.Random(1)\n"
        "while g.winner is None:\n"
        "    o = g.pending.options\n"
        "    g.respond(o[r.randrange(len(o))])\n"
        "print('ok')\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "ok"


def test_engine_source_uses_no_global_random():
    from pathlib import Path

    import game.engine

    for path in Path(game.engine.__file__).parent.glob("*.py"):
        text = path.read_text()
        assert "import pygame" not in text
        assert "random.random(" not in text and "random.choice(" not in text
        assert "import time" not in text


def test_new_game_sets_up_by_the_rules():
    g = new_game(db(), 11)
    assert [len(h) for h in g.hands] == [5, 5]
    assert [len(d) for d in g.decks] == [5, 5]
    assert len(g.out) == 28
    assert g.life == [3, 3] and g.mindbugs == [2, 2]
    assert g.pending.kind == Kind.ACTION and g.pending.seat == g.active
    g4 = new_game(db(), 11, "2v2")
    assert [len(h) for h in g4.hands] == [5] * 4
    assert [len(d) for d in g4.decks] == [5] * 4
    assert len(g4.out) == 8 and g4.life == [3, 3]


def test_starting_player_is_the_higher_reveal():
    from game.engine import start_game
    from game.engine.events import StartReveal

    for seed in range(30):
        g, opening = start_game(db(), seed)
        reveals = [e for e in opening if isinstance(e, StartReveal)]
        last = reveals[-2:]
        powers = {e.seat: g.cards[e.card].power for e in last}
        assert powers[g.active] > powers[1 - g.active]


def test_a_copy_of_an_offered_card_may_be_picked_instead():
    g = from_position(db(), [{"hand": ["Spider Owl", "Spider Owl", "Gorillion"]}, {"mindbugs": 0}])
    owls = [c for c in g.hands[0] if g.cards[c].name == "Spider Owl"]
    offered = [o for o in g.pending.options if o.card in owls]
    assert len(offered) == 1  # rule 19: one option for interchangeable copies
    other = next(c for c in owls if c != offered[0].card)
    g.respond(option("play", other))
    assert other in g.plays[0] and offered[0].card in g.hands[0]


def test_a_copy_in_another_state_is_not_interchangeable():
    g = from_position(
        db(),
        [{"play": ["Rhino Turtle", ("Rhino Turtle", True)]}, {"hand": ["Gorillion"], "mindbugs": 0}],
    )
    ready, tired = g.plays[0]
    assert tired in g.exhausted
    assert g.interchangeable(ready, ready) and not g.interchangeable(ready, tired)
    assert len([o for o in g.pending.options if o.verb == "attack"]) == 2
    with pytest.raises(IllegalOptionError):
        g.respond(option("play", ready))


def test_a_copy_that_did_not_trigger_cannot_be_resolved():
    # One Explosive Toad is already in the discard pile; the other dies blocking-trade with
    # Harpy Mother: the order question names the defeated Toad, never the old copy. (The
    # Spider Owl left in play gives both effects something to do, so the order is asked:
    # ruling 26.)
    g = from_position(
        db(),
        [{"play": ["Explosive Toad", "Spider Owl"], "discard": ["Explosive Toad"]},
         {"play": ["Harpy Mother"], "hand": ["Spider Owl"], "mindbugs": 0}],
    )
    old = g.discards[0][0]
    g.respond(g.option_for("attack Explosive Toad"))
    g.respond(g.option_for("block Harpy Mother"))
    assert g.pending.kind == Kind.ORDER
    before = snapshot(g)
    with pytest.raises(IllegalOptionError):
        g.respond(option("resolve", old))
    assert snapshot(g) == before
    g.respond(g.option_for("resolve Explosive Toad"))


def test_an_eliminated_players_cards_leave_the_game_with_the_hand_hidden():
    """2v2: RemovedFromGame lists the creatures in play (public) apart from the hand, and
    mask_event gives the other seats only the hand's count. (By rule 23 a player is out only
    when unable to act, so with an empty hand in First Contact; the event keeps a hand hidden
    whatever a later set allows.)"""
    from game.engine.events import RemovedFromGame

    event = RemovedFromGame(2, (7,), (8, 9))
    assert mask_event(event, 2) == event
    for other in (0, 1, 3):
        assert mask_event(event, other) == RemovedFromGame(2, (7,), (HIDDEN, HIDDEN))
