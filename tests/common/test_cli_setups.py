"""``--mindbugs 1|2`` and ``--sets 1|2`` on the command lines of ``python -m game`` and
``python -m game.sim`` (``game.net host`` in tests/net/test_net_setups.py): the 2v2 set-up,
and a clear usage error (exit 2) for a bad value or for a set-up other than 1v1's."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from game.app import parse_args

ROOT = Path(__file__).resolve().parents[2]


def run(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", *args], cwd=ROOT, capture_output=True,
                          text=True, timeout=120)


def test_the_simulator_plays_the_set_up_and_says_so() -> None:
    out = run("game.sim", "--games", "4", "--rules", "2v2", "--mindbugs", "1", "--sets", "2",
              "--json")
    assert out.returncode == 0, out.stderr
    summary = json.loads(out.stdout)
    assert (summary["mindbugs"], summary["sets"], summary["finished"]) == (1, 2, 4)
    plain = json.loads(run("game.sim", "--games", "4", "--rules", "2v2", "--json").stdout)
    assert "mindbugs" not in plain and "sets" not in plain  # the default reports as before
    assert plain["mean_turns"] != summary["mean_turns"] or plain["wins"] != summary["wins"]


@pytest.mark.parametrize("module", ["game.sim", "game"])
@pytest.mark.parametrize("args, words", [
    (["--mindbugs", "1"], "2v2 set-ups (add --rules 2v2)"),
    (["--rules", "1v1", "--sets", "2"], "2v2 set-ups (add --rules 2v2)"),
    (["--rules", "2v2", "--sets", "3"], "argument --sets: must be a whole number from 1 to 2, not '3'"),
    (["--rules", "2v2", "--mindbugs", "two"], "argument --mindbugs: must be a whole number"),
])
def test_a_bad_set_up_is_a_usage_error(module, args, words, capsys) -> None:
    if module == "game":  # parse only: the window is never opened for a usage error
        with pytest.raises(SystemExit) as info:
            parse_args(args)
        assert info.value.code == 2 and words in capsys.readouterr().err
        return
    out = run(module, *args, "--games", "1")
    assert out.returncode == 2 and words in out.stderr and "Traceback" not in out.stderr


def test_the_window_takes_the_set_up_for_2v2(capsys) -> None:
    args = parse_args(["--rules", "2v2", "--mindbugs", "1", "--sets", "2"])
    assert (args.mindbugs, args.sets) == (1, 2)
    assert (parse_args([]).mindbugs, parse_args([]).sets) == (2, 1)
    with pytest.raises(SystemExit):
        parse_args(["--sets", "2"])
    assert "2v2 set-ups (add --rules 2v2)" in capsys.readouterr().err
