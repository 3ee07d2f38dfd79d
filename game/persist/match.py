"""Matches (logic only, no pygame): a single game, best of 3 or best of 5, that a screen drives.

A ``MatchSeries`` knows the seats, the score and the deal of every game. The first game's
starting team is whatever its deal's start reveal says (rule 2); after that the first player
alternates. The engine picks the starting player from the seed, so game k's seed is drawn from
the match's seed and k, and redrawn (a fixed sequence, at most 64 tries, ~2 on average) until
its reveal lets the right team start: the rules stay the engine's, and a resumed match deals
the very same games.

The screen's loop: ``deal = series.start_game()`` (written at once) -> play ``deal.seed`` ->
``series.game_finished(record)`` (written at once) -> ... until ``series.over``. The running
game itself is the ordinary autosave; after a crash the match file still names the game under
way (``current``), and the autosave with that seed is its Continue.

``match.json`` in the data folder: replaced atomically, read bounded and strictly, a damaged
file set aside with a message. Replays of a match's games carry a ``match`` tag
(``{"id", "game", "of"}``, see ``tag_data``/``read_tag``) from which ``match_stats`` counts
matches.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from game.common.i18n import _
from game.common.safe_files import (
    UnreadableFile,
    atomic_write_text,
    load_json,
    parse_json,
    read_text,
    set_aside,
)
from game.common.settings import AI_LEVELS
from game.engine import Setup, start_game
from game.persist.rebuild import load_db
from game.persist.record import (
    KINDS,
    MAX_NAME,
    MODES,
    RULES,
    GameRecord,
    RecordError,
    SeatInfo,
    dumps,
    read_setup,
)
from game.persist.stats import person_team
from game.persist.store import MAX_FILE_BYTES as REPLAY_BYTES

if TYPE_CHECKING:
    from game.engine import CardDB
    from game.persist.store import Store

FORMAT = "mindbug-match"
VERSION = 1
LENGTHS = (1, 3, 5)
MAX_FILE_BYTES = 64 << 10
MAX_TRIES = 64
_ID = re.compile(r"[0-9a-f]{12}\Z")


class MatchError(ValueError):
    """A match file or tag that cannot be used, or a step out of order (one line)."""


@dataclass(frozen=True)
class MatchGame:
    seed: int
    first: int  # the team that started
    winner: int | None = None  # None while under way
    turns: int = 0


@dataclass(frozen=True)
class MatchTag:
    """What a replay of a match's game says about its match."""

    id: str
    game: int  # 1-based
    of: int  # the match's length (1, 3, 5)


def wins_needed(length: int) -> int:
    return length // 2 + 1


def match_seed_for(seed: int, game_no: int, attempt: int) -> int:
    digest = hashlib.sha256(f"mindbug-match:{seed}:{game_no}:{attempt}".encode()).digest()
    return int.from_bytes(digest[:8], "big") >> 1


def starting_team(seed: int, rules: str, db: CardDB | None = None, mindbugs: int = 2,
                  sets: int = 1) -> int:
    """The team whose seat starts the game dealt from ``seed`` (with that 2v2 set-up)."""
    game, _opening = start_game(db if db is not None else load_db(), seed=seed, rules=rules,
                                setup=Setup(mindbugs, sets))
    return game.team_of(game.active)


@dataclass
class MatchSeries:
    length: int
    rules: str
    mode: str
    seats: tuple[SeatInfo, ...]
    seed: int  # the match's seed: every game's deal follows from it
    id: str = ""
    games: list[MatchGame] = field(default_factory=list)  # finished games, in order
    current: MatchGame | None = None  # the game under way
    path: Path | None = None
    #: Why the last write failed, in the OS's words (the match goes on in memory).
    error: str | None = None
    #: The 2v2 set-up every game of the match is dealt with (game.engine.variants)
    mindbugs: int = 2
    sets: int = 1

    def __post_init__(self) -> None:
        if self.length not in LENGTHS:
            raise MatchError(f"a match is 1, 3 or 5 games, not {self.length}")
        if self.rules not in RULES:
            raise MatchError(f"unknown rules {self.rules!r}")
        if not self.id:
            self.id = hashlib.sha256(f"mindbug-match-id:{self.seed}".encode()).hexdigest()[:12]

    @classmethod
    def new(cls, length: int, rules: str, mode: str, seats: tuple[SeatInfo, ...],
            seed: int | None = None, path: Path | None = None, mindbugs: int = 2,
            sets: int = 1) -> MatchSeries:
        if seed is None:
            seed = int.from_bytes(os.urandom(8), "big") >> 1
        return cls(length, rules, mode, tuple(seats), seed, path=path, mindbugs=mindbugs, sets=sets)

    # -- the score ---------------------------------------------------------------------------
    @property
    def score(self) -> tuple[int, int]:
        wins = [0, 0]
        for g in self.games:
            assert g.winner is not None  # the games of the score are finished
            wins[g.winner] += 1
        return wins[0], wins[1]

    @property
    def winner(self) -> int | None:
        need = wins_needed(self.length)
        return next((team for team, n in enumerate(self.score) if n >= need), None)

    @property
    def over(self) -> bool:
        return self.winner is not None

    @property
    def game_no(self) -> int:
        """The number (1-based) of the game under way or next."""
        return len(self.games) + 1

    def tag(self) -> MatchTag:
        """The tag of the game under way (or next)."""
        return MatchTag(self.id, self.game_no, self.length)

    def tag_for(self, record: GameRecord) -> MatchTag | None:
        """The tag a replay of ``record`` carries: the game under way or a finished one of
        this match (found by its seed); None for a game of no part in it."""
        if self.current is not None and record.seed == self.current.seed:
            return self.tag()
        for number, g in enumerate(self.games, 1):
            if g.seed == record.seed:
                return MatchTag(self.id, number, self.length)
        return None

    # -- the games ---------------------------------------------------------------------------
    def next_first(self) -> int | None:
        """The team that must start the next game (None: the first game's deal decides)."""
        return None if not self.games else 1 - self.games[-1].first

    def deal_next(self, db: CardDB | None = None) -> MatchGame:
        """The next game's deal (seed and starting team), without starting it."""
        want = self.next_first()
        for attempt in range(MAX_TRIES):
            seed = match_seed_for(self.seed, self.game_no, attempt)
            first = starting_team(seed, self.rules, db, self.mindbugs, self.sets)
            if want is None or first == want:
                return MatchGame(seed, first)
        raise MatchError("no deal lets the right player start")  # 2**-64: not in practice

    def start_game(self, db: CardDB | None = None) -> MatchGame:
        """Start the next game (or give the one under way again: a game whose autosave was
        lost is dealt anew, the same deal); the match file is written at once."""
        if self.over:
            raise MatchError("the match is over")
        if self.current is None:
            self.current = self.deal_next(db)
            self.save()
        return self.current

    def game_finished(self, record: GameRecord) -> None:
        """The game under way ended with ``record``; the score counts it, written at once."""
        if self.current is None or record.seed != self.current.seed:
            raise MatchError("that game is not the match's game under way")
        if record.result is None:
            raise MatchError("that game has not ended")
        done = MatchGame(self.current.seed, self.current.first, record.result.winner,
                         record.result.turns)
        self.games.append(done)
        self.current = None
        self.save()

    def reconcile(self, records: Iterable[GameRecord]) -> bool:
        """After a crash between a game's end and the match's write: count the kept replay of
        the game under way, if there is one. True if it was counted."""
        if self.current is None:
            return False
        for r in records:
            if r.seed == self.current.seed and r.result is not None:
                self.game_finished(r)
                return True
        return False

    # -- the file ----------------------------------------------------------------------------
    def save(self) -> bool:
        if self.path is None:
            return True
        try:
            atomic_write_text(self.path, json.dumps(self.to_data(), separators=(",", ":")))
        except OSError as exc:
            self.error = str(exc.strerror or exc)
            return False
        self.error = None
        return True

    def clear(self) -> None:
        """The match is done with (over, or given up): its file goes."""
        if self.path is not None:
            try:
                self.path.unlink()
            except OSError:
                pass

    @classmethod
    def load(cls, path: Path) -> tuple[MatchSeries | None, str | None]:
        """(series, None) to resume; (None, None) if there is no match; (None, message) if the
        file was damaged and has been set aside."""
        path = Path(path)
        try:
            data = load_json(path, MAX_FILE_BYTES)
            if data is None:
                return None, None
            series = cls.from_data(data)
        except (UnreadableFile, MatchError, RecordError) as exc:
            aside = set_aside(path, "broken")
            if aside is None:
                message = _("The match could not be resumed ({reason}).")
            else:
                message = _("The match could not be resumed ({reason}); it was kept as {name}.")
            return None, message.format(reason=exc, name=aside.name if aside else "")
        series.path = path
        return series, None

    def to_data(self) -> dict:
        def game(g: MatchGame) -> dict:
            return {"seed": g.seed, "first": g.first, "winner": g.winner, "turns": g.turns}

        data = {"format": FORMAT, "version": VERSION, "id": self.id, "length": self.length,
                "rules": self.rules, "mode": self.mode, "seed": self.seed,
                "seats": [{"kind": s.kind, "level": s.level, "name": s.name} for s in self.seats],
                "games": [game(g) for g in self.games],
                "current": None if self.current is None else game(self.current)}
        if (self.mindbugs, self.sets) != (2, 1):  # a match file of the default reads as before
            data["setup"] = {"mindbugs": self.mindbugs, "sets": self.sets}
        return data

    @classmethod
    def from_data(cls, data: object) -> MatchSeries:  # any JSON: checked here
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise MatchError("it is not a Mindbug match")
        if data.get("version") != VERSION:
            raise MatchError("it is of an unknown version")
        length = data.get("length")
        if length not in LENGTHS or isinstance(length, bool):
            raise MatchError("its length is not 1, 3 or 5")
        rules = data.get("rules")
        if rules not in RULES:
            raise MatchError("its rules are unknown")

        if data.get("mode") not in MODES:
            raise MatchError("its mode is unknown")
        match_id = data.get("id")
        if not isinstance(match_id, str) or not _ID.match(match_id):
            raise MatchError("its id is not readable")
        seats = data.get("seats")
        n = 2 if rules == "1v1" else 4
        if not isinstance(seats, list) or len(seats) != n:
            raise MatchError(f"it does not list {n} seats")
        games = data.get("games")
        if not isinstance(games, list) or len(games) > length:
            raise MatchError("its games are missing or too many")
        series = cls(length, rules, data["mode"], tuple(_seat(s, i) for i, s in enumerate(seats)),
                     _int(data.get("seed"), "its seed", 2**63 - 1), id=match_id,
                     games=[_game(g, finished=True) for g in games])

        try:
            series.mindbugs, series.sets = read_setup(data.get("setup"), rules)
        except RecordError as exc:
            raise MatchError(str(exc)) from None
        current = data.get("current")
        series.current = None if current is None else _game(current, finished=False)
        wins = [0, 0]
        for g in series.games[:-1]:
            assert g.winner is not None  # _game(finished=True) has checked it
            wins[g.winner] += 1
            if max(wins) >= wins_needed(length):
                raise MatchError("its games go on after the match was decided")
        if series.over and series.current is not None:
            raise MatchError("it has a game under way after the match was decided")
        return series


def _seat(value: object, i: int) -> SeatInfo:  # any JSON: checked here
    if not isinstance(value, dict):
        raise MatchError(f"seat {i + 1} is not readable")
    kind, level, name = value.get("kind"), value.get("level"), value.get("name")
    if kind not in KINDS or not isinstance(name, str) or len(name) > MAX_NAME:
        raise MatchError(f"seat {i + 1} is not readable")
    if (kind == "computer") != (level is not None) or (level is not None and level not in AI_LEVELS):
        raise MatchError(f"seat {i + 1}'s level does not fit its kind")
    return SeatInfo(kind, level, name)


def _int(value: object, what: str, hi: int) -> int:  # any JSON: checked here
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= hi:
        raise MatchError(f"{what} is not a whole number from 0 to {hi}")
    return value


def _game(value: object, finished: bool) -> MatchGame:  # any JSON: checked here
    if not isinstance(value, dict):
        raise MatchError("a game of it is not readable")
    winner = value.get("winner")
    if finished:
        winner = _int(winner, "a game's winner", 1)
    elif winner is not None:
        raise MatchError("its game under way has a winner")
    return MatchGame(_int(value.get("seed"), "a game's seed", 2**63 - 1),
                     _int(value.get("first"), "a game's first team", 1), winner,
                     _int(value.get("turns", 0), "a game's turns", 100000))


# ---------------------------------------------------------------------------------------------
# The tag a match's replays carry
# ---------------------------------------------------------------------------------------------
def tag_data(tag: MatchTag) -> dict:
    return {"id": tag.id, "game": tag.game, "of": tag.of}


def tag_from_data(value: object) -> MatchTag | None:  # any JSON: checked here
    """The tag of a replay's ``match`` field; None if there is none or it is not readable (a
    damaged tag leaves the game itself usable, just not counted as part of a match)."""
    if not isinstance(value, dict):
        return None
    match_id, game, of = value.get("id"), value.get("game"), value.get("of")
    if not isinstance(match_id, str) or not _ID.match(match_id) or of not in LENGTHS \
            or isinstance(of, bool) or isinstance(game, bool) or not isinstance(game, int) \
            or not 1 <= game <= of:
        return None
    return MatchTag(match_id, game, of)


def dumps_tagged(record: GameRecord, tag: MatchTag | None) -> str:
    """The replay file text of ``record`` with its match tag (game.persist.record.dumps plus one
    key, which readers that do not know it ignore)."""
    text = dumps(record)
    if tag is None:
        return text
    return '{"match":' + json.dumps(tag_data(tag), separators=(",", ":")) + "," + text[1:]


def read_tag(text: str) -> MatchTag | None:
    """The match tag in a replay file's text (None if none)."""
    try:
        data = parse_json(text, "it")
    except UnreadableFile:
        return None
    return tag_from_data(data.get("match")) if isinstance(data, dict) else None


def match_path(store: Store) -> Path:
    """Where the match under way is kept: beside the autosave in the data folder."""
    return Path(store.root) / "match.json"


def tagged_replays(store: Store) -> list[tuple[GameRecord, MatchTag | None]]:
    """Every readable kept replay of ``store`` (oldest first) with its match tag."""
    out = []
    for entry in reversed(store.replays()):
        if entry.record is None:
            continue
        try:
            text = read_text(entry.path, REPLAY_BYTES)
        except UnreadableFile:
            text = None
        out.append((entry.record, read_tag(text) if text else None))
    return out


# ---------------------------------------------------------------------------------------------
# Statistics over kept replays
# ---------------------------------------------------------------------------------------------
@dataclass
class MatchStats:
    played: int = 0  # matches decided in the kept replays
    won: int = 0
    unfinished: int = 0  # matches whose kept games decide nothing (given up, or pruned)
    by_length: dict[int, list[int]] = field(default_factory=dict)  # length -> [played, won]


def match_stats(tagged: Iterable[tuple[GameRecord, MatchTag | None]]) -> MatchStats:
    """Matches against the computer counted from kept replays: a match is decided when one
    side's wins among its tagged games reach the majority of its length; "won" means the
    person's side. Replays without a tag, unfinished ones and other modes are skipped; a game
    number seen twice for one match counts once."""
    matches: dict[str, dict] = {}
    for record, tag in tagged:
        if tag is None or record.result is None:
            continue
        you = person_team(record)
        if you is None:
            continue
        m = matches.setdefault(tag.id, {"of": tag.of, "you": you, "games": {}})
        if m["of"] != tag.of or m["you"] != you:
            continue  # a tag that contradicts its match's other games
        m["games"].setdefault(tag.game, record.result.winner)
    stats = MatchStats()
    for m in matches.values():
        wins = [0, 0]
        for _number, winner in sorted(m["games"].items()):
            wins[winner] += 1
        need = wins_needed(m["of"])
        decided = next((team for team in (0, 1) if wins[team] >= need), None)
        if decided is None:
            stats.unfinished += 1
            continue
        row = stats.by_length.setdefault(m["of"], [0, 0])
        stats.played += 1
        row[0] += 1
        if decided == m["you"]:
            stats.won += 1
            row[1] += 1
    return stats
