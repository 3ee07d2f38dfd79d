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
from typing import Annotated, Any, Literal, TypedDict, get_args, get_type_hints

from game.common.resources import data_path
from game.common.safe_files import UnreadableFile, parse_json

PROTOCOL_VERSION = 4  # 2: views carry an effect context ("c") and the rulings-24 continuation;
# 3: the hello asks for and the welcome names the 2v2 set-up (Mindbugs per player, sets);
# 4: TLS on every connection; the join code never travels, proofs of it do (game.net.tls)
HEADER = struct.Struct(">I")
#: A client's messages are tiny (a hello, a pick); a host's view is a few KB and the finished
#: record at game over tens of KB.
MAX_CLIENT_FRAME = 4 * 1024
MAX_HOST_FRAME = 512 * 1024
MAX_DEPTH = 24
MAX_NAME = 40
MAX_PROOF = 64  # an HMAC-SHA256 in hex (game.net.tls.proof)
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
    return hashlib.sha256(data_path("cards.yaml").read_bytes()).hexdigest()[:32]


def encode_frame(message: ClientMessage | HostMessage | dict[str, Any]) -> bytes:  # any JSON object too (tests send malformed messages)
    # dict[str, Any]: any JSON object too (the tests send what no typed message can hold)
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

    def feed(self, data: bytes) -> list[dict[str, Any]]:  # Any: JSON, checked by check_message
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


def parse_body(body: bytes) -> dict[str, Any]:  # Any: JSON, checked by check_message
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
Check = Callable[[object], bool]  # object: a field's value as any JSON, before its check


def is_int(lo: int, hi: int) -> Check:
    return lambda v: type(v) is int and lo <= v <= hi


def opt(check: Check) -> Check:
    return lambda v: v is None or check(v)


def is_str(limit: int, allowed: tuple[str, ...] | None = None) -> Check:
    return lambda v: type(v) is str and len(v) <= limit and (allowed is None or v in allowed)


def is_list(check: Check, limit: int) -> Check:
    return lambda v: type(v) is list and len(v) <= limit and all(check(x) for x in v)


def is_bool(v: object) -> bool:  # a schema check takes any JSON value
    return type(v) is bool


def is_dict(v: object) -> bool:  # a schema check takes any JSON value
    return type(v) is dict


def anything(v: object) -> bool:  # checked again by the decoder that reads it (viewcodec)
    return True


RULES = ("1v1", "2v2")
LEVELS = ("random", "easy", "medium", "hard", "expert")
KINDS = ("person", "computer")
SERIAL = is_int(0, 10**9)
SEAT = is_int(0, 3)


# ---------------------------------------------------------------------------------------------
# One typed shape per message. Each field's check rides on its type (``Annotated``), and the
# schemas below are read from these classes: a field is declared once. The field order is the
# order in which a missing field is named, and the order a sender writes them in.
# ---------------------------------------------------------------------------------------------
class SeatEntry(TypedDict):
    """Who sits at one seat (in welcome and seats): no ticket, nothing hidden."""

    name: Annotated[str, is_str(MAX_NAME)]
    kind: Annotated[str, is_str(10, KINDS)]
    level: Annotated[str | None, opt(is_str(10, LEVELS))]
    remote: Annotated[bool, is_bool]
    taken: Annotated[bool, is_bool]
    connected: Annotated[bool, is_bool]


# Client -> host
class HelloMessage(TypedDict):
    """The first message of a connection: who asks for which seat, with which game data."""

    t: Literal["hello"]
    protocol: Annotated[int, is_int(0, 10**6)]
    cards: Annotated[str, is_str(64)]
    rules: Annotated[str | None, opt(is_str(8, RULES))]
    #: the 2v2 set-up the client means to play (game.engine.variants); None: whatever the host plays
    mindbugs: Annotated[int | None, opt(is_int(1, 2))]
    sets: Annotated[int | None, opt(is_int(1, 2))]
    name: Annotated[str, is_str(200)]
    kind: Annotated[str, is_str(10, KINDS)]
    level: Annotated[str | None, opt(is_str(10, LEVELS))]
    #: the join code's proof for the certificate this client saw (game.net.tls); None: no code
    proof: Annotated[str | None, opt(is_str(MAX_PROOF))]
    token: Annotated[str | None, opt(is_str(128))]


class PickMessage(TypedDict):
    """A seat's answer to the decision of ``serial``: an engine option's three parts."""

    t: Literal["pick"]
    serial: Annotated[int, SERIAL]
    verb: Annotated[str, is_str(12)]
    card: Annotated[int | None, opt(is_int(0, 999))]
    seat: Annotated[int | None, opt(SEAT)]


class PingMessage(TypedDict):
    """Still here (either way)."""

    t: Literal["ping"]


class ByeMessage(TypedDict):
    """The client leaves."""

    t: Literal["bye"]


# Host -> client
class WelcomeMessage(TypedDict):
    """A seat taken: which, its ticket (empty when rejoined), the game's rules, seats, cards."""

    t: Literal["welcome"]
    protocol: Annotated[int, is_int(0, 10**6)]
    game: Annotated[str, is_str(64)]
    seat: Annotated[int, SEAT]
    token: Annotated[str, is_str(MAX_TOKEN)]
    rules: Annotated[str, is_str(8, RULES)]
    mindbugs: Annotated[int, is_int(1, 2)]  # the game's set-up: Mindbugs per player
    sets: Annotated[int, is_int(1, 2)]  # and First Contact sets in the deck
    seats: Annotated[list[SeatEntry], is_list(is_dict, 4)]  # each entry: seat_entries()
    cards: Annotated[list[int], is_list(is_int(0, 999), 1000)]
    #: the host's proof of the join code, to a client that proved it ("" otherwise)
    proof: Annotated[str, is_str(MAX_PROOF)]


class RefusedMessage(TypedDict):
    """The connection is refused (then closed): a word for the window, a line for logs."""

    t: Literal["refused"]
    code: Annotated[str, is_str(32)]
    text: Annotated[str, is_str(400)]


class StateMessage(TypedDict):
    """The seat's view after a decision, and that decision's events as the seat may see them."""

    t: Literal["state"]
    decision_no: Annotated[int, is_int(0, 10**6)]
    started: Annotated[bool, is_bool]
    # Checked again by the decoder that reads them (viewcodec).
    events: Annotated[list[list[Any]], is_list(anything, 2000)]  # wire events: JSON arrays, decoded by viewcodec
    view: Annotated[dict[str, Any], is_dict]  # a wire view: a JSON object, decoded by viewcodec


class ErrorMessage(TypedDict):
    """A pick refused (the connection stays): why, and which decision it answered."""

    t: Literal["error"]
    code: Annotated[str, is_str(32)]
    text: Annotated[str, is_str(400)]
    serial: Annotated[int | None, opt(SERIAL)]


class SeatsMessage(TypedDict):
    """Who sits where now (someone joined, left or came back)."""

    t: Literal["seats"]
    seats: Annotated[list[SeatEntry], is_list(is_dict, 4)]  # each entry: seat_entries()


class OverMessage(TypedDict):
    """The game is over: its winner, its length and the whole record (seed and choices)."""

    t: Literal["over"]
    winner: Annotated[int, is_int(0, 1)]
    turns: Annotated[int, is_int(0, 10**6)]
    replay: Annotated[str, is_str(400_000)]


ClientMessage = HelloMessage | PickMessage | PingMessage | ByeMessage
HostMessage = (WelcomeMessage | RefusedMessage | StateMessage | ErrorMessage | SeatsMessage
               | OverMessage | PingMessage)
Schema = dict[str, Check]


def fields_of(shape: type) -> Schema:
    """A typed shape's fields and the check on each (``t`` aside), in declaration order."""
    fields: Schema = {}
    for name, hint in get_type_hints(shape, include_extras=True).items():
        if name == "t":
            continue
        checks = [m for m in getattr(hint, "__metadata__", ()) if callable(m)]
        if len(checks) != 1:
            raise TypeError(f"{shape.__name__}.{name} needs one check in its Annotated type")
        fields[name] = checks[0]
    return fields


def schemas_of(*shapes: type) -> dict[str, Schema]:
    """The schema of each message type, keyed by its ``t``."""
    out: dict[str, Schema] = {}
    for shape in shapes:
        (kind,) = get_args(get_type_hints(shape)["t"])
        out[kind] = fields_of(shape)
    return out


#: Client -> host
CLIENT_MESSAGES: dict[str, Schema] = schemas_of(*get_args(ClientMessage))
#: Host -> client
HOST_MESSAGES: dict[str, Schema] = schemas_of(*get_args(HostMessage))
SEAT_ENTRY: Schema = fields_of(SeatEntry)


def check_message(data: dict[str, Any], schema: dict[str, Schema]) -> dict[str, Any]:  # any JSON object until checked
    """``data`` if it matches the schema of its type; ProtocolError naming the first fault.
    The caller reads the result as the typed shape of its ``t`` (``ClientMessage`` or
    ``HostMessage``)."""
    # Any: a decoded frame is any JSON object until this check
    kind = data.get("t")
    fields = schema.get(kind) if isinstance(kind, str) else None
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


def seat_entries(value: list[Any]) -> list[SeatEntry]:  # each entry is any JSON until checked
    """The seat list of a welcome or seats message, each entry checked."""
    # Any: each entry is any JSON until checked here
    out: list[SeatEntry] = []
    for entry in value:
        if set(entry) != set(SEAT_ENTRY) \
                or not all(check(entry[name]) for name, check in SEAT_ENTRY.items()):
            raise ProtocolError("a seat entry is malformed", "schema")
        out.append(entry)
    return out


def older_hello(data: dict[str, Any]) -> tuple[str, str, str] | None:  # any JSON object until checked
    """A hello of another protocol version, told by its version before its fields are checked:
    a version-2 client's hello lacks the set-up fields, and its player should read that the
    versions differ, not that a field is missing. (code, text, log line) as handshake_mismatch."""
    version = data.get("protocol")
    if data.get("t") != "hello" or type(version) is not int or version == PROTOCOL_VERSION:
        return None
    return ("version", f"the host speaks protocol {PROTOCOL_VERSION}, this client {version}: "
            "both need the same version", f"protocol {version}")


def setup_words(rules: str, mindbugs: int, sets: int) -> str:
    """ "2v2 with 1 Mindbug each and two sets": a game's rules and set-up, for a refusal."""
    if rules != "2v2":
        return rules
    return (f"2v2 with {mindbugs} Mindbug{'s' if mindbugs != 1 else ''} each and "
            f"{'one set' if sets == 1 else 'two sets'}")


def handshake_mismatch(hello: HelloMessage, rules: str, mindbugs: int = 2,
                       sets: int = 1) -> tuple[str, str, str] | None:
    """Why a checked hello cannot play this host's game: (code, text for the client, line for
    the host's log), or None when the protocol, the card data, the rules and the set-up agree
    (a client that asks for another set-up is refused, never seated in a game it did not
    mean to play)."""
    if hello["protocol"] != PROTOCOL_VERSION:
        return ("version", f"the host speaks protocol {PROTOCOL_VERSION}, this client "
                f"{hello['protocol']}: both need the same version", f"protocol {hello['protocol']}")
    if hello["cards"] != card_set_fingerprint():
        return ("cards", "the host plays with other card data (another version of the cards)",
                "other card data")
    if hello["rules"] is not None and hello["rules"] != rules:
        return "rules", f"the host plays {rules}, not {hello['rules']}", f"rules {hello['rules']}"
    wanted = (hello["mindbugs"] if hello["mindbugs"] is not None else mindbugs,
              hello["sets"] if hello["sets"] is not None else sets)
    if wanted != (mindbugs, sets):
        asked = setup_words("2v2", *wanted)
        return ("setup", f"the host plays {setup_words(rules, mindbugs, sets)}, not {asked}",
                f"set-up {wanted[0]} Mindbugs, {wanted[1]} sets")
    return None
