"""A game this window hosts: a ``game.net.host.Host`` on a thread of its own, and this window's
person joining it over loopback like anyone else (so the host stays the one referee, and the
window plays through the same ``NetSession`` as a joined seat).

No pygame. The person here takes seat 0 (it joins first, the moment the host listens); the other
seats are people on other computers (they join with the address and the code) or computers
the host runs.
"""

from __future__ import annotations

import random
import socket
import threading
from pathlib import Path

from game.net.host import Host
from game.net.seats import SeatSpec, new_join_code
from game.ui.net.session import NetSession

DEFAULT_PORT = 5151  # the port the host names; a busy one: any free port (shown either way)


def lan_address() -> str:
    """This computer's address on the local network (what another computer types), or
    127.0.0.1 without one. A UDP socket's connect sends nothing: it only picks the route."""
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
            probe.connect(("192.0.2.1", 9))  # TEST-NET-1: never reached, only routed
            return probe.getsockname()[0]
    except OSError:
        return "127.0.0.1"


class HostedGame:
    def __init__(self, rules: str, others: list[SeatSpec], name: str, store_root: Path | None,
                 *, port: int = DEFAULT_PORT, bind: str = "0.0.0.0") -> None:
        self.code = new_join_code()
        self.lines: list[str] = []
        seats = [SeatSpec(remote=True), *others]
        hosted_root = Path(store_root) / "network" / "hosted" if store_root is not None else None
        seed = random.SystemRandom().randrange(1_000_000)
        self.host = self._host(rules, seed, seats, port, bind, hosted_root)
        self.thread = threading.Thread(target=self.host.run, name="net-host", daemon=True)
        self.thread.start()
        self.session = NetSession("127.0.0.1", self.port, name, self.code, store_root=store_root)
        self.session.hosted = self
        self.session.start()

    def _host(self, rules: str, seed: int, seats: list[SeatSpec], port: int, bind: str,
              root: Path | None) -> Host:
        for wanted in (port, 0):
            host = Host(rules, seed, seats, port=wanted, bind=bind, code=self.code,
                        store_root=root, log=self._log)
            try:
                self.port = host.listen()
                return host
            except OSError:
                host.close()
                if wanted == 0:
                    raise
        raise OSError("no port")  # not reached: the loop returns or raises

    def _log(self, line: str) -> None:
        self.lines.append(line)
        del self.lines[:-200]

    @property
    def address(self) -> str:
        return f"{lan_address()}:{self.port}"

    def stop(self) -> None:
        self.host.stop()
