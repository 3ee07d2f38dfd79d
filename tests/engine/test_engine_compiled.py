"""The compiled engine (issue 43 item 4): which engine runs, and both playing the same games.

The in-process suite runs whichever engine game.engine chose (the compiled one where
`python build/compile_engine.py` built it from the current sources, else the pure one); the
tests at the bottom run the scenarios, the engine's tests and bench/engine_same.py on the other
engine in a child process, so where the compiled engine is built both engines pass them.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

import game.engine
from game.engine import _select

ROOT = Path(__file__).resolve().parents[2]
OTHER_RUN = "MINDBUG_OTHER_ENGINE_RUN"  # set in the child, which must not start one again


def _fake_engine(folder: Path, *, built: bool, digests: dict[str, str] | None) -> None:
    """An engine folder with every compiled module's source, maybe a (fake, never imported)
    compiled file beside each, and maybe the build's record of the sources' digests."""
    for name in _select.COMPILED:
        (folder / f"{name}.py").write_text(f"# {name}\n", encoding="utf-8")
        if built:
            (folder / (name + _select.importlib.machinery.EXTENSION_SUFFIXES[0])).write_bytes(b"")
    if digests is not None:
        (folder / _select.BUILT_FILE).write_text(json.dumps({"sources": digests}), "utf-8")


@pytest.fixture
def fake_select(tmp_path, monkeypatch):
    """_select.select() against a fake folder; the source finder it may place is taken out."""
    monkeypatch.setattr(_select, "HERE", tmp_path)
    before = list(sys.meta_path)
    sys.meta_path[:] = [f for f in before if not isinstance(f, _select._SourceFinder)]
    yield tmp_path
    sys.meta_path[:] = before


def _digests(folder: Path) -> dict[str, str]:
    return {n: _select.source_digest(folder / f"{n}.py") for n in _select.COMPILED}


@pytest.mark.parametrize("asked", ["", "auto", "compiled"])
def test_without_a_build_the_pure_engine_runs(fake_select, monkeypatch, asked):
    monkeypatch.setenv(_select.ENV, asked)
    _fake_engine(fake_select, built=False, digests=None)
    choice, reason = _select.select()
    assert choice == "pure"
    assert "not built" in reason


def test_a_build_of_the_current_sources_runs(fake_select, monkeypatch):
    monkeypatch.delenv(_select.ENV, raising=False)
    _fake_engine(fake_select, built=True, digests=None)
    (fake_select / _select.BUILT_FILE).write_text(
        json.dumps({"sources": _digests(fake_select)}), "utf-8")
    assert _select.select()[0] == "compiled"
    assert not any(isinstance(f, _select._SourceFinder) for f in sys.meta_path)


def test_a_build_of_older_sources_is_not_run(fake_select, monkeypatch):
    """An edited turns.py must run, not the compiled text of before the edit."""
    monkeypatch.delenv(_select.ENV, raising=False)
    _fake_engine(fake_select, built=True, digests=None)
    digests = _digests(fake_select)
    (fake_select / "turns.py").write_text("# turns, edited\n", encoding="utf-8")
    (fake_select / _select.BUILT_FILE).write_text(json.dumps({"sources": digests}), "utf-8")
    choice, reason = _select.select()
    assert choice == "pure"
    assert "turns.py" in reason
    assert any(isinstance(f, _select._SourceFinder) for f in sys.meta_path)


def test_pure_can_be_told_beside_a_build(fake_select, monkeypatch):
    monkeypatch.setenv(_select.ENV, "pure")
    _fake_engine(fake_select, built=True, digests=None)
    (fake_select / _select.BUILT_FILE).write_text(
        json.dumps({"sources": _digests(fake_select)}), "utf-8")
    assert _select.select() == ("pure", "MINDBUG_ENGINE=pure")
    finder = next(f for f in sys.meta_path if isinstance(f, _select._SourceFinder))
    spec = finder.find_spec(f"{_select.PACKAGE}.state")
    assert spec is not None and spec.origin == str(fake_select / "state.py")
    assert finder.find_spec(f"{_select.PACKAGE}.effects") is None  # never compiled


def test_an_unknown_choice_is_named_and_auto_applies(fake_select, monkeypatch):
    monkeypatch.setenv(_select.ENV, "fast")
    _fake_engine(fake_select, built=False, digests=None)
    choice, reason = _select.select()
    assert choice == "pure"
    assert "'fast'" in reason


def test_the_engine_says_which_one_runs():
    assert game.engine.ENGINE in ("pure", "compiled")
    state_file = sys.modules["game.engine.state"].__file__ or ""
    assert (game.engine.ENGINE == "pure") == state_file.endswith(".py")


def _child(engine: str, *args: str, timeout: float = 900) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, _select.ENV: engine, OTHER_RUN: "1", "MINDBUG_LOOPBACK_ONLY": "1"}
    return subprocess.run([sys.executable, *args], cwd=ROOT, env=env, capture_output=True,
                          text=True, timeout=timeout)


def _other_engine() -> str:
    """The engine this process does not run, if the child can run it; else skip."""
    if os.environ.get(OTHER_RUN):
        pytest.skip("already the other engine's run")
    if game.engine.ENGINE == "compiled":
        return "pure"
    if not all(_select.compiled_file(n) for n in _select.COMPILED):
        pytest.skip("the compiled engine is not built (python build/compile_engine.py)")
    if _select._stale_modules():
        pytest.skip("the compiled engine is older than its sources (rebuild it)")
    return "compiled"


def test_the_other_engine_runs_when_told():
    other = _other_engine()
    out = _child(other, "-c", "import game.engine as e; print(e.ENGINE)")
    assert out.stdout.strip() == other, out.stderr[-2000:]


def test_the_other_engine_passes_the_scenarios():
    other = _other_engine()
    out = _child(other, "-m", "game.scenarios", "tests/scenarios")
    assert out.returncode == 0, (out.stdout[-3000:], out.stderr[-2000:])
    assert "FAIL" not in out.stdout


def test_the_other_engine_passes_the_engine_tests():
    """The engine's tests, the hostile-input ones among them (a compiled function checks its
    annotated arguments itself, and must still refuse bad input with the engine's errors), and
    the network's codec of a view, which names the engine's functions (compiled ones are
    built-in functions)."""
    other = _other_engine()
    out = _child(other, "-m", "pytest", "-q", "-n", "0", "-p", "no:cacheprovider",
                 "tests/engine", "tests/net/test_net_viewcodec.py", timeout=1800)
    assert out.returncode == 0, out.stdout[-4000:]


def test_both_engines_play_the_same_games():
    other = _other_engine()
    here = _child(game.engine.ENGINE, "bench/engine_same.py", "--games", "60")
    there = _child(other, "bench/engine_same.py", "--games", "60")
    assert here.returncode == there.returncode == 0, (here.stderr[-2000:], there.stderr[-2000:])
    assert here.stdout.splitlines()[-6:] == there.stdout.splitlines()[-6:]
