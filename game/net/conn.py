"""The connections the host serves: each one's buffers, deadlines, rate and seat, and the one
selector loop that accepts, reads, writes and closes them.

Every connection is TLS (``game.net.tls``), through memory buffers (``ssl.MemoryBIO``): the
sockets stay plain non-blocking ones and the loop below moves their encrypted bytes, so the
TLS handshake is one more thing a peer must finish within its hello time, never a wait.

One thread serves every connection with ``selectors`` and non-blocking sockets, so a slow,
silent or half-open peer can never stall the game: each connection has a deadline for its
hello, for a frame it has begun, and for silence, a cap on what it may leave unread, and a
rate of messages it may send. What a message means is not decided here: each one checked
against the client schema goes to the host's handler.
"""

from __future__ import annotations

import selectors
import socket
import ssl
import time
from collections.abc import Callable
from typing import cast

from game.net import protocol as P


class Conn:
    """One connection: its buffers, its deadlines, and the seat it took (if any)."""

    def __init__(self, sock: socket.socket, addr: tuple[str, int], now: float,
                 limits: P.Limits, context: ssl.SSLContext) -> None:
        self.sock = sock
        self.addr = addr
        # TLS through memory: what arrives goes into ``incoming``, what TLS writes is taken from
        # ``outgoing`` into the outbox (encrypted bytes only ever reach the socket).
        self.incoming, self.outgoing = ssl.MemoryBIO(), ssl.MemoryBIO()
        self.tls = context.wrap_bio(self.incoming, self.outgoing, server_side=True)
        self.secured = False  # the TLS handshake is done
        self.first_bytes = True  # nothing read yet: an older client speaks plain frames
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


#: The host's handler of a message checked against the client schema; a ProtocolError it
#: raises refuses the connection.
MessageHandler = Callable[[Conn, P.ClientMessage], None]
#: Told that a seat lost its connection, and why (None: closed on purpose or refused).
SeatLeft = Callable[[int, str | None], None]
#: Told that everything queued for a connection has left this computer.
SentAll = Callable[[Conn], None]


class Connections:
    """Every connection of one listening socket, and the loop that serves them.

    ``serve()`` waits for the sockets at most its timeout, then closes the connections past a
    deadline. Another thread stops that wait early with ``wake()``.
    """

    def __init__(self, limits: P.Limits, log: Callable[[str], None], *,
                 on_message: MessageHandler, on_seat_left: SeatLeft,
                 on_sent_all: SentAll, context: ssl.SSLContext) -> None:
        self.limits = limits
        self.context = context
        self.log = log
        self.on_message = on_message
        self.on_seat_left = on_seat_left
        self.on_sent_all = on_sent_all
        self.sel = selectors.DefaultSelector()
        # A worker thread (a computer seat, a window) wakes the loop through this pair.
        self._wake_r, self._wake_w = socket.socketpair()
        self._wake_r.setblocking(False)
        self._wake_w.setblocking(False)
        self.sel.register(self._wake_r, selectors.EVENT_READ, None)
        self.listener: socket.socket | None = None
        self.conns: dict[socket.socket, Conn] = {}
        #: Connections not served at all (too many, or too many from one address).
        self.refused = 0
        #: How many refusals of each code were sent (tests and the log read it).
        self.refusals: dict[str, int] = {}

    def listen(self, address: str, port: int) -> int:
        """Open the listening socket; returns the port (the real one for ``port=0``)."""
        sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind((address, port))
        sock.listen(16)
        sock.setblocking(False)
        self.listener = sock
        self.sel.register(sock, selectors.EVENT_READ, None)
        return int(sock.getsockname()[1])

    def wake(self) -> None:
        """End the current (or the next) wait of ``serve`` early; safe from any thread."""
        try:
            self._wake_w.send(b"!")
        except OSError:  # the pair is full (it is woken already) or closed
            pass

    def serve(self, timeout: float) -> None:
        """Serve the sockets for at most ``timeout`` seconds, then apply the deadlines."""
        for key, mask in self.sel.select(timeout):
            if key.fileobj is self.listener:
                self._accept()
                continue
            if key.fileobj is self._wake_r:
                try:
                    self._wake_r.recv(4096)
                except OSError:
                    pass
                continue
            sock = key.fileobj  # every file this selector watches is a socket
            conn = self.conns.get(sock) if isinstance(sock, socket.socket) else None
            if conn is None:
                continue
            if mask & selectors.EVENT_READ:
                self._read(conn)
            if mask & selectors.EVENT_WRITE and conn.sock in self.conns:
                self._write(conn)
        self._check_deadlines()

    def _accept(self) -> None:
        listener = self.listener
        if listener is None:  # only a listening host is told of a connection
            return
        for _ in range(8):
            try:
                sock, addr = listener.accept()
            except (BlockingIOError, InterruptedError):
                return
            except OSError:
                return
            pending = sum(1 for c in self.conns.values()
                          if c.seat is None and c.addr[0] == addr[0])
            if len(self.conns) >= self.limits.max_connections \
                    or pending >= self.limits.max_pending_per_address:
                sock.close()  # a flood of connections is not served
                self.refused += 1
                continue
            sock.setblocking(False)
            try:
                sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
            except OSError:
                pass
            conn = Conn(sock, addr, time.monotonic(), self.limits, self.context)
            self.conns[sock] = conn
            self.sel.register(sock, selectors.EVENT_READ, None)

    def _read(self, conn: Conn) -> None:
        try:
            data = conn.sock.recv(65536)
        except (BlockingIOError, InterruptedError):
            return
        except OSError:
            data = b""
        if not data:
            self.drop(conn, "closed the connection")
            return
        now = time.monotonic()
        conn.last_in = now
        if conn.closing:
            return  # refused already: what it still sends is not read
        if conn.first_bytes:
            conn.first_bytes = False
            if data[0] == 0:  # a frame's length, not a TLS record: a client before TLS
                self.log(f"REFUSED {conn.addr}: a client of an older version (no TLS)")
                self.refusals["version"] = self.refusals.get("version", 0) + 1
                conn.outbox += P.encode_frame({
                    "t": "refused", "code": "version",
                    "text": f"the host speaks protocol {P.PROTOCOL_VERSION} (encrypted): "
                            "both need the same version"})
                conn.closing, conn.close_by = True, now + 1.0
                self._write(conn)
                if conn.sock in self.conns and conn.outbox:
                    self.sel.modify(conn.sock, selectors.EVENT_READ | selectors.EVENT_WRITE, None)
                return
        conn.incoming.write(data)
        try:
            plain = self._decrypt(conn)
        except ssl.SSLError as exc:
            self.drop(conn, f"TLS failed ({exc.reason or exc})")
            return
        if plain is None:  # the peer closed TLS
            self.drop(conn, "closed the connection")
            return
        if not plain or conn.sock not in self.conns:
            return
        try:
            messages = conn.reader.feed(plain)
        except P.ProtocolError as exc:
            self.refuse(conn, exc.code, str(exc))
            return
        if not conn.reader.partial:
            conn.partial_since = None
        elif messages or conn.partial_since is None:  # a new frame has begun
            conn.partial_since = now
        for message in messages:
            elapsed, conn.rate_at = now - conn.rate_at, now
            conn.tokens = min(self.limits.burst,
                              conn.tokens + elapsed * self.limits.max_messages_per_second) - 1
            if conn.tokens < 0:
                self.refuse(conn, "flood", "too many messages: the connection is closed")
                return
            older = P.older_hello(message) if isinstance(message, dict) else None
            if older is not None:
                code, text, why = older
                self.log(f"REFUSED {conn.addr}: {why}")
                self.refuse(conn, code, text)
                return
            try:
                self.on_message(conn, cast("P.ClientMessage",
                                           P.check_message(message, P.CLIENT_MESSAGES)))
            except P.ProtocolError as exc:
                self.refuse(conn, exc.code, str(exc))
                return
            if conn.sock not in self.conns or conn.closing:
                return

    def _decrypt(self, conn: Conn) -> bytes | None:
        """What TLS made of the bytes received (b"" for nothing yet, None once it closed); the
        handshake's own answers go to the outbox."""
        plain = bytearray()
        try:
            if not conn.secured:
                conn.tls.do_handshake()
                conn.secured = True
            while True:
                chunk = conn.tls.read(65536)
                if not chunk:
                    return None
                plain += chunk
        except ssl.SSLWantReadError:
            pass
        except ssl.SSLZeroReturnError:
            return None
        finally:
            self._flush_tls(conn)
        return bytes(plain)

    def _flush_tls(self, conn: Conn) -> None:
        """Move what TLS wrote into the outbox and start sending it."""
        data = conn.outgoing.read()
        if not data or conn.sock not in self.conns:
            return
        was_empty = not conn.outbox
        conn.outbox += data
        if was_empty:
            self._write(conn)  # usually all of it goes at once, without a round of select
            if conn.outbox and conn.sock in self.conns:
                self.sel.modify(conn.sock, selectors.EVENT_READ | selectors.EVENT_WRITE, None)

    def _write(self, conn: Conn) -> None:
        try:
            sent = conn.sock.send(conn.outbox)
        except (BlockingIOError, InterruptedError):
            return
        except OSError:
            self.drop(conn, "cannot be written to")
            return
        del conn.outbox[:sent]
        conn.last_out = time.monotonic()
        if not conn.outbox:
            self.on_sent_all(conn)
            if conn.closing:
                self.drop(conn, None)
            else:
                self.sel.modify(conn.sock, selectors.EVENT_READ, None)

    def send(self, conn: Conn, message: P.HostMessage) -> None:
        if conn.sock not in self.conns:
            return
        frame = P.encode_frame(message)
        if len(conn.outbox) + len(frame) > self.limits.max_outbox:
            self.drop(conn, "does not read what it is sent")
            return
        if not conn.secured:  # a message is only ever an answer to one read through TLS
            self.drop(conn, None)
            return
        try:
            conn.tls.write(frame)
        except ssl.SSLError:
            self.drop(conn, "TLS failed")
            return
        self._flush_tls(conn)

    def _check_deadlines(self) -> None:
        now = time.monotonic()
        lim = self.limits
        for conn in list(self.conns.values()):
            if conn.closing and now > conn.close_by:
                self.drop(conn, None)
            elif conn.seat is None and now - conn.opened > lim.hello_timeout:
                self.drop(conn, "sent no hello in time")
            elif conn.partial_since is not None and now - conn.partial_since > lim.frame_timeout:
                self.drop(conn, "began a message and did not finish it")
            elif conn.seat is not None and now - conn.last_in > lim.idle_timeout:
                self.drop(conn, "went silent")
            elif conn.seat is not None and now - conn.last_out > lim.ping_interval:
                self.send(conn, {"t": "ping"})

    def refuse(self, conn: Conn, code: str, text: str) -> None:
        """Tell the peer why, then close once that is sent (it gets a second at most)."""
        self.refusals[code] = self.refusals.get(code, 0) + 1
        if conn.seat is not None:
            self.log(f"REFUSED seat={conn.seat} {code}: {text}")
        self.send(conn, {"t": "refused", "code": code, "text": text[:400]})
        conn.closing = True
        conn.close_by = time.monotonic() + 1.0
        seat, conn.seat = conn.seat, None
        if seat is not None:
            self.on_seat_left(seat, None)
        if conn.sock in self.conns and not conn.outbox:
            self.drop(conn, None)

    def drop(self, conn: Conn, why: str | None) -> None:
        """Close a connection now; ``why`` (for the log) when the peer caused it."""
        if self.conns.pop(conn.sock, None) is None:
            return
        try:
            self.sel.unregister(conn.sock)
        except (KeyError, ValueError):
            pass
        conn.sock.close()
        seat, conn.seat = conn.seat, None
        if seat is not None:
            self.on_seat_left(seat, why)

    def hang_up(self) -> None:
        """Close every connection and stop listening (the selector stays for ``close``)."""
        for conn in list(self.conns.values()):
            self.drop(conn, None)
        if self.listener is not None:
            self.sel.unregister(self.listener)
            self.listener.close()

    def close(self) -> None:
        """Close the selector and the wake pair (after ``hang_up``)."""
        self.sel.close()
        self._wake_r.close()
        self._wake_w.close()
