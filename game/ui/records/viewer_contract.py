"""What the replay viewer's buttons and boxes (Play from here, Moments, the panel's row) read
of the viewer: game.ui.records.viewer imports them, so they name it by this contract."""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    from game.persist.record import GameRecord
    from game.persist.timeline import Timeline
    from game.ui.core.context import AppContext
    from game.ui.table.hud import LogView


class ReplayViewerLike(Protocol):
    @property
    def ctx(self) -> AppContext: ...

    @property
    def record(self) -> GameRecord: ...

    @property
    def view_seat(self) -> int | None:
        """The seat whose hidden cards the viewer shows (None: every seat's)."""

    @property
    def k(self) -> int:
        """The decision shown: the moment before decision ``k``."""

    @property
    def tl(self) -> Timeline: ...

    @property
    def log_view(self) -> LogView: ...

    def goto(self, k: int, e: int = 0) -> None:
        """Show the game before decision ``k``, then ``e`` of its events."""

    def open_origin(self) -> None: ...
