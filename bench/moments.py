"""What "the moments that decided it" costs per game: CPU time of the analysis of one seat.

    nice -n 10 python bench/moments.py [--games N] [--seed S] [--level LEVEL] [--rules R]
                                       [--budget ITERATIONS]

Plays seeded demo games (both seats at LEVEL, by default Medium, as a person's opponent would
play) through the match controller, then analyses seat 1 of each with game.ai.moments (Hard's
search per decision, Hard's budget unless --budget), and prints per game the decisions
analysed, the CPU seconds and the seconds per decision, then the median and the worst game.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.ai.moments import analyse_game, moment_lines  # noqa: E402
from game.ui.core.match_config import MatchConfig  # noqa: E402
from game.ui.match.controller import MatchController  # noqa: E402


def demo_record(seed: int, rules: str, level: str) -> object:
    ctl = MatchController(MatchConfig(mode="demo", ai_level=level, seed=seed, rules=rules))
    while not ctl.over:
        ctl.start_ai()
        ctl.worker._thread.join()
        ctl.respond(ctl.take_ai_option())
    return ctl.record()


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--games", type=int, default=4)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--level", default="medium")
    p.add_argument("--rules", default="1v1", choices=("1v1", "2v2"))
    p.add_argument("--budget", type=int, default=None,
                   help="search iterations per decision (default: Hard's own)")
    args = p.parse_args(argv)
    times = []
    print(f"moments of seat 1, {args.rules} demo games at {args.level}, "
          f"budget {args.budget or 'Hard'}")
    for k in range(args.games):
        seed = args.seed + k
        record = demo_record(seed, args.rules, args.level)
        t0 = time.process_time()
        analysed = analyse_game(record, [0], args.budget)
        spent = time.process_time() - t0
        points = len(analysed[0].points)
        times.append(spent)
        print(f"game seed {seed}: {len(record.choices)} decisions, {points} of seat 1 analysed, "
              f"{spent:.1f} s CPU ({spent / max(points, 1):.3f} s per decision)")
        for line in moment_lines(analysed[0]):
            print("   ", line)
    print(f"per game: median {statistics.median(times):.1f} s, worst {max(times):.1f} s CPU")
    return 0


if __name__ == "__main__":
    sys.exit(main())
