"""The online server: one asyncio process, many rooms, every connection over TLS.

Each connection gets a nonce (``challenge``) and must log in with a key that signs it, within
the hello time; then it makes a room or joins one by its invite code, and plays its seat in
game.net's protocol. A sweeper enforces game.net's limits on every connection (a frame begun
and not finished, silence, unread bytes, the message rate) and the server's own (connections
at once, per address, not logged in per address, wrong invite codes per address, rooms).
Nothing a peer does blocks the loop; a computer seat decides in a worker thread.

Quick match: a logged-in player may wait in the queue (``matchmaking.MatchQueue``; this
process's ``LocalQueue`` unless another is given) instead of making a room; the server's
beat pairs the queue and seats each pair in a new ranked 1v1 room. Ranked rooms, and friendly
ones that ask, are timed (``timers.Clock``): the beat answers a decision whose time ran out.

``stop()`` (SIGTERM, SIGINT) keeps every running room in the store (seed + choices, seats)
and closes; the next start resumes them, and players join their seats again by the code.

Spectators watch a room a few decisions behind with the public view only (``spectate``); a
seat whose player dropped is played by a computer after a wait (``cover``); ``watching`` wires
them to the connections.
"""

from __future__ import annotations

import asyncio
import ipaddress
import json
import logging
import ssl
import time
from collections import deque
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Any, ClassVar, cast

from game.cards import load_cards
from game.engine import EngineError, Option
from game.net import protocol as P
from game.net.players import decide
from game.net.reach import bind_address
from game.net.referee import ILLEGAL
from game.net.seats import new_join_code, normal_code
from game.persist.record import RecordError
from game.server import messages as M
from game.server.config import ServerLimits
from game.server.cover import Covers, cover_level
from game.server.identity import display_name, new_nonce, player_id, signature_ok
from game.server.matchmaking import MatchQueue
from game.server.quickmatch import QuickMatchDesk
from game.server.ratings import after_game
from game.server.room import Room
from game.server.spectate import Spectators
from game.server.store import ServerStore
from game.server.timekeeper import Timekeeper
from game.server.watching import Watching

#: A finished room stays this long for a seat that dropped to fetch its replay.
LINGER = 60.0
#: The sweeper's beat: deadlines are kept to about this.
SWEEP = 0.25
#: A room nobody sits in that has not begun is forgotten after this long (its code with it).
ABANDONED = 600.0

Capture = Callable[[int, bytes], None]


def address_key(host: str) -> str:
    """What the limits per address count by: an IPv4 address, or an IPv6 address's /64 (one
    home or one host is given a whole /64, so one address each would be no limit)."""
    try:
        parsed = ipaddress.ip_address(host.split("%")[0])
    except ValueError:
        return host
    if isinstance(parsed, ipaddress.IPv6Address):
        if parsed.ipv4_mapped is not None:  # an IPv4 peer on a dual-stack socket
            return str(parsed.ipv4_mapped)
        return str(ipaddress.IPv6Network((parsed, 64), strict=False))
    return str(parsed)


@dataclass(eq=False)
class Session:
    """One connection: its stream, deadlines, rate, who logged in and where they sit."""

    number: int
    reader: asyncio.StreamReader
    writer: asyncio.StreamWriter
    address: str
    opened: float
    tokens: float
    nonce: str = field(default_factory=new_nonce)
    frames: P.FrameReader = field(default_factory=lambda: P.FrameReader(P.MAX_CLIENT_FRAME))
    last_in: float = 0.0
    last_out: float = 0.0
    rate_at: float = 0.0
    partial_since: float | None = None
    key: str | None = None  # the public key, once logged in
    name: str = ""
    room: Room | None = None
    seat: int | None = None
    closed: bool = False

    def __repr__(self) -> str:
        who = player_id(self.key) if self.key else "-"
        return f"<session {self.number} {self.address} {who}>"


class Server(Watching[Session]):
    def __init__(self, store: ServerStore, context: ssl.SSLContext, fingerprint: str, *,
                 port: int = 0, bind: str = "0.0.0.0", limits: ServerLimits | None = None,
                 log: logging.Logger | None = None, capture: Capture | None = None,
                 queue: MatchQueue | None = None) -> None:
        self.store = store
        self.context = context
        self.fingerprint = fingerprint
        self.port, self.bind = port, bind
        self.limits = limits or ServerLimits()
        self.log = log or logging.getLogger("game.server")
        self.capture = capture  # every frame the server sends, before TLS (the secrecy test)
        self.db = load_cards()
        self.rooms: dict[str, Room] = {}
        self.sessions: set[Session] = set()
        self.seated: dict[tuple[str, int], Session] = {}
        self.bad_codes: dict[str, deque[float]] = {}
        self.thinking: set[str] = set()  # rooms whose computer is deciding
        self.finished_at: dict[str, float] = {}
        self.empty_since: dict[str, float] = {}  # rooms not begun that nobody sits in
        self.pool = ThreadPoolExecutor(2, thread_name_prefix="server-computer")
        self.spectate: Spectators[Session] = Spectators(self._send, self.db,
                                                        self.limits.spectator_delay)
        self.covers = Covers(self.limits.cover_after)
        self.desk = QuickMatchDesk(self, queue)  # quick match and the leaderboard
        self.timekeeper = Timekeeper(self)  # the timed rooms' clocks
        self.listener: asyncio.Server | None = None
        self._numbers = 0
        self._stopped = asyncio.Event()
        self._tasks: set[asyncio.Task[None]] = set()
        self._handlers: set[asyncio.Task[Any]] = set()  # one per connection (asyncio's)

    # --- start and stop -----------------------------------------------------------------------
    def resume_rooms(self) -> int:
        """The rooms kept running at the last shutdown, replayed through the engine."""
        for game_id, code, text in self.store.running():
            try:
                room = Room.from_data(json.loads(text), self.db)
            except (RecordError, ValueError) as exc:
                self.log.error("running game %s cannot be resumed: %s", game_id, exc)
                continue
            self.rooms[normal_code(code)] = room
        if self.rooms:
            self.log.info("RESUMED %d games", len(self.rooms))
        return len(self.rooms)

    async def start(self) -> int:
        self.listener = await asyncio.start_server(
            self._connection, bind_address(self.bind), self.port, ssl=self.context,
            ssl_handshake_timeout=self.limits.hello_timeout, backlog=128)
        self.port = self.listener.sockets[0].getsockname()[1]
        self._spawn(self._sweep())
        for room in self.rooms.values():
            for seat, s in enumerate(room.seats):  # resumed: nobody sits yet, the wait begins
                if s.remote:
                    self.covers.drop(room, seat)
            self.timekeeper.timing(room)
            self._drive(room)
        return self.port

    async def wait_stopped(self) -> None:
        await self._stopped.wait()

    async def stop(self) -> None:
        """Keep every running game, tell every player, close everything."""
        if self._stopped.is_set():
            return
        if self.listener is not None:
            self.listener.close()
        kept = 0
        for room in self.rooms.values():
            if not room.over:
                self.store.keep_running(room.game_id, room.code, room.to_data())
                kept += 1
        self.log.info("STOPPED: %d running games kept", kept)
        for session in list(self.sessions):
            if session.room is None or not session.room.over:
                self._send(session, {"t": "refused", "code": "restart",
                                     "text": "the server is stopping; your game is kept: join "
                                             "it again with its code when the server is back"})
            self._close(session)
        if self._handlers:  # each ends as its connection closes (at most a second)
            await asyncio.wait(set(self._handlers), timeout=1.5)
        self._stopped.set()
        for task in list(self._tasks):
            task.cancel()
        self.pool.shutdown(wait=True, cancel_futures=True)
        if self.listener is not None:
            await self.listener.wait_closed()
        self.store.close()

    def _spawn(self, coroutine: Any) -> None:  # Any: a coroutine of any result
        task = asyncio.get_running_loop().create_task(coroutine)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    # --- connections --------------------------------------------------------------------------
    async def _connection(self, reader: asyncio.StreamReader,
                          writer: asyncio.StreamWriter) -> None:
        peer = writer.get_extra_info("peername")
        address = address_key(str(peer[0])) if isinstance(peer, tuple) else "?"
        lim = self.limits
        same = [s for s in self.sessions if s.address == address]
        if len(self.sessions) >= lim.max_connections or len(same) >= lim.max_per_address \
                or sum(1 for s in same if s.key is None) >= lim.max_pending_per_address:
            writer.transport.abort()  # a flood of connections is not served
            return
        handler = asyncio.current_task()
        if handler is not None:
            self._handlers.add(handler)
            handler.add_done_callback(self._handlers.discard)
        now = time.monotonic()
        self._numbers += 1
        session = Session(self._numbers, reader, writer, address, now, float(lim.burst),
                          last_in=now, last_out=now, rate_at=now)
        self.sessions.add(session)
        self._send(session, {"t": "challenge", "protocol": M.SERVER_PROTOCOL,
                             "nonce": session.nonce})
        try:
            while not session.closed:
                data = await reader.read(65536)
                if not data:
                    break
                self._received(session, data)
        except (ConnectionError, OSError, ssl.SSLError):
            pass
        finally:
            self._close(session)

    def _received(self, session: Session, data: bytes) -> None:
        now = time.monotonic()
        session.last_in = now
        try:
            messages = session.frames.feed(data)
        except P.ProtocolError as exc:
            return self._refuse(session, exc.code, str(exc))
        if not session.frames.partial:
            session.partial_since = None
        elif messages or session.partial_since is None:
            session.partial_since = now
        lim = self.limits
        for message in messages:
            elapsed, session.rate_at = now - session.rate_at, now
            session.tokens = min(lim.burst, session.tokens
                                 + elapsed * lim.max_messages_per_second) - 1
            if session.tokens < 0:
                return self._refuse(session, "flood", "too many messages: the connection is "
                                    "closed")
            try:
                checked = P.check_message(message, M.CLIENT_MESSAGES)
                self._HANDLERS[checked["t"]](self, session, checked)
            except P.ProtocolError as exc:
                return self._refuse(session, exc.code, str(exc))
            if session.closed:
                return

    def _send(self, session: Session, message: M.ServerMessage) -> None:
        if session.closed:
            return
        frame = M.encode(message)
        if self.capture is not None:
            self.capture(session.number, frame)
        transport = session.writer.transport
        if transport.get_write_buffer_size() + len(frame) > self.limits.max_outbox:
            self.log.info("%r does not read what it is sent: closed", session)
            return self._close(session, abort=True)
        session.writer.write(frame)
        session.last_out = time.monotonic()

    def _refuse(self, session: Session, code: str, text: str) -> None:
        """Tell the peer why, then close (what it has not read within a second is dropped)."""
        self.log.info("REFUSED %r %s: %s", session, code, text)
        self._send(session, {"t": "refused", "code": code, "text": text[:400]})
        self._close(session)

    def _close(self, session: Session, abort: bool = False) -> None:
        if session.closed:
            return
        session.closed = True
        self.sessions.discard(session)
        transport = session.writer.transport
        if abort:
            transport.abort()
        else:
            transport.close()  # sends what is queued first
            asyncio.get_running_loop().call_later(1.0, transport.abort)
        self.spectate.leave(session)
        self.desk.on_close(session)
        room, seat = session.room, session.seat
        if room is not None and seat is not None \
                and self.seated.get((room.code, seat)) is session:
            del self.seated[(room.code, seat)]
            if not room.over:
                self.log.info("MISSING room=%s seat=%d", room.code, seat)
            self._broadcast_seats(room)
            dropped = self.covers.drop(room, seat)
            if dropped is not None:
                self._tell(room, dropped)

    async def _sweep(self) -> None:
        while True:
            await asyncio.sleep(SWEEP)
            now = time.monotonic()
            lim = self.limits
            for s in list(self.sessions):
                if s.key is None and now - s.opened > lim.hello_timeout:
                    self._close(s, abort=True)
                elif s.partial_since is not None and now - s.partial_since > lim.frame_timeout:
                    self._close(s, abort=True)
                elif now - s.last_in > lim.idle_timeout:
                    self._close(s, abort=True)
                elif now - s.last_out > lim.ping_interval:
                    self._send(s, {"t": "ping"})
            for code, at in list(self.finished_at.items()):
                if now - at > LINGER:
                    del self.finished_at[code]
                    self.rooms.pop(code, None)
            self._forget_abandoned(now)
            self._cover_due()
            self.timekeeper.run_out(now)
            self.desk.beat(now)
            for address, wrong in list(self.bad_codes.items()):  # kept a minute, no longer
                while wrong and now - wrong[0] > 60:
                    wrong.popleft()
                if not wrong:
                    del self.bad_codes[address]

    def _forget_abandoned(self, now: float) -> None:
        occupied = {code for code, _seat in self.seated}
        for code, room in list(self.rooms.items()):
            if room.started or code in occupied:
                self.empty_since.pop(code, None)
            elif now - self.empty_since.setdefault(code, now) > ABANDONED:
                del self.rooms[code], self.empty_since[code]
                self.store.forget_running(room.game_id)
                self.log.info("FORGOTTEN room=%s (nobody came)", code)

    # --- the lobby ----------------------------------------------------------------------------
    def _on_login(self, session: Session, login: M.LoginMessage) -> None:
        if session.key is not None:
            raise P.ProtocolError("a second login", "schema")
        if login["protocol"] != M.SERVER_PROTOCOL or login["seat_protocol"] != P.PROTOCOL_VERSION:
            return self._refuse(session, "version", f"the server speaks protocol "
                                f"{M.SERVER_PROTOCOL}.{P.PROTOCOL_VERSION}, this client "
                                f"{login['protocol']}.{login['seat_protocol']}: both need "
                                "the same version")
        if login["cards"] != P.card_set_fingerprint():
            return self._refuse(session, "cards", "the server plays with other card data "
                                "(another version of the cards)")
        if not signature_ok(login["key"], login["signature"], session.nonce, self.fingerprint):
            return self._refuse(session, "key", "the login is not signed by that key")
        session.key = login["key"]
        session.name = display_name(login["name"], "Player")
        rating, games = self.store.player(session.key, session.name)
        self.log.info("LOGIN %r name=%s", session, session.name)
        self._send(session, {"t": "identity", "player": player_id(session.key),
                             "name": session.name, "rating": round(rating), "games": games})

    def _on_create(self, session: Session, create: M.CreateMessage) -> None:
        key = self._logged_in(session)
        kinds, rules = create["seats"], create["rules"]
        if len(kinds) != (2 if rules == "1v1" else 4) or "person" not in kinds:
            return self._refuse(session, "room", f"a {rules} room has "
                                f"{2 if rules == '1v1' else 4} seats, one of them yours")
        if create["ranked"] and any(k != "person" for k in kinds):
            return self._refuse(session, "room", "a ranked room is for people only")
        waiting = sum(1 for r in self.rooms.values() if not r.started and key in r.keys())
        if len(self.rooms) >= self.limits.max_rooms or waiting >= self.limits.rooms_per_player:
            return self._refuse(session, "busy", "no more rooms can be made now")
        code = new_join_code()
        while code in self.rooms:
            code = new_join_code()
        room = Room.new(code, rules, create["ranked"], kinds, self.db,
                        spectators=create["spectators"], timed=create["timed"])
        self.rooms[code] = room
        self.log.info("ROOM %s %s %s by %r", code, rules,
                      "ranked" if room.ranked else "friendly", session)
        if self.desk.cluster is None:
            return self._sit(session, room, create["cover"])
        self._spawn(self.desk.registered(room, lambda: self._sit(session, room, create["cover"])))

    def _on_join(self, session: Session, join: M.JoinMessage) -> None:
        self._logged_in(session)
        if self.desk.cluster is not None and normal_code(join["code"]) not in self.rooms:
            return self._spawn(self.desk.join_elsewhere(session, join))  # another process's?
        self._join_here(session, join)

    def _join_here(self, session: Session, join: M.JoinMessage) -> None:
        room = self._find_room(session, join["code"])
        if room is not None:
            self._sit(session, room, join["cover"])

    def _find_room(self, session: Session, code: str,
                   match: Callable[[Room], bool] | None = None) -> Room | None:
        """The room of an invite code (or the first room ``match`` accepts); None when it was
        refused: a wrong code counts against the address, which is braked."""
        now = time.monotonic()
        wrong = self.bad_codes.setdefault(session.address, deque())
        while wrong and now - wrong[0] > 60:
            wrong.popleft()
        if len(wrong) >= self.limits.bad_codes_per_minute:
            self._refuse(session, "code_wait", "too many wrong codes: try again in a minute")
            return None
        room = self.rooms.get(normal_code(code))
        if room is None and match is not None:
            room = next((r for r in self.rooms.values() if match(r)), None)
        if room is None:
            wrong.append(now)
            self._refuse(session, "code", "no room has that code")
        return room

    def _logged_in(self, session: Session) -> str:
        if session.key is None:
            raise P.ProtocolError("log in first", "schema")
        if session.room is not None:
            raise P.ProtocolError("this connection sits in a room already", "schema")
        if self.spectate.watching(session):
            raise P.ProtocolError("this connection watches a game already", "schema")
        if self.desk.waits(session):
            raise P.ProtocolError("this connection waits for a quick match: cancel first",
                                  "schema")
        return session.key

    def _sit(self, session: Session, room: Room, cover: str | None = None) -> None:
        assert session.key is not None
        was_started = room.started
        seat = room.take(session.key, session.name)
        if seat is None:
            return self._refuse(session, "full", "every seat of that room is taken")
        if cover is not None or seat not in room.cover_levels:  # back without one: kept
            room.cover_levels[seat] = cover_level(cover, room.ranked)
        old = self.seated.get((room.code, seat))
        if old is not None and old is not session:  # the same player's older connection
            old.room = old.seat = None
            self._close(old)
        session.room, session.seat = room, seat
        self.seated[(room.code, seat)] = session
        self.log.info("SEATED room=%s seat=%d %r", room.code, seat, session)
        self._send(session, {"t": "room", "code": room.code, "rules": room.record.rules,
                             "ranked": room.ranked, "seats": room.entries(self._online(room))})
        self._send(session, room.welcome(seat, self._online(room)))
        self._send(session, room.first_state(seat))
        self._broadcast_seats(room)
        back = self.covers.back(room, seat)
        if back is not None:  # the player takes the seat back from the computer
            self.log.info("BACK room=%s seat=%d", room.code, seat)
            self._tell(room, back)
            self.timekeeper.timing(room)  # their decisions are timed again (every seat told)
        else:
            clock = self.timekeeper.clock_of(room)
            if clock is not None:
                self._send(session, clock)
        for standing in self.covers.standing(room):
            self._send(session, standing)
        if room.over:
            self._send(session, room.over_message())
        elif room.started and not was_started:
            self.log.info("STARTED room=%s", room.code)
            self.store.keep_running(room.game_id, room.code, room.to_data())
            for other_seat, other in self._seated_in(room):
                if other is not session:
                    self._send(other, room.state(other_seat, [], set()))
            self.spectate.began(room)
            self.timekeeper.timing(room)
            self._drive(room)

    # --- the game -----------------------------------------------------------------------------
    def _on_pick(self, session: Session, pick: P.PickMessage) -> None:
        room, seat = session.room, session.seat
        if self.spectate.watching(session):  # refused, the game unchanged, the watch goes on
            return self._send(session, {"t": "error", "code": "spectator", "serial":
                                        pick["serial"], "text": "a spectator cannot pick"})
        if room is None or seat is None:
            raise P.ProtocolError("a pick before a seat", "schema")
        checked = room.check(seat, pick)
        if isinstance(checked, tuple):
            code, text = checked
        else:
            try:
                return self._apply(room, checked)
            except (EngineError, TypeError, ValueError):
                code, text = ILLEGAL
        self._send(session, {"t": "error", "code": code, "text": text, "serial": pick["serial"]})

    def _apply(self, room: Room, option: Option) -> None:
        answered, public = room.apply(option)
        self.timekeeper.charge(room)
        for seat, session in self._seated_in(room):
            self._send(session, room.state(seat, answered.events, public))
        if answered.result is not None:
            self._finish(room)
        else:
            self.store.keep_running(room.game_id, room.code, room.to_data())
            self.spectate.decided(room)
            self.timekeeper.timing(room)
            self._drive(room)

    def _drive(self, room: Room) -> None:
        """Let a computer seat decide, if the pending decision is one's (in a worker thread)."""
        turn = room.computer_turn()
        if turn is None or room.code in self.thinking:
            return
        self.thinking.add(room.code)
        view = room.game.view(turn.seat)

        async def think() -> None:
            try:
                option = await asyncio.get_running_loop().run_in_executor(
                    self.pool, decide, turn.level, turn.seed, turn.seat, turn.decision_no, view)
            finally:
                self.thinking.discard(room.code)
            # still this computer's decision (a player who came back meanwhile decides it)
            if room.computer_turn() == turn and self.rooms.get(room.code) is room:
                self._apply(room, option)

        self._spawn(think())

    def _finish(self, room: Room) -> None:
        line = room.over_line()
        keys = room.keys()
        text = room.over_text
        assert text is not None
        winner = room.game.winner
        assert winner is not None
        self.store.finish(room.game_id, room.code, room.record.rules, room.ranked, keys,
                          winner, room.game.turn_no, text)
        self.timekeeper.forget(room)
        self.desk.released(room)
        if room.ranked and all(keys):
            people = cast("list[str]", keys)
            now = time.time()  # each RD grown by the days since the player's last ranked game
            new = after_game([self.store.rating(k, now) for k in people], winner)
            self.store.set_results([(key, rating, seat % 2 == winner)
                                    for seat, (key, rating) in enumerate(zip(people, new))])
        for _seat, session in self._seated_in(room):
            self._send(session, room.over_message())
        self.spectate.finished(room, room.over_message())
        self.covers.forget(room)
        room.covered.clear()
        self.finished_at[room.code] = time.monotonic()
        self.log.info("%s room=%s", line, room.code)

    # --- seats --------------------------------------------------------------------------------
    def _seated_in(self, room: Room) -> list[tuple[int, Session]]:
        return [(seat, s) for seat in range(len(room.seats))
                if (s := self.seated.get((room.code, seat))) is not None]

    def _online(self, room: Room) -> set[int]:
        return {seat for seat, _ in self._seated_in(room)}

    def _broadcast_seats(self, room: Room) -> None:
        entries = room.entries(self._online(room))
        for _, session in self._seated_in(room):
            self._send(session, {"t": "seats", "seats": entries})
        self.spectate.tell(room, {"t": "seats", "seats": entries})

    def _on_ping(self, session: Session, _ping: P.PingMessage) -> None:
        pass  # it only keeps the connection alive (last_in is set on every read)

    def _on_bye(self, session: Session, _bye: P.ByeMessage) -> None:
        room, seat = session.room, session.seat
        self._close(session)
        if room is not None and seat is not None and not room.started:
            room.free(seat)  # left before the game began: the seat is free for someone else
            self.log.info("LEFT room=%s seat=%d", room.code, seat)
            self._broadcast_seats(room)

    def _error(self, session: Session, code: str, text: str) -> None:
        """A request refused, the connection kept (the lobby's counterpart of a pick's)."""
        self.log.info("ERROR %r %s: %s", session, code, text)
        self._send(session, {"t": "error", "code": code, "text": text, "serial": None})

    def _on_quick(self, session: Session, quick: M.QuickMessage) -> None:
        if self.spectate.watching(session):  # a seat and a watch on one connection would mix
            return self._error(session, "watching", "this connection watches a game: it "
                               "cannot wait for a match")
        self.desk.on_quick(session, quick)

    def _on_cancel(self, session: Session, cancel: M.CancelMessage) -> None:
        self.desk.on_cancel(session, cancel)

    def _on_leaders(self, session: Session, leaders: M.LeadersMessage) -> None:
        self.desk.on_leaders(session, leaders)

    #: The handler of each message type a client may send (the schema refused any other).
    _HANDLERS: ClassVar[dict[str, Callable[[Server, Session, Any], None]]] = {
        "login": _on_login, "create": _on_create, "join": _on_join, "pick": _on_pick,
        "ping": _on_ping, "bye": _on_bye, "browse": Watching._on_browse,
        "watch": Watching._on_watch, "quick": _on_quick, "cancel": _on_cancel,
        "leaders": _on_leaders}
