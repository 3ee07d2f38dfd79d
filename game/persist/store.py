"""Where saves and replays live: the user data folder (platformdirs), or MINDBUG_DATA_DIR.

- ``autosave.json``: the running game, rewritten after every decision; removed when the game
  ends (it then lives on as a replay). A broken one is set aside (renamed), never deleted.
- ``replays/replay-DATE-SEED.json``: one per finished game, the newest ``KEEP`` kept.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

from game.paths import data_dir
from game.persist.rebuild import check_result, rebuild
from game.persist.record import GameRecord, RecordError, dumps, loads

KEEP = 200
MAX_FILE_BYTES = 2 << 20  # a long game is ~30 KB; anything near this is not ours


def read_record(path: Path, verify: bool = False) -> GameRecord:
    """The record in ``path``; RecordError with one line naming the file for anything wrong.
    ``verify`` also replays every choice through the engine (illegal choices, wrong result)."""
    from game.safe_files import UnreadableFile, read_text

    path = Path(path)
    try:
        text = read_text(path, MAX_FILE_BYTES)
    except UnreadableFile as exc:
        reason = str(exc)  # safe_files names the file first: "x.json is not a regular file"
        if reason.startswith(path.name):
            reason = "it" + reason[len(path.name):]
        raise RecordError(f"{path.name} cannot be used: {reason}") from None
    if text is None:
        raise RecordError(f"{path.name} does not exist")
    try:
        record = loads(text, path.name)
        if verify:
            check_result(record, rebuild(record).game)
    except RecordError as exc:
        raise RecordError(f"{path.name} cannot be used: {exc}") from None
    return record


@dataclass
class ReplayEntry:
    path: Path
    record: GameRecord | None
    error: str | None = None


class Store:
    def __init__(self, root: Path | None = None) -> None:
        self.root = Path(root) if root is not None else data_dir()

    @property
    def autosave_path(self) -> Path:
        return self.root / "autosave.json"

    @property
    def replays_dir(self) -> Path:
        return self.root / "replays"

    # The running game ----------------------------------------------------------------------
    def load_autosave(self) -> tuple[GameRecord | None, str | None]:
        """(record, None) for a game to continue; (None, message) if the autosave was broken
        and has been set aside; (None, None) if there is none."""
        from game.safe_files import remove_stale_temps, set_aside

        path = self.autosave_path
        remove_stale_temps(path)  # what a write cut off by a crash left beside it
        if not path.exists() and not path.is_symlink():
            return None, None
        try:
            record = read_record(path, verify=True)
        except RecordError as exc:
            aside = set_aside(path, "broken")
            kept = f" It was kept as {aside.name}." if aside is not None else ""
            return None, f"The saved game could not be continued: {exc}.{kept}"
        if record.finished:  # a game that ended is a replay, not something to continue
            return None, None
        return record, None

    def autosave_text(self, record: GameRecord) -> str:
        return dumps(record)

    def clear_autosave(self) -> None:
        from game.portable_fs import remove

        remove(self.autosave_path)  # retried while Windows says the file is in use

    # Finished games --------------------------------------------------------------------------
    def replay_name(self, record: GameRecord) -> str:
        stamp = "".join(ch for ch in record.date if ch.isdigit())[:14] or "00000000000000"
        return f"replay-{stamp[:8]}-{stamp[8:]}-{record.seed}.json"

    def save_replay(self, record: GameRecord, keep: int = KEEP) -> Path:
        """Write a finished game's replay and prune the oldest beyond ``keep``."""
        from game.safe_files import atomic_write_text

        path = self.replays_dir / self.replay_name(record)
        n = 1
        while path.exists():  # two games in one second with one seed: keep both
            n += 1
            path = path.with_name(f"{self.replay_name(record)[:-5]}-{n}.json")
        atomic_write_text(path, dumps(record))
        self.prune(keep)
        return path

    def replay_files(self) -> list[Path]:
        """Replay files, oldest first (the name starts with the date; mtime breaks ties)."""
        try:
            files = [p for p in self.replays_dir.glob("replay-*.json") if p.is_file()]
        except OSError:
            return []
        return sorted(files, key=lambda p: (p.name[:22], _mtime(p), p.name))

    def prune(self, keep: int = KEEP) -> int:
        files = self.replay_files()
        removed = 0
        for p in files[: max(0, len(files) - keep)]:
            try:
                os.unlink(p)
                removed += 1
            except OSError:
                pass
        return removed

    def replays(self) -> list[ReplayEntry]:
        """Every kept replay, newest first; an unreadable one is listed with its message."""
        entries = []
        for p in reversed(self.replay_files()):
            try:
                entries.append(ReplayEntry(p, read_record(p)))
            except RecordError as exc:
                entries.append(ReplayEntry(p, None, str(exc)))
        return entries


def _mtime(p: Path) -> float:
    try:
        return p.stat().st_mtime
    except OSError:
        return 0.0
