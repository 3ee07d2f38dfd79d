"""What a running match tells the disk: its own save after every decision, its replay (and
the ``--record`` file) when the game ends. All writing happens on a BackgroundWriter.

The save is ``saves/game-ID.json`` (game.persist.saves): one per game, so a new game never
takes the place of another, and locked while this window plays it."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from game.common.safe_files import atomic_write_text
from game.persist.match import MatchTag, dumps_tagged
from game.persist.record import GameRecord, dumps, new_game_id
from game.persist.store import Store
from game.persist.writer import BackgroundWriter


class MatchSaver:
    def __init__(self, store: Store, writer: BackgroundWriter,
                 record_path: Path | None = None, game_id: str = "",
                 tag: MatchTag | None = None) -> None:
        self.store = store
        self.tag = tag  # one game of a match (best of 3 or 5): its replay says which
        self.writer = writer
        self.record_path = record_path
        self.game_id = game_id or new_game_id()
        #: Whether this window holds the game's lock: taken with the first save (a match that
        #: is never saved leaves no trace), False when another window holds it (it is then
        #: neither saved nor kept here). A continued game's lock was taken before it opened.
        self.claimed: bool | None = True if store.saves.holds(self.game_id) else None
        self.replay_path: Path | None = None  # set on the writer thread once written
        #: Why ``--record FILE`` could not be written.
        self.record_error: str | None = None
        #: Why the finished game could not be kept as a replay (its save may hold it still).
        self.keep_error: str | None = None
        self._key = str(store.saves.path(self.game_id))

    def changed(self, record: GameRecord) -> None:
        """A decision was answered: replace the save (coalesced, off the frame path)."""
        if self._claim():
            record = self._own(record)
            self.writer.write_text(self.store.saves.path(self.game_id), lambda: dumps(record))

    def finished(self, record: GameRecord) -> None:
        """The game ended: keep it as a replay, and there is nothing left to continue."""
        if not self._claim():
            return
        record = self._own(record)

        def keep() -> None:
            # The end goes into the save first: killed after this, the next start finds a
            # finished save and keeps it as the one replay (see Store.saved_games).
            try:
                self.store.saves.write(record)
                self.replay_path = self.store.keep_finished(record, dumps_tagged(record, self.tag))
            except OSError as exc:  # a full disk, a read-only data folder: said at the end
                self.keep_error = str(exc.strerror or exc)
            else:
                self.store.saves.release(self.game_id)
                self.claimed = False
            if self.record_path is not None:  # FILE may be on another disk: written anyway
                self._write_record(self.record_path, dumps(record))

        # Under the save's key: a save of an earlier decision still queued is dropped.
        self.writer.submit(self._key, keep)

    def _claim(self) -> bool:
        if self.claimed is None:
            self.claimed = self.store.saves.claim(self.game_id)
        return self.claimed

    def _own(self, record: GameRecord) -> GameRecord:
        return record if record.game_id == self.game_id else replace(record, game_id=self.game_id)

    def _write_record(self, path: Path, text: str) -> None:
        try:
            atomic_write_text(path, text)
        except OSError as exc:
            self.record_error = str(exc.strerror or exc)

    def close(self) -> None:
        """The match is left: free the game for other windows once its last save is written."""
        if self.claimed:
            self.claimed = False
            self.writer.submit(self._key + " release",
                               lambda: self.store.saves.release(self.game_id), writes=False)

    @property
    def error(self) -> str | None:
        return self.writer.last_error
