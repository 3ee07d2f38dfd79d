"""Headless simulation: play many games between agents and report the results.

    python -m game.sim --games 1000 --seed 1 [--rules 2v2 [--mindbugs 1] [--sets 2]] [--json]
    python -m game.sim --p1 hard --p2 medium --games 400 --seed 1 [--jobs 2] [--json]
    python -m game.sim --ladder random,easy,medium,hard,expert --games 100 [--jobs 2]

Without ``--p1``/``--p2`` both sides play uniformly at random (the engine's smoke test and
speed figure). With agents, ``p1`` takes seat 0 (team 0 in 2v2) in even games and seat 1
(team 1) in odd games, so neither agent keeps a seat's luck; each agent instance is seeded from
the run's seed and the game's number, so a run replays exactly (unless an agent's time cap
cuts a search short on a loaded machine).

``--cluster ADDRESS|auto|local`` plays the games on a Ray cluster instead (game.ai.cluster;
the optional extra ``pip install -e ".[cluster]"``), with the same results as ``--jobs`` for
the same seed.

``--jobs`` is 1 to the number of CPUs and at most ``--games`` (more workers than either only
adds start-up cost); any bad value is a usage error that names the accepted range (exit 2).
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from game.ai import LEVELS, ladder, make_agent
from game.ai.batch import run
from game.ai.cluster import Cluster, from_arguments
from game.ai.levels import BENCH_LEVELS
from game.common import cli_args
from game.common.error_log import note_engine_warning
from game.common.safe_files import UnreadableFile, atomic_write_text, load_json
from game.common.safe_text import printable
from game.engine import ENGINE


def format_text(summary: dict[str, Any]) -> str:  # the JSON summary --json prints
    side = summary["wins_by"]
    lines = [
        f"games: {summary['games']} ({summary['rules']}, seed {summary['seed']}), "
        f"finished: {summary['finished']}",
        "wins: " + ", ".join(f"{side} {k}: {v}" for k, v in summary["wins"].items()),
        f"mean turns: {summary['mean_turns']:.1f}",
        f"games per second: {summary['games_per_second']:.1f}",
    ]
    if "engine" in summary:
        lines.append(f"engine: {summary['engine']}")
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
    cli_args.add_setup_arguments(parser)
    levels = LEVELS + BENCH_LEVELS
    parser.add_argument("--p1", type=_level_arg, help="agent for side 1 (default: random): "
                        f"one of {', '.join(levels)}, or LEVEL:name=value,... (a variant)")
    parser.add_argument("--p2", type=_level_arg, help="agent for side 2 (default: random)")
    parser.add_argument("--jobs", type=cli_args.whole_number, default=1,
                        help="worker processes, 1 to the number of CPUs and at most --games "
                             "(default 1)")
    parser.add_argument("--cluster", metavar="ADDRESS", help="play on a Ray cluster: its head's "
                        "ADDRESS, auto, or local (a throwaway instance on this machine); needs "
                        'pip install -e ".[cluster]"; the same results as --jobs')
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
    setup = cli_args.setup_arguments(parser, args, args.rules)
    if args.ladder and setup != (2, 1):
        parser.error("--ladder rates the levels at the default set-up: leave out --mindbugs "
                     "and --sets")
    # The upper bound depends on --games, so it is checked after parsing, with the same message.
    if args.games == 0 and not (args.ladder and args.results):
        parser.error("argument --games: must be a whole number from 1 to "
                     f"{MAX_GAMES} (0 only with --ladder and --results), not 0")
    top = max_jobs(max(args.games, 1))
    if not 1 <= args.jobs <= top:
        parser.error(f"argument --jobs: must be a whole number from 1 to {top} "
                     f"(CPUs: {os.cpu_count() or 1}, games: {args.games}), not {args.jobs}")
    engine_warning = note_engine_warning()  # MINDBUG_ENGINE=compiled, but the pure one runs
    if engine_warning:
        print(engine_warning, file=sys.stderr)

    with from_arguments(parser, args.cluster) as cluster:
        return _play(parser, args, argv, cluster)


def _play(parser: argparse.ArgumentParser, args: argparse.Namespace,
          argv: Sequence[str] | None, cluster: Cluster | None) -> int:
    levels = LEVELS + BENCH_LEVELS
    if args.ladder:
        try:
            names = ladder.parse_levels(args.ladder, levels)
        except ValueError as exc:
            parser.error(f"argument --ladder: {exc}")
        try:
            known = ladder.combine(_read_results(args.results, args.rules))
            result = ladder.ladder(names, args.games, args.seed, args.rules, args.jobs, known,
                                   cluster)
        except ValueError as exc:
            parser.error(str(exc))
        if args.ratings_out:
            command = "python -m game.sim " + " ".join(sys.argv[1:] if argv is None else argv)
            document = ladder.ratings_document(result, command)
            try:
                atomic_write_text(Path(args.ratings_out), json.dumps(document, indent=1) + "\n")
            except OSError as exc:
                parser.error(f"argument --ratings-out: cannot write {args.ratings_out}: "
                             f"{exc.strerror or exc}")
        if args.json:
            result["engine"] = ENGINE
        print(json.dumps(result) if args.json else ladder.format_ladder(result))
        return 0
    summary = run(args.games, args.seed, args.rules, args.p1, args.p2, args.jobs, cluster,
                  setup=(args.mindbugs or 2, args.sets or 1))
    summary["engine"] = ENGINE  # "compiled" or "pure" (game.engine._select); workers inherit it
    if args.json:
        print(json.dumps(summary))
    else:
        print(format_text(summary))
    return 1 if summary["errors"] else 0


if __name__ == "__main__":
    from game.common.cli_output import run_main

    sys.exit(run_main(main))
