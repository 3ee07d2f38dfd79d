"""The server's part for spectators and dropped seats: the ``browse`` and ``watch`` handlers,
the seats a computer covers once their wait is over, and telling a room's seats and spectators.

A mixin of ``server.Server`` (which keeps the connections, the rooms and the sending): what it
uses of the server is declared below and defined in server.py. The state lives in
``spectate.Spectators`` and ``cover.Covers``; this is only the wiring between them and the
connections.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Hashable
from typing import TYPE_CHECKING, Generic, Protocol, TypeVar

from game.net import protocol as P
from game.server import messages as M
from game.server.config import ServerLimits
from game.server.cover import Covers
from game.server.spectate import Spectators

if TYPE_CHECKING:
    from game.server.room import Room
    from game.server.timekeeper import Timekeeper


class Connection(Hashable, Protocol):
    """What this part reads of a server's connection."""

    key: str | None  # the public key, once logged in


Conn = TypeVar("Conn", bound=Connection)


class Watching(Generic[Conn]):
    rooms: dict[str, Room]
    limits: ServerLimits
    log: logging.Logger
    spectate: Spectators[Conn]
    covers: Covers
    timekeeper: Timekeeper

    if TYPE_CHECKING:  # defined by the server
        def _send(self, session: Conn, message: M.ServerMessage) -> None: ...

        def _refuse(self, session: Conn, code: str, text: str) -> None: ...

        def _logged_in(self, session: Conn) -> str: ...

        def _find_room(self, session: Conn, code: str,
                       match: Callable[[Room], bool] | None = None) -> Room | None: ...

        def _online(self, room: Room) -> set[int]: ...

        def _seated_in(self, room: Room) -> list[tuple[int, Conn]]: ...

        def _drive(self, room: Room) -> None: ...

    def _tell(self, room: Room, message: M.ServerMessage) -> None:
        """Every seat and spectator of ``room`` (the spectators without delay: a drop and its
        countdown are no secret of the table)."""
        for _, session in self._seated_in(room):
            self._send(session, message)
        self.spectate.tell(room, message)

    def _cover_due(self) -> None:
        """Seats whose player did not come back in time: their computer plays them now."""
        for room, seat, message in self.covers.due():
            self.log.info("COVERED room=%s seat=%d level=%s", room.code, seat,
                          message["level"])
            self._tell(room, message)
            self.timekeeper.timing(room)  # the covered seat's decision is no longer timed
            self._drive(room)

    def _on_browse(self, session: Conn, _browse: M.BrowseMessage) -> None:
        if session.key is None:  # seated or watching, a player may still look
            raise P.ProtocolError("log in first", "schema")
        self._send(session, {"t": "games", "games": self.spectate.listing(
            list(self.rooms.values()))})

    def _on_watch(self, session: Conn, watch: M.WatchMessage) -> None:
        self._logged_in(session)
        listed = watch["code"].strip().lower()  # a listed game's id, or an invite code
        room = self._find_room(session, watch["code"], lambda r: r.game_id == listed
                               and r.spectators)
        if room is None:
            return
        if not room.spectators:
            return self._refuse(session, "no_spectators", "that game takes no spectators")
        if room.over:
            return self._refuse(session, "not_running", "that game is over")
        if self.spectate.count(room) >= self.limits.spectators_per_room:
            return self._refuse(session, "busy", "that game has as many spectators as it "
                                "may have")
        self.log.info("WATCH room=%s %r", room.code, session)
        self.spectate.watch(session, room, room.entries(self._online(room)))
        for standing in self.covers.standing(room):
            self._send(session, standing)
