"""Issue 11, items 4 and 5 (engine half): the extra-turn flag after a 2v2 elimination, positions
that have already ended, and hostile input to the public API. Every bad value gets the
documented typed error and leaves the state exactly as it was."""

from __future__ import annotations

import copy
import pickle
import random
import subprocess
import sys
import textwrap

import pytest

from game.engine import (
    CardIdError,
    IllegalOptionError,
    InvalidOptionError,
    Kind,
    MaskedStateError,
    Option,
    SeatError,
    SetupError,
    from_position,
    new_game,
    option,
)
from game.engine.events import PlayerEliminated, TurnPassed, TurnStarted
from game.engine.options import PASS, PLAY
from tests.support.engine_helpers import db, snapshot

# --- item 4: the extra turn of an eliminated player ---------------------------------------


def _eliminated_in_extra_turn():
    """Seat 0 plays its last card, seat 1 Mindbugs it, seat 0 cannot act in its extra turn."""
    g = from_position(
        db(),
        [
            {"mindbugs": 0, "hand": ["Gorillion"]},
            {"mindbugs": 1, "hand": ["Luchataur"]},
            {"mindbugs": 0, "hand": ["Turbo Bug"]},
            {"mindbugs": 0, "hand": ["Killer Bee"]},
        ],
        rules="2v2",
    )
    events = g.respond(g.option_for("play Gorillion"))
    assert g.pending.kind == Kind.MINDBUG and g.pending.seat == 1
    events += g.respond(g.option_for("mindbug"))
    return g, events


def test_turn_after_elimination_in_an_extra_turn_is_not_an_extra_turn():
    g, events = _eliminated_in_extra_turn()
    assert PlayerEliminated(0) in events
    gone = events.index(PlayerEliminated(0))
    assert TurnPassed(0, 1) in events[gone:]
    started = [e for e in events[gone:] if isinstance(e, TurnStarted)]
    assert started == [TurnStarted(1, g.turn_no, False)]
    assert g.active == 1 and g.pending.seat == 1 and not g.extra_turn
    assert sorted(g.labels()) == ["attack Gorillion", "play Luchataur"]
    events = g.respond(g.option_for("attack Gorillion"))  # seat 2 has nothing to block with
    assert [e for e in events if isinstance(e, TurnStarted)] == [TurnStarted(2, g.turn_no, False)]


# --- item 4: a position whose game has already ended ---------------------------------------


@pytest.mark.parametrize(
    "kwargs, team",
    [
        ({"seats": [{"life": 0, "hand": ["Gorillion"]}, {"hand": ["Spider Owl"]}]}, "seat 0"),
        ({"seats": [{"hand": ["Gorillion"]}, {"life": -2, "hand": ["Spider Owl"]}]}, "seat 1"),
        ({"seats": [{"hand": ["Gorillion"]}] * 4, "rules": "2v2", "team_life": [3, 0]},
         "team 1 (seats 1 and 3)"),
        ({"seats": [{"hand": ["Gorillion"]}] * 4, "rules": "2v2", "team_life": [-1, 3]},
         "team 0 (seats 0 and 2)"),
    ],
)  # fmt: skip
def test_a_position_with_a_team_at_zero_life_is_refused_naming_the_team(kwargs, team):
    with pytest.raises(SetupError, match=r"has -?\d+ life") as err:
        from_position(db(), **kwargs)
    assert str(err.value).startswith(team)
    assert isinstance(err.value, ValueError)


@pytest.mark.parametrize(
    "kwargs",
    [
        {"seats": [{"life": "3"}, {}]},
        {"seats": [{"life": 2.5}, {}]},
        {"seats": [{"mindbugs": -1}, {}]},
        {"seats": [{"hand": "Gorillion"}, {}]},
        {"seats": [{"hand": [5]}, {}]},
        {"seats": [{"hnad": ["Gorillion"]}, {}]},
        {"seats": ["Gorillion", {}]},
        {"seats": [{}, {}], "turn": "0"},
        {"seats": [{}, {}], "team_life": [3, 3]},
        {"seats": [{}] * 4, "rules": "2v2", "team_life": [3]},
        {"seats": [{}] * 4, "rules": "2v2", "team_life": [3, None]},
    ],
)
def test_a_malformed_position_is_a_setup_error(kwargs):
    with pytest.raises(SetupError):
        from_position(db(), **kwargs)


@pytest.mark.parametrize("seed", [None, 1.5, "x", True])
def test_a_seed_that_is_not_an_int_is_refused(seed):
    # None drew the seed from the OS (a game nobody could replay); "x" broke g.rng() mid-game.
    with pytest.raises(SetupError, match="seed"):
        new_game(db(), seed)
    with pytest.raises(SetupError, match="seed"):
        from_position(db(), [{"hand": ["Gorillion"]}, {}], seed=seed)


def test_determinize_needs_a_generator():
    v = new_game(db(), 2).view(0)
    for bad in (None, 5):
        with pytest.raises(TypeError, match="random.Random"):
            v.determinize(bad)


def test_the_scenario_runner_reports_a_team_at_zero_life_as_a_fail(tmp_path):
    path = tmp_path / "dead.yaml"
    path.write_text(
        textwrap.dedent(
            """\
            name: a team at 0 life
            players:
              - {life: 0, hand: [Gorillion]}
              - {hand: [Spider Owl]}
            steps: [play Gorillion]
            """
        )
    )
    out = subprocess.run(
        [sys.executable, "-m", "game.scenarios", str(path)], capture_output=True, text=True
    )
    assert out.returncode == 1, out.stdout + out.stderr
    assert "FAIL" in out.stdout and "seat 0 has 0 life" in out.stdout
    assert "Traceback" not in out.stderr


# --- item 5: options ------------------------------------------------------------------------


@pytest.mark.parametrize(
    "args",
    [
        ("play", "3"), ("play", 3.0), ("play", None), ("play", -1), ("play", True),
        ("fly",), (None,), (["play"], 3), ("pass", 3), ("opponent",), ("opponent", None, 7),
        ("opponent", None, "1"), ("attack", 3, 1),
    ],
)  # fmt: skip
def test_malformed_options_are_invalid_option_errors(args):
    g = new_game(db(), 1)
    before = snapshot(g)
    tables = len(PLAY)
    for build in (option, Option):
        with pytest.raises(InvalidOptionError):
            g.respond(build(*args))
    assert snapshot(g) == before
    assert len(PLAY) == tables


def test_an_option_for_a_card_no_game_has_is_not_offered_and_costs_nothing():
    g = new_game(db(), 1)
    before = snapshot(g)
    tables = len(PLAY)
    huge = option("play", 10**6)  # the old code built a million options for this
    assert huge is Option("play", 10**6) and huge.card == 10**6
    assert len(PLAY) == tables
    with pytest.raises(IllegalOptionError):
        g.respond(huge)
    with pytest.raises(CardIdError):
        g.label(huge)
    assert snapshot(g) == before


def test_a_freshly_built_option_is_the_offered_one():
    g = from_position(db(), [{"hand": ["Gorillion", "Spider Owl"]}, {"hand": ["Killer Bee"]}])
    g.respond(g.option_for("play Gorillion"))
    assert g.pending.kind == Kind.MINDBUG
    fresh = Option("pass")
    assert fresh == PASS and fresh in g.pending.options
    assert Option("play", 3) == option("play", 3) and hash(Option("play", 3)) == hash(PLAY[3])
    other = g.clone()
    assert g.respond(fresh) == other.respond(PASS)
    assert snapshot(g) == snapshot(other)
    assert g.cards[g.plays[0][0]].name == "Gorillion"


def test_options_are_immutable_and_shared_safely():
    opt = new_game(db(), 3).pending.options[0]
    before = (opt.verb, opt.card, opt.seat)
    for name in ("card", "verb", "seat", "extra"):
        with pytest.raises(AttributeError):
            setattr(opt, name, 47)
        with pytest.raises(AttributeError):
            delattr(opt, name)
    assert (opt.verb, opt.card, opt.seat) == before
    with pytest.raises(AttributeError):
        PASS.verb = "mindbug"
    assert PASS.verb == "pass"
    with pytest.raises(TypeError):
        type("Sneaky", (Option,), {})
    assert pickle.loads(pickle.dumps(opt)) is opt
    assert copy.copy(opt) is opt and copy.deepcopy([opt])[0] is opt
    # The reported symptom: a new game in the same process must offer what it always did.
    fresh = new_game(db(), 3)
    assert [(o.verb, o.card) for o in fresh.pending.options][0] == before[:2]


def test_label_of_something_that_is_not_an_option():
    g = new_game(db(), 1)
    before = snapshot(g)
    for bad in (None, "pass", 3, ("play", 3)):
        with pytest.raises(InvalidOptionError):
            g.label(bad)
    assert snapshot(g) == before


# --- item 5: card ids and seats ---------------------------------------------------------------


@pytest.mark.parametrize("cid", [10**6, -1, -48, "3", 3.0, None, True, [3]])
def test_a_bad_card_id_is_a_card_id_error(cid):
    g = new_game(db(), 1)
    before = snapshot(g)
    with pytest.raises(CardIdError) as err:
        g.card(cid)
    assert isinstance(err.value, IndexError) and isinstance(err.value, ValueError)
    assert "no card" in str(err.value)
    for query in (g.power, g.keywords):
        with pytest.raises(CardIdError):
            query(cid)
    with pytest.raises(CardIdError):
        g.interchangeable(cid, 0)
    assert snapshot(g) == before


def test_power_of_a_card_not_in_play_names_it():
    g = from_position(db(), [{"hand": ["Gorillion"], "play": ["Spider Owl"]}, {}])
    gorillion = g.hands[0][0]
    with pytest.raises(CardIdError, match="Gorillion.* not a creature in play"):
        g.power(gorillion)
    with pytest.raises(CardIdError):
        g.keywords(gorillion)
    owl = g.plays[0][0]
    assert g.power(owl) == g.card(owl).power and g.card(gorillion).name == "Gorillion"


@pytest.mark.parametrize("rules, seat", [("1v1", 5), ("1v1", 2), ("1v1", -1), ("2v2", 4),
                                         ("1v1", "0"), ("1v1", 0.0), ("1v1", None)])  # fmt: skip
def test_a_view_for_a_seat_that_does_not_exist_is_a_seat_error(rules, seat):
    g = new_game(db(), 1, rules)
    before = snapshot(g)
    with pytest.raises(SeatError):
        g.view(seat)
    assert snapshot(g) == before
    assert g.view(g.n_seats - 1).seat == g.n_seats - 1


# --- item 5: a view's state is read-only ---------------------------------------------------


def test_respond_on_a_views_state_is_refused():
    g = new_game(db(), 4)
    seat = g.pending.seat
    v = g.view(seat)
    before, masked = snapshot(g), snapshot(v.state)
    opt = v.state.pending.options[0]
    for state in (v.state, v.state.clone(), v.state.clone().clone()):
        with pytest.raises(MaskedStateError):
            state.respond(opt)
    assert isinstance(MaskedStateError("x"), IllegalOptionError)
    assert snapshot(g) == before and snapshot(v.state) == masked
    # The game itself goes on; so does a determinized world (what the AI searches).
    world = v.determinize(random.Random(1))
    world.respond(opt)
    world.clone().respond(world.pending.options[0])
    g.respond(opt)
    assert g.view(g.pending.seat).state.hands[g.pending.seat] == g.hands[g.pending.seat]


def test_a_pickled_view_stays_masked():
    g = new_game(db(), 5)
    v = pickle.loads(pickle.dumps(g.view(g.pending.seat)))
    with pytest.raises(MaskedStateError):
        v.state.respond(v.state.pending.options[0])
    v.determinize(random.Random(0)).respond(v.state.pending.options[0])
