"""AI benchmark: search speed, decision times per level, and (optionally) win rates.

    python bench/ai.py                       # iterations/s, decision times per level
    python bench/ai.py --games 400 --jobs 2  # + win rates of the level pairs (seats alternated)
    python bench/ai.py --resampling 200      # + per-iteration resampling vs one sampled world
    python bench/ai.py --depth               # + tree depth of each search mode (the why)
    python bench/ai.py --forced              # + time and iterations on forced decisions
    python bench/ai.py --speed-only          # iterations/s only (no decision times)
    python bench/ai.py --fingerprint F.json  # the searches' choices and seeded games, to compare

Speed and decision times are measured on mid-game positions taken from seeded random games,
one decision per position, in this process (one core). Win rates use ``game.sim``.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import os
import random
import statistics
import sys
import time
from pathlib import Path

os.environ["MINDBUG_LOOPBACK_ONLY"] = "1"  # nothing a bench runs leaves this machine

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from game.ai import ISMCTSAgent, make_agent  # noqa: E402
from game.ai.batch import percentile, play_game, run  # noqa: E402
from game.ai.levels import hard_config  # noqa: E402
from game.cards import load_cards  # noqa: E402
from game.engine import from_position, new_game  # noqa: E402

PAIRS = (("hard", "medium"), ("medium", "easy"), ("easy", "random"), ("expert", "hard"))
TARGETS = {
    ("hard", "medium"): 0.75,
    ("medium", "easy"): 0.60,
    ("easy", "random"): 0.80,
    ("expert", "hard"): 0.55,
}


def positions(count: int, seed: int, rules: str = "1v1") -> list:
    """Mid-game states with a real choice pending, from seeded random games."""
    db = load_cards()
    rng = random.Random(seed)
    out = []
    game_no = 0
    while len(out) < count:
        g = new_game(db, seed=seed * 7919 + game_no, rules=rules)
        game_no += 1
        steps = 0
        target = rng.randrange(4, 30)
        while g.winner is None:
            d = g.pending
            if steps >= target and len(d.options) > 1:
                out.append(g)
                break
            g.respond(d.options[rng.randrange(len(d.options))])
            steps += 1
    return out


def hard_search(seed: int = 1, name: str = "hard", **changes) -> ISMCTSAgent:
    """Hard's search with some config fields changed and no time cap, so a benchmark's
    searches replay exactly from their seeds whatever else the machine is doing."""
    return ISMCTSAgent(seed, dataclasses.replace(hard_config(), time_limit=None, **changes), name)


def iterations_per_second(states: list, iterations: int) -> tuple[float, float]:
    """Hard's search iterations per second, wall-clock and per CPU-second of this process (a
    loaded machine disturbs the second less)."""
    agent = hard_search(iterations=iterations)
    total = 0
    start = time.perf_counter()
    cpu = time.process_time()
    for g in states:
        d = g.pending
        total += agent.search(g.view(d.seat), d, agent.rng).iterations
    return total / (time.perf_counter() - start), total / (time.process_time() - cpu)


def tree_depths(states: list) -> dict[str, float]:
    """Mean edges walked per iteration at Hard's budget: how deep each search mode grows."""
    modes = {
        "resample + widening (hard)": {},
        "resample, expand-first": {"widening": None},
        "one sampled world": {"resample": False},
    }
    out = {}
    for label, change in modes.items():
        agent = hard_search(**change)
        depth = 0.0
        for g in states:
            d = g.pending
            depth += agent.search(g.view(d.seat), d, agent.rng).mean_depth
        out[label] = depth / len(states)
    return out


def forced_positions() -> dict[str, object]:
    """Decisions where every option but one loses at once (issue 13, finding 3)."""
    db = load_cards()
    block = from_position(
        db,
        [
            {"hand": ["Spider Owl"], "play": ["Luchataur"]},
            {"life": 1, "hand": ["Plated Scorpion"], "play": ["Gorillion"]},
        ],
        seed=3,
    )
    block.respond(block.option_for("attack Luchataur"))
    mindbug = from_position(
        db,
        [
            {"hand": ["Killer Bee", "Spider Owl"], "deck": ["Gorillion"] * 2},
            {"life": 1, "hand": ["Plated Scorpion"], "deck": ["Luchataur"] * 2},
        ],
        seed=3,
    )
    mindbug.respond(mindbug.option_for("play Killer Bee"))
    return {"block or lose": block, "Mindbug or lose": mindbug}


def forced_report(levels: list[str], states: list) -> None:
    """Time per forced decision, and the share of the budget the early stop leaves unused on
    ordinary positions."""
    for label, g in forced_positions().items():
        for level in levels:
            agent = make_agent(level, 5)
            d = g.pending
            t0 = time.perf_counter()
            agent.act(g.view(d.seat), d)
            iters = getattr(agent, "last_iterations", None)
            extra = "" if iters is None else f", {iters} iterations"
            print(f"forced ({label}) {level}: {time.perf_counter() - t0:.3f} s{extra}")
    for level in levels:
        agent = make_agent(level, 5)
        if not isinstance(agent, ISMCTSAgent):
            continue
        agent.cfg.time_limit = None
        used = []
        for g in states:
            d = g.pending
            agent.act(g.view(d.seat), d)
            used.append(agent.last_iterations / agent.cfg.iterations)
        print(
            f"{level}: {statistics.fmean(used):.0%} of the budget used on average over "
            f"{len(states)} positions, {sum(u < 1 for u in used)} stopped early"
        )


def decision_times(states: list, level: str) -> list[float]:
    agent = make_agent(level, 5)
    times = []
    for g in states:
        d = g.pending
        view = g.view(d.seat)
        t0 = time.perf_counter()
        agent.act(view, d)
        times.append(time.perf_counter() - t0)
    return times


#: Seeded games of the fingerprint: (rules, p1, p2, games). Small budgets and no time cap, so
#: they replay exactly and take under a minute; Hard's early stop, proven wins and look-ahead
#: discards all play a part.
FINGERPRINT_GAMES = (
    ("1v1", "hard:time_limit=none,iterations=300", "hard-v1:time_limit=none,iterations=300", 8),
    ("1v1", "hard:time_limit=none,iterations=300", "medium", 4),
    ("2v2", "hard:time_limit=none,iterations=200", "hard-v1:time_limit=none,iterations=200", 2),
)


def fingerprint(count: int, seed: int) -> dict:
    """What a speed change must not change: for seeded 1v1 and 2v2 positions, Hard's search
    (every root option's visits and summed reward, exactly) and its choice; and the winner and
    turn count of seeded games between search agents. Two trees give equal fingerprints only
    if their searches drew the same random numbers and scored every leaf alike."""
    out: dict = {"searches": [], "games": []}
    for rules, n in (("1v1", count), ("2v2", max(1, count // 3))):
        agent = hard_search(seed, iterations=400)
        for g in positions(n, seed, rules):
            d = g.pending
            result = agent.search(g.view(d.seat), d, agent.rng)
            out["searches"].append({
                "rules": rules,
                "choice": repr(result.option),
                "iterations": result.iterations,
                "stats": sorted(
                    [repr(k), v, repr(m)] for k, (v, m) in result.stats.items()
                ),
            })  # fmt: skip
    for rules, p1, p2, games in FINGERPRINT_GAMES:
        for i in range(games):
            r = play_game(i, seed, rules, p1, p2, timed=False)
            out["games"].append([rules, p1, p2, i, r.winner, r.turns, r.error])
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--positions", type=int, default=40, help="positions for timing")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--games", type=int, default=0, help="games per level pair (0: skip)")
    parser.add_argument("--pairs", default="all", help="comma list like hard-medium,easy-random")
    parser.add_argument(
        "--resampling", type=int, default=0, help="games of hard vs hard-single (0: skip)"
    )
    parser.add_argument("--jobs", type=int, default=1, help="processes for the games")
    parser.add_argument("--levels", default="easy,medium,hard,expert")
    parser.add_argument(
        "--depth", action="store_true", help="also print how deep each search mode grows"
    )
    parser.add_argument(
        "--forced", action="store_true", help="also time forced decisions and the early stop"
    )
    parser.add_argument(
        "--speed-only", action="store_true", help="print the search speed only"
    )
    parser.add_argument(
        "--fingerprint", metavar="FILE",
        help="write the seeded searches' choices and games to FILE (JSON) and stop",
    )  # fmt: skip
    args = parser.parse_args(argv)

    if args.fingerprint:
        with open(args.fingerprint, "w", encoding="utf-8") as f:
            json.dump(fingerprint(args.positions, args.seed), f, indent=1)
        print(f"fingerprint written to {args.fingerprint}")
        return 0
    states = positions(args.positions, args.seed)
    if args.forced:
        forced_report(args.levels.split(","), states)
    ips, ips_cpu = iterations_per_second(states, 1000)
    print(
        f"search: {ips:,.0f} iterations/s on one core, {ips_cpu:,.0f} per CPU-second "
        f"({len(states)} positions x 1000)"
    )
    if args.speed_only:
        return 0
    if args.depth:
        depths = tree_depths(states[:10])
        print(
            "tree depth (mean edges per iteration, 10 positions, Hard's budget): "
            + ", ".join(f"{k} {v:.2f}" for k, v in depths.items())
        )
    for level in args.levels.split(","):
        times = decision_times(states, level)
        print(
            f"{level:>7}: decision time median {statistics.median(times):.3f} s, "
            f"p95 {percentile(times, 95):.3f} s, max {max(times):.3f} s "
            f"({len(times)} positions)"
        )

    pairs = PAIRS
    if args.pairs != "all":
        pairs = tuple(tuple(p.split("-", 1)) for p in args.pairs.split(","))
    if args.games:
        for p1, p2 in pairs:
            s = run(args.games, args.seed, "1v1", p1, p2, args.jobs)
            a = s["agents"]["p1"]
            low, high = a["ci95"]
            target = TARGETS.get((p1, p2))
            verdict = "" if target is None else f" (target {target:.0%})"
            print(
                f"{p1} vs {p2}: {a['win_rate']:.1%} [95% CI {low:.1%}, {high:.1%}] over "
                f"{s['games']} games{verdict}; {p1} median {a['median_decision_s']:.3f} s, "
                f"p95 {a['p95_decision_s']:.3f} s"
            )
    if args.resampling:
        s = run(args.resampling, args.seed, "1v1", "hard", "hard-single", args.jobs)
        a = s["agents"]["p1"]
        low, high = a["ci95"]
        print(
            f"resampling per iteration vs one sampled world (same budget): "
            f"{a['win_rate']:.1%} [95% CI {low:.1%}, {high:.1%}] over {s['games']} games"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
