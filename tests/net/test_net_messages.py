"""The protocol's messages have one typed shape each (game.net.protocol), the schemas are read
from those shapes, and both ends dispatch through a table of handlers.

The shapes may be refactored, the wire may not change: the field lists below are protocol
version 1 as it was sent before the shapes existed, in the order a missing field is named,
with version 3's set-up fields and version 4's proofs of the join code (TLS: the code itself
no longer travels).
"""

from __future__ import annotations

from types import SimpleNamespace
from typing import Annotated, Literal, TypedDict

import pytest

from game.net import protocol as P
from game.net.client import Client
from game.net.host import Host

#: Protocol version 1, message by message: its fields in order.
CLIENT_FIELDS = {
    "hello": ["protocol", "cards", "rules", "mindbugs", "sets", "name", "kind", "level", "proof", "token"],
    "pick": ["serial", "verb", "card", "seat"],
    "ping": [],
    "bye": [],
}
HOST_FIELDS = {
    "welcome": ["protocol", "game", "seat", "token", "rules", "mindbugs", "sets", "seats", "cards",
                "proof"],
    "refused": ["code", "text"],
    "state": ["decision_no", "started", "events", "view"],
    "error": ["code", "text", "serial"],
    "seats": ["seats"],
    "over": ["winner", "turns", "replay"],
    "ping": [],
}


def fields(schema: dict[str, P.Schema]) -> dict[str, list[str]]:
    return {kind: list(checks) for kind, checks in schema.items()}


def test_the_schemas_derived_from_the_shapes_are_protocol_version_4():
    # the message shapes of 1; 2: the views grew an effect context; 3: the hello and the
    # welcome name the 2v2 set-up (mindbugs, sets); 4: TLS, the code's proofs instead of it
    assert P.PROTOCOL_VERSION == 4
    assert fields(P.CLIENT_MESSAGES) == CLIENT_FIELDS
    assert fields(P.HOST_MESSAGES) == HOST_FIELDS
    assert sorted(P.SEAT_ENTRY) == ["connected", "kind", "level", "name", "remote", "taken"]


def test_each_end_has_one_handler_per_message_type_it_may_be_sent():
    assert set(Host._HANDLERS) == set(P.CLIENT_MESSAGES)
    assert set(Client._HANDLERS) == set(P.HOST_MESSAGES)


def test_a_field_without_a_check_is_refused_where_the_shape_is_declared():
    class Loose(TypedDict):
        t: Literal["loose"]
        checked: Annotated[int, P.is_int(0, 3)]
        unchecked: int

    with pytest.raises(TypeError, match="Loose.unchecked"):
        P.schemas_of(Loose)


def test_a_derived_schema_checks_what_its_shape_declares():
    class Probe(TypedDict):
        t: Literal["probe"]
        seat: Annotated[int, P.SEAT]
        name: Annotated[str | None, P.opt(P.is_str(4))]

    schema = P.schemas_of(Probe)
    good = {"t": "probe", "seat": 3, "name": None}
    assert P.check_message(good, schema) is good
    for bad, fault in [({"t": "probe", "seat": 4, "name": None}, "field 'seat' has a wrong value"),
                       ({"t": "probe", "seat": 1, "name": "Mallory"}, "'name' has a wrong value"),
                       ({"t": "probe", "seat": 1}, "missing field 'name'"),
                       ({"t": "probe", "seat": 1, "name": "", "x": 1}, "unknown field 'x'"),
                       ({"t": "other"}, "unknown message type 'other'"),
                       ({"t": 5}, "unknown message type '5'")]:
        with pytest.raises(P.ProtocolError, match=fault):
            P.check_message(bad, schema)


def test_a_pick_is_the_same_bytes_on_the_wire():
    """What a client sends for an option, byte for byte as protocol version 1 had it."""
    from game.engine import option

    sent: list[P.ClientMessage] = []
    client = SimpleNamespace(sent_serial=None, send=sent.append)
    Client._send_pick(client, 12, option("play", 7))  # type: ignore[arg-type]
    body = b'{"t":"pick","serial":12,"verb":"play","card":7,"seat":null}'
    assert [P.encode_frame(m) for m in sent] == [len(body).to_bytes(4, "big") + body]
    assert client.sent_serial == 12
