"""Observable keys for options: what the search files its statistics under.

Card ids are physical cards; in a determinized world a hidden card's id says which copy the
sample dealt, which the acting seat cannot know. So the search keys an option by what a player
at the table sees: the verb, the card's name, and where relevant whose creature it is and
whether it is exhausted (the distinctions the engine's labels make too). Two options with the
same key in one state are interchangeable copies.
"""

from __future__ import annotations

from game.engine import Option, State

#: What a player at the table tells an option by: its verb, then a seat or a card's name, and
#: where it matters whose creature it is and whether it is exhausted.
Key = tuple[str | int | bool | None, ...]


class KeyMaker:
    """Builds option keys, caching card names by card id (ids are fixed for a whole game).

    Most keys depend on the option alone (a play, a resolve, an option without a card), or on
    the option and whether its card is exhausted (an attack, a block), so they are built once
    per option object (options are interned: one object per verb and card) and looked up
    after that: the search asks for a key per option at every node it walks."""

    def __init__(self) -> None:
        self._names: dict[int, str] = {}
        #: option -> its key, for options whose key depends on nothing else
        self.fixed: dict[Option, Key] = {}
        #: option -> (key while ready, key while exhausted), for attacks and blocks
        self._by_exhaustion: dict[Option, tuple[Key, Key]] = {}

    def name(self, state: State, cid: int) -> str:
        name = self._names.get(cid)
        if name is None:
            name = self._names[cid] = state.card(cid).name
        return name

    def key(self, state: State, option: Option) -> Key:
        k = self.fixed.get(option)
        if k is not None:
            return k
        pair = self._by_exhaustion.get(option)
        if pair is not None:
            return pair[option.card in state.exhausted]
        return self._build(state, option)

    def _build(self, state: State, option: Option) -> Key:
        cid = option.card
        verb = option.verb
        k: Key
        if cid is None:
            k = self.fixed[option] = (verb, option.seat)
            return k
        name = self.name(state, cid)
        if verb == "play" or verb == "resolve":
            # Cards in the acting seat's own hand, or triggers it orders: the name says it all.
            k = self.fixed[option] = (verb, name)
            return k
        if verb == "attack" or verb == "block":
            # Always the acting seat's own creature; copies differ only by exhaustion.
            pair = self._by_exhaustion[option] = ((verb, name, False), (verb, name, True))
            return pair[cid in state.exhausted]
        # hunt / choose: creatures of any side, or cards in a hand or a discard pile.
        return (verb, name, state.controller(cid), cid in state.exhausted)
