"""Tune the evaluation's weights by self-play with a (1+1) evolution strategy.

    python bench/ai_tune.py --level medium --generations 40 --games 40 --jobs 2 --seed 13 \
        --out bench/tuned-medium.json

Each generation perturbs the incumbent weights with Gaussian noise (a step size per weight,
scaled by ``sigma``), plays ``--games`` games of the candidate against the incumbent with seats
alternated and the games' seeds derived from the run seed and the generation (so a run replays
exactly, apart from search time caps on a loaded machine), and keeps the candidate if it wins
more than half of the decided games. ``sigma`` follows the 1/5th success rule (Rechenberg):
widened after a success, narrowed after a failure, so about a fifth of candidates succeed.
No dependency beyond the standard library (CMA-ES would need the ``cma`` package).

Why a (1+1)-ES and not CMA-ES: a dozen weights, a noisy fitness (a win rate over tens of
games), and a budget of at most a few hundred evaluations: the (1+1)-ES needs one evaluation
per step and no covariance estimate, which this budget could not fill.

The tuned weights are written as JSON (``Weights`` field or ``keyword.NAME`` -> value); a level
would load them with ``to_weights``. Nothing in this repository has been tuned yet (docs/ai.md).
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import multiprocessing
import random
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from game.ai import ISMCTSAgent, RuleBot, Weights  # noqa: E402
from game.ai.levels import hard_config, medium_config  # noqa: E402
from game.sim import game_seeds  # noqa: E402

#: The tuned weights and the step size of each (about a fifth of its default value).
STEPS = {
    "creature_base": 0.5,
    "hand_base": 0.2,
    "hand_fraction": 0.08,
    "hand_mindbug_discount": 0.08,
    "deck_card": 0.3,
    "mindbug": 2.0,
    "mindbug_steal": 0.25,
    "scale": 2.0,
}
KEYWORD_STEP = 0.5


def to_vector(w: Weights) -> dict[str, float]:
    vec = {name: float(getattr(w, name)) for name in STEPS}
    for k, v in w.keyword.items():
        vec[f"keyword.{k}"] = float(v)
    return vec


def to_weights(vec: dict[str, float]) -> Weights:
    w = Weights()
    keyword = dict(w.keyword)
    for name, value in vec.items():
        if name.startswith("keyword."):
            keyword[name.split(".", 1)[1]] = max(0.0, value)
        else:
            setattr(w, name, max(0.01, value))  # every tuned weight is positive
    w.keyword = keyword
    return w


def make(level: str, weights: Weights, seed: int) -> Any:
    if level == "medium":
        return RuleBot(seed, dataclasses.replace(medium_config(), weights=weights))
    if level == "hard":
        return ISMCTSAgent(seed, dataclasses.replace(hard_config(), weights=weights))
    raise ValueError(f"can tune 'medium' or 'hard', not {level!r}")


def play(args: tuple) -> int:
    """One game, candidate vs incumbent: +1 candidate won, -1 lost, 0 no winner."""
    from game.cards import load_cards
    from game.engine import new_game

    level, cand, inc, seed, index = args
    game_seed, s1, s2 = game_seeds(seed, index)
    g = new_game(load_cards(), seed=game_seed)
    g.record_events = False
    cand_seat = index % 2  # seats alternated
    agents = {
        cand_seat: make(level, to_weights(cand), s1),
        1 - cand_seat: make(level, to_weights(inc), s2),
    }
    steps = 0
    while g.winner is None and steps < 5000:
        d = g.pending
        g.respond(agents[d.seat].act(g.view(d.seat), d), serial=d.serial)
        steps += 1
    if g.winner is None:
        return 0
    return 1 if g.winner == cand_seat else -1


def tune(
    level: str, generations: int, games: int, seed: int, jobs: int = 1, sigma: float = 1.0
) -> dict[str, Any]:
    rng = random.Random(seed)
    incumbent = to_vector(Weights())
    history = []
    pool = multiprocessing.get_context("spawn").Pool(jobs) if jobs > 1 else None
    try:
        for gen in range(generations):
            candidate = {}
            for name, value in incumbent.items():
                step = KEYWORD_STEP if name.startswith("keyword.") else STEPS[name]
                candidate[name] = value + sigma * step * rng.gauss(0.0, 1.0)
            tasks = [(level, candidate, incumbent, seed * 100003 + gen, i) for i in range(games)]
            results = pool.map(play, tasks) if pool else [play(t) for t in tasks]
            wins = sum(r > 0 for r in results)
            losses = sum(r < 0 for r in results)
            success = wins > losses
            if success:
                incumbent = candidate
            # 1/5th rule: with p = 1/5 successes the step size stays put on average.
            sigma *= 1.5 if success else 1.5**-0.25
            history.append({"generation": gen, "wins": wins, "losses": losses, "kept": success})
            print(f"generation {gen}: candidate {wins}-{losses}, kept {success}, sigma {sigma:.3f}")
    finally:
        if pool is not None:
            pool.close()
    return {"level": level, "seed": seed, "games": games, "weights": incumbent, "history": history}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--level", choices=("medium", "hard"), default="medium")
    parser.add_argument("--generations", type=int, default=40)
    parser.add_argument("--games", type=int, default=40, help="games per generation")
    parser.add_argument("--seed", type=int, default=13)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--sigma", type=float, default=1.0)
    parser.add_argument("--out", type=Path, help="write the result as JSON here")
    args = parser.parse_args(argv)
    if args.generations < 1 or args.games < 2 or args.jobs < 1:
        parser.error("--generations >= 1, --games >= 2 and --jobs >= 1, please")
    result = tune(args.level, args.generations, args.games, args.seed, args.jobs, args.sigma)
    text = json.dumps(result, indent=2)
    if args.out:
        args.out.write_text(text + "\n", encoding="utf-8")
    else:
        print(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
