"""One seat of a network game, for the window: a ``game.net.client.Client`` on a thread of its
own, and what it received handed over to the window's thread in order.

No pygame. The client's loop blocks in ``select``; the window never waits for it: the client's
thread appends each state message (its seat's view and events) to ``states`` and calls
``wake`` (the scene posts a pygame event, so an idle window draws the news at once). The
window reads ``status``, ``missing`` and the refusal straight from the client: single
attribute reads, replaced whole by the client's thread.
"""

from __future__ import annotations

import threading
from collections import deque
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Protocol

from game.common.i18n import N_, _, ngettext
from game.net.client import RECONNECTING, Client
from game.net.reach import valid_host

if TYPE_CHECKING:
    from game.engine import Option, View
    from game.net.protocol import Limits, SeatEntry
    from game.ui.core.contracts import EngineEvent

#: The refusals a window words itself (the host's ``text`` is English, for logs).
REFUSALS = {
    "version": N_("The host plays another version of the game: both need the same version."),
    "cards": N_("The host plays with other card data: both need the same version of the game."),
    "rules": N_("The host plays other rules."),
    "code": N_("That is not this game's join code: ask the host for the code on their screen."),
    "code_wait": N_("Too many wrong join codes were tried: wait a minute, then try again."),
    "full": N_("Every seat of this game is taken."),
    "impostor": N_("The computer at this address did not prove that it knows the join code: "
                   "it is not the game the code is for. Check the address and the code."),
    "address": N_("That is not a valid address: type the host's address as their screen "
                  "shows it, for example 192.168.1.20:5151."),
}


@dataclass(frozen=True)
class StateUpdate:
    """One state message as the window takes it: this seat's view, its events, and whether
    the game had begun (every network seat taken)."""

    view: View
    events: list[EngineEvent]
    decision_no: int
    started: bool


def parse_address(text: str) -> tuple[str, int]:
    """``HOST:PORT`` (an IPv6 host in brackets) -> (host, port); ValueError with a line to show."""
    text = text.strip()
    host, sep, port = text.rpartition(":")
    host = host.strip("[]").strip()
    if not sep or not host or not port.isdigit() or not 0 < int(port) < 65536:
        raise ValueError(_("Type the host's address with its port after a colon, for example "
                           "192.168.1.20:5151."))
    if not valid_host(host):  # "192.168..1": no computer can have it
        raise ValueError(_(REFUSALS["address"]))
    return host, int(port)


class HostedHere(Protocol):
    """The game this window hosts, as its sessions see it (``ui.net.hosted.HostedGame`` keeps
    it); a Protocol, so that a session does not import the hosting side back."""

    sessions: dict[int, NetSession]  # the people at this window, one session per seat

    @property
    def address(self) -> str: ...

    def stop(self) -> None: ...


class SeatClient(Protocol):
    """What a network seat's match reads of its client: game.net's ``Client`` (a LAN host) or
    game.server's ``OnlineClient`` (an online server)."""

    @property
    def message(self) -> str: ...  # the last refusal or error, one line

    @property
    def refusal_code(self) -> str: ...  # the last refusal's one word, for a window to word

    @property
    def missing(self) -> list[str]: ...  # the players who dropped and are not back yet

    @property
    def limits(self) -> Limits: ...

    @property
    def dropped_at(self) -> float | None: ...  # when this window lost the connection

    @property
    def mindbugs(self) -> int | None: ...  # the 2v2 set-up; None: the standard one

    @property
    def sets(self) -> int | None: ...

    @property
    def status(self) -> str: ...

    @property
    def seat(self) -> int | None: ...

    @property
    def seats(self) -> list[SeatEntry]: ...

    @property
    def replay_path(self) -> Path | None: ...

    @property
    def over_line(self) -> str | None: ...

    @property
    def events(self) -> Sequence[EngineEvent]: ...  # the last state message's events

    @property
    def decision_no(self) -> int: ...


class ClientFields:
    """The seat's fields a session reads straight from its client (single values its client's
    thread writes), and the states it hands the window, shared by the LAN's and the online
    session."""

    client: SeatClient
    states: deque[StateUpdate]  # appended by the client's thread, taken by the window
    wake: Callable[[], None] | None  # wakes the window's loop (None once it left)
    _last_view: View | None

    def _keep_state(self, view: View | None, client: SeatClient) -> bool:
        """Appends a view the client has not handed on yet; whether it did."""
        if view is None or view is self._last_view:
            return False
        self._last_view = view
        self.states.append(StateUpdate(view, list(client.events), client.decision_no,
                                       client.status != "waiting"))
        return True

    def _poke(self) -> None:
        wake = self.wake
        if wake is not None:
            try:
                wake()
            except Exception:  # the window is closing: nothing to wake
                pass

    @property
    def status(self) -> str:
        return self.client.status

    @property
    def seat(self) -> int | None:
        return self.client.seat

    @property
    def seats(self) -> list[SeatEntry]:
        return self.client.seats

    @property
    def replay_path(self) -> Path | None:
        return self.client.replay_path

    @property
    def over_line(self) -> str | None:
        return self.client.over_line


class SeatSession(Protocol):
    """A seat of a network game as the match scene plays it: ``NetSession`` (a LAN host) and
    ``game.ui.online.session.OnlineSession`` (an online server) keep it."""

    states: deque[StateUpdate]  # appended by the client's thread, taken by the window's
    wake: Callable[[], None] | None
    refused_picks: int

    @property
    def client(self) -> SeatClient: ...

    @property
    def hosted(self) -> HostedHere | None: ...

    @property
    def address(self) -> str: ...

    @property
    def name(self) -> str: ...

    @property
    def status(self) -> str: ...

    @property
    def seat(self) -> int | None: ...

    @property
    def seats(self) -> list[SeatEntry]: ...

    @property
    def replay_path(self) -> Path | None: ...

    @property
    def over_line(self) -> str | None: ...

    def pick(self, option: Option) -> None: ...

    def stop(self) -> None: ...

    def status_line(self) -> str: ...


class NetSession(ClientFields):
    """A seat joined (or being joined) as a person. ``start()`` runs the client; ``stop()``
    leaves. ``pick(option)`` sends this seat's answer (any thread)."""

    client: Client

    def __init__(self, host: str, port: int, name: str, code: str | None = None, *,
                 store_root: Path | None = None, client: Client | None = None,
                 setup: tuple[int, int] | None = None) -> None:
        # setup: the 2v2 set-up the join list showed (the host refuses the seat if it plays
        # another now); None: whatever the host plays
        mindbugs, sets = setup if setup is not None else (None, None)
        self.client = client or Client(host, port, name, code=code or None,
                                       store_root=store_root, log=self._log,
                                       on_update=self._on_update, mindbugs=mindbugs, sets=sets)
        self.address = f"{host}:{port}"
        self.name = name
        self.states: deque[StateUpdate] = deque()  # appended by the client's thread
        self.lines: list[str] = []  # what the client would print headless (bug reports)
        self.unreachable = False  # the host could not be reached yet (still trying)
        self.refused_picks = 0  # picks the host refused (the window offers the decision again)
        self.wake: Callable[[], None] | None = None
        self.opening: list[EngineEvent] | None = None  # the first state's events (who revealed what)
        self._last_view: View | None = None
        self.hosted: HostedHere | None = None  # the game this window runs, if it hosts
        self._thread: threading.Thread | None = None

    # The client's thread -----------------------------------------------------------------------
    def _log(self, line: str) -> None:
        self.lines.append(line)
        del self.lines[:-200]
        if line.startswith("CONNECTING..."):
            self.unreachable = True
        elif line.startswith("PICK REFUSED"):
            self.refused_picks += 1
        self._poke()

    def _on_update(self, client: Client) -> None:
        if self._keep_state(client.view, client):
            self.unreachable = False
        self._poke()

    # The window's side ------------------------------------------------------------------------
    def start(self) -> None:
        if self._thread is None:
            self._thread = threading.Thread(target=self.client.run, name="net-client", daemon=True)
            self._thread.start()

    def stop(self) -> None:
        """Leave the game (the seat's ticket is kept: the same name at the same address comes
        back to it until the game is over)."""
        self.client.stop()
        self.wake = None
        if self.hosted is not None:  # the hosting window leaves: the game ends with it
            self.hosted.stop()

    def join(self, timeout: float) -> bool:
        """Wait for the client's thread to end (tests); True if it did."""
        if self._thread is not None:
            self._thread.join(timeout)
            return not self._thread.is_alive()
        return True

    def pick(self, option: Option) -> None:
        self.client.pick(option)

    def refusal(self) -> str:
        """Why the host refused this seat, in the window's language."""
        c = self.client
        words = REFUSALS.get(c.refusal_code)
        return _(words) if words else _("The host refused: {reason}").format(reason=c.message)

    def status_line(self) -> str:
        """One line for the top of the screen: empty while the game simply goes on."""
        status = self.status
        if status == "connecting":
            if self.unreachable:
                return _("{address} cannot be reached yet: trying again...").format(
                    address=self.address)
            return _("Connecting to {address}...").format(address=self.address)
        if status == RECONNECTING:
            return _("Connection lost: reconnecting...")
        if status == "refused":
            return _("Refused: {reason}").format(reason=self.refusal())
        if status == "gave up":
            return _("The host did not come back: the game cannot go on.")
        if status == "waiting":
            free = self.client.free_seats
            if free:
                return ngettext("Waiting for players: {count} seat is still free.",
                                "Waiting for players: {count} seats are still free.",
                                free).format(count=free)
            return _("Every seat is taken: waiting for the host to start the game...")
        missing = self.client.missing
        if missing and status == "playing":
            return _("Waiting for {players}: connection lost.").format(players=", ".join(missing))
        return ""
