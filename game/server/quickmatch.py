"""The server's quick-match desk and leaderboard: what ``quick``, ``cancel`` and ``leaders``
ask of the server (game.server.matchmaking holds the queue and its rules).

The queue's calls may wait (a queue shared by processes lives elsewhere): each request is a
task under ``queue_lock``, so a player's quick, cancel and close are done and answered in the
order they came. The server's beat pairs the queue and seats each pair of this process in a
new ranked, timed 1v1 room, and tells everyone still waiting how long they have waited every
``QUEUE_NOTICE`` seconds.
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections import deque
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from game.net import protocol as P
from game.net.seats import new_join_code, normal_code
from game.server import messages as M
from game.server.glicko import Rating
from game.server.identity import player_id
from game.server.matchmaking import LocalQueue, MatchQueue, QueueError, Ticket, window
from game.server.room import Room
from game.server.seams import Connection, ServerCore

if TYPE_CHECKING:
    from game.server.cluster import Cluster

#: How often a player waiting for a quick match is told how long it has waited (seconds).
QUEUE_NOTICE = 5.0
#: A key is sent the leaderboard at most once in this many seconds (its place is a count
#: over every player: store.standing).
LEADERS_EVERY = 1.0


class QuickMatchDesk:
    def __init__(self, server: ServerCore, queue: MatchQueue | None = None) -> None:
        self.server = server
        limits = server.limits
        self.cluster: Cluster | None = None  # several processes share the queue (join_cluster)
        self.queue: MatchQueue = queue or LocalQueue(
            max_tickets=limits.max_connections, max_per_address=limits.queue_per_address)
        self.queue_lock = asyncio.Lock()  # the queue's calls in the order they were asked
        self.queued: dict[str, tuple[Connection, Ticket]] = {}  # keys of this process waiting
        self.queue_told: dict[str, int] = {}  # the last notice sent, in QUEUE_NOTICE steps
        self.quick_joins: dict[str, deque[float]] = {}  # per key, the last minute's
        self.leaders_asked: dict[str, float] = {}  # per key, when it last had the board

    def on_quick(self, session: Connection, quick: M.QuickMessage) -> None:
        if session.key is None:
            raise P.ProtocolError("log in first", "schema")
        self.server._spawn(self._in_turn(self._join_queue(session, quick["rules"])))

    def on_cancel(self, session: Connection, _cancel: M.CancelMessage) -> None:
        self.server._spawn(self._in_turn(self._leave_queue(session, tell=True)))

    def on_close(self, session: Connection) -> None:
        """A connection closed: its ticket, if it waits, leaves the queue."""
        if session.key is not None and self.queued.get(session.key, (None,))[0] is session:
            self.server._spawn(self._in_turn(self._leave_queue(session, tell=False)))

    def waits(self, session: Connection) -> bool:
        """This connection waits for a quick match."""
        return session.key is not None \
            and self.queued.get(session.key, (None,))[0] is session

    def beat(self, now: float) -> None:
        """The server's beat: pair the queue when someone here waits."""
        if self.queued:
            self.server._spawn(self._match(now))

    async def _in_turn(self, request: Any) -> None:  # Any: a queue request's coroutine
        async with self.queue_lock:
            await request

    async def _join_queue(self, session: Connection, rules: str) -> None:
        key = session.key
        assert key is not None
        if session.closed:
            return
        if session.room is not None:
            return self.server._error(session, "seated", "this connection sits in a room already")
        if key in self.queued:  # on this connection or another
            return self.server._error(session, "queued", "you are waiting for a match already")
        now = time.monotonic()
        if len(self.quick_joins) > 4 * self.server.limits.max_connections:
            self.quick_joins = {k: j for k, j in self.quick_joins.items()
                                if j and now - j[-1] <= 60}
        joins = self.quick_joins.setdefault(key, deque())
        while joins and now - joins[0] > 60:
            joins.popleft()
        if len(joins) >= self.server.limits.quick_per_minute:
            return self.server._error(session, "queue_wait", "you joined the queue too often: try "
                               "again in a minute")
        ticket = Ticket(key, self.server.store.rating(key).rating, now, session.address, rules,
                        self.cluster.id if self.cluster is not None else "")
        try:
            await self.queue.join(ticket)
        except QueueError as exc:
            return self.server._error(session, exc.code, str(exc))
        joins.append(now)
        self.queued[key] = (session, ticket)
        self.queue_told[key] = 0
        self.server.log.info("QUEUED %r rating=%d", session, round(ticket.rating))
        self.server._send(session, {"t": "queued", "waited": 0, "window": round(window(0)),
                             "waiting": await self.queue.size()})

    async def _leave_queue(self, session: Connection, tell: bool) -> None:
        key = session.key
        entry = self.queued.get(key) if key is not None else None
        if key is None or entry is None or entry[0] is not session:
            if tell:
                self.server._error(session, "not_queued", "you are not waiting for a match")
            return
        del self.queued[key]
        self.queue_told.pop(key, None)
        await self.queue.cancel(key)
        waited = max(0, int(time.monotonic() - entry[1].joined))
        self.server.log.info("UNQUEUED %r after %d s", session, waited)
        if tell:
            self.server._send(session, {"t": "cancelled", "waited": waited})

    async def _match(self, now: float) -> None:
        """Pair the queue; seat each pair of this process in a new ranked, timed 1v1 room."""
        if self.queue_lock.locked():
            return  # the last beat's pairing is still under way
        async with self.queue_lock:
            matches = await self.queue.pair(now)
            for match in matches:
                sessions = [self.queued.get(t.key, (None,))[0] for t in match.tickets]
                away = [t for t, s in zip(match.tickets, sessions) if s is None
                        and self.cluster is not None and t.home not in ("", self.cluster.id)]
                if len(away) == 1 and all(s is None or not s.closed and s.room is None
                                          for s in sessions):
                    await self._seat_across(match.tickets, sessions, away[0])
                    continue
                if any(s is None or s.closed or s.room is not None for s in sessions):
                    for ticket, s in zip(match.tickets, sessions):  # the other waits on
                        if ticket in away:  # another process's player: back in the queue
                            with contextlib.suppress(QueueError):
                                await self.queue.join(ticket)
                        elif s is not None and not s.closed and s.room is None:
                            try:
                                await self.queue.join(ticket)
                            except QueueError as exc:
                                self.queued.pop(ticket.key, None)
                                self.server._error(s, exc.code, str(exc))
                    continue
                for ticket in match.tickets:
                    del self.queued[ticket.key]
                    self.queue_told.pop(ticket.key, None)
                room = self._new_room(match.tickets)
                if self.cluster is not None:  # findable by its code (a seat coming back)
                    await self.cluster.register(room.code)
                for s in sessions:
                    assert s is not None
                    self.server._sit(s, room)
            waiting = await self.queue.size() if self.queued else 0
        for key, (session, ticket) in list(self.queued.items()):
            waited = max(0.0, now - ticket.joined)
            step = int(waited // QUEUE_NOTICE)
            if step > self.queue_told.get(key, 0):
                self.queue_told[key] = step
                self.server._send(session, {"t": "queued", "waited": int(waited),
                                     "window": round(window(waited)), "waiting": waiting})

    def _new_room(self, tickets: tuple[Ticket, Ticket]) -> Room:
        """A new ranked, timed 1v1 room for a pair."""
        code = new_join_code()
        while code in self.server.rooms:
            code = new_join_code()
        room = Room.new(code, "1v1", True, ["person", "person"], self.server.db, timed=True)
        self.server.rooms[code] = room
        self.server.log.info("MATCHED room=%s %s", code,
                             " v ".join(str(round(t.rating)) for t in tickets))
        return room

    # --- several processes (game.server.cluster) ---------------------------------------------
    async def join_cluster(self, cluster: Cluster) -> None:
        """Share the cluster's queue from now on, and take the players it hands over."""
        self.cluster, self.queue = cluster, cluster.queue
        await cluster.listen(self.moved)

    async def _seat_across(self, tickets: tuple[Ticket, Ticket],
                           sessions: list[Connection | None], away: Ticket) -> None:
        """A pair one of whose players waits on another process: the room is made here, this
        process's player seated, the other handed over (told ``moved`` by its process)."""
        assert self.cluster is not None
        for ticket, s in zip(tickets, sessions):
            if s is not None:
                del self.queued[ticket.key]
                self.queue_told.pop(ticket.key, None)
        room = self._new_room(tickets)
        await self.cluster.register(room.code)  # before the other player comes to join it
        for s in sessions:
            if s is not None:
                self.server._sit(s, room)
        await self.cluster.hand_over(away.home, away.key, room.code)

    async def registered(self, room: Room, then: Callable[[], None]) -> None:
        """A new room made findable by its code from the other processes, then ``then`` (the
        creator seated: told the code only once every process can find it)."""
        if self.cluster is not None:
            await self.cluster.register(room.code)
        then()

    def released(self, room: Room) -> None:
        if self.cluster is not None:
            self.server._spawn(self.cluster.release(room.code))

    async def join_elsewhere(self, session: Connection, join: M.JoinMessage) -> None:
        """A code this process has no room of: sent to the process that has it, else
        refused here as any wrong code."""
        assert self.cluster is not None
        found = await self.cluster.where(normal_code(join["code"]))
        if found is not None and found[0] != self.cluster.id and not session.closed:
            _process, host, port = found
            self.server.log.info("MOVED %r to room=%s at %s:%d", session, join["code"], host, port)
            self.server._send(session, {"t": "moved", "code": normal_code(join["code"]),
                                        "host": host, "port": port})
        elif not session.closed:
            self.server._join_here(session, join)

    def moved(self, key: str, code: str, host: str, port: int) -> None:
        """Another process seated this process's waiting player ``key``: send it there."""
        entry = self.queued.pop(key, None)
        self.queue_told.pop(key, None)
        if entry is not None and not entry[0].closed:
            self.server.log.info("MOVED %r to room=%s at %s:%d", entry[0], code, host, port)
            self.server._send(entry[0], {"t": "moved", "code": code, "host": host, "port": port})

    # --- the leaderboard ----------------------------------------------------------------------
    def on_leaders(self, session: Connection, leaders: M.LeadersMessage) -> None:
        if session.key is None:
            raise P.ProtocolError("log in first", "schema")
        now = time.monotonic()
        if now - self.leaders_asked.get(session.key, -LEADERS_EVERY) < LEADERS_EVERY:
            return self.server._error(session, "leaders_wait", "the leaderboard was sent a "
                                      "moment ago: ask again in a second")
        self.leaders_asked[session.key] = now
        if len(self.leaders_asked) > 4 * self.server.limits.max_connections:
            self.leaders_asked = {k: t for k, t in self.leaders_asked.items()
                                  if now - t < LEADERS_EVERY}
        top = [_leader_entry(i + 1, key, name, rating, games) for i, (key, name, rating,
               games) in enumerate(self.server.store.leaders(leaders["count"]))]
        standing = self.server.store.standing(session.key)
        you = None
        if standing is not None:
            rank, mine, games = standing
            you = _leader_entry(rank, session.key, session.name, mine, games)
        self.server._send(session, {"t": "leaderboard", "top": top, "you": you})


def _leader_entry(rank: int, key: str, name: str, rating: Rating,
                  games: int) -> M.LeaderEntry:
    return {"rank": rank, "player": player_id(key), "name": name[:P.MAX_NAME],
            "rating": round(rating.rating), "rd": round(rating.rd),
            "score": round(rating.conservative), "games": games}

