"""A client: one seat of a game another computer hosts.

It holds what its seat may see (an engine ``View`` decoded from the host's messages), sends
the options picked for its seat (by a computer here, or later by a person through the
window via ``pick``), keeps its ticket so that a drop or a restart rejoins the same seat,
and keeps the finished game as a replay. ``status`` is what a window shows: "connecting",
"waiting", "playing", "reconnecting...", "over", "refused" or "gave up".
"""

from __future__ import annotations

import queue
import select
import socket
import ssl
import time
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar, cast

from game.cards import load_cards
from game.common.paths import data_dir
from game.net import protocol as P
from game.net.players import decide
from game.net.reach import check_destination, valid_host
from game.net.saves import (
    keep_finished_game,
    read_ticket,
    remove_file,
    ticket_path,
    ticket_pin,
    write_ticket,
)
from game.net.seats import game_over_line
from game.net.tls import CLIENT, HOST, client_context, code_key, fingerprint, proof, proof_matches
from game.net.viewcodec import box_cards, decode_event, decode_view

if TYPE_CHECKING:
    from game.engine import CardDef, Option, View
    from game.engine.events import Event

RECONNECTING = "reconnecting..."


class Client:
    def __init__(self, host: str, port: int, name: str, *, level: str | None = None,
                 code: str | None = None, rules: str | None = None, agent_seed: int = 0,
                 store_root: Path | None = None, limits: P.Limits | None = None,
                 log: Callable[[str], None] = print, capture: Callable[[bytes], None] | None = None,
                 protocol_version: int = P.PROTOCOL_VERSION,
                 on_update: Callable[[Client], None] | None = None,
                 mindbugs: int | None = None, sets: int | None = None) -> None:
        self.address = (host, port)
        self.name = name
        self.level = level  # a computer decides for this seat; None: a person (``pick``)
        self.code, self.rules, self.agent_seed = code, rules, agent_seed
        #: the 2v2 set-up asked for (None: the host's); after the welcome, the game's own
        self.mindbugs, self.sets = mindbugs, sets
        self.limits = limits or P.Limits()
        self.log = log
        #: every byte received once decrypted (what this seat is sent), for the secrecy tests
        self.capture = capture
        self.protocol_version = protocol_version
        self.on_update = on_update  # called (on the client's thread) after every message
        self.root = Path(store_root) if store_root is not None else data_dir()
        self.ticket = ticket_path(self.root, f"{host}:{port}", name)
        self.db = load_cards()
        self.status = "connecting"
        self.message = ""  # the last refusal or error, one line
        self.refusal_code = ""  # the refusal's one word (protocol codes), for a window to word
        self.stopping = False  # stop(): the window left the game
        self.seat: int | None = None
        self.game_id: str | None = None
        self.cards: tuple[CardDef, ...] = ()
        self.seats: list[P.SeatEntry] = []
        self.view: View | None = None  # the engine View of this seat
        self.decision_no = 0
        self.events: list[Event] = []  # the events of the last state message
        self.over_line: str | None = None
        self.replay_path: Path | None = None
        self.picks: queue.Queue[Option] = queue.Queue()  # options a person picked (the window)
        self.sock: ssl.SSLSocket | None = None
        #: the fingerprint of the host's certificate on this connection (game.net.tls)
        self.host_fingerprint: str | None = None
        self._code_key: tuple[str, str] | None = None  # (fingerprint, key): scrypt once a host
        self._proved = False  # this connection's hello proved the code: the host must too
        self.reader = P.FrameReader(P.MAX_HOST_FRAME)
        self.pool = ThreadPoolExecutor(1, thread_name_prefix="client-computer")
        self.thinking: Future[Option] | None = None
        self._thinking_serial: int | None = None
        self._said_unreachable = False
        self.sent_serial: int | None = None
        self.seated_once = False
        self.dropped_at: float | None = None
        self.last_in = self.last_out = time.monotonic()
        self._wake_r, self._wake_w = socket.socketpair()
        self._wake_r.setblocking(False)
        self._wake_w.setblocking(False)

    # --- what a window reads ------------------------------------------------------------------
    @property
    def missing(self) -> list[str]:
        """The names of the seats whose players dropped and are not back yet."""
        return [s["name"] for s in self.seats if s["remote"] and s["taken"] and not s["connected"]]

    @property
    def free_seats(self) -> int:
        """How many seats still wait for a player (the game begins when none does)."""
        return sum(1 for s in self.seats if not s["taken"])

    def pick(self, option: Option) -> None:
        """Send ``option`` for this seat's pending decision (from any thread)."""
        self.picks.put(option)
        self._wake(None)

    def stop(self) -> None:
        """Leave (from any thread): ``run`` says bye and returns at its next pass."""
        self.stopping = True
        self._wake(None)

    def _wake(self, _future: Future[Option] | None) -> None:
        try:
            self._wake_w.send(b"!")
        except OSError:
            pass

    # --- the loop -----------------------------------------------------------------------------
    def run(self) -> int:
        """Play until the game is over (0) or the seat is lost (1)."""
        try:
            while self.status not in ("over", "refused", "gave up"):
                if self.stopping:
                    self.send({"t": "bye"})
                    break
                if self.sock is None and not self._connect():
                    continue
                self.step(0.1)
        finally:
            self.close()
        return 0 if self.status == "over" else 1

    def _connect(self) -> bool:
        now = time.monotonic()
        if self.dropped_at is None:
            self.dropped_at = now
        elif now - self.dropped_at > self.limits.reconnect_window:
            self.status = "gave up"
            self.log(f"GAVE UP: the host did not come back within "
                     f"{self.limits.reconnect_window:.0f} s")
            return False
        if not valid_host(self.address[0]):
            self._refuse_here("address", f"{self.address[0]!r} is not a valid address")
            return False
        try:
            check_destination(self.address[0])
            raw = socket.create_connection(self.address, timeout=3.0)
        except OSError as exc:
            if self.status == "connecting" and not self._said_unreachable:
                self._said_unreachable = True
                self.log(f"CONNECTING... {self.address[0]}:{self.address[1]} cannot be reached "
                         f"yet ({exc.strerror or exc}); trying again")
            time.sleep(0.3)
            return False
        raw.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        try:
            sock = client_context().wrap_socket(raw)  # the handshake, within the 3 s above
            der = sock.getpeercert(binary_form=True)
        except (OSError, ValueError) as exc:
            raw.close()
            self._unencrypted(exc)
            return False
        if der is None:
            sock.close()
            self._unencrypted(ssl.SSLError("no certificate"))
            return False
        sock.settimeout(5.0)  # reads wait in select; a send that cannot go out in 5 s is a drop
        self.sock = sock
        self.host_fingerprint = seen = fingerprint(der)
        self.reader = P.FrameReader(P.MAX_HOST_FRAME)
        self.last_in = self.last_out = time.monotonic()
        ticket = read_ticket(self.ticket)
        pin = ticket_pin(self.ticket) if ticket else None
        if ticket and pin is not None and pin != seen:
            # Another host than the one that gave the ticket: never show it the ticket. If it
            # proves the code below, it is another game at the same address (the ticket is
            # then forgotten at its welcome); if not, it is refused.
            self.log("the kept ticket is for another host; asking for a free seat")
            ticket = None
        self._proved = ticket is None and bool(self.code)
        self.send({"t": "hello", "protocol": self.protocol_version,
                   "cards": P.card_set_fingerprint(), "rules": self.rules,
                   "mindbugs": self.mindbugs, "sets": self.sets, "name": self.name,
                   "kind": "computer" if self.level else "person", "level": self.level,
                   "proof": self._proof(seen) if self._proved else None,
                   "token": ticket[2] if ticket else None})
        return True

    def _proof(self, host_fingerprint: str) -> str:
        """The join code's proof for this host's certificate (the slow key made once a host)."""
        if self._code_key is None or self._code_key[0] != host_fingerprint:
            assert self.code is not None
            self._code_key = (host_fingerprint, code_key(self.code, host_fingerprint))
        return proof(self._code_key[1], CLIENT)

    def _unencrypted(self, exc: Exception) -> None:
        """The TLS handshake failed: a host of an older version, or something else listening."""
        if not self._said_unreachable:
            self._said_unreachable = True
            self.log(f"CONNECTING... {self.address[0]}:{self.address[1]} did not answer as a "
                     f"host of this version ({exc}); trying again")
        time.sleep(0.3)

    def _refuse_here(self, code: str, text: str) -> None:
        """Give up on this host without retrying: a refusal decided by this client."""
        self.message, self.refusal_code = text, code
        self.log(f"REFUSED: {text}")
        self.status = "refused"
        if self.sock is not None:
            self.sock.close()
            self.sock = None
        if self.on_update is not None:
            self.on_update(self)

    def step(self, timeout: float) -> None:
        self._decide()  # a state just handled may have made it this seat's turn
        if self.sock is None:  # sending the pick found the connection broken
            return
        try:
            # Bytes TLS decrypted already wait inside the SSL object, where select cannot see.
            ready = [self.sock] if self.sock.pending() else \
                select.select([self.sock, self._wake_r], [], [], timeout)[0]
        except (OSError, ValueError):
            self._lost("the connection broke")
            return
        now = time.monotonic()
        if self._wake_r in ready:
            try:
                self._wake_r.recv(4096)
            except OSError:
                pass
        if self.sock in ready:
            try:
                data = self.sock.recv(65536)
            except (OSError, ValueError):  # ValueError: a TLS record that is not one
                data = b""
            if not data:
                self._lost("the host closed the connection")
                return
            self.last_in = now
            if self.capture is not None:
                self.capture(data)
            try:
                for message in self.reader.feed(data):
                    self._handle(cast("P.HostMessage",
                                      P.check_message(message, P.HOST_MESSAGES)))
                    if self.on_update is not None:
                        self.on_update(self)
                    if not self.connected:  # the message ended the connection
                        return
            except P.ProtocolError as exc:
                self._lost(f"the host sent something this client cannot read: {exc}")
                return
        if not self.connected:
            return
        if now - self.last_in > self.limits.idle_timeout:
            self._lost("the host went silent")
            return
        self._decide()
        if now - self.last_out > self.limits.ping_interval:
            self.send({"t": "ping"})

    @property
    def connected(self) -> bool:
        """Whether a connection to the host is open (a handler may have closed it)."""
        return self.sock is not None

    def send(self, message: P.ClientMessage) -> None:
        if self.sock is None:
            return
        try:
            self.sock.sendall(P.encode_frame(message))
            self.last_out = time.monotonic()
        except OSError:
            self._lost("the connection broke")

    def _lost(self, why: str) -> None:
        if self.sock is not None:
            self.sock.close()
            self.sock = None
        if self.status in ("over", "refused", "gave up"):
            return
        if self.seated_once:
            if self.status != RECONNECTING:
                self.log(f"RECONNECTING... ({why})")
            self.status = RECONNECTING
            if self.on_update is not None:
                self.on_update(self)
        if self.dropped_at is None:  # counted from the last time this seat was welcomed
            self.dropped_at = time.monotonic()
        self.sent_serial = None

    # --- messages -----------------------------------------------------------------------------
    def _handle(self, message: P.HostMessage) -> None:
        """Hand a message checked against its schema to the handler of its type."""
        self._HANDLERS[message["t"]](self, message)

    def _ping(self, _ping: P.PingMessage) -> None:
        pass  # it only keeps the connection alive (last_in is set on every read)

    def _state(self, message: P.StateMessage) -> None:
        if self.seat is None:
            raise P.ProtocolError("a state before the welcome", "schema")
        self.view = view = decode_view(message["view"], self.db, self.cards)
        if view.seat != self.seat:
            raise P.ProtocolError("the host sent another seat's view", "schema")
        self.events = [decode_event(e) for e in message["events"]]
        self.decision_no = message["decision_no"]
        self.status = "playing" if message["started"] else "waiting"

    def _seats(self, message: P.SeatsMessage) -> None:
        before = set(self.missing)
        self.seats = P.seat_entries(message["seats"])
        for name in sorted(set(self.missing) - before):
            self.log(f"MISSING {name}")

    def _error(self, message: P.ErrorMessage) -> None:
        self.message = message["text"]
        self.log(f"PICK REFUSED ({message['code']}): {message['text']}")
        if message["code"] == "waiting":
            self.sent_serial = None  # look again once the game has begun

    def _welcome(self, message: P.WelcomeMessage) -> None:
        if message["protocol"] != self.protocol_version:
            raise P.ProtocolError("the host speaks another protocol", "version")
        if self._proved:
            assert self._code_key is not None  # made for this connection's hello
            if not proof_matches(self._code_key[1], HOST, message["proof"]):
                self._refuse_here("impostor", "the host did not prove that it knows the join "
                                  "code: it is not the game the code is for, or someone is "
                                  "between this computer and the host")
                return
            if message["token"]:
                remove_file(self.ticket)  # a ticket of another host's game, if one was kept
        self.seat = message["seat"]
        self.game_id = message["game"]
        self.cards = box_cards(self.db, message["cards"])
        self.mindbugs, self.sets = message["mindbugs"], message["sets"]
        self.seats = P.seat_entries(message["seats"])
        if message["token"]:
            try:
                write_ticket(self.ticket, self.game_id, self.seat, message["token"],
                             self.host_fingerprint)
            except OSError as exc:
                self.log(f"the ticket to rejoin could not be kept: {exc}")
        # The host gives a new ticket to a new seat only; a seat rejoined keeps its own.
        self.log(f"{'SEATED' if message['token'] else 'BACK'} seat={self.seat} "
                 f"game={self.game_id}")
        self.seated_once = True
        self.dropped_at = None
        self.status = "waiting"  # the state that follows says whether the game has begun

    def _refused(self, message: P.RefusedMessage) -> None:
        self.message = message["text"]
        self.refusal_code = message["code"]
        if message["code"] == "token":  # a ticket of an earlier game: ask for a free seat
            remove_file(self.ticket)
            self.log("the kept ticket is for another game; asking for a free seat")
            self._lost("ticket refused")
            return
        self.log(f"REFUSED: {message['text']}")
        if self.seated_once and message["code"] in ("flood", "schema", "garbage", "too_large"):
            self._lost(message["text"])  # our own fault: come back with the ticket
            return
        self.status = "refused"
        if self.sock is not None:
            self.sock.close()
            self.sock = None

    def _over(self, message: P.OverMessage) -> None:
        self.replay_path = keep_finished_game(self.root, message["replay"], message["winner"],
                                              message["turns"], self.seat, self.log)
        remove_file(self.ticket)
        names = [s["name"] for s in self.seats]
        rules = "2v2" if len(names) == 4 else "1v1"
        self.over_line = game_over_line(message["winner"], message["turns"], names, rules)
        self.status = "over"
        self.send({"t": "bye"})
        self.log(self.over_line)

    #: The handler of each message type a host may send (the schema refused any other type
    #: before). Each takes its own typed shape, so the table holds them as taking Any.
    _HANDLERS: ClassVar[dict[str, Callable[[Client, Any], None]]] = {  # each handler takes its own message type
        "welcome": _welcome, "state": _state, "seats": _seats, "error": _error,
        "refused": _refused, "over": _over, "ping": _ping}

    # --- deciding -----------------------------------------------------------------------------
    def _decide(self) -> None:
        view = self.view
        pending = view.state.pending if view is not None else None
        if view is None or pending is None or pending.seat != self.seat \
                or self.status != "playing":
            return
        if self.level is None:
            try:
                option = self.picks.get_nowait()
            except queue.Empty:
                return
            self._send_pick(pending.serial, option)
            return
        if pending.serial == self.sent_serial:
            return
        if self.thinking is None:
            self.thinking = self.pool.submit(decide, self.level, self.agent_seed, self.seat,
                                             self.decision_no, view)
            self._thinking_serial = pending.serial
            self.thinking.add_done_callback(self._wake)
            return
        if not self.thinking.done():
            return
        option, self.thinking = self.thinking.result(), None
        if self._thinking_serial == pending.serial:
            self._send_pick(pending.serial, option)

    def _send_pick(self, serial: int, option: Option) -> None:
        self.sent_serial = serial
        self.send({"t": "pick", "serial": serial, "verb": option.verb, "card": option.card,
                   "seat": option.seat})

    def close(self) -> None:
        if self.sock is not None:
            self.sock.close()
            self.sock = None
        self.pool.shutdown(wait=True)
        self._wake_r.close()
        self._wake_w.close()
