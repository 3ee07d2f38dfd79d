"""What the server keeps, in SQLite (the standard library's sqlite3) in its data folder.

- ``players``: per key (its public half, hex) the name last used, the rating and the counts
- ``finished``: every finished game: its room code, rules, ranked or not, the players' keys
  by seat, the winner, and the whole record (game.persist's text: seed and choices)
- ``running``: every running game as seed + choices and its seats, rewritten after each
  decision and at shutdown; read at the next start to resume them

One process needs nothing else. The connection is used from the server's event loop only.
"""

from __future__ import annotations

import json
import sqlite3
import time
from pathlib import Path

from game.server.ratings import START_RATING

DB_NAME = "server.sqlite3"

SCHEMA = """
CREATE TABLE IF NOT EXISTS players (
    key TEXT PRIMARY KEY, name TEXT NOT NULL, rating REAL NOT NULL, games INTEGER NOT NULL,
    wins INTEGER NOT NULL, seen REAL NOT NULL);
CREATE TABLE IF NOT EXISTS finished (
    game TEXT PRIMARY KEY, code TEXT NOT NULL, rules TEXT NOT NULL, ranked INTEGER NOT NULL,
    keys TEXT NOT NULL, winner INTEGER NOT NULL, turns INTEGER NOT NULL, ended REAL NOT NULL,
    record TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS running (
    game TEXT PRIMARY KEY, code TEXT NOT NULL, data TEXT NOT NULL, saved REAL NOT NULL);
"""


class ServerStore:
    def __init__(self, folder: Path) -> None:
        folder.mkdir(parents=True, exist_ok=True)
        self.path = folder / DB_NAME
        self.db = sqlite3.connect(self.path, isolation_level=None)
        self.db.execute("PRAGMA journal_mode=WAL")
        self.db.execute("PRAGMA synchronous=NORMAL")
        self.db.executescript(SCHEMA)

    def close(self) -> None:
        self.db.close()

    # --- players ------------------------------------------------------------------------------
    def player(self, key: str, name: str) -> tuple[float, int]:
        """(rating, games) of ``key``, which is noted with its latest name."""
        row = self.db.execute("SELECT rating, games FROM players WHERE key=?", (key,)).fetchone()
        now = time.time()
        if row is None:
            self.db.execute("INSERT INTO players VALUES (?, ?, ?, 0, 0, ?)",
                            (key, name, START_RATING, now))
            return START_RATING, 0
        self.db.execute("UPDATE players SET name=?, seen=? WHERE key=?", (name, now, key))
        return float(row[0]), int(row[1])

    def rating(self, key: str) -> float:
        row = self.db.execute("SELECT rating FROM players WHERE key=?", (key,)).fetchone()
        return float(row[0]) if row else START_RATING

    def set_result(self, key: str, rating: float, won: bool) -> None:
        self.db.execute("UPDATE players SET rating=?, games=games+1, wins=wins+? WHERE key=?",
                        (rating, int(won), key))

    # --- games --------------------------------------------------------------------------------
    def keep_running(self, game: str, code: str, data: dict[str, object]) -> None:
        self.db.execute("INSERT OR REPLACE INTO running VALUES (?, ?, ?, ?)",
                        (game, code, json.dumps(data, separators=(",", ":")), time.time()))

    def running(self) -> list[tuple[str, str, str]]:
        """(game, code, data text) of every game kept as running."""
        return [(str(g), str(c), str(d)) for g, c, d in
                self.db.execute("SELECT game, code, data FROM running ORDER BY saved")]

    def forget_running(self, game: str) -> None:
        self.db.execute("DELETE FROM running WHERE game=?", (game,))

    def finish(self, game: str, code: str, rules: str, ranked: bool, keys: list[str | None],
               winner: int, turns: int, record_text: str) -> None:
        """Keep a finished game and forget it as running, in one transaction."""
        with self.db:
            self.db.execute("BEGIN")
            self.db.execute("INSERT OR REPLACE INTO finished VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                            (game, code, rules, int(ranked), json.dumps(keys), winner, turns,
                             time.time(), record_text))
            self.db.execute("DELETE FROM running WHERE game=?", (game,))

    def finished_count(self) -> int:
        return int(self.db.execute("SELECT COUNT(*) FROM finished").fetchone()[0])
