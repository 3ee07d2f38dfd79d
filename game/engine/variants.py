"""A game's set-up beyond its rules: the 2v2 variant's Mindbugs per player and deck.

The 2v2 text recommends 2 Mindbugs per player, says the game "also works with 1 Mindbug per
player if you only have one Base Set", and that owners of two copies "should shuffle both decks
together". Both are 2v2 set-ups: a 1v1 game is played as the base rules say (one set, two
Mindbugs each), so anything else is refused there.
"""

from __future__ import annotations

from typing import NamedTuple

from .errors import SetupError

MINDBUG_CHOICES = (2, 1)  # the recommended count first
SET_CHOICES = (1, 2)


class Setup(NamedTuple):
    """Mindbugs each player starts with, and how many First Contact sets are shuffled into the
    deck (2: every card's copies doubled, 96 cards)."""

    mindbugs: int = 2
    sets: int = 1

    @property
    def is_default(self) -> bool:
        return self == DEFAULT_SETUP


DEFAULT_SETUP = Setup()


def check_setup(rules: str, setup: object) -> Setup:  # a driver's value, checked here
    """The set-up itself, or SetupError saying plainly what is wrong with it."""
    if type(setup) is not Setup:
        raise SetupError(f"the set-up must be a Setup(mindbugs, sets), not {setup!r}")
    if type(setup.mindbugs) is not int or setup.mindbugs not in MINDBUG_CHOICES:
        raise SetupError(f"Mindbugs per player must be 1 or 2, not {setup.mindbugs!r}")
    if type(setup.sets) is not int or setup.sets not in SET_CHOICES:
        raise SetupError(f"the deck must be 1 or 2 sets, not {setup.sets!r}")
    if rules != "2v2" and setup != DEFAULT_SETUP:
        raise SetupError(
            "1 Mindbug per player and two sets shuffled together are 2v2 set-ups; "
            f"{rules} is played with one set and 2 Mindbugs each"
        )
    return setup
