"""The referee's part every hosted game shares: whether a seat's pick may be answered, and
what a seat is sent after a decision.

The LAN host (``game.net.host``) and the online server (``game.server``) both referee through
these functions, so a pick is refused for the same reasons and a seat sees the same view and
the same masked events whichever of them runs the game.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.engine import option
from game.net import protocol as P
from game.net.viewcodec import encode_event, encode_view, wire_event

if TYPE_CHECKING:
    from game.engine import Option, State
    from game.engine.events import Event

#: A pick refused: (the word a window translates, the English line for logs).
Refusal = tuple[str, str]
ILLEGAL: Refusal = ("illegal", "that option is not offered now")


def public_cards(game: State) -> set[int]:
    """The cards in play before a decision: an event may name them to every seat."""
    return {c for p in game.plays for c in p}


def checked_pick(game: State, started: bool, seat: int | None,
                 pick: P.PickMessage) -> Option | Refusal:
    """The engine option ``seat`` picked, or why it is refused before the engine sees it
    (the engine itself may still refuse the option: then ``ILLEGAL``)."""
    pending = game.pending
    if pending is None:
        return ("over", "the game is over")
    if not started:
        return ("waiting", "the game starts once every seat is taken")
    if pending.seat != seat:
        return ("not_yours", "that decision is not your seat's")
    if pick["serial"] != pending.serial:
        return ("stale", "that decision was already answered")
    try:
        return option(pick["verb"], pick["card"], pick["seat"])
    except (TypeError, ValueError):
        return ILLEGAL


def state_message(game: State, seat: int, events: list[Event], public: set[int],
                  decision_no: int, started: bool) -> P.StateMessage:
    """What ``seat`` is sent after a decision: its own view and the events as it may see them."""
    return {"t": "state", "decision_no": decision_no, "started": started,
            "events": [encode_event(wire_event(e, seat, public)) for e in events],
            "view": encode_view(game.view(seat))}
