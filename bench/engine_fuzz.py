"""Seeded random games with the engine's invariants checked after every step, the long run.

    python bench/engine_fuzz.py                       # 1500 games of 1v1, 600 of 2v2
    python bench/engine_fuzz.py --games-1v1 20000 --games-2v2 5000 --first-seed 100000

tests/engine/test_engine_random_games.py plays the first 400 and 150 seeds (they reach every
branch of game/ that these 1500 and 600 reach); this plays more of them and prints how many
games ended and how long they took. Exits 1 at the first game that breaks an invariant or does
not end, naming its seed.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

os.environ["MINDBUG_LOOPBACK_ONLY"] = "1"  # nothing a bench runs leaves this machine

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tests.support.engine_helpers import random_game  # noqa: E402


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--games-1v1", type=int, default=1500)
    p.add_argument("--games-2v2", type=int, default=600)
    p.add_argument("--first-seed", type=int, default=0)
    args = p.parse_args(argv)
    for rules, games in (("1v1", args.games_1v1), ("2v2", args.games_2v2)):
        started = time.process_time()
        decisions = 0
        for seed in range(args.first_seed, args.first_seed + games):
            try:
                g, _log, steps = random_game(seed, rules)
            except AssertionError as exc:
                print(f"{rules} seed {seed}: {exc}")
                return 1
            if g.winner not in (0, 1):
                print(f"{rules} seed {seed}: ended without a winning team ({g.winner!r})")
                return 1
            decisions += steps
        print(f"{rules}: {games} games from seed {args.first_seed}, {decisions} decisions, "
              f"every invariant held; {time.process_time() - started:.1f} s of CPU")
    return 0


if __name__ == "__main__":
    sys.exit(main())
