"""The error log: a crash report goes to platformdirs' user log folder (``error.log``, one
rotated copy kept) and the player gets one line. Only a regular file is ever written: a link
or a FIFO in its place is left alone. Nothing is written where there is no log folder."""

from __future__ import annotations

import os
import stat
import sys
import time
import traceback
from pathlib import Path

import platformdirs

from game.common import portable_fs
from game.common.i18n import _

ERROR_LOG_MAX_BYTES = 256 * 1024  # then the log is rotated to error.log.1 (one old copy kept)
ERROR_ENTRY_MAX_CHARS = 32 * 1024  # one report; a RecursionError's traceback can be huge


def _error_log_path() -> Path | None:
    """``error.log`` in platformdirs' user log folder; None if there is none (then no file
    is written at all: never the home folder, the current folder or anywhere else)."""
    try:
        folder = platformdirs.user_log_dir("mindbug-desktop", appauthor=False)
    except Exception:
        return None
    return Path(folder) / "error.log" if folder else None


def _is_regular_or_missing(path: Path) -> bool:
    try:
        return stat.S_ISREG(os.lstat(path).st_mode)
    except FileNotFoundError:
        return True


def _append_error_log(path: Path, text: str) -> None:
    """Append to the log, rotating it first if it would grow past the cap. Only a regular
    file is written: a link or a FIFO in its place is left alone (OSError)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    data = text.encode("utf-8", "replace")
    old = path.with_name(path.name + ".1")
    try:
        size = os.lstat(path).st_size
    except FileNotFoundError:
        size = 0
    if size and size + len(data) > ERROR_LOG_MAX_BYTES and _is_regular_or_missing(path) \
            and _is_regular_or_missing(old):
        portable_fs.replace(path, old)  # retried while Windows says the file is busy
    flags = (os.O_WRONLY | os.O_APPEND | os.O_CREAT | getattr(os, "O_NOFOLLOW", 0)
             | getattr(os, "O_NONBLOCK", 0))
    fd = os.open(path, flags, 0o600)
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise OSError(f"{path} is not a regular file")
        os.write(fd, data)
    finally:
        os.close(fd)


def _one_line(exc: BaseException, limit: int = 120) -> str:
    try:
        detail = " ".join(str(exc).split())
    except Exception:  # an exception whose __str__ fails must not hide the first one
        detail = ""
    if len(detail) > limit:
        detail = detail[: limit - 3] + "..."
    name = exc.__class__.__name__
    return f"{name}: {detail}" if detail else name


def _engine_note() -> str:
    """Which rules engine ran, pure or compiled (game.engine.ENGINE), if it was loaded: a
    report from the compiled one may need its build. Read from sys.modules, since the
    foundation imports no layer above it."""
    engine_module = sys.modules.get("game.engine")
    engine = getattr(engine_module, "ENGINE", None)
    warning = getattr(engine_module, "ENGINE_WARNING", None)
    if not isinstance(engine, str):
        return ""
    return f" (engine: {engine}; {warning})" if isinstance(warning, str) else f" (engine: {engine})"


def note_engine_warning() -> str | None:
    """Why the compiled rules engine does not run where it was asked for or could not be
    loaded (game.engine.ENGINE_WARNING): written to the error log with the time, and returned
    as one line for the console; None when there is nothing to say. The pure engine runs then,
    the same games, only slower, so the program goes on."""
    warning = getattr(sys.modules.get("game.engine"), "ENGINE_WARNING", None)
    if not isinstance(warning, str):
        return None
    path = _error_log_path()
    if path is not None:
        try:
            _append_error_log(path, time.strftime("%Y-%m-%d %H:%M:%S")
                              + f" rules engine: {warning}\n\n")
        except OSError:  # no log then; the console still gets the line
            pass
    return f"rules engine: {warning}"


def record_error(exc: BaseException) -> str:
    """Write the traceback to the error log; return one line a player can read."""
    path = _error_log_path()
    where = ""
    if path is not None:
        try:
            report = "".join(traceback.format_exception(exc))
            if len(report) > ERROR_ENTRY_MAX_CHARS:
                half = ERROR_ENTRY_MAX_CHARS // 2
                report = report[:half] + "\n[... cut ...]\n" + report[-half:]
            _append_error_log(path, time.strftime("%Y-%m-%d %H:%M:%S") + _engine_note() + "\n"
                              + report + "\n")
            where = " " + _("Details were saved to {path}.").format(path=path)
        except Exception:  # no log then; the player still gets the line
            pass
    return _("Something went wrong ({error}).").format(error=_one_line(exc)) + where
