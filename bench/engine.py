"""Engine figures: random 1v1 games per second, clone(), view() and determinize() times, share
of games with a winner.

    python bench/engine.py [--games N] [--finish-games N]

Random games pick uniformly among the offered options, through the public decision API, with
events recorded (as the UI uses it) and without (as the AI's search does). view() and
View.determinize() are the AI's hot path (a view per decision, a determinization per search
iteration): timed on the mid-game state clone() is timed on, and averaged over every decision
of seeded random 1v1 and 2v2 games. Each figure is given in wall-clock time and in CPU time of
this process (time.process_time), which a loaded machine disturbs less. bench/view_ab.py
compares view() and determinize() with an older game/engine/view.py in one process.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import time
import timeit
from pathlib import Path

os.environ["MINDBUG_LOOPBACK_ONLY"] = "1"  # nothing a bench runs leaves this machine

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


def sim_games_per_second(games: int) -> tuple[float, float]:
    """game.sim's random games (what `python -m game.sim --games N` runs), wall and CPU."""
    from game.ai import batch

    batch._db()  # its own copy of the cards, loaded before either clock (run() does the same)
    cpu = time.process_time()
    wall = batch.run(games, seed=0)["games_per_second"]
    return wall, games / (time.process_time() - cpu)


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


def decision_states(db, rules: str, games: int) -> list:
    """A clone of the state at every decision of seeded random games."""
    states = []
    for seed in range(games):
        g = new_game(db, seed, rules)
        g.record_events = False
        pick = random.Random(seed).random
        while g.winner is None:
            states.append(g.clone())
            options = g.pending.options
            g.respond(options[int(pick() * len(options))])
    return states


def view_costs(states: list, calls: int, timer) -> tuple[float, float]:
    """Microseconds per view() (of the deciding seat) and per View.determinize() of that view,
    averaged over `states`, `calls` of each per state (the best of 3 rounds)."""
    best = None
    for _ in range(3):
        view_s = determinize_s = 0.0
        rng = random.Random(0)
        for g in states:
            seat = g.pending.seat
            t0 = timer()
            for _ in range(calls):
                g.view(seat)
            t1 = timer()
            determinize = g.view(seat).determinize
            t2 = timer()
            for _ in range(calls):
                determinize(rng)
            view_s += t1 - t0
            determinize_s += timer() - t2
        if best is None or view_s + determinize_s < sum(best):
            best = (view_s, determinize_s)
    n = len(states) * calls
    return best[0] / n * 1e6, best[1] / n * 1e6


def print_view_costs(label: str, states: list, calls: int) -> None:
    wall = view_costs(states, calls, time.perf_counter)
    cpu = view_costs(states, calls, time.process_time)
    print(f"{label}: view() {wall[0]:.2f} + determinize() {wall[1]:.2f} = "
          f"{sum(wall):.2f} microseconds wall; {cpu[0]:.2f} + {cpu[1]:.2f} = {sum(cpu):.2f} CPU")  # fmt: skip


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
    sim_wall, sim_cpu = sim_games_per_second(args.games)
    print(f"python -m game.sim --games {args.games}:     {sim_wall:8.0f} wall, {sim_cpu:8.0f} per "
          f"CPU-second ({sim_cpu / cpu:.0%} of events off per CPU-second)")  # fmt: skip

    g = mid_game_state(db)
    runs = 200000
    clone_us = min(timeit.repeat(g.clone, number=runs, repeat=5)) / runs * 1e6
    print(f"clone() of a mid-game state (turn {g.turn_no}): {clone_us:.2f} microseconds")
    print_view_costs("that state", [g], 20000)
    for rules, games in (("1v1", 20), ("2v2", 8)):
        states = decision_states(db, rules, games)
        print_view_costs(f"mean of {len(states)} {rules} decisions", states, 20)

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
