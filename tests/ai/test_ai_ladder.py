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


def sim_summary(p1: str, p2: str, p1_wins: int, p2_wins: int, rules: str = "1v1") -> dict:
    """The part of a ``game.sim --json`` summary the ladder reads."""
    return {"games": p1_wins + p2_wins, "rules": rules, "seed": 1,
            "agents": {"p1": {"name": p1, "wins": p1_wins}, "p2": {"name": p2, "wins": p2_wins}}}


def test_earlier_runs_are_reused_and_runs_of_one_pair_add_up(tmp_path, capsys) -> None:
    # Two runs of easy vs random (seats either way round) and one of medium vs easy: the
    # ladder fits them without playing a game (--games 0) and writes the ratings file.
    runs = [sim_summary("easy", "random", 9, 1), sim_summary("random", "easy", 2, 8),
            sim_summary("medium", "easy", 7, 3), sim_summary("hard", "medium", 5, 0, "2v2")]
    files = []
    for i, run in enumerate(runs):
        path = tmp_path / f"run{i}.json"
        path.write_text(json.dumps(run))
        files += ["--results", str(path)]
    ratings = tmp_path / "ratings.json"
    argv = ["--ladder", "random,easy,medium", "--games", "0", *files,
            "--ratings-out", str(ratings), "--json"]
    assert main(argv) == 0
    out = json.loads(capsys.readouterr().out)
    pairs = {(p["a"], p["b"]): (p["a_wins"], p["b_wins"]) for p in out["pairs"]}
    assert pairs == {("random", "easy"): (3, 17), ("easy", "medium"): (3, 7)}
    assert out["games"] == {"random": 20, "easy": 30, "medium": 10}
    doc = json.loads(ratings.read_text())
    assert doc["command"].startswith("python -m game.sim --ladder random,easy,medium")
    assert doc["anchor"] == "random" and doc["ratings"]["random"]["elo"] == 0
    assert 0 < doc["ratings"]["easy"]["elo"] < doc["ratings"]["medium"]["elo"]
    # The ratings file is itself a results file: a later ladder builds on it.
    assert main(["--ladder", "random,easy,medium", "--games", "0", "--results", str(ratings),
                 "--json"]) == 0
    again = json.loads(capsys.readouterr().out)
    assert again["pairs"] == out["pairs"]


def test_an_unlinked_level_or_a_bad_results_file_is_a_usage_error(tmp_path, capsys) -> None:
    run = tmp_path / "run.json"
    run.write_text(json.dumps(sim_summary("easy", "random", 9, 1)))
    broken = tmp_path / "broken.json"
    broken.write_text("{not json")
    for extra, words in (([str(run)], "do not link"), ([str(broken)], "broken.json"),
                         ([str(tmp_path / "missing.json")], "cannot read")):
        with pytest.raises(SystemExit) as exc:
            main(["--ladder", "random,easy,medium", "--games", "0", "--results", *extra])
        assert exc.value.code == 2
        assert words in capsys.readouterr().err
    with pytest.raises(SystemExit):
        main(["--p1", "easy", "--games", "0"])  # 0 games only for a ladder from results
    assert "0 only with" in capsys.readouterr().err


def test_the_game_reads_measured_ratings_and_invents_none(tmp_path) -> None:
    from game.ai.ratings import Rating, load_ratings

    path = tmp_path / "ai-ratings.json"
    path.write_text(json.dumps({"ratings": {"random": {"elo": 0, "ci95": [0, 0], "games": 9},
                                            "easy": {"elo": 412, "ci95": [380, 450]}}}))
    assert load_ratings(path) == {"random": Rating(0, 0, 0, 9), "easy": Rating(412, 380, 450, 0)}
    path.write_text("[]")
    assert load_ratings(path) == {}
    assert load_ratings(tmp_path / "missing.json") == {}


def test_a_run_without_the_time_cap_counts_as_the_level_itself() -> None:
    # The window plays every level without the wall-clock cap, so "hard:time_limit=none" is
    # Hard; any other variant is a different player and keeps its name.
    from game.ai.ladder import pairs_from_results

    runs = [sim_summary("expert:time_limit=none", "hard:time_limit=none", 6, 4),
            sim_summary("hard:time_limit=none,iterations=600", "hard", 3, 2)]
    pairs = pairs_from_results(runs)
    assert [(p.a, p.b) for p in pairs] == [("expert", "hard"),
                                           ("hard:time_limit=none,iterations=600", "hard")]
