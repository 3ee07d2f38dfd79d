"""The simulation CLI: random games, agents, the JSON summary, determinism."""

from __future__ import annotations

import json

import pytest

from game import sim
from game.ai import batch


def run_json(capsys: pytest.CaptureFixture[str], *argv: str) -> dict:
    assert sim.main([*argv, "--json"]) == 0
    return json.loads(capsys.readouterr().out)


def test_random_games_1v1_all_finish(capsys: pytest.CaptureFixture[str]) -> None:
    out = run_json(capsys, "--games", "30", "--seed", "3")
    assert out["games"] == 30
    assert out["finished"] == 30
    assert sum(out["wins"].values()) == 30
    assert set(out["wins"]) == {"0", "1"}
    assert out["mean_turns"] > 1
    assert out["games_per_second"] > 0
    assert "agents" not in out


def test_random_games_2v2_report_teams(capsys: pytest.CaptureFixture[str]) -> None:
    out = run_json(capsys, "--games", "12", "--seed", "4", "--rules", "2v2")
    assert out["finished"] == 12
    assert out["wins_by"] == "team"
    assert sum(out["wins"].values()) == 12


def test_same_seed_same_games(capsys: pytest.CaptureFixture[str]) -> None:
    a = run_json(capsys, "--games", "15", "--seed", "9")
    b = run_json(capsys, "--games", "15", "--seed", "9")
    assert (a["wins"], a["mean_turns"]) == (b["wins"], b["mean_turns"])


def test_agents_block(capsys: pytest.CaptureFixture[str]) -> None:
    out = run_json(capsys, "--p1", "easy", "--p2", "random", "--games", "4", "--seed", "1")
    assert out["finished"] == 4
    p1, p2 = out["agents"]["p1"], out["agents"]["p2"]
    assert (p1["name"], p2["name"]) == ("easy", "random")
    assert p1["wins"] + p2["wins"] == 4
    for a in (p1, p2):
        low, high = a["ci95"]
        assert 0.0 <= low <= a["win_rate"] <= high <= 1.0
        assert 0.0 <= a["median_decision_s"] <= a["p95_decision_s"]


def test_agents_in_2v2_with_two_jobs(capsys: pytest.CaptureFixture[str]) -> None:
    out = run_json(
        capsys,
        "--p1",
        "medium",
        "--p2",
        "easy",
        "--games",
        "2",
        "--seed",
        "5",
        "--rules",
        "2v2",
        "--jobs",
        "2",
    )
    assert out["finished"] == 2
    assert out["agents"]["p1"]["wins"] + out["agents"]["p2"]["wins"] == 2
    assert out["errors"] == []


def test_text_output(capsys: pytest.CaptureFixture[str]) -> None:
    assert sim.main(["--games", "3", "--seed", "1", "--p1", "easy", "--p2", "random"]) == 0
    text = capsys.readouterr().out
    assert "games: 3" in text
    assert "p1 easy: win rate" in text
    assert "95% CI" in text


def test_seats_alternate_between_games() -> None:
    results = [batch.play_game(i, 2, "1v1", "random", "random") for i in range(4)]
    assert [r.p1_team for r in results] == [0, 1, 0, 1]


def test_wilson_interval() -> None:
    low, high = batch.wilson(0, 10)
    assert low == 0.0 and 0.2 < high < 0.35
    low, high = batch.wilson(50, 100)
    assert low < 0.5 < high and abs((0.5 - low) - (high - 0.5)) < 1e-9
    assert batch.percentile([3.0, 1.0, 2.0, 4.0], 50) == 2.0
    assert batch.percentile([], 95) == 0.0


def test_the_summary_names_the_engine_that_ran(capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 43 item 4: "pure" or "compiled"; MINDBUG_ENGINE=pure is obeyed even beside a
    compiled build (a child process: the engine is chosen when it is first imported)."""
    import os
    import subprocess
    import sys

    import game.engine

    assert run_json(capsys, "--games", "2", "--seed", "1")["engine"] == game.engine.ENGINE
    child = subprocess.run(
        [sys.executable, "-m", "game.sim", "--games", "2", "--seed", "1", "--json"],
        capture_output=True, text=True, timeout=300,
        env={**os.environ, "MINDBUG_ENGINE": "pure", "MINDBUG_LOOPBACK_ONLY": "1"},
    )
    assert json.loads(child.stdout)["engine"] == "pure", child.stderr[-2000:]


def test_an_engine_that_did_not_load_as_asked_is_said_on_stderr(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path
) -> None:
    """MINDBUG_ENGINE=compiled without a build that loads: one line saying why, the games
    played on the pure engine, no traceback (the error log gets the line too)."""
    import platformdirs

    import game.engine

    why = "MINDBUG_ENGINE=compiled, but the compiled engine is not built"
    monkeypatch.setattr(game.engine, "ENGINE_WARNING", why)
    monkeypatch.setattr(platformdirs, "user_log_dir", lambda *a, **k: str(tmp_path / "log"))
    assert sim.main(["--games", "1", "--seed", "1", "--json"]) == 0
    captured = capsys.readouterr()
    assert captured.err.strip() == f"rules engine: {why}"
    assert json.loads(captured.out)["games"] == 1
