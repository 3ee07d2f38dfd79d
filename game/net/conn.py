"""One connection the host serves: its buffers, its deadlines, its rate and its seat."""

from __future__ import annotations

import socket

from game.net import protocol as P


class Conn:
    """One connection: its buffers, its deadlines, and the seat it took (if any)."""

    def __init__(self, sock: socket.socket, addr: tuple[str, int], now: float,
                 limits: P.Limits) -> None:
        self.sock = sock
        self.addr = addr
        self.reader = P.FrameReader(P.MAX_CLIENT_FRAME)
        self.outbox = bytearray()
        self.opened = now
        self.last_in = now
        self.last_out = now
        self.partial_since: float | None = None
        self.seat: int | None = None
        self.tokens = float(limits.burst)
        self.rate_at = now
        self.closing = False  # close once the outbox is sent (a refusal's last word)
        self.close_by = 0.0  # ... or at this time, whatever the peer reads

    def __repr__(self) -> str:
        return f"<conn {self.addr} seat={self.seat}>"
