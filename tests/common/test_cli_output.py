"""The command-line tools and the window when standard output is closed (``>&-``) or its reader
goes away (``| head -c1``): a quiet end as Unix tools give, never a traceback nor an error box
(issue 41 item 8)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from game.ai.demo_games import play_demo
from game.common.cli_output import BROKEN_PIPE_STATUS
from game.persist.record import dumps

ROOT = Path(__file__).resolve().parents[2]
pytestmark = pytest.mark.skipif(os.name != "posix", reason="closing descriptor 1 is POSIX")
# The window's demo with this seed is a game of 9 decisions (Easy against Easy): the window
# plays it to its end in each test below, and how long it is changes nothing they check.
SHORT_GAME = "14"


def closed_stdout() -> None:
    os.close(1)


def run(args: list[str], tmp_path: Path, **kw) -> subprocess.CompletedProcess:
    env = dict(os.environ, PYTHONPATH=str(ROOT), SDL_VIDEODRIVER="dummy",
               SDL_AUDIODRIVER="dummy", MINDBUG_DATA_DIR=str(tmp_path / "data"))
    return subprocess.run([sys.executable, "-m", *args], cwd=ROOT, env=env, stderr=subprocess.PIPE,
                          text=True, timeout=300, **kw)


@pytest.mark.parametrize("tool", ["replay", "sim", "scenarios", "cards", "speech"])
def test_a_tool_with_its_standard_output_closed_ends_quietly(tmp_path, tool):
    replay = tmp_path / "r.json"
    replay.write_text(dumps(play_demo(3)), encoding="utf-8")
    args = {"replay": ["game.replay", str(replay)], "sim": ["game.sim", "--games", "3"],
            "scenarios": ["game.scenarios", "data/tutorial"], "cards": ["game.cards"],
            "speech": ["game.speech", "--seed", "7"]}[tool]
    done = run(args, tmp_path, preexec_fn=closed_stdout)
    assert done.stderr == "" and done.returncode == 0


def test_a_file_opened_while_standard_output_is_closed_never_gets_its_output(tmp_path):
    """Descriptor 1 closed: the next file opened would be it, and stdout's lines went into it."""
    target = tmp_path / "kept.txt"
    code = ("from game.common.cli_output import run_main\n"
            "import os, sys\n"
            "def main():\n"
            f"    fd = os.open({str(target)!r}, os.O_WRONLY | os.O_CREAT)\n"
            "    os.write(fd, b'mine')\n"
            "    print('a line for stdout', flush=True)\n"
            "    os.write(1, b'and one more')\n"
            "    os.close(fd)\n"
            "    return 0\n"
            "sys.exit(run_main(main))\n")
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, stderr=subprocess.PIPE,
                          text=True, timeout=60, preexec_fn=closed_stdout,
                          env=dict(os.environ, PYTHONPATH=str(ROOT)))
    assert done.returncode == 0 and done.stderr == ""
    assert target.read_bytes() == b"mine"


def test_the_window_whose_reader_goes_away_ends_quietly(tmp_path):
    """``python -m game --demo --exit-after-game | head -c1`` said "Something went wrong
    (BrokenPipeError ...)" and exited 1."""
    proc = subprocess.Popen(
        [sys.executable, "-m", "game", "--demo", "--seed", SHORT_GAME, "--speed", "100", "--max-fps",
         "1000", "--exit-after-game", "--settings", str(tmp_path / "s.json")], cwd=ROOT,
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        env=dict(os.environ, PYTHONPATH=str(ROOT), SDL_VIDEODRIVER="dummy",
                 SDL_AUDIODRIVER="dummy", MINDBUG_DATA_DIR=str(tmp_path / "data")))
    assert proc.stdout.read(1) == "R"
    proc.stdout.close()  # as head -c1 does
    err = proc.stderr.read()
    assert proc.wait(300) == BROKEN_PIPE_STATUS
    assert "went wrong" not in err and "Traceback" not in err and "BrokenPipe" not in err
    assert len(list((tmp_path / "data" / "replays").glob("replay-*.json"))) == 1  # played on


def test_the_window_with_its_standard_output_closed_plays_and_keeps_the_game(tmp_path):
    done = run(["game", "--demo", "--seed", SHORT_GAME, "--speed", "100", "--max-fps", "1000",
                "--exit-after-game", "--settings", str(tmp_path / "s.json")], tmp_path,
               preexec_fn=closed_stdout)
    assert done.returncode == 0 and "Traceback" not in done.stderr
    assert len(list((tmp_path / "data" / "replays").glob("replay-*.json"))) == 1
