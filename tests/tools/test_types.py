"""The type gate: mypy, with the project's configuration ([tool.mypy] in pyproject.toml: every
package of game/), finds no error.

mypy runs as a shell would run it: a child process (``python -m mypy``) started in a scratch
folder, with no PYTHONPATH. Run inside the test process instead, it would have the repository
and the test folders on its import path, and take whatever is found there but not given to it
as installed code, whose errors it does not report.

The run over game/ is made once (a module-scoped fixture) with a cache of its own: parallel
workers never share one, and the first run in it checks everything from scratch. The planted
error's run starts from a copy of that cache, so it checks again only what the plant changed.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
CONFIG = ROOT / "pyproject.toml"
# A cold run over game/ takes a minute on a quiet machine; a busy one takes several.
TIMEOUT = 1800


def shell_env() -> dict[str, str]:
    """The environment a shell would give mypy: no import path of the test session's."""
    return {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "MYPYPATH")}


def mypy(cwd: Path, cache: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "mypy", "--cache-dir", str(cache), *args],
        cwd=cwd, env=shell_env(), capture_output=True, text=True, timeout=TIMEOUT,
    )


def mypy_section() -> str:
    """[tool.mypy] and its overrides, read without a TOML parser (tomllib is 3.11+)."""
    return CONFIG.read_text(encoding="utf-8").split("\n[tool.mypy]\n", 1)[1]


def configured_files() -> list[str]:
    """``files`` of [tool.mypy] (one line)."""
    line = next(x for x in mypy_section().splitlines() if x.startswith("files"))
    return [part.strip().strip('"') for part in line.split("[", 1)[1].split("]")[0].split(",")]


@pytest.fixture(scope="module")
def game_check(tmp_path_factory: pytest.TempPathFactory) -> tuple[subprocess.CompletedProcess[str], Path]:
    """mypy over the configured files, from a scratch folder: its result and its cache."""
    scratch = tmp_path_factory.mktemp("mypy")
    cache = scratch / "cache"
    run = mypy(scratch, cache, "--config-file", str(CONFIG),
               *(str(ROOT / f) for f in configured_files()))
    return run, cache


def test_the_gate_covers_every_package_of_the_game() -> None:
    assert configured_files() == ["game"]
    section = mypy_section()
    # No module of the game is read for its types with its own errors left unreported, nor
    # skipped: the options that would do it stand only in the overrides of other packages'
    # modules (Ray's types are skipped, see pyproject.toml).
    common, *blocks = section.split("[[tool.mypy.overrides]]")
    assert "follow_imports" not in common and "ignore_errors" not in common
    overrides = [re.findall(r"^module = \[([^\]]*)\]", block, re.MULTILINE) for block in blocks]
    assert all(len(found) == 1 for found in overrides), blocks
    modules = [m.strip().strip('"') for found in overrides for m in found[0].split(",") if m.strip()]
    assert modules and not [m for m in modules if m.split(".")[0] in ("game", "*")], modules


def test_mypy_finds_no_error(game_check: tuple[subprocess.CompletedProcess[str], Path]) -> None:
    run, _cache = game_check
    assert run.returncode == 0, run.stdout + run.stderr


def test_a_planted_type_error_in_a_package_once_unchecked_is_found(
        game_check: tuple[subprocess.CompletedProcess[str], Path], tmp_path: Path) -> None:
    # game/speech was left out of the gate until issue 44. A copy of the game with one wrong
    # return type planted in it, checked as `mypy` in that copy's folder checks it (the
    # configuration's own ``files``): the gate must report it.
    _run, cache = game_check
    copy = tmp_path / "copy"
    shutil.copytree(ROOT / "game", copy / "game",
                    ignore=shutil.ignore_patterns("__pycache__", "*.png", "*.ogg", "*.wav", "*.mo",
                                                  "*.ttf", "*.otf", "*.dic"))
    shutil.copy(CONFIG, copy / "pyproject.toml")
    planted = copy / "game" / "speech" / "words.py"
    lines = planted.read_text(encoding="utf-8").splitlines()
    lines += ["", "", "def planted_turn() -> int:", '    return "three"']
    planted.write_text("\n".join(lines) + "\n", encoding="utf-8")
    shutil.copytree(cache, tmp_path / "cache")
    run = mypy(copy, tmp_path / "cache", "--config-file", "pyproject.toml")
    report = run.stdout + run.stderr
    assert run.returncode == 1, report
    where = f"game/speech/words.py:{len(lines)}: error: Incompatible return value type"
    assert where in report.replace(os.sep, "/"), report


def test_the_engine_is_clean_under_strict(tmp_path: Path) -> None:
    # `mypy --strict game/engine` (issue 43): every seam of the engine typed. Without the
    # project's configuration, so that strict means mypy's own strict.
    config = tmp_path / "strict.ini"
    config.write_text("[mypy]\n", encoding="utf-8")
    run = mypy(tmp_path, tmp_path / "cache", "--strict", "--no-error-summary", "--config-file",
               str(config), "--python-version", "3.10", str(ROOT / "game" / "engine"))
    assert run.returncode == 0, run.stdout + run.stderr
