"""The online server's own messages: the lobby before a seat is taken.

A connection opens with the server's ``challenge`` (a nonce); the client answers ``login`` (its
public key, the nonce signed, its name), then ``create`` (a room) or ``join`` (a room by its
invite code) or ``quick`` (a ranked 1v1 with whoever the queue pairs it with: ``queued`` tells
it how long it has waited until the ``room`` comes; ``cancel`` leaves the queue), and may ask
``leaders`` (the leaderboard) whenever it is logged in. Once seated, it speaks game.net's
protocol: ``pick``/``ping``/``bye`` one way, ``welcome``/``state``/``seats``/``error``/``over``
the other, and in a timed room ``clock`` after each state and ``timeout`` when the server
answered a seat's decision because its time ran out. A spectator asks for the running games it
may watch (``browse``, answered by ``games``) and watches one (``watch``, answered by
``watching``, then the delayed public ``state``s); every seat and spectator is told when a seat
drops and a computer covers it (``cover``). Each message is a
``TypedDict`` whose fields carry their checks (``Annotated``), read into schemas by
``game.net.protocol.schemas_of`` as game.net's own are.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal, TypedDict, cast, get_args

from game.net import protocol as P

#: The lobby's version (game.net's PROTOCOL_VERSION is the seat's, checked as well). 2: a room
#: takes spectators or not, a player names the level of the computer that covers their seat.
#: 3: also quick match, the leaderboard and timed rooms (``create`` names ``timed``).
SERVER_PROTOCOL = 3
#: "computer:LEVEL" or "person", per seat, in turn order.
SEAT_KINDS = ("person", *(f"computer:{level}" for level in P.LEVELS))
MAX_ROOM_CODE = 16
#: What a ``cover`` message says of a seat: its player dropped and the computer plays it in
#: ``seconds``; the computer plays it; the player took it back.
COVER_STATES = ("waiting", "computer", "back")
#: The most running games a ``games`` message lists.
MAX_LISTED = 50
MAX_LEADERS = 100
QUICK_RULES = ("1v1",)


def is_hex(length: int) -> P.Check:
    return lambda v: (type(v) is str and len(v) == length
                      and all(c in "0123456789abcdef" for c in v))


def is_leader(v: object) -> bool:
    """A leaderboard entry: exactly LeaderEntry's fields, each passing its check."""
    schema = _LEADER_ENTRY
    return type(v) is dict and set(v) == set(schema) \
        and all(check(v[name]) for name, check in schema.items())


_LEADER_ENTRY: P.Schema = {}  # filled below, once LeaderEntry is defined


# Server -> client
class ChallengeMessage(TypedDict):
    """The first message of a connection: what the login signs."""

    t: Literal["challenge"]
    protocol: Annotated[int, P.is_int(0, 10**6)]
    nonce: Annotated[str, is_hex(64)]


class IdentityMessage(TypedDict):
    """Logged in: the key's short id, the name as others see it, the key's rating."""

    t: Literal["identity"]
    player: Annotated[str, is_hex(16)]
    name: Annotated[str, P.is_str(P.MAX_NAME)]
    rating: Annotated[int, P.is_int(0, 10_000)]
    games: Annotated[int, P.is_int(0, 10**9)]


class RoomMessage(TypedDict):
    """A room made or found: its invite code and who sits where (before the welcome)."""

    t: Literal["room"]
    code: Annotated[str, P.is_str(MAX_ROOM_CODE)]
    rules: Annotated[str, P.is_str(8, P.RULES)]
    ranked: Annotated[bool, P.is_bool]
    seats: Annotated[list[P.SeatEntry], P.is_list(P.is_dict, 4)]


class WatchingMessage(TypedDict):
    """Watching a game (before its first public state): the welcome of a spectator, which
    has no seat. ``delay``: how many decisions behind the table the spectator is shown."""

    t: Literal["watching"]
    game: Annotated[str, P.is_str(64)]
    rules: Annotated[str, P.is_str(8, P.RULES)]
    ranked: Annotated[bool, P.is_bool]
    mindbugs: Annotated[int, P.is_int(1, 2)]
    sets: Annotated[int, P.is_int(1, 2)]
    seats: Annotated[list[P.SeatEntry], P.is_list(P.is_dict, 4)]
    cards: Annotated[list[int], P.is_list(P.is_int(0, 999), 1000)]
    delay: Annotated[int, P.is_int(0, 100)]


class ListedGame(TypedDict):
    """One running game anyone may watch: ``game`` is what ``watch`` takes (not the invite
    code, which stays with those it was given to)."""

    game: Annotated[str, is_hex(16)]
    rules: Annotated[str, P.is_str(8, P.RULES)]
    ranked: Annotated[bool, P.is_bool]
    names: Annotated[list[str], P.is_list(P.is_str(P.MAX_NAME), 4)]
    turn: Annotated[int, P.is_int(0, 10**6)]
    spectators: Annotated[int, P.is_int(0, 10**6)]


class GamesMessage(TypedDict):
    """The running games that take spectators (at most ``MAX_LISTED``, most watched first)."""

    t: Literal["games"]
    games: Annotated[list[ListedGame], P.is_list(P.is_dict, MAX_LISTED)]


class CoverMessage(TypedDict):
    """A seat's player dropped (``waiting``: a computer at ``level`` plays it in ``seconds``),
    the computer plays it (``computer``), or the player took it back (``back``)."""

    t: Literal["cover"]
    seat: Annotated[int, P.SEAT]
    state: Annotated[str, P.is_str(10, COVER_STATES)]
    seconds: Annotated[int, P.is_int(0, 10**6)]
    level: Annotated[str, P.is_str(10, P.LEVELS)]
class MovedMessage(TypedDict):
    """Out of the queue: paired by another process of this server (game.server.cluster), which
    seats the player in room ``code``: connect to ``host``:``port`` and join it there."""

    t: Literal["moved"]
    code: Annotated[str, P.is_str(MAX_ROOM_CODE)]
    host: Annotated[str, P.is_str(255)]
    port: Annotated[int, P.is_int(1, 65535)]


class QueuedMessage(TypedDict):
    """Waiting in the quick-match queue: for how long (whole seconds), how far apart in rating
    an opponent may be now, and how many wait in all."""

    t: Literal["queued"]
    waited: Annotated[int, P.is_int(0, 10**7)]
    window: Annotated[int, P.is_int(0, 10_000)]
    waiting: Annotated[int, P.is_int(0, 10**7)]


class CancelledMessage(TypedDict):
    """Out of the queue, as asked, after ``waited`` seconds (still logged in)."""

    t: Literal["cancelled"]
    waited: Annotated[int, P.is_int(0, 10**7)]


class LeaderEntry(TypedDict):
    """One player on the leaderboard (by ``score``: the rating less two RDs)."""

    rank: Annotated[int, P.is_int(1, 10**9)]
    player: Annotated[str, is_hex(16)]
    name: Annotated[str, P.is_str(P.MAX_NAME)]
    rating: Annotated[int, P.is_int(-10_000, 10_000)]
    rd: Annotated[int, P.is_int(0, 10_000)]
    score: Annotated[int, P.is_int(-10_000, 10_000)]
    games: Annotated[int, P.is_int(0, 10**9)]


_LEADER_ENTRY.update(P.fields_of(LeaderEntry))


class LeaderboardMessage(TypedDict):
    """The best ``top`` players and the asking player's own entry (None before a ranked game)."""

    t: Literal["leaderboard"]
    top: Annotated[list[LeaderEntry], P.is_list(is_leader, MAX_LEADERS)]
    you: Annotated[LeaderEntry | None, P.opt(is_leader)]


class ClockMessage(TypedDict):
    """A timed room's clocks (after each state): whose decision runs (None: a computer's or
    none), its serial, its free time left and every seat's bank, in milliseconds."""

    t: Literal["clock"]
    seat: Annotated[int | None, P.opt(P.SEAT)]
    serial: Annotated[int | None, P.opt(P.SERIAL)]
    decision_ms: Annotated[int, P.is_int(0, 10**9)]
    banks_ms: Annotated[list[int], P.is_list(P.is_int(0, 10**9), 4)]


class TimeoutMessage(TypedDict):
    """The seat's time ran out: the server answered its decision ``serial`` (timers.py's
    default); the state that follows shows what it did."""

    t: Literal["timeout"]
    seat: Annotated[int, P.SEAT]
    serial: Annotated[int, P.SERIAL]


# Client -> server
class LoginMessage(TypedDict):
    """Who this is: an Ed25519 public key and the challenge signed with it (identity.py)."""

    t: Literal["login"]
    protocol: Annotated[int, P.is_int(0, 10**6)]
    seat_protocol: Annotated[int, P.is_int(0, 10**6)]  # game.net's PROTOCOL_VERSION
    cards: Annotated[str, P.is_str(64)]
    key: Annotated[str, is_hex(64)]  # 32 bytes
    signature: Annotated[str, is_hex(128)]  # 64 bytes
    name: Annotated[str, P.is_str(200)]


class CreateMessage(TypedDict):
    """A new room: its rules, each seat's kind in turn order (the first person's is the
    creator's), ranked or friendly, whether it takes spectators, and the level of the computer
    that plays the creator's seat if they drop (None: the server's default)."""

    t: Literal["create"]
    rules: Annotated[str, P.is_str(8, P.RULES)]
    seats: Annotated[list[str], P.is_list(P.is_str(20, SEAT_KINDS), 4)]
    ranked: Annotated[bool, P.is_bool]
    spectators: Annotated[bool, P.is_bool]
    cover: Annotated[str | None, P.opt(P.is_str(10, P.LEVELS))]
    timed: Annotated[bool, P.is_bool]  # timers on a friendly room (a ranked one always has them)


class JoinMessage(TypedDict):
    """Sit in the room of this invite code (a player's own seat again, when it has one); the
    level of the computer that plays the seat if this player drops (None: the server's)."""

    t: Literal["join"]
    code: Annotated[str, P.is_str(64)]
    cover: Annotated[str | None, P.opt(P.is_str(10, P.LEVELS))]


class BrowseMessage(TypedDict):
    """Which running games may be watched (answered by ``games``)."""

    t: Literal["browse"]


class WatchMessage(TypedDict):
    """Watch a game: its invite code, or its ``game`` from a ``games`` list."""

    t: Literal["watch"]
    code: Annotated[str, P.is_str(64)]


class QuickMessage(TypedDict):
    """Wait for a ranked game with someone of about this player's rating (matchmaking.py)."""

    t: Literal["quick"]
    rules: Annotated[str, P.is_str(8, QUICK_RULES)]


class CancelMessage(TypedDict):
    """Leave the quick-match queue."""

    t: Literal["cancel"]


class LeadersMessage(TypedDict):
    """The leaderboard's best ``count`` players and this player's own place."""

    t: Literal["leaders"]
    count: Annotated[int, P.is_int(1, MAX_LEADERS)]


LobbyMessage = (LoginMessage | CreateMessage | JoinMessage | BrowseMessage | WatchMessage
                | QuickMessage | CancelMessage | LeadersMessage)
ClientMessage = LobbyMessage | P.PickMessage | P.PingMessage | P.ByeMessage
ServerMessage = (ChallengeMessage | IdentityMessage | RoomMessage | WatchingMessage
                 | GamesMessage | CoverMessage | QueuedMessage | MovedMessage | CancelledMessage
                 | LeaderboardMessage | ClockMessage | TimeoutMessage | P.HostMessage)

#: What a client may send the server, by ``t``.
CLIENT_MESSAGES: dict[str, P.Schema] = P.schemas_of(*get_args(LobbyMessage), P.PickMessage,
                                                     P.PingMessage, P.ByeMessage)
#: What the server may send a client, by ``t``.
SERVER_MESSAGES: dict[str, P.Schema] = {
    **P.schemas_of(ChallengeMessage, IdentityMessage, RoomMessage, WatchingMessage, GamesMessage,
                   CoverMessage, QueuedMessage, MovedMessage, CancelledMessage,
                   LeaderboardMessage,
                   ClockMessage, TimeoutMessage), **P.HOST_MESSAGES}
LISTED_GAME: P.Schema = P.fields_of(ListedGame)


def listed_games(value: list[Any]) -> list[ListedGame]:  # each entry is any JSON until checked
    """The entries of a ``games`` message, each checked (as ``protocol.seat_entries``)."""
    out: list[ListedGame] = []
    for entry in value:
        if set(entry) != set(LISTED_GAME) \
                or not all(check(entry[name]) for name, check in LISTED_GAME.items()):
            raise P.ProtocolError("a listed game is malformed", "schema")
        out.append(entry)
    return out


def encode(message: ClientMessage | ServerMessage) -> bytes:
    """A message as game.net's frame (a length, then its JSON)."""
    # game.net's encoder is typed for its own messages; these are JSON objects of the same kind
    return P.encode_frame(cast("dict[str, Any]", message))
