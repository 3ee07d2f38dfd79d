"""Seeded random games, 1v1 and 2v2, with the invariants checked after every step."""

from __future__ import annotations

import random

import pytest

from game.engine import new_game
from tests.support.engine_helpers import check_invariants, db, random_game

# Every branch of game/ that 1500 and 600 games reach (coverage.py --branch); the long run is
# bench/engine_fuzz.py.
GAMES_1V1 = 400
GAMES_2V2 = 150


@pytest.mark.parametrize("block", range(10))
def test_random_1v1_games_keep_invariants_and_end(block):
    for seed in range(block, GAMES_1V1, 10):
        g, _, _ = random_game(seed, "1v1")
        assert g.winner in (0, 1)


@pytest.mark.parametrize("block", range(6))
def test_random_2v2_games_keep_invariants_and_end(block):
    for seed in range(block, GAMES_2V2, 6):
        g, _, _ = random_game(seed, "2v2")
        assert g.winner in (0, 1)


@pytest.mark.parametrize("rules", ["1v1", "2v2"])
def test_same_seed_and_choices_give_the_same_event_log(rules):
    for seed in range(60):
        _, first, _ = random_game(seed, rules, check=False)
        _, second, _ = random_game(seed, rules, check=False)
        assert first == second


def test_different_seeds_deal_differently():
    hands = {tuple(new_game(db(), seed).hands[0]) for seed in range(20)}
    assert len(hands) == 20


@pytest.mark.parametrize("rules", ["1v1", "2v2"])
def test_every_offered_option_is_accepted(rules):
    """At every decision of some games, each option works on a clone of the state."""
    for seed in range(40):
        g = new_game(db(), seed, rules)
        rng = random.Random(seed)
        while g.winner is None:
            for option in g.pending.options:
                trial = g.clone()
                trial.respond(option)
                check_invariants(trial)
            options = g.pending.options
            g.respond(options[rng.randrange(len(options))])


def test_games_without_events_match_games_with_events():
    for seed in range(50):
        loud, _, steps = random_game(seed, check=False)
        g = new_game(db(), seed)
        g.record_events = False
        rng = random.Random(seed * 7 + 1)
        while g.winner is None:
            options = g.pending.options
            assert g.respond(options[rng.randrange(len(options))]) == []
        assert (g.winner, g.turn_no, g.life) == (loud.winner, loud.turn_no, loud.life)
