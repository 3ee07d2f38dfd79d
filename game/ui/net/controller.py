"""A network seat's stand-in for ``MatchController``: what the match scene asks of a game,
answered from this seat's view as the host sent it.

No pygame. The "game" the scene reads is the seat's masked state (an engine ``MaskedState``:
hidden cards are -1, there is nothing else to read), replaced by each state message taken in
``absorb``; ``respond`` sends the option to the host and returns no events: they come back with
the host's next state, which the scene animates like any other. Until then the decision is
not offered again (``pending`` is None). Other seats' decisions are decided elsewhere, so the
computer hooks (``start_ai``, ``ai_ready``) do nothing.

``SharedScreenController``: several people at the hosting window, each seat a session of its
own. The scene plays them as a hot seat (the curtain among them); the "game" is the state of
the seat that decides (or decided last), so the table never holds more than the people at this
screen may see between them, as a local hot-seat game's table holds it all.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.common.i18n import display_name
from game.engine import Setup
from game.persist.rebuild import game_over_reason
from game.persist.record import RecordError
from game.persist.store import read_record
from game.ui.core.match_config import MatchConfig, person
from game.ui.match.controller import extra_turn
from game.ui.net.session import NetSession, SeatSession, StateUpdate

if TYPE_CHECKING:
    from game.engine import Decision, Option, Setup, State, View
    from game.persist.record import GameRecord
    from game.ui.core.contracts import EngineEvent
    from game.ui.core.seat import GameSeat

#: The scene's "thinking" indicator for a seat another computer decides for.
ELSEWHERE = object()


class NetController:
    """A ``GameSeat`` (game.ui.core.seat) for one seat at this window."""

    recordable = False  # the host keeps the save; this window keeps the finished replay
    assisted = False

    def __init__(self, session: SeatSession) -> None:
        self.session = session
        first = session.states.popleft()
        self.seat: int = first.view.seat
        self.sessions: dict[int, SeatSession] = {self.seat: session}
        #: A game joined in the middle shows no earlier events (the host sends the view only).
        self.history: list[list[EngineEvent]] = []
        self.opening: list[EngineEvent] = list(first.events)
        #: Every event this window was sent, in order (the ending counts them when the host's
        #: replay did not come).
        self.seen_events: list[EngineEvent] = list(self.opening)
        self._take(first)
        self.start_decisions = self.decision_no
        self.humans: set[int] = {self.seat}
        self.sent_serial: int | None = None  # a pick on its way to the host
        self.end_reason: str | None = None
        self.end_events: list[EngineEvent] = []
        self.extra_turn = extra_turn(self.opening, False)
        #: Never sent before the game is over (it would show every hand).
        self.seed: int | None = None
        names = tuple(self.raw_name(s) for s in range(self.game.n_seats))
        self.config = MatchConfig(mode="ai", names=names, rules=self.game.rules,
                                  seats=tuple(person(n) for n in names))

    @property
    def setup(self) -> Setup:
        """The game's set-up as the host's welcome named it (Mindbugs per player, sets)."""

        client = self.session.client
        return Setup(client.mindbugs or 2, client.sets or 1)

    def _take(self, update: StateUpdate) -> None:
        self.view: View = update.view
        self.game: State = update.view.state
        self.decision_no = update.decision_no
        self.started = update.started

    def absorb(self, bottom: int | None = None) -> list[EngineEvent] | None:
        """The next state message's events (the game moved on to its view), or None if no
        message waits. Called by the scene between animations only."""
        if not self.session.states:
            return None
        update = self.session.states.popleft()
        self._take(update)
        self.sent_serial = None
        events = list(update.events)
        self.seen_events += events
        self.extra_turn = extra_turn(events, self.extra_turn)
        if self.over:
            self.end_reason = game_over_reason(events) or self.end_reason
            self.end_events = events
        return events

    # What the scene asks ------------------------------------------------------------------------
    @property
    def pending(self) -> Decision | None:
        p = self.game.pending
        if p is None or self.session.status != "playing" and not self.over:
            return None
        if p.seat == self.seat and p.serial == self.sent_serial:
            return None  # answered: wait for the host's next state
        return p

    @property
    def over(self) -> bool:
        return self.game.winner is not None

    @property
    def winner(self) -> int | None:
        """The winning team (the game-over box's "why" line asks it, as of a local match); no
        one concedes a network game."""
        return self.game.winner

    @property
    def worker(self) -> object | None:  # only whether it is None is read
        """The "thinking" indicator's switch: on while a computer seat decides (a person
        elsewhere shows only the seat's "Deciding" line, as a local person does)."""
        p = self.pending
        if p is None or p.seat == self.seat:
            return None
        seats = self.session.seats
        computer = p.seat < len(seats) and seats[p.seat].get("kind") == "computer"
        return ELSEWHERE if computer else None

    @worker.setter
    def worker(self, _value: None) -> None:
        pass  # the scene drops its computer on leaving: there is none here

    def decider(self) -> int | None:
        p = self.pending
        return None if p is None else p.seat

    def is_human(self, seat: int | None) -> bool:
        return seat in self.humans

    def raw_name(self, seat: int) -> str:
        seats = self.session.seats
        return seats[seat]["name"] if 0 <= seat < len(seats) else f"Player {seat + 1}"

    def name(self, seat: int) -> str:
        return display_name(self.raw_name(seat))

    def home_seat(self) -> int:
        return self.seat

    def team_players(self, team: int, raw: bool = False) -> list[str]:
        g = self.game
        name = self.raw_name if raw else self.name
        return [name(s) for s in range(g.n_seats) if g.team_of(s) == team]

    def winner_text(self) -> str:
        """The winner for the GAME OVER line (``NetMatchScene`` prints the host's own line)."""
        return str(self.winner)

    def label(self, option: Option) -> str:
        return self.game.label(option)

    # Acting ---------------------------------------------------------------------------------------
    def respond(self, option: Option) -> list[EngineEvent]:
        """Send this seat's answer; the host's next state brings its events."""
        p = self.game.pending
        if p is None or p.seat != self.seat:  # the host checks the option itself
            raise ValueError("not this seat's decision")
        self._check_connected()
        self.sent_serial = p.serial
        self.session.pick(option)
        return []

    def _check_connected(self) -> None:
        """A pick made while the host cannot be reached is refused here, not kept to be sent
        when the host comes back (the player saw no game go on: it is not their move)."""
        if self.session.status != "playing":
            raise ValueError("the connection to the host is down")

    def start_ai(self) -> None:
        pass

    def ai_ready(self, _min_pause: float) -> bool:
        return False  # so the scene never asks take_ai_option

    def take_ai_option(self) -> Option:
        raise RuntimeError("a network seat's computers decide on the host")

    def record(self) -> GameRecord | None:
        """The finished game as the host sent it (kept in Replays), None before or if it failed."""
        path = self.session.replay_path
        if path is None:
            return None
        try:
            return read_record(path, verify=True)
        except (RecordError, OSError):
            return None


def state_key(update: StateUpdate) -> tuple[int, bool]:
    return update.decision_no, update.started


class SharedScreenController(NetController):
    """Several seats at this screen (a hosting window's people here), one session each."""

    def __init__(self, sessions: dict[int, NetSession]) -> None:
        first = min(sessions)
        super().__init__(sessions[first])
        self.sessions = dict(sessions)
        self.states: dict[int, StateUpdate] = {}
        key = (self.decision_no, self.started)
        for seat, session in self.sessions.items():
            if seat != first:
                taken = self._catch_up(session, key)
                self.states[seat] = taken or session.states.popleft()
        self.states[first] = StateUpdate(self.view, self.opening, self.decision_no, self.started)
        self.humans = set(self.sessions)
        self.shown = first  # whose state ``game`` is
        self._show()
        self.config = MatchConfig(mode="hotseat", names=self.config.names, rules=self.game.rules,
                                  seats=self.config.seats)

    @staticmethod
    def _catch_up(session: SeatSession, key: tuple[int, bool]) -> StateUpdate | None:
        """The session's state at ``key``, dropping older ones; None if it has not come yet."""
        q = session.states
        while len(q) > 1 and state_key(q[1]) <= key:
            q.popleft()
        if q and state_key(q[0]) <= key:
            return q.popleft()
        return None

    def absorb(self, bottom: int | None = None) -> list[EngineEvent] | None:
        """The next state, once every seat here has it; the events as ``bottom`` saw them."""
        lead = self.session.states
        if not lead:
            return None
        key = state_key(lead[0])
        for seat, session in self.sessions.items():
            if seat != self.seat and not session.states \
                    and state_key(self.states[seat]) < key:
                return None  # the same news is still on its way to that seat
        for seat, session in self.sessions.items():
            if seat == self.seat:
                self.states[seat] = lead.popleft()
            else:
                self.states[seat] = self._catch_up(session, key) or self.states[seat]
        self._show()
        self.sent_serial = None
        seen = self.states.get(bottom if bottom in self.states else self.shown)
        events = list(seen.events) if seen is not None else []
        self.seen_events += events
        self.extra_turn = extra_turn(events, self.extra_turn)
        if self.over:
            self.end_reason = game_over_reason(events) or self.end_reason
            self.end_events = events
        return events

    def _show(self) -> None:
        p = self.states[self.seat].view.state.pending
        if p is not None and p.seat in self.states:
            self.shown = p.seat
        self._take(self.states[self.shown])

    @property
    def pending(self) -> Decision | None:
        p = self.game.pending
        if p is None or self.session.status != "playing" and not self.over:
            return None
        if p.seat in self.humans and p.serial == self.sent_serial:
            return None
        return p

    def respond(self, option: Option) -> list[EngineEvent]:
        p = self.game.pending
        if p is None or p.seat not in self.sessions:
            raise ValueError("not a decision of this screen")
        self._check_connected()
        self.sent_serial = p.serial
        self.sessions[p.seat].pick(option)
        return []


if TYPE_CHECKING:
    def _plays_a_game_seat(one: NetSession, many: dict[int, NetSession]) -> list[GameSeat]:
        """mypy checks here that both network seats keep the match scene's contract."""
        return [NetController(one), SharedScreenController(many)]
