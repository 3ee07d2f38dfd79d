"""Why per-iteration resampling does not beat "sample once, search that world" (Hard's budget).

    python bench/resampling.py --positions 150          # decision quality on positions
    python bench/resampling.py --games 200 --jobs 2     # + an oracle that sees every card

On mid-game positions from seeded random games, three searches with Hard's budget choose:

- ``resample``: Hard, a fresh deal of the unseen cards every iteration (ISMCTS);
- ``one world``: the same search on one sampled deal;
- ``oracle``: the same search on the *true* state (it sees every hidden card). Not a player;
  it measures what the hidden cards are worth to this search at all.

Each choice is scored against a reference: the oracle with four times the budget. It prints
each search's mean regret (reference win chance lost by its choice), how often it picks the
reference's option, and how often two runs with different seeds agree. If even the oracle
barely beats the honest searches, knowing the hidden cards is worth little at this budget,
and how they are sampled cannot matter much either. ``--games`` plays the oracle against
Hard to put a win rate on that.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
from pathlib import Path

os.environ["MINDBUG_LOOPBACK_ONLY"] = "1"  # nothing a bench runs leaves this machine

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.ai import hard_search, positions  # noqa: E402
from game.ai import ISMCTSAgent  # noqa: E402
from game.ai.batch import wilson  # noqa: E402
from game.ai.keys import KeyMaker  # noqa: E402
from game.ai.levels import hard_config  # noqa: E402
from game.cards import load_cards  # noqa: E402
from game.engine import new_game  # noqa: E402


class OracleView:
    """Stands in for a seat's view but "samples" the true state every time: the search then
    knows every hidden card (only the game's own random seed stays unknown)."""

    def __init__(self, state, seat: int) -> None:
        self.seat = seat
        self.state = state

    def determinize(self, rng: random.Random):
        g = self.state.clone()
        g.seed = rng.getrandbits(63)
        return g


def searcher(mode: str, seed: int, budget_factor: int = 1) -> ISMCTSAgent:
    iterations = hard_config().iterations * budget_factor
    return hard_search(seed, mode, iterations=iterations, resample=mode == "resample")


def view_for(mode: str, g, seat: int):
    return OracleView(g, seat) if mode == "oracle" else g.view(seat)


def position_report(count: int, seed: int) -> dict[str, dict[str, float]]:
    """Per search mode: regret, agreement with the reference and with itself; then paired
    regret differences between the modes."""
    modes = ("resample", "one world", "oracle")
    regret = {m: [] for m in modes}
    best = {m: 0 for m in modes}
    agree = {m: 0 for m in modes}
    keys = KeyMaker()
    for i, g in enumerate(positions(count, seed)):
        d = g.pending
        ref = searcher("oracle", 1000 + i, 4)
        ref_result = ref.search(OracleView(g, d.seat), d, ref.rng)
        value = {k: mean for k, (visits, mean) in ref_result.stats.items()}
        top = max(value.values())
        ref_key = keys.key(g, ref_result.option)
        for mode in modes:
            picks = []
            for run in range(2):
                agent = searcher(mode, 2000 + 10 * i + run)
                picks.append(
                    keys.key(g, agent.search(view_for(mode, g, d.seat), d, agent.rng).option)
                )
            for k in picks:
                regret[mode].append(top - value.get(k, 0.0))
                best[mode] += k == ref_key
            agree[mode] += picks[0] == picks[1]
    report = {
        m: {
            "mean_regret": statistics.fmean(regret[m]),
            "picks_reference": best[m] / (2 * count),
            "self_agreement": agree[m] / count,
        }
        for m in modes
    }
    report["one world - resample"] = paired_difference(regret["one world"], regret["resample"])
    report["resample - oracle"] = paired_difference(regret["resample"], regret["oracle"])
    return report


def paired_difference(a: list[float], b: list[float]) -> dict[str, float]:
    """Mean of a - b over the same positions, with a 95% interval (normal approximation)."""
    diffs = [x - y for x, y in zip(a, b, strict=True)]
    mean = statistics.fmean(diffs)
    half = 1.96 * statistics.stdev(diffs) / len(diffs) ** 0.5
    return {"mean": mean, "low": mean - half, "high": mean + half}


def oracle_games(games: int, seed: int, jobs: int) -> tuple[int, int]:
    """Oracle (sees all) vs Hard, seats alternated; returns (oracle wins, games)."""
    if jobs > 1:
        from multiprocessing import get_context

        with get_context("spawn").Pool(jobs) as pool:
            parts = pool.starmap(
                _oracle_chunk, [(list(range(j, games, jobs)), seed) for j in range(jobs)]
            )
        return sum(parts), games
    return _oracle_chunk(list(range(games)), seed), games


def _oracle_chunk(indices: list[int], seed: int) -> int:
    db = load_cards()
    wins = 0
    for played, index in enumerate(indices, 1):
        g = new_game(db, seed=seed * 100_003 + index)
        oracle_seat = index % 2
        agents = [searcher("resample", 7 * index + 1), searcher("resample", 7 * index + 2)]
        agents[oracle_seat] = searcher("oracle", 7 * index + 3)
        while g.winner is None:
            d = g.pending
            options = d.options
            if len(options) == 1:
                g.respond(options[0])
                continue
            agent = agents[d.seat]
            view = view_for(agent.name, g, d.seat)
            g.respond(agent.search(view, d, agent.rng).option)
        wins += g.winner == g.team_of(oracle_seat)
        # Progress on stderr, so a long run that is stopped early still tells its count.
        print(f"oracle games: {wins} won of {played}", file=sys.stderr, flush=True)
    return wins


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--positions", type=int, default=150)
    parser.add_argument("--seed", type=int, default=3)
    parser.add_argument("--games", type=int, default=0, help="oracle vs Hard games (0: skip)")
    parser.add_argument("--jobs", type=int, default=1)
    args = parser.parse_args(argv)

    if args.positions:
        report = position_report(args.positions, args.seed)
        print(
            f"{args.positions} positions, Hard's budget; reference: the oracle with 4x the budget"
        )
        for mode, r in report.items():
            if "mean" in r:
                print(
                    f"  regret {mode}: {r['mean']:+.4f} [95% CI {r['low']:+.4f}, {r['high']:+.4f}]"
                )
                continue
            print(
                f"  {mode:>9}: mean regret {r['mean_regret']:.4f}, picks the reference's "
                f"option {r['picks_reference']:.1%}, two seeds agree {r['self_agreement']:.1%}"
            )
    if args.games:
        wins, games = oracle_games(args.games, args.seed, args.jobs)
        low, high = wilson(wins, games)
        print(
            f"oracle (sees every card) vs Hard: {wins / games:.1%} [95% CI {low:.1%}, "
            f"{high:.1%}] over {games} games"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
