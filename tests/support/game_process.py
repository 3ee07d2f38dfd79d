"""The game as a process of its own (demo games, killed and resumed), and its save files."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

from game.persist import record as rec  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]


# ---------------------------------------------------------------------------------------------
# A real process, killed in the middle of a game
# ---------------------------------------------------------------------------------------------
def run_game(args: list[str], data: Path, **kw) -> subprocess.Popen:
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
               MINDBUG_DATA_DIR=str(data), PYTHONPATH=str(ROOT))
    return subprocess.Popen([sys.executable, "-m", "game", "--demo", "--level", "easy",
                             "--max-fps", "1000", "--settings", str(data / "s.json"), *args],
                            cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True, **kw)


def saves_in(data: Path) -> list[Path]:
    """The games in progress of a data folder (one file each)."""
    return sorted((data / "saves").glob("game-*.json"))


def wait_for_save(data: Path, decisions: int, count: int = 1, timeout: float = 60) -> list:
    """Wait until ``count`` saves each hold at least ``decisions`` choices; their records."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            records = [rec.loads(p.read_text()) for p in saves_in(data)]
        except (OSError, rec.RecordError):
            records = []
        if len(records) >= count and all(len(r.choices) >= decisions for r in records):
            return records
        time.sleep(0.1)
    raise AssertionError(f"no {count} saves of {decisions} decisions: {saves_in(data)}")
