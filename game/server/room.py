"""One online game: its room code, its seats and their players' keys, its engine and record.

The room referees through game.net's shared part (``game.net.referee``: a pick's checks, a
seat's state message) and keeps the game as game.persist does (``persist.rebuild.answer``),
so it decides exactly as the LAN host would. It knows no connection: the server asks it what
to send and to whom. Its seats are game.net's ``SeatState``; a person's seat holds the
player's public key where the LAN host holds a ticket's hash.

A room takes spectators or not (``spectators``). Each person's seat has the level of the
computer that plays it while its player is away (``cover_levels``, the player's choice);
``covered`` holds the seats a computer plays now (game.server.cover decides when).
"""

from __future__ import annotations

import math
import secrets
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from game.engine import DEFAULT_SETUP, start_game
from game.net import protocol as P
from game.net.referee import checked_pick, public_cards, state_message
from game.net.saves import SeatState
from game.net.seats import computer_name, game_over_line, seat_entries
from game.persist.rebuild import Answered, answer, rebuild
from game.persist.record import (
    GameRecord,
    RecordError,
    SeatInfo,
    card_fingerprint,
    dumps,
    from_data,
    now_stamp,
    to_data,
)

if TYPE_CHECKING:
    from game.engine import CardDB, Option
    from game.engine.events import Event

ROOM_FORMAT = "mindbug-server-room"


@dataclass
class Computer:
    """A computer's turn to decide: what ``game.net.players.decide`` needs."""

    level: str
    seed: int
    seat: int
    decision_no: int
    serial: int


class Room:
    def __init__(self, code: str, game_id: str, ranked: bool, seats: list[SeatState],
                 record: GameRecord, db: CardDB, spectators: bool = True,
                 cover_levels: dict[int, str] | None = None, timed: bool = False) -> None:
        self.code = code
        self.game_id = game_id
        self.ranked = ranked
        self.spectators = spectators
        self.cover_levels: dict[int, str] = dict(cover_levels or {})
        self.covered: dict[int, str] = {}  # seat -> the level of the computer playing it now
        self.timed = timed  # per-decision timers (game.server.timers): every ranked room
        self.banks: list[float] | None = None  # each seat's time bank as last charged, kept
        self.seats = seats
        self.record = record
        if record.choices:
            self.game = rebuild(record, db).game
            self.opening: list[Event] = []
        else:
            self.game, self.opening = start_game(db, seed=record.seed, rules=record.rules,
                                                 setup=DEFAULT_SETUP)
        self.cards = [d.index for d in self.game.cards]
        self.over_text: str | None = None

    @classmethod
    def new(cls, code: str, rules: str, ranked: bool, kinds: list[str], db: CardDB,
            seed: int | None = None, spectators: bool = True, timed: bool = False) -> Room:
        """A new room: ``kinds`` per seat, "person" or "computer:LEVEL" (already checked)."""
        seats = []
        for i, kind in enumerate(kinds):
            level = kind.partition(":")[2] or None
            seats.append(SeatState(True, "person", None, f"Player {i + 1}") if level is None
                         else SeatState(False, "computer", level, computer_name(level, i, rules)))
        seed = seed if seed is not None else secrets.randbits(63)
        record = GameRecord(rules=rules, mode="network", seed=seed, seats=tuple(
            SeatInfo(s.kind, s.level, s.name) for s in seats), cards=card_fingerprint(),
            date=now_stamp(), mindbugs=DEFAULT_SETUP.mindbugs, sets=DEFAULT_SETUP.sets)
        return cls(code, secrets.token_hex(8), ranked, seats, record, db, spectators,
                   timed=timed or ranked)

    # --- kept and resumed ---------------------------------------------------------------------
    def to_data(self) -> dict[str, object]:
        """The running game as seed + choices and its seats (``store.keep_running``)."""
        return {"format": ROOM_FORMAT, "version": 1, "game": self.game_id, "code": self.code,
                "ranked": self.ranked, "spectators": self.spectators,
                "cover": {str(seat): level for seat, level in self.cover_levels.items()},
                "timed": self.timed, "banks": self.banks,
                "record": to_data(self.record),
                "seats": [{"remote": s.remote, "kind": s.kind, "level": s.level,
                           "name": s.name, "key": s.token_hash} for s in self.seats]}

    @classmethod
    def from_data(cls, data: object, db: CardDB) -> Room:
        """A kept room replayed through the engine; RecordError with one line if it cannot be."""
        if not isinstance(data, dict) or data.get("format") != ROOM_FORMAT \
                or data.get("version") != 1:
            raise RecordError("not a running game of this server")
        code, game_id, ranked = data.get("code"), data.get("game"), data.get("ranked")
        timed = data.get("timed", ranked)  # kept before timers: as a new room of its kind
        if not (isinstance(code, str) and code.isalnum() and isinstance(game_id, str)
                and game_id.isalnum() and type(ranked) is bool and type(timed) is bool):
            raise RecordError("a running game without its code")
        record = from_data(data.get("record"))
        raw = data.get("seats")
        if not isinstance(raw, list) or len(raw) != len(record.seats):
            raise RecordError("a running game without its seats")
        seats = []
        for s in raw:
            key = s.get("key") if isinstance(s, dict) else None
            if not isinstance(s, dict) or type(s.get("remote")) is not bool \
                    or s.get("kind") not in P.KINDS or not isinstance(s.get("name"), str) \
                    or not (s.get("level") is None or s.get("level") in P.LEVELS) \
                    or not (key is None or isinstance(key, str) and len(key) == 64):
                raise RecordError("a running game with a broken seat")
            seats.append(SeatState(s["remote"], s["kind"], s.get("level"), s["name"][:P.MAX_NAME],
                                   key))
        # kept since the rooms took spectators and covered dropped seats (absent before)
        spectators, cover = data.get("spectators", True), data.get("cover", {})
        if type(spectators) is not bool or not isinstance(cover, dict) or not all(
                isinstance(k, str) and k.isdigit() and int(k) < len(seats) and v in P.LEVELS
                for k, v in cover.items()):
            raise RecordError("a running game with broken settings")
        banks = data.get("banks")
        if not (banks is None or isinstance(banks, list) and len(banks) == len(seats) and all(
                type(b) in (int, float) and math.isfinite(b) and 0 <= b <= 10**6 for b in banks)):
            raise RecordError("a running game with broken time banks")
        room = cls(code, game_id, ranked, seats, record, db, spectators,
                   {int(k): v for k, v in cover.items()}, timed)
        room.banks = [float(b) for b in banks] if banks is not None else None
        return room

    # --- seats --------------------------------------------------------------------------------
    @property
    def started(self) -> bool:
        """Every person's seat is taken: decisions are answered from now on."""
        return all(s.token_hash is not None for s in self.seats if s.remote)

    @property
    def over(self) -> bool:
        return self.game.pending is None

    def seat_of(self, key: str) -> int | None:
        return next((i for i, s in enumerate(self.seats) if s.remote and s.token_hash == key),
                    None)

    def take(self, key: str, name: str) -> int | None:
        """The player's seat: the one they hold already, else the first free person's seat
        (None: the room is full)."""
        seat = self.seat_of(key)
        if seat is not None:
            return seat
        seat = next((i for i, s in enumerate(self.seats) if s.remote and s.token_hash is None),
                    None)
        if seat is not None:
            s = self.seats[seat]
            s.token_hash, s.name = key, name
            self.record = replace(self.record, seats=tuple(
                SeatInfo(s.kind, s.level, s.name) for s in self.seats))
        return seat

    def free(self, seat: int) -> None:
        """A person's seat left before the game began: free for someone else."""
        s = self.seats[seat]
        s.token_hash, s.name = None, f"Player {seat + 1}"
        self.record = replace(self.record, seats=tuple(
            SeatInfo(s.kind, s.level, s.name) for s in self.seats))

    def keys(self) -> list[str | None]:
        return [s.token_hash if s.remote else None for s in self.seats]

    def entries(self, online: set[int]) -> list[P.SeatEntry]:
        return seat_entries(self.seats, online)

    # --- messages -----------------------------------------------------------------------------
    def welcome(self, seat: int, online: set[int]) -> P.WelcomeMessage:
        return {"t": "welcome", "protocol": P.PROTOCOL_VERSION, "game": self.game_id,
                "seat": seat, "token": "", "rules": self.record.rules,
                "mindbugs": self.record.mindbugs, "sets": self.record.sets,
                "seats": self.entries(online), "cards": self.cards,
                "proof": ""}  # the room's code proves nothing here: the server is pinned

    def state(self, seat: int, events: list[Event], public: set[int]) -> P.StateMessage:
        return state_message(self.game, seat, events, public, len(self.record.choices),
                             self.started)

    def first_state(self, seat: int) -> P.StateMessage:
        """A seat's state as it sits down: the opening's events (masked) before any choice."""
        return self.state(seat, self.opening if not self.record.choices else [], set())

    def over_message(self) -> P.OverMessage:
        winner, text = self.game.winner, self.over_text
        assert winner is not None and text is not None  # sent once the game is over
        return {"t": "over", "winner": winner, "turns": self.game.turn_no, "replay": text}

    def over_line(self) -> str:
        winner = self.game.winner
        assert winner is not None
        return game_over_line(winner, self.game.turn_no, [s.name for s in self.seats],
                              self.record.rules)

    # --- the game -----------------------------------------------------------------------------
    def check(self, seat: int, pick: P.PickMessage) -> Option | tuple[str, str]:
        return checked_pick(self.game, self.started, seat, pick)

    def apply(self, option: Option) -> tuple[Answered, set[int]]:
        """Answer the pending decision (EngineError, state unchanged, if the engine refuses);
        the answer and the cards that were public before it (for masking its events)."""
        public = public_cards(self.game)
        answered = answer(self.game, option)
        self.record = self.record.with_choice(answered.choice)
        if answered.result is not None:
            self.record = replace(self.record, result=answered.result)
            self.over_text = dumps(self.record)
        return answered, public

    def computer_turn(self) -> Computer | None:
        """The pending decision when a computer seat of this room makes it."""
        pending = self.game.pending
        if pending is None or not self.started:
            return None
        s = self.seats[pending.seat]
        level = self.covered.get(pending.seat) if s.remote else s.level
        if level is None:
            return None
        return Computer(level, self.record.seed, pending.seat, len(self.record.choices),
                        pending.serial)
