"""Behaviour of the agents' building blocks: evaluation, option keys, the search, tactics."""

from __future__ import annotations

import pytest

from game.ai import Evaluator, ISMCTSAgent, SearchConfig, make_agent
from game.ai.evaluate import life_value
from game.ai.keys import KeyMaker
from game.cards import load_cards
from game.engine import from_position

DB = load_cards()


def position(seats: list[dict], turn: int = 0, steps: tuple[str, ...] = ()):
    g = from_position(DB, seats, turn=turn, seed=3)
    for label in steps:
        g.respond(g.option_for(label))
    return g


def decide(level: str, g, seed: int = 1) -> str:
    agent = make_agent(level, seed)
    if level in ("hard", "expert"):
        agent.cfg.iterations = 400  # small budgets keep the test quick; no time cap
        agent.cfg.time_limit = None
    d = g.pending
    return g.label(agent.act(g.view(d.seat), d))


def test_life_is_worth_more_when_low() -> None:
    steps = [life_value(n + 1) - life_value(n) for n in range(8)]
    assert all(a >= b for a, b in zip(steps, steps[1:]))
    assert life_value(12) > life_value(11)


def test_evaluation_prefers_more_board_and_life() -> None:
    ev = Evaluator()
    base = [{"hand": ["Spider Owl"], "deck": ["Killer Bee"] * 2}, {"hand": ["Gorillion"]}]
    even = position(base)
    richer = position([{**base[0], "play": ["Luchataur"]}, base[1]])
    hurt = position([base[0], {**base[1], "life": 1}])
    assert ev.score(richer, 0) > ev.score(even, 0)
    assert ev.score(hurt, 0) > ev.score(even, 0)
    r0, r1 = ev.rewards(richer)
    assert r0 > 0.5 and abs(r0 + r1 - 1.0) < 1e-9


def test_keys_merge_copies_and_split_states() -> None:
    g = position(
        [
            {
                "hand": ["Killer Bee", "Killer Bee"],
                "play": ["Rhino Turtle", ("Rhino Turtle", True)],
            },
            {"hand": ["Gorillion"]},
        ]
    )
    km = KeyMaker()
    keys = [km.key(g, o) for o in g.pending.options]
    plays = [k for k in keys if k[0] == "play"]
    attacks = [k for k in keys if k[0] == "attack"]
    assert len(set(plays)) == 1  # two Killer Bees in one hand: one choice
    assert len(set(attacks)) == 2  # a ready and an exhausted Rhino Turtle: two choices


@pytest.mark.parametrize("level", ["medium", "hard"])
def test_blocks_when_the_hit_would_be_lethal(level: str) -> None:
    g = position(
        [
            {"hand": ["Spider Owl"], "play": ["Luchataur"]},
            {"life": 1, "hand": ["Plated Scorpion"], "play": ["Gorillion"]},
        ],
        steps=("attack Luchataur",),
    )
    assert g.pending.seat == 1
    assert decide(level, g) == "block Gorillion"


@pytest.mark.parametrize("level", ["medium", "hard"])
def test_mindbugs_a_card_that_would_finish_it(level: str) -> None:
    # Killer Bee's Play effect costs the opponent a life: at 1 life, passing loses the game.
    g = position(
        [
            {"hand": ["Killer Bee", "Spider Owl"], "deck": ["Gorillion"] * 2},
            {"life": 1, "hand": ["Plated Scorpion"], "deck": ["Luchataur"] * 2},
        ],
        steps=("play Killer Bee",),
    )
    assert g.pending.seat == 1
    assert decide(level, g) == "mindbug"


@pytest.mark.parametrize("level", ["medium", "hard"])
def test_takes_the_winning_attack(level: str) -> None:
    g = position(
        [
            {"hand": ["Spider Owl", "Plated Scorpion"], "play": ["Chameleon Sniper"]},
            {"life": 1, "hand": ["Gorillion"], "play": ["Luchataur"]},
        ]
    )
    assert decide(level, g) == "attack Chameleon Sniper"


def test_search_modes_and_budget() -> None:
    g = position(
        [
            {
                "hand": ["Spider Owl", "Killer Bee"],
                "deck": ["Gorillion"] * 3,
                "play": ["Luchataur"],
            },
            {"hand": ["Tiger Squirrel", "Rhino Turtle"], "deck": ["Shark Dog"] * 3},
        ]
    )
    d = g.pending
    for resample in (True, False):
        agent = ISMCTSAgent(2, SearchConfig(iterations=150, resample=resample))
        result = agent.search(g.view(0), d, agent.rng)
        assert result.iterations == 150
        assert result.option in d.options
        assert sum(v for v, _ in result.stats.values()) == 150


def _tough_attack(life: int, blocker: str = "Spider Owl"):
    """Shield Bugs (4, Tough) attacks; seat 1 may block with a weaker Poisonous creature, which
    would only exhaust the attacker and die."""
    return position(
        [
            {"hand": ["Killer Bee"], "play": ["Shield Bugs", "Plated Scorpion"], "deck": ["Gorillion"] * 3},
            {"life": life, "hand": ["Luchataur", "Kangasaurus Rex"], "play": [blocker],
             "deck": ["Killer Bee"] * 3},
        ],
        steps=("attack Shield Bugs",),
    )


@pytest.mark.parametrize("level", ["hard", "expert"])
@pytest.mark.parametrize("blocker", ["Spider Owl", "Snail Thrower"])
def test_never_throws_a_creature_away_on_a_tough_attacker(level: str, blocker: str) -> None:
    g = _tough_attack(3, blocker)
    assert g.pending.seat == 1 and f"block {blocker}" in [g.label(o) for o in g.pending.options]
    for seed in (1, 2):
        assert decide(level, g, seed) == "no block"


@pytest.mark.parametrize("level", ["hard", "expert"])
def test_still_blocks_when_the_point_would_end_the_game(level: str) -> None:
    g = _tough_attack(1)
    assert decide(level, g) == "block Spider Owl"


def test_which_blocks_count_as_futile() -> None:
    import random

    from game.ai.futile import futile_blocks

    g = position(
        [
            {"hand": ["Spider Owl"], "play": ["Grave Robber"], "deck": ["Gorillion"] * 3},
            {"life": 3, "hand": ["Luchataur"], "play": ["Axolotl Healer", "Gorillion", "Explosive Toad"],
             "deck": ["Killer Bee"] * 3},
        ],
        steps=("attack Grave Robber",),
    )
    d = g.pending
    futile = {g.label(o) for o in futile_blocks(g.view(1), d, random.Random(0))}
    # Gorillion (10) survives and exhausts Grave Robber (7, Tough); Explosive Toad's Defeated
    # ability pays for its loss; Axolotl Healer (4, Poisonous) dies and only exhausts it.
    assert futile == {"block Axolotl Healer"}
    low = position(
        [
            {"hand": ["Spider Owl"], "play": ["Grave Robber"], "deck": ["Gorillion"] * 3},
            {"life": 1, "hand": ["Luchataur"], "play": ["Axolotl Healer"], "deck": ["Killer Bee"] * 3},
        ],
        steps=("attack Grave Robber",),
    )
    assert futile_blocks(low.view(1), low.pending, random.Random(0)) == set()
