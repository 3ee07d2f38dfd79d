"""The match of an online seat: the network seat's match scene (game.ui.net.match), playing the
server's game through the same ``NetController`` (the one ``GameSeat`` contract).

What differs is only in words: the log's first line names the server and the room's code, the
outages say "the server" (it keeps the game saved after every move), and leaving says the seat
waits for the same code.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.common.i18n import _
from game.ui.net.match import NetMatchScene
from game.ui.online import words
from game.ui.online.room import spaced

if TYPE_CHECKING:
    from game.ui.core.context import AppContext
    from game.ui.net.outage import Outage
    from game.ui.online.session import OnlineSession


class OnlineMatchScene(NetMatchScene):
    def __init__(self, ctx: AppContext, session: OnlineSession) -> None:
        self.online = session
        super().__init__(ctx, session)

    def where_line(self) -> str:
        code = spaced(self.online.code or "")
        return _("Online at {address} as {name}, room {code}.").format(
            address=self.online.address, name=self.online.name, code=code)

    def refused_line(self, reason: str) -> str:
        return _("The server did not accept that move. Choose again.")

    def current_outage(self, clock: float) -> Outage | None:
        return words.outage(self.online, clock, self.missing_since)

    def leave_line(self) -> str | None:
        if self.ctl.over or self.online.status in ("over", "refused", "gave up"):
            return None
        return _("Your seat waits for you: open Play online and join again with the code "
                 "{code}.").format(code=spaced(self.online.code or ""))
