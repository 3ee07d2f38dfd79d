"""How far this program's sockets may reach: the local network (a player's game), or this
machine alone (every test, bench and CI run).

``MINDBUG_LOOPBACK_ONLY=1`` in the environment is the one switch: the test suite's conftest,
every script under ``bench/`` and ``.ci/run`` set it. Under it a host listens on 127.0.0.1
whatever it was asked, mDNS announces and browses on 127.0.0.1 alone, the address a host shows
is 127.0.0.1, and a client refuses to connect anywhere else. A test machine's network is not
ours to send to. The switch is read at each call, not at import, so a script may set it at
any point before it opens a socket.
"""

from __future__ import annotations

import ipaddress
import os

ENV = "MINDBUG_LOOPBACK_ONLY"
LOOPBACK = "127.0.0.1"


def loopback_only() -> bool:
    return os.environ.get(ENV, "").strip() not in ("", "0")


def bind_address(wanted: str) -> str:
    """The address a listening socket binds: ``wanted``, or loopback under the switch."""
    return LOOPBACK if loopback_only() else wanted


def mdns_interfaces() -> list[str] | None:
    """zeroconf's ``interfaces`` argument: None (every interface) or loopback alone."""
    return [LOOPBACK] if loopback_only() else None


def is_loopback(host: str) -> bool:
    """True for a loopback address or ``localhost`` (a name is not resolved: resolving
    another name could itself send a DNS query off this machine)."""
    if host.lower().rstrip(".") == "localhost":
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


def check_destination(host: str) -> None:
    """Raise ``OSError`` for a destination the switch forbids (the caller reports it as any
    failed connection)."""
    if loopback_only() and not is_loopback(host):
        raise OSError(f"{host} is not on this machine, and this run may reach this machine "
                      f"alone ({ENV} is set)")


def valid_host(host: str) -> bool:
    """Whether ``host`` can be an address to connect to: an IP address, or a name whose labels
    are 1 to 63 letters, digits, hyphens or underscores (after IDNA) and not all numbers.
    "192.168..1" is none: it would end in a UnicodeError deep in the socket library."""
    if not host or len(host) > 253:
        return False
    try:
        ipaddress.ip_address(host)
        return True
    except ValueError:
        pass
    try:
        name = host.encode("idna").decode("ascii")
    except UnicodeError:
        return False
    labels = name[:-1].split(".") if name.endswith(".") else name.split(".")
    return all(0 < len(label) <= 63 and all(c.isalnum() or c in "-_" for c in label)
               for label in labels) and not all(label.isdigit() for label in labels)
