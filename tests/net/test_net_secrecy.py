"""No hidden card crosses the wire: every frame each client receives during whole games is
captured (inside TLS, as the client reads it) and checked against the engine's own view of that
client's seat; and the wire itself, as a listener on it sees it, holds nothing readable."""

from __future__ import annotations

import threading

import pytest

from game.cards import load_cards
from game.net.client import Client
from game.net.protocol import MAX_HOST_FRAME, FrameReader
from tests.support.net_helpers import CaptureProxy, start_host
from tests.support.secrecy import check_capture

SEED = 730912406  # nine digits that occur nowhere else: the seed must not travel before the end
CODE = "K7M2QX"
# Names long enough that encrypted bytes do not spell them by chance.
NAMES = ("Adalinde", "Bonifazius", "Cleopatra")
# What a listener would read in a frame's JSON: keys and the type of every message.
JSON_WORDS = ('"t":', '"welcome"', '"state"', '"view"', '"events"', '"decision_no"',
              '"token"', '"proof"', '"seats"', '"hello"', '"name"', '"cards"', '"pick"')


def _tokens(frames: list[dict]) -> list[str]:
    return [f["token"] for f in frames if f["t"] == "welcome" and f["token"]]


def readable_on_the_wire(raw: bytes, players: tuple[str, ...]) -> list[str]:
    """Whatever of the game a listener could read in ``raw``: card names, JSON, names, code."""
    words = [d.name for d in load_cards().defs if len(d.name) >= 6]
    words += [*JSON_WORDS, *players, CODE, CODE.lower(), str(SEED)]
    return [w for w in words if w.encode("utf-8") in raw]


@pytest.mark.parametrize("rules, seats, players", [
    ("1v1", ["remote", "remote"], [(NAMES[0], "easy"), (NAMES[1], "random")]),
    ("2v2", ["remote", "remote", "remote", "computer:random"],
     [(NAMES[0], "random"), (NAMES[1], "random"), (NAMES[2], "easy")]),
])
def test_every_byte_a_client_receives_shows_only_what_its_seat_may_see(tmp_path, rules, seats,
                                                                        players):
    args = ["--rules", rules, "--seed", str(SEED), "--code", CODE]
    for spec in seats:
        args += ["--seat", spec]
    host, port = start_host(tmp_path / "host", *args)
    proxies, clients, threads = [], [], []
    plain: list[bytearray] = []
    try:
        for name, level in players:
            proxy = CaptureProxy(port)
            proxies.append(proxy)
            plain.append(bytearray())
            client = Client("127.0.0.1", proxy.port, name, level=level, code=CODE,
                            store_root=tmp_path / name, log=lambda _line: None,
                            capture=plain[-1].extend)
            clients.append(client)
            threads.append(threading.Thread(target=client.run, daemon=True))
            threads[-1].start()
        for thread in threads:
            thread.join(120)
        assert [c.status for c in clients] == ["over"] * len(clients)
        assert host.wait() == 0
    finally:
        for c in clients:
            c.stop()
        host.kill()
        for proxy in proxies:
            proxy.close()
    captures = [FrameReader(MAX_HOST_FRAME).feed(bytes(p)) for p in plain]
    for mine, frames in enumerate(captures):
        others = [t for i, f in enumerate(captures) if i != mine for t in _tokens(f)]
        assert others  # the other seats' tickets exist, and none of them reached this seat
        assert check_capture(frames, clients[mine].seat, others, SEED) > 10
    # The wire both ways, as a listener sees it: TLS from the first byte, nothing readable (no
    # card, no JSON, no name, no code, no ticket), though the game sent all of them inside.
    names = tuple(name for name, _ in players)
    for proxy, frames in zip(proxies, captures):
        for raw in (bytes(proxy.received), bytes(proxy.sent)):
            assert raw[:1] == b"\x16" and raw[1:2] == b"\x03"  # a TLS handshake record
            tickets = [t.encode() for t in _tokens(frames)]
            assert readable_on_the_wire(raw, names) == [] and not any(t in raw for t in tickets)
        inside = b"".join(str(f).encode("utf-8") for f in frames)
        assert len(proxy.received) > 5000 and names[0].encode() in inside  # it was sent, hidden
