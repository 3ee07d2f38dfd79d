"""The typed seams stay typed: mypy, with the project's configuration ([tool.mypy] in
pyproject.toml: game/engine, game/persist, game/common and game/ui's core, kit, table, match,
records and learn), finds no error.

Each run gets a cache of its own (a fresh directory): parallel workers never share one, and
the first run in it checks everything from scratch.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from mypy import api

ROOT = Path(__file__).resolve().parents[2]
CONFIG = ROOT / "pyproject.toml"


def run_mypy(cache: Path, *paths: Path) -> tuple[int, str]:
    """mypy's exit status and report; the configured folders unless ``paths`` are given."""
    args = ["--config-file", str(CONFIG), "--cache-dir", str(cache), "--no-error-summary",
            "--show-absolute-path", *map(str, paths)]
    if not paths:
        args += [str(ROOT / folder) for folder in configured_folders()]
    out, err, status = api.run(args)
    return status, out + err


def configured_folders() -> list[str]:
    """``files`` of [tool.mypy], read without a TOML parser (tomllib is 3.11+)."""
    text = CONFIG.read_text(encoding="utf-8")
    section = text.split("[tool.mypy]", 1)[1]
    line = next(x for x in section.splitlines() if x.startswith("files"))
    return [part.strip().strip('"') for part in line.split("[", 1)[1].split("]")[0].split(",")]


def test_the_configured_folders_cover_the_seams() -> None:
    assert {"game/engine", "game/persist", "game/ui/core", "game/ui/kit", "game/ui/table",
            "game/ui/match", "game/ui/records", "game/ui/learn"} <= set(configured_folders())


def test_mypy_finds_no_error(tmp_path: Path) -> None:
    status, report = run_mypy(tmp_path / "cache")
    assert status == 0, report


def test_a_planted_type_error_is_found(tmp_path: Path) -> None:
    # The same run over a module that misuses an engine type: the check can fail.
    planted = tmp_path / "planted.py"
    planted.write_text("from game.engine import State\n\n\n"
                       "def turn(state: State) -> str:\n"
                       "    return state.turn_no\n", encoding="utf-8")
    status, report = run_mypy(tmp_path / "cache", planted)
    assert status == 1, report
    assert "planted.py:5: error: Incompatible return value type" in report, report


def test_the_engine_is_clean_under_strict(tmp_path: Path) -> None:
    # `mypy --strict game/engine` (issue 43): every seam of the engine typed. A child process
    # in a scratch folder, so that the repository reaches mypy only as the files it is given
    # (the folder a run starts in would otherwise be on its import path too); without the
    # project's configuration, so that strict means mypy's own strict.
    engine = ROOT / "game" / "engine"
    config = tmp_path / "strict.ini"
    config.write_text("[mypy]\n", encoding="utf-8")
    run = subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", "--no-error-summary", "--cache-dir",
         str(tmp_path / "cache"), "--config-file", str(config), "--python-version", "3.10",
         str(engine)],
        cwd=tmp_path, capture_output=True, text=True, timeout=600,
    )
    assert run.returncode == 0, run.stdout + run.stderr
