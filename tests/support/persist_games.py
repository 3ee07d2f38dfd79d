"""Games played through the match controller to their end, and the replay command."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

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
    return subprocess.run([sys.executable, "-m", "game.replay", *args], cwd=ROOT,
                          capture_output=True, text=True, timeout=60,
                          env=dict(os.environ, PYTHONPATH=str(ROOT)))


ROOT = Path(__file__).resolve().parents[2]
