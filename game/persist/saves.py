"""Games in progress: one file per game, ``saves/game-ID.json``, each locked while a window plays it.

One file per game, because a new game must never take the place of another one still going (a
hot-seat game, then a 2v2, then a game against Easy: all three can be continued), and because
two windows on one data folder must not overwrite each other's game. The id is made when the
game starts and kept in its record (and its replay).

While a window plays a game it holds ``game-ID.lock`` (filelock: an OS lock, freed when the
process ends in any way, kill -9 included), so a second window shows the game as open
elsewhere and cannot continue it too.

Nothing here replaces, renames or deletes a path that is not a regular file: a folder, FIFO or
link where a save or lock would go is left alone, and saving goes on under other names (a
``saves`` that is not a folder of our own: ``saves-2``, ``saves-3``, ...). No pygame here.
"""

from __future__ import annotations

import os
import stat
from pathlib import Path

from filelock import FileLock, Timeout

from game.common import portable_fs
from game.common.safe_files import atomic_write_text
from game.persist.record import GameRecord, dumps, valid_game_id

FOLDER = "saves"
MAX_FOLDERS = 10
MAX_GAMES = 100  # more unfinished games than anyone keeps; beyond it the least recently written are not read


def _kind(path: Path) -> int | None:
    """The file type bits of ``path`` itself (a link is a link), None if nothing is there."""
    try:
        return stat.S_IFMT(os.lstat(path).st_mode)
    except FileNotFoundError:
        return None
    except OSError:
        return -1  # there, but not ours to judge


def is_regular(path: Path) -> bool:
    return _kind(path) == stat.S_IFREG


class GameSaves:
    """The saves folder of one data folder, and the locks this process holds in it."""

    def __init__(self, root: Path) -> None:
        self.root = Path(root)
        self._held: dict[str, FileLock | None] = {}

    @property
    def folder(self) -> Path:
        """``saves``, unless something that is not a plain folder took that name."""
        for n in range(1, MAX_FOLDERS + 1):
            path = self.root / (FOLDER if n == 1 else f"{FOLDER}-{n}")
            if _kind(path) in (None, stat.S_IFDIR):
                return path
        return self.root / f"{FOLDER}-{MAX_FOLDERS}"  # writes fail there, and say so

    def path(self, game_id: str) -> Path:
        return self.folder / f"game-{game_id}.json"

    def lock_path(self, game_id: str) -> Path:
        return self.folder / f"game-{game_id}.lock"

    def ids(self) -> list[str]:
        """The ids of the save files in the folder (regular files with a well-formed name), the
        ``MAX_GAMES`` last written, oldest first. By time, not by name: ids are random, so the
        game just played must never be the one left out."""
        folder = self.folder
        try:
            names = os.listdir(folder)
        except OSError:
            return []
        written: list[tuple[float, str]] = []
        for name in names:
            gid = name[5:-5] if name.startswith("game-") and name.endswith(".json") else ""
            if not valid_game_id(gid):
                continue
            try:
                info = os.lstat(folder / name)
            except OSError:
                continue
            if stat.S_ISREG(info.st_mode):
                written.append((info.st_mtime, gid))
        written.sort()
        return [gid for _, gid in written[-MAX_GAMES:]]

    # Locks -------------------------------------------------------------------------------------
    def _lock(self, game_id: str) -> FileLock | None:
        path = self.lock_path(game_id)
        if _kind(path) not in (None, stat.S_IFREG):
            return None  # a link or FIFO in the lock's place: never opened
        return FileLock(path, timeout=0, thread_local=False, fallback_to_soft=False)

    def claim(self, game_id: str) -> bool:
        """Hold the game's lock (until ``release``); False if another window holds it."""
        if game_id in self._held:
            return True
        if _kind(self.lock_path(game_id)) == -1:
            # The folder cannot be looked into (a file in the way, no permission): no window
            # can hold the lock there, and saving fails and says so, never silently skipped.
            self._held[game_id] = None
            return True
        lock = self._lock(game_id)
        if lock is None:
            return False
        try:
            self.folder.mkdir(parents=True, exist_ok=True)
            lock.acquire()
        except Timeout:
            return False
        except OSError:
            lock = None  # a folder that cannot hold a lock cannot hold the save either: it says so
        self._held[game_id] = lock
        return True

    def holds(self, game_id: str) -> bool:
        return game_id in self._held

    def release(self, game_id: str) -> None:
        lock = self._held.pop(game_id, None)
        if lock is not None:
            try:
                lock.release()
            except OSError:
                pass

    def release_all(self) -> None:
        for game_id in list(self._held):
            self.release(game_id)

    def open_elsewhere(self, game_id: str) -> bool:
        """Another window (or another Store) holds the game's lock."""
        if game_id in self._held:
            return False
        lock = self._lock(game_id)
        if lock is None:
            return True
        try:
            lock.acquire()
        except Timeout:
            return True
        except OSError:
            return False
        lock.release()
        return False

    # Files -------------------------------------------------------------------------------------
    def write(self, record: GameRecord) -> Path:
        """Replace the game's save atomically (atomic_write_text refuses anything but a file)."""
        path = self.path(record.game_id)
        atomic_write_text(path, dumps(record))
        return path

    def remove(self, game_id: str) -> None:
        """Delete the game's save and lock file: regular files only, never a link or a FIFO."""
        for path in (self.path(game_id), self.lock_path(game_id)):
            if is_regular(path):
                try:
                    portable_fs.remove(path)  # retried while Windows says in use
                except OSError:
                    pass
