"""What a network game keeps on disk.

- The host's save, ``network/host-GAME.json`` in the user data folder: the game's record
  (seed and choices, game.persist's format, rewritten after every decision) and its seats
  with the hash of each seat's ticket, the host's TLS key (its certificate, which the clients'
  tickets are pinned to) and the join code's slow, salted key (``game.net.tls.code_key``:
  scrypt; never the code itself nor a fast hash of it), so a host closed mid-game
  resumes from it and the same seats rejoin with the tickets their computers kept. Removed
  once the game is kept as a replay.
- A client's ticket, ``network/ticket-KEY.json``: the game, the seat and the token it rejoins
  with after a drop or a restart; removed at game over.
- The finished game as a replay in the ordinary replays folder (game.persist.store), on the
  host and on every client: the same text. Which seat this computer played is therefore not
  in it but beside it, ``network/played-KEY.json`` (KEY from the game's seed, date and
  length): the replay viewer starts from that seat's side.
"""

from __future__ import annotations

import hashlib
import json
import os
import secrets
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from game.common.safe_files import UnreadableFile, atomic_write_text, load_json, set_aside
from game.engine import Setup
from game.net.protocol import KINDS, LEVELS
from game.net.seats import SeatSpec, clean_name, computer_name
from game.net.tls import code_key, key_fingerprint, new_private_key, valid_private_key
from game.persist.rebuild import rebuild
from game.persist.record import (
    GameRecord,
    RecordError,
    SeatInfo,
    card_fingerprint,
    from_data,
    loads,
    now_stamp,
    to_data,
)
from game.persist.store import Store

HOST_FORMAT = "mindbug-net-host"
TICKET_FORMAT = "mindbug-net-ticket"
PLAYED_FORMAT = "mindbug-net-played"
MAX_SAVE_BYTES = 2 << 20


@dataclass
class SeatState:
    remote: bool
    kind: str  # "person" or "computer", as the record keeps it
    level: str | None
    name: str
    token_hash: str | None = None  # None: a remote seat nobody has taken yet


@dataclass
class HostSave:
    game_id: str
    record: GameRecord
    seats: list[SeatState]
    #: The join code's key for this host's certificate (game.net.tls.code_key), None: no code.
    code_key: str | None = None
    path: Path | None = field(default=None, compare=False)
    #: The port it listened on (None in saves of earlier versions): a resumed host listens on
    #: it again, so the clients' tickets (kept by address) find it.
    port: int | None = None
    #: The host's TLS key (a P-256 scalar): the same certificate after a resume.
    tls_key: int = field(default_factory=new_private_key, compare=False)


def network_dir(root: Path) -> Path:
    return Path(root) / "network"


def host_save_path(root: Path, game_id: str) -> Path:
    return network_dir(root) / f"host-{game_id}.json"


def host_save_text(save: HostSave) -> str:
    return json.dumps({
        "format": HOST_FORMAT, "version": 2, "game": save.game_id, "code_key": save.code_key,
        "tls_key": f"{save.tls_key:064x}", "port": save.port, "seats": [{"remote": s.remote, "kind": s.kind, "level": s.level, "name": s.name,
                   "token": s.token_hash} for s in save.seats],
        "record": to_data(save.record),
    }, ensure_ascii=False, separators=(",", ":"))


def read_host_save(path: Path) -> HostSave:
    """The host's save in ``path``, its record replayed through the engine; RecordError with
    one line for anything wrong."""
    path = Path(path)
    try:
        data = load_json(path, MAX_SAVE_BYTES)
    except UnreadableFile as exc:
        raise RecordError(f"{path.name} cannot be used: {exc}") from None
    if data is None:
        raise RecordError(f"{path.name} does not exist")
    if not isinstance(data, dict) or data.get("format") != HOST_FORMAT \
            or data.get("version") not in (1, 2):
        raise RecordError(f"{path.name} is not a network game's save")
    game_id, seats = data.get("game"), data.get("seats")
    if not isinstance(game_id, str) or not game_id.isalnum() or len(game_id) > 64:
        raise RecordError(f"{path.name} names no game")
    if data["version"] == 1:  # before TLS: a new key; the code's fast hash cannot be used
        if data.get("code") is not None and not _is_hash(data.get("code")):
            raise RecordError(f"{path.name} holds a broken join code")
        tls_key = new_private_key()
        code = _lost_code(tls_key) if data.get("code") is not None else None
    else:
        key_text, code = data.get("tls_key"), data.get("code_key")
        tls_key = int(key_text, 16) if isinstance(key_text, str) and _is_hash(key_text) else 0
        if not valid_private_key(tls_key):
            raise RecordError(f"{path.name} holds a broken key")
    if code is not None and not _is_hash(code):
        raise RecordError(f"{path.name} holds a broken join code")
    port = data.get("port")
    if port is not None and not (type(port) is int and 0 < port < 65536):
        raise RecordError(f"{path.name} holds a broken port")
    record = from_data(data.get("record"))
    if not isinstance(seats, list) or len(seats) != len(record.seats):
        raise RecordError(f"{path.name} does not list the game's seats")
    states = []
    for s in seats:
        if not isinstance(s, dict) or type(s.get("remote")) is not bool \
                or not (s.get("token") is None or _is_hash(s.get("token"))) \
                or not isinstance(s.get("name"), str) or s.get("kind") not in KINDS \
                or not (s.get("level") is None or s.get("level") in LEVELS) \
                or (not s["remote"] and s.get("level") is None):
            raise RecordError(f"{path.name} holds a broken seat")
        states.append(SeatState(s["remote"], s["kind"], s.get("level"),
                                clean_name(s["name"], "Player"), s.get("token")))
    try:
        rebuild(record)
    except RecordError as exc:
        raise RecordError(f"{path.name} cannot be used: {exc}") from None
    return HostSave(game_id, record, states, code, path, port, tls_key)


def _lost_code(tls_key: int) -> str:
    """A save of version 1 kept a fast hash of its join code, which no proof can be checked
    against: a free seat of such a game takes a code nobody knows (a seated player rejoins with
    their ticket as always)."""
    return code_key(new_private_key().to_bytes(32, "big").hex(), key_fingerprint(tls_key))


def _is_hash(value: object) -> bool:  # object: any JSON value of a save
    return isinstance(value, str) and len(value) == 64 and all(c in "0123456789abcdef" for c in value)


def latest_host_save(root: Path) -> Path | None:
    """The host's save written last: ``host-GAME.json`` only, never a damaged one set aside
    beside it (``host-GAME.broken-DATE.json``: read again, it would be set aside again)."""
    try:
        files = [p for p in network_dir(root).glob("host-*.json")
                 if _is_game_id(p.name[5:-5]) and p.is_file()]
    except OSError:
        return None
    return max(files, key=_mtime, default=None)


def _is_game_id(text: str) -> bool:
    return text.isascii() and text.isalnum() and len(text) <= 64


def _mtime(path: Path) -> float:
    try:
        return path.stat().st_mtime
    except OSError:  # removed since it was listed
        return 0.0


# ---------------------------------------------------------------------------------------------
# The client's ticket
# ---------------------------------------------------------------------------------------------
def ticket_path(root: Path, address: str, name: str) -> Path:
    key = hashlib.sha256(f"{address}\n{name}".encode()).hexdigest()[:16]
    return network_dir(root) / f"ticket-{key}.json"


def write_ticket(path: Path, game_id: str, seat: int, token: str, pin: str | None = None) -> None:
    """Keep a seat's ticket; ``pin``: the fingerprint of the host's certificate, the only one
    the ticket will be sent to (game.net.tls)."""
    atomic_write_text(path, json.dumps({"format": TICKET_FORMAT, "game": game_id, "seat": seat,
                                        "token": token, "host": pin}))


def ticket_pin(path: Path) -> str | None:
    """The host certificate a kept ticket is pinned to (None: none, or a ticket of a version
    before TLS, sent to the first host that proves nothing else)."""
    try:
        data = load_json(path, 4096)
    except UnreadableFile:
        return None
    pin = data.get("host") if isinstance(data, dict) else None
    return pin if _is_hash(pin) else None


def read_ticket(path: Path) -> tuple[str, int, str] | None:
    """(game, seat, token) of a kept ticket; None if there is none or it is damaged (a bad
    ticket only costs the seat: the client then asks for a free one)."""
    try:
        data = load_json(path, 4096)
    except UnreadableFile:
        set_aside(path, "broken")
        return None
    if not isinstance(data, dict) or data.get("format") != TICKET_FORMAT:
        return None
    game, seat, token = data.get("game"), data.get("seat"), data.get("token")
    if not (isinstance(game, str) and type(seat) is int and isinstance(token, str)
            and len(token) <= 64 and len(game) <= 64):
        return None
    return game, seat, token


def remove_file(path: Path) -> None:
    try:
        os.unlink(path)
    except FileNotFoundError:
        pass


# ---------------------------------------------------------------------------------------------
# The seat a finished network game was played from here
# ---------------------------------------------------------------------------------------------
def played_path(root: Path, record: GameRecord) -> Path:
    """Where this computer notes its seat in the finished game ``record`` (the replay itself is
    the host's text, the same on every computer: it cannot say whose computer keeps it)."""
    key = hashlib.sha256(f"{record.seed}\n{record.date}\n{record.rules}\n{len(record.choices)}"
                         .encode()).hexdigest()[:16]
    return network_dir(root) / f"played-{key}.json"


def remember_played(root: Path, record: GameRecord, seat: int) -> None:
    atomic_write_text(played_path(root, record),
                      json.dumps({"format": PLAYED_FORMAT, "seat": seat}))


def keep_finished_game(root: Path, replay: str, winner: int, turns: int, seat: int | None,
                       log: Callable[[str], None]) -> Path | None:
    """A network game's end, as a client (LAN or online) keeps it: the host's replay, checked to
    hold the game's own result, saved in the player's store, and this seat noted so the viewer
    opens it from this side. Returns the replay's path; None where it could not be kept (said in
    ``log``: the game is over all the same)."""
    try:
        record = loads(replay, "the replay")
        if record.result is None or (record.result.winner, record.result.turns) != (winner, turns):
            raise RecordError("its result is not the game's")
        path = Store(root).save_replay(record)
    except (RecordError, OSError) as exc:
        log(f"the replay could not be kept: {exc}")
        return None
    if seat is not None:  # the viewer opens it from this seat's side
        try:
            remember_played(root, record, seat)
        except OSError:
            pass  # the viewer then starts from its usual side: nothing is lost
    return path


def seat_played_here(root: Path, record: GameRecord) -> int | None:
    """The seat this computer played in the network game ``record`` (a person's, or its
    computer's with ``join --computer``); None if it noted none (a replay copied from
    elsewhere, an earlier version) or the note names no seat of this game."""
    try:
        data = load_json(played_path(root, record), 4096)
    except UnreadableFile:
        return None
    seat = data.get("seat") if isinstance(data, dict) and data.get("format") == PLAYED_FORMAT \
        else None
    return seat if type(seat) is int and 0 <= seat < len(record.seats) else None


def new_host_save(rules: str, seed: int, seats: list[SeatSpec], code: str | None,
                  setup: Setup) -> HostSave:
    """A new network game's save: its record (no choice yet), every seat free for a remote
    player or taken by a computer of the spec's level, and the join code's hash."""
    if len(seats) != (2 if rules == "1v1" else 4):
        raise ValueError(f"{rules} needs {2 if rules == '1v1' else 4} seats, not {len(seats)}")
    states = [_first_state(s, i, rules) for i, s in enumerate(seats)]
    record = GameRecord(rules=rules, mode="network", seed=seed, seats=tuple(
        SeatInfo(s.kind, s.level, s.name) for s in states), cards=card_fingerprint(),
        date=now_stamp(), mindbugs=setup.mindbugs, sets=setup.sets)
    tls_key = new_private_key()
    verifier = code_key(code, key_fingerprint(tls_key)) if code else None
    return HostSave(secrets.token_hex(8), record, states, verifier, tls_key=tls_key)


def _first_state(spec: SeatSpec, seat: int, rules: str) -> SeatState:
    """A new game's seat: free for a remote player, or a computer of the spec's level."""
    if spec.remote:
        return SeatState(True, "person", None, f"Player {seat + 1}")
    if spec.level is None:
        raise ValueError(f"seat {seat + 1} is a computer without a level")
    return SeatState(False, "computer", spec.level, computer_name(spec.level, seat, rules))
