"""The batch runner: play many games between agents (or two random players) and summarise
them: wins with 95% intervals, decision times in wall-clock and CPU time, games per second.

``run()`` is what ``python -m game.sim`` and the ladder (game.ai.ladder) play games with; it
spreads the games over worker processes with ``jobs`` > 1. With agents, ``p1`` takes seat 0
(team 0 in 2v2) in even games and seat 1 (team 1) in odd games, so neither agent keeps a seat's
luck; each agent instance is seeded from the run's seed and the game's number, so a run replays
exactly (unless an agent's time cap cuts a search short on a loaded machine).
"""

from __future__ import annotations

import math
import multiprocessing
import random
import statistics
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from game.ai.levels import make_agent
from game.cards import load_cards
from game.engine import CardDB, Setup, new_game

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

if TYPE_CHECKING:
    from game.ai.cluster import Cluster


def _game_rng(seed: int, index: int) -> random.Random:
    return random.Random(f"mindbug-sim:{seed}:{index}")


def game_seeds(seed: int, index: int) -> tuple[int, int, int]:
    """The engine's seed and the two agents' seeds for game ``index`` of a run."""
    r = _game_rng(seed, index)
    return r.getrandbits(63), r.getrandbits(63), r.getrandbits(63)


_DB: CardDB | None = None


def _db() -> CardDB:
    global _DB
    if _DB is None:
        _DB = load_cards()
    return _DB


def play_game(
    index: int, seed: int, rules: str, p1: str | None, p2: str | None, timed: bool = True,
    setup: tuple[int, int] = (2, 1),
) -> GameResult:
    """Play one game; ``p1``/``p2`` are level names, or both None for random-vs-random.
    ``setup``: a 2v2 game's (Mindbugs per player, sets), game.engine.variants."""
    if p1 is None and p2 is None:
        return _random_game(index, seed, rules, setup)
    game_seed, seed1, seed2 = game_seeds(seed, index)
    g = new_game(_db(), seed=game_seed, rules=rules, setup=Setup(*setup))
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
        # The state waits for a decision until it has a winner (engine: pending or winner).
        while (d := g.pending) is not None and steps < MAX_DECISIONS:
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


def _random_game(index: int, seed: int, rules: str, setup: tuple[int, int] = (2, 1)) -> GameResult:
    """Both sides pick uniformly among the offered options. This is the engine's speed figure,
    so the loop is bench/engine.py's: int(random() * n) costs half of randrange(), and the
    generator that gave the engine's seed (the same as game_seeds') goes on to pick the moves
    rather than seeding a second one (a seeding costs about as much as a move)."""
    r = _game_rng(seed, index)
    g = new_game(_db(), seed=r.getrandbits(63), rules=rules, setup=Setup(*setup))
    g.record_events = False
    pick = r.random
    steps = 0
    while (d := g.pending) is not None and steps < MAX_DECISIONS:
        options = d.options
        g.respond(options[int(pick() * len(options))])
        steps += 1
    return GameResult(index, g.winner, g.turn_no, None)


def _play_chunk(args: tuple) -> list[GameResult]:
    indices, seed, rules, p1, p2, *setup = args
    return [play_game(i, seed, rules, p1, p2, setup=tuple(setup) or (2, 1)) for i in indices]


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
    cluster: Cluster | None = None,
    setup: tuple[int, int] = (2, 1),
) -> dict[str, Any]:  # the JSON summary --json prints
    """Play the games and return the summary that ``--json`` prints. ``cluster``: on a Ray
    cluster's workers (game.ai.cluster) instead of ``jobs`` local processes; the same games.
    ``setup``: a 2v2 run's (Mindbugs per player, sets); the summary names one other than (2, 1)."""
    parallel = jobs > 1 and games > 1
    if not parallel and cluster is None:
        _db()  # load the cards before the clock starts: games per second counts games only
    start = time.perf_counter()
    if cluster is not None and games > 0:
        # Several chunks per worker: a chunk of long games then holds no worker up alone.
        shards = min(games, cluster.workers * 4)
        chunks = [(list(range(j, games, shards)), seed, rules, p1, p2, *setup) for j in range(shards)]
        results = [r for chunk in cluster.map(_play_chunk, chunks) for r in chunk]
        results.sort(key=lambda r: r.index)
    elif parallel:
        chunks = [(list(range(j, games, jobs)), seed, rules, p1, p2, *setup) for j in range(jobs)]
        # spawn, not fork: a forked copy of a process that already runs threads (a window, an
        # AI worker, a test runner) can deadlock on a lock some thread held at the fork
        with multiprocessing.get_context("spawn").Pool(jobs) as pool:
            results = [r for chunk in pool.map(_play_chunk, chunks) for r in chunk]
        results.sort(key=lambda r: r.index)
    else:
        results = _play_chunk((list(range(games)), seed, rules, p1, p2, *setup))
    elapsed = time.perf_counter() - start
    n_sides = 2  # 1v1 seats or 2v2 teams
    wins = {str(side): 0 for side in range(n_sides)}
    finished = 0
    for r in results:
        if r.winner is not None:
            finished += 1
            wins[str(r.winner)] += 1
    summary: dict[str, Any] = {  # the JSON summary --json prints
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
    if tuple(setup) != (2, 1):  # a run of the default set-up reports as it always did
        summary["mindbugs"], summary["sets"] = setup
    if p1 is not None or p2 is not None:
        agents = {}
        for role, name in (("p1", p1 or "random"), ("p2", p2 or "random")):
            won = 0
            for r in results:
                assert r.p1_team is not None  # a game with an agent says which team p1 played
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
