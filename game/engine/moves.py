"""The primitives the rules and the card effects move the game with: drawing up to the hand
size, life, leaving and entering play, defeat (rules 3, 4, 9, 10, 16).

`Moves` is a base class of `State` that holds no data of its own (its methods are annotated
`self`): every method reads and writes the state's zones and counters, and records the
event a visible change makes when events are being recorded.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Final

from . import events as ev
from .carddefs import TOUGH
from .interned import DEFEATED, DISCARDED, ENTERED_PLAY, EXHAUSTED, LIFE_CHANGED, LIVES

if TYPE_CHECKING:
    from .board import Board, CardTables
    from .carddefs import CardDef
    from .events import Event
    from .options import Decision, Option
    from .state import State
    from .typed import CardId, Continuation, Seat, Team, Trigger, WorkItem

HAND_SIZE: Final = 5  # Final: read as a C static when compiled (mypyc)


def no_decision(g: State, cont: Continuation, option: Option) -> None:
    """The continuation while no decision is pending. Never called: respond() refuses an
    option first, and advance() is only given the pending decision's options."""
    raise AssertionError("no decision is pending")


#: State.cont while no decision is pending: a continuation all the same, so that respond() and
#: advance() call the slot's value as it is, with no check for None on every decision
NO_DECISION: Final[Continuation] = (no_decision,)
_new: Final = tuple.__new__  # builds a named tuple without its Python-level __new__ (hot path)


#: Moves' __slots__: a name, not a literal, so that a type checker does not take the empty
#: tuple for the state's members (declared below) and mypyc, which lays out a compiled class's
#: members itself, accepts it (it refuses an `if` in a class body)
_NO_SLOTS: tuple[str, ...] = ()


class Moves:
    __slots__ = _NO_SLOTS

    # The state's members these methods use (State's __slots__ holds them).
    n: int
    cards: tuple[CardDef, ...]
    hands: list[list[int]]
    decks: list[list[int]]
    discards: list[list[int]]
    plays: list[list[int]]
    life: list[int]
    known: list[int]
    exhausted: set[int]
    winner: int | None
    pending: Decision | None
    cont: Continuation  # the pending decision's continuation (NO_DECISION when none is)
    stack: list[WorkItem]
    triggered: list[Trigger]
    ev: list[Event] | None
    dirty: bool
    bc: Board | None
    kidx: Sequence[int]
    ktab: CardTables

    def team_of(self, seat: Seat) -> Team:
        """The team of a seat: 1v1 teams are the seats, 2v2 teams seats 0+2 and 1+3. For a
        seat of the game that is seat % 2, which hot paths use without a call."""
        return seat % 2 if self.n == 4 else seat

    def controller(self, cid: CardId) -> Seat | None:
        for s, pl in enumerate(self.plays):
            if cid in pl:
                return s
        return None

    def _emit(self, event: Event) -> None:
        if self.ev is not None:
            self.ev.append(event)

    def _refill(self) -> None:
        self.dirty = False
        for s in range(self.n):
            hand = self.hands[s]
            if len(hand) < HAND_SIZE:
                deck = self.decks[s]
                if deck:
                    drawn = []
                    while len(hand) < HAND_SIZE and deck:
                        c = deck.pop()
                        hand.append(c)
                        self.known[c] = 1 << s
                        drawn.append(c)
                    if self.ev is not None:
                        self.ev.append(_new(ev.Drawn, (s, tuple(drawn))))

    def change_life(self, team: Team, delta: int) -> None:
        """set_life(team, life + delta), without its call (a blocked attack's cost)."""
        if not delta:
            return
        old = self.life[team]
        value = self.life[team] = old + delta
        if self.ev is not None:
            self.ev.append(
                LIFE_CHANGED[team][old][value]
                if 0 <= old < LIVES and 0 <= value < LIVES
                else _new(ev.LifeChanged, (team, old, value))
            )
        if value <= 0:
            self._game_over(1 - team, "life")

    def set_life(self, team: Team, value: int) -> None:
        old = self.life[team]
        if value == old:
            return
        self.life[team] = value
        if self.ev is not None:
            self.ev.append(
                LIFE_CHANGED[team][old][value]
                if 0 <= old < LIVES and 0 <= value < LIVES
                else _new(ev.LifeChanged, (team, old, value))
            )
        if value <= 0:
            self._game_over(1 - team, "life")

    def _game_over(self, team: Team, reason: str) -> None:
        self.winner = team
        self.stack.clear()
        self.triggered.clear()
        self.pending = None
        self.cont = NO_DECISION
        if self.ev is not None:
            self.ev.append(_new(ev.GameOver, (team, reason)))

    def discard_from_hand(self, seat: Seat, cid: CardId) -> None:
        self.dirty = True
        self.hands[seat].remove(cid)
        self.discards[seat].append(cid)
        if self.ev is not None:
            self.ev.append(DISCARDED[seat][cid])

    def steal(self, cid: CardId, from_seat: Seat, to_seat: Seat) -> None:
        self.dirty = True
        self.hands[from_seat].remove(cid)
        self.hands[to_seat].append(cid)
        self.known[cid] |= 1 << to_seat
        if self.ev is not None:
            self.ev.append(_new(ev.Stolen, (from_seat, to_seat, cid)))

    def return_discard_to_hand(self, seat: Seat) -> None:
        pile = self.discards[seat]
        if not pile:
            return
        everyone = (1 << self.n) - 1
        for c in pile:
            self.known[c] = everyone
        self.hands[seat].extend(pile)
        if self.ev is not None:
            self.ev.append(_new(ev.ReturnedToHand, (seat, tuple(pile))))
        pile.clear()

    def _board_moves_with(self, cid: CardId) -> None:
        """Forget the cached board if `cid` entering, leaving or changing sides can change it:
        it has constant effects, or an effect in play reads the other creatures. Otherwise
        every entry the board holds stays right: the entries of a creature that no effect
        changes are its printed values, whatever side it is on or whether it is in play."""
        bc = self.bc
        if bc is not None and (bc[4] or self.ktab[2][cid]):
            self.bc = None

    def take_control(self, cid: CardId, seat: Seat) -> None:
        old = self.controller(cid)
        assert old is not None, "take_control of a creature not in play"
        self._board_moves_with(cid)
        self.plays[old].remove(cid)
        self.plays[seat].append(cid)  # keeps its exhausted state (rule 9)
        if self.ev is not None:
            self.ev.append(_new(ev.ControlChanged, (cid, old, seat)))

    def enter_play(self, cid: CardId, seat: Seat, how: str) -> None:
        bc = self.bc  # _board_moves_with(cid), without its call
        if bc is not None and (bc[4] or self.ktab[2][cid]):
            self.bc = None
        self.plays[seat].append(cid)
        if self.ev is not None:
            self.ev.append(ENTERED_PLAY[how][seat][cid])
        ability = self.cards[cid].on_play
        if ability is None:
            return
        blocker = self._play_suppressor(seat)
        if blocker is not None:
            if self.ev is not None:
                self.ev.append(_new(ev.AbilitySuppressed, (seat, cid, blocker)))
        else:
            self.triggered.append((cid, seat, ability))

    def _play_suppressor(self, seat: Seat) -> CardId | None:
        """The Deathweaver (rule 16) that stops Play effects on `seat`'s side, if any."""
        suppresses = self.ktab[3]
        if self.n == 2:
            for c in self.plays[1 - seat]:
                if suppresses[c]:
                    return c
            return None
        team = seat % 2
        for s, pl in enumerate(self.plays):
            if s % 2 != team:
                for c in pl:
                    if suppresses[c]:
                        return c
        return None

    def defeat(self, cids: Iterable[CardId]) -> None:
        """Defeat creatures simultaneously; Tough ones that are ready exhaust instead."""
        cards = self.cards
        plays = self.plays
        for c in cids:
            for seat, pl in enumerate(plays):  # noqa: B007  # controller(c), without a call
                if c in pl:
                    break
            else:
                continue
            if cards[c].kw & TOUGH and c not in self.exhausted:
                self.exhausted.add(c)
                if self.ev is not None:
                    self.ev.append(EXHAUSTED[seat][c])
                continue
            bc = self.bc  # _board_moves_with(c), without its call
            if bc is not None and (bc[4] or self.ktab[2][c]):
                self.bc = None
            self.plays[seat].remove(c)
            self.exhausted.discard(c)
            self.discards[seat].append(c)
            if self.ev is not None:
                self.ev.append(DEFEATED[seat][c])
            ability = cards[c].on_defeated
            if ability is not None:
                self.triggered.append((c, seat, ability))
