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
    its creature is alone, whether it is a block restriction)."""
    return tuple(
        (e.stage, e, e.during != "always", e.while_alone, isinstance(e, BlockRestriction))
        for e in effects
    )


def compute_board(g: State) -> tuple:
    """(power, keyword bits, block restrictions, whether it depends on whose turn it is).
    Power and keywords are lists by card id, read only for creatures in play: they start as
    copies of the printed values (a copy in C costs less than a dictionary filled creature by
    creature), and the constant effects in play change them."""
    plays = g.plays
    printed_power, printed_kw, plans, _ = g.ktab
    power = [*printed_power]
    kw = [*printed_kw]
    sources: list[tuple] | None = None
    for s, pl in enumerate(plays):
        for c in pl:
            if plans[c]:
                if sources is None:
                    sources = []
                sources.append((c, s, plans[c]))
    if sources is None:
        return power, kw, (), False
    # Stage 0 (power) applies at once; keyword grants (1) and copies (2) wait for the
    # final power and the granted keywords. Bonuses are never negative (the card loader
    # refuses them), so power stays >= 1 (rule 5) without clamping.
    active = g.active
    turn_dependent = False
    restrictions = []
    later = []
    for c, s, plan in sources:
        for stage, e, turn_only, alone, restriction in plan:
            if stage < 0:
                if restriction:
                    restrictions.append((e, c, s))
                continue
            if turn_only:
                turn_dependent = True
                if active != s:
                    continue
            if alone and len(plays[s]) != 1:
                continue
            if stage == 0:
                e.apply(g, c, s, power, kw)
            else:
                later.append((stage, e, c, s))
    if later:
        later.sort(key=_first)
        for _, e, c, s in later:
            e.apply(g, c, s, power, kw)
    return power, kw, tuple(restrictions), turn_dependent
