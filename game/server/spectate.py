"""Spectators: anyone may watch a running game that takes them, a few decisions behind the
table, seeing what every seat sees and nothing more.

**What a spectator sees** (``public_view``): the engine's view of seat 0 with seat 0's own
secrets taken out as well, so no seat's secret is in it: every hand as hidden places (its
count only), every draw pile and the cards out of the game as counts, no card known to any
seat (``known`` all 0), the pending decision without its options (a seat's options name the
cards in its hand), and none of the engine's work items (a spectator never decides, and an
effect at work may hold the card a seat is choosing from its hand). Events are masked as for a
seat that is none of the game's (``wire_event`` with seat -1: every draw, steal and removed
hand hidden). The view keeps seat 0 as the table's point of view, so a client decodes it with
game.net's ``decode_view`` and draws it as a seat's table with both hands face down.

**Why behind, and why 3 decisions**: the public view holds nothing a seat does not see, so the
delay guards against what a spectator can *add* by relaying the live table to a player: a
stronger computer's advice on the position, or a teammate's reading of it in 2v2. Three
decisions is about one turn in Mindbug (a play or an attack, the opponent's Mindbug or block,
an effect's choice; a whole 1v1 game of random players ran 80 to 150 decisions): advice on a
position three decisions old reaches a player after the decision it was about, while a
spectator still follows the game as it happens (a decision of a person takes seconds; the
computers' are spaced by the people's). It is a setting (``ServerLimits.spectator_delay``).
When the game ends every decision left is sent at once, then the game's ``over`` (the whole
record, as the seats get it: a finished game hides nothing).

**Cost**: a game nobody watches costs nothing here. A watched game keeps one second engine
state, ``delay`` decisions behind (rebuilt from the record when its first spectator comes),
and each decision is encoded once for all of its spectators.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Generic, TypeVar

from game.engine import HIDDEN, View
from game.engine.moves import NO_DECISION
from game.net import protocol as P
from game.net.referee import public_cards
from game.net.viewcodec import encode_event, encode_view, wire_event
from game.persist.rebuild import apply_choice, fresh_game
from game.server import messages as M

if TYPE_CHECKING:
    from game.engine import CardDB, State
    from game.engine.events import Event
    from game.server.room import Room

#: The seat of no player: events masked for it hide every seat's secrets.
NO_SEAT = -1

Viewer = TypeVar("Viewer", bound=Hashable)  # the server's connection (its Session)


def public_view(game: State) -> View:
    """What every seat of ``game`` may see, and nothing any one seat alone may (a spectator's
    view; the module's docstring says what is taken out and why)."""
    view = game.view(0)  # a masked copy: every list in it is its own
    m = view.state
    unseen = sorted([*(c for hand in game.hands for c in hand),
                     *(c for deck in game.decks for c in deck), *game.out])
    hidden = set(unseen)
    m.hands = [[HIDDEN] * len(hand) for hand in game.hands]
    m.known = [0] * len(m.known)
    pending = m.pending
    if pending is not None:
        source = pending.source if pending.source not in hidden else None
        m.pending = pending._replace(options=(), source=source)
    m.cont = NO_DECISION
    m.stack = []
    m.triggered = []
    return View(0, m, unseen)


def public_state(game: State, decision_no: int, events: list[Event], public: set[int],
                 started: bool = True) -> P.StateMessage:
    """A spectator's state message: the public view after ``decision_no`` decisions, and the
    events that led there as a seat that is none of the game's may see them."""
    return {"t": "state", "decision_no": decision_no, "started": started,
            "events": [encode_event(wire_event(e, NO_SEAT, public)) for e in events],
            "view": encode_view(public_view(game))}


@dataclass(eq=False)
class Watch(Generic[Viewer]):
    """One watched room: its spectators and the game as they see it (behind the table)."""

    room: Room
    game: State  # the room's game at ``decision_no``: the lagging copy
    decision_no: int
    viewers: set[Viewer] = field(default_factory=set)
    last: P.StateMessage | None = None  # the last state sent: a newcomer starts from it


class Spectators(Generic[Viewer]):
    """Every watched room and who watches it; the server calls ``watch``/``leave`` for its
    connections and ``decided``/``finished``/``tell`` for its rooms, and this sends through
    ``send``."""

    def __init__(self, send: Callable[[Viewer, M.ServerMessage], None], db: CardDB,
                 delay: int) -> None:
        self.send = send
        self.db = db
        self.delay = delay
        self.watches: dict[str, Watch[Viewer]] = {}  # by room code
        self.of: dict[Viewer, Watch[Viewer]] = {}

    def watching(self, viewer: Viewer) -> bool:
        return viewer in self.of

    def count(self, room: Room) -> int:
        watch = self.watches.get(room.code)
        return len(watch.viewers) if watch is not None else 0

    def watch(self, viewer: Viewer, room: Room, entries: list[P.SeatEntry]) -> None:
        """``viewer`` watches ``room`` (a game that takes spectators, not over): its welcome,
        then the public state ``delay`` decisions behind (the deal, until every seat is taken
        and the game begins)."""
        watch = self.watches.get(room.code)
        if watch is None:
            watch = self._begin(room)
            self.watches[room.code] = watch
        watch.viewers.add(viewer)
        self.of[viewer] = watch
        record = room.record
        self.send(viewer, {"t": "watching", "game": room.game_id, "rules": record.rules,
                           "ranked": room.ranked, "mindbugs": record.mindbugs,
                           "sets": record.sets, "seats": entries, "cards": room.cards,
                           "delay": self.delay})
        if watch.last is not None:
            self.send(viewer, watch.last)

    def _begin(self, room: Room) -> Watch[Viewer]:
        """The room's game ``delay`` decisions behind, rebuilt from its record."""
        game, opening = fresh_game(room.record, self.db)
        upto = max(0, len(room.record.choices) - self.delay)
        for i, choice in enumerate(room.record.choices[:upto]):
            apply_choice(game, choice, i)
        watch: Watch[Viewer] = Watch(room, game, upto)
        watch.last = public_state(game, upto, opening if upto == 0 else [], set(), room.started)
        return watch

    def began(self, room: Room) -> None:
        """Every seat is taken: the spectators who came before are told the game is on."""
        watch = self.watches.get(room.code)
        if watch is not None and watch.last is not None and not watch.last["started"]:
            watch.last = {**watch.last, "started": True}
            for viewer in list(watch.viewers):
                self.send(viewer, watch.last)

    def leave(self, viewer: Viewer) -> None:
        watch = self.of.pop(viewer, None)
        if watch is None:
            return
        watch.viewers.discard(viewer)
        if not watch.viewers:  # nobody watches: the lagging game is not kept
            self.watches.pop(watch.room.code, None)

    def decided(self, room: Room) -> None:
        """The room's game went on: its spectators are shown what is now ``delay`` behind."""
        watch = self.watches.get(room.code)
        if watch is not None:
            self._catch_up(watch, len(room.record.choices) - self.delay)

    def finished(self, room: Room, over: P.OverMessage) -> None:
        """The game is over: every decision left at once, then the end; the watch ends."""
        watch = self.watches.pop(room.code, None)
        if watch is None:
            return
        self._catch_up(watch, len(room.record.choices))
        for viewer in list(watch.viewers):
            self.send(viewer, over)
            self.of.pop(viewer, None)

    def _catch_up(self, watch: Watch[Viewer], upto: int) -> None:
        choices = watch.room.record.choices
        while watch.decision_no < min(upto, len(choices)):
            public = public_cards(watch.game)
            events = apply_choice(watch.game, choices[watch.decision_no], watch.decision_no)
            watch.decision_no += 1
            watch.last = public_state(watch.game, watch.decision_no, events, public)
            for viewer in list(watch.viewers):
                self.send(viewer, watch.last)

    def tell(self, room: Room, message: M.ServerMessage) -> None:
        """A message every spectator of ``room`` gets as it comes (seats, covers)."""
        watch = self.watches.get(room.code)
        if watch is not None:
            for viewer in list(watch.viewers):
                self.send(viewer, message)

    def listing(self, rooms: list[Room]) -> list[M.ListedGame]:
        """The running games of ``rooms`` that take spectators, most watched first."""
        games: list[M.ListedGame] = [
            {"game": room.game_id, "rules": room.record.rules, "ranked": room.ranked,
             "names": [s.name for s in room.seats], "turn": room.game.turn_no,
             "spectators": self.count(room)}
            for room in rooms if room.spectators and room.started and not room.over]
        games.sort(key=lambda g: -g["spectators"])
        return games[:M.MAX_LISTED]
