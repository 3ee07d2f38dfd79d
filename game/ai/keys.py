"""Observable keys for options: what the search files its statistics under.

Card ids are physical cards; in a determinized world a hidden card's id says which copy the
sample dealt, which the acting seat cannot know. So the search keys an option by what a player
at the table sees: the verb, the card's name, and where relevant whose creature it is and
whether it is exhausted (the distinctions the engine's labels make too). Two options with the
same key in one state are interchangeable copies.
"""

from __future__ import annotations

from typing import Any

State = Any
Option = Any
Key = tuple


class KeyMaker:
    """Builds option keys, caching card names by card id (ids are fixed for a whole game)."""

    def __init__(self) -> None:
        self._names: dict[int, str] = {}

    def name(self, state: State, cid: int) -> str:
        name = self._names.get(cid)
        if name is None:
            name = self._names[cid] = state.card(cid).name
        return name

    def key(self, state: State, option: Option) -> Key:
        cid = option.card
        verb = option.verb
        if cid is None:
            return (verb, option.seat)
        name = self._names.get(cid)
        if name is None:
            name = self._names[cid] = state.card(cid).name
        if verb == "play" or verb == "resolve":
            # Cards in the acting seat's own hand, or triggers it orders: the name says it all.
            return (verb, name)
        if verb == "attack" or verb == "block":
            # Always the acting seat's own creature; copies differ only by exhaustion.
            return (verb, name, cid in state.exhausted)
        # hunt / choose: creatures of any side, or cards in a hand or a discard pile.
        return (verb, name, state.controller(cid), cid in state.exhausted)
