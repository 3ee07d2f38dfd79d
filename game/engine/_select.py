"""Which engine runs: the pure-Python modules or the ones compiled by mypyc.

`python build/compile_engine.py` compiles the modules named in COMPILED in place: next to each
`state.py` lies a `state.cpython-311-...so` (`.pyd` on Windows), which Python's import system
prefers to the `.py`. game.engine's __init__ calls select() before it imports anything else,
so that the choice holds for every module of the engine:

- MINDBUG_ENGINE=pure: the `.py` files, even where compiled modules lie next to them (a finder
  placed before the usual one hands out the sources);
- MINDBUG_ENGINE=compiled: the compiled modules where they are built (else the pure ones, and
  the reason says so);
- unset (or `auto`): the compiled modules if they are built from the sources that lie beside
  them (the build writes each source's digest into BUILT_FILE), else the pure ones. So an
  edited `turns.py` is never shadowed by a compiled one of its old text. A bundle carries no
  sources; its compiled modules run.

A compiled module that is chosen but does not load (built for another Python, a damaged file,
a missing symbol) makes the whole engine fall back to the pure one, never a mix: load() drops
every module of the engine it imported and imports them all again from the sources, and the
reason names the error (ENGINE_WARNING in game.engine, which the programs print and log).

The pure engine is the reference: both play the same games record for record
(bench/engine_same.py). This module is never compiled itself.
"""

from __future__ import annotations

import hashlib
import importlib
import importlib.machinery
import importlib.util
import json
import os
import sys
from collections.abc import Sequence
from importlib.machinery import ModuleSpec
from pathlib import Path
from types import ModuleType

#: the engine's modules that build/compile_engine.py compiles (the rest stay Python: the
#: options and events are named tuples and an Option class with its own __new__; the effects'
#: classes compile as Python classes with compiled methods, see game.engine.effects)
COMPILED = ("board", "constant_effects", "draws", "effects", "interned", "moves", "reach", "setup",
            "state", "turns", "view")
#: the engine's other modules (tests/engine/test_engine_compiled.py checks that these two lists
#: name every module of the folder but _select)
MODULES = ("carddefs", "errors", "events", "labels", "options", "typed", "variants")
#: the order in which game.engine imports its modules first
IMPORT_ORDER = ("events", "carddefs", "errors", "labels", "options", "setup", "state",
                "variants", "view")
#: written by the build next to the modules: each compiled module's source digest
BUILT_FILE = "compiled.json"
ENV = "MINDBUG_ENGINE"
HERE = Path(__file__).resolve().parent
PACKAGE = __name__.rpartition(".")[0]


def source_digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def compiled_file(name: str) -> Path | None:
    """The compiled module `name` lying in the engine's folder, if there is one."""
    for suffix in importlib.machinery.EXTENSION_SUFFIXES:
        path = HERE / (name + suffix)
        if path.is_file():
            return path
    return None


def _stale_modules() -> list[str]:
    """The compiled modules whose source beside them is not the one they were built from."""
    try:
        built = json.loads((HERE / BUILT_FILE).read_text(encoding="utf-8"))["sources"]
    except (OSError, ValueError, KeyError, TypeError):
        built = {}
    stale = []
    for name in COMPILED:
        source = HERE / f"{name}.py"
        if source.is_file() and (not isinstance(built, dict) or built.get(name) != source_digest(source)):
            stale.append(name)
    return stale


def _damaged_files() -> list[str]:
    """The compiled files that are not the ones the build wrote (the build records each one's
    digest; a bundle may carry no record, then nothing is checked). A damaged shared library
    can crash the process as it loads (a truncated one does, SIGBUS), so it is never loaded."""
    try:
        written = json.loads((HERE / BUILT_FILE).read_text(encoding="utf-8"))["binaries"]
        assert isinstance(written, dict)
    except (OSError, ValueError, KeyError, TypeError, AssertionError):
        return []
    damaged = []
    for file_name, digest in sorted(written.items()):
        path = HERE / str(file_name)
        try:
            if source_digest(path) != digest:
                damaged.append(path.name)
        except OSError:
            damaged.append(path.name)
    return damaged


class _SourceFinder:
    """Finds the engine's modules as their `.py` sources (MINDBUG_ENGINE=pure, or the
    fallback), also a stray compiled file that an older build left beside one."""

    @staticmethod
    def find_spec(
        fullname: str, path: Sequence[str] | None = None, target: ModuleType | None = None
    ) -> ModuleSpec | None:
        package, _, name = fullname.rpartition(".")
        if package != PACKAGE or name.startswith("_"):
            return None
        source = HERE / f"{name}.py"
        if not source.is_file():
            return None
        return importlib.util.spec_from_file_location(fullname, source)


def select() -> tuple[str, str]:
    """Decide which engine the imports that follow load: ("compiled" | "pure", the reason)."""
    asked = os.environ.get(ENV, "").strip().lower()
    built = all(compiled_file(name) is not None for name in COMPILED)
    if asked not in ("", "auto", "pure", "compiled"):
        reason = f"{ENV}={asked!r} is not pure, compiled or auto; "
        asked = "auto"
    else:
        reason = ""
    if asked == "compiled":
        if built:
            stale = _stale_modules()
            return "compiled", f"{ENV}=compiled" + (
                f" (built from older sources of {', '.join(stale)})" if stale else ""
            )
        reason += f"{ENV}=compiled, but the compiled engine is not built"
    elif asked == "pure":
        reason += f"{ENV}=pure"
    elif not built:
        reason += "the compiled engine is not built (python build/compile_engine.py)"
    else:
        stale = _stale_modules()
        if not stale:
            return "compiled", reason + "built from the sources beside it"
        reason += (f"the compiled engine is older than {', '.join(s + '.py' for s in stale)} "
                   "(python build/compile_engine.py rebuilds it)")
    _use_sources()
    return "pure", reason


def _use_sources() -> None:
    if not any(isinstance(finder, _SourceFinder) for finder in sys.meta_path):
        sys.meta_path.insert(0, _SourceFinder())


def _import_all() -> list[ModuleType]:
    """Import every module of the engine (in the order game.engine's own imports have, which
    the modules' import circle was made for); return the ones COMPILED names."""
    for name in IMPORT_ORDER + COMPILED + MODULES:
        importlib.import_module(f"{PACKAGE}.{name}")
    return [sys.modules[f"{PACKAGE}.{name}"] for name in COMPILED]


def _forget_modules() -> None:
    """Drop every module of the engine but this one from sys.modules, so that the next import
    loads it again (from where the finders now say)."""
    for name in [n for n in sys.modules if n.startswith(PACKAGE + ".")]:
        if name != __name__:
            del sys.modules[name]


def _one_line(exc: BaseException) -> str:
    detail = " ".join(str(exc).split())
    return f"{type(exc).__name__}: {detail}" if detail else type(exc).__name__


def load() -> tuple[str, str, str | None]:
    """Choose the engine (select()) and import all of its modules: ("compiled" | "pure", the
    reason, a warning or None). The warning says why the compiled engine does not run where it
    was asked for (MINDBUG_ENGINE=compiled) or found but could not be loaded; then the pure
    engine runs, every module of it."""
    choice, reason = select()
    asked = os.environ.get(ENV, "").strip().lower() == "compiled"
    if choice == "pure":
        _import_all()
        return "pure", reason, reason if asked else None
    damaged = _damaged_files()
    if damaged:
        failure = f"changed since the build: {', '.join(damaged)}"
    else:
        try:
            loaded = _import_all()
            if running(loaded) == "compiled":
                return "compiled", reason, None
            failure = "some of its modules loaded as Python"  # e.g. imported before the choice
        except Exception as exc:  # ImportError mostly; a module's own start may raise anything
            failure = _one_line(exc)
    _forget_modules()
    _use_sources()
    _import_all()  # the pure engine's errors are real ones: they propagate
    reason = f"the compiled engine did not load ({failure}); the pure-Python engine runs"
    return "pure", reason, reason


def running(modules: Sequence[ModuleType]) -> str:
    """Which engine the imported modules are: "compiled" when every one of them is."""
    suffixes = tuple(importlib.machinery.EXTENSION_SUFFIXES)
    compiled = [(getattr(m, "__file__", None) or "").endswith(suffixes) for m in modules]
    return "compiled" if compiled and all(compiled) else "pure"
