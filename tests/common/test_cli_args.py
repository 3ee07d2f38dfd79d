"""Command lines say no clearly (issue 11, item 5): every bad value is a usage error that
names the accepted range, exit status 2, never a quiet default, a crash or a slow game."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from game import sim
from game.app import parse_args

ROOT = Path(__file__).resolve().parents[2]


def refused(fn, argv, capsys) -> str:
    with pytest.raises(SystemExit) as info:
        fn(argv)
    assert info.value.code == 2
    err = capsys.readouterr().err
    assert err.startswith("usage:") and "Traceback" not in err
    return err.strip().splitlines()[-1]


@pytest.mark.parametrize("argv,range_text", [
    (["--level", "bogus"], "random, easy, medium, hard, expert"),
    (["--level", ""], "random, easy, medium, hard, expert"),
    (["--speed", "inf"], "from 0.1 to 100"),
    (["--speed=-inf"], "from 0.1 to 100"),
    (["--speed", "nan"], "from 0.1 to 100"),
    (["--speed", "0"], "from 0.1 to 100"),
    (["--speed", "-1"], "from 0.1 to 100"),
    (["--speed", "1e400"], "from 0.1 to 100"),
    (["--speed", "fast"], "from 0.1 to 100"),
    (["--seed", "-1"], f"from 0 to {2**63 - 1}"),
    (["--seed", str(2**63)], f"from 0 to {2**63 - 1}"),
    (["--seed", "9" * 5000], f"from 0 to {2**63 - 1}"),
    (["--seed", "3.0"], f"from 0 to {2**63 - 1}"),
    (["--max-fps", "0"], "from 1 to 10000"),
])
def test_game_flags_name_their_range(argv, range_text, capsys):
    line = refused(parse_args, argv, capsys)
    assert f"argument {argv[0].split('=')[0]}" in line and range_text in line


def test_good_game_flags_are_parsed():
    a = parse_args(["--level", "HARD", "--speed", "2.5", "--seed", "0", "--max-fps", "1000"])
    assert (a.level, a.speed, a.seed, a.max_fps) == ("hard", 2.5, 0, 1000)
    a = parse_args(["--speed", "0.1", "--seed", str(2**63 - 1)])
    assert a.speed == 0.1 and a.seed == 2**63 - 1
    a = parse_args([])
    assert a.level is None and a.speed is None and a.seed is None


@pytest.mark.parametrize("argv,range_text", [
    (["--jobs", "0"], "from 1 to"),
    (["--jobs", "-3"], "from 1 to"),
    (["--jobs", "40", "--games", "2"], "from 1 to"),
    (["--jobs", "3", "--games", "2"], "from 1 to"),
    (["--jobs", "1.5"], "whole number"),
    (["--games", "0"], "from 1 to 10000000"),
    (["--games", "-5"], "from 1 to 10000000"),
    (["--seed", "-1"], f"from 0 to {2**63 - 1}"),
])
def test_sim_flags_name_their_range(argv, range_text, capsys):
    line = refused(sim.main, argv, capsys)
    assert f"argument {argv[0]}" in line and range_text in line


def test_sim_jobs_range_is_cpus_and_games(capsys, monkeypatch):
    monkeypatch.setattr(sim.os, "cpu_count", lambda: 8)
    assert sim.max_jobs(2) == 2 and sim.max_jobs(100) == 8
    line = refused(sim.main, ["--jobs", "40", "--games", "2"], capsys)
    assert "from 1 to 2" in line and "not 40" in line
    line = refused(sim.main, ["--jobs", "9", "--games", "100"], capsys)
    assert "from 1 to 8" in line
    monkeypatch.setattr(sim.os, "cpu_count", lambda: None)
    assert sim.max_jobs(100) == 1


def test_sim_runs_with_good_flags(capsys):
    assert sim.main(["--games", "2", "--jobs", "1", "--seed", "3"]) == 0
    assert "games: 2" in capsys.readouterr().out


def test_the_game_exits_2_with_one_usage_line():
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    proc = subprocess.run([sys.executable, "-m", "game", "--speed", "inf"], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=60)
    assert proc.returncode == 2
    assert "Traceback" not in proc.stderr and "from 0.1 to 100" in proc.stderr
    assert proc.stdout == ""
