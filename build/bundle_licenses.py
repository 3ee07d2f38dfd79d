"""The licence notices the bundle must carry, collected from what is installed.

    python build/bundle_licenses.py        # lists what the spec would bundle, and what is missing

The bundle ships other people's work: Python itself (PSF licence), pygame-ce and the SDL
libraries inside its wheel (pygame-ce is LGPL 2.1; SDL is zlib, some of its codecs LGPL),
PyYAML, platformdirs and filelock (MIT and similar), PyInstaller's bootloader (GPL with an
exception for bundled programs), and the game's music, played by the FluidR3_GM soundfont's
instruments (MIT; the music itself is CC0). Each licence asks that its text travel with the program. The
texts come from the installed distributions themselves, from their ``*.dist-info`` licence
files and, for pygame-ce, whose wheel has none there, from ``pygame/docs/generated/LGPL.txt``
inside the package, so they always match the versions that were bundled.

``build/mindbug.spec`` calls ``datas()`` (files into ``_internal/licenses/``) and
``notice()`` (``_internal/licenses/NOTICE.txt``: what was bundled, its licence, where its
source is); ``build/check_bundle.py`` calls ``missing(bundle_root)``. Standard library only:
PyInstaller runs the spec with the build machine's Python, 3.10 or newer.
"""

from __future__ import annotations

import importlib.metadata as metadata
import re
import sys
import sysconfig
import textwrap
from pathlib import Path

FOLDER = "licenses"  # inside the bundle's _internal/ (sys._MEIPASS)
NOTICE = "NOTICE.txt"

# The distributions whose code ends up in the bundle: the game's dependencies (pyproject.toml,
# checked by tests/tools/test_bundle_licenses.py) and PyInstaller, whose bootloader starts it.
RUNTIME = ("pygame-ce", "PyYAML", "platformdirs", "filelock", "pyphen")
BUILDER = ("pyinstaller",)
# The server extra's, which the window's Play online needs (the client's player key): bundled
# when installed (the spec keeps game.server's client), their notices with them.
ONLINE = ("cryptography", "cffi", "pycparser")
# Files inside a distribution's package that hold a licence its metadata does not list.
EXTRA_FILES = {"pygame-ce": ("pygame/docs/generated/LGPL.txt",)}
# Text that proves the right licence is there, not just any file of that name.
MUST_SAY = {
    "pygame-ce": "GNU LESSER GENERAL PUBLIC LICENSE",
    "Python": "PYTHON SOFTWARE FOUNDATION LICENSE",
}
SOURCES = {
    "pygame-ce": "https://github.com/pygame-community/pygame-ce (docs/licenses: the SDL and codec licences)",
    "PyYAML": "https://github.com/yaml/pyyaml",
    "platformdirs": "https://github.com/tox-dev/platformdirs",
    "filelock": "https://github.com/tox-dev/filelock",
    "pyphen": "https://github.com/Kozea/Pyphen (dictionaries: LibreOffice's, see their READMEs in pyphen/dictionaries)",
    "pyinstaller": "https://github.com/pyinstaller/pyinstaller",
    "Python": "https://www.python.org/downloads/source/",
}
# The licences of the native libraries inside pygame-ce's wheel (SDL 2, SDL_image, SDL_mixer,
# SDL_ttf and their codecs), which the wheel does not carry: copied from pygame-ce's source,
# docs/licenses, into build/licenses/sdl-and-codecs/.
NATIVE = "sdl-and-codecs"
NATIVE_DIR = Path(__file__).resolve().parent / "licenses" / NATIVE
MUST_SAY[NATIVE] = "SIMPLE DIRECTMEDIA LAYER"
# The game's own files (assets/): where each folder's files come from and under which licence;
# the licence texts they need are in build/licenses/assets/ (the soundfont the music is played
# with, and the music's own dedication), shipped as licenses/assets/.
ASSETS = "assets"
ASSETS_DIR = Path(__file__).resolve().parent / "licenses" / ASSETS
MUST_SAY[ASSETS] = "FLUIDR3_GM"
ASSET_SOURCES = {
    "assets/music": (
        "the game's music (menu, table, tension; the win and loss stings), composed for it: the "
        "scores are build/music/pieces.py, rendered by build/render_music.py with FluidSynth "
        "and the FluidR3_GM soundfont by Frank Wen (MIT; its text: assets/LICENSE.FluidR3_GM.txt "
        "beside this file). The compositions and recordings: CC0 1.0 "
        "(assets/LICENSE.music.txt)"),
    "assets/sounds": (
        "the sound effects, synthesised by the game's own code (game/ui/cards/assetgen.py) "
        "from sine, triangle and noise: no recorded or third-party audio; the project's own work"),
    "assets/icons": (
        "the keyword icons, the Mindbug token, the heart and the window icon, drawn by the "
        "game's own code (game/ui/kit/icons.py); the project's own work"),
}
_LICENCE_NAME = re.compile(r"(LICEN[CS]E|COPYING|NOTICE|AUTHORS)", re.IGNORECASE)


def _distribution_files(name: str) -> list[Path]:
    """The licence files of one installed distribution, as real paths."""
    try:
        dist = metadata.distribution(name)
    except metadata.PackageNotFoundError:
        return []
    found: list[Path] = []
    for entry in dist.files or ():
        parts = Path(str(entry)).parts
        in_metadata = parts and parts[0].endswith(".dist-info")
        if in_metadata and _LICENCE_NAME.search(parts[-1]):
            found.append(Path(str(dist.locate_file(entry))))
    for rel in EXTRA_FILES.get(name, ()):
        found.append(Path(str(dist.locate_file(rel))))
    return [p for p in found if p.is_file()]


def _python_licence() -> Path | None:
    """Python's own LICENSE.txt: beside the standard library (Linux, macOS) or in the
    installation folder (Windows)."""
    for folder in (Path(sysconfig.get_path("stdlib")), Path(sys.base_prefix)):
        path = folder / "LICENSE.txt"
        if path.is_file():
            return path
    return None


def sources() -> dict[str, list[Path]]:
    """Distribution (or "Python") -> its licence files on this machine."""
    found = {name: _distribution_files(name) for name in RUNTIME + BUILDER}
    found |= {name: files for name in ONLINE if (files := _distribution_files(name))}
    python = _python_licence()
    found["Python"] = [python] if python is not None else []
    return found


def datas() -> list[tuple[str, str]]:
    """(file, folder inside the bundle) pairs for PyInstaller's ``datas``."""
    native = [(str(p), f"{FOLDER}/{NATIVE}") for p in sorted(NATIVE_DIR.glob("LICENSE.*.txt"))]
    assets = [(str(p), f"{FOLDER}/{ASSETS}") for p in sorted(ASSETS_DIR.glob("LICENSE.*.txt"))]
    return ([(str(p), f"{FOLDER}/{name}") for name, paths in sources().items() for p in paths]
            + native + assets)


def unlisted_assets(root: Path) -> list[str]:
    """Files under ``root``/assets whose folder ``ASSET_SOURCES`` does not account for."""
    base = root / "assets"
    return sorted(str(p.relative_to(root).as_posix()) for p in base.rglob("*")
                  if p.is_file() and not p.name.startswith(".")
                  and p.parent.relative_to(root).as_posix() not in ASSET_SOURCES)


def _version(name: str) -> str:
    if name == "Python":
        return ".".join(map(str, sys.version_info[:3]))
    try:
        return metadata.version(name)
    except metadata.PackageNotFoundError:
        return "?"


# Where the metadata's word is not the whole story.
LICENCE_NOTES = {
    "Python": "PSF-2.0",
    "pyinstaller": "GPL-2.0-or-later with the bootloader exception: the bootloader that starts "
                   "the game may be shipped with a program under any licence",
}


def _licence_of(name: str) -> str:
    if name in LICENCE_NOTES:
        return LICENCE_NOTES[name]
    try:
        meta = metadata.metadata(name)
    except metadata.PackageNotFoundError:
        return "?"
    expression = meta["License-Expression"]  # None when absent (an email.message.Message)
    if expression:
        return str(expression)
    text = str(meta["License"] or "").strip()
    if text and len(text) < 60:
        return text
    classifiers = [c.rsplit("::", 1)[-1].strip() for c in meta.get_all("Classifier") or ()
                   if c.startswith("License ::")]
    return "; ".join(classifiers) or "see its licence file"


def _extension_module(path: str) -> bool:
    """A Python extension module (pygame's own code), not a native library it links."""
    return ".cpython-" in path or path.lower().endswith(".pyd")


def notice(binaries: list[str]) -> str:
    """NOTICE.txt: each bundled distribution with its version, licence and source, and the
    native libraries that came inside pygame-ce's wheel (SDL and its image, sound and font
    libraries), whose own licence texts that wheel does not carry."""
    lines = [
        "Mindbug: First Contact for the desktop bundles the following software.",
        "Each one's licence text is in the folder of the same name beside this file.",
        "",
    ]
    for name, paths in sources().items():
        files = ", ".join(p.name for p in paths) or "MISSING"
        lines.append(f"- {name} {_version(name)}: {_licence_of(name)} ({files})")
        lines.append(f"  source: {SOURCES.get(name, '?')}")
    native = sorted({Path(b).name for b in binaries if not _extension_module(b) and re.search(
        r"(SDL|sdl|freetype|harfbuzz|png|jpeg|tiff|webp|ogg|vorbis|opus|FLAC|mpg123|sndfile|"
        r"wavpack|xmp|fluidsynth|portmidi|asound|brotli|sharpyuv|zlib)", Path(b).name)})
    lines += [
        "",
        "Native libraries shipped inside pygame-ce's wheel (SDL 2 and SDL_image, SDL_mixer,",
        "SDL_ttf are zlib-licensed; among the codecs, libsndfile, mpg123, fluidsynth and alsa-lib",
        "are LGPL 2.1 or later, the others BSD, MIT, FreeType or similar permissive licences).",
        f"Their licence texts are in the folder {NATIVE} beside this file. They are",
        "separate shared libraries here, so any of them can be replaced by another build",
        "(the LGPL's condition for shipping them in a program):",
        "",
    ]
    lines += [f"  {n}" for n in native] or ["  (none found)"]
    lines += [
        "",
        "The font, pygame/freesansbold.ttf, is FreeSans Bold from GNU FreeFont (GPL 3 or later",
        "with the font exception: documents and programs that use it are not covered by the GPL).",
        "",
        "The game's own files, in assets/ beside the licenses folder (licence texts they need are",
        f"in the folder {ASSETS} beside this file):",
        "",
    ]
    for folder, source in ASSET_SOURCES.items():
        lines += textwrap.wrap(f"- {folder}/: {source}.", width=92, subsequent_indent="  ")
    return "\n".join(lines) + "\n"


def missing(bundle_root: Path) -> list[str]:
    """What licence notices a built bundle (its _internal/ folder) lacks; [] if none."""
    problems = []
    folder = bundle_root / FOLDER
    if not (folder / NOTICE).is_file():
        problems.append(f"{FOLDER}/{NOTICE}")
    for name in RUNTIME + BUILDER + ("Python", NATIVE, ASSETS):
        files = [p for p in (folder / name).glob("*") if p.is_file()] if (folder / name).is_dir() else []
        if not files:
            problems.append(f"{FOLDER}/{name}/ (no licence file)")
            continue
        needle = MUST_SAY.get(name)
        if needle and not any(needle in p.read_text(encoding="utf-8", errors="replace").upper()
                              for p in files):
            problems.append(f"{FOLDER}/{name}/ (no file says {needle!r})")
    return problems


def main() -> int:
    found = sources()
    for name, paths in found.items():
        print(f"{name}: " + (", ".join(str(p) for p in paths) or "MISSING"))
    return 0 if all(found.values()) else 1


if __name__ == "__main__":
    sys.exit(main())
