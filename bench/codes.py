"""Replay-code figures: how long the codes of seeded demo games are, and what coding costs.

    python bench/codes.py [--games N] [--level LEVEL] [--rules 1v1,2v2]

Plays N seeded computer-vs-computer games of each rules (game/ai/demo_games.py; seeds
are demo_seed(0..N-1)), turns each into its replay code and back, checks the round trip, and
prints per rules: the median and longest code in characters, the decisions per game, and the
median encode / decode time. The goal (issue 27): a typical 1v1 code under 300 characters.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path

os.environ["MINDBUG_LOOPBACK_ONLY"] = "1"  # nothing a bench runs leaves this machine

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.ai.demo_games import demo_seed, play_demo  # noqa: E402
from game.persist.codes import decode, encode, same_game  # noqa: E402
from game.persist.rebuild import load_db  # noqa: E402


def measure(rules: str, games: int, level: str, db: object) -> dict:
    lengths, decisions, enc, dec = [], [], [], []
    for i in range(games):
        record = play_demo(demo_seed(i, rules), rules, (level,), db)
        if record.result is None:
            raise SystemExit(f"demo game {i} ({rules}) did not end")
        t0 = time.perf_counter()
        code = encode(record, db)
        t1 = time.perf_counter()
        back = decode(code, db)
        t2 = time.perf_counter()
        if not same_game(record, back):
            raise SystemExit(f"demo game {i} ({rules}): the code does not give the same game")
        lengths.append(len(code))
        decisions.append(len(record.choices))
        enc.append(t1 - t0)
        dec.append(t2 - t1)
    return {"rules": rules, "games": games, "median": statistics.median(lengths),
            "longest": max(lengths), "shortest": min(lengths),
            "decisions_median": statistics.median(decisions), "decisions_max": max(decisions),
            "encode_ms": 1000 * statistics.median(enc), "decode_ms": 1000 * statistics.median(dec)}


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description="Replay-code lengths over seeded demo games.")
    p.add_argument("--games", type=int, default=100, help="games per rules (default 100)")
    p.add_argument("--level", default="easy", help="computer level of every seat (default easy)")
    p.add_argument("--rules", default="1v1,2v2", help="comma-separated: 1v1, 2v2")
    args = p.parse_args(argv)
    if not 1 <= args.games <= 10000:
        p.error("--games must be from 1 to 10000")
    db = load_db()
    for rules in args.rules.split(","):
        if rules not in ("1v1", "2v2"):
            p.error(f"unknown rules {rules!r}")
        m = measure(rules, args.games, args.level, db)
        print(f"{rules} ({m['games']} {args.level} demo games): code median {m['median']:g} "
              f"chars, longest {m['longest']}, shortest {m['shortest']}; decisions median "
              f"{m['decisions_median']:g}, max {m['decisions_max']}; encode "
              f"{m['encode_ms']:.1f} ms, decode {m['decode_ms']:.1f} ms (medians)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
