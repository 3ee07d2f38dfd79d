"""What the window says of an online game, in a player's words: the server's refusals, why a
room could not be made or joined, and the outages of a game under way (the server gone, an
opponent dropped), each as game.ui.net.outage's ``Outage`` so the match draws them in the same
box.

The client's own lines (English, for logs) are never shown: each refusal has its sentence here.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from game.common import i18n
from game.common.i18n import N_, _, ngettext
from game.net.client import RECONNECTING
from game.ui.net import outage as net_outage
from game.ui.net.outage import GAVE_UP, HOST_GONE, PLAYER_GONE, Outage

if TYPE_CHECKING:
    from game.ui.net.session import SeatSession

#: The server's refusals (its ``code``), as a player reads them.
REFUSALS = {
    "code": N_("No room has that code. Check the code with the person who made the room: it "
               "has six letters and digits."),
    "code_wait": N_("Too many wrong codes were tried from this computer: wait a minute, then "
                    "try again."),
    "full": N_("Every seat of that room is taken."),
    "room": N_("The server cannot make that room."),
    "busy": N_("The server has too many rooms now, or you have made three rooms nobody "
               "joined yet: try again in a few minutes."),
    "version": N_("The server plays another version of the game: both need the same version."),
    "cards": N_("The server plays with other card data: both need the same version of the "
                "game."),
    "key": N_("The server did not accept this computer's player key."),
    "restart": N_("The server is restarting: try again in a minute."),
}


def no_online_play() -> str:
    return _("This copy of the game cannot play online.")


def room_ended() -> str:
    return _("The connection to the server ended before the game began. Try again in a "
             "moment.")


def failure_line(kind: str, address: str) -> str:
    """Why the room could not be made or joined (``OnlineSession.failure``'s kind)."""
    if kind == "unreachable":
        return _("The server at {address} cannot be reached. Check the address and that the "
                 "server is running, then try again.").format(address=address)
    if kind == "pin":
        return _("The server at {address} shows another certificate than the one it showed "
                 "before: it may not be the same server. Nothing was sent to it.").format(
            address=address)
    words = REFUSALS.get(kind)
    if words:
        return _(words)
    return _("The server refused.")


def seat_line(entry: Mapping[str, object], mine: bool) -> str:
    """One seat of the room as the waiting screen lists it."""
    name = i18n.display_name(str(entry.get("name", "")))
    if entry.get("kind") == "computer":
        level = i18n.LEVEL_NAMES.get(str(entry.get("level")), "")
        return _("Computer ({level})").format(level=_(level)) if level else _("Computer")
    if mine:
        return _("{name} (you)").format(name=name)
    if not entry.get("taken"):
        return _("Free seat")
    if not entry.get("connected"):
        return _("{name} (connection lost)").format(name=name)
    return name


def outage(session: SeatSession, now: float, dropped: Mapping[str, float]) -> Outage | None:
    """The online game's trouble now: this window lost the server (input off), it gave up, or
    another player dropped; None while the game simply goes on."""
    status = session.status
    if status == RECONNECTING:
        left = net_outage.countdown(net_outage.seconds_left(session, now))
        return Outage(HOST_GONE, _("Lost the connection to the server"), (
            _("The server keeps the game saved after every move."),
            _("Trying to reconnect: {time} left.").format(time=left),
            _("Nothing can be played until the game goes on."),
        ))
    if status == "refused":  # back on a server that refused the seat: it cannot go on here
        return Outage(GAVE_UP, _("The game cannot go on here"), (
            failure_line(session.client.refusal_code, session.address),))
    if status == "gave up":
        return Outage(GAVE_UP, _("The server did not come back"), (
            _("The server keeps the game saved after every move."),
            _("When it is back, open Play online and join with the same code: your seat "
              "waits for you."),
        ))
    missing = session.client.missing if status == "playing" else []
    if not missing:
        return None
    names = ", ".join(i18n.display_name(name) for name in missing)
    title = ngettext("{players} lost the connection", "{players} lost the connection",
                     len(missing)).format(players=names)
    since = min((dropped[name] for name in missing if name in dropped), default=now)
    waited = net_outage.countdown(max(0, int(now - since)))
    wait = ngettext("The game waits for {players} to come back: {time}.",
                    "The game waits for them to come back: {time}.", len(missing)).format(
        players=names, time=waited)
    back = ngettext("{players} can come back with the room's code.",
                    "They can come back with the room's code.", len(missing)).format(
        players=names)
    return Outage(PLAYER_GONE, title, (wait, back, _(
        "The server keeps the game saved: you may wait, or leave and join again later with "
        "the same code.")))
