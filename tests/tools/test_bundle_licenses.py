"""The licence notices the PyInstaller bundle carries (build/bundle_licenses.py): found in the
installed distributions, laid out as the spec lays them, and checked as check_bundle checks."""

from __future__ import annotations

import importlib.util
import re
import shutil
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def load(name: str):
    spec = importlib.util.spec_from_file_location(name, ROOT / "build" / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module  # a dataclass module looks itself up while it is made
    try:
        spec.loader.exec_module(module)
    finally:
        del sys.modules[name]
    return module


licences = load("bundle_licenses")


def test_the_runtime_list_is_the_games_dependencies():
    tomllib = pytest.importorskip("tomllib")  # Python 3.11+
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    names = {re.split(r"[<>=!~;\[ ]", dep, maxsplit=1)[0].lower() for dep in project["dependencies"]}
    assert names == {n.lower() for n in licences.RUNTIME}


def test_pygame_ce_lgpl_and_the_others_are_found_installed():
    found = licences.sources()
    for name in licences.RUNTIME + ("Python",):
        assert found[name], f"no licence file found for {name}"
    lgpl = " ".join(p.read_text(encoding="utf-8", errors="replace") for p in found["pygame-ce"])
    assert "GNU LESSER GENERAL PUBLIC LICENSE" in lgpl.upper()
    python = found["Python"][0].read_text(encoding="utf-8", errors="replace")
    assert "PYTHON SOFTWARE FOUNDATION LICENSE" in python.upper()


def lay_out(bundle: Path, datas: list[tuple[str, str]], binaries: list[str]) -> None:
    """What PyInstaller does with the spec's datas and the notice."""
    for src, folder in datas:
        (bundle / folder).mkdir(parents=True, exist_ok=True)
        shutil.copy(src, bundle / folder)
    (bundle / licences.FOLDER / licences.NOTICE).write_text(licences.notice(binaries),
                                                           encoding="utf-8")


def test_a_bundle_laid_out_from_the_spec_has_every_notice(tmp_path):
    builder_installed = bool(licences.sources()["pyinstaller"])
    binaries = ["/x/pygame_ce.libs/libSDL2-2-50d19f93.0.so.0.3200.10", "/x/libpython3.11.so.1.0"]
    lay_out(tmp_path, licences.datas(), binaries)
    expected = [] if builder_installed else ["licenses/pyinstaller/ (no licence file)"]
    assert licences.missing(tmp_path) == expected
    notice = (tmp_path / "licenses" / "NOTICE.txt").read_text(encoding="utf-8")
    assert "pygame-ce" in notice and "LGPL" in notice and "libSDL2-2-50d19f93" in notice
    assert "libpython" not in notice.split("Native libraries")[1]
    sdl = tmp_path / "licenses" / "sdl-and-codecs"
    assert {"LICENSE.sdl2.txt", "LICENSE.freetype.txt", "LICENSE.png.txt"} <= {p.name for p in sdl.iterdir()}


def test_every_asset_has_its_source_and_licence_in_the_notice(tmp_path):
    """Each file the bundle takes from assets/ lies in a folder the notice accounts for, and the
    licence texts the music needs (the soundfont's MIT, the music's own CC0) travel with it."""
    assert licences.unlisted_assets(ROOT) == []
    assert (ROOT / "assets" / "music").is_dir()
    lay_out(tmp_path, licences.datas(), [])
    notice = (tmp_path / "licenses" / "NOTICE.txt").read_text(encoding="utf-8")
    for folder in ("assets/music/", "assets/sounds/", "assets/icons/"):
        assert f"- {folder}:" in notice
    assert "FluidR3_GM" in notice and "CC0" in notice
    texts = {p.name: p.read_text(encoding="utf-8") for p in (tmp_path / "licenses" / "assets").iterdir()}
    assert "Permission is hereby granted" in texts["LICENSE.FluidR3_GM.txt"]
    assert "CC0 1.0" in texts["LICENSE.music.txt"]
    # a file in a folder the notice does not know is named
    stray = tmp_path / "root" / "assets" / "videos" / "intro.webm"
    stray.parent.mkdir(parents=True)
    stray.write_bytes(b"")
    assert licences.unlisted_assets(tmp_path / "root") == ["assets/videos/intro.webm"]


def test_missing_or_wrong_notices_are_named(tmp_path):
    assert "licenses/NOTICE.txt" in licences.missing(tmp_path)
    assert "licenses/pygame-ce/ (no licence file)" in licences.missing(tmp_path)
    assert "licenses/sdl-and-codecs/ (no licence file)" in licences.missing(tmp_path)
    assert "licenses/assets/ (no licence file)" in licences.missing(tmp_path)
    wrong = tmp_path / "licenses" / "pygame-ce"
    wrong.mkdir(parents=True)
    (wrong / "LICENSE").write_text("MIT License", encoding="utf-8")
    assert any("pygame-ce/ (no file says" in p for p in licences.missing(tmp_path))


def test_check_bundle_reports_the_notices(tmp_path):
    check_bundle = load("check_bundle")
    line, missing = check_bundle.licence_report(tmp_path)
    assert line is None and missing
    lay_out(tmp_path, licences.datas(), [])
    line, missing = check_bundle.licence_report(tmp_path)
    if licences.sources()["pyinstaller"]:
        assert missing == [] and "licence notices in the bundle" in line and "pygame-ce" in line
    else:
        assert missing == ["licenses/pyinstaller/ (no licence file)"]
