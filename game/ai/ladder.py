"""The Elo ladder: a round robin between levels and a Bradley-Terry fit of the results.

    python -m game.sim --ladder random,easy,medium,hard,expert --games N [--seed S] [--jobs J]

Every pair of levels plays ``N`` games through ``game.sim.run`` (seats alternated, every game
seeded from the run seed, the pair and the game's number). The ratings are the maximum-
likelihood Bradley-Terry strengths (P(i beats j) = p_i / (p_i + p_j)) on the Elo scale,
400 * log10(p_i / p_anchor), with the first level (Random) anchored at 0. A level that won or
lost every game has no finite maximum, so each pair also counts ``PRIOR`` virtual wins each
way (a weak prior that pulls unbeaten records to a large but finite gap; it is reported). The
95% intervals come from a parametric bootstrap: each pair's games are drawn again at the pair's
(prior-smoothed) observed rate and the fit repeated. Standard library only.
"""

from __future__ import annotations

import datetime
import math
import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from game.ai.batch import run

#: Virtual wins per direction per pair (see the module docstring).
PRIOR = 0.5
#: Bootstrap resamples for the intervals.
BOOTSTRAP = 200

if TYPE_CHECKING:
    from game.ai.cluster import Cluster


@dataclass
class PairResult:
    a: str
    b: str
    a_wins: int
    b_wins: int
    #: Games without a winner (unfinished or errors): left out of the fit.
    other: int = 0


def fit_bradley_terry(
    levels: Sequence[str], pairs: Sequence[PairResult], prior: float = PRIOR
) -> dict[str, float]:
    """Elo ratings (first level = 0) of the maximum-likelihood Bradley-Terry strengths, by
    the minorization-maximization iteration (Hunter 2004)."""
    index = {name: i for i, name in enumerate(levels)}
    n = len(levels)
    wins = [0.0] * n
    games: list[list[float]] = [[0.0] * n for _ in range(n)]
    for r in pairs:
        i, j = index[r.a], index[r.b]
        wins[i] += r.a_wins + prior
        wins[j] += r.b_wins + prior
        total = r.a_wins + r.b_wins + 2 * prior
        games[i][j] += total
        games[j][i] += total
    p = [1.0] * n
    for _ in range(10000):
        new = []
        for i in range(n):
            denom = sum(games[i][j] / (p[i] + p[j]) for j in range(n) if j != i and games[i][j])
            new.append(wins[i] / denom if denom > 0 else p[i])
        # The scale is free: keep the geometric mean at 1 so the numbers stay tame.
        g = math.exp(sum(math.log(x) for x in new) / n)
        new = [x / g for x in new]
        delta = max(abs(math.log(x / y)) for x, y in zip(new, p))
        p = new
        if delta < 1e-10:
            break
    anchor = p[0]
    return {name: 400.0 * math.log10(p[i] / anchor) for name, i in index.items()}


def _resample(pair: PairResult, rng: random.Random) -> PairResult:
    """The pair's games drawn again, each won by ``a`` at the prior-smoothed observed rate
    (the raw rate of a 4-0 record would draw 4-0 every time and hide its uncertainty)."""
    n = pair.a_wins + pair.b_wins
    rate = (pair.a_wins + PRIOR) / (n + 2 * PRIOR)
    a = sum(1 for _ in range(n) if rng.random() < rate)
    return PairResult(pair.a, pair.b, a, n - a)


def ratings_with_intervals(
    levels: Sequence[str], pairs: Sequence[PairResult], seed: int = 0, reps: int = BOOTSTRAP
) -> dict[str, tuple[float, float, float]]:
    """name -> (Elo, low, high) with a 95% percentile-bootstrap interval."""
    point = fit_bradley_terry(levels, pairs)
    rng = random.Random(seed)
    samples: dict[str, list[float]] = {name: [] for name in levels}
    for _ in range(reps):
        fit = fit_bradley_terry(levels, [_resample(p, rng) for p in pairs])
        for name, elo in fit.items():
            samples[name].append(elo)
    out = {}
    for name in levels:
        values = sorted(samples[name])
        low = values[int(0.025 * (len(values) - 1))]
        high = values[int(math.ceil(0.975 * (len(values) - 1)))]
        out[name] = (point[name], low, high)
    return out


#: The one variant that is the level itself: the window plays every level without the
#: wall-clock cap (``make_agent(..., reproducible=True)``), so a run without it measured that level.
UNCAPPED = ":time_limit=none"


def level_name(name: str) -> str:
    """The level a results record measured: ``hard:time_limit=none`` is Hard; any other
    variant keeps its full name (it is a different player)."""
    return name[: -len(UNCAPPED)] if name.endswith(UNCAPPED) else name


def pairs_from_results(data: Any, rules: str = "1v1") -> list[PairResult]:  # any JSON: a results file, checked here
    """The pair records in one results document: a ``game.sim --json`` summary, a
    ``--ladder --json`` summary (or a ratings file, which keeps its pairs), or a list of
    those. Records of other rules than ``rules`` are skipped. A ValueError says what is wrong.
    """
    if isinstance(data, list):
        return [p for item in data for p in pairs_from_results(item, rules)]
    if not isinstance(data, dict):
        raise ValueError("a results file holds a JSON object or a list of them")
    if data.get("rules", "1v1") != rules:
        return []
    if "agents" in data:
        try:
            p1, p2 = data["agents"]["p1"], data["agents"]["p2"]
            a_wins, b_wins, games = int(p1["wins"]), int(p2["wins"]), int(data["games"])
            return [PairResult(level_name(p1["name"]), level_name(p2["name"]), a_wins, b_wins,
                               games - a_wins - b_wins)]
        except (KeyError, TypeError, ValueError) as exc:
            raise ValueError(f"a game.sim summary without {exc}") from None
    if "pairs" in data:
        out = []
        for p in data["pairs"]:
            try:
                out.append(PairResult(level_name(str(p["a"])), level_name(str(p["b"])), int(p["a_wins"]),
                                      int(p["b_wins"]), int(p.get("other", 0))))
            except (KeyError, TypeError, ValueError) as exc:
                raise ValueError(f"a pair record without {exc}") from None
        return out
    raise ValueError("neither a game.sim --json summary nor a list of pairs")


def combine(pairs: Sequence[PairResult]) -> dict[frozenset, PairResult]:
    """Records of the same two levels added up (runs of one pair with different seeds), by
    the unordered pair; a level against itself is left out."""
    out: dict[frozenset, PairResult] = {}
    for p in pairs:
        if p.a == p.b:
            continue
        key = frozenset((p.a, p.b))
        have = out.get(key)
        if have is None:
            out[key] = PairResult(p.a, p.b, p.a_wins, p.b_wins, p.other)
        elif have.a == p.a:
            have.a_wins += p.a_wins
            have.b_wins += p.b_wins
            have.other += p.other
        else:
            have.a_wins += p.b_wins
            have.b_wins += p.a_wins
            have.other += p.other
    return out


def play_ladder(
    levels: Sequence[str],
    games: int,
    seed: int,
    rules: str = "1v1",
    jobs: int = 1,
    known: dict[frozenset, PairResult] | None = None,
    cluster: Cluster | None = None,
) -> list[PairResult]:
    """Every pair of ``levels`` plays ``games`` games with seats alternated, except the pairs
    in ``known`` (results of earlier runs, see ``combine``), which are reused as they are;
    with ``games`` 0 a pair without a result is left out."""
    results = []
    number = 0
    for i, a in enumerate(levels):
        for b in levels[i + 1 :]:
            number += 1
            have = (known or {}).get(frozenset((a, b)))
            if have is not None:
                if have.a != a:
                    have = PairResult(a, b, have.b_wins, have.a_wins, have.other)
                results.append(have)
                continue
            if games <= 0:
                continue
            summary = run(games, seed * 1000 + number - 1, rules, a, b, jobs, cluster)
            agents = summary["agents"]
            a_wins, b_wins = agents["p1"]["wins"], agents["p2"]["wins"]
            results.append(PairResult(a, b, a_wins, b_wins, games - a_wins - b_wins))
    return results


def parse_levels(text: str, known: Sequence[str]) -> list[str]:
    """The comma-separated level list of ``--ladder``; a ValueError names what is wrong."""
    names = [part.strip().lower() for part in text.split(",") if part.strip()]
    unknown = [name for name in names if name not in known]
    if unknown:
        raise ValueError(f"unknown level {unknown[0]!r}; pick from {', '.join(known)}")
    if len(names) < 2 or len(set(names)) != len(names):
        raise ValueError("--ladder needs at least two different levels, e.g. random,easy")
    return names


def connected(levels: Sequence[str], pairs: Sequence[PairResult]) -> bool:
    """True when the pairs link every level to the first one (else a rating is undefined)."""
    reached = {levels[0]}
    grew = True
    while grew:
        grew = False
        for p in pairs:
            if (p.a in reached) != (p.b in reached) and p.a_wins + p.b_wins:
                reached |= {p.a, p.b}
                grew = True
    return all(name in reached for name in levels)


def ladder(
    levels: Sequence[str],
    games: int,
    seed: int,
    rules: str = "1v1",
    jobs: int = 1,
    known: dict[frozenset, PairResult] | None = None,
    cluster: Cluster | None = None,
) -> dict[str, Any]:  # the JSON summary --json prints
    """Play the round robin (reusing ``known`` pair results) and fit it: the summary
    ``--ladder --json`` prints. A ValueError when the pairs leave a level unlinked."""
    pairs = play_ladder(levels, games, seed, rules, jobs, known, cluster)
    if not connected(levels, pairs):
        raise ValueError("the pairs played or given do not link every level to "
                         f"{levels[0]!r}; play the missing pairs (--games N)")
    ratings = ratings_with_intervals(levels, pairs, seed)
    return {
        "levels": list(levels),
        "games_per_pair": games,
        "games": {name: sum(p.a_wins + p.b_wins + p.other for p in pairs if name in (p.a, p.b))
                  for name in levels},
        "seed": seed,
        "rules": rules,
        "prior_wins_per_side": PRIOR,
        "pairs": [vars(p) for p in pairs],
        "elo": {name: {"elo": e, "ci95": [lo, hi]} for name, (e, lo, hi) in ratings.items()},
    }


def ratings_document(summary: dict[str, Any], command: str, day: str | None = None) -> dict:  # the JSON summary --json prints
    """What ``data/ai-ratings.json`` holds: each level's Elo and interval, the pairs behind
    them, and the command and date that made them (the new-game screen shows the ratings)."""
    return {
        "command": command,
        "date": day or datetime.date.today().isoformat(),
        "anchor": summary["levels"][0],
        "rules": summary["rules"],
        "ratings": {
            name: {"elo": round(r["elo"]), "ci95": [round(x) for x in r["ci95"]],
                   "games": summary["games"][name]}
            for name, r in summary["elo"].items()
        },
        "pairs": summary["pairs"],
    }


def format_ladder(summary: dict[str, Any]) -> str:  # the JSON summary --json prints
    lines = [
        f"Elo ladder: {summary['games_per_pair']} games per pair not given by --results, "
        "seats alternated "
        f"({summary['rules']}, seed {summary['seed']}); {summary['levels'][0]} = 0; "
        f"Bradley-Terry fit with {summary['prior_wins_per_side']} virtual wins per side, "
        "95% bootstrap intervals"
    ]
    for p in summary["pairs"]:
        extra = f", {p['other']} without a winner" if p["other"] else ""
        lines.append(f"  {p['a']} {p['a_wins']} - {p['b_wins']} {p['b']}{extra}")
    ranked = sorted(summary["elo"].items(), key=lambda kv: -kv[1]["elo"])
    for name, r in ranked:
        lo, hi = r["ci95"]
        lines.append(f"{name:>8}: {r['elo']:7.0f}  [95% CI {lo:.0f} .. {hi:.0f}]")
    return "\n".join(lines)
