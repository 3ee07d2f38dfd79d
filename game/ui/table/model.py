"""What the table shows, as plain data: rebuilt from a view, stepped by events.

The match scene animates a batch of events one at a time: each event updates this model, the
layout is recomputed and sprites glide to their new places. After the batch the model is
rebuilt from the engine's current view, so whatever the animations did, the table ends up
exactly as the engine says. No pygame here.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from game.engine import events

if TYPE_CHECKING:
    from game.engine import State
    from game.ui.core.contracts import EngineEvent

HIDDEN = -1


@dataclass
class TableModel:
    n_seats: int
    hands: list[list[int]]
    decks: list[int]  # cards left in each draw pile (the cards themselves are hidden)
    discards: list[list[int]]
    plays: list[list[int]]
    exhausted: set[int] = field(default_factory=set)
    life: list[int] = field(default_factory=list)  # per team
    mindbugs: list[int] = field(default_factory=list)  # per seat, left to use
    active: int = 0
    turn_no: int = 0
    # Whose turn ``turn_no`` is: ``active`` moves on as the turn is passed, before the next
    # turn starts (and to a 2v2 seat that is then put out and never takes it).
    turn_seat: int | None = None
    stage: int | None = None  # a played card waiting for the Mindbug offers
    eliminated: list[bool] = field(default_factory=list)  # per seat (2v2, rule 23)
    # The winning team once the table has shown the game's end (its GameOver event played, or
    # a view of a finished game): the prompt says "Game over." only then, never while the last
    # blow is still on its way.
    winner: int | None = None

    @classmethod
    def from_state(cls, state: State) -> TableModel:
        n = state.n_seats
        model = cls(
            n_seats=n,
            hands=[list(state.hands[s]) for s in range(n)],
            decks=[len(state.decks[s]) for s in range(n)],
            discards=[list(state.discards[s]) for s in range(n)],
            plays=[list(state.plays[s]) for s in range(n)],
            exhausted=set(state.exhausted),
            life=list(state.life),
            mindbugs=list(state.mindbugs),
            active=state.active,
            turn_no=state.turn_no,
            turn_seat=state.active if state.turn_no else None,
            eliminated=[bool(e) for e in getattr(state, "eliminated", [False] * n)],
            winner=state.winner,
        )
        stage = getattr(state, "limbo", -1)
        if stage is None or stage < 0:
            pending = state.pending
            stage = pending.source if pending is not None and pending.kind == "mindbug" else None
        if stage is not None and stage >= 0:
            model._remove(stage)
            model.stage = stage
        return model

    # Queries ----------------------------------------------------------------------------------
    def zone_of(self, cid: int) -> tuple[str, int | None]:
        if cid == self.stage:
            return "stage", None
        for s in range(self.n_seats):
            if cid in self.plays[s]:
                return "play", s
            if cid in self.hands[s]:
                return "hand", s
            if cid in self.discards[s]:
                return "discard", s
        return "none", None

    # Changes ----------------------------------------------------------------------------------
    def _remove(self, cid: int) -> str:
        """Take a card out of wherever it is; returns the zone it was in."""
        if cid == self.stage:
            self.stage = None
            return "stage"
        for zones, name in ((self.plays, "play"), (self.hands, "hand"), (self.discards, "discard")):
            for z in zones:
                if cid in z:
                    z.remove(cid)
                    return name
        return "none"

    def _take_from_hand(self, seat: int, cid: int) -> None:
        hand = self.hands[seat]
        if cid in hand:
            hand.remove(cid)
        elif HIDDEN in hand:
            # The card was hidden in that hand until now: the last hidden slot becomes it.
            del hand[len(hand) - 1 - hand[::-1].index(HIDDEN)]
        else:
            self._remove(cid)

    def apply(self, ev: EngineEvent) -> None:
        """Update the model for one (masked) engine event; unknown events change nothing."""
        handler = HANDLERS.get(type(ev))
        if handler is not None:
            handler(self, ev)

    def _on_Drawn(self, ev: events.Drawn) -> None:
        self.decks[ev.seat] = max(0, self.decks[ev.seat] - len(ev.cards))
        self.hands[ev.seat].extend(ev.cards)

    def _on_Played(self, ev: events.Played) -> None:
        self._take_from_hand(ev.seat, ev.card)
        self.stage = ev.card

    def _on_MindbugUsed(self, ev: events.MindbugUsed) -> None:
        if 0 <= ev.seat < len(self.mindbugs):
            self.mindbugs[ev.seat] = max(0, self.mindbugs[ev.seat] - 1)

    def _on_EnteredPlay(self, ev: events.EnteredPlay) -> None:
        self._remove(ev.card)
        self.exhausted.discard(ev.card)  # a creature that comes back arrives unexhausted
        self.plays[ev.seat].append(ev.card)

    def _on_ControlChanged(self, ev: events.ControlChanged) -> None:
        self._remove(ev.card)
        self.plays[ev.to_seat].append(ev.card)

    def _on_Defeated(self, ev: events.Defeated) -> None:
        self._remove(ev.card)
        self.exhausted.discard(ev.card)
        self.discards[ev.seat].append(ev.card)

    def _on_Exhausted(self, ev: events.Exhausted) -> None:
        self.exhausted.add(ev.card)

    def _on_LifeChanged(self, ev: events.LifeChanged) -> None:
        self.life[ev.team] = ev.new

    def _on_Discarded(self, ev: events.Discarded) -> None:
        self._take_from_hand(ev.seat, ev.card)
        self.discards[ev.seat].append(ev.card)

    def _on_Stolen(self, ev: events.Stolen) -> None:
        self._take_from_hand(ev.from_seat, ev.card)
        self.hands[ev.to_seat].append(ev.card)

    def _on_ReturnedToHand(self, ev: events.ReturnedToHand) -> None:
        for cid in ev.cards:
            if cid >= 0:
                self._remove(cid)
                self.exhausted.discard(cid)
            self.hands[ev.seat].append(cid)

    def _on_RemovedFromGame(self, ev: events.RemovedFromGame) -> None:
        for cid in ev.cards:
            if cid >= 0:
                self._remove(cid)
        # The hand leaves whole, whether the seat saw its cards or their backs.
        if 0 <= ev.seat < len(self.hands):
            self.hands[ev.seat].clear()

    def _on_TurnStarted(self, ev: events.TurnStarted) -> None:
        self.active = self.turn_seat = ev.seat
        self.turn_no = ev.turn_no

    def _on_TurnPassed(self, ev: events.TurnPassed) -> None:
        self.active = ev.to_seat

    def _on_PlayerEliminated(self, ev: events.PlayerEliminated) -> None:
        if 0 <= ev.seat < len(self.eliminated):
            self.eliminated[ev.seat] = True

    def _on_GameOver(self, ev: events.GameOver) -> None:
        self.winner = ev.winner


#: How each engine event changes the table; the events missing here (a fight, an offer
#: declined, a trigger...) change no card's place or count. tests/ui/table/test_event_tables.py ties
#: the keys to the engine's event classes. (Any: each entry takes the event class it is keyed by.)
HANDLERS: dict[type, Callable[[TableModel, Any], None]] = {  # each entry takes the event class it is keyed by
    events.Drawn: TableModel._on_Drawn,
    events.Played: TableModel._on_Played,
    events.MindbugUsed: TableModel._on_MindbugUsed,
    events.EnteredPlay: TableModel._on_EnteredPlay,
    events.ControlChanged: TableModel._on_ControlChanged,
    events.Defeated: TableModel._on_Defeated,
    events.Exhausted: TableModel._on_Exhausted,
    events.LifeChanged: TableModel._on_LifeChanged,
    events.Discarded: TableModel._on_Discarded,
    events.Stolen: TableModel._on_Stolen,
    events.ReturnedToHand: TableModel._on_ReturnedToHand,
    events.RemovedFromGame: TableModel._on_RemovedFromGame,
    events.TurnStarted: TableModel._on_TurnStarted,
    events.TurnPassed: TableModel._on_TurnPassed,
    events.PlayerEliminated: TableModel._on_PlayerEliminated,
    events.GameOver: TableModel._on_GameOver,
}
