"""The contracts between the animator and the table it moves: what an event's animation reads
and changes (``AnimatedTable``, kept by ``TableStage``), what marking the fighters needs
(``CombatTable``), the context's pace (``TablePace``) and the seating (``SeatNames``). Their own
module, so the animator imports no stage module and the stage no more than these names."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    from game.engine import CardDef, State
    from game.ui.core.contracts import EngineEvent
    from game.ui.kit.tween import Tweener
    from game.ui.table.effects import Effects
    from game.ui.table.model import TableModel
    from game.ui.table.sprites import CardSprite, SpriteKey


class TablePace(Protocol):
    """What the table asks of the context: the pace of its motion, its sounds, the window's
    scale (the AppContext; a replay's wraps it to scale durations by the replay speed)."""

    def anim(self, seconds: float) -> float: ...
    def play_sound(self, name: str) -> None: ...
    @property
    def window_scale(self) -> float: ...


class SeatNames(Protocol):
    """The seating as the animations read it: teams, and the seat addressed as "you"."""

    @property
    def you(self) -> int | None: ...
    @property
    def team_of(self) -> Callable[[int], int]: ...


class CombatTable(Protocol):
    """What marking the fighters reads and changes of a table."""

    model: TableModel  # who is in play
    sprites: dict[SpriteKey, CardSprite]  # (its combat mark is set)
    attacker: int | None  # the creature attacking now, marked on the table
    defender: int | None  # the creature it fights (a blocker or the hunted)


class AnimatedTable(CombatTable, Protocol):
    """The contract between the animator and the table it moves (``TableStage`` implements it):
    what an event's animation reads and changes. The animator imports no stage module."""

    @property
    def ctx(self) -> TablePace: ...
    @property
    def tweener(self) -> Tweener: ...  # the motion runs on it
    @property
    def seating(self) -> SeatNames: ...
    @property
    def effects(self) -> Effects: ...  # flashes, cracks, trails over the cards
    @property
    def state(self) -> State: ...  # the view the batch started from (keywords of creatures in play)
    bottom: int  # the seat at the bottom of the screen
    life_pulse: list[float]
    token_flip: list[float]

    def name(self, seat: int) -> str: ...
    def card_name(self, cid: int) -> str: ...
    def card_def(self, cid: int) -> CardDef | None: ...
    def describe(self, ev: EngineEvent) -> str | None: ...
    def log_line(self, text: str | None, color: tuple[int, ...] = ...,
                 words: Callable[[], str | None] | None = None) -> None: ...
    def relayout(self, duration: float, origin: dict | None = None) -> None: ...
    def show_banner(self, text: str, color: tuple[int, ...], seconds: float = ...,
                    y: int | None = ...) -> None: ...
    def add_floater(self, text: str, pos: tuple[int, int], color: tuple[int, ...],
                    follow: int | None = ...) -> None: ...
    def strike(self, hold: float, shake: float, shake_for: float, slow_rate: float = ...,
               slow_for: float = ...) -> None: ...
