"""Iterations and thinking time per decision of search variants, on positions from real games.

    python bench/ai_budget.py --games 3 hard-v1 hard "hard:iterations=5000,stop_margin=0.5"

The positions are every decision with a choice in ``--games`` seeded games of Medium against
Medium (closer to what Hard meets than positions from random games). Each variant (a level or
``LEVEL:name=value,...``, see ``levels.make_agent``) answers all of them without its time cap;
the report is its mean and median iterations, how many it answered without searching, and the
seconds it took in all. Used to set Hard's budget so that, with the early stop, it thinks as
long per game as ``hard-v1`` (issue 13: the same time budget).
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path

os.environ["MINDBUG_LOOPBACK_ONLY"] = "1"  # nothing a bench runs leaves this machine

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from game.ai import make_agent  # noqa: E402
from game.cards import load_cards  # noqa: E402
from game.engine import new_game  # noqa: E402


def game_positions(games: int, seed: int) -> list[tuple[object, int]]:
    """(state, seat) for every decision with more than one option in Medium's games."""
    db = load_cards()
    out = []
    for i in range(games):
        g = new_game(db, seed=seed * 1000 + i)
        g.record_events = False
        agents = [make_agent("medium", i), make_agent("medium", i + 99)]
        while g.winner is None:
            d = g.pending
            if len(d.options) > 1:
                out.append((g.clone(), d.seat))
            g.respond(agents[d.seat].act(g.view(d.seat), d), serial=d.serial)
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("variants", nargs="+", help="levels or LEVEL:name=value,... variants")
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--seed", type=int, default=3)
    args = parser.parse_args(argv)
    positions = game_positions(args.games, args.seed)
    print(f"{len(positions)} positions from {args.games} games of Medium vs Medium", flush=True)
    for spec in args.variants:
        agent = make_agent(spec, 1)
        agent.cfg.time_limit = None
        used = []
        start = time.perf_counter()
        for g, seat in positions:
            agent.act(g.view(seat), g.pending)
            used.append(getattr(agent, "last_iterations", 0))
        seconds = time.perf_counter() - start
        print(f"{spec}: iterations mean {statistics.fmean(used):.0f}, median "
              f"{statistics.median(used):.0f}, {sum(u == 0 for u in used)} without a search, "
              f"{seconds:.1f} s in all", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
