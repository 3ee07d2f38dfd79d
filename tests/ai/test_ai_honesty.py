"""Honesty: an agent's decision depends only on what its seat can see.

From seeded random games we take positions, then build variants of the TRUE state in which the
cards the deciding seat cannot see (other seats' unknown hand cards, every draw pile, the
out-of-game cards) are permuted among their hidden places, which also swaps them with other
unseen cards. With a fixed agent seed each non-random agent must decide the same on the
original's view and on every variant's view.
"""

from __future__ import annotations

import dataclasses
import random

import pytest

from game.ai import ISMCTSAgent, RuleBot
from game.ai.levels import (
    easy_config,
    expert_config,
    hard_config,
    hard_v1_config,
    medium_config,
    medium_v1_config,
)
from game.cards import load_cards
from game.engine import new_game
from tests.support.hidden_cards import (
    hidden_places,  # noqa: F401
    permuted_variant,  # noqa: F401
)

POSITIONS_1V1 = 160
POSITIONS_2V2 = 50
AGENT_SEED = 1234


def small(config, iterations: int):
    """A level's search config with a small budget and no time cap (fast, replayable)."""
    return dataclasses.replace(config, iterations=iterations, time_limit=None)


def agent_factories() -> dict:
    # Small search budgets keep the test fast; every other setting (early stop, proven wins and
    # losses, discards by look-ahead, weights) is the level's own.
    return {
        "easy": lambda: RuleBot(AGENT_SEED, easy_config(), name="easy"),
        "medium": lambda: RuleBot(AGENT_SEED, medium_config(), name="medium"),
        "medium-v1": lambda: RuleBot(AGENT_SEED, medium_v1_config(), name="medium-v1"),
        "hard": lambda: ISMCTSAgent(AGENT_SEED, small(hard_config(), 40), name="hard"),
        "hard-v1": lambda: ISMCTSAgent(AGENT_SEED, small(hard_v1_config(), 40), name="hard-v1"),
        "expert": lambda: ISMCTSAgent(
            AGENT_SEED, dataclasses.replace(small(expert_config(), 60), rollout_steps=3), "expert"
        ),
    }






def sample_positions(rules: str, count: int, seed: int) -> list:
    """Positions (true states with a pending decision of more than one option) from random games."""
    db = load_cards()
    rng = random.Random(seed)
    positions = []
    game_no = 0
    while len(positions) < count:
        g = new_game(db, seed=seed * 1000 + game_no, rules=rules)
        game_no += 1
        while g.winner is None and len(positions) < count:
            d = g.pending
            if len(d.options) > 1 and rng.random() < 0.3:
                positions.append(g.clone())
            g.respond(d.options[rng.randrange(len(d.options))])
    return positions


def decide(agent, g) -> str:
    d = g.pending
    option = agent.act(g.view(d.seat), d)
    assert option in d.options
    return g.label(option)


@pytest.mark.parametrize(
    ("rules", "count", "seed"), [("1v1", POSITIONS_1V1, 11), ("2v2", POSITIONS_2V2, 12)]
)
def test_decisions_ignore_hidden_cards(rules: str, count: int, seed: int) -> None:
    factories = agent_factories()
    rng = random.Random(seed)
    changed_worlds = 0
    for g in sample_positions(rules, count, seed):
        seat = g.pending.seat
        variant, changed = permuted_variant(g, seat, rng)
        changed_worlds += changed
        for name, make in factories.items():
            original = decide(make(), g)
            other = decide(make(), variant)
            assert original == other, (
                f"{name} decided {original!r} but {other!r} once the hidden cards of seat "
                f"{seat} were permuted (turn {g.turn_no}, {rules})"
            )
    # The test is only meaningful if the variants really moved hidden cards around.
    assert changed_worlds >= count * 0.9


@pytest.mark.quick  # the file's test in the quick tier (its first plays whole games)
def test_variants_look_the_same_to_the_seat() -> None:
    rng = random.Random(5)
    for g in sample_positions("1v1", 20, 21):
        seat = g.pending.seat
        variant, changed = permuted_variant(g, seat, rng)
        assert changed
        a, b = g.view(seat), variant.view(seat)
        assert a.unseen == b.unseen
        for zone in ("hands", "decks", "discards", "plays"):
            assert getattr(a.state, zone) == getattr(b.state, zone)
        assert a.state.out == b.state.out


def test_the_check_catches_a_peeking_agent() -> None:
    # The comparison has teeth: a "player" that peeks at the true state's draw piles and
    # hands (here: picks by the top cards of the piles) is caught by the same variants.
    def peeking_choice(g) -> str:
        d = g.pending
        peek = sum(deck[-1] for deck in g.decks if deck) + sum(sum(h) for h in g.hands)
        return g.label(d.options[peek % len(d.options)])

    rng = random.Random(8)
    caught = 0
    for g in sample_positions("1v1", 40, 31):
        variant, _ = permuted_variant(g, g.pending.seat, rng)
        caught += peeking_choice(g) != peeking_choice(variant)
    assert caught >= 5
