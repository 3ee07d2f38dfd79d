"""The match's game logic side: who sits where, whose decision it is, and asking the AI.

No pygame. The only way it changes the game is ``respond(option)``.
"""

from __future__ import annotations

import hashlib
import random
from typing import TYPE_CHECKING, cast

from game.cards import load_cards
from game.engine import DEFAULT_SETUP, start_game
from game.engine import events as engine_events
from game.engine.events import mask_event
from game.persist.rebuild import CONCEDED, answer, rebuild
from game.persist.record import Choice, GameRecord, Result, SeatInfo, fingerprint_of, now_stamp
from game.ui.core.ai_worker import AiWorker, Chooser, make_agent
from game.ui.core.match_config import MatchConfig
from game.words import texts

if TYPE_CHECKING:
    from game.engine import Decision, Option, Setup, State
    from game.persist.session import MatchSaver
    from game.ui.core.contracts import EngineEvent
    from game.ui.core.seat import GameSeat


def new_engine_game(seed: int, rules: str = "1v1", setup: Setup | None = None) -> tuple[State, list]:
    """A fresh game and the events of its opening (who revealed what to start); ``setup`` is a
    2v2 game's Mindbugs per player and sets (the default if None)."""
    return start_game(load_cards(), seed=seed, rules=rules,
                      setup=setup if setup is not None else DEFAULT_SETUP)


def decision_seed(game_seed: int, seat: int, decision_no: int) -> int:
    """The AI's generator seed for one decision: a function of the game, the seat and how many
    decisions came before, never of what happened in this process (so a resumed game goes on
    exactly as it would have)."""
    key = f"mindbug-ai:{game_seed}:{seat}:{decision_no}".encode()
    return int.from_bytes(hashlib.sha256(key).digest()[:8], "big")


def mask(event: EngineEvent, seat: int) -> EngineEvent:
    return mask_event(event, seat)


class MatchController:
    def __init__(self, config: MatchConfig, game: State | None = None,
                 resume: GameRecord | None = None) -> None:
        self.config = config
        self.seed = config.seed if config.seed is not None else random.randrange(1_000_000)
        self.opening: list[EngineEvent] = []
        #: The choices made so far, as the save file holds them.
        self.choices: list[Choice] = []
        #: Only a game dealt from a seed can be saved (a set-up position cannot be rebuilt).
        self.recordable = game is None
        #: Told after every respond (autosave); see game.persist.session.MatchSaver.
        self.saver: MatchSaver | None = None
        self.start_decisions = 0  # the decisions already made when this window took it up
        self.end_reason: str | None = None
        self.end_events: list[EngineEvent] = []  # the last decision's events (what ended the game)
        self.history: list[list[EngineEvent]] = []  # a resumed game's events per earlier choice (its log)
        self.live_events: list[EngineEvent] = []  # every event since this window took the game up
        self.conceded_by: int | None = None  # the team that gave the game up (concede)
        #: Carried over from a resumed record into every save: a move was taken back
        #: (game.persist.takeback), and where a game played on from another began (branch).
        self.assisted = bool(resume.assisted) if resume is not None else False
        self.start = resume.start if resume is not None else None
        #: The 2v2 variant's set-up the game is dealt with (a resumed game keeps its own).
        self.setup = resume.setup if resume is not None else config.setup
        #: Names this game's save and replay (set when saving is attached; kept on resume).
        self.game_id = ""
        if resume is not None:
            self.seed = resume.seed
            self.game_id = resume.game_id
            rebuilt = rebuild(resume)
            game, self.opening = rebuilt.game, rebuilt.opening
            self.history = rebuilt.events
            self.choices = list(resume.choices)
        elif game is None and config.start is not None:
            # MatchConfig types its set-up as any callable (core/match_config): it makes a State.
            game = cast("State", config.start())
            self.recordable = False  # a set position cannot be rebuilt from a seed
        elif game is None:
            game, self.opening = new_engine_game(self.seed, config.rules, self.setup)
        assert game is not None  # every branch above made one
        self.game: State = game
        # From the game's own card data: no second load of the cards on the frame path.
        self.cards_fingerprint = fingerprint_of(game.db)
        self.seats = config.seat_list()
        self.humans = {s for s, seat in enumerate(self.seats) if seat.is_person}
        # The agents hold no state that changes later choices: every decision gets its own
        # generator from decision_seed, so fresh agents after a resume choose the same.
        make = config.agent or (lambda s, seed: make_agent(
            self.seats[s].level if s < len(self.seats) else config.ai_level, seed))
        self.agents: dict[int, Chooser] = {s: cast("Chooser", make(s, self.seed + 101 * s))
                                           for s in range(self.game.n_seats) if s not in self.humans}
        self.worker: AiWorker | None = None
        self._ai_calls = 0
        #: The turn under way is an extra one (rule 7, after a Mindbug): the curtain says so.
        self.extra_turn = extra_turn(self.opening + [e for es in self.history for e in es], False)

    # Questions -----------------------------------------------------------------------------
    @property
    def pending(self) -> Decision | None:
        return self.game.pending

    @property
    def over(self) -> bool:
        return self.winner is not None

    @property
    def winner(self) -> int | None:
        """The winning team: the engine's, or the other side once a side has conceded."""
        if self.game.winner is not None:
            return self.game.winner
        return None if self.conceded_by is None else 1 - self.conceded_by

    def concede(self, team: int) -> None:
        """``team`` gives the game up: it ends as a loss for that team where it stands (the
        record's result says so; the choices stop here, no engine event is made up)."""
        if self.over:
            return
        self.worker = None  # a computer's search for a game that is over is not wanted
        self.conceded_by = team
        self.end_reason = CONCEDED
        self.end_events = []
        if self.saver is not None and self.recordable:
            self.saver.finished(self.record())
        if self.recordable and self.config.on_finish is not None:
            self.config.on_finish(self.record())

    def decider(self) -> int | None:
        p = self.game.pending
        return None if p is None else p.seat

    def is_human(self, seat: int | None) -> bool:
        return seat in self.humans

    def name(self, seat: int) -> str:
        """The seat's name as the player reads it (in the window's language)."""
        return texts.display_name(self.raw_name(seat))

    def raw_name(self, seat: int) -> str:
        """The seat's name as saved ("You", "Computer (Medium)"): the same in every language."""
        names = self.config.names
        return names[seat] if seat < len(names) else f"Player {seat + 1}"

    def home_seat(self) -> int:
        """The seat shown at the bottom when nobody is handed the screen: the (first) person's."""
        return min(self.humans) if self.humans else 0

    def team_players(self, team: int, raw: bool = False) -> list[str]:
        g = self.game
        name = self.raw_name if raw else self.name
        return [name(s) for s in range(g.n_seats) if g.team_of(s) == team]

    def winner_text(self) -> str:
        """The winner for the GAME OVER line: the seat in 1v1 (as before), the team and its
        players in 2v2, e.g. ``team0 (Ada & Cleo)``."""
        w = self.winner
        if w is None or self.game.n_seats != 4:
            return str(w)
        return f"team{w} ({' & '.join(self.team_players(w, raw=True))})"

    def label(self, option: Option) -> str:
        return self.game.label(option)

    # Acting ----------------------------------------------------------------------------------
    def respond(self, option: Option) -> list[EngineEvent]:
        """The only door into the game. Returns the engine's events."""
        answered = answer(self.game, option)  # the same record keeping as the network host's
        events = answered.events
        self.choices.append(answered.choice)
        self.live_events.extend(events)
        self.extra_turn = extra_turn(events, self.extra_turn)
        if answered.result is not None:
            self.end_reason = answered.result.reason
            self.end_events = events
        if self.saver is not None and self.recordable:
            if self.over:
                self.saver.finished(self.record())
            else:
                self.saver.changed(self.record())
        if self.over and self.recordable and self.config.on_finish is not None:
            self.config.on_finish(self.record())  # MatchConfig.on_finish: the daily deal's result
        return events

    def whole_game_events(self) -> list[EngineEvent]:
        """Every event of the game from its first deal (an earlier window's too), in order."""
        return [*self.opening, *(e for es in self.history for e in es), *self.live_events]

    @property
    def decision_no(self) -> int:
        """How many decisions were answered so far (the AI's generator depends on it)."""
        return len(self.choices)

    def seat_infos(self) -> tuple[SeatInfo, ...]:
        return tuple(SeatInfo("person", None, self.raw_name(s)) if self.is_human(s)
                     else SeatInfo("computer", self.seats[s].level, self.raw_name(s))
                     for s in range(self.game.n_seats))

    def record(self) -> GameRecord:
        """The game so far as a save (or, once over, as a replay)."""
        result = None
        if self.winner is not None:  # over
            result = Result(self.winner, self.end_reason or "", self.game.turn_no)
        return GameRecord(rules=self.game.rules, mode=self.config.mode, seed=self.seed,
                          seats=self.seat_infos(), choices=tuple(self.choices), result=result,
                          date=now_stamp(), cards=self.cards_fingerprint,
                          assisted=self.assisted, start=self.start,
                          game_id=self.game_id, mindbugs=self.setup.mindbugs, sets=self.setup.sets)

    def start_ai(self) -> None:
        seat = self.decider()
        if seat is None or self.is_human(seat) or self.worker is not None:
            return
        self._ai_calls += 1
        view = self.game.view(seat)
        self.worker = AiWorker(self.agents[seat], view,
                               decision_seed(self.seed, seat, self.decision_no))

    def ai_ready(self, min_pause: float) -> bool:
        w = self.worker
        return w is not None and w.done and w.elapsed() >= min_pause

    def take_ai_option(self) -> Option:
        """The AI's answer as an option of the real pending decision (any legal one on error)."""
        w, self.worker = self.worker, None
        pending = self.game.pending
        assert pending is not None, "the AI answers a pending decision"
        options = list(pending.options)
        chosen = w.option if w is not None else None
        if chosen is not None and chosen in options:
            return chosen
        if chosen is not None:
            # An equal option from the view's copy: match by label.
            try:
                return self.game.option_for(self.game.label(chosen))
            except Exception:
                pass
        return random.Random(decision_seed(self.seed, pending.seat, self.decision_no)).choice(options)


def extra_turn(events: list, was: bool) -> bool:
    """Whether the last turn these events start is an extra one (``was`` if none starts)."""
    for event in reversed(events):
        if isinstance(event, engine_events.TurnStarted):
            return bool(event.extra)
    return was


if TYPE_CHECKING:
    def _plays_a_game_seat(config: MatchConfig) -> GameSeat:
        """mypy checks here that the local game keeps the match scene's contract."""
        return MatchController(config)
