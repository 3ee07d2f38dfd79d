"""The compiled engine (issue 43 item 4): which engine runs, and both playing the same games.

The in-process suite runs whichever engine game.engine chose (the compiled one where
`python build/compile_engine.py` built it from the current sources, else the pure one); the
tests at the bottom run the scenarios, the engine's tests and bench/engine_same.py on the other
engine in a child process, so where the compiled engine is built both engines pass them.
"""

from __future__ import annotations

import json
import os
import pickle
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import game.engine
from game.cards import load_cards
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
    assert finder.find_spec(f"{_select.PACKAGE}.options") is None  # never compiled


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


def test_the_module_lists_name_every_module_of_the_engine():
    """load() imports COMPILED and MODULES: a module missing from both would be left behind as
    a compiled one when the rest falls back to Python."""
    folder = Path(_select.__file__).parent
    on_disk = {p.stem for p in folder.glob("*.py")} - {"__init__", "_select"}
    assert on_disk == set(_select.COMPILED) | set(_select.MODULES)
    assert not set(_select.COMPILED) & set(_select.MODULES)
    assert set(_select.IMPORT_ORDER) <= on_disk


#: run in a child with a copy of the engine as the package `game.engine`: which engine runs,
#: why, and where every module of it was loaded from; then a game to its end
_REPORT = """
import json, pickle, sys
import game.engine as e
from game.engine import new_game
files = {n: m.__file__ for n, m in sys.modules.items() if n.startswith("game.engine.")}
with open("cards.pickle", "rb") as f:
    g = new_game(pickle.load(f), seed=3)
while g.winner is None:
    g.respond(g.pending.options[0], serial=g.pending.serial)
print(json.dumps({"engine": e.ENGINE, "reason": e.ENGINE_REASON, "warning": e.ENGINE_WARNING,
                  "files": files, "winner": g.winner}))
"""


def _engine_copy(root: Path) -> Path:
    """game/engine's sources copied to root/game/engine (the engine imports nothing of the
    rest of the game); returns the engine's folder."""
    engine = root / "game" / "engine"
    shutil.copytree(Path(_select.__file__).parent, engine,
                    ignore=shutil.ignore_patterns("__pycache__", "*.so", "*.pyd", "*.json"))
    (root / "game" / "__init__.py").write_text("", encoding="utf-8")
    (root / "cards.pickle").write_bytes(pickle.dumps(load_cards()))  # the cards' loader is not copied
    return engine


def _plant_damaged_build(engine: Path) -> None:
    """A compiled file for every module COMPILED names that is no shared library at all, with
    the build's record saying it was built from the sources beside it."""
    digests = {}
    for name in _select.COMPILED:
        suffix = _select.importlib.machinery.EXTENSION_SUFFIXES[0]
        (engine / (name + suffix)).write_bytes(b"\x7fELF damaged by a test")
        digests[name] = _select.source_digest(engine / f"{name}.py")
    (engine / _select.BUILT_FILE).write_text(json.dumps({"sources": digests}), "utf-8")


def _report(root: Path, engine: str, prelude: str = "", after: str = "") -> dict[str, object]:
    env = {**os.environ, _select.ENV: engine, "PYTHONDONTWRITEBYTECODE": "1"}
    env.pop("PYTHONPATH", None)
    out = subprocess.run([sys.executable, "-c", prelude + _REPORT + after], cwd=root, env=env,
                         capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr[-3000:]
    return json.loads(out.stdout)


@pytest.mark.parametrize("asked", ["auto", "compiled"])
def test_a_damaged_build_falls_back_to_the_pure_engine(tmp_path, asked):
    """A compiled file that does not load (here: not a shared library; as well a build for
    another Python or one missing a symbol) makes the whole engine pure, and says why."""
    _plant_damaged_build(_engine_copy(tmp_path))
    report = _report(tmp_path, asked)
    assert report["engine"] == "pure"
    assert report["winner"] in (0, 1)
    warning = report["warning"]
    assert isinstance(warning, str) and warning == report["reason"]
    assert "the compiled engine did not load (ImportError" in warning
    files = report["files"]
    assert isinstance(files, dict) and len(files) > len(_select.COMPILED)
    assert all(str(f).endswith(".py") for f in files.values()), files


def test_a_compiled_file_changed_since_the_build_is_never_loaded(tmp_path):
    """A truncated shared library crashes the process that loads it (SIGBUS): a file whose
    digest is not the one the build recorded is not loaded at all."""
    engine = _engine_copy(tmp_path)
    _plant_damaged_build(engine)
    record = json.loads((engine / _select.BUILT_FILE).read_text("utf-8"))
    state_file = "state" + _select.importlib.machinery.EXTENSION_SUFFIXES[0]
    record["binaries"] = {state_file: "0" * 64}
    (engine / _select.BUILT_FILE).write_text(json.dumps(record), "utf-8")
    report = _report(tmp_path, "auto")
    assert report["engine"] == "pure"
    assert report["warning"] == (f"the compiled engine did not load (changed since the build: "
                                 f"{state_file}); the pure-Python engine runs")


#: a compiled module that fails half-way through the engine's imports (after others loaded):
#: the finder raises once for `view`, as a build missing a symbol would
#: game.engine._select loaded before the package (whose start runs the choice), to be patched
_SELECT_FIRST = """
import importlib.util, sys
spec = importlib.util.spec_from_file_location("game.engine._select", "game/engine/_select.py")
_select = importlib.util.module_from_spec(spec)
sys.modules[spec.name] = _select
spec.loader.exec_module(_select)
"""
_VIEW_FAILS_ONCE = _SELECT_FIRST + """
_select.select = lambda: ("compiled", "a test's build")
class _Fails:
    done = False
    @classmethod
    def find_spec(cls, fullname, path=None, target=None):
        if fullname == "game.engine.view" and not cls.done:
            cls.done = True
            raise ImportError("undefined symbol: CPyStatics")
        return None
sys.meta_path.insert(0, _Fails)
"""


def test_a_module_failing_after_others_loaded_leaves_no_mix(tmp_path):
    """The modules imported before the failing one are imported again from their sources:
    one engine, every module of it the same (the view's State is the state's State)."""
    _engine_copy(tmp_path)
    check = ("\nimport game.engine.view as v, game.engine.state as s\n"
             "assert v.State is s.State is e.State\n")
    report = _report(tmp_path, "auto", _VIEW_FAILS_ONCE, check)
    assert report["engine"] == "pure"
    assert report["warning"] == ("the compiled engine did not load (ImportError: undefined "
                                 "symbol: CPyStatics); the pure-Python engine runs")


def test_modules_chosen_compiled_but_loaded_as_python_fall_back(tmp_path):
    """Chosen compiled, but the modules came from their sources (imported before the choice,
    say): not a mix of the two, the pure engine with the reason."""
    _engine_copy(tmp_path)
    prelude = _SELECT_FIRST + '_select.select = lambda: ("compiled", "")\n'
    report = _report(tmp_path, "auto", prelude)
    assert report["engine"] == "pure"
    assert "some of its modules loaded as Python" in str(report["warning"])


def test_compiled_asked_without_a_build_says_so(tmp_path):
    _engine_copy(tmp_path)
    report = _report(tmp_path, "compiled")
    assert report["engine"] == "pure"
    assert report["warning"] == "MINDBUG_ENGINE=compiled, but the compiled engine is not built"
    assert _report(tmp_path, "auto")["warning"] is None  # not asked for: nothing to warn of


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


_SCHEMA = """
import typing
from game.cards import load_cards
from game.engine.constant_effects import CONSTANT
from game.engine.effects import TRIGGERED, effect_fields
for name, cls in [*TRIGGERED.items(), *CONSTANT.items()]:
    hints = typing.get_type_hints(cls)
    print(name, cls.__name__, sorted((f, repr(d), repr(hints[f])) for f, d in effect_fields(cls).items()))
    print(" ", [(a, repr(getattr(cls, a, None))) for a in
                ("purpose", "stage", "reads_others", "suppresses_play", "while_alone")])
for card in load_cards().defs:
    print(repr(card))
"""


def test_the_other_engine_reads_the_same_effects():
    """The card loader's schema of every effect (its fields, defaults and Literal choices) and
    the class attributes the engine reads: compiled, a dataclass keeps only quoted annotations
    as written and takes an assignment in its body for a field (game.engine.effects)."""
    other = _other_engine()
    here = _child(game.engine.ENGINE, "-c", _SCHEMA)
    there = _child(other, "-c", _SCHEMA)
    assert here.returncode == there.returncode == 0, (here.stderr[-2000:], there.stderr[-2000:])
    assert "Literal" in here.stdout
    assert here.stdout == there.stdout
