"""The creatures' current power, keywords and block restrictions: printed values changed by
the constant effects in play (rules 5, 12 and 18)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .effects import BlockRestriction

if TYPE_CHECKING:
    from .state import State


def _first(item):
    return item[0]


def compute_board(g: State) -> tuple:
    cards = g.cards
    plays = g.plays
    power: dict[int, int] = {}
    kw: dict[int, int] = {}
    sources: list[tuple] | None = None
    for s, pl in enumerate(plays):
        for c in pl:
            d = cards[c]
            power[c] = d.power
            kw[c] = d.kw
            if d.constant:
                if sources is None:
                    sources = []
                sources.append((c, s, d.constant))
    if sources is None:
        return power, kw, (), False
    # Stage 0 (power) applies at once; keyword grants (1) and copies (2) wait for the
    # final power and the granted keywords. Bonuses are never negative (the card loader
    # refuses them), so power stays >= 1 (rule 5) without clamping.
    active = g.active
    turn_dependent = False
    restrictions = []
    later = []
    for c, s, effects in sources:
        for e in effects:
            stage = e.stage
            if stage < 0:
                if isinstance(e, BlockRestriction):
                    restrictions.append((e, c, s))
                continue
            if e.during != "always":
                turn_dependent = True
                if active != s:
                    continue
            if e.while_alone and len(plays[s]) != 1:
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
