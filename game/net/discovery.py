"""Games on the local network: a host announces its game with mDNS/DNS-SD (the ``zeroconf``
library, the optional ``lan`` extra), a joining window lists what it finds.

Only what the join screen lists is announced: the protocol version and the card data's
fingerprint (a game that could not be joined is shown as such), the rules, how many seats
are free, and the host player's name. Never the join code, the seed, a ticket or anything of
the game's state: the announcement reaches everyone on the network, stranger or not
(``announcement`` builds it and the tests check it).

Everything heard is hostile until checked (``parse_found``): any service may answer under our
type with any bytes. Names and values are capped and decoded strictly, a port must be a port,
only IPv4 addresses are used, and at most ``MAX_FOUND`` games are kept. A game found only
fills in the address field: joining it is the ordinary handshake, with its join code.

Without ``zeroconf`` nothing is announced or listed (``missing_line`` says so once); a typed
address always works.
"""

from __future__ import annotations

import ipaddress
import re
import secrets
import socket
import threading
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from game.net.protocol import PROTOCOL_VERSION, card_set_fingerprint
from game.net.reach import LOOPBACK, loopback_only, mdns_interfaces
from game.net.seats import clean_name

if TYPE_CHECKING:
    from zeroconf import ServiceInfo, ServiceStateChange, Zeroconf

    from game.net.host import Host

SERVICE_TYPE = "_mindbug._tcp.local."
KEYS = ("v", "cards", "rules", "free", "seats", "host")
#: "MINDBUGS-SETS" of a 2v2 game of another set-up ("1-2"); absent: the default (an older host's
#: announcement has no such key and is read as before; an older client ignores it)
SETUP_KEY = "setup"
SETUP_VALUES = {"1-1": (1, 1), "1-2": (1, 2), "2-2": (2, 2)}
MAX_FOUND = 32
MAX_VALUE = 64  # bytes of one announced value
MAX_PROPERTIES = 16
RESOLVE_MS = 1500
SMALL_NUMBER = re.compile(r"[0-9]{1,2}")
INSTALL_HINT = 'pip install -e ".[lan]"'
#: Where to announce and listen: None follows ``reach`` (every interface, or loopback alone
#: under MINDBUG_LOOPBACK_ONLY); a test may set a list.
INTERFACES: list[str] | None = None


def lan_address() -> str:
    """This computer's address on the local network (what another computer types), or
    127.0.0.1 without one (or under MINDBUG_LOOPBACK_ONLY). A UDP socket's connect sends
    nothing: it only picks the route."""
    if loopback_only():
        return LOOPBACK
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
            probe.connect(("192.0.2.1", 9))  # TEST-NET-1: never reached, only routed
            return probe.getsockname()[0]
    except OSError:
        return "127.0.0.1"


def announce_host(host: Host, name: str, stop: threading.Event) -> None:
    """Announce a headless host's game until it begins or ``stop`` is set (a thread's body):
    the free seats follow the host's seats, read once a second."""
    seats = host.seats
    address = host.bind if host.bind not in ("", "0.0.0.0") else lan_address()
    announcer = Announcer(name, host.record.rules, len(seats), host.port, address,
                          setup=(host.record.mindbugs, host.record.sets))
    try:
        while not stop.wait(1.0) and not host.started and not host.closed:
            announcer.update(sum(1 for s in host.seats if s.remote and s.token_hash is None))
    finally:
        announcer.close()


def _interfaces(given: list[str] | None) -> list[str] | None:
    """zeroconf's interfaces: the caller's, else the module's, else what ``reach`` allows."""
    if given is not None:
        return given
    return INTERFACES if INTERFACES is not None else mdns_interfaces()


def _zeroconf(interfaces: list[str] | None) -> Zeroconf:
    """zeroconf on IPv4, on ``interfaces`` when given (else on every interface)."""
    from zeroconf import IPVersion, Zeroconf

    if interfaces is None:
        return Zeroconf(ip_version=IPVersion.V4Only)
    return Zeroconf(ip_version=IPVersion.V4Only, interfaces=interfaces)


def available() -> bool:
    try:
        import zeroconf  # noqa: F401
    except ImportError:
        return False
    return True


@dataclass(frozen=True)
class FoundGame:
    """A game heard on the network, as the join screen lists it."""

    key: str  # the service's name (what an update or a removal names)
    address: str  # "HOST:PORT", ready for the address field
    host_name: str
    rules: str
    free: int
    seats: int
    joinable: bool  # the same protocol and card data as this program
    mindbugs: int = 2  # the 2v2 set-up: Mindbugs per player
    sets: int = 1  # and First Contact sets in the deck


def announcement(host_name: str, rules: str, free: int, seats: int,
                 setup: tuple[int, int] = (2, 1)) -> dict[str, str]:
    """The TXT properties a host announces: nothing secret (see the module's docstring)."""
    text = {"v": str(PROTOCOL_VERSION), "cards": card_set_fingerprint()[:16],
            "rules": rules, "free": str(max(0, min(free, seats))), "seats": str(seats),
            "host": clean_name(host_name, "Mindbug")[:32]}
    if tuple(setup) != (2, 1):
        text[SETUP_KEY] = f"{setup[0]}-{setup[1]}"
    return text


def parse_found(key: object, addresses: object, port: object, properties: object  # whatever a stranger's service answered: checked here
                ) -> FoundGame | None:
    """A found service, checked: None for anything that is not a well-formed Mindbug game."""
    # object: whatever a stranger's service answered (any type): each is checked here
    if not isinstance(key, str) or len(key) > 255 or not key.endswith(SERVICE_TYPE):
        return None
    if type(port) is not int or not 0 < port < 65536:
        return None
    if not isinstance(properties, dict) or len(properties) > MAX_PROPERTIES:
        return None
    text: dict[str, str] = {}
    for k, v in properties.items():
        if not isinstance(k, bytes) or not isinstance(v, bytes) or len(v) > MAX_VALUE:
            return None
        try:
            name, value = k.decode("ascii"), v.decode("utf-8")
        except UnicodeDecodeError:
            return None
        if name in KEYS or name == SETUP_KEY:
            text[name] = value
    setup_text = text.pop(SETUP_KEY, None)
    setup = (2, 1)
    if setup_text is not None:  # only a 2v2 game of another set-up says it
        if setup_text not in SETUP_VALUES or text.get("rules") != "2v2":
            return None
        setup = SETUP_VALUES[setup_text]
    if set(text) != set(KEYS) or text["rules"] not in ("1v1", "2v2"):
        return None
    if not (SMALL_NUMBER.fullmatch(text["free"]) and SMALL_NUMBER.fullmatch(text["seats"])):
        return None  # ASCII digits only: int() would also read "١" or " 2"
    seats = int(text["seats"])
    free = int(text["free"])
    if seats != (2 if text["rules"] == "1v1" else 4) or free > seats:
        return None
    address = _first_ipv4(addresses)
    if address is None:
        return None
    joinable = text["v"] == str(PROTOCOL_VERSION) and text["cards"] == card_set_fingerprint()[:16]
    return FoundGame(key, f"{address}:{port}", clean_name(text["host"], "Mindbug"),
                     text["rules"], free, seats, joinable, *setup)


def _first_ipv4(addresses: object) -> str | None:  # object: a stranger's answer, checked
    if not isinstance(addresses, (list, tuple)):
        return None
    for a in list(addresses)[:8]:
        try:
            ip = ipaddress.ip_address(a) if isinstance(a, str) else None
        except ValueError:
            continue
        if ip is not None and ip.version == 4 and not ip.is_multicast and not ip.is_unspecified:
            return str(ip)
    return None


class Announcer:
    """Publishes one game until ``close``; ``update(free)`` when a seat is taken or freed."""

    def __init__(self, host_name: str, rules: str, seats: int, port: int, address: str,
                 interfaces: list[str] | None = None,
                 setup: tuple[int, int] = (2, 1)) -> None:
        self.host_name, self.rules, self.seats, self.setup = host_name, rules, seats, setup
        self.port, self.address = port, address
        self.free = seats - 1
        self.zc = _zeroconf(_interfaces(interfaces))
        self.tag = secrets.token_hex(3)  # tells two games of one name apart; says nothing else
        self.label = "".join(ch for ch in clean_name(host_name, "Mindbug")
                             if ch not in ".\\")[:40]
        self.info = self._info()
        self.zc.register_service(self.info)

    def _info(self) -> ServiceInfo:
        from zeroconf import ServiceInfo

        return ServiceInfo(
            SERVICE_TYPE, f"{self.label} {self.tag}.{SERVICE_TYPE}",
            addresses=[ipaddress.IPv4Address(self.address).packed], port=self.port,
            properties=announcement(self.host_name, self.rules, self.free, self.seats, self.setup),
            server=f"mindbug-{self.tag}.local.")

    def update(self, free: int) -> None:
        if free == self.free:
            return
        self.free = free
        self.info = self._info()
        self.zc.update_service(self.info)

    def close(self) -> None:
        try:
            self.zc.unregister_service(self.info)
        finally:
            self.zc.close()


class Browser:
    """Listens for games until ``close``; ``found()`` is what was heard, best first.

    zeroconf calls back on its own thread; each service is resolved on a short-lived thread
    (a resolve may wait ``RESOLVE_MS``), and ``found`` is read by the window's thread."""

    def __init__(self, on_change: Callable[[], None] | None = None,
                 interfaces: list[str] | None = None) -> None:
        from zeroconf import ServiceBrowser

        self.on_change = on_change
        self.games: dict[str, FoundGame] = {}
        self.resolving: set[str] = set()  # names being resolved now
        self.lock = threading.Lock()
        self.closed = False
        self.zc = _zeroconf(_interfaces(interfaces))
        self.browser = ServiceBrowser(self.zc, SERVICE_TYPE, handlers=[self._changed])

    def _changed(self, zeroconf: Zeroconf, service_type: str, name: str,
                 state_change: ServiceStateChange) -> None:
        from zeroconf import ServiceStateChange

        if state_change is ServiceStateChange.Removed:
            with self.lock:
                self.games.pop(name, None)
            self._tell()
            return
        with self.lock:
            if len(self.games) >= MAX_FOUND and name not in self.games:
                return  # a flood of announcements is not listed
            if name in self.resolving or len(self.resolving) >= MAX_FOUND:
                return  # a flood of updates: one resolve at a time per name, a few at once
            self.resolving.add(name)
        threading.Thread(target=self._resolve, args=(name,), daemon=True).start()

    def _resolve(self, name: str) -> None:
        try:
            self._resolve_now(name)
        finally:
            with self.lock:
                self.resolving.discard(name)

    def _resolve_now(self, name: str) -> None:
        if self.closed:
            return
        try:
            info = self.zc.get_service_info(SERVICE_TYPE, name, timeout=RESOLVE_MS)
            found = None if info is None else parse_found(
                name, info.parsed_addresses(), info.port, info.properties)
        except Exception:  # whatever a stranger's answer breaks in the library: not listed
            found = None
        with self.lock:
            if found is None:
                self.games.pop(name, None)
            elif len(self.games) < MAX_FOUND or name in self.games:
                self.games[name] = found
        self._tell()

    def _tell(self) -> None:
        if self.on_change is not None and not self.closed:
            try:
                self.on_change()
            except Exception:
                pass

    def found(self) -> list[FoundGame]:
        with self.lock:
            games = list(self.games.values())
        return sorted(games, key=lambda g: (not g.joinable, g.free == 0, g.host_name.lower()))

    def close(self) -> None:
        self.closed = True
        try:
            self.browser.cancel()
        finally:
            self.zc.close()
