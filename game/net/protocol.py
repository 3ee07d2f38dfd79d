"""The wire: length-prefixed JSON messages, their limits and their schema.

A frame is a 4-byte big-endian length, then that many bytes of UTF-8 JSON holding one object
with a type ``t``. Every frame is capped in size, parsed by ``game.common.safe_files.parse_json``
(no NaN or Infinity, bounded nesting and numbers) and checked against the schema of its type
before anything reads it: unknown types, unknown or missing fields and wrong types are
refused. Nothing but JSON data is ever decoded.
"""

from __future__ import annotations

import functools
import hashlib
import json
import struct
from collections.abc import Callable
from dataclasses import dataclass

PROTOCOL_VERSION = 1
HEADER = struct.Struct(">I")
#: A client's messages are tiny (a hello, a pick); a host's view is a few KB and the finished
#: record at game over tens of KB.
MAX_CLIENT_FRAME = 4 * 1024
MAX_HOST_FRAME = 512 * 1024
MAX_DEPTH = 24
MAX_NAME = 40
MAX_CODE = 16
MAX_TOKEN = 64


class ProtocolError(ValueError):
    """A frame or message that breaks the protocol; ``str()`` is one line, ``code`` a word a
    window can translate."""

    def __init__(self, text: str, code: str = "protocol") -> None:
        super().__init__(text)
        self.code = code


@dataclass
class Limits:
    """Time limits (seconds) and rates; the tests shrink them."""

    hello_timeout: float = 5.0  # from connect to a complete, valid hello
    frame_timeout: float = 5.0  # a frame begun must be complete within this
    idle_timeout: float = 15.0  # nothing at all from a seated client (it pings every 2 s)
    ping_interval: float = 2.0
    max_outbox: int = 2 * 1024 * 1024  # bytes queued for a client that does not read
    max_messages_per_second: float = 40.0
    burst: int = 80
    max_connections: int = 16
    max_pending_per_address: int = 4  # connections from one address that have not said hello
    bad_codes_per_minute: int = 10
    linger: float = 60.0  # after game over, how long the host waits for a dropped seat
    reconnect_window: float = 300.0  # how long a dropped client keeps trying


@functools.lru_cache(maxsize=1)
def card_set_fingerprint() -> str:
    """The SHA-256 of data/cards.yaml's bytes: two computers must play with the same cards."""
    from game.common.resources import data_path

    return hashlib.sha256(data_path("cards.yaml").read_bytes()).hexdigest()[:32]


def encode_frame(message: dict) -> bytes:
    body = json.dumps(message, ensure_ascii=False, separators=(",", ":"), allow_nan=False)
    data = body.encode("utf-8")
    return HEADER.pack(len(data)) + data


class FrameReader:
    """Collects bytes and yields complete messages; ProtocolError for a frame over the cap or
    one that is not a JSON object. ``partial`` says whether a frame has begun (slow senders)."""

    def __init__(self, max_frame: int) -> None:
        self.max_frame = max_frame
        self.buffer = bytearray()

    @property
    def partial(self) -> bool:
        return bool(self.buffer)

    def feed(self, data: bytes) -> list[dict]:
        self.buffer += data
        out = []
        while len(self.buffer) >= HEADER.size:
            (length,) = HEADER.unpack_from(self.buffer)
            if length > self.max_frame:
                raise ProtocolError(f"a message of {length} bytes is over the limit of "
                                    f"{self.max_frame}", "too_large")
            if len(self.buffer) < HEADER.size + length:
                break
            body = bytes(self.buffer[HEADER.size:HEADER.size + length])
            del self.buffer[:HEADER.size + length]
            out.append(parse_body(body))
        return out


def parse_body(body: bytes) -> dict:
    from game.common.safe_files import UnreadableFile, parse_json

    try:
        text = body.decode("utf-8")
    except UnicodeDecodeError:
        raise ProtocolError("a message is not UTF-8 text", "garbage") from None
    try:
        data = parse_json(text, "a message", MAX_DEPTH)
    except UnreadableFile as exc:
        raise ProtocolError(str(exc), "garbage") from None
    if not isinstance(data, dict) or not isinstance(data.get("t"), str):
        raise ProtocolError("a message is not an object with a type", "schema")
    return data


# ---------------------------------------------------------------------------------------------
# The schema: per message type, its fields and a check for each
# ---------------------------------------------------------------------------------------------
Check = Callable[[object], bool]


def is_int(lo: int, hi: int) -> Check:
    return lambda v: type(v) is int and lo <= v <= hi


def opt(check: Check) -> Check:
    return lambda v: v is None or check(v)


def is_str(limit: int, allowed: tuple[str, ...] | None = None) -> Check:
    return lambda v: type(v) is str and len(v) <= limit and (allowed is None or v in allowed)


def is_list(check: Check, limit: int) -> Check:
    return lambda v: type(v) is list and len(v) <= limit and all(check(x) for x in v)


def is_bool(v: object) -> bool:
    return type(v) is bool


def is_dict(v: object) -> bool:
    return type(v) is dict


def anything(v: object) -> bool:  # checked again by the decoder that reads it (viewcodec)
    return True


RULES = ("1v1", "2v2")
LEVELS = ("random", "easy", "medium", "hard", "expert")
KINDS = ("person", "computer")
SERIAL = is_int(0, 10**9)
SEAT = is_int(0, 3)
_seat_entry = is_dict  # name/kind/level/connected, checked by seat_entries()

#: Client -> host
CLIENT_MESSAGES: dict[str, dict[str, Check]] = {
    "hello": {"protocol": is_int(0, 10**6), "cards": is_str(64), "rules": opt(is_str(8, RULES)),
              "name": is_str(200), "kind": is_str(10, KINDS), "level": opt(is_str(10, LEVELS)),
              "code": opt(is_str(64)), "token": opt(is_str(128))},
    "pick": {"serial": SERIAL, "verb": is_str(12), "card": opt(is_int(0, 999)),
             "seat": opt(SEAT)},
    "ping": {},
    "bye": {},
}
#: Host -> client
HOST_MESSAGES: dict[str, dict[str, Check]] = {
    "welcome": {"protocol": is_int(0, 10**6), "game": is_str(64), "seat": SEAT,
                "token": is_str(MAX_TOKEN), "rules": is_str(8, RULES),
                "seats": is_list(_seat_entry, 4), "cards": is_list(is_int(0, 999), 1000)},
    "refused": {"code": is_str(32), "text": is_str(400)},
    "state": {"decision_no": is_int(0, 10**6), "started": is_bool, "events": is_list(anything, 2000),
              "view": is_dict},
    "error": {"code": is_str(32), "text": is_str(400), "serial": opt(SERIAL)},
    "seats": {"seats": is_list(_seat_entry, 4)},
    "over": {"winner": is_int(0, 1), "turns": is_int(0, 10**6), "replay": is_str(400_000)},
    "ping": {},
}


def check_message(data: dict, schema: dict[str, dict[str, Check]]) -> dict:
    """``data`` if it matches the schema of its type; ProtocolError naming the first fault."""
    kind = data.get("t")
    fields = schema.get(kind)
    if fields is None:
        raise ProtocolError(f"unknown message type {str(kind)[:20]!r}", "schema")
    extra = set(data) - set(fields) - {"t"}
    if extra:
        raise ProtocolError(f"{kind}: unknown field {sorted(extra)[0][:20]!r}", "schema")
    for name, check in fields.items():
        if name not in data:
            raise ProtocolError(f"{kind}: missing field {name!r}", "schema")
        if not check(data[name]):
            raise ProtocolError(f"{kind}: field {name!r} has a wrong value", "schema")
    return data


def seat_entries(value: list) -> list[dict]:
    """The seat list of a welcome or seats message, each entry checked."""
    out = []
    for entry in value:
        if set(entry) != {"name", "kind", "level", "connected", "remote", "taken"} \
                or not is_str(MAX_NAME)(entry["name"]) or not is_str(10, KINDS)(entry["kind"]) \
                or not opt(is_str(10, LEVELS))(entry["level"]) \
                or not all(is_bool(entry[k]) for k in ("connected", "remote", "taken")):
            raise ProtocolError("a seat entry is malformed", "schema")
        out.append(entry)
    return out


def handshake_mismatch(hello: dict, rules: str) -> tuple[str, str, str] | None:
    """Why a checked hello cannot play this host's game: (code, text for the client, line for
    the host's log), or None when the protocol, the card data and the rules agree."""
    if hello["protocol"] != PROTOCOL_VERSION:
        return ("version", f"the host speaks protocol {PROTOCOL_VERSION}, this client "
                f"{hello['protocol']}: both need the same version", f"protocol {hello['protocol']}")
    if hello["cards"] != card_set_fingerprint():
        return ("cards", "the host plays with other card data (another version of the cards)",
                "other card data")
    if hello["rules"] is not None and hello["rules"] != rules:
        return "rules", f"the host plays {rules}, not {hello['rules']}", f"rules {hello['rules']}"
    return None
