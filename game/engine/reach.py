"""What an effect reads and changes, for the order of simultaneous effects (ruling 26), and the
creatures a defeat effect may reach: the parts of game.engine.effects that need no effect class.

An effect with nothing to act on still counts when another effect of its group that can act
changes something it reads. Aspects: ("hand", seat), ("discard", seat), ("side", seat) (the
creatures a seat controls), ("life", team), POWER (current power of creatures in play),
COUNT (how many creatures a side has), and ANYTHING (an effect whose reach is not worked out:
every other effect may gain something from it).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .typed import CardId, Seat

if TYPE_CHECKING:
    from typing import TypeAlias

    from .state import State

    #: what an effect reads or changes
    Aspect: TypeAlias = tuple[str | int, ...]

POWER: tuple[str] = ("power",)
COUNT: tuple[str] = ("count",)
ANYTHING: tuple[str] = ("anything",)


def targets_of(
    g: State, seat: Seat, side: str, min_power: int, max_power: int
) -> list[tuple[CardId, Seat]]:
    """(card, controller) of the creatures a defeat effect of `seat` may pick: on any side
    (rule 17) or on the enemy team's, power in range."""
    power = (g.bc or g.board())[0]
    enemy_team = None if side == "any" else 1 - seat % 2  # a seat's team: seat % 2
    return [
        (c, s)
        for s, pl in enumerate(g.plays)
        if enemy_team is None or s % 2 == enemy_team
        for c in pl
        if power[c] >= min_power and (not max_power or power[c] <= max_power)  # _in_range
    ]


def defeat_reads(g: State, seat: Seat, side: str, ranged: bool) -> set[Aspect]:
    sides = [s for s in range(g.n) if side == "any" or s % 2 != seat % 2]
    out: set[Aspect] = {("side", s) for s in sides}
    if ranged and any(g.plays[s] for s in sides):
        out.add(POWER)
    return out
