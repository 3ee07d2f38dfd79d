"""The creatures' current power, keywords and block restrictions: printed values changed by
the constant effects in play (rules 5, 12 and 18)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .effects import BlockRestriction

if TYPE_CHECKING:
    from .state import State


def _first(item):
    return item[0]


def constant_plan(effects: tuple) -> tuple:
    """What the board reads of each constant effect, worked out once per card definition:
    (stage, effect, whether it holds only during its controller's turn, whether only while
    its creature is alone, whether it is a block restriction, whether it reads other
    creatures)."""
    return tuple(
        (e.stage, e, e.during != "always", e.while_alone, isinstance(e, BlockRestriction),
         e.reads_others)
        for e in effects
    )  # fmt: skip


def compute_board(g: State) -> tuple:
    """(power, keyword bits, block restrictions, whether it depends on whose turn it is,
    whether it depends on which other creatures are in play).

    Power and keywords are sequences by card id, read only for creatures in play: the printed
    values themselves while no constant effect changes any, else list copies of them that the
    effects change (a copy in C costs less than a dictionary filled creature by creature).
    A board that does not depend on the other creatures stays right when a creature without
    constant effects enters or leaves play or changes sides (game.engine.moves keeps it)."""
    plays = g.plays
    printed_power, printed_kw, plans, _ = g.ktab
    sources: list[tuple] | None = None
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
    power: list | tuple = printed_power
    kw: list | tuple = printed_kw
    active = g.active
    turn_dependent = reads_others = False
    restrictions = []
    later = []
    for c, s, plan in sources:
        for stage, e, turn_only, alone, restriction, reads in plan:
            if stage < 0:
                if restriction:
                    restrictions.append((e, c, s))
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
                if power is printed_power:
                    power, kw = [*printed_power], [*printed_kw]
                e.apply(g, c, s, power, kw)
            else:
                later.append((stage, e, c, s))
    if later:
        if power is printed_power:
            power, kw = [*printed_power], [*printed_kw]
        later.sort(key=_first)
        for _, e, c, s in later:
            e.apply(g, c, s, power, kw)
    return power, kw, tuple(restrictions), turn_dependent, reads_others
