"""Compile the rules engine with mypyc, in place: an optional step for speed.

    python build/compile_engine.py            # build (needs mypy and a C compiler)
    python build/compile_engine.py --clean    # remove what it built

The modules game.engine._select.COMPILED lists are compiled to C extensions beside their
`.py` files (game/engine/state.cpython-311-x86_64-linux-gnu.so and so on, with the shared
game/engine/_native__mypyc.*), and game/engine/compiled.json records the digest of each source
they were built from. None of it is committed (.gitignore). The pure-Python engine stays the
reference and the fallback: game.engine runs the compiled modules only while they match their
sources (an edited turns.py runs as Python until the next build), and MINDBUG_ENGINE=pure runs
the sources even beside a build. `python -m game.sim ... --json` says which engine ran.

Without mypyc or a C compiler this says so and leaves the pure engine in place (exit 1).
The PyInstaller spec and the build workflow run it before bundling.
"""

from __future__ import annotations

import argparse
import importlib.machinery
import importlib.util
import json
import os
import platform
import subprocess
import sys
import tempfile
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parent.parent
ENGINE = ROOT / "game" / "engine"
GROUP = "game.engine._native"  # the shared library: game/engine/_native__mypyc.<suffix>


def _select_module() -> ModuleType:
    """game/engine/_select.py, loaded by its path: importing game.engine would load the very
    modules this replaces."""
    spec = importlib.util.spec_from_file_location("_engine_select", ENGINE / "_select.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def built_files() -> list[Path]:
    """Every C extension in the engine's folder: this build's, and any left by an earlier one
    that compiled other modules (it would shadow the current source)."""
    return sorted({
        path
        for suffix in importlib.machinery.EXTENSION_SUFFIXES
        for path in ENGINE.glob("*" + suffix)
        if path.is_file()
    })


def clean(select: ModuleType) -> int:
    removed = built_files()
    manifest = ENGINE / select.BUILT_FILE
    if manifest.is_file():
        removed.append(manifest)
    for path in removed:
        path.unlink()
        print(f"removed {path.relative_to(ROOT)}")
    if not removed:
        print("nothing to remove: the compiled engine is not built")
    return 0


def up_to_date(select: ModuleType) -> bool:
    """Whether every compiled module is built, from the sources beside it."""
    return all(select.compiled_file(n) for n in select.COMPILED) and not select._stale_modules()


def build(select: ModuleType, opt_level: str) -> int:
    try:
        from mypyc.build import mypycify
        from setuptools import setup
    except ImportError as exc:
        print(f"cannot compile the engine: {exc.name or exc} is not installed "
              "(pip install mypy setuptools); the pure-Python engine runs", file=sys.stderr)
        return 1
    for path in built_files():  # none may be left from a build of other modules
        path.unlink()
    sources = [f"game/engine/{name}.py" for name in select.COMPILED]
    digests = {name: select.source_digest(ENGINE / f"{name}.py") for name in select.COMPILED}
    os.chdir(ROOT)  # mypyc names the modules by their paths from here
    with tempfile.TemporaryDirectory(prefix="mindbug-mypyc-") as work:
        try:
            extensions = mypycify(sources, opt_level=opt_level, group_name=GROUP,
                                  target_dir=os.path.join(work, "c"))
            setup(name="mindbug-engine", ext_modules=extensions, script_args=[
                "--quiet", "build_ext", "--inplace", "--build-temp", os.path.join(work, "temp"),
                "--build-lib", os.path.join(work, "lib")])  # fmt: skip
        except (Exception, SystemExit) as exc:  # distutils ends a failed compile by SystemExit
            for path in built_files():
                path.unlink()
            print(f"cannot compile the engine ({exc}); the pure-Python engine runs "
                  "(a C compiler and mypy are needed)", file=sys.stderr)
            return 1
    # the sources may have changed while the compiler ran: then the next import runs them
    # and each compiled file's digest: game.engine never loads one that changed since (a
    # damaged shared library can crash the process as it loads)
    binaries = {path.name: select.source_digest(path) for path in built_files()}
    (ENGINE / select.BUILT_FILE).write_text(json.dumps({
        "sources": digests, "binaries": binaries, "python": platform.python_version(),
        "mypy": _mypy_version(), "opt_level": opt_level,
    }, indent=1) + "\n", encoding="utf-8")  # fmt: skip
    for path in built_files():
        print(f"built {path.relative_to(ROOT)}")
    check = subprocess.run(
        [sys.executable, "-c", "import game.engine as e; print(e.ENGINE, '-', e.ENGINE_REASON)"],
        cwd=ROOT, capture_output=True, text=True, env={**os.environ, select.ENV: "auto"},
    )
    print(f"game.engine now runs: {check.stdout.strip() or check.stderr.strip()}")
    return 0 if check.stdout.startswith("compiled") else 1


def _mypy_version() -> str:
    try:
        from mypy.version import __version__
    except ImportError:
        return "?"
    return str(__version__)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--clean", action="store_true", help="remove the compiled engine")
    ap.add_argument("--force", action="store_true", help="build even when up to date")
    ap.add_argument("--opt-level", default="3", choices=["0", "1", "2", "3"],
                    help="the C compiler's optimisation level (default 3)")
    args = ap.parse_args(argv)
    select = _select_module()
    if args.clean:
        return clean(select)
    if not args.force and up_to_date(select):
        print("the compiled engine is up to date (built from the sources beside it; --force "
              "builds it again)")
        return 0
    return build(select, args.opt_level)


if __name__ == "__main__":
    sys.exit(main())
