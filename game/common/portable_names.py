"""File-name rules of Windows, macOS and Linux as pure functions.

A name that Linux accepts may be one Windows cannot hold at all: ``replay:1.json`` (a colon
names an alternate data stream there), ``CON.json`` or ``nul.txt`` (device names, whatever the
extension), ``notes.`` or ``notes `` (Windows silently drops a trailing dot or space, so the
file written is not the file read back). macOS shows ``:`` as ``/`` in the Finder.
Nothing here touches the disk or asks which system it runs on, unless told to: the rules of
every system can be tested on any one.

- ``name_problem(name, system)``: why ``name`` cannot be a file name there, or None.
- ``portable_name(name)``: the nearest name every system accepts (for names built from data).
- ``case_collisions(names)``: names that are one file on a case-insensitive disk (Windows and
  macOS by default).
"""

from __future__ import annotations

import sys
import unicodedata
from collections.abc import Iterable

WINDOWS, MACOS, POSIX, PORTABLE = "windows", "macos", "posix", "portable"
SYSTEMS = (WINDOWS, MACOS, POSIX, PORTABLE)
SYSTEM_NAMES = {WINDOWS: "Windows", MACOS: "macOS", POSIX: "Linux", PORTABLE: "every system"}

MAX_NAME_BYTES = 255  # ext4, APFS and NTFS (in UTF-16 units, fewer than UTF-8 bytes) all stop here
WINDOWS_FORBIDDEN = frozenset('<>:"/\\|?*') | frozenset(chr(c) for c in range(32))
# Device names, refused with any extension and any case ("Con.json", "lpt1.txt"); the
# superscript digits count as digits to Windows.
WINDOWS_RESERVED = frozenset(
    ["CON", "PRN", "AUX", "NUL", "CONIN$", "CONOUT$"]
    + [f"{dev}{n}" for dev in ("COM", "LPT") for n in "123456789\u00b9\u00b2\u00b3"]
)


def current_system(platform: str | None = None) -> str:
    """The rule set of the system ``platform`` (``sys.platform`` by default) names."""
    platform = sys.platform if platform is None else platform
    if platform.startswith(("win", "cygwin", "msys")):
        return WINDOWS
    if platform == "darwin":
        return MACOS
    return POSIX


def name_problem(name: str, system: str = PORTABLE) -> str | None:
    """Why ``name`` (one path component) cannot be a file name on ``system``; None if it can.

    ``system`` is ``"windows"``, ``"macos"``, ``"posix"`` or ``"portable"`` (all three at
    once: what a file that may travel between systems must obey).
    """
    if system not in SYSTEMS:
        raise ValueError(f"unknown system {system!r}")
    if name in ("", ".", ".."):
        return "is not a file name"
    if "/" in name or "\x00" in name:
        return "holds a '/' or a NUL character"
    if len(name.encode("utf-8", "surrogatepass")) > MAX_NAME_BYTES:
        return f"is longer than {MAX_NAME_BYTES} bytes"
    if system in (MACOS, PORTABLE) and ":" in name:
        return "holds a ':' (macOS shows it as '/')"
    if system in (WINDOWS, PORTABLE):
        bad = sorted({ch for ch in name if ch in WINDOWS_FORBIDDEN})
        if bad:
            shown = " ".join(repr(ch)[1:-1] if ch.isprintable() else f"U+{ord(ch):04X}"
                             for ch in bad)
            return f"holds characters Windows refuses in a file name: {shown}"
        if name[-1] in ". ":
            return "ends with a dot or a space (Windows drops it)"
        if _windows_device(name):
            return f"is a device name on Windows ({_windows_device(name)})"
    return None


def _windows_device(name: str) -> str | None:
    # Windows compares the part before the first dot, without trailing spaces: "nul .txt".
    base = name.split(".", 1)[0].rstrip(" ").upper()
    return base if base in WINDOWS_RESERVED else None


def is_portable(name: str) -> bool:
    """Whether every system accepts ``name`` as a file name."""
    return name_problem(name, PORTABLE) is None


def portable_name(name: str, replacement: str = "_", fallback: str = "file") -> str:
    """``name`` changed as little as possible into a name every system accepts.

    Forbidden characters become ``replacement``; trailing dots and spaces go; a device name
    gets ``replacement`` appended to its base (``CON.json`` -> ``CON_.json``); a name too long
    is cut at a character boundary, keeping its extension; nothing left gives ``fallback``.
    Names that are already portable come back unchanged, so the mapping is idempotent.
    """
    if is_portable(name):
        return name
    name = unicodedata.normalize("NFC", name)
    mapped = "".join(replacement if ch in WINDOWS_FORBIDDEN else ch for ch in name)
    mapped = mapped.rstrip(". ")
    if mapped in ("", ".", ".."):
        mapped = fallback
    base, dot, ext = mapped.partition(".")
    if _windows_device(mapped):
        mapped = base.rstrip(" ") + replacement + dot + ext
    if len(mapped.encode("utf-8")) > MAX_NAME_BYTES:
        stem, dot, suffix = mapped.rpartition(".")
        if not dot or len(suffix) > 16:
            stem, suffix = mapped, ""
        keep = MAX_NAME_BYTES - len(suffix.encode("utf-8")) - (1 if suffix else 0)
        stem = stem.encode("utf-8")[:keep].decode("utf-8", "ignore").rstrip(". ")
        mapped = f"{stem or fallback}.{suffix}" if suffix else (stem or fallback)
    return mapped if is_portable(mapped) else fallback


def case_collisions(names: Iterable[str]) -> list[tuple[str, str]]:
    """Pairs of distinct names that a case-insensitive (and, on macOS, normalization-
    insensitive) file system treats as one file; the first of each pair is the earlier one."""
    seen: dict[str, str] = {}
    pairs = []
    for name in names:
        key = unicodedata.normalize("NFC", name).casefold()
        if key in seen and seen[key] != name:
            pairs.append((seen[key], name))
        else:
            seen.setdefault(key, name)
    return pairs
