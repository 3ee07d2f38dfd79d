"""Blocks that throw a creature away: the blocker dies, the attacker stays, and the point it
would have cost was not decisive (issue 29, item 2).

The classic case is a Poisonous creature blocking a Tough attacker: the poison only exhausts
the attacker, and the weaker blocker is defeated. The search's roll-outs are noisy enough
that such a block can come out a hair ahead of taking the point, so Hard and Expert leave
these blocks out before searching (``SearchConfig.avoid_futile_blocks``) whenever not
blocking keeps the team at 2 life or more.

Each option is tried in a few worlds dealt from what the seat can see; the fight itself
depends only on the table, so the worlds agree unless a card's ability draws on hidden cards.
A block counts as futile only if it is futile in every world tried.
"""

from __future__ import annotations

import random

from game.engine import Kind
from game.engine.options import NO_BLOCK

from .base import Decision, Option, View

#: Forced (single-option) answers followed after an option while its fight resolves.
_FORCED_STEPS = 40
#: Life the team must keep after taking the point for a block to be judged futile: one life
#: left is decisive, the next hit ends the game.
SAFE_LIFE = 2


def futile_blocks(view: View, decision: Decision, rng: random.Random, worlds: int = 2) -> set[Option]:
    """The decision's block options that lose the blocker for nothing (see the module)."""
    if decision.kind != Kind.BLOCK or NO_BLOCK not in decision.options:
        return set()
    team = view.state.team_of(decision.seat)
    blocks = [o for o in decision.options if o is not NO_BLOCK]
    futile = set(blocks)
    for _ in range(worlds):
        world = view.determinize(rng)
        world.record_events = False
        taken = settle(world, NO_BLOCK)
        if taken.winner is not None or taken.life[team] < SAFE_LIFE:
            return set()  # the point is decisive: every block may be worth it
        for option in list(futile):
            if not _throws_away(world, option, decision.seat):
                futile.discard(option)
        if not futile:
            break
    return futile


def settle(world, option: Option, forced: int = _FORCED_STEPS):
    """A copy of ``world`` after ``option`` and the forced (single-option) answers that follow
    it, at most ``forced`` of them."""
    s = world.clone()
    s.respond(option)
    steps = 0
    while s.winner is None and steps < forced and len(s.pending.options) == 1:
        s.respond(s.pending.options[0])
        steps += 1
    return s


def _throws_away(world, option: Option, seat: int) -> bool:
    """Blocking with ``option.card`` defeats the blocker, no opposing creature leaves play,
    and the blocker has no Defeated ability that would make its loss pay."""
    blocker = option.card
    if blocker is None or world.card(blocker).on_defeated is not None:
        return False
    team = world.team_of(seat)
    theirs_before = {c for s in range(world.n_seats) if world.team_of(s) != team for c in world.plays[s]}
    after = settle(world, option)
    if after.winner is not None:
        return False
    mine_after = {c for s in range(after.n_seats) if after.team_of(s) == team for c in after.plays[s]}
    theirs_after = {c for s in range(after.n_seats) if after.team_of(s) != team for c in after.plays[s]}
    return blocker not in mine_after and theirs_before <= theirs_after
