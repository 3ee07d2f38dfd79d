"""``os.replace`` and ``os.remove`` that survive Windows' sharing rules.

On Linux and macOS a rename over a file succeeds while other programs hold it open. On
Windows it fails with PermissionError (winerror 5 "Access is denied" or 32 "The process
cannot access the file because it is being used by another process") for as long as any
handle on the target (or the source) lacks FILE_SHARE_DELETE, and Python's own ``open`` never
asks for it. Who holds such a handle is usually gone within milliseconds: a virus scanner or
the search indexer looking at the file just written, a cloud-sync client (OneDrive, Dropbox)
copying it, a second copy of the game reading its settings. So on Windows a failed replace is
tried again for a bounded time before the error is passed on; elsewhere a PermissionError is a
real permission problem and is raised at once.
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable

# Error codes of a file that is only busy for now; anything else (a read-only file, a missing
# folder) will not change by waiting.
WINDOWS_BUSY = frozenset({5, 32, 33})  # access denied, sharing violation, lock violation
RETRY_DELAYS = (0.01, 0.02, 0.05, 0.1, 0.2, 0.3, 0.5)  # 1.18 s in all, then give up


def is_transient(exc: OSError, windows: bool) -> bool:
    """Whether ``exc`` from a replace means "busy, try again" on the system described."""
    if not windows or not isinstance(exc, PermissionError):
        return False
    code = getattr(exc, "winerror", None)
    return code is None or code in WINDOWS_BUSY


PathLike = str | os.PathLike[str]


def _retried(action: Callable[[], None], windows: bool | None,
             delays: tuple[float, ...] | None, sleep: Callable[[float], None] | None) -> None:
    """Run ``action``; while it fails the way a busy file fails on Windows, wait and retry."""
    on_windows = os.name == "nt" if windows is None else windows
    delays = RETRY_DELAYS if delays is None else delays
    sleep = time.sleep if sleep is None else sleep
    for delay in (*delays, None):
        try:
            action()
            return
        except OSError as exc:
            if delay is None or not is_transient(exc, on_windows):
                raise
        sleep(delay)


def replace(src: PathLike, dst: PathLike, *, windows: bool | None = None,
            delays: tuple[float, ...] | None = None, sleep: Callable[[float], None] | None = None,
            rename: Callable[[PathLike, PathLike], None] | None = None) -> None:
    """``os.replace(src, dst)``, retried while Windows says the file is in use.

    ``windows`` defaults to ``os.name == "nt"``; tests pass True (and a fake ``rename``) to
    play the Windows behaviour here. The last error is raised unchanged.
    """
    do = os.replace if rename is None else rename  # looked up now: tests patch os.replace
    _retried(lambda: do(src, dst), windows, delays, sleep)


def remove(path: PathLike, *, windows: bool | None = None, delays: tuple[float, ...] | None = None,
           sleep: Callable[[float], None] | None = None,
           unlink: Callable[[PathLike], None] | None = None) -> bool:
    """Delete ``path``, retried while Windows says it is in use; False if it was not there.

    On Windows a file open elsewhere without FILE_SHARE_DELETE cannot be deleted either (the
    autosave a virus scanner is reading when the game ends).
    """
    do = os.remove if unlink is None else unlink
    try:
        _retried(lambda: do(path), windows, delays, sleep)
    except FileNotFoundError:
        return False
    return True
