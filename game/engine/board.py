"""The creatures' current power, keywords and block restrictions: printed values changed by
the constant effects in play (rules 5, 12 and 18)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from .constant_effects import BlockRestriction, ConstantEffect

if TYPE_CHECKING:
    from typing import TypeAlias

    from .state import State
    from .typed import CardId, Seat

    #: (stage, effect, during its controller's turn only, while alone only, the effect again
    #: if it is a block restriction, reads other creatures): what the board reads of one
    #: constant effect
    PlanStep: TypeAlias = tuple[int, ConstantEffect, bool, bool, BlockRestriction | None, bool]
    Plan: TypeAlias = tuple[PlanStep, ...]
    #: a block restriction in play: (its effect, its creature, that creature's controller)
    Restriction: TypeAlias = tuple[BlockRestriction, CardId, Seat]
    #: (power by card id, keyword bits by card id, block restrictions, whether it depends on
    #: whose turn it is, whether it depends on which other creatures are in play)
    Board: TypeAlias = tuple[Sequence[int], Sequence[int], tuple[Restriction, ...], bool, bool]
    #: per card id: printed power, keyword bits, constant plan, whether it stops Play effects
    CardTables: TypeAlias = tuple[tuple[int, ...], tuple[int, ...], tuple[Plan, ...], tuple[bool, ...]]


def _first(item: tuple[int, ConstantEffect, CardId, Seat]) -> int:
    return item[0]


def constant_plan(effects: tuple[ConstantEffect, ...]) -> Plan:
    """What the board reads of each constant effect, worked out once per card definition:
    (stage, effect, whether it holds only during its controller's turn, whether only while
    its creature is alone, the effect again if it is a block restriction (else None), whether
    it reads other creatures)."""
    return tuple(
        (e.stage, e, e.during != "always", e.while_alone,
         e if isinstance(e, BlockRestriction) else None,
         e.reads_others)
        for e in effects
    )  # fmt: skip


def compute_board(g: State) -> Board:
    """(power, keyword bits, block restrictions, whether it depends on whose turn it is,
    whether it depends on which other creatures are in play).

    Power and keywords are sequences by card id, read only for creatures in play: the printed
    values themselves while no constant effect changes any, else list copies of them that the
    effects change (a copy in C costs less than a dictionary filled creature by creature).
    A board that does not depend on the other creatures stays right when a creature without
    constant effects enters or leaves play or changes sides (game.engine.moves keeps it)."""
    plays = g.plays
    printed_power, printed_kw, plans, _ = g.ktab
    sources: list[tuple[CardId, Seat, Plan]] | None = None
    for s, pl in enumerate(plays):
        for c in pl:
            if plans[c]:
                if sources is None:
                    sources = []
                sources.append((c, s, plans[c]))
    if sources is None:
        return printed_power, printed_kw, (), False, False
    # Stage 0 (power) applies at once; keyword grants (1) and copies (2) wait for the
    # final power and the granted keywords. Bonuses are never negative (the card loader
    # refuses them), so power stays >= 1 (rule 5) without clamping.
    # the printed values until an effect changes one (power is None: kw is not set either)
    power: list[int] | None = None
    kw: list[int]
    active = g.active
    turn_dependent = reads_others = False
    restrictions: list[Restriction] = []
    later: list[tuple[int, ConstantEffect, CardId, Seat]] = []
    for c, s, plan in sources:
        for stage, e, turn_only, alone, restriction, reads in plan:
            if stage < 0:
                if restriction is not None:
                    restrictions.append((restriction, c, s))
                continue
            if reads:
                reads_others = True
            if turn_only:
                turn_dependent = True
                if active != s:
                    continue
            if alone and len(plays[s]) != 1:
                continue
            if stage == 0:
                if power is None:
                    power, kw = [*printed_power], [*printed_kw]
                e.apply(g, c, s, power, kw)
            else:
                later.append((stage, e, c, s))
    if later:
        if power is None:
            power, kw = [*printed_power], [*printed_kw]
        later.sort(key=_first)
        for _, e, c, s in later:
            e.apply(g, c, s, power, kw)
    if power is None:
        return printed_power, printed_kw, tuple(restrictions), turn_dependent, reads_others
    return power, kw, tuple(restrictions), turn_dependent, reads_others
