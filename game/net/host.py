"""The host: the only computer that runs the engine, the referee of every pick.

One thread serves every connection (``game.net.conn.Connections``: the sockets, their
deadlines, limits and rates) and answers each checked message here: a hello takes a seat, a
pick answers that seat's decision. Computer seats on the host decide in a worker thread.
"""

from __future__ import annotations

import socket
import time
from collections import deque
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar

from game.cards import load_cards
from game.common.paths import data_dir
from game.engine import DEFAULT_SETUP, EngineError, check_setup, start_game
from game.net import protocol as P
from game.net.conn import Conn, Connections
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
    game_over_line,
    new_token,
    seat_entries,
    token_hash,
)
from game.net.tls import CLIENT, HOST, host_context, proof, proof_matches
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
        context, self.fingerprint = host_context(self.save.tls_key)
        # The host's log is looked up at each line: a test or a window may swap it later.
        self.net = Connections(limits or P.Limits(), lambda line: self.log(line),
                               on_message=self._handle, on_seat_left=self._seat_left,
                               on_sent_all=self._sent_all, context=context)
        #: Where the save is kept (the save's own ``path``, which a save read from disk has too).
        self.save_path = self.save.path = host_save_path(self.store.root, self.save.game_id)
        self.cards = [d.index for d in self.game.cards]
        self.pool = ThreadPoolExecutor(1, thread_name_prefix="host-computer")
        self.thinking: tuple[int, Future[Option]] | None = None
        #: When each address sent a wrong code, this last minute: the brake is per address, so
        #: a stranger without the code cannot keep out the people who have it.
        self.bad_codes: dict[str, deque[float]] = {}
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

    # --- setup --------------------------------------------------------------------------------
    @property
    def limits(self) -> P.Limits:
        return self.net.limits

    @limits.setter
    def limits(self, limits: P.Limits) -> None:  # the tests shrink them on a built host
        self.net.limits = limits

    @property
    def conns(self) -> dict[socket.socket, Conn]:
        return self.net.conns

    @property
    def listener(self) -> socket.socket | None:
        return self.net.listener

    @property
    def refused(self) -> int:
        """Connections not served at all (too many, or too many from one address)."""
        return self.net.refused

    @property
    def refusals(self) -> dict[str, int]:
        """How many refusals and refused picks of each code (tests and the log read it)."""
        return self.net.refusals

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
        self.port = self.net.listen(bind_address(self.bind), self.port)
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
        self.net.wake()

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
        self.net.serve(timeout)
        if self._begin_asked:
            self._begin_asked = False
            if self.holding and self.seats_filled:
                self.holding = False
                self._began(None)
        self._play_computers()

    def _seat_left(self, seat: int, why: str | None) -> None:
        if why and self.over_line is None:  # after the end, leaving is no news
            self.log(f"MISSING seat={seat} name={self.seats[seat].name} ({why})")
        self.broadcast_seats()

    def _sent_all(self, conn: Conn) -> None:
        if conn.seat in self.over_sent:
            self.over_flushed.add(conn.seat)

    # --- messages -----------------------------------------------------------------------------
    def _handle(self, conn: Conn, message: P.ClientMessage) -> None:
        """Hand a message checked against its schema to the handler of its type."""
        self._HANDLERS[message["t"]](self, conn, message)

    def _on_ping(self, conn: Conn, _ping: P.PingMessage) -> None:
        pass  # it only keeps the connection alive (last_in is set on every read)

    def _on_bye(self, conn: Conn, _bye: P.ByeMessage) -> None:
        seat = conn.seat
        self.net.drop(conn, "left")
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
    _HANDLERS: ClassVar[dict[str, Callable[[Host, Conn, Any], None]]] = {  # each handler takes its own message type
        "hello": _on_hello, "pick": _on_pick, "ping": _on_ping, "bye": _on_bye}

    def _hello(self, conn: Conn, hello: P.HelloMessage) -> None:
        mismatch = P.handshake_mismatch(hello, self.record.rules, self.record.mindbugs,
                                        self.record.sets)
        if mismatch is not None:
            code, text, why = mismatch
            self.log(f"REFUSED {conn.addr}: {why}")
            self.net.refuse(conn, code, text)
            return
        if hello["token"] is not None:
            wanted = token_hash(hello["token"])
            seat = next((i for i, s in enumerate(self.seats) if s.token_hash == wanted), None)
            if seat is None:
                self.net.refuse(conn, "token", "this game does not know that seat's ticket")
                return
            self._take(conn, seat, None, rejoin=True)
            return
        key = self.save.code_key
        if key is None and hello["proof"] is not None:
            # The client was given a code for some game, not this one (which has none), and
            # would refuse this host for not proving it: never seat it here.
            self.net.refuse(conn, "code", "this game has no join code: join without one")
            return
        if key is not None and self._code_guesses_blocked(conn.addr[0]):
            self.net.refuse(conn, "code_wait", "too many wrong join codes: try again in a minute")
            return
        if key is not None and not proof_matches(key, CLIENT, hello["proof"]):
            self._wrong_code(conn.addr[0])
            self.net.refuse(conn, "code", "that is not this game's join code")
            return
        seat = next((i for i, s in enumerate(self.seats) if s.remote and s.token_hash is None),
                    None)
        if seat is None:
            self.net.refuse(conn, "full", "every seat of this game is taken")
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

    def _code_guesses_blocked(self, address: str) -> bool:
        now = time.monotonic()
        guesses = self.bad_codes.get(address, ())
        return sum(1 for t in guesses if now - t < 60) >= self.limits.bad_codes_per_minute

    def _wrong_code(self, address: str) -> None:
        now = time.monotonic()
        for known in list(self.bad_codes):  # forget the addresses whose minute is over
            guesses = self.bad_codes[known]
            while guesses and now - guesses[0] > 60:
                guesses.popleft()
            if not guesses:
                del self.bad_codes[known]
        self.bad_codes.setdefault(address, deque()).append(now)

    def _take(self, conn: Conn, seat: int, token: str | None, rejoin: bool) -> None:
        for other in list(self.conns.values()):
            if other is not conn and other.seat == seat:  # the old, half-open connection
                other.seat = None
                self.net.drop(other, None)
        conn.seat = seat
        s = self.seats[seat]
        self.log(f"{'BACK' if rejoin else 'JOINED'} seat={seat} name={s.name}")
        # To a client that proved the code, the host proves it too: the client then knows it
        # reached the host that made the code, not someone between them.
        key = self.save.code_key
        host_proof = proof(key, HOST) if key is not None and not rejoin else ""
        self.send(conn, {"t": "welcome", "protocol": P.PROTOCOL_VERSION,
                         "game": self.save.game_id, "seat": seat, "token": token or "",
                         "rules": self.record.rules, "mindbugs": self.record.mindbugs,
                         "sets": self.record.sets, "seats": self.seat_entries(),
                         "cards": self.cards, "proof": host_proof})
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
        self.net.wake()

    def send(self, conn: Conn, message: P.HostMessage) -> None:
        self.net.send(conn, message)

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
                            save.code_key, port=self.port or None, tls_key=save.tls_key)
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
        self.net.hang_up()
        self.pool.shutdown(wait=True)
        self.net.close()
        self.writer.close()
        if self.over_line is not None:
            remove_file(self.save_path)
