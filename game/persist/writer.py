"""Saving off the frame path: a background thread writes the latest snapshot of each file.

The match hands over an immutable record after every decision and returns at once; the
thread turns it into JSON and replaces the file atomically. Requests for one file coalesce:
if three decisions come faster than the disk, only the newest is written. ``flush`` waits
for the queue to drain (tests, and the end of the program).
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from pathlib import Path

from game.common import portable_fs
from game.common.safe_files import atomic_write_text

Job = Callable[[], None]


class BackgroundWriter:
    def __init__(self) -> None:
        # key -> the newest job, and whether it writes (dicts keep first-request order)
        self._jobs: dict[str, tuple[Job, bool]] = {}
        self._cond = threading.Condition()
        self._busy = False
        self._closed = False
        #: Why the last write failed, in the OS's words ("No space left on device"); the
        #: window says the rest in the player's language (game.ui.core.saves.failed_save_line).
        self.last_error: str | None = None
        self.writes = 0
        self._thread = threading.Thread(target=self._run, name="save-writer", daemon=True)
        self._thread.start()

    def submit(self, key: str, job: Job, writes: bool = True) -> None:
        """Run ``job`` soon on the writer thread, replacing a not yet started job of ``key``.
        ``writes=False``: a job that writes nothing (freeing a lock), so its success does not
        clear ``last_error`` (the save before it still failed)."""
        with self._cond:
            if self._closed:
                return
            self._jobs.pop(key, None)  # the newest request goes to the back of the line
            self._jobs[key] = (job, writes)
            self._cond.notify()

    def write_text(self, path: Path, make_text: Callable[[], str]) -> None:
        """Atomically write ``make_text()`` to ``path`` (the text is built on the thread)."""
        self.submit(str(path), lambda: atomic_write_text(path, make_text()))

    def remove(self, path: Path) -> None:
        """Delete ``path`` after any write of it that is still queued (which is dropped)."""
        def job() -> None:
            portable_fs.remove(path)  # retried while Windows says the file is in use

        self.submit(str(path), job)

    def flush(self, timeout: float = 10.0) -> bool:
        """Wait until every queued job ran; False on timeout."""
        with self._cond:
            return self._cond.wait_for(lambda: not self._jobs and not self._busy, timeout)

    def close(self, timeout: float = 10.0) -> None:
        self.flush(timeout)
        with self._cond:
            self._closed = True
            self._cond.notify_all()

    def _run(self) -> None:
        while True:
            with self._cond:
                self._cond.wait_for(lambda: self._jobs or self._closed)
                if not self._jobs:
                    return
                key = next(iter(self._jobs))
                job, writes = self._jobs.pop(key)
                self._busy = True
            try:
                job()
                if writes:
                    self.last_error = None
                    self.writes += 1
            except Exception as exc:  # a full disk must never stop the game: remember, go on
                self.last_error = str(getattr(exc, "strerror", None) or exc)
            finally:
                with self._cond:
                    self._busy = False
                    self._cond.notify_all()
