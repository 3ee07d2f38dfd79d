"""Honesty, the long run: every level's decision depends only on what its seat can see.

    python bench/ai_honesty.py                      # 160 positions of 1v1, 50 of 2v2
    python bench/ai_honesty.py --positions-1v1 400 --positions-2v2 100 --seed 3

The same check as tests/ai/test_ai_honesty.py (which runs a sample of 40 and 15 positions):
positions from seeded random games, a variant of each with the deciding seat's hidden cards
permuted, and each level (small search budgets) deciding on both. Exits 1 at the first level
that decides differently, naming it; else prints how many positions and variants were checked.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

os.environ["MINDBUG_LOOPBACK_ONLY"] = "1"  # nothing a bench runs leaves this machine

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tests.support.honesty import check_positions  # noqa: E402


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--positions-1v1", type=int, default=160)
    p.add_argument("--positions-2v2", type=int, default=50)
    p.add_argument("--seed", type=int, default=None,
                   help="one seed for both rules (default: the test's, 11 for 1v1 and 12 for 2v2)")
    args = p.parse_args(argv)
    for rules, count, seed in (("1v1", args.positions_1v1, 11), ("2v2", args.positions_2v2, 12)):
        seed = seed if args.seed is None else args.seed
        started = time.process_time()
        try:
            changed = check_positions(rules, count, seed)
        except AssertionError as exc:
            print(f"{rules}: {exc}")
            return 1
        print(f"{rules}: {count} positions (seed {seed}), {changed} variants moved hidden cards, "
              f"every level decided alike; {time.process_time() - started:.1f} s of CPU")
    return 0


if __name__ == "__main__":
    sys.exit(main())
