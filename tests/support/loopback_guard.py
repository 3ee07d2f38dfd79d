"""A guard over every socket a test process opens: nothing may bind, connect, send to or
resolve anything beyond loopback (a test machine's network is not ours to send to).

``install()`` (called by tests/conftest.py before any test) wraps the socket methods that pick
an address. An address beyond loopback is refused with ``LoopbackViolation`` (an ``OSError``, so
the game's code takes it as any failed connection) and written down; conftest fails the test
that caused it, whatever the code under test did with the error.

Connecting and sending to an address of this machine's own is allowed too (it never leaves
it); binding is not (a socket bound there could be reached from the network). Allowed besides
loopback: sockets that are not IPv4/IPv6 (``socketpair``'s Unix sockets), and
the one thing mDNS needs on loopback: a UDP socket bound to any address on port 5353 whose
multicast group is joined on 127.0.0.1 only, sending to the mDNS group with its multicast
interface set to 127.0.0.1.
"""

from __future__ import annotations

import ipaddress
import socket
from typing import Any

MDNS_PORT = 5353
MDNS_GROUP = "224.0.0.251"
LOOPBACK_PACKED = socket.inet_aton("127.0.0.1")

violations: list[str] = []
_installed = False
_original_bind = socket.socket.bind


class LoopbackViolation(OSError):
    pass


def _host_of(address: Any) -> str | None:
    if isinstance(address, tuple) and address and isinstance(address[0], str):
        return address[0]
    return None


def _is_loopback(host: str) -> bool:
    if host.lower().rstrip(".") == "localhost":
        return True
    try:
        return ipaddress.ip_address(host.split("%")[0]).is_loopback
    except ValueError:
        return False


_own_addresses: dict[str, bool] = {}


def _stays_here(host: str) -> bool:
    """Loopback, or an address of this machine's own (the kernel delivers it locally: a game
    another program on this machine announces on loopback names this machine's LAN address,
    and zeroconf may ask it directly). Told by binding a probe to it, which sends nothing."""
    if _is_loopback(host):
        return True
    if host not in _own_addresses:
        try:
            family = socket.AF_INET6 if ":" in host else socket.AF_INET
            ipaddress.ip_address(host.split("%")[0])
        except ValueError:
            _own_addresses[host] = False
        else:
            probe = socket.socket(family, socket.SOCK_DGRAM)
            try:
                _original_bind(probe, (host, 0))
                _own_addresses[host] = not ipaddress.ip_address(host).is_unspecified
            except OSError:
                _own_addresses[host] = False
            finally:
                probe.close()
    return _own_addresses[host]


def _refuse(what: str) -> None:
    violations.append(what)
    raise LoopbackViolation(f"loopback only under the tests: {what}")


def _multicast_on_loopback(sock: socket.socket) -> bool:
    try:
        packed = sock.getsockopt(socket.IPPROTO_IP, socket.IP_MULTICAST_IF, 4)
    except OSError:
        return False
    return packed == LOOPBACK_PACKED


def _checks_inet(sock: socket.socket) -> bool:
    return sock.family in (socket.AF_INET, socket.AF_INET6)


def install() -> None:
    global _installed
    if _installed:
        return
    _installed = True
    original_bind = _original_bind
    original_connect = socket.socket.connect
    original_connect_ex = socket.socket.connect_ex
    original_sendto = socket.socket.sendto
    original_setsockopt = socket.socket.setsockopt
    original_getaddrinfo = socket.getaddrinfo

    def bind(self: socket.socket, address: Any) -> None:
        host = _host_of(address)
        if _checks_inet(self) and host is not None and not _is_loopback(host):
            # zeroconf's listener: UDP on any address, port 5353, group joined on loopback
            mdns_listener = (self.type == socket.SOCK_DGRAM and host in ("", "0.0.0.0")
                             and address[1] == MDNS_PORT)
            if not mdns_listener:
                _refuse(f"bind to {address!r}")
        return original_bind(self, address)

    def connect(self: socket.socket, address: Any) -> None:
        host = _host_of(address)
        if _checks_inet(self) and host is not None and not _stays_here(host):
            _refuse(f"connect to {address!r}")
        return original_connect(self, address)

    def connect_ex(self: socket.socket, address: Any) -> int:
        host = _host_of(address)
        if _checks_inet(self) and host is not None and not _stays_here(host):
            _refuse(f"connect to {address!r}")
        return original_connect_ex(self, address)

    def sendto(self: socket.socket, data: Any, *rest: Any) -> int:
        address = rest[-1] if rest else None
        host = _host_of(address)
        if _checks_inet(self) and host is not None and not _stays_here(host):
            if not (host == MDNS_GROUP and _multicast_on_loopback(self)):
                _refuse(f"send to {address!r}")
        return original_sendto(self, data, *rest)

    def setsockopt(self: socket.socket, level: int, option: int, *value: Any) -> None:
        if (level == socket.IPPROTO_IP and option == socket.IP_ADD_MEMBERSHIP and value
                and isinstance(value[0], bytes) and len(value[0]) >= 8):
            interface = value[0][4:8]
            if interface != LOOPBACK_PACKED:
                _refuse("joining a multicast group on "
                        f"{socket.inet_ntoa(interface) if len(interface) == 4 else interface!r}")
        if (level == socket.IPPROTO_IP and option == socket.IP_MULTICAST_IF and value
                and isinstance(value[0], bytes) and len(value[0]) == 4
                and value[0] != LOOPBACK_PACKED):
            _refuse(f"multicast from {socket.inet_ntoa(value[0])}")
        return original_setsockopt(self, level, option, *value)

    def getaddrinfo(host: Any, *rest: Any, **kwargs: Any) -> Any:
        if isinstance(host, bytes):
            host = host.decode("ascii", "replace")
        if host is not None and host != "" and not _is_loopback(host):
            try:
                ipaddress.ip_address(host)
            except ValueError:
                _refuse(f"resolving the name {host!r} (a DNS query)")
            else:
                pass  # a numeric address is not resolved; connect/bind check it
        return original_getaddrinfo(host, *rest, **kwargs)

    socket.socket.bind = bind  # type: ignore[method-assign]
    socket.socket.connect = connect  # type: ignore[method-assign]
    socket.socket.connect_ex = connect_ex  # type: ignore[method-assign]
    socket.socket.sendto = sendto  # type: ignore[method-assign]
    socket.socket.setsockopt = setsockopt  # type: ignore[method-assign]
    socket.getaddrinfo = getaddrinfo  # type: ignore[assignment]


def take_violations() -> list[str]:
    """What was refused since the last call (and forget it)."""
    taken = violations[:]
    del violations[:]
    return taken

