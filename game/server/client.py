"""One player's connection to an online server: TLS with the pinned fingerprint, the login
with the player's key, a room made or joined by code, then the seat played.

``OnlineClient`` is asyncio; a window runs it on a thread of its own (as it runs game.net's
``Client``). It holds what its seat may see (an engine ``View`` decoded by game.net's
viewcodec), decides with a computer of ``level`` when it has one (game.net.players, the same
reproducible formula) or sends what ``pick`` was given, and keeps the finished game in the
player's Replays. ``status``: "connecting", "queued" (waiting for a quick match: ``waited``
seconds so far), "waiting", "playing", "reconnecting...", "over", "refused" or "gave up";
``message`` the last refusal in one line. In a timed room ``clock`` is the last clock message
(whose decision runs, the time left) and ``timeouts`` the seats whose time ran out, in order.

A spectator (``watch``, after ``browse`` lists the running games) has no seat: ``view`` is the
public view the server sends a few decisions behind (``delay``), drawn from seat 0's side with
every hand face down. ``covers`` says, per seat whose player dropped, what the last ``cover``
message said (waiting with the seconds left, the computer plays it) until the player is back.
"""

from __future__ import annotations

import asyncio
import ssl
import time
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any, cast

from game.cards import load_cards
from game.common import safe_text
from game.common.paths import data_dir
from game.net import protocol as P
from game.net.players import decide
from game.net.reach import check_destination
from game.net.saves import keep_finished_game
from game.net.seats import game_over_line
from game.net.viewcodec import box_cards, decode_event, decode_view
from game.server import messages as M
from game.server.identity import load_or_make_key
from game.server.tls import (
    INSTALL_HINT,
    PinMismatch,
    available,
    check_pin,
    client_context,
    fingerprint,
    pins_path,
)

if TYPE_CHECKING:
    from game.engine import CardDef, Decision, Option, View
    from game.engine.events import Event

RECONNECTING = "reconnecting..."
#: Refusals after which trying again cannot help.
FINAL = ("version", "cards", "key", "code", "full", "room", "busy", "no_spectators",
         "not_running")


class MissingExtra(RuntimeError):
    """The server extra (cryptography) is not installed: ``str`` says how to install it."""


class Refused(Exception):
    """The server refused (``code``: one word a window translates; ``str``: one line)."""

    def __init__(self, code: str, text: str) -> None:
        super().__init__(text)
        self.code = code


class OnlineClient:
    def __init__(self, host: str, port: int, name: str, *, root: Path | None = None,
                 level: str | None = None, agent_seed: int = 0, expect: str | None = None,
                 limits: P.Limits | None = None, log: Callable[[str], None] = print,
                 on_update: Callable[[OnlineClient], None] | None = None) -> None:
        self.host, self.port, self.name = host, port, name
        self.root = Path(root) if root is not None else data_dir()
        self.level, self.agent_seed = level, agent_seed
        self.expect = expect  # a fingerprint given by the player (else the pin, else pinned now)
        self.limits = limits or P.Limits()
        self.log = log
        self.on_update = on_update  # called on the client's loop after every message and drop
        if not available():
            raise MissingExtra(f"playing online needs the server extra: {INSTALL_HINT}")
        self.key = load_or_make_key(self.root)
        self.db = load_cards()
        self.status = "connecting"
        self.message = ""
        self.refusal_code = ""  # the last refusal's one word ("pin": another certificate)
        self.fingerprint = ""  # the server certificate's SHA-256, shown to compare
        self.first_contact = False  # the fingerprint was pinned on this connection
        self.player = ""  # this key's short id, from the server
        self.rating = 0
        self.code: str | None = None
        self.seat: int | None = None
        self.cards: tuple[CardDef, ...] = ()
        self.seats: list[P.SeatEntry] = []
        self.view: View | None = None
        self.watching = False  # a spectator: no seat, the public view
        self.delay = 0
        self.games: list[M.ListedGame] = []
        self.covers: dict[int, M.CoverMessage] = {}
        self.events: list[Event] = []
        self.decision_no = 0
        self.over_line: str | None = None
        self.replay_path: Path | None = None
        self.picked: Option | None = None  # a person's option for the pending decision
        self.dropped_at: float | None = None  # when the connection was lost (reconnecting)
        # game.net's Client names a 2v2 set-up; a room plays the standard one (a window reads
        # these of either client)
        self.mindbugs: int | None = None
        self.sets: int | None = None
        self.last_out = 0.0
        self.sent_serial: int | None = None
        self.waited = 0  # seconds in the quick-match queue, as the server last said
        self.clock: M.ClockMessage | None = None
        self.timeouts: list[int] = []
        self.leaderboard: M.LeaderboardMessage | None = None
        self._reader: asyncio.StreamReader | None = None
        self._writer: asyncio.StreamWriter | None = None
        self._frames = P.FrameReader(P.MAX_HOST_FRAME)
        self._inbox: list[dict[str, Any]] = []  # Any: checked messages of any type

    # --- connecting ---------------------------------------------------------------------------
    async def connect(self) -> None:
        """TLS, the pin, the challenge signed: logged in. Refused, PinMismatch (an
        ssl.SSLError), OSError or asyncio.TimeoutError otherwise, the connection closed."""
        check_destination(self.host)
        self._frames = P.FrameReader(P.MAX_HOST_FRAME)
        self._inbox = []
        self._reader, writer = await asyncio.wait_for(asyncio.open_connection(
            self.host, self.port, ssl=client_context()), self.limits.hello_timeout)
        self._writer = writer
        try:
            await self._login(writer)
        except BaseException:
            writer.transport.abort()
            self._reader = self._writer = None
            raise

    async def _login(self, writer: asyncio.StreamWriter) -> None:
        ssl_object = writer.get_extra_info("ssl_object")
        der = ssl_object.getpeercert(binary_form=True) if ssl_object is not None else None
        if not der:
            raise ssl.SSLError("the server showed no certificate")
        self.fingerprint = fingerprint(der)
        # Before anything is sent: a server that is not the pinned one hears nothing.
        self.first_contact = check_pin(pins_path(self.root), f"{self.host}:{self.port}",
                                       self.fingerprint, self.expect)
        challenge = await self._expect("challenge")
        self._send({"t": "login", "protocol": M.SERVER_PROTOCOL,
                    "seat_protocol": P.PROTOCOL_VERSION, "cards": P.card_set_fingerprint(),
                    "key": self.key.public_hex,
                    "signature": self.key.sign(challenge["nonce"], self.fingerprint),
                    "name": self.name})
        identity = await self._expect("identity")
        self.player, self.name, self.rating = (identity["player"], identity["name"],
                                               identity["rating"])

    @property
    def missing(self) -> list[str]:
        """The names of the seats whose players dropped and are not back yet."""
        return [s["name"] for s in self.seats if s["remote"] and s["taken"] and not s["connected"]]

    @property
    def free_seats(self) -> int:
        """How many people's seats still wait for a player (the game begins when none does)."""
        return sum(1 for s in self.seats if not s["taken"])

    async def create(self, rules: str, seats: list[str], ranked: bool = False,
                     spectators: bool = True, cover: str | None = None,
                     timed: bool = False) -> str:
        """Make a room and sit in its first person's seat; its invite code. ``cover``: the
        level of the computer that plays this seat if the connection drops (None: the
        server's default). A ranked room is timed; a friendly one when ``timed``."""
        self._send({"t": "create", "rules": rules, "seats": seats, "ranked": ranked,
                    "spectators": spectators, "cover": cover, "timed": timed})
        await self._seated()
        assert self.code is not None
        return self.code

    async def join(self, code: str, cover: str | None = None) -> int:
        """Sit in the room of ``code`` (this key's own seat again, if it has one); the seat."""
        self._send({"t": "join", "code": code, "cover": cover})
        while True:
            message = await self._next(self.limits.idle_timeout)
            if message is not None and message["t"] == "moved":  # the room is on another process
                return await self._move(cast("M.MovedMessage", message), cover)
            if message is not None and message["t"] == "room":
                self.code = message["code"]
                await self._expect("welcome")
                assert self.seat is not None
                return self.seat

    async def browse(self) -> list[M.ListedGame]:
        """The running games this server lets anyone watch."""
        self._send({"t": "browse"})
        await self._expect("games")
        return self.games

    async def watch(self, code: str) -> None:
        """Watch the game of an invite code or of a listed game's ``game``."""
        self._send({"t": "watch", "code": code})
        await self._expect("watching")
        self.code = code

    async def quick(self) -> int:
        """Wait in the quick-match queue until the server seats this player in a ranked 1v1
        (``status`` "queued", ``waited`` told every few seconds); the seat. Refused when the
        queue will not take the player (the code "queued", "queue_wait" or "busy")."""
        self._send({"t": "quick", "rules": "1v1"})
        self.status, self.waited = "queued", 0
        while True:
            message = await self._waiting_message()
            if message is None:
                continue
            if message["t"] == "error" and message["serial"] is None:
                self.status = "connecting"
                raise Refused(message["code"], message["text"])
            elif message["t"] == "room":
                self.code = message["code"]
                await self._expect("welcome")
                assert self.seat is not None
                return self.seat
            elif message["t"] == "moved":
                return await self._move(cast("M.MovedMessage", message))

    async def cancel_quick(self) -> int:
        """Leave the queue; the seconds waited. (A pair made before the server read this
        seats the player all the same: then the ``room`` comes instead, and Refused
        "matched" is raised so the caller plays the seat.)"""
        self._send({"t": "cancel"})
        while True:
            message = await self._waiting_message()
            if message is not None and message["t"] == "cancelled":
                self.status = "connecting"
                return int(message["waited"])
            if message is not None and message["t"] == "room":
                self.code = message["code"]
                await self._expect("welcome")
                raise Refused("matched", "a match was found before the queue was left")
            if message is not None and message["t"] == "moved":
                await self._move(cast("M.MovedMessage", message))
                raise Refused("matched", "a match was found before the queue was left")

    async def _move(self, moved: M.MovedMessage, cover: str | None = None) -> int:
        """Paired by another process of this server: sit in its room there. Only a process
        showing the same certificate is followed (one deployment shares its certificate)."""
        self.log(f"MOVED to {moved['host']}:{moved['port']} room={moved['code']}")
        same = self.fingerprint
        await self.close()
        self.host, self.port, self.expect = moved["host"], moved["port"], same
        await self.connect()
        return await self.join(moved["code"], cover)

    async def _waiting_message(self) -> dict[str, Any] | None:  # Any: as _next
        """The next message while nothing else is sent (in the queue): a ping goes out when
        nothing did for the ping interval, so the server does not close a silent player."""
        message = await self._next(self.limits.ping_interval)
        if time.monotonic() - self.last_out >= self.limits.ping_interval:
            self._send({"t": "ping"})
        return message

    async def leaders(self, count: int = 20) -> M.LeaderboardMessage:
        """The leaderboard's best ``count`` and this player's own entry."""
        self._send({"t": "leaders", "count": count})
        await self._expect("leaderboard")
        assert self.leaderboard is not None
        return self.leaderboard

    async def _seated(self) -> None:
        room = await self._expect("room")
        self.code = room["code"]
        await self._expect("welcome")

    # --- playing ------------------------------------------------------------------------------
    async def play(self, reconnect: bool = True) -> int:
        """Play the seat until the game is over (0); 1 if the seat is lost. A dropped
        connection is tried again every 0.3 s for the reconnect window (the server keeps the
        seat for this key), and the seat is taken again with the room's code."""
        self.dropped_at = None
        while self.status not in ("over", "refused", "gave up"):
            try:
                if self._writer is None:
                    await self.connect()
                    assert self.code is not None
                    if self.watching:
                        await self.watch(self.code)
                    else:
                        await self.join(self.code)
                        self.log(f"BACK seat={self.seat}")
                self.dropped_at = None
                self._updated()
                await self._play_connected()
            except Refused as exc:
                self.message, self.refusal_code = str(exc), exc.code
                if exc.code in FINAL or not reconnect:
                    self.status = "refused"
                    self.log(f"REFUSED: {exc}")
                    break
                self._lost(str(exc))
            except PinMismatch as exc:  # not the server this player trusted: never retried
                self.message, self.status, self.refusal_code = str(exc), "refused", "pin"
                self.log(f"REFUSED: {exc}")
                break
            except (OSError, ssl.SSLError, asyncio.TimeoutError, P.ProtocolError) as exc:
                self._lost(str(exc) or type(exc).__name__)
                if not reconnect:
                    break
            if self.status in ("over", "refused"):
                break
            now = time.monotonic()
            if self.dropped_at is None:
                self.dropped_at = now
            self._updated()
            if now - self.dropped_at > self.limits.reconnect_window:
                self.status = "gave up"
                self._updated()
                break
            await asyncio.sleep(0.3)
        await self.close()
        self._updated()
        return 0 if self.status == "over" else 1

    async def _play_connected(self) -> None:
        while self.status != "over":
            await self.step()

    async def step(self) -> dict[str, Any] | None:  # Any: the checked message's fields
        """Decide if it is this seat's turn, then handle the next message (None: none came
        within the ping interval); a ping goes out when nothing else did for that long."""
        await self._decide()
        message = await self._next(self.limits.ping_interval)
        if time.monotonic() - self.last_out >= self.limits.ping_interval:
            self._send({"t": "ping"})
        return message

    def pick(self, option: Option) -> None:
        """A person's option for this seat's pending decision (on the client's loop); it
        replaces one not sent yet, and one that is not offered when it is sent is dropped.
        Connected, it goes out at once (a window does not wait for the next message)."""
        self.picked = option
        if self.level is None and self._writer is not None:
            self._send_picked()

    def _open_decision(self) -> Decision | None:
        """This seat's decision, not answered yet, while the game is played; else None."""
        view = self.view
        pending = view.state.pending if view is not None else None
        if view is None or pending is None or pending.seat != self.seat \
                or self.status != "playing" or pending.serial == self.sent_serial:
            return None
        return pending

    def _send_picked(self) -> None:
        pending = self._open_decision()
        option, self.picked = self.picked, None
        if pending is None or option is None:
            self.picked = option if pending is None else None  # kept for its decision
            return
        if option not in pending.options:
            self.log(f"not offered now: {option}")
            return
        self._send_option(pending.serial, option)

    async def _decide(self) -> None:
        if self.level is None:
            if self.picked is not None:
                self._send_picked()
            return
        pending = self._open_decision()
        if pending is None or self.view is None:
            return
        option = await asyncio.to_thread(decide, self.level, self.agent_seed, pending.seat,
                                         self.decision_no, self.view)
        self._send_option(pending.serial, option)

    def _send_option(self, serial: int, option: Option) -> None:
        self.sent_serial = serial
        self._send({"t": "pick", "serial": serial, "verb": option.verb,
                    "card": option.card, "seat": option.seat})

    # --- the wire -----------------------------------------------------------------------------
    def _send(self, message: M.ClientMessage) -> None:
        if self._writer is None:
            raise ConnectionError("not connected")
        self._writer.write(M.encode(message))
        self.last_out = time.monotonic()

    async def _expect(self, kind: str) -> dict[str, Any]:  # Any: the checked message's fields
        """Read until a message of ``kind`` (the others are handled on the way)."""
        while True:
            message = await self._next(self.limits.idle_timeout)
            if message is not None and message["t"] == kind:
                return message

    async def _next(self, timeout: float) -> dict[str, Any] | None:  # Any: as _expect
        """The next message, handled; None after ``timeout`` without one. Refused for a
        refusal, ConnectionError when the server closes."""
        reader = self._reader
        if reader is None:
            raise ConnectionError("not connected")
        while not self._inbox:
            try:
                data = await asyncio.wait_for(reader.read(65536), timeout)
            except asyncio.TimeoutError:
                return None
            if not data:
                raise ConnectionError("the server closed the connection")
            for raw in self._frames.feed(data):
                self._inbox.append(P.check_message(raw, M.SERVER_MESSAGES))
        message = self._inbox.pop(0)
        try:
            self._handle(message)
        finally:
            self._updated()
        return message

    def _updated(self) -> None:
        if self.on_update is not None:
            self.on_update(self)

    def _handle(self, message: dict[str, Any]) -> None:  # Any: a checked message
        kind = message["t"]
        if kind == "refused":
            raise Refused(message["code"], message["text"])
        if kind == "welcome":
            welcome = cast("P.WelcomeMessage", message)
            if welcome["protocol"] != P.PROTOCOL_VERSION:
                raise P.ProtocolError("the server speaks another protocol", "version")
            self.seat = welcome["seat"]
            self.cards = box_cards(self.db, welcome["cards"])
            self.seats = P.seat_entries(welcome["seats"])
            self.status = "waiting"
        elif kind == "watching":
            self.watching, self.seat, self.delay = True, None, message["delay"]
            self.cards = box_cards(self.db, message["cards"])
            self.seats = P.seat_entries(message["seats"])
            self.status = "waiting"
        elif kind == "games":
            self.games = M.listed_games(message["games"])
        elif kind == "cover":
            cover = cast("M.CoverMessage", message)
            if cover["state"] == "back":
                self.covers.pop(cover["seat"], None)
            else:
                self.covers[cover["seat"]] = cover
            self.log(f"SEAT {cover['seat']} {cover['state'].upper()} level={cover['level']}"
                     + (f" in {cover['seconds']} s" if cover["state"] == "waiting" else ""))
        elif kind == "state":
            if self.seat is None and not self.watching:
                raise P.ProtocolError("a state before the welcome", "schema")
            view = decode_view(message["view"], self.db, self.cards)
            if not self.watching and view.seat != self.seat:
                raise P.ProtocolError("the server sent another seat's view", "schema")
            self.view = view
            self.events = [decode_event(e) for e in message["events"]]
            self.decision_no = message["decision_no"]
            self.status = "playing" if message["started"] else "waiting"
        elif kind == "seats":
            self.seats = P.seat_entries(message["seats"])
        elif kind == "error":
            self.message = message["text"]
            self.sent_serial = None  # the decision is still open: it may be answered again
            what = "PICK REFUSED" if message["serial"] is not None else "REFUSED"
            self.log(f"{what} ({message['code']}): {message['text']}")
        elif kind == "over":
            self._over(cast("P.OverMessage", message))
        elif kind == "queued":
            self.waited = message["waited"]
            self.log(f"WAITING {self.waited} s (within {message['window']} of my rating, "
                     f"{message['waiting']} waiting)")
        elif kind == "clock":
            self.clock = cast("M.ClockMessage", message)
        elif kind == "timeout":
            self.timeouts.append(message["seat"])
            self.log(f"TIMEOUT seat={message['seat']}: the server answered for it")
        elif kind == "leaderboard":
            for entry in [*message["top"], *([message["you"]] if message["you"] else [])]:
                entry["name"] = safe_text.clean(entry["name"])  # shown to a person
            self.leaderboard = cast("M.LeaderboardMessage", message)

    def _over(self, message: P.OverMessage) -> None:
        if not self.watching:  # a watched game is not the player's own to keep
            self.replay_path = keep_finished_game(self.root, message["replay"],
                                                  message["winner"], message["turns"],
                                                  self.seat, self.log)
        names = [s["name"] for s in self.seats]
        self.over_line = game_over_line(message["winner"], message["turns"], names,
                                        "2v2" if len(names) == 4 else "1v1")
        self.status = "over"
        self.log(self.over_line)

    def _lost(self, why: str) -> None:
        if self._writer is not None:
            self._writer.transport.abort()
        self._reader = self._writer = None
        self.sent_serial = None
        if self.status not in ("over", "refused", "gave up"):
            if self.status != RECONNECTING:
                self.log(f"RECONNECTING... ({why})")
            self.status = RECONNECTING

    async def close(self) -> None:
        writer, self._reader, self._writer = self._writer, None, None
        if writer is not None:
            try:
                writer.write(M.encode({"t": "bye"}))
                writer.close()
                await asyncio.wait_for(writer.wait_closed(), 1.0)
            except (OSError, ssl.SSLError, asyncio.TimeoutError):
                writer.transport.abort()
