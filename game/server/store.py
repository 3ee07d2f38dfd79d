"""What the server keeps, in SQLite (the standard library's sqlite3) in its data folder.

- ``players``: per key (its public half, hex) the name last used, the Glicko-2 rating (rating,
  RD, volatility: game.server.glicko) and the counts; a store of the Elo days is migrated at
  open (``migrate``: each rating kept, its RD what that many games are worth)
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

from game.server.glicko import IDLE_PERIOD, START_RATING, Rating, idle, rd_after_games

DB_NAME = "server.sqlite3"

SCHEMA = """
CREATE TABLE IF NOT EXISTS players (
    key TEXT PRIMARY KEY, name TEXT NOT NULL, rating REAL NOT NULL, games INTEGER NOT NULL,
    wins INTEGER NOT NULL, seen REAL NOT NULL, rd REAL NOT NULL DEFAULT 350.0,
    volatility REAL NOT NULL DEFAULT 0.06, rated REAL NOT NULL DEFAULT 0.0);
CREATE TABLE IF NOT EXISTS finished (
    game TEXT PRIMARY KEY, code TEXT NOT NULL, rules TEXT NOT NULL, ranked INTEGER NOT NULL,
    keys TEXT NOT NULL, winner INTEGER NOT NULL, turns INTEGER NOT NULL, ended REAL NOT NULL,
    record TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS running (
    game TEXT PRIMARY KEY, code TEXT NOT NULL, data TEXT NOT NULL, saved REAL NOT NULL);
"""


#: The leaderboard's order (glicko.Rating.conservative), indexed as this very expression.
CONSERVATIVE = "(rating - 2.0 * rd)"
#: The leaderboard's best, kept (ServerStore._board): how many, and when they are read again.
BOARD_TOP = 100
BOARD_FRESH = 1.0
BOARD_STALE = 30.0
#: PRAGMA user_version: 0 the Elo store (no rd, no volatility), 1 Glicko-2.
STORE_VERSION = 1


def migrate(db: sqlite3.Connection) -> None:
    """An older store brought to this version in one transaction: the Elo store's players get
    an RD and a volatility. Each rating is kept; its RD is what that many games against
    unknown players of the same rating are worth (glicko.rd_after_games: 350 for none, about
    150 for ten), so a long-standing player is not treated as a newcomer."""
    if int(db.execute("PRAGMA user_version").fetchone()[0]) >= STORE_VERSION:
        return
    with db:
        db.execute("BEGIN")
        columns = {str(row[1]) for row in db.execute("PRAGMA table_info(players)")}
        if "rd" not in columns:
            db.execute("ALTER TABLE players ADD COLUMN rd REAL NOT NULL DEFAULT 350.0")
        if "volatility" not in columns:
            db.execute("ALTER TABLE players ADD COLUMN volatility REAL NOT NULL DEFAULT 0.06")
        if "rated" not in columns:  # the last ranked game: taken to be the last login
            db.execute("ALTER TABLE players ADD COLUMN rated REAL NOT NULL DEFAULT 0.0")
            db.execute("UPDATE players SET rated=seen WHERE games > 0")
        games = [int(g) for (g,) in db.execute("SELECT DISTINCT games FROM players")]
        for count in games:
            db.execute("UPDATE players SET rd=? WHERE games=?", (rd_after_games(count), count))
        # Only players of a ranked game are on the board; the key in the index answers a
        # player's place from the index alone (no row is read to count those above).
        db.execute(f"CREATE INDEX IF NOT EXISTS players_conservative ON players({CONSERVATIVE}, "
                   "key) WHERE games > 0")
        db.execute(f"PRAGMA user_version={STORE_VERSION}")


class ServerStore:
    def __init__(self, folder: Path) -> None:
        folder.mkdir(parents=True, exist_ok=True)
        self.path = folder / DB_NAME
        self.db = sqlite3.connect(self.path, isolation_level=None)
        self.db.execute("PRAGMA journal_mode=WAL")
        self.db.execute("PRAGMA synchronous=NORMAL")
        self.db.executescript(SCHEMA)
        migrate(self.db)
        self.rated = 0  # ratings this process changed (the leaderboard's cache reads it)
        self._board_cache: list[tuple[str, str, Rating, int]] | None = None
        self._board_at = 0.0
        self._board_seen = 0

    def close(self) -> None:
        self.db.close()

    # --- players ------------------------------------------------------------------------------
    def player(self, key: str, name: str) -> tuple[float, int]:
        """(rating, games) of ``key``, which is noted with its latest name."""
        row = self.db.execute("SELECT rating, games FROM players WHERE key=?", (key,)).fetchone()
        now = time.time()
        if row is None:
            fresh = Rating()
            self.db.execute("INSERT INTO players (key, name, rating, games, wins, seen, rd, "
                            "volatility, rated) VALUES (?, ?, ?, 0, 0, ?, ?, ?, 0)",
                            (key, name, fresh.rating, now, fresh.rd, fresh.volatility))
            return START_RATING, 0
        self.db.execute("UPDATE players SET name=?, seen=? WHERE key=?", (name, now, key))
        return float(row[0]), int(row[1])

    def rating(self, key: str, now: float | None = None) -> Rating:
        """The key's rating as kept; at ``now`` (time.time()) with the RD grown by the days
        since its last ranked game (glicko.idle), as the next game's update starts from."""
        row = self.db.execute("SELECT rating, rd, volatility, rated FROM players WHERE key=?",
                              (key,)).fetchone()
        if row is None:
            return Rating()
        kept = Rating(float(row[0]), float(row[1]), float(row[2]))
        if now is None or not row[3]:
            return kept
        return idle(kept, (now - float(row[3])) / IDLE_PERIOD)

    def set_results(self, results: list[tuple[str, Rating, bool]]) -> None:
        """A ranked game's new ratings, (key, rating, won) per player: all in one transaction."""
        self.rated += 1
        now = time.time()
        with self.db:
            self.db.execute("BEGIN")
            self.db.executemany(
                "UPDATE players SET rating=?, rd=?, volatility=?, games=games+1, wins=wins+?, "
                "rated=? WHERE key=?", [(rating.rating, rating.rd, rating.volatility, int(won),
                                         now, key) for key, rating, won in results])

    def leaders(self, count: int) -> list[tuple[str, str, Rating, int]]:
        """The ``count`` (at most ``BOARD_TOP``) players of at least one ranked game with the
        best conservative rating (rating - 2 RD), best first: (key, name, rating, games)."""
        return self._board()[:count]

    def standing(self, key: str) -> tuple[int, Rating, int] | None:
        """The player's place on the leaderboard (1: the top; one score's players in the
        order of their keys, as the board lists them), rating and games; None before their
        first ranked game. Counted on the index alone: a few milliseconds for ten thousand
        players, about 70 for two hundred thousand (the desk answers a key once a second)."""
        row = self.db.execute(f"SELECT {CONSERVATIVE}, games, rating, rd, volatility FROM "
                              "players WHERE key=?", (key,)).fetchone()
        if row is None or row[1] == 0:
            return None
        score = row[0]
        higher = self.db.execute(f"SELECT COUNT(*) FROM players WHERE games > 0 AND "
                                 f"{CONSERVATIVE} > ?", (score,)).fetchone()[0]
        level_before = self.db.execute(f"SELECT COUNT(*) FROM players WHERE games > 0 AND "
                                       f"{CONSERVATIVE} = ? AND key < ?",
                                       (score, key)).fetchone()[0]
        return (int(higher) + int(level_before) + 1,
                Rating(float(row[2]), float(row[3]), float(row[4])), int(row[1]))

    def _board(self) -> list[tuple[str, str, Rating, int]]:
        """The board's best ``BOARD_TOP``, read again when a rating here changed and a second
        has passed, or after 30 s (another process's games)."""
        now = time.monotonic()
        age = now - self._board_at
        if self._board_cache is None or age >= BOARD_STALE \
                or (self._board_seen != self.rated and age >= BOARD_FRESH):
            self._board_cache = [
                (str(k), str(n), Rating(float(r), float(d), float(v)), int(g))
                for k, n, r, d, v, g in self.db.execute(
                    f"SELECT key, name, rating, rd, volatility, games FROM players WHERE "
                    f"games > 0 ORDER BY {CONSERVATIVE} DESC, key LIMIT ?", (BOARD_TOP,))]
            self._board_at, self._board_seen = now, self.rated
        return self._board_cache

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
