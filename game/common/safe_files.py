"""Reading and writing the game's own small files (settings, saves, replays) defensively.

Any file may hold anything: bytes that are not UTF-8, NaN, JSON nested a hundred thousand
deep, or it may not be a file at all (a FIFO that blocks forever, a link to /dev/zero). The
readers here open regular files only, read a bounded number of bytes, decode leniently and
refuse what cannot be data, always with one line a player can read. The writers replace a
file atomically and clean up after themselves; nothing here moves or replaces a path that
is not a regular file. Two copies of the game may share a data folder: ``file_lock`` keeps
their read-merge-write of one file apart, and ``write_new`` creates a file without ever
replacing one that is already there.
"""

from __future__ import annotations

import codecs
import json
import math
import os
import stat
import tempfile
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import BinaryIO

from game.common.i18n import _
from game.common.portable_fs import (
    replace as _replace,  # os.replace, retried while Windows says busy
)

DEFAULT_MAX_BYTES = 1 << 20  # 1 MiB: far more than a settings file or a save ever needs
DEFAULT_MAX_DEPTH = 32
TMP_SUFFIX = ".tmp"


class UnreadableFile(ValueError):
    """A file that exists but cannot be used; ``str()`` is one line for a player."""


def _regular_file_or_none(path: Path) -> os.stat_result | None:
    """The stat of ``path`` if it is a regular file (following links); None if it is missing."""
    try:
        st = os.stat(path)
    except FileNotFoundError:
        return None
    except OSError as exc:
        raise UnreadableFile(f"{path.name} cannot be read ({exc.strerror or exc})") from None
    if not stat.S_ISREG(st.st_mode):
        raise UnreadableFile(f"{path.name} is not a regular file")
    return st


def read_bytes(path: Path, max_bytes: int = DEFAULT_MAX_BYTES) -> bytes | None:
    """The bytes of a regular file of at most ``max_bytes``; None if the file does not exist.

    Opened with O_NONBLOCK so that a FIFO swapped in between the check and the open cannot hang
    the game, and read with a cap so that a file growing under us cannot exhaust memory.
    """
    path = Path(path)
    st = _regular_file_or_none(path)
    if st is None:
        return None
    if st.st_size > max_bytes:
        raise UnreadableFile(f"{path.name} is too large ({st.st_size} bytes)")
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)
    try:
        fd = os.open(path, flags)
    except FileNotFoundError:
        return None
    except OSError as exc:
        raise UnreadableFile(f"{path.name} cannot be read ({exc.strerror or exc})") from None
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise UnreadableFile(f"{path.name} is not a regular file")
        chunks, total = [], 0
        while True:
            chunk = os.read(fd, 65536)
            if not chunk:
                break
            total += len(chunk)
            if total > max_bytes:
                raise UnreadableFile(f"{path.name} is too large")
            chunks.append(chunk)
        return b"".join(chunks)
    except OSError as exc:
        raise UnreadableFile(f"{path.name} cannot be read ({exc.strerror or exc})") from None
    finally:
        os.close(fd)


def decode_text(data: bytes, name: str = "file") -> str:
    """Text from bytes: UTF-8 (with or without a BOM) or UTF-16 with a BOM (Notepad's
    "Unicode"); anything else is refused rather than guessed."""
    for bom, encoding in ((codecs.BOM_UTF8, "utf-8-sig"), (codecs.BOM_UTF16_LE, "utf-16"),
                          (codecs.BOM_UTF16_BE, "utf-16")):
        if data.startswith(bom):
            try:
                return data.decode(encoding)
            except UnicodeDecodeError:
                raise UnreadableFile(f"{name} is not valid {encoding.upper()} text") from None
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise UnreadableFile(f"{name} is not UTF-8 text (byte {exc.start})") from None
    if "\x00" in text:
        raise UnreadableFile(f"{name} holds binary data")
    return text


def read_text(path: Path, max_bytes: int = DEFAULT_MAX_BYTES) -> str | None:
    """``read_bytes`` then ``decode_text``; None if the file does not exist."""
    data = read_bytes(path, max_bytes)
    return None if data is None else decode_text(data, Path(path).name)


def _nesting_depth(text: str) -> int:
    """The deepest bracket nesting of JSON text, counted without recursion (strings skipped)."""
    depth = deepest = 0
    in_string = escaped = False
    for ch in text:
        if in_string:
            if escaped:
                escaped = False
            elif ch == "\\":
                escaped = True
            elif ch == '"':
                in_string = False
        elif ch == '"':
            in_string = True
        elif ch in "[{":
            depth += 1
            deepest = max(deepest, depth)
        elif ch in "]}":
            depth -= 1
    return deepest


MAX_INT_DIGITS = 40  # a seed is at most 20 digits; a 400-digit "number" is damage


def _refuse_constant(name: str) -> float:
    raise ValueError(f"{name} is not a number a file may hold")


def _finite_float(text: str) -> float:
    # json turns 1e400 into inf without asking parse_constant; refuse it here
    value = float(text)
    if not math.isfinite(value):
        raise ValueError(f"{text[:20]} is too large a number")
    return value


def _bounded_int(text: str) -> int:
    if len(text.lstrip("-")) > MAX_INT_DIGITS:
        raise ValueError(f"a number with {len(text)} digits is too large")
    return int(text)


def parse_json(text: str, name: str = "file", max_depth: int = DEFAULT_MAX_DEPTH) -> object:
    """Strict JSON: no NaN or Infinity, no nesting deeper than ``max_depth``, no huge numbers."""
    if _nesting_depth(text) > max_depth:
        raise UnreadableFile(f"{name} is nested too deeply")
    try:
        data = json.loads(text, parse_constant=_refuse_constant, parse_float=_finite_float,
                          parse_int=_bounded_int)
    except (ValueError, RecursionError) as exc:
        raise UnreadableFile(f"{name} is not valid JSON ({_short(exc)})") from None
    return data


def load_json(path: Path, max_bytes: int = DEFAULT_MAX_BYTES,
              max_depth: int = DEFAULT_MAX_DEPTH) -> object | None:  # any JSON
    """The JSON data of a file, or None if it does not exist; UnreadableFile if it is bad."""
    text = read_text(path, max_bytes)
    return None if text is None else parse_json(text, Path(path).name, max_depth)


def finite_number(value: object) -> float | None:  # any JSON value: checked here
    """``value`` as a float if it is a real, finite number (not a bool); else None."""
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return None
    try:
        f = float(value)
    except OverflowError:
        return None
    return f if math.isfinite(f) else None


def _short(exc: BaseException) -> str:
    text = str(exc).splitlines()[0] if str(exc) else exc.__class__.__name__
    return text[:120]


def _tmp_prefix(path: Path) -> str:
    return f".{path.stem}-"


def remove_stale_temps(path: Path, older_than: float = 60.0) -> int:
    """Delete temp files an interrupted write of ``path`` left behind; returns how many."""
    path = Path(path)
    removed = 0
    now = time.time()
    try:
        entries = list(path.parent.glob(_tmp_prefix(path) + "*" + TMP_SUFFIX))
    except OSError:
        return 0
    for p in entries:
        try:
            st = os.lstat(p)
            if stat.S_ISREG(st.st_mode) and now - st.st_mtime >= older_than:
                os.unlink(p)
                removed += 1
        except OSError:
            pass
    return removed


def atomic_write_text(path: Path, text: str) -> None:
    """Write ``text`` (UTF-8) to a temp file beside ``path``, then replace ``path`` in one step.

    Refuses to replace anything but a regular file (or nothing): a settings path that is
    /dev/null or a FIFO is left alone. Raises OSError on failure, after removing the temp file.
    The file stays private (mkstemp's 0600): a save names every card of every hand.
    """
    # Encoded here, so the bytes are the same on every system (Windows' text mode writes \r\n).
    _replace_atomically(Path(path), lambda fh: fh.write(text.encode("utf-8")), mode=None)


def _replace_atomically(path: Path, write: Callable[[BinaryIO], object], mode: int | None) -> None:  # the writer's result is ignored
    """The one atomic replace: refuse a path that is not a regular file (or nothing), write a
    temp file beside it (``mode`` set if given), fsync, replace; the temp file never stays."""
    try:
        st = os.lstat(path)
    except FileNotFoundError:
        st = None
    if st is not None and not stat.S_ISREG(st.st_mode):
        raise OSError(f"{path} is not a regular file; not replacing it")
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=_tmp_prefix(path), suffix=TMP_SUFFIX, dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as fh:
            write(fh)
            fh.flush()
            os.fsync(fh.fileno())
        if mode is not None:
            os.chmod(tmp, mode)
        _replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise


def set_aside(path: Path, tag: str = "corrupt") -> Path | None:
    """Rename a bad file to ``NAME.TAG-DATE.EXT`` beside it, so nothing is lost.

    Only a regular file (not a link, device or FIFO) is ever renamed; returns the new path, or
    None if the file was left where it is.
    """
    path = Path(path)
    try:
        st = os.lstat(path)
    except OSError:
        return None
    if not stat.S_ISREG(st.st_mode):
        return None
    stamp = time.strftime("%Y%m%d-%H%M%S")
    for n in range(100):
        extra = f"-{n}" if n else ""
        aside = path.with_name(f"{path.stem}.{tag}-{stamp}{extra}{path.suffix}")
        if not aside.exists():
            try:
                _replace(path, aside)
            except OSError:
                return None
            return aside
    return None


LOCK_TIMEOUT = 5.0  # seconds; a lock is held for one small read and write


def lock_path(path: Path) -> Path:
    """The lock file guarding ``path``: hidden, beside it (never matched by the temp cleanup)."""
    path = Path(path)
    return path.with_name(f".{path.name}.lock")


@contextmanager
def file_lock(path: Path, timeout: float | None = None) -> Iterator[None]:
    """Hold the lock of ``path`` (an OS lock: released if the holder dies) while re-reading and
    replacing it, so two copies of the game never write the same file from stale data.

    OSError if it cannot be had within ``timeout`` seconds (default ``LOCK_TIMEOUT``) or the
    lock file cannot be made.
    """
    import filelock  # start-up: the title's first frame does not wait for it (test_layers)

    timeout = LOCK_TIMEOUT if timeout is None else timeout

    lock = lock_path(path)
    lock.parent.mkdir(parents=True, exist_ok=True)
    try:
        with filelock.FileLock(lock, timeout=timeout, thread_local=False):
            yield
    except filelock.Timeout:
        raise OSError(_("{name} is being written by another copy of the game").format(
            name=Path(path).name)) from None


def atomic_write_with(path: Path, write: Callable[[BinaryIO], None]) -> None:
    """Like ``atomic_write_text``, for what ``write`` puts in a binary file (a PNG, a WAV): the
    file at ``path`` is replaced in one step, or left as it was if anything fails."""
    _replace_atomically(Path(path), write, mode=SHARED_MODE)


SHARED_MODE = 0o644  # pictures and assets: readable by others, as a plain create would make them


def write_new(path: Path, write: Callable[[BinaryIO], None]) -> None:
    """Create ``path`` with what ``write`` puts in a binary file, never replacing a file already
    there (FileExistsError then, and nothing is changed). Written to a temp file first, so no
    half-written file ever appears under the name."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=_tmp_prefix(path), suffix=TMP_SUFFIX, dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as fh:
            write(fh)
            fh.flush()
            os.fsync(fh.fileno())
        os.chmod(tmp, SHARED_MODE)
        try:
            os.link(tmp, path)  # fails if the name is taken: an exclusive, atomic create
        except FileExistsError:
            raise
        except OSError:  # no hard links here (FAT, some network shares): reserve the name
            os.close(os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o644))
            _replace(tmp, path)
    finally:
        try:
            os.unlink(tmp)
        except OSError:
            pass
