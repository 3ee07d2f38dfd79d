"""game.common.resources finds data/ and assets/ from a checkout, a bundle and a real wheel install.

The bundle itself is exercised end to end by build/check_bundle.py; here its layout is only
imitated through ``sys._MEIPASS``.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
import venv
from pathlib import Path

import pytest

from game.common import resources

ROOT = Path(__file__).resolve().parents[2]


def _files(folder: Path) -> set[str]:
    """Relative paths of the files a build would ship (hidden files and caches are skipped)."""
    out = set()
    for p in folder.rglob("*"):
        rel = p.relative_to(folder)
        if p.is_file() and not any(s.startswith(".") or s == "__pycache__" for s in rel.parts):
            out.add(rel.as_posix())
    return out


def test_checkout_finds_the_folders_beside_the_package() -> None:
    assert resources.resource_dir("data") == ROOT / "data"
    assert resources.data_path("cards.yaml") == ROOT / "data" / "cards.yaml"
    assert resources.data_path("cards.yaml").is_file()


@pytest.mark.skipif(not (ROOT / "assets").is_dir(), reason="no assets committed yet")
def test_checkout_finds_assets() -> None:
    assert resources.resource_dir("assets") == ROOT / "assets"
    assert resources.asset_path("sounds", "x.ogg") == ROOT / "assets" / "sounds" / "x.ogg"


def test_bundle_folder_wins(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    (tmp_path / "data").mkdir()
    (tmp_path / "assets").mkdir()
    monkeypatch.setattr(sys, "_MEIPASS", str(tmp_path), raising=False)
    assert resources.resource_dir("data") == tmp_path / "data"
    assert resources.asset_path("icons") == tmp_path / "assets" / "icons"


def test_packaged_copy_is_used_without_a_checkout(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    # An installed package: site-packages/game/_data, and a stray "data" folder of some other
    # distribution beside it that must not be taken for ours.
    package = tmp_path / "site-packages" / "game"
    (package / "_data").mkdir(parents=True)
    (package / "_assets").mkdir()
    (tmp_path / "site-packages" / "data").mkdir()
    monkeypatch.setattr(resources, "_PACKAGE", package)
    monkeypatch.delattr(sys, "_MEIPASS", raising=False)
    assert resources.resource_dir("data") == package / "_data"
    assert resources.resource_dir("assets") == package / "_assets"


def test_missing_folder_names_every_place_tried(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setattr(resources, "_PACKAGE", tmp_path / "game")
    monkeypatch.delattr(sys, "_MEIPASS", raising=False)
    with pytest.raises(FileNotFoundError) as err:
        resources.data_path("cards.yaml")
    assert str(tmp_path / "game" / "_data") in str(err.value)


def test_unknown_folder_is_rejected() -> None:
    with pytest.raises(ValueError):
        resources.resource_dir("saves")


# What the installed copy reports, run by the venv's interpreter from an empty folder so that
# neither the checkout nor the current directory can be imported by mistake.
_PROBE = textwrap.dedent(
    """
    import json, pathlib, game, game.common.resources as r
    found = {"package": str(pathlib.Path(game.__file__).resolve().parent)}
    for name in ("data", "assets"):
        try:
            folder = r.resource_dir(name)
        except FileNotFoundError:
            found[name], found[name + "_files"] = None, []
            continue
        found[name] = str(folder)
        found[name + "_files"] = sorted(
            p.relative_to(folder).as_posix() for p in folder.rglob("*") if p.is_file())
    # The real consumer, through the engine's documented loader.
    from game.cards import load_cards
    found["cards_loaded"] = len(load_cards().defs)
    print(json.dumps(found))
    """
)


def test_non_editable_wheel_install_carries_data_and_assets(tmp_path: Path) -> None:
    """Build the wheel as ``pip install .`` would, install it into a fresh venv and ask it."""
    wheels = tmp_path / "wheels"
    subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "wheel",
            "--no-deps",
            "--quiet",
            "-w",
            str(wheels),
            str(ROOT),
        ],
        check=True,
        cwd=tmp_path,
    )
    (wheel,) = wheels.glob("mindbug_desktop-*.whl")

    # No pip of its own (fast to create); the system site-packages lend it pip and the
    # game's dependencies, while the game itself is installed into the venv only.
    env_dir = tmp_path / "venv"
    venv.EnvBuilder(system_site_packages=True, with_pip=False).create(env_dir)
    python = env_dir / ("Scripts/python.exe" if os.name == "nt" else "bin/python")
    subprocess.run(
        [
            str(python),
            "-m",
            "pip",
            "install",
            "--no-deps",
            "--no-index",
            "--quiet",
            "--force-reinstall",
            "--disable-pip-version-check",
            str(wheel),
        ],
        check=True,
        cwd=tmp_path,
    )

    run_dir = tmp_path / "elsewhere"
    run_dir.mkdir()
    env = {k: v for k, v in os.environ.items() if not k.startswith("PYTHON")}
    out = subprocess.run(
        [str(python), "-c", _PROBE],
        check=True,
        cwd=run_dir,
        env=env,
        capture_output=True,
        text=True,
    ).stdout
    found = json.loads(out)

    package = Path(found["package"])
    assert env_dir.resolve() in package.parents, f"imported {package}, not the installed copy"
    assert Path(found["data"]) == package / "_data"
    assert "cards.yaml" in found["data_files"]
    assert found["cards_loaded"] > 0
    assert set(found["data_files"]) == _files(ROOT / "data")
    # A wheel has no empty folders: assets/ is only there once it holds files.
    if _files(ROOT / "assets"):
        assert Path(found["assets"]) == package / "_assets"
    assert set(found["assets_files"]) == _files(ROOT / "assets")
