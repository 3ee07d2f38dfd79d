"""One seat of an online game, for the window: a ``game.server.client.OnlineClient`` on a thread
of its own (its asyncio loop), and what it received handed to the window's thread in order.

No pygame. The window never waits for the client: the client's loop appends each state
message (this seat's view and events) to ``states`` and calls ``wake``; the window reads
``phase``, the client's ``status`` and the refusal as single attribute reads. A pick goes to the
client's loop (``call_soon_threadsafe``) and out at once.

``OnlineSession`` keeps the same members as the LAN's ``NetSession`` that the match scene reads
(``game.ui.net.session.SeatSession``), so the one match scene plays both.
"""

from __future__ import annotations

import asyncio
import ssl
import threading
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from game.net import protocol as P
from game.server.client import MissingExtra, OnlineClient, Refused
from game.server.tls import PinMismatch, fingerprint_text
from game.ui.net.session import ClientFields, StateUpdate

if TYPE_CHECKING:
    from game.engine import Option, View
    from game.ui.net.session import HostedHere

#: What the window does with the server before the room: where it is.
CONNECTING, SEATED, FAILED = "connecting", "seated", "failed"


@dataclass(frozen=True)
class RoomWish:
    """A room to make (``rules``, each seat's kind in turn order, ``ranked``) or one to join
    (``code``)."""

    rules: str = "1v1"
    seats: tuple[str, ...] = ()
    ranked: bool = False
    code: str | None = None


class OnlineSession(ClientFields):
    """A person's seat in an online room. ``start()`` connects, makes or joins the room and
    plays; ``stop()`` leaves (after the game began the seat stays this player's: the same
    code takes it again). ``pick(option)`` sends this seat's answer (any thread)."""

    hosted: HostedHere | None = None  # an online game is never hosted by this window
    client: OnlineClient

    def __init__(self, host: str, port: int, name: str, wish: RoomWish, *,
                 store_root: Path | None = None, limits: P.Limits | None = None,
                 client: OnlineClient | None = None) -> None:
        self.address = f"{host}:{port}"
        self.wish = wish
        self.lines: list[str] = []  # what the client would print headless (bug reports)
        self.states: deque[StateUpdate] = deque()  # appended by the client's loop
        self.wake: Callable[[], None] | None = None
        self.refused_picks = 0  # picks the server refused (the window offers the decision again)
        self.opening: list = []
        self.phase = CONNECTING
        self.failure: tuple[str, str] = ("", "")  # (kind, the client's line) once FAILED
        self.fingerprint = ""  # "AB:CD:..." once the server showed its certificate
        self.first_contact = False
        self._last_view: View | None = None
        self._loop: asyncio.AbstractEventLoop | None = None
        self._task: asyncio.Task[None] | None = None
        self._thread: threading.Thread | None = None
        self._stopping = False
        # MissingExtra here: the window words it (the server extra is not installed)
        self.client = client or OnlineClient(host, port, name, root=store_root, limits=limits,
                                             log=self._log, on_update=self._on_update)
        self.name = name

    # The client's loop -------------------------------------------------------------------------
    def _log(self, line: str) -> None:
        self.lines.append(line)
        del self.lines[:-200]
        if line.startswith("PICK REFUSED"):
            self.refused_picks += 1
        self._poke()

    def _on_update(self, client: OnlineClient) -> None:
        if client.fingerprint and not self.fingerprint:
            self.fingerprint = fingerprint_text(client.fingerprint)
            self.first_contact = client.first_contact
        self._keep_state(client.view, client)
        self._poke()

    async def _main(self) -> None:
        client = self.client
        try:
            try:
                await client.connect()
                self._on_update(client)
                wish = self.wish
                if wish.code is not None:
                    await client.join(wish.code)
                else:
                    await client.create(wish.rules, list(wish.seats), wish.ranked)
            except Refused as exc:
                self._fail(exc.code, str(exc))
                return
            except PinMismatch as exc:
                self._fail("pin", str(exc))
                return
            except (OSError, ssl.SSLError, asyncio.TimeoutError, P.ProtocolError) as exc:
                self._fail("unreachable", str(exc) or repr(exc))  # for its log only
                return
            self.phase = SEATED
            self._on_update(client)
            await client.play()
        except asyncio.CancelledError:
            await client.close()
        finally:
            self._poke()

    def _fail(self, kind: str, line: str) -> None:
        self.failure = (kind, line)
        self.phase = FAILED
        self.lines.append(f"FAILED ({kind}): {line}")

    def _run(self) -> None:
        loop = self._loop
        assert loop is not None
        asyncio.set_event_loop(loop)
        self._task = loop.create_task(self._main())
        try:
            loop.run_until_complete(self._task)
        except BaseException:  # noqa: BLE001  # the thread ends quietly; the phase says why
            if self.phase != SEATED:
                self._fail("unreachable", "the connection ended")
        finally:
            loop.run_until_complete(self.client.close())
            loop.close()

    # The window's side ---------------------------------------------------------------------------
    def start(self) -> None:
        if self._thread is None:
            self._loop = asyncio.new_event_loop()
            self._thread = threading.Thread(target=self._run, name="online-client", daemon=True)
            self._thread.start()

    def stop(self) -> None:
        """Leave: the connection closes (a seat of a game not begun is free again)."""
        self._stopping = True
        self.wake = None
        loop, task = self._loop, self._task
        if loop is not None and task is not None and not loop.is_closed():
            try:
                loop.call_soon_threadsafe(task.cancel)
            except RuntimeError:  # the loop has just ended
                pass

    def join(self, timeout: float) -> bool:
        """Wait for the client's thread to end (tests); True if it did."""
        if self._thread is not None:
            self._thread.join(timeout)
            return not self._thread.is_alive()
        return True

    def pick(self, option: Option) -> None:
        loop = self._loop
        if loop is not None and not loop.is_closed():
            try:
                loop.call_soon_threadsafe(self.client.pick, option)
            except RuntimeError:  # the loop has just ended: the game is over or left
                pass

    @property
    def code(self) -> str | None:
        return self.client.code

    def status_line(self) -> str:
        """The match's own line at the top while the game simply goes on: none (the outage
        box of game.ui.online.words tells every trouble)."""
        return ""


def make_session(host: str, port: int, name: str, wish: RoomWish,
                 store_root: Path | None) -> OnlineSession | None:
    """A session; None when this copy of the game cannot play online (no cryptography)."""
    try:
        return OnlineSession(host, port, name, wish, store_root=store_root)
    except MissingExtra:
        return None
