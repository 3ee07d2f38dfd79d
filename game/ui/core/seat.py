"""One contract for a game seat: what the match scene asks of whoever holds its game.

Three classes play it: the local game (``game.ui.match.controller.MatchController``: the engine
in this process, computers on a worker thread) and the two network seats
(``game.ui.net.controller.NetController`` and ``SharedScreenController``: the host's game seen
through this window's seats, an answer sent to the host). The match scene and its parts are
typed against ``GameSeat`` only; what a local game alone has (its saver, its choices, Undo,
conceding) they reach through ``game.ui.match.saving.match_of``.

Members are read-only properties, so a plain attribute or a computed property both satisfy
them; ``worker`` is the one the scene also clears (on leaving).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    from game.engine import Decision, Option, State
    from game.persist.record import GameRecord
    from game.ui.core.contracts import EngineEvent
    from game.ui.core.match_config import MatchConfig


class GameSeat(Protocol):
    """What the match scene needs of its game (``MatchScene.ctl``)."""

    # The game as this window may see it --------------------------------------------------------
    @property
    def game(self) -> State:
        """The state the table shows: the engine's own, or a seat's masked view of it."""

    @property
    def pending(self) -> Decision | None:
        """The decision this window may answer or watch being made; None while there is none
        (over, or an answer is on its way to the host)."""

    @property
    def config(self) -> MatchConfig: ...

    @property
    def seed(self) -> int | None:
        """The game's seed; None where this window may not know it (a network seat: it would
        show every hand)."""

    @property
    def opening(self) -> list[EngineEvent]:
        """The events of the deal (who revealed what to start), if this window saw them."""

    @property
    def history(self) -> list[list[EngineEvent]]:
        """A resumed game's events per earlier choice (its log); empty when not known here."""

    @property
    def decision_no(self) -> int:
        """How many decisions were answered so far."""

    @property
    def start_decisions(self) -> int:
        """The decisions already answered when this window took the game up."""

    @property
    def extra_turn(self) -> bool:
        """The turn under way is an extra one (rule 7, after a Mindbug)."""

    # Who decides ---------------------------------------------------------------------------------
    @property
    def humans(self) -> set[int]:
        """The seats the people at this window play."""

    def decider(self) -> int | None: ...

    def is_human(self, seat: int | None) -> bool: ...

    def home_seat(self) -> int:
        """The seat at the bottom when nobody is handed the screen."""

    # Names -----------------------------------------------------------------------------------------
    def name(self, seat: int) -> str:
        """The seat's name as the player reads it (in the window's language)."""

    def raw_name(self, seat: int) -> str:
        """The seat's name as saved: the same in every language."""

    def team_players(self, team: int, raw: bool = False) -> list[str]: ...

    def winner_text(self) -> str:
        """The winner for the GAME OVER line of ``--exit-after-game``."""

    def label(self, option: Option) -> str: ...

    # Acting ----------------------------------------------------------------------------------------
    def respond(self, option: Option) -> list[EngineEvent]:
        """Answer the pending decision; the engine's events now, or none when they come later
        (over the network, with the host's next state)."""

    # The computer's turn ---------------------------------------------------------------------------
    @property
    def worker(self) -> object | None:  # only whether it is None is read
        """Not None while a computer decides for the pending decision (the "thinking" sign)."""

    @worker.setter
    def worker(self, value: None) -> None: ...

    def start_ai(self) -> None:
        """Start the computer on the pending decision, if a computer of this window makes it."""

    def ai_ready(self, min_pause: float) -> bool:
        """The computer has an answer and the pause is over: ``take_ai_option`` gives it."""

    def take_ai_option(self) -> Option: ...

    # The end and the record --------------------------------------------------------------------------
    @property
    def over(self) -> bool: ...

    @property
    def winner(self) -> int | None:
        """The winning team, None until the game is over."""

    @property
    def end_reason(self) -> str | None: ...

    @property
    def end_events(self) -> list[EngineEvent]:
        """The last decision's events (what ended the game)."""

    @property
    def recordable(self) -> bool:
        """This window keeps the game as a save (a network seat's host keeps it)."""

    def record(self) -> GameRecord | None:
        """The game as seed + choices: so far (a local game), or the finished replay the host
        sent (a network seat; None before it came)."""
