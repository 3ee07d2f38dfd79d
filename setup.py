"""Setuptools hook: put data/ and assets/ inside the package of a built wheel.

All project metadata lives in pyproject.toml; this file only adds what pyproject.toml cannot
say. The content folders sit beside the package in the checkout (where editors, the engine's
tests and PyInstaller want them), but a wheel can only carry files inside a package, so a
non-editable ``pip install .`` copies them to ``game/_data`` and ``game/_assets`` in the build
folder, where ``game.common.resources`` looks for them. The source tree itself is never written to.
"""

from __future__ import annotations

import shutil
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

ROOT = Path(__file__).resolve().parent

# checkout folder -> folder inside the installed ``game`` package (see game/common/resources.py)
CONTENT = {"data": "_data", "assets": "_assets"}


class build_py_with_content(build_py):
    """build_py that also copies the content folders into the built package."""

    def run(self) -> None:
        super().run()
        # An editable install reads data/ and assets/ straight from the checkout, so copying
        # would only leave stale duplicates behind.
        if getattr(self, "editable_mode", False):
            return
        package_dir = Path(self.build_lib) / "game"
        for source, target in CONTENT.items():
            src = ROOT / source
            dst = package_dir / target
            # The build folder survives between builds: start clean so a deleted card file
            # or sound never ships again.
            if dst.exists():
                shutil.rmtree(dst)
            if src.is_dir():
                shutil.copytree(
                    src, dst, ignore=shutil.ignore_patterns("__pycache__", "*.pyc", ".*")
                )


setup(
    cmdclass={"build_py": build_py_with_content},
    # setuptools' default build folder is ./build, which holds our PyInstaller spec; keep its
    # intermediate files in the ignored scratch folder that PyInstaller uses too.
    options={"build": {"build_base": ".pyi-work/setuptools"}},
)
