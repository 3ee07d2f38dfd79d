"""The kept replays read in a background thread, for the screens that list them.

Up to ``store.KEEP`` files of up to ``store.REPLAY_MAX_BYTES`` each take seconds to read and
parse; on the window's thread that froze it (200 files of 2 MB: 23-27 s in one frame). The
Replays list and the Statistics screen start one of these instead, draw "Loading…" and take
what has arrived each frame.

- ``ListLoading``: the list's rows, newest first, appended one by one as they are read; each
  record is kept without its choices (a row needs its date, seats and result), so memory stays
  small; the viewer reads the file again when a row is opened.
- ``StatsLoading``: the statistics, computed over the files read one at a time (only the few
  newest records are kept for the "recent games").
- ``GalleryLoading``: the card gallery's figures (played, stolen, won per card), the same way.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from game.persist.gallery import Gallery
    from game.persist.stats import Statistics
    from game.persist.store import ReplayEntry, Store


class _Background:
    """Runs ``work`` once in a daemon thread; ``done`` once it has returned or failed."""

    def __init__(self, work: Callable[[], None], name: str) -> None:
        self.error: str | None = None
        self._finished = threading.Event()
        self._cancelled = threading.Event()

        def run() -> None:
            try:
                work()
            except Exception as exc:  # a file's damage is its entry's message; this is the rest
                self.error = f"{type(exc).__name__}: {exc}"
            finally:
                self._finished.set()

        self._thread = threading.Thread(target=run, name=name, daemon=True)

    def start(self) -> None:
        self._thread.start()

    @property
    def done(self) -> bool:
        return self._finished.is_set()

    @property
    def cancelled(self) -> bool:
        return self._cancelled.is_set()

    def cancel(self) -> None:
        """The screen was left: stop after the file being read."""
        self._cancelled.set()

    def wait(self, timeout: float | None = None) -> bool:
        return self._finished.wait(timeout)


class ListLoading(_Background):
    def __init__(self, store: Store) -> None:
        super().__init__(self._read, "replay-list")
        self.store = store
        self.total: int | None = None  # files found (known once the folder is listed)
        self.entries: list[ReplayEntry] = []  # appended by the thread: read with len() first
        self.start()

    def _read(self) -> None:
        files = self.store.replay_files()
        self.total = len(files)
        for entry in self.store.iter_replays(files, slim=True):
            if self.cancelled:
                return
            self.entries.append(entry)


class StatsLoading(_Background):
    def __init__(self, store: Store, recent: int) -> None:
        super().__init__(self._read, "replay-stats")
        self.store = store
        self.recent = recent
        self.stats: Statistics | None = None
        self.assisted: Statistics | None = None  # the assisted games, counted apart
        self.start()

    def _read(self) -> None:
        from game.persist.stats import compute

        # oldest first (the streaks), one file at a time; kept for the second count (the
        # assisted games), which must not read every file again
        records = [e.record for e in self.store.iter_replays(newest_first=False)
                   if e.record is not None and not self.cancelled]
        stats = compute(records, recent=self.recent)
        assisted = compute(records, recent=0, assisted=True)
        if not self.cancelled:
            self.stats, self.assisted = stats, assisted



class GalleryLoading(_Background):
    """The card gallery's figures (game.persist.gallery) over the kept replays, oldest first."""

    def __init__(self, store: Store) -> None:
        super().__init__(self._read, "replay-gallery")
        self.store = store
        self.gallery: Gallery | None = None
        self.start()

    def _read(self) -> None:
        from game.persist.gallery import gallery_of_replays

        records = (e.record for e in self.store.iter_replays(newest_first=False)
                   if e.record is not None and not self.cancelled)
        figures = gallery_of_replays(records)
        if not self.cancelled:
            self.gallery = figures
