"""Games played through the match controller to their end, and the replay command."""

from __future__ import annotations

import contextlib
import io
import subprocess
from pathlib import Path

from game.replay import main as replay_main
from game.ui.match.controller import MatchController


def play(ctl: MatchController, limit: int = 10**6) -> None:
    """Let the computer answer ``limit`` decisions (or to the end), synchronously."""
    for _ in range(limit):
        if ctl.over:
            return
        ctl.start_ai()
        ctl.worker._thread.join()
        ctl.respond(ctl.take_ai_option())


# ---------------------------------------------------------------------------------------------
# The command line
# ---------------------------------------------------------------------------------------------
def run_replay(*args: str) -> subprocess.CompletedProcess:
    """``python -m game.replay ARGS``, run in this process: its exit status and what it
    printed. (A process of its own costs its start-up; tests/common/test_cli_output.py runs the
    command as one.) An exception out of ``main`` fails the test, as its traceback would."""
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            status = replay_main(list(args))
        except SystemExit as exc:  # argparse's usage errors
            status = exc.code if isinstance(exc.code, int) else 1
    return subprocess.CompletedProcess(["python", "-m", "game.replay", *args], status,
                                       out.getvalue(), err.getvalue())


ROOT = Path(__file__).resolve().parents[2]
