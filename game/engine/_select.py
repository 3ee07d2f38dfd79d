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

The pure engine is the reference: both play the same games record for record
(bench/engine_same.py). This module is never compiled itself.
"""

from __future__ import annotations

import hashlib
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
#: effects' classes are registered and read as Python classes, the options and events are
#: named tuples, and set-up checks every argument a caller gives it)
COMPILED = ("board", "draws", "interned", "moves", "state", "turns", "view")
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


class _SourceFinder:
    """Finds the engine's compiled modules as their `.py` sources (MINDBUG_ENGINE=pure)."""

    @staticmethod
    def find_spec(
        fullname: str, path: Sequence[str] | None = None, target: ModuleType | None = None
    ) -> ModuleSpec | None:
        package, _, name = fullname.rpartition(".")
        if package != PACKAGE or name not in COMPILED:
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
    if not any(isinstance(finder, _SourceFinder) for finder in sys.meta_path):
        sys.meta_path.insert(0, _SourceFinder())
    return "pure", reason


def running(modules: Sequence[ModuleType]) -> str:
    """Which engine the imported modules are: "compiled" when every one of them is."""
    suffixes = tuple(importlib.machinery.EXTENSION_SUFFIXES)
    compiled = [(getattr(m, "__file__", None) or "").endswith(suffixes) for m in modules]
    return "compiled" if compiled and all(compiled) else "pure"
