"""The online server's own messages: the lobby before a seat is taken.

A connection opens with the server's ``challenge`` (a nonce); the client answers ``login`` (its
public key, the nonce signed, its name), then ``create`` (a room) or ``join`` (a room by its
invite code). Once seated, it speaks game.net's protocol unchanged: ``pick``/``ping``/``bye``
one way, ``welcome``/``state``/``seats``/``error``/``over`` the other. Each message is a
``TypedDict`` whose fields carry their checks (``Annotated``), read into schemas by
``game.net.protocol.schemas_of`` as game.net's own are.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal, TypedDict, cast, get_args

from game.net import protocol as P

#: The lobby's version (game.net's PROTOCOL_VERSION is the seat's, checked as well).
SERVER_PROTOCOL = 1
#: "computer:LEVEL" or "person", per seat, in turn order.
SEAT_KINDS = ("person", *(f"computer:{level}" for level in P.LEVELS))
MAX_ROOM_CODE = 16


def is_hex(length: int) -> P.Check:
    return lambda v: (type(v) is str and len(v) == length
                      and all(c in "0123456789abcdef" for c in v))


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
    creator's), ranked or friendly."""

    t: Literal["create"]
    rules: Annotated[str, P.is_str(8, P.RULES)]
    seats: Annotated[list[str], P.is_list(P.is_str(20, SEAT_KINDS), 4)]
    ranked: Annotated[bool, P.is_bool]


class JoinMessage(TypedDict):
    """Sit in the room of this invite code (a player's own seat again, when it has one)."""

    t: Literal["join"]
    code: Annotated[str, P.is_str(64)]


LobbyMessage = LoginMessage | CreateMessage | JoinMessage
ClientMessage = LobbyMessage | P.PickMessage | P.PingMessage | P.ByeMessage
ServerMessage = ChallengeMessage | IdentityMessage | RoomMessage | P.HostMessage

#: What a client may send the server, by ``t``.
CLIENT_MESSAGES: dict[str, P.Schema] = P.schemas_of(*get_args(LobbyMessage), P.PickMessage,
                                                     P.PingMessage, P.ByeMessage)
#: What the server may send a client, by ``t``.
SERVER_MESSAGES: dict[str, P.Schema] = {
    **P.schemas_of(ChallengeMessage, IdentityMessage, RoomMessage), **P.HOST_MESSAGES}


def encode(message: ClientMessage | ServerMessage) -> bytes:
    """A message as game.net's frame (a length, then its JSON)."""
    # game.net's encoder is typed for its own messages; these are JSON objects of the same kind
    return P.encode_frame(cast("dict[str, Any]", message))
