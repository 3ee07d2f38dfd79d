"""How often two search variants pick the same option, against how often one variant agrees
with itself under another seed (the search's own noise).

    python bench/ai_agree.py --games 3 hard-v1 "hard-v1:hand_by_card=1"

On every decision with a choice in ``--games`` seeded games of Medium against Medium, each
variant (a level or ``LEVEL:name=value,...``) decides twice, with seeds 1 and 2, without a
time cap. A change that alters fewer decisions than a second seed does cannot show up as a
difference in strength over a few hundred games. The positions where the variants disagree
while each agrees with itself are printed (``--show``): where the change matters.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

os.environ["MINDBUG_LOOPBACK_ONLY"] = "1"  # nothing a bench runs leaves this machine

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from ai_budget import game_positions  # noqa: E402

from game.ai import make_agent  # noqa: E402


def picks(spec: str, positions: list, seed: int) -> list[str]:
    agent = make_agent(spec, seed)
    agent.cfg.time_limit = None
    out = []
    for g, seat in positions:
        out.append(g.label(agent.act(g.view(seat), g.pending)))
    return out


def share(a: list[str], b: list[str]) -> float:
    return sum(x == y for x, y in zip(a, b)) / max(len(a), 1)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("first")
    parser.add_argument("second")
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--seed", type=int, default=3)
    parser.add_argument("--show", type=int, default=5, help="disagreements to print")
    args = parser.parse_args(argv)
    positions = game_positions(args.games, args.seed)
    a1, a2 = picks(args.first, positions, 1), picks(args.first, positions, 2)
    b1, b2 = picks(args.second, positions, 1), picks(args.second, positions, 2)
    print(f"{len(positions)} positions from {args.games} games of Medium vs Medium")
    print(f"{args.first} agrees with itself (seed 1 vs 2): {share(a1, a2):.1%}")
    print(f"{args.second} agrees with itself (seed 1 vs 2): {share(b1, b2):.1%}")
    cross = (share(a1, b1) + share(a2, b2) + share(a1, b2) + share(a2, b1)) / 4
    print(f"{args.first} agrees with {args.second} (mean of the four seed pairs): {cross:.1%}")
    shown = 0
    for (g, seat), x1, x2, y1, y2 in zip(positions, a1, a2, b1, b2):
        if x1 == x2 and y1 == y2 and x1 != y1 and shown < args.show:
            shown += 1
            print(f"  turn {g.turn_no}, seat {seat}, {g.pending.purpose or g.pending.kind}: "
                  f"{args.first} {x1!r}, {args.second} {y1!r}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
