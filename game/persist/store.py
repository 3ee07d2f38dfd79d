"""Where saves and replays live: the user data folder (platformdirs), or MINDBUG_DATA_DIR.

- ``saves/game-ID.json``: each game in progress, rewritten after every decision (see
  game.persist.saves: one file and one lock per game). When the game ends its save first
  holds the end, then the replay is written, then the save is removed: a process killed
  anywhere in between leaves a finished save that the next look at the saves turns into the
  one replay (never a second). A broken save is set aside (renamed), never deleted.
- ``autosave.json``: where a single running game was kept before; read once and moved into
  ``saves`` (only a regular file; anything else of that name is not ours and is left alone).
- ``replays/replay-DATE-SEED[-ID].json``: one per finished game, the newest ``KEEP`` kept.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from dataclasses import dataclass, replace
from pathlib import Path

from game.common import portable_fs
from game.common.paths import data_dir
from game.common.safe_files import (
    UnreadableFile,
    atomic_write_text,
    read_text,
    remove_stale_temps,
    set_aside,
)
from game.persist.rebuild import check_result, rebuild
from game.persist.record import GameRecord, RecordError, dumps, loads, new_game_id
from game.persist.saves import GameSaves, is_regular

KEEP = 200
MIGRATION = "autosave-migration"  # the lock name held while autosave.json is moved
MAX_FILE_BYTES = 2 << 20  # a long game is ~30 KB; anything near this is not ours
# A kept replay is read in a list of up to KEEP: 256 KB is eight times a long game, and 200 of
# them parsed stay under ~0.5 GB even when every file is that big (200 of 2 MB took 1.84 GB).
REPLAY_MAX_BYTES = 256 << 10


def read_record(path: Path, verify: bool = False, max_bytes: int = MAX_FILE_BYTES) -> GameRecord:
    """The record in ``path``; RecordError with one line naming the file for anything wrong.
    ``verify`` also replays every choice through the engine (illegal choices, wrong result)."""
    path = Path(path)
    try:
        text = read_text(path, max_bytes)
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


def set_aside_broken(path: Path, problem: RecordError) -> str:
    """Set aside a game in progress that cannot be continued (renamed, never deleted: a local
    save or a hosted game's) and say so in one line, naming what is wrong and the kept file."""
    aside = set_aside(path, "broken")
    kept = f" It was kept as {aside.name}." if aside is not None else ""
    return f"A saved game could not be continued: {problem}.{kept}"


@dataclass
class SavedGame:
    """A game in progress as the title lists it; ``record`` is None when it is open elsewhere
    and could not be read (a window may be writing it)."""

    game_id: str
    record: GameRecord | None
    open_elsewhere: bool


@dataclass
class ReplayEntry:
    path: Path
    record: GameRecord | None
    error: str | None = None


class Store:
    def __init__(self, root: Path | None = None) -> None:
        self.root = Path(root) if root is not None else data_dir()
        self.saves = GameSaves(self.root)

    @property
    def autosave_path(self) -> Path:
        """The single save of earlier versions (read for migration only)."""
        return self.root / "autosave.json"

    @property
    def replays_dir(self) -> Path:
        return self.root / "replays"

    # Games in progress ---------------------------------------------------------------------
    def saved_games(self) -> tuple[list[SavedGame], str | None]:
        """Every game in progress, newest first, and a message if a broken save was set aside.
        A save that holds a finished game (its process died while keeping it) becomes its
        replay here, once."""
        messages = [m for m in [self._migrate_autosave()] if m]
        games = []
        for gid in self.saves.ids():
            path = self.saves.path(gid)
            remove_stale_temps(path)
            elsewhere = self.saves.open_elsewhere(gid)
            try:
                record = read_record(path, verify=True)
            except RecordError as exc:
                if elsewhere:  # its window may be writing it: its business
                    games.append(SavedGame(gid, None, True))
                    continue
                messages.append(set_aside_broken(path, exc))
                continue
            if record.game_id != gid:
                record = replace(record, game_id=gid)  # the file's name decides
            if record.finished:
                if not elsewhere and self.saves.claim(gid):
                    try:
                        self.keep_finished(record)
                    except OSError:
                        pass  # tried again next time
                    finally:
                        self.saves.release(gid)
                continue
            games.append(SavedGame(gid, record, elsewhere))
        games.sort(key=lambda g: (g.record.date if g.record else "", g.game_id), reverse=True)
        return games, " ".join(messages) or None

    def load_autosave(self) -> tuple[GameRecord | None, str | None]:
        """(record, None) for the newest game to continue (not open in another window);
        (None, message) if a broken save was set aside; (None, None) if there is none."""
        games, message = self.saved_games()
        for g in games:
            if g.record is not None and not g.open_elsewhere:
                return g.record, message
        return None, message

    def keep_finished(self, record: GameRecord, text: str | None = None) -> Path:
        """A finished game: its replay (unless already kept), then its save is removed.
        ``text``: the replay file's text, if not ``dumps(record)`` (a match's game is tagged)."""
        path = self.save_replay(record, text=text)
        if record.game_id:
            self.saves.remove(record.game_id)
        return path

    def discard(self, game_id: str) -> bool:
        """Delete a game in progress (the player asked); False if a window has it open."""
        if not self.saves.claim(game_id):
            return False
        try:
            self.saves.remove(game_id)
        finally:
            self.saves.release(game_id)
        return True

    def _migrate_autosave(self) -> str | None:
        """Move the single save of earlier versions into ``saves`` under an id of its own."""
        path = self.autosave_path
        remove_stale_temps(path)
        if not is_regular(path):
            return None  # missing, or a folder, FIFO or link: not ours to read or move
        # Two windows starting at once must not both move it (one game, two ids).
        if not self.saves.claim(MIGRATION):
            return None
        try:
            return self._migrate(path)
        finally:
            self.saves.release(MIGRATION)

    def _migrate(self, path: Path) -> str | None:
        if not is_regular(path):
            return None  # the other window moved it
        try:
            record = read_record(path, verify=True)
        except RecordError as exc:
            aside = set_aside(path, "broken")
            kept = f" It was kept as {aside.name}." if aside is not None else ""
            return f"The saved game could not be continued: {exc}.{kept}"
        record = replace(record, game_id=record.game_id or new_game_id())
        try:
            if record.finished:
                self.save_replay(record)
            else:
                atomic_write_text(self.saves.path(record.game_id), dumps(record))
            if is_regular(path):
                portable_fs.remove(path)  # retried while Windows says in use
        except OSError:
            pass  # left where it is; tried again next time
        return None

    def autosave_text(self, record: GameRecord) -> str:
        return dumps(record)

    # Finished games --------------------------------------------------------------------------
    def replay_name(self, record: GameRecord) -> str:
        stamp = "".join(ch for ch in record.date if ch.isdigit())[:14] or "00000000000000"
        tail = f"-{record.game_id}" if record.game_id else ""
        return f"replay-{stamp[:8]}-{stamp[8:]}-{record.seed}{tail}.json"

    def save_replay(self, record: GameRecord, keep: int = KEEP, text: str | None = None) -> Path:
        """Write a finished game's replay (``text``, else ``dumps(record)``) and prune the
        oldest beyond ``keep``."""
        path = self.replays_dir / self.replay_name(record)
        if record.game_id and is_regular(path):
            return path  # this very game is kept already (its save outlived a crash)
        n = 1
        while path.exists():  # two games in one second with one seed: keep both
            n += 1
            path = path.with_name(f"{self.replay_name(record)[:-5]}-{n}.json")
        atomic_write_text(path, dumps(record) if text is None else text)
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
        return list(self.iter_replays())

    def iter_replays(self, files: list[Path] | None = None, slim: bool = False,
                     newest_first: bool = True) -> Iterator[ReplayEntry]:
        """The kept replays (``files`` as ``replay_files`` lists them, else all), read one at a
        time as they are asked for. ``slim`` drops each record's choices once read (a list row
        needs only its date, seats and result; the viewer reads the file again)."""
        files = self.replay_files() if files is None else files
        for p in reversed(files) if newest_first else files:
            try:
                record = read_record(p, max_bytes=REPLAY_MAX_BYTES)
            except RecordError as exc:
                yield ReplayEntry(p, None, str(exc))
                continue
            yield ReplayEntry(p, replace(record, choices=()) if slim else record)


def _mtime(p: Path) -> float:
    try:
        return p.stat().st_mtime
    except OSError:
        return 0.0
