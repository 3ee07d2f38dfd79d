"""Shared pieces of the online server's tests: a server on loopback in the test's own event
loop (its TLS certificate made in the test's folder), and its frames as each seat got them."""

from __future__ import annotations

import contextlib
from collections import defaultdict
from collections.abc import AsyncIterator
from pathlib import Path

from game.net.protocol import MAX_HOST_FRAME, FrameReader
from game.server.client import OnlineClient
from game.server.config import ServerLimits
from game.server.server import Server
from game.server.store import ServerStore
from game.server.tls import make_self_signed, server_context


class Captured:
    """Every frame the server sent, per connection, before TLS (what each seat was sent)."""

    def __init__(self) -> None:
        self.by_session: dict[int, bytearray] = defaultdict(bytearray)
        self.order: list[tuple[int, bytes]] = []  # every frame in the order it was sent

    def __call__(self, session: int, frame: bytes) -> None:
        self.by_session[session] += frame
        self.order.append((session, frame))

    def frames(self) -> list[list[dict]]:
        return [FrameReader(MAX_HOST_FRAME).feed(bytes(raw))
                for _, raw in sorted(self.by_session.items())]


@contextlib.asynccontextmanager
async def running_server(folder: Path, capture: Captured | None = None,
                         limits: ServerLimits | None = None) -> AsyncIterator[Server]:
    cert, key = make_self_signed(folder / "tls")
    context, fingerprint = server_context(cert, key)
    server = Server(ServerStore(folder), context, fingerprint, port=0, bind="127.0.0.1",
                    limits=limits, capture=capture)
    server.resume_rooms()
    await server.start()
    try:
        yield server
    finally:
        await server.stop()


def bot(folder: Path, port: int, name: str, level: str | None = "random",
        seed: int = 0) -> OnlineClient:
    """A player whose data folder (key, pins, replays) is ``folder``; a computer of ``level``
    decides for it (None: the test picks)."""
    return OnlineClient("127.0.0.1", port, name, root=folder, level=level, agent_seed=seed,
                        log=lambda _line: None)
