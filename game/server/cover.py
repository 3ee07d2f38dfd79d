"""Drops covered by the computer: a player whose connection drops in a running game has their
seat kept for them ``wait`` seconds (60 by default, ``ServerLimits.cover_after``); then a
computer at the level they chose plays it, through the engine's decisions as any computer seat
(``Room.computer_turn``, ``game.net.players.decide``), until they come back with their key and
take it over. The other seats and the spectators are told each step (``cover`` messages: the
seconds left, the level).

**The level**: the player's choice when they make or join the room; the server's default is
Easy. Easy decides in about 1.6 ms of CPU, Medium in about 4.7 ms (measured over 246 decisions
of six random 1v1 games), and the server runs every computer of every room on two worker
threads: a covered seat is a stop-gap for a player who will likely come back, and the cheap
level keeps a server with many drops at once answering everyone's picks on time. In a ranked
room the computer is Easy at most (Random or Easy as asked): a player must not gain rating by
dropping on purpose and letting a stronger computer play for them.

**Time**: the desk reads its own ``clock`` (``time.monotonic``), so a test moves it instead of
waiting a minute of wall time. The server asks ``due()`` on each sweep.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from typing import TYPE_CHECKING

from game.net import protocol as P

if TYPE_CHECKING:
    from game.server import messages as M
    from game.server.room import Room

#: The level of the computer covering a seat when its player named none.
DEFAULT_LEVEL = "easy"
#: The strongest level that may cover a seat in a ranked room.
RANKED_LEVELS = ("random", "easy")


def cover_level(asked: str | None, ranked: bool) -> str:
    """The level that plays a seat whose player asked for ``asked`` (None: no wish)."""
    level = asked if asked in P.LEVELS else DEFAULT_LEVEL
    if ranked and level not in RANKED_LEVELS:
        return DEFAULT_LEVEL
    return level


class Covers:
    """The seats whose players dropped: when each drop happened, and which are due."""

    def __init__(self, wait: float, clock: Callable[[], float] = time.monotonic) -> None:
        self.wait = wait
        self.clock = clock
        self.dropped: dict[tuple[str, int], tuple[Room, float]] = {}  # (code, seat) -> since

    def level(self, room: Room, seat: int) -> str:
        return room.cover_levels.get(seat, DEFAULT_LEVEL)

    def drop(self, room: Room, seat: int) -> M.CoverMessage | None:
        """The seat's player dropped from a running game: the message for the others (None:
        nothing to cover, the game has not begun or is over, or the seat is covered already)."""
        key = (room.code, seat)
        if not room.started or room.over or key in self.dropped or seat in room.covered:
            return None
        self.dropped[key] = (room, self.clock())
        return self.message(room, seat)

    def due(self) -> list[tuple[Room, int, M.CoverMessage]]:
        """The seats whose wait is over, now covered by their computer, and what to tell."""
        now = self.clock()
        out = []
        for key, (room, since) in list(self.dropped.items()):
            if room.over:
                del self.dropped[key]
            elif now - since >= self.wait:
                del self.dropped[key]
                seat = key[1]
                room.covered[seat] = self.level(room, seat)
                out.append((room, seat, self.message(room, seat)))
        return out

    def back(self, room: Room, seat: int) -> M.CoverMessage | None:
        """The seat's player is back: the computer stops (the message; None if it was not
        waiting or covered)."""
        waited = self.dropped.pop((room.code, seat), None)
        covered = room.covered.pop(seat, None)
        if waited is None and covered is None:
            return None
        return {"t": "cover", "seat": seat, "state": "back", "seconds": 0,
                "level": self.level(room, seat)}

    def message(self, room: Room, seat: int) -> M.CoverMessage:
        """Where the seat stands now: waiting (with the seconds left) or covered."""
        if seat in room.covered:
            return {"t": "cover", "seat": seat, "state": "computer", "seconds": 0,
                    "level": room.covered[seat]}
        _room, since = self.dropped[(room.code, seat)]
        left = max(0, math.ceil(self.wait - (self.clock() - since)))
        return {"t": "cover", "seat": seat, "state": "waiting", "seconds": left,
                "level": self.level(room, seat)}

    def standing(self, room: Room) -> list[M.CoverMessage]:
        """Every seat of ``room`` waiting or covered now (for someone who just came in)."""
        seats = {seat for code, seat in self.dropped if code == room.code} | set(room.covered)
        return [self.message(room, seat) for seat in sorted(seats)]

    def forget(self, room: Room) -> None:
        for key in [k for k in self.dropped if k[0] == room.code]:
            del self.dropped[key]
