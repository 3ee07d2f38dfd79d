"""The demo mode: AI vs AI in the real window (dummy driver), prints READY, exits 0 at the end."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_demo_runs_a_game_to_the_end(tmp_path):
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    proc = subprocess.run(
        [sys.executable, "-m", "game", "--demo", "--seed", "5", "--exit-after-game",
         "--speed", "40", "--max-fps", "1000", "--level", "random", "--settings", str(tmp_path / "s.json")],
        cwd=ROOT, env=env, capture_output=True, text=True, timeout=120,
    )
    assert proc.returncode == 0, proc.stderr[-2000:]
    assert proc.stdout.splitlines()[0] == "READY"


def test_bad_flag_is_a_message_not_a_traceback():
    proc = subprocess.run([sys.executable, "-m", "game", "--no-such-flag"], cwd=ROOT,
                          capture_output=True, text=True, timeout=60)
    assert proc.returncode != 0
    assert "Traceback" not in proc.stderr


def test_ready_is_printed_only_for_the_demo_or_the_test_flag(tmp_path):
    from game.app import App, parse_args

    os.environ["SDL_VIDEODRIVER"] = "dummy"
    os.environ["SDL_AUDIODRIVER"] = "dummy"
    printed = {}
    for flags in ([], ["--ready"]):
        import contextlib
        import io

        out = io.StringIO()
        with contextlib.redirect_stdout(out):
            app = App(parse_args(["--settings", str(tmp_path / "s.json"), "--windowed", *flags]))
            app.step()
            app.close(quit_pygame=False)
        printed[bool(flags)] = out.getvalue()
    assert "READY" not in printed[False]
    assert printed[True].splitlines()[0] == "READY"
