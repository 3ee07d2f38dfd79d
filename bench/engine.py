"""Engine figures: random 1v1 games per second, clone() time, share of games with a winner.

    python bench/engine.py [--games N] [--finish-games N]

Random games pick uniformly among the offered options, through the public decision API, with
events recorded (as the UI uses it) and without (as the AI's search does).
"""

from __future__ import annotations

import argparse
import random
import sys
import time
import timeit
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.cards import load_cards  # noqa: E402
from game.engine import new_game  # noqa: E402

DECISION_CAP = 5000  # a game still running after this many decisions counts as unfinished


def play_random(db, seed: int, rules: str = "1v1", record: bool = True, pick=None):
    """A game between two random players; `pick` is their generator's random() (a uniform
    choice is int(random() * n)); by default one seeded from the game's seed."""
    g = new_game(db, seed, rules)
    g.record_events = record
    pick = pick or random.Random(seed).random
    steps = 0
    while g.winner is None and steps < DECISION_CAP:
        options = g.pending.options
        g.respond(options[int(pick() * len(options))])
        steps += 1
    return g


def games_per_second(db, games: int, record: bool) -> tuple[float, float]:
    wall = time.perf_counter()
    cpu = time.process_time()
    pick = random.Random(0).random  # one random player's generator for the whole run
    for seed in range(games):
        play_random(db, seed, record=record, pick=pick)
    return games / (time.perf_counter() - wall), games / (time.process_time() - cpu)


def mid_game_state(db, seed: int = 3):
    """The state halfway through a random game (counted in decisions)."""
    g = new_game(db, seed)
    pick = random.Random(seed).random
    states = []
    while g.winner is None:
        states.append(g.clone())
        options = g.pending.options
        g.respond(options[int(pick() * len(options))])
    return states[len(states) // 2]


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=20000, help="games for the speed figure")
    ap.add_argument("--finish-games", type=int, default=100000,
                    help="seeded games (half 1v1, half 2v2) checked for a winner")  # fmt: skip
    args = ap.parse_args(argv)
    db = load_cards()

    play_random(db, 0)  # warm-up
    wall, cpu = games_per_second(db, args.games, record=True)
    print(f"random 1v1 games per second (events on):  {wall:8.0f} wall, {cpu:8.0f} per CPU-second")
    wall, cpu = games_per_second(db, args.games, record=False)
    print(f"random 1v1 games per second (events off): {wall:8.0f} wall, {cpu:8.0f} per CPU-second")

    g = mid_game_state(db)
    runs = 200000
    clone_us = min(timeit.repeat(g.clone, number=runs, repeat=5)) / runs * 1e6
    print(f"clone() of a mid-game state (turn {g.turn_no}): {clone_us:.2f} microseconds")

    finished = 0
    half = args.finish_games // 2
    for rules, count in (("1v1", args.finish_games - half), ("2v2", half)):
        done = sum(play_random(db, s, rules, record=False).winner is not None for s in range(count))
        finished += done
        print(f"{rules}: {done} of {count} seeded random games ended with a winner")
    share = 100.0 * finished / max(1, args.finish_games)
    print(f"games that ended with a winner: {share:.3f}% of {args.finish_games}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
