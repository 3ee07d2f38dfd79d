"""How a level uses its Mindbugs, over a few seeded games (issue 13, finding 2).

    python bench/ai_habits.py --level medium --opponent medium --games 30 --seed 1

Counts, for the seats the level plays, the Mindbug offers it had and took, split by the
offered card's printed power (<= 4 and >= 5), and the turn of each game's first Mindbug it
used. Seats are alternated like ``game.sim``; every game is seeded from the run seed.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
from pathlib import Path

os.environ["MINDBUG_LOOPBACK_ONLY"] = "1"  # nothing a bench runs leaves this machine

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from game.ai import LEVELS, make_agent  # noqa: E402
from game.ai.batch import game_seeds  # noqa: E402
from game.ai.levels import BENCH_LEVELS  # noqa: E402
from game.cards import load_cards  # noqa: E402
from game.engine import Kind, new_game  # noqa: E402

WEAK = 4  # "power 4 or less", the line between weak and strong offers


def habits(level: str, opponent: str, games: int, seed: int) -> dict:
    db = load_cards()
    offers = {"weak": 0, "strong": 0}
    taken = {"weak": 0, "strong": 0}
    first_turns = []
    for index in range(games):
        game_seed, seed1, seed2 = game_seeds(seed, index)
        g = new_game(db, seed=game_seed)
        g.record_events = False
        mine = index % 2  # the level plays seat 0 in even games, seat 1 in odd ones
        agents = {mine: make_agent(level, seed1), 1 - mine: make_agent(opponent, seed2)}
        first = None
        while g.winner is None:
            d = g.pending
            agent = agents[d.seat]
            option = agent.act(g.view(d.seat) if agent.uses_view else None, d)
            if d.seat == mine and d.kind == Kind.MINDBUG and d.source is not None:
                kind = "weak" if g.card(d.source).power <= WEAK else "strong"
                offers[kind] += 1
                if option.verb == "mindbug":
                    taken[kind] += 1
                    if first is None:
                        first = g.turn_no
            g.respond(option, serial=d.serial)
        if first is not None:
            first_turns.append(first)
    return {"offers": offers, "taken": taken, "first_turns": first_turns}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    levels = LEVELS + BENCH_LEVELS
    parser.add_argument("--level", choices=levels, default="medium")
    parser.add_argument("--opponent", choices=levels, default="medium")
    parser.add_argument("--games", type=int, default=30)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    if args.games < 1:
        parser.error("--games must be at least 1")
    h = habits(args.level, args.opponent, args.games, args.seed)
    print(f"{args.level} against {args.opponent}, {args.games} games, seed {args.seed}:")
    for kind, label in (("weak", f"power <= {WEAK}"), ("strong", f"power >= {WEAK + 1}")):
        print(f"  offers on {label}: took {h['taken'][kind]} of {h['offers'][kind]}")
    turns = h["first_turns"]
    median = f"{statistics.median(turns):g}" if turns else "-"
    print(f"  games with a Mindbug used: {len(turns)}; median turn of the first: {median}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
