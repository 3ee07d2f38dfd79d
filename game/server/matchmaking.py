"""Quick match: one queue of players waiting for a ranked 1v1, paired by rating.

The server speaks to the queue through ``MatchQueue`` (a Protocol of coroutines), so a queue
shared by several server processes (Redis, issue 46's deliverable 7) can stand in for
``LocalQueue``, this process's own. A ticket is one key waiting; ``pair`` is called on the
server's beat and takes the pairs out of the queue.

The window (how far apart two ratings may be) widens while a player waits:
``WINDOW_START`` +- 100 at first, ``WINDOW_STEP`` 50 more every ``WINDOW_EVERY`` 10 s, at most
``WINDOW_MAX`` 1000 (reached after 3 minutes). Why these numbers: a rating 100 apart is an
expected score of 0.64 to 0.36, a game either side can win, and about two RDs of a settled
Glicko-2 player (RD 50 or so), so a fresh pair within it is no worse than two "equal" players
whose ratings are not known better than that. Widening by 50 each 10 s reaches +-400 (0.91 to
0.09: a lesson, not a game) after a minute, when most players would rather play than go on
waiting; beyond 1000 apart (0.997) a game tells nothing and is no fun for either, so the
window stops there. Two tickets pair only when each is within the other's window (the
narrower decides): a player who has just come is not handed a mismatch because someone else
has waited long. Of the candidates, the closest in rating is taken; the longest waiting are
served first.
"""

from __future__ import annotations

import bisect
from dataclasses import dataclass
from typing import Protocol

WINDOW_START = 100.0
WINDOW_STEP = 50.0
WINDOW_EVERY = 10.0
WINDOW_MAX = 1000.0


class QueueError(Exception):
    """A ticket the queue will not take (``code``: one word; ``str``: one line)."""

    def __init__(self, code: str, text: str) -> None:
        super().__init__(text)
        self.code = code


@dataclass(frozen=True)
class Ticket:
    """One player waiting: their key, the rating they are matched by, since when (the
    server's monotonic clock, seconds) and the address they came from (for its limit)."""

    key: str
    rating: float
    joined: float
    address: str = ""
    rules: str = "1v1"
    home: str = ""  # the server process the player waits on (game.server.cluster): "" one


@dataclass(frozen=True)
class Match:
    """Two tickets paired, the longer waiting first (it takes seat 0)."""

    tickets: tuple[Ticket, Ticket]


def window(waited: float) -> float:
    """How far from a player's rating an opponent may be after ``waited`` seconds."""
    steps = int(max(waited, 0.0) // WINDOW_EVERY)
    return min(WINDOW_START + WINDOW_STEP * steps, WINDOW_MAX)


class MatchQueue(Protocol):
    """The one quick-match queue, wherever it lives. Every method is a coroutine so that a
    queue across processes may await its store; each is atomic as seen by the others."""

    async def join(self, ticket: Ticket) -> None:
        """Queue ``ticket``; QueueError ("queued") if its key waits already, ("busy") if
        the queue or the ticket's address has no room for it."""

    async def cancel(self, key: str) -> Ticket | None:
        """Take the key's ticket out (None: it was not waiting, or is paired already)."""

    async def waiting(self, key: str) -> Ticket | None:
        """The key's ticket while it waits."""

    async def size(self) -> int:
        """How many tickets wait."""

    async def pair(self, now: float) -> list[Match]:
        """Every pair the windows allow at ``now``, taken out of the queue."""


class LocalQueue:
    """``MatchQueue`` in this process: tickets by key, paired by a sweep over them sorted by
    rating (each ticket looks outwards from its place only as far as its window reaches)."""

    def __init__(self, max_tickets: int = 10_000, max_per_address: int = 8) -> None:
        self.max_tickets = max_tickets
        self.max_per_address = max_per_address
        self._tickets: dict[str, Ticket] = {}
        self._per_address: dict[str, int] = {}

    async def join(self, ticket: Ticket) -> None:
        if ticket.key in self._tickets:
            raise QueueError("queued", "you are waiting for a match already")
        if len(self._tickets) >= self.max_tickets:
            raise QueueError("busy", "the queue is full now: try again in a minute")
        if self._per_address.get(ticket.address, 0) >= self.max_per_address:
            raise QueueError("busy", "too many players from this address are waiting")
        self._tickets[ticket.key] = ticket
        self._per_address[ticket.address] = self._per_address.get(ticket.address, 0) + 1

    async def cancel(self, key: str) -> Ticket | None:
        ticket = self._tickets.pop(key, None)
        if ticket is not None:
            left = self._per_address[ticket.address] - 1
            if left:
                self._per_address[ticket.address] = left
            else:
                del self._per_address[ticket.address]
        return ticket

    async def waiting(self, key: str) -> Ticket | None:
        return self._tickets.get(key)

    async def size(self) -> int:
        return len(self._tickets)

    async def pair(self, now: float) -> list[Match]:
        order = sorted(self._tickets.values(), key=_place)  # by rating; a pair leaves it
        places = [_place(t) for t in order]
        matches: list[Match] = []
        for ticket in sorted(self._tickets.values(), key=lambda t: (t.joined, t.key)):
            at = bisect.bisect_left(places, _place(ticket))
            if at == len(places) or places[at] != _place(ticket):
                continue  # paired already, as another's best
            best = _nearest(order, at, now)
            if best is None:
                continue
            matches.append(Match((ticket, order[best])))
            for gone in sorted((at, best), reverse=True):
                del order[gone], places[gone]
        for match in matches:
            for ticket in match.tickets:
                await self.cancel(ticket.key)
        return matches


def _place(ticket: Ticket) -> tuple[float, float, str]:
    return ticket.rating, ticket.joined, ticket.key


def _nearest(order: list[Ticket], at: int, now: float) -> int | None:
    """The index of the closest ticket to ``order[at]`` in rating that each window allows:
    looking outwards from ``at``, nearer first, no further than its own window reaches."""
    ticket = order[at]
    reach = window(now - ticket.joined)
    left, right = at - 1, at + 1
    while True:
        gaps = []
        if left >= 0:
            gaps.append((ticket.rating - order[left].rating, left))
        if right < len(order):
            gaps.append((order[right].rating - ticket.rating, right))
        if not gaps:
            return None
        gap, index = min(gaps)
        if gap > reach:
            return None
        other = order[index]
        if other.rules == ticket.rules and gap <= window(now - other.joined):
            return index
        if index == left:
            left -= 1
        else:
            right += 1
