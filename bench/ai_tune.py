"""Tune the evaluation's weights by self-play with a (1+1) evolution strategy.

    python bench/ai_tune.py --level medium --generations 40 --games 100 --jobs 2 --seed 13 \
        --out /tmp/tuned-medium.json

Each generation perturbs the incumbent weights with Gaussian noise (a step size per weight,
scaled by ``sigma``) and plays the candidate against the incumbent through ``game.sim``'s
parallel runner (``game.sim.run``; both are level variants, ``medium:hand_base=0.61,...``),
seats alternated, the games' seeds derived from the run seed and the generation, so a run
replays exactly (the rule bot has no time cap; a search level would need ``time_limit=none``).
``sigma`` follows the 1/5th success rule (Rechenberg): widened after a success, narrowed after
a failure, so about a fifth of candidates succeed.

**Noise.** A win rate over tens of games is mostly noise: a candidate kept on a 21-19 win is a
coin flip. So a candidate is kept only if it beats the incumbent by ``--z`` standard errors of a
fair coin over ``--games`` games, *and* again over those games plus as many fresh ones (other
deals). With z = 1 and 100 games: more than 55 of 100 first, then more than 53.5% of 200. An equal
candidate passes both about one time in fourteen (7%), one 5 points better two times in five
(41%), one 5 points worse almost never (0.3%).

Why a (1+1)-ES and not CMA-ES: a dozen weights, a noisy fitness (a win rate over a hundred
games), and a budget of a few dozen evaluations on a shared 2-core machine: the (1+1)-ES needs
one match per step and no covariance estimate, which this budget could not fill; and no
dependency beyond the standard library (CMA-ES would need the ``cma`` package).

The output (``--out``, rewritten after every generation so a stopped run keeps its incumbent)
has the tuned weights in ``Weights.updated``'s format; the game loads them from
data/ai-weights.json (docs/ai.md has the run that made them).
"""

from __future__ import annotations

import argparse
import json
import math
import os
import random
import sys
from pathlib import Path
from typing import Any

os.environ["MINDBUG_LOOPBACK_ONLY"] = "1"  # nothing a bench runs leaves this machine

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from game.ai import Weights  # noqa: E402
from game.ai.batch import run  # noqa: E402

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
#: Weights a level's play does not depend on, left out of its tuning: the rule bot sums raw
#: scores (no logistic, so no ``scale``); the search never calls ``threat_value``.
UNUSED = {"medium": {"scale"}, "hard": {"mindbug_steal"}}


def to_vector(w: Weights, level: str | None = None) -> dict[str, float]:
    skip = UNUSED.get(level or "", set())
    vec = {name: float(getattr(w, name)) for name in STEPS if name not in skip}
    for k, v in w.keyword.items():
        vec[f"keyword.{k}"] = float(v)
    return vec


def to_weights(vec: dict[str, float]) -> Weights:
    return Weights().updated(clamp(vec))


def clamp(vec: dict[str, float]) -> dict[str, float]:
    """The vector ``to_weights`` would use, rounded so that its spec string is exact."""
    out = {}
    for name, value in vec.items():
        low = 0.0 if name.startswith("keyword.") else 0.01
        out[name] = round(max(low, value), 4)
    return out


def spec(level: str, vec: dict[str, float]) -> str:
    """The level with these weights as a ``game.sim`` variant (``levels._variant``)."""
    return level + ":" + ",".join(f"{name}={value!r}" for name, value in vec.items())


def match(level: str, cand: dict, inc: dict, games: int, seed: int, jobs: int,
          cluster: Any = None) -> tuple[int, int]:
    """Candidate vs incumbent over ``games`` games (seats alternated) through game.sim's runner:
    (candidate's wins, incumbent's wins)."""
    summary = run(games, seed, "1v1", spec(level, cand), spec(level, inc), jobs, cluster)
    errors = summary["errors"]
    if errors:
        raise RuntimeError(f"{len(errors)} games failed, first: {errors[0]}")
    return summary["agents"]["p1"]["wins"], summary["agents"]["p2"]["wins"]


def clears(wins: int, losses: int, games: int, z: float) -> bool:
    """Whether a score (draws count half) is above 1/2 by ``z`` standard errors of a fair
    coin over ``games`` games."""
    score = (wins + (games - wins - losses) / 2) / games
    return score > 0.5 + z * 0.5 / math.sqrt(games)


def tune(
    level: str,
    generations: int,
    games: int,
    seed: int,
    jobs: int = 1,
    sigma: float = 1.0,
    z: float = 1.0,
    out: Path | None = None,
    cluster: Any = None,
) -> dict[str, Any]:
    """Run the (1+1)-ES; ``out`` (if given) is rewritten after every generation, so a run
    stopped early keeps its incumbent."""
    rng = random.Random(seed)
    incumbent = clamp(to_vector(Weights(), level))
    history = []
    result: dict[str, Any] = {}
    for gen in range(generations):
        candidate = {}
        for name, value in incumbent.items():
            step = KEYWORD_STEP if name.startswith("keyword.") else STEPS[name]
            candidate[name] = value + sigma * step * rng.gauss(0.0, 1.0)
        candidate = clamp(candidate)
        # Two stages against the noise of a win rate: a candidate must beat the incumbent by
        # z standard errors over ``games`` games, then again over those games plus as many
        # fresh ones (different deals), so a lucky first batch is not enough to be kept.
        run_seed = seed * 100003 + 2 * gen
        wins, losses = match(level, candidate, incumbent, games, run_seed, jobs, cluster)
        record = {"generation": gen, "sigma": round(sigma, 4), "wins": wins, "losses": losses}
        success = clears(wins, losses, games, z)
        if success:
            w2, l2 = match(level, candidate, incumbent, games, run_seed + 1, jobs, cluster)
            record.update(confirm_wins=w2, confirm_losses=l2)
            success = clears(wins + w2, losses + l2, 2 * games, z)
        record["kept"] = success
        record["candidate"] = candidate
        if success:
            incumbent = candidate
        # 1/5th rule: with p = 1/5 successes the step size stays put on average.
        sigma *= 1.5 if success else 1.5**-0.25
        history.append(record)
        confirm = f" then {record['confirm_wins']}-{record['confirm_losses']}" if (
            "confirm_wins" in record) else ""
        print(f"generation {gen}: candidate {wins}-{losses}{confirm}, kept {success}, "
              f"sigma {sigma:.3f}", flush=True)
        result = {
            "level": level, "seed": seed, "games": games, "z": z,
            "command": " ".join(["python", "bench/ai_tune.py", *sys.argv[1:]]),
            "weights": incumbent, "spec": spec(level, incumbent), "history": history,
        }
        if out is not None:
            out.write_text(json.dumps(result, indent=1) + "\n", encoding="utf-8")
    return result


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--level", choices=("medium", "hard"), default="medium")
    parser.add_argument("--generations", type=int, default=40)
    parser.add_argument("--games", type=int, default=200, help="games per generation")
    parser.add_argument("--seed", type=int, default=13)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--sigma", type=float, default=1.0)
    parser.add_argument("--z", type=float, default=1.0,
                        help="standard errors a candidate must win by, in both stages")
    parser.add_argument("--out", type=Path, help="write the result as JSON here (each generation)")
    parser.add_argument("--cluster", metavar="ADDRESS", help="play on a Ray cluster (ADDRESS, "
                        "auto or local; see game.ai.cluster) instead of --jobs processes")
    args = parser.parse_args(argv)
    if args.generations < 1 or args.games < 2 or args.jobs < 1:
        parser.error("--generations >= 1, --games >= 2 and --jobs >= 1, please")
    from game.ai.cluster import from_arguments

    with from_arguments(parser, args.cluster) as cluster:
        result = tune(args.level, args.generations, args.games, args.seed, args.jobs,
                      args.sigma, args.z, args.out, cluster)
    if not args.out:
        print(json.dumps(result, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
