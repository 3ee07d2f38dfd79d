"""A game this window hosts: a ``game.net.host.Host`` on a thread of its own, and this window's
person joining it over loopback like anyone else (so the host stays the one referee, and the
window plays through the same ``NetSession`` as a joined seat).

No pygame. The person here takes seat 0 (it joins first, the moment the host listens); the other
seats are people on other computers (they join with the address and the code) or computers
the host runs. The game waits for the host's Start (``begin``) once every seat is taken.

A hosted game is saved after every decision (the host's save, in ``network/hosted/``); closed
mid-game, it is continued with ``HostedGame.resume``: the same seats rejoin with their tickets
(this window's own ticket is kept next to the save, so it survives a change of port).
"""

from __future__ import annotations

import random
import threading
from pathlib import Path
from tempfile import mkdtemp

from game.engine import Setup
from game.net import discovery
from game.net.discovery import lan_address
from game.net.host import Host
from game.net.saves import HostSave, network_dir, remove_file, write_ticket
from game.net.seats import SeatSpec, clean_name, new_join_code
from game.ui.net.kept import hosted_root
from game.ui.net.session import NetSession

DEFAULT_PORT = 5151  # the port the host names; a busy one: any free port (shown either way)


class HostedGame:
    """``here``: the other people at this screen, seat -> name (their seats are remote seats
    of the host, reserved for them: each plays through a session of its own, over loopback,
    and the match shows them the curtain among themselves)."""

    def __init__(self, rules: str, others: list[SeatSpec], name: str, store_root: Path | None,
                 *, port: int | None = None, bind: str = "0.0.0.0",
                 resume: HostSave | None = None, here: dict[int, str] | None = None,
                 setup: tuple[int, int] = (2, 1)) -> None:
        self.setup = setup  # the 2v2 set-up of a new game (a resumed one keeps its own)
        self.code: str | None = None if resume is not None else new_join_code()
        self.resumed = resume is not None
        self.lines: list[str] = []
        seats = [SeatSpec(remote=True), *others]
        root = hosted_root(store_root)
        self.tickets = network_dir(root) if root is not None else Path(mkdtemp(prefix="mindbug-"))
        seed = random.SystemRandom().randrange(1_000_000)
        port = DEFAULT_PORT if port is None else port  # read now: tests set another
        self.host = self._host(rules, seed, seats, port, bind, root, resume,
                               {0: name, **(here or {})})
        self.thread = threading.Thread(target=self.host.run, name="net-host", daemon=True)
        self.thread.start()
        self.sessions: dict[int, NetSession] = {}
        for seat in sorted(self.here):
            # Only the first person's session keeps the replay in this window's Replays.
            kept = store_root if seat == min(self.here) else self.tickets / f"here-{seat}"
            session = NetSession("127.0.0.1", self.port, self.here[seat], None, store_root=kept)
            session.client.ticket = self._ticket(seat)
            session.hosted = self
            self.sessions[seat] = session
        self.session = self.sessions[min(self.here)]
        for session in self.sessions.values():
            session.start()
        self.announcer: Announcement | None = None if self.resumed else \
            announce(name, rules, len(seats), self.port, self.setup)

    def _ticket(self, seat: int) -> Path:
        """A person here's ticket: by the game, not by the port (a resumed host may get
        another one), kept next to the host's save."""
        return self.tickets / f"own-{self.host.save.game_id}-{seat}.json"

    @property
    def local_seats(self) -> list[int]:
        return sorted(self.sessions)

    @property
    def ready(self) -> bool:
        """Every person here has the game's first state (the match may open)."""
        return all(s.status in ("playing", "over") and s.states for s in self.sessions.values())

    def announce_seats(self) -> None:
        """Keep the announcement's free seats true; withdraw it once the game has begun."""
        if self.announcer is not None and self.announcer.failed:
            self.announcer = None  # the lobby no longer says that other computers find it
        if self.announcer is None:
            return
        seats = self.session.seats
        if self.session.status in ("playing", "over") or self.host.closed:
            self._withdraw()
        elif seats:
            self.announcer.update(sum(1 for s in seats if not s["taken"]))

    @classmethod
    def resume(cls, save: HostSave, store_root: Path | None) -> HostedGame:
        # On its own port again (the clients' tickets are kept by address); the usual one for
        # a save of an earlier version.
        return cls(save.record.rules, [], save.seats[0].name, store_root, port=save.port,
                   resume=save)

    def _host(self, rules: str, seed: int, seats: list[SeatSpec], port: int, bind: str,
              root: Path | None, resume: HostSave | None, here: dict[int, str]) -> Host:
        for wanted in (port, 0):

            host = Host(rules, seed, seats, port=wanted, bind=bind, code=self.code,
                        store_root=root, log=self._log, resume=resume, hold=True,
                        setup=None if resume is not None else Setup(*self.setup))
            self.host = host
            if resume is not None:  # the people here are those whose tickets were kept here
                self.here = {i: s.name for i, s in enumerate(host.seats)
                             if s.remote and self._ticket(i).is_file()}
            else:
                self.here = {i: clean_name(who, f"Player {i + 1}") for i, who in here.items()
                             if 0 <= i < len(seats) and seats[i].remote}
                for i, who in self.here.items():
                    write_ticket(self._ticket(i), host.save.game_id, i, host.reserve(i, who),
                                 host.fingerprint)
            if not self.here:
                host.close()
                raise OSError("this game's seats were not kept on this computer")
            try:
                self.port = host.listen()
                return host
            except OSError:
                host.close()
                if resume is None and host.save.path is not None:
                    # a new game that never listened leaves nothing behind
                    remove_file(host.save.path)
                    for i in self.here:
                        remove_file(self._ticket(i))
                if wanted == 0:
                    raise
        raise OSError("no port")  # not reached: the loop returns or raises

    def _log(self, line: str) -> None:
        self.lines.append(line)
        del self.lines[:-200]

    @property
    def address(self) -> str:
        return f"{lan_address()}:{self.port}"

    @property
    def can_start(self) -> bool:
        """Every network seat is taken by someone connected now (the Start button)."""
        seats = self.session.seats
        return bool(seats) and all(s["taken"] and s["connected"] for s in seats)

    def begin(self) -> None:
        if self.can_start:
            self.host.begin()

    def stop(self) -> None:
        for session in self.sessions.values():
            session.client.stop()
        self.host.stop()
        self._withdraw()

    def _withdraw(self) -> None:
        """Take the announcement off the network (once: the next call finds none)."""
        announcer, self.announcer = self.announcer, None
        if announcer is not None:
            announcer.close()


def announce(name: str, rules: str, seats: int, port: int,
             setup: tuple[int, int] = (2, 1)) -> Announcement | None:
    """Announce the game on the local network when zeroconf is installed (None otherwise): on a
    worker thread, as browsing is, since zeroconf takes about 2 s to register a name."""
    if not discovery.available():
        return None
    return Announcement(name, rules, seats, port, setup)


class Announcement:
    """A game's mDNS announcement kept by a worker thread: registering (zeroconf probes the name
    first, ~2 s), updating and withdrawing it (~0.25 s) never wait on the window's thread.
    ``failed`` once the network refused it (no multicast here, or the library did): the address
    on the host's screen always works."""

    def __init__(self, name: str, rules: str, seats: int, port: int,
                 setup: tuple[int, int] = (2, 1)) -> None:
        self.failed = False
        self.setup = setup
        self._free: int | None = None  # the free seats to announce next (None: unchanged)
        self._asked = seats - 1  # the last free seats asked for (the lobby asks every frame)
        self._closed = False
        self._wake = threading.Condition()
        self.thread = threading.Thread(target=self._run, args=(name, rules, seats, port),
                                       name="net-announce", daemon=True)
        self.thread.start()

    def update(self, free: int) -> None:
        if free == self._asked:
            return
        self._asked = free
        with self._wake:
            self._free = free
            self._wake.notify()

    def close(self) -> None:
        """Withdraw it (the worker does, at once or as soon as the registration is done)."""
        with self._wake:
            self._closed = True
            self._wake.notify()

    def _run(self, name: str, rules: str, seats: int, port: int) -> None:
        try:
            announcer = discovery.Announcer(name, rules, seats, port, lan_address(),
                                            setup=self.setup)
        except Exception:  # no multicast here, or the library refused: typed addresses only
            self.failed = True
            return
        try:
            while True:
                with self._wake:
                    while not self._closed and self._free is None:
                        self._wake.wait()
                    if self._closed:
                        return
                    free, self._free = self._free, None
                if free is not None:
                    announcer.update(free)
        except Exception:
            self.failed = True
        finally:
            try:
                announcer.close()
            except Exception:
                pass
