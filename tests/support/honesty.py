"""The honesty check's parts (tests/ai/test_ai_honesty.py, and bench/ai_honesty.py's long run):
positions from seeded random games, every level with a small budget, and the comparison of a
decision on the true state with one on a variant whose hidden cards were permuted."""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Callable

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
from tests.support.hidden_cards import permuted_variant

AGENT_SEED = 1234


def small(config, iterations: int):
    """A level's search config with a small budget and no time cap (fast, replayable)."""
    return dataclasses.replace(config, iterations=iterations, time_limit=None)


def agent_factories() -> dict[str, Callable[[], object]]:
    # Small search budgets keep the check fast; every other setting (early stop, proven wins and
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


def check_positions(rules: str, count: int, seed: int,
                    factories: dict[str, Callable[[], object]] | None = None) -> int:
    """Every agent decides alike on each position and its variant (else AssertionError); how
    many variants really moved hidden cards."""
    factories = agent_factories() if factories is None else factories
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
    return changed_worlds
