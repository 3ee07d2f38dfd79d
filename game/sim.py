"""Headless simulation: play many games between agents and report the results.

    python -m game.sim --games 1000 --seed 1 [--rules 2v2] [--json]
    python -m game.sim --p1 hard --p2 medium --games 400 --seed 1 [--jobs 2] [--json]
    python -m game.sim --ladder random,easy,medium,hard,expert --games 100 [--jobs 2]

Without ``--p1``/``--p2`` both sides play uniformly at random (the engine's smoke test and
speed figure). With agents, ``p1`` takes seat 0 (team 0 in 2v2) in even games and seat 1
(team 1) in odd games, so neither agent keeps a seat's luck; each agent instance is seeded from
the run's seed and the game's number, so a run replays exactly (unless an agent's time cap
cuts a search short on a loaded machine).

``--jobs`` is 1 to the number of CPUs and at most ``--games`` (more workers than either only
adds start-up cost); any bad value is a usage error that names the accepted range (exit 2).
"""

from __future__ import annotations

import argparse
import json
import math
import multiprocessing
import os
import random
import statistics
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from game import cli_args
from game.ai import LEVELS, make_agent
from game.ai.levels import BENCH_LEVELS
from game.engine import new_game

# A game that has not ended after this many decisions counts as unfinished (random games end
# in well under a thousand).
MAX_DECISIONS = 20000


@dataclass
class GameResult:
    index: int
    winner: int | None  # team (1v1: seat)
    turns: int
    p1_team: int | None  # the team p1 played (None without agents)
    #: Seconds per decision, by the agent's role ("p1"/"p2").
    times: dict[str, list[float]] = field(default_factory=dict)
    #: CPU seconds per decision (this process only): the thinking cost, whatever the load.
    cpu: dict[str, list[float]] = field(default_factory=dict)
    error: str | None = None


def _game_rng(seed: int, index: int) -> random.Random:
    return random.Random(f"mindbug-sim:{seed}:{index}")


def game_seeds(seed: int, index: int) -> tuple[int, int, int]:
    """The engine's seed and the two agents' seeds for game ``index`` of a run."""
    r = _game_rng(seed, index)
    return r.getrandbits(63), r.getrandbits(63), r.getrandbits(63)


_DB: Any = None


def _db() -> Any:
    global _DB
    if _DB is None:
        from game.cards import load_cards

        _DB = load_cards()
    return _DB


def play_game(
    index: int, seed: int, rules: str, p1: str | None, p2: str | None, timed: bool = True
) -> GameResult:
    """Play one game; ``p1``/``p2`` are level names, or both None for random-vs-random."""
    if p1 is None and p2 is None:
        return _random_game(index, seed, rules)
    game_seed, seed1, seed2 = game_seeds(seed, index)
    g = new_game(_db(), seed=game_seed, rules=rules)
    g.record_events = False
    n = g.n_seats

    p1_team = index % 2
    names = {"p1": p1 or "random", "p2": p2 or "random"}
    agents = {"p1": make_agent(names["p1"], seed1), "p2": make_agent(names["p2"], seed2)}
    # One agent object per seat: teammates in 2v2 do not share anything (hands, search trees).
    seat_role = {}
    seat_agent = {}
    for seat in range(n):
        role = "p1" if g.team_of(seat) == p1_team else "p2"
        seat_role[seat] = role
        seat_agent[seat] = agents[role] if n == 2 else make_agent(names[role], seed1 + 7 * seat)
    times: dict[str, list[float]] = {"p1": [], "p2": []}
    cpu: dict[str, list[float]] = {"p1": [], "p2": []}
    perf = time.perf_counter
    process = time.process_time
    steps = 0
    try:
        while g.winner is None and steps < MAX_DECISIONS:
            d = g.pending
            seat = d.seat
            agent = seat_agent[seat]
            view = g.view(seat) if agent.uses_view else None
            if timed:
                t0, c0 = perf(), process()
                option = agent.act(view, d)
                times[seat_role[seat]].append(perf() - t0)
                cpu[seat_role[seat]].append(process() - c0)
            else:
                option = agent.act(view, d)
            g.respond(option, serial=d.serial)
            steps += 1
    except Exception as exc:  # report, keep the run going: one bad game must not hide the rest
        return GameResult(index, None, g.turn_no, p1_team, times, cpu,
                          f"{type(exc).__name__}: {exc}")
    return GameResult(index, g.winner, g.turn_no, p1_team, times, cpu)


def _random_game(index: int, seed: int, rules: str) -> GameResult:
    """Both sides pick uniformly among the offered options. This is the engine's speed figure,
    so the loop is bench/engine.py's: int(random() * n) costs half of randrange(), and the
    generator that gave the engine's seed (the same as game_seeds') goes on to pick the moves
    rather than seeding a second one (a seeding costs about as much as a move)."""
    r = _game_rng(seed, index)
    g = new_game(_db(), seed=r.getrandbits(63), rules=rules)
    g.record_events = False
    pick = r.random
    steps = 0
    while g.winner is None and steps < MAX_DECISIONS:
        options = g.pending.options
        g.respond(options[int(pick() * len(options))])
        steps += 1
    return GameResult(index, g.winner, g.turn_no, None)


def _play_chunk(args: tuple) -> list[GameResult]:
    indices, seed, rules, p1, p2 = args
    return [play_game(i, seed, rules, p1, p2) for i in indices]


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """95% Wilson score interval of a win rate (sound at 0% and 100% too)."""
    if n == 0:
        return (0.0, 1.0)
    p = wins / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


def percentile(values: Sequence[float], q: float) -> float:
    """Nearest-rank percentile (q in [0, 100]); 0.0 for no values."""
    if not values:
        return 0.0
    ordered = sorted(values)
    rank = max(1, math.ceil(q / 100 * len(ordered)))
    return ordered[rank - 1]


def run(
    games: int,
    seed: int,
    rules: str = "1v1",
    p1: str | None = None,
    p2: str | None = None,
    jobs: int = 1,
) -> dict[str, Any]:
    """Play the games and return the summary that ``--json`` prints."""
    parallel = jobs > 1 and games > 1
    if not parallel:
        _db()  # load the cards before the clock starts: games per second counts games only
    start = time.perf_counter()
    if parallel:
        chunks = [(list(range(j, games, jobs)), seed, rules, p1, p2) for j in range(jobs)]
        # spawn, not fork: a forked copy of a process that already runs threads (a window, an
        # AI worker, a test runner) can deadlock on a lock some thread held at the fork
        with multiprocessing.get_context("spawn").Pool(jobs) as pool:
            results = [r for chunk in pool.map(_play_chunk, chunks) for r in chunk]
        results.sort(key=lambda r: r.index)
    else:
        results = _play_chunk((list(range(games)), seed, rules, p1, p2))
    elapsed = time.perf_counter() - start
    n_sides = 2  # 1v1 seats or 2v2 teams
    wins = {str(side): 0 for side in range(n_sides)}
    finished = 0
    for r in results:
        if r.winner is not None:
            finished += 1
            wins[str(r.winner)] += 1
    summary: dict[str, Any] = {
        "games": games,
        "finished": finished,
        "wins": wins,
        "wins_by": "team" if rules == "2v2" else "seat",
        "mean_turns": statistics.fmean(r.turns for r in results) if results else 0.0,
        "games_per_second": games / elapsed if elapsed > 0 else 0.0,
        "seconds": elapsed,
        "rules": rules,
        "seed": seed,
        "errors": [f"game {r.index}: {r.error}" for r in results if r.error],
    }
    if p1 is not None or p2 is not None:
        agents = {}
        for role, name in (("p1", p1 or "random"), ("p2", p2 or "random")):
            won = 0
            for r in results:
                mine = r.p1_team if role == "p1" else 1 - r.p1_team
                if r.winner is not None and r.winner == mine:
                    won += 1
            times = [t for r in results for t in r.times.get(role, ())]
            low, high = wilson(won, games)
            agents[role] = {
                "name": name,
                "wins": won,
                "win_rate": won / games if games else 0.0,
                "ci95": [low, high],
                "decisions": len(times),
                "median_decision_s": statistics.median(times) if times else 0.0,
                "mean_decision_s": statistics.fmean(times) if times else 0.0,
                # Thinking time per game, over every decision the agent made (forced ones too).
                "seconds_per_game": sum(times) / games if games else 0.0,
                "p95_decision_s": percentile(times, 95),
                "max_decision_s": max(times) if times else 0.0,
                **_cpu_stats([t for r in results for t in r.cpu.get(role, ())], games),
            }
        summary["agents"] = agents
    return summary


def _cpu_stats(cpu: list[float], games: int) -> dict[str, float]:
    """CPU time per decision and per game: unlike the wall-clock figures, what a load on the
    machine does not inflate (a search's cost is its iterations)."""
    return {
        "median_decision_cpu_s": statistics.median(cpu) if cpu else 0.0,
        "mean_decision_cpu_s": statistics.fmean(cpu) if cpu else 0.0,
        "p95_decision_cpu_s": percentile(cpu, 95),
        "cpu_seconds_per_game": sum(cpu) / games if games else 0.0,
    }


def format_text(summary: dict[str, Any]) -> str:
    side = summary["wins_by"]
    lines = [
        f"games: {summary['games']} ({summary['rules']}, seed {summary['seed']}), "
        f"finished: {summary['finished']}",
        "wins: " + ", ".join(f"{side} {k}: {v}" for k, v in summary["wins"].items()),
        f"mean turns: {summary['mean_turns']:.1f}",
        f"games per second: {summary['games_per_second']:.1f}",
    ]
    for role, a in summary.get("agents", {}).items():
        low, high = a["ci95"]
        lines.append(
            f"{role} {a['name']}: win rate {a['win_rate']:.1%} (95% CI {low:.1%} - {high:.1%}), "
            f"decision time median {a['median_decision_s']:.3f} s, "
            f"mean {a['mean_decision_s']:.3f} s, p95 {a['p95_decision_s']:.3f} s, "
            f"max {a['max_decision_s']:.3f} s, {a['seconds_per_game']:.2f} s per game; CPU "
            f"median {a['median_decision_cpu_s']:.3f} s, mean {a['mean_decision_cpu_s']:.3f} s, "
            f"{a['cpu_seconds_per_game']:.2f} s per game "
            f"({a['decisions']} decisions)"
        )
    for err in summary["errors"][:10]:
        lines.append(f"error: {err}")
    return "\n".join(lines)


MAX_GAMES = 10_000_000
MAX_RESULTS_BYTES = 16 << 20  # a ladder of every level and variant is well under 1 MB


def max_jobs(games: int) -> int:
    """The most worker processes worth starting: one per CPU, and never more than games."""
    return max(1, min(os.cpu_count() or 1, games))


def _games_arg(text: str) -> int:
    """1 to MAX_GAMES; also 0, which ``main`` accepts only for a ladder from ``--results``."""
    if text.strip() == "0":
        return 0
    return cli_args.int_range(1, MAX_GAMES)(text)


def _read_results(paths: Sequence[str], rules: str) -> list:
    """The pair records of the ``--results`` files; a ValueError names the bad file."""
    from game.ai import ladder
    from game.safe_files import UnreadableFile, load_json
    from game.safe_text import printable

    pairs = []
    for path in paths:
        # Bounded and regular files only: /dev/zero or a FIFO named here is refused at once
        # instead of filling the memory or waiting forever.
        shown = printable(str(path))
        try:
            data = load_json(Path(path), MAX_RESULTS_BYTES)
        except UnreadableFile as exc:
            raise ValueError(f"argument --results: cannot read {shown}: "
                             f"{printable(str(exc))}") from None
        if data is None:
            raise ValueError(f"argument --results: cannot read {shown}: no such file")
        try:
            pairs += ladder.pairs_from_results(data, rules)
        except ValueError as exc:
            raise ValueError(f"argument --results: {shown}: {printable(str(exc))}") from None
    return pairs


def _level_arg(text: str) -> str:
    """A level name, or a variant ``LEVEL:name=value,...``, checked by building it once."""
    try:
        make_agent(text, 0)
    except ValueError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None
    return text


def main(argv: Sequence[str] | None = None) -> int:
    """Run from the command line; a bad value is a usage error naming its range (exit 2)."""
    parser = argparse.ArgumentParser(prog="python -m game.sim", description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=_games_arg, default=100,
                        help=f"games to play, 1 to {MAX_GAMES} (default 100; 0 only with "
                        "--ladder and --results)")
    parser.add_argument("--seed", type=cli_args.seed, default=0,
                        help=f"run seed, 0 to {cli_args.MAX_SEED} (default 0)")
    parser.add_argument("--rules", choices=("1v1", "2v2"), default="1v1")
    levels = LEVELS + BENCH_LEVELS
    parser.add_argument("--p1", type=_level_arg, help="agent for side 1 (default: random): "
                        f"one of {', '.join(levels)}, or LEVEL:name=value,... (a variant)")
    parser.add_argument("--p2", type=_level_arg, help="agent for side 2 (default: random)")
    parser.add_argument("--jobs", type=cli_args.whole_number, default=1,
                        help="worker processes, 1 to the number of CPUs and at most --games "
                             "(default 1)")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument("--ladder", metavar="LEVELS", help="round robin of these levels "
                        "(e.g. random,easy,medium,hard,expert), --games per pair; prints Elo")
    parser.add_argument("--results", metavar="FILE", action="append", default=[],
                        help="with --ladder: reuse the pairs of earlier --json runs (game.sim "
                        "summaries, ladders or a ratings file; runs of one pair add up) instead "
                        "of playing them; --games 0 plays nothing new")
    parser.add_argument("--ratings-out", metavar="FILE", help="with --ladder: also write the "
                        "ratings the game shows (e.g. data/ai-ratings.json)")
    args = parser.parse_args(argv)
    # The upper bound depends on --games, so it is checked after parsing, with the same message.
    if args.games == 0 and not (args.ladder and args.results):
        parser.error("argument --games: must be a whole number from 1 to "
                     f"{MAX_GAMES} (0 only with --ladder and --results), not 0")
    top = max_jobs(max(args.games, 1))
    if not 1 <= args.jobs <= top:
        parser.error(f"argument --jobs: must be a whole number from 1 to {top} "
                     f"(CPUs: {os.cpu_count() or 1}, games: {args.games}), not {args.jobs}")
    if args.ladder:
        from game.ai import ladder

        try:
            names = ladder.parse_levels(args.ladder, levels)
        except ValueError as exc:
            parser.error(f"argument --ladder: {exc}")
        try:
            known = ladder.combine(_read_results(args.results, args.rules))
            result = ladder.ladder(names, args.games, args.seed, args.rules, args.jobs, known)
        except ValueError as exc:
            parser.error(str(exc))
        if args.ratings_out:
            command = "python -m game.sim " + " ".join(sys.argv[1:] if argv is None else argv)
            document = ladder.ratings_document(result, command)
            try:
                from pathlib import Path

                from game.safe_files import atomic_write_text

                atomic_write_text(Path(args.ratings_out), json.dumps(document, indent=1) + "\n")
            except OSError as exc:
                parser.error(f"argument --ratings-out: cannot write {args.ratings_out}: "
                             f"{exc.strerror or exc}")
        print(json.dumps(result) if args.json else ladder.format_ladder(result))
        return 0
    summary = run(args.games, args.seed, args.rules, args.p1, args.p2, args.jobs)
    if args.json:
        print(json.dumps(summary))
    else:
        print(format_text(summary))
    return 1 if summary["errors"] else 0


if __name__ == "__main__":
    from game.cli_output import run_main

    sys.exit(run_main(main))
