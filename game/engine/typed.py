"""The names the engine's seams are typed with: ids, the effect context, work items and
continuations.

Card ids and seats are plain ints at run time (the hot paths index lists with them); the
aliases say which an int is. Work items and continuations are tuples `(function, args...)`
of module-level functions and immutable values (game.engine.state explains why); their type
names the function's signature and leaves the values after it open, as each function unpacks
its own.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, NamedTuple

if TYPE_CHECKING:
    from typing import TypeAlias

    from typing_extensions import Unpack

    from .carddefs import Ability
    from .options import Option
    from .state import State

try:
    from mypy_extensions import mypyc_attr as mypyc_attr
except ImportError:  # mypy is a build and test tool: the pure engine runs without it

    def mypyc_attr(*attrs: str, **kwattrs: object) -> Callable[[Any], Any]:  # type: ignore[misc]
        """What mypy_extensions' decorator does at run time: nothing (it tells mypyc how to
        compile a class)."""
        return lambda cls: cls


CardId = int  # one physical card of a game, 0 to len(cards) - 1 (-1: a hidden card)
Seat = int  # 0-1 (1v1) or 0-3 (2v2)
Team = int  # 1v1: the seat; 2v2: seat % 2


class EffectContext(NamedTuple):
    """What a triggered effect resolves for: the card whose ability it is, the seat that
    controls it, and the opponent it aims at (the one opponent in 1v1; in 2v2 the one its
    controller picked, or None for an ability that aims at no opponent)."""

    card: CardId
    seat: Seat
    opponent: Seat | None


if TYPE_CHECKING:
    #: called as function(state, continuation, option) with the option chosen for the decision
    ContinueFn: TypeAlias = Callable[[State, "Continuation", Option], None]
    Continuation: TypeAlias = tuple[ContinueFn, Unpack[tuple[Any, ...]]]  # each function's own arguments follow it
    #: called as function(state, item) when the state's loop pops it off the stack
    WorkFn: TypeAlias = Callable[[State, "WorkItem"], None]
    WorkItem: TypeAlias = tuple[WorkFn, Unpack[tuple[Any, ...]]]  # each function's own arguments follow it
    #: an ability that triggered and waits to resolve: (card, its controller, the ability)
    Trigger: TypeAlias = tuple[CardId, Seat, Ability]
