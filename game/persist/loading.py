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

from game.common.safe_files import UnreadableFile, read_text
from game.persist.gallery import gallery_of_replays
from game.persist.match import match_stats, read_tag
from game.persist.stats import compute
from game.persist.store import MAX_FILE_BYTES

if TYPE_CHECKING:
    from game.persist.gallery import Gallery
    from game.persist.match import MatchStats
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
        self.matches: MatchStats | None = None  # best of 3 and 5, from the replays' tags
        self.assisted: Statistics | None = None  # the assisted games, counted apart
        self.start()

    def _read(self) -> None:
        tagged = []  # only a match's games are kept (with their tags) for the match figures
        records = []  # kept for the second count (the assisted games): no file is read twice
        # oldest first (the streaks), one file at a time
        for entry in self.store.iter_replays(newest_first=False):
            if self.cancelled:
                return
            if entry.record is None:
                continue
            try:
                text = read_text(entry.path, MAX_FILE_BYTES)
            except UnreadableFile:
                text = None
            tag = read_tag(text) if text else None
            if tag is not None:
                tagged.append((entry.record, tag))
            records.append(entry.record)
        stats = compute(records, recent=self.recent)
        assisted = compute(records, recent=self.recent, assisted=True)
        if self.cancelled:
            return
        self.stats, self.assisted = stats, assisted
        self.matches = match_stats(tagged)



class GalleryLoading(_Background):
    """The card gallery's figures (game.persist.gallery) over the kept replays, oldest first."""

    def __init__(self, store: Store) -> None:
        super().__init__(self._read, "replay-gallery")
        self.store = store
        self.gallery: Gallery | None = None
        self.start()

    def _read(self) -> None:
        records = (e.record for e in self.store.iter_replays(newest_first=False)
                   if e.record is not None and not self.cancelled)
        figures = gallery_of_replays(records)
        if not self.cancelled:
            self.gallery = figures
