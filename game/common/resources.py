"""The one place that finds the game's data/ and assets/ folders.

The game runs from three layouts, and every other module asks this one for paths instead of
building them from ``__file__``:

- a PyInstaller bundle: build/mindbug.spec copies the folders to the bundle's root, which is
  ``sys._MEIPASS`` (``_internal/`` beside the executable in a onedir build, a temporary folder
  in a onefile build);
- a source checkout or an editable install: the folders sit beside the ``game`` package;
- a wheel installed with ``pip install .``: setup.py copied them into the package as
  ``game/_data`` and ``game/_assets``, since a wheel can only carry files inside a package.
"""

from __future__ import annotations

import sys
from pathlib import Path

__all__ = ["asset_path", "data_path", "resource_dir", "search_path"]

_PACKAGE = Path(__file__).resolve().parents[1]  # the game package
_NAMES = ("data", "assets")


def search_path(name: str) -> list[Path]:
    """The folders tried for ``name`` ("data" or "assets"), first match wins."""
    if name not in _NAMES:
        raise ValueError(f"unknown resource folder {name!r}; expected one of {_NAMES}")
    found: list[Path] = []
    bundle = getattr(sys, "_MEIPASS", None)
    if bundle:
        found.append(Path(bundle) / name)
    # The checkout comes before the packaged copy so that a stray game/_data left by some
    # build tool can never shadow the files a developer is editing. It needs the project file
    # beside it: an installed package's parent is site-packages, where a folder named "data"
    # may belong to anybody.
    root = _PACKAGE.parent
    if (root / "pyproject.toml").is_file():
        found.append(root / name)
    found.append(_PACKAGE / f"_{name}")
    return found


def resource_dir(name: str) -> Path:
    """The folder ``name`` ("data" or "assets"), wherever the game runs from."""
    candidates = search_path(name)
    for path in candidates:
        if path.is_dir():
            return path
    tried = ", ".join(str(p) for p in candidates)
    raise FileNotFoundError(f"cannot find the game's {name}/ folder (looked in {tried})")


def data_path(*parts: str) -> Path:
    """A path inside data/, e.g. ``data_path("cards.yaml")``; the file need not exist."""
    return resource_dir("data").joinpath(*parts)


def asset_path(*parts: str) -> Path:
    """A path inside assets/, e.g. ``asset_path("sounds", "play.ogg")``."""
    return resource_dir("assets").joinpath(*parts)
