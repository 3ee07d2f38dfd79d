"""What a running match tells the disk: the autosave after every decision, the replay (and
the ``--record`` file) when the game ends. All writing happens on a BackgroundWriter."""

from __future__ import annotations

from pathlib import Path

from game.persist.record import GameRecord, dumps
from game.persist.store import Store
from game.persist.writer import BackgroundWriter


class MatchSaver:
    def __init__(self, store: Store, writer: BackgroundWriter,
                 record_path: Path | None = None) -> None:
        self.store = store
        self.writer = writer
        self.record_path = record_path
        self.replay_path: Path | None = None  # set on the writer thread once written

    def changed(self, record: GameRecord) -> None:
        """A decision was answered: replace the autosave (coalesced, off the frame path)."""
        self.writer.write_text(self.store.autosave_path, lambda: dumps(record))

    def finished(self, record: GameRecord) -> None:
        """The game ended: keep it as a replay, and there is nothing left to continue."""
        from game.safe_files import atomic_write_text

        def keep() -> None:
            text = dumps(record)
            if self.record_path is not None:
                atomic_write_text(self.record_path, text)
            self.replay_path = self.store.save_replay(record)
            # Only once the replay is safely written is the autosave no longer needed.
            self.store.clear_autosave()

        # Under the autosave's key: a save of an earlier decision still queued is dropped.
        self.writer.submit(str(self.store.autosave_path), keep)

    @property
    def error(self) -> str | None:
        return self.writer.last_error
