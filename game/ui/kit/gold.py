"""The gold default: the one button Enter (or Space) presses while no button has the focus.

One rule for every screen and box, so that a player can press Enter without reading first
(written for players in docs/accessibility.md, "The gold button"):

1. It never destroys or gives up anything: Concede, Restart, Discard, Leave are never gold.
2. It never spends a Mindbug unless the hint on the table advises it: without a hint (hints off,
   hot seat, a lesson, before H is pressed) "Let it go" is gold.
3. It never makes a move that loses for nothing (a lone blocker that dies for nothing, a hunt
   that trades), unless that move is advised.
4. What the screen advises comes first: the lesson's instruction, the hint shown, the card the
   player selected, and on the first start the offer of the tutorial.
5. Otherwise the first button that is left (every screen lists its main action first).

When every button is ruled out there is no gold: Enter then waits for a button to get the focus.
Screens describe their buttons with an ``Offer`` each and ask ``choose``; none decides itself.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass


@dataclass(frozen=True)
class Offer:
    """What the gold rule needs to know of one button."""

    destroys: bool = False  # gives up or throws away something (a game, a save, the table)
    spends_mindbug: bool = False  # uses one of the few Mindbugs
    loses: bool = False  # a move that loses a creature or a fight for nothing
    advised: bool = False  # what the screen advises now (a lesson, the hint, the first start)


PLAIN = Offer()
DESTROYS = Offer(destroys=True)
ADVISED = Offer(advised=True)


def allowed(offer: Offer) -> bool:
    """May this button be gold at all (rules 1 to 3)?"""
    if offer.destroys:
        return False
    return offer.advised or not (offer.spends_mindbug or offer.loses)


def choose(offers: Sequence[Offer]) -> int | None:
    """The index of the gold button among ``offers`` (in their order on the screen), or None."""
    candidates = [i for i, offer in enumerate(offers) if allowed(offer)]
    advised = [i for i in candidates if offers[i].advised]
    if advised:
        return advised[0]
    return candidates[0] if candidates else None
