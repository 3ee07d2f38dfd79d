"""What a takeback and a "play on from here" cost: CPU time per call over seeded games.

    nice -n 10 python bench/takeback.py [--games N] [--seed S] [--level LEVEL]

Plays seeded games of a person (seeded random moves) against computers at LEVEL (1v1 and
2v2) through the match controller, then times ``take_back`` to every earlier decision of the
person (each one rebuilds the game from its seed) and ``play_from`` with a fresh deal at
every third decision.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time
from pathlib import Path

os.environ["MINDBUG_LOOPBACK_ONLY"] = "1"  # nothing a bench runs leaves this machine

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.persist.branch import PlayFromError, play_from  # noqa: E402
from game.persist.takeback import take_back, takeback_points  # noqa: E402
from game.ui.core.match_config import MatchConfig  # noqa: E402
from game.ui.match.controller import MatchController  # noqa: E402


def vs_computers(seed: int, rules: str, level: str) -> object:
    ctl = MatchController(MatchConfig(mode="ai", ai_level=level, seed=seed, rules=rules))
    while not ctl.over:
        if ctl.is_human(ctl.decider()):
            option = random.Random(seed * 1000 + ctl.decision_no).choice(ctl.game.pending.options)
        else:
            ctl.start_ai()
            ctl.worker._thread.join()
            option = ctl.take_ai_option()
        ctl.respond(option)
    return ctl.record()


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--games", type=int, default=3)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--level", default="easy")
    args = p.parse_args(argv)
    for rules in ("1v1", "2v2"):
        backs, froms, lengths = [], [], []
        for k in range(args.games):
            record = vs_computers(args.seed + k, rules, args.level)
            lengths.append(len(record.choices))
            for steps in range(1, len(takeback_points(record)) + 1):
                t0 = time.process_time()
                take_back(record, steps)
                backs.append(time.process_time() - t0)
            for at in range(0, len(record.choices), 3):
                t0 = time.process_time()
                try:
                    play_from(record, at, 0, seed=at)
                except PlayFromError:
                    continue
                froms.append(time.process_time() - t0)
        print(f"{rules}: {args.games} games of {min(lengths)}-{max(lengths)} decisions; "
              f"take_back median {statistics.median(backs) * 1000:.1f} ms, worst "
              f"{max(backs) * 1000:.1f} ms CPU ({len(backs)} calls); play_from median "
              f"{statistics.median(froms) * 1000:.1f} ms, worst {max(froms) * 1000:.1f} ms "
              f"({len(froms)} calls)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
