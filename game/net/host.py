"""The host: the only computer that runs the engine, the referee of every pick.

One thread serves every connection with ``selectors`` and non-blocking sockets, so a slow,
silent or half-open peer can never stall the game: each connection has a deadline for its
hello, for a frame it has begun, and for silence, a cap on what it may leave unread, and a
rate of messages it may send. Computer seats on the host decide in a worker thread.
"""

from __future__ import annotations

import selectors
import socket
import time
from collections import deque
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar, cast

from game.cards import load_cards
from game.common.paths import data_dir
from game.engine import DEFAULT_SETUP, EngineError, check_setup, start_game
from game.net import protocol as P
from game.net.conn import Conn
from game.net.players import decide
from game.net.reach import bind_address
from game.net.referee import ILLEGAL, Refusal, checked_pick, public_cards, state_message
from game.net.saves import (
    HostSave,
    SeatState,
    host_save_path,
    host_save_text,
    new_host_save,
    remove_file,
)
from game.net.seats import (
    SeatSpec,
    clean_name,
    code_matches,
    game_over_line,
    new_token,
    seat_entries,
    token_hash,
)
from game.persist.rebuild import answer, rebuild
from game.persist.record import GameRecord, SeatInfo, dumps
from game.persist.store import Store
from game.persist.writer import BackgroundWriter

if TYPE_CHECKING:
    from game.engine import Option, Setup
    from game.engine.events import Event
    from game.persist.record import Result


class Host:
    """A network game's host. ``listen()`` then ``run()`` (or ``step()`` in a loop)."""

    def __init__(self, rules: str, seed: int, seats: list[SeatSpec], *, port: int = 0,
                 bind: str = "0.0.0.0", code: str | None = None, store_root: Path | None = None,
                 limits: P.Limits | None = None, resume: HostSave | None = None,
                 log: Callable[[str], None] = print, hold: bool = False,
                 setup: Setup | None = None) -> None:
        self.limits = limits or P.Limits()
        self.log = log
        self.bind, self.port = bind, port
        self.store = Store(store_root if store_root is not None else data_dir())
        self.writer = BackgroundWriter()
        self.db = load_cards()
        if resume is not None:
            self.save = resume
            self.game = rebuild(resume.record, self.db).game
            self.opening: list[Event] = []
        else:
            setup = check_setup(rules, setup if setup is not None else DEFAULT_SETUP)
            self.save = new_host_save(rules, seed, seats, code, setup)
            self.game, self.opening = start_game(self.db, seed=seed, rules=rules, setup=setup)
        #: Where the save is kept (the save's own ``path``, which a save read from disk has too).
        self.save_path = self.save.path = host_save_path(self.store.root, self.save.game_id)
        self.cards = [d.index for d in self.game.cards]
        self.sel = selectors.DefaultSelector()
        # A computer seat's worker wakes the loop through this pair the moment it has decided.
        self._wake_r, self._wake_w = socket.socketpair()
        self._wake_r.setblocking(False)
        self._wake_w.setblocking(False)
        self.sel.register(self._wake_r, selectors.EVENT_READ, None)
        self.listener: socket.socket | None = None
        self.conns: dict[socket.socket, Conn] = {}
        self.pool = ThreadPoolExecutor(1, thread_name_prefix="host-computer")
        self.thinking: tuple[int, Future[Option]] | None = None
        self.bad_codes: deque[float] = deque()
        self.refused = 0
        self.over_line: str | None = None
        self.over_text: str | None = None
        self.over_sent: set[int] = set()
        self.over_flushed: set[int] = set()  # seats whose replay left this computer whole
        self.over_at: float | None = None
        self.replay_path: Path | None = None
        self.closed = False
        self.stopping = False  # stop(): the window that hosts is leaving
        # hold: a new game waits for begin() (the window's Start) once every seat is taken.
        self.holding = hold and resume is None
        self._begin_asked = False
        #: How many of each seat's picks were refused (tests and the log read it).
        self.refusals: dict[str, int] = {}

    # --- setup --------------------------------------------------------------------------------
    @property
    def record(self) -> GameRecord:
        return self.save.record

    @property
    def seats(self) -> list[SeatState]:
        return self.save.seats

    @property
    def started(self) -> bool:
        """Every remote seat was taken once (and, held, the host began): until then no
        decision is answered."""
        return not self.holding and self.seats_filled

    @property
    def seats_filled(self) -> bool:
        return all(s.token_hash is not None for s in self.seats if s.remote)

    def begin(self) -> None:
        """Start a held game (from any thread); nothing happens while a seat is free."""
        self._begin_asked = True
        self._wake(None)

    def listen(self) -> int:
        """Open the listening socket; returns the port (the real one for ``port=0``)."""
        sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind((bind_address(self.bind), self.port))
        sock.listen(16)
        sock.setblocking(False)
        self.listener = sock
        self.port = sock.getsockname()[1]
        self.sel.register(sock, selectors.EVENT_READ, None)
        self._save()
        self.announce()
        return self.port

    def announce(self) -> None:
        """The hook for LAN discovery (zeroconf, a later step): publish the port and the
        game's name here. Nothing is announced yet; players type HOST:PORT."""

    # --- the loop -----------------------------------------------------------------------------
    def run(self, exit_after_game: bool = True) -> int:
        try:
            while not self.closed and not self.stopping:
                self.step(0.25)
                if exit_after_game and self.finished_for_all():
                    break
        finally:
            self.close()
        return 0

    def stop(self) -> None:
        """End ``run`` from another thread (it closes every connection as it returns)."""
        self.stopping = True
        try:
            self._wake_w.send(b"!")
        except OSError:
            pass

    def finished_for_all(self) -> bool:
        """The game is over and every remote seat got its replay (or had a minute to come
        back for it)."""
        if self.over_line is None:
            return False
        remote = {i for i, s in enumerate(self.seats) if s.remote}
        delivered = {c.seat for c in self.conns.values() if c.seat in self.over_sent
                     and not c.outbox}
        waited = time.monotonic() - (self.over_at or 0) > self.limits.linger
        return remote <= (delivered | self.over_flushed) or waited

    def step(self, timeout: float = 0.05) -> None:
        """Serve the network for at most ``timeout`` seconds, then move the game on."""
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
        if self._begin_asked:
            self._begin_asked = False
            if self.holding and self.seats_filled:
                self.holding = False
                self._began(None)
        self._play_computers()

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
            conn = Conn(sock, addr, time.monotonic(), self.limits)
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
            self._drop(conn, "closed the connection")
            return
        now = time.monotonic()
        conn.last_in = now
        if conn.closing:
            return  # refused already: what it still sends is not read
        try:
            messages = conn.reader.feed(data)
        except P.ProtocolError as exc:
            self._refuse(conn, exc.code, str(exc))
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
                self._refuse(conn, "flood", "too many messages: the connection is closed")
                return
            older = P.older_hello(message) if isinstance(message, dict) else None
            if older is not None:
                code, text, why = older
                self.log(f"REFUSED {conn.addr}: {why}")
                self._refuse(conn, code, text)
                return
            try:
                self._handle(conn, cast("P.ClientMessage",
                                        P.check_message(message, P.CLIENT_MESSAGES)))
            except P.ProtocolError as exc:
                self._refuse(conn, exc.code, str(exc))
                return
            if conn.sock not in self.conns or conn.closing:
                return

    def _write(self, conn: Conn) -> None:
        try:
            sent = conn.sock.send(conn.outbox)
        except (BlockingIOError, InterruptedError):
            return
        except OSError:
            self._drop(conn, "cannot be written to")
            return
        del conn.outbox[:sent]
        conn.last_out = time.monotonic()
        if not conn.outbox:
            if conn.seat in self.over_sent:
                self.over_flushed.add(conn.seat)
            if conn.closing:
                self._drop(conn, None)
            else:
                self.sel.modify(conn.sock, selectors.EVENT_READ, None)

    def send(self, conn: Conn, message: P.HostMessage) -> None:
        if conn.sock not in self.conns:
            return
        frame = P.encode_frame(message)
        if len(conn.outbox) + len(frame) > self.limits.max_outbox:
            self._drop(conn, "does not read what it is sent")
            return
        was_empty = not conn.outbox
        conn.outbox += frame
        if was_empty:
            self._write(conn)  # usually all of it goes at once, without a round of select
            if conn.outbox and conn.sock in self.conns:
                self.sel.modify(conn.sock, selectors.EVENT_READ | selectors.EVENT_WRITE, None)

    def _check_deadlines(self) -> None:
        now = time.monotonic()
        lim = self.limits
        for conn in list(self.conns.values()):
            if conn.closing and now > conn.close_by:
                self._drop(conn, None)
            elif conn.seat is None and now - conn.opened > lim.hello_timeout:
                self._drop(conn, "sent no hello in time")
            elif conn.partial_since is not None and now - conn.partial_since > lim.frame_timeout:
                self._drop(conn, "began a message and did not finish it")
            elif conn.seat is not None and now - conn.last_in > lim.idle_timeout:
                self._drop(conn, "went silent")
            elif conn.seat is not None and now - conn.last_out > lim.ping_interval:
                self.send(conn, {"t": "ping"})

    def _refuse(self, conn: Conn, code: str, text: str) -> None:
        """Tell the peer why, then close once that is sent (it gets a second at most)."""
        self.refusals[code] = self.refusals.get(code, 0) + 1
        if conn.seat is not None:
            self.log(f"REFUSED seat={conn.seat} {code}: {text}")
        self.send(conn, {"t": "refused", "code": code, "text": text[:400]})
        conn.closing = True
        conn.close_by = time.monotonic() + 1.0
        seat, conn.seat = conn.seat, None
        if seat is not None:
            self._seat_left(seat)
        if conn.sock in self.conns and not conn.outbox:
            self._drop(conn, None)

    def _drop(self, conn: Conn, why: str | None) -> None:
        if self.conns.pop(conn.sock, None) is None:
            return
        try:
            self.sel.unregister(conn.sock)
        except (KeyError, ValueError):
            pass
        conn.sock.close()
        seat, conn.seat = conn.seat, None
        if seat is not None:
            if why and self.over_line is None:  # after the end, leaving is no news
                self.log(f"MISSING seat={seat} name={self.seats[seat].name} ({why})")
            self._seat_left(seat)

    def _seat_left(self, seat: int) -> None:
        self.broadcast_seats()

    # --- messages -----------------------------------------------------------------------------
    def _handle(self, conn: Conn, message: P.ClientMessage) -> None:
        """Hand a message checked against its schema to the handler of its type."""
        self._HANDLERS[message["t"]](self, conn, message)

    def _on_ping(self, conn: Conn, _ping: P.PingMessage) -> None:
        pass  # it only keeps the connection alive (last_in is set on every read)

    def _on_bye(self, conn: Conn, _bye: P.ByeMessage) -> None:
        seat = conn.seat
        self._drop(conn, "left")
        if seat is not None and not self.started and self.seats[seat].remote:
            self._free(seat)  # left the lobby: the seat is free for someone else

    def _on_hello(self, conn: Conn, hello: P.HelloMessage) -> None:
        if conn.seat is not None:
            raise P.ProtocolError("a second hello", "schema")
        self._hello(conn, hello)

    def _on_pick(self, conn: Conn, pick: P.PickMessage) -> None:
        if conn.seat is None:
            raise P.ProtocolError("a pick before the hello", "schema")
        self._pick(conn, pick)

    #: The handler of each message type a client may send (the schema refused any other type
    #: before). Each takes its own typed shape, so the table holds them as taking Any.
    _HANDLERS: ClassVar[dict[str, Callable[[Host, Conn, Any], None]]] = {
        "hello": _on_hello, "pick": _on_pick, "ping": _on_ping, "bye": _on_bye}

    def _hello(self, conn: Conn, hello: P.HelloMessage) -> None:
        mismatch = P.handshake_mismatch(hello, self.record.rules, self.record.mindbugs,
                                        self.record.sets)
        if mismatch is not None:
            code, text, why = mismatch
            self.log(f"REFUSED {conn.addr}: {why}")
            self._refuse(conn, code, text)
            return
        if hello["token"] is not None:
            wanted = token_hash(hello["token"])
            seat = next((i for i, s in enumerate(self.seats) if s.token_hash == wanted), None)
            if seat is None:
                self._refuse(conn, "token", "this game does not know that seat's ticket")
                return
            self._take(conn, seat, None, rejoin=True)
            return
        if self.save.code_hash is not None and self._code_guesses_blocked():
            self._refuse(conn, "code_wait", "too many wrong join codes: try again in a minute")
            return
        if not code_matches(hello["code"], self.save.code_hash):
            now = time.monotonic()
            while self.bad_codes and now - self.bad_codes[0] > 60:
                self.bad_codes.popleft()
            self.bad_codes.append(now)
            self._refuse(conn, "code", "that is not this game's join code")
            return
        seat = next((i for i, s in enumerate(self.seats) if s.remote and s.token_hash is None),
                    None)
        if seat is None:
            self._refuse(conn, "full", "every seat of this game is taken")
            return

        s = self.seats[seat]
        s.name = clean_name(hello["name"], f"Player {seat + 1}")
        s.kind = hello["kind"]
        s.level = hello["level"] if s.kind == "computer" else None
        if s.kind == "computer" and s.level is None:
            s.kind = "person"
        token = new_token()
        s.token_hash = token_hash(token)
        self._seats_changed()
        self._take(conn, seat, token, rejoin=False)
        if self.started:  # the last seat is taken: the game begins
            self._began(conn)

    def _began(self, told: Conn | None) -> None:
        self.log("STARTED")
        for other in list(self.conns.values()):
            if other is not told and other.seat is not None:
                self.send_state(other, [], set())

    def _free(self, seat: int) -> None:
        s = self.seats[seat]
        s.token_hash, s.name, s.kind, s.level = None, f"Player {seat + 1}", "person", None
        self._seats_changed()
        self.broadcast_seats()

    def reserve(self, seat: int, name: str) -> str:
        """Take a remote seat for a person of the hosting window before anyone can join (call
        before ``listen``); returns the seat's ticket, which that person's client rejoins with."""
        s, token = self.seats[seat], new_token()
        s.token_hash, s.name, s.kind, s.level = token_hash(token), name, "person", None
        self._seats_changed()
        return token

    def _code_guesses_blocked(self) -> bool:
        now = time.monotonic()
        return sum(1 for t in self.bad_codes if now - t < 60) >= self.limits.bad_codes_per_minute

    def _take(self, conn: Conn, seat: int, token: str | None, rejoin: bool) -> None:
        for other in list(self.conns.values()):
            if other is not conn and other.seat == seat:  # the old, half-open connection
                other.seat = None
                self._drop(other, None)
        conn.seat = seat
        s = self.seats[seat]
        self.log(f"{'BACK' if rejoin else 'JOINED'} seat={seat} name={s.name}")
        self.send(conn, {"t": "welcome", "protocol": P.PROTOCOL_VERSION,
                         "game": self.save.game_id, "seat": seat, "token": token or "",
                         "rules": self.record.rules, "mindbugs": self.record.mindbugs,
                         "sets": self.record.sets, "seats": self.seat_entries(),
                         "cards": self.cards})
        opening = self.opening if not self.record.choices else []  # masked per seat
        self.send_state(conn, opening, set())
        self.broadcast_seats()
        if self.over_text is not None:
            self._send_over(conn)

    def _pick(self, conn: Conn, pick: P.PickMessage) -> None:
        def refuse(refusal: Refusal) -> None:
            code, text = refusal
            self.refusals[code] = self.refusals.get(code, 0) + 1
            self.send(conn, {"t": "error", "code": code, "text": text, "serial": pick["serial"]})

        opt = checked_pick(self.game, self.started, conn.seat, pick)
        if isinstance(opt, tuple):
            return refuse(opt)
        try:
            self.apply(opt)
        except (EngineError, TypeError, ValueError):
            return refuse(ILLEGAL)

    # --- the game -----------------------------------------------------------------------------
    def apply(self, opt: Option) -> None:
        """Answer the pending decision (the engine checks the option; on an error the state is
        unchanged and nothing is recorded), save, and tell every seat."""
        g = self.game
        public = public_cards(g)
        answered = answer(g, opt)  # the same record keeping as a local game's
        self.save.record = self.record.with_choice(answered.choice)
        for conn in list(self.conns.values()):
            if conn.seat is not None:
                self.send_state(conn, answered.events, public)
        if answered.result is not None:
            self._finish(answered.result)
        else:
            self._save()

    def _play_computers(self) -> None:
        g = self.game
        if g.pending is None or not self.started:
            return
        if self.thinking is not None:
            seat, future = self.thinking
            if future.done():
                self.thinking = None
                option = future.result()
                if g.pending is not None and g.pending.seat == seat:
                    self.apply(option)
            return
        seat = g.pending.seat
        s = self.seats[seat]
        if s.remote or s.level is None:  # a seat played here is a computer with a level
            return
        view = g.view(seat)
        n = len(self.record.choices)
        future = self.pool.submit(decide, s.level, self.record.seed, seat, n, view)
        self.thinking = (seat, future)
        future.add_done_callback(self._wake)

    def _wake(self, _future: Future[Option] | None) -> None:
        try:
            self._wake_w.send(b"!")
        except OSError:  # the pair is full (it is woken already) or closed
            pass

    def send_state(self, conn: Conn, events: list[Event], public: set[int]) -> None:
        seat = conn.seat
        if seat is None:  # a seat's view only: a connection without one is sent none
            return
        self.send(conn, state_message(self.game, seat, events, public, len(self.record.choices),
                                      self.started))

    def seat_entries(self) -> list[P.SeatEntry]:
        online = {c.seat for c in self.conns.values() if c.seat is not None}
        return seat_entries(self.seats, online)

    def broadcast_seats(self) -> None:
        entries = self.seat_entries()
        for conn in list(self.conns.values()):
            if conn.seat is not None:
                self.send(conn, {"t": "seats", "seats": entries})

    def _seats_changed(self) -> None:
        self.save.record = replace(self.record, seats=tuple(
            SeatInfo(s.kind, s.level, s.name) for s in self.seats))
        self._save()

    def _save(self) -> None:
        save = self.save
        record = save.record
        snapshot = HostSave(save.game_id, record, [replace(s) for s in save.seats],
                            save.code_hash, port=self.port or None)
        self.writer.write_text(self.save_path, lambda: host_save_text(snapshot))

    def _finish(self, result: Result) -> None:
        g = self.game
        self.save.record = replace(self.record, result=result)
        self.writer.flush()
        try:
            self.replay_path = self.store.save_replay(self.record)
        except OSError as exc:
            self.log(f"the replay could not be kept: {exc}")
        self.writer.remove(self.save_path)
        self.writer.flush()
        names = [s.name for s in self.seats]
        self.over_line = game_over_line(result.winner, result.turns, names, g.rules)
        self.over_text = dumps(self.record)
        self.over_at = time.monotonic()
        for conn in list(self.conns.values()):
            if conn.seat is not None:
                self._send_over(conn)
        self.log(self.over_line)

    def _send_over(self, conn: Conn) -> None:
        g = self.game
        winner, replay = g.winner, self.over_text
        assert winner is not None and replay is not None  # sent once the game is over
        if conn.seat is not None:
            self.over_sent.add(conn.seat)
        self.send(conn, {"t": "over", "winner": winner, "turns": g.turn_no, "replay": replay})

    def close(self) -> None:
        if self.closed:
            return
        self.closed = True
        for conn in list(self.conns.values()):
            self._drop(conn, None)
        if self.listener is not None:
            self.sel.unregister(self.listener)
            self.listener.close()
        self.pool.shutdown(wait=True)
        self.sel.close()
        self._wake_r.close()
        self._wake_w.close()
        self.writer.close()
        if self.over_line is not None:
            remove_file(self.save_path)
