"""The Elo ladder: the Bradley-Terry fit, its intervals, and ``python -m game.sim --ladder``."""

from __future__ import annotations

import json

import pytest

from game.ai.ladder import PairResult, fit_bradley_terry, parse_levels, ratings_with_intervals
from game.sim import main


def expected_pairs(elos: dict[str, float], n: int) -> list[PairResult]:
    names = list(elos)
    pairs = []
    for i, a in enumerate(names):
        for b in names[i + 1 :]:
            p = 1.0 / (1.0 + 10 ** ((elos[b] - elos[a]) / 400.0))
            wins = round(n * p)
            pairs.append(PairResult(a, b, wins, n - wins))
    return pairs


def test_fit_recovers_known_ratings() -> None:
    truth = {"random": 0.0, "easy": 250.0, "medium": 400.0, "hard": 650.0}
    fit = fit_bradley_terry(list(truth), expected_pairs(truth, 20000))
    assert fit["random"] == 0.0
    for name, elo in truth.items():
        assert abs(fit[name] - elo) < 5, (name, fit[name])


def test_unbeaten_records_stay_finite_and_ordered() -> None:
    pairs = [PairResult("random", "easy", 0, 10), PairResult("easy", "hard", 0, 10)]
    pairs.append(PairResult("random", "hard", 0, 10))
    fit = fit_bradley_terry(["random", "easy", "hard"], pairs)
    assert 0.0 < fit["easy"] < fit["hard"] < 2000.0


def test_intervals_contain_the_estimate_and_shrink_with_games() -> None:
    truth = {"random": 0.0, "easy": 300.0, "medium": 450.0}
    widths = []
    for n in (20, 400):
        ratings = ratings_with_intervals(list(truth), expected_pairs(truth, n), seed=1, reps=100)
        elo, low, high = ratings["medium"]
        assert low <= elo <= high
        assert ratings["random"] == (0.0, 0.0, 0.0)
        widths.append(high - low)
    assert widths[1] < widths[0] / 2


def test_level_list_is_checked() -> None:
    known = ("random", "easy", "medium")
    assert parse_levels("Random, easy", known) == ["random", "easy"]
    for bad in ("random,foo", "easy", "easy,easy"):
        with pytest.raises(ValueError):
            parse_levels(bad, known)


def test_cli_plays_a_tiny_round_robin(capsys) -> None:
    assert main(["--ladder", "random,easy,medium", "--games", "2", "--seed", "4", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert [(p["a"], p["b"]) for p in out["pairs"]] == [
        ("random", "easy"),
        ("random", "medium"),
        ("easy", "medium"),
    ]
    assert all(p["a_wins"] + p["b_wins"] + p["other"] == 2 for p in out["pairs"])
    assert out["elo"]["random"]["elo"] == 0.0
    assert main(["--ladder", "random,easy", "--games", "2", "--seed", "4"]) == 0
    text = capsys.readouterr().out
    assert "Elo ladder" in text and "easy:" in text


def test_cli_refuses_an_unknown_level(capsys) -> None:
    with pytest.raises(SystemExit) as exc:
        main(["--ladder", "random,grandmaster", "--games", "2"])
    assert exc.value.code == 2
    assert "grandmaster" in capsys.readouterr().err
