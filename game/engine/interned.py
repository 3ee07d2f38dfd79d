"""Shared records for the most frequent events.

Event records are immutable named tuples, so one object can stand for every event with the
same values, as options do (game.engine.options). The engine takes the frequent ones from
these tables, indexed by seat and card id, instead of building a tuple each time: building
one costs twice a look-up, and two thirds of a game's events are of these kinds.
`ensure_event_ids(count)` grows the tables to a game's card ids (game.engine.setup calls it
with ensure_card_ids); a turn number beyond TurnStarted's table grows it on demand.
"""

from __future__ import annotations

from typing import Any, Final

from . import events as ev
from .typed import EffectContext

# Final: the compiled engine (mypyc) reads these names as C statics, not through the module's
# dictionary (5% fewer instructions per game); the tables' contents still grow.
MAX_SEATS: Final = 4
_new: Final = tuple.__new__

# (seat, card) records, each a table [seat][card id]
PLAYED: Final[list[list[ev.Played]]] = [[] for _ in range(MAX_SEATS)]
MINDBUG_DECLINED: Final[list[list[ev.MindbugDeclined]]] = [[] for _ in range(MAX_SEATS)]
ATTACK_DECLARED: Final[list[list[ev.AttackDeclared]]] = [[] for _ in range(MAX_SEATS)]
NOT_BLOCKED: Final[list[list[ev.NotBlocked]]] = [[] for _ in range(MAX_SEATS)]
DEFEATED: Final[list[list[ev.Defeated]]] = [[] for _ in range(MAX_SEATS)]
EXHAUSTED: Final[list[list[ev.Exhausted]]] = [[] for _ in range(MAX_SEATS)]
DISCARDED: Final[list[list[ev.Discarded]]] = [[] for _ in range(MAX_SEATS)]
# (seat, card, word) records: a table [seat][card id] per word
ENTERED_PLAY: Final[dict[str, list[list[ev.EnteredPlay]]]] = {
    how: [[] for _ in range(MAX_SEATS)] for how in ("played", "mindbug", "effect")
}
ABILITY_TRIGGERED: Final[dict[str, list[list[ev.AbilityTriggered]]]] = {
    trigger: [[] for _ in range(MAX_SEATS)] for trigger in ("play", "attack", "defeated")
}
# Drawn of one card [seat][card id]; MindbugUsed [seat][card id][from seat]
DREW_ONE: Final[list[list[ev.Drawn]]] = [[] for _ in range(MAX_SEATS)]
MINDBUG_USED: Final[list[list[list[ev.MindbugUsed]]]] = [[] for _ in range(MAX_SEATS)]
# LifeChanged [team][old][new] for lives below LIVES (others are built when they happen)
LIVES: Final = 16
LIFE_CHANGED: Final = [
    [[_new(ev.LifeChanged, (team, old, new)) for new in range(LIVES)] for old in range(LIVES)]
    for team in range(2)
]
# TurnPassed [from seat][to seat]; TurnStarted of an ordinary turn [seat][turn number]
TURN_PASSED: Final = [[_new(ev.TurnPassed, (a, b)) for b in range(MAX_SEATS)] for a in range(MAX_SEATS)]
TURN_STARTED: Final[list[list[ev.TurnStarted]]] = [[] for _ in range(MAX_SEATS)]

_BY_SEAT_AND_CARD: tuple[tuple[list[list[Any]], type, tuple[str, ...]], ...] = (  # each table holds its own event class
    (PLAYED, ev.Played, ()),
    (MINDBUG_DECLINED, ev.MindbugDeclined, ()),
    (ATTACK_DECLARED, ev.AttackDeclared, ()),
    (NOT_BLOCKED, ev.NotBlocked, ()),
    (DEFEATED, ev.Defeated, ()),
    (EXHAUSTED, ev.Exhausted, ()),
    (DISCARDED, ev.Discarded, ()),
    *((table, ev.EnteredPlay, (how,)) for how, table in ENTERED_PLAY.items()),
    *((table, ev.AbilityTriggered, (word,)) for word, table in ABILITY_TRIGGERED.items()),
)


# The effect context of an ability (game.engine.typed.EffectContext): [seat][opponent row][card
# id], the opponent row being OPPONENT_ROW[opponent] (None: row 0, the ability aims at none).
EFFECT_CONTEXT: Final[list[list[list[EffectContext]]]] = [
    [[] for _ in range(MAX_SEATS + 1)] for _ in range(MAX_SEATS)
]
OPPONENT_ROW: Final[dict[int | None, int]] = {None: 0, **{s: s + 1 for s in range(MAX_SEATS)}}

_size: Final = [0]  # card ids the tables cover


def ensure_event_ids(count: int) -> None:
    """Make the shared records exist for card ids below `count`."""
    if count <= _size[0]:
        return
    _size[0] = count
    for table, record, rest in _BY_SEAT_AND_CARD:
        for seat, row in enumerate(table):
            for cid in range(len(row), count):
                row.append(_new(record, (seat, cid, *rest)))
    for seat in range(MAX_SEATS):
        drew, used = DREW_ONE[seat], MINDBUG_USED[seat]
        for cid in range(len(drew), count):
            drew.append(_new(ev.Drawn, (seat, (cid,))))
        for cid in range(len(used), count):
            used.append([_new(ev.MindbugUsed, (seat, cid, s)) for s in range(MAX_SEATS)])
        for opponent, opponent_row in OPPONENT_ROW.items():
            contexts = EFFECT_CONTEXT[seat][opponent_row]
            for cid in range(len(contexts), count):
                contexts.append(_new(EffectContext, (cid, seat, opponent)))


def turn_started(seat: int, turn_no: int) -> ev.TurnStarted:
    """The shared TurnStarted of an ordinary turn, growing the seat's table to `turn_no`."""
    row = TURN_STARTED[seat]
    for n in range(len(row), turn_no + 1):
        row.append(_new(ev.TurnStarted, (seat, n, False)))
    return row[turn_no]


ensure_event_ids(64)
for _seat in range(MAX_SEATS):
    turn_started(_seat, 200)
