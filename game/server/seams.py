"""What the quick-match desk and the timekeeper use of the server and of a connection, as
Protocols: they live in modules of their own (game.server.quickmatch, game.server.timekeeper)
without importing game.server.server, which imports them."""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    from game.engine import CardDB, Option
    from game.server import messages as M
    from game.server.config import ServerLimits
    from game.server.room import Room
    from game.server.store import ServerStore


class Connection(Protocol):
    """One logged-in connection (server.Session)."""

    key: str | None
    name: str
    address: str
    closed: bool
    room: Room | None


class ServerCore(Protocol):
    """The server's parts the desk and the timekeeper call. A session is typed Any here:
    the server's own methods take its Session, which is a Connection."""

    limits: ServerLimits
    store: ServerStore
    rooms: dict[str, Room]
    db: CardDB
    log: logging.Logger

    def _spawn(self, coroutine: Any) -> None: ...  # Any: a coroutine of any result

    def _send(self, session: Any, message: M.ServerMessage) -> None: ...

    def _error(self, session: Any, code: str, text: str) -> None: ...

    def _sit(self, session: Any, room: Room) -> None: ...

    def _join_here(self, session: Any, join: M.JoinMessage) -> None: ...

    def _seated_in(self, room: Room) -> list[tuple[int, Any]]: ...

    def _apply(self, room: Room, option: Option) -> None: ...
