"""The shared event records (game.engine.interned): the engine takes the frequent events from
tables instead of building them, so every table entry must be the record it stands for, and
the tables must cover every card id and turn number a game can reach."""

from __future__ import annotations

import random

from game.engine import events as ev
from game.engine import from_position, interned, new_game, option
from tests.support.engine_helpers import db


def test_every_shared_record_is_the_record_it_stands_for() -> None:
    tables = {
        ev.Played: interned.PLAYED,
        ev.MindbugDeclined: interned.MINDBUG_DECLINED,
        ev.AttackDeclared: interned.ATTACK_DECLARED,
        ev.NotBlocked: interned.NOT_BLOCKED,
        ev.Defeated: interned.DEFEATED,
        ev.Exhausted: interned.EXHAUSTED,
        ev.Discarded: interned.DISCARDED,
    }
    for record, table in tables.items():
        for seat, row in enumerate(table):
            for cid, event in enumerate(row):
                assert type(event) is record and event == record(seat, cid)
    for how, table in interned.ENTERED_PLAY.items():
        for seat, row in enumerate(table):
            assert all(e == ev.EnteredPlay(seat, c, how) for c, e in enumerate(row))
    for trigger, table in interned.ABILITY_TRIGGERED.items():
        for seat, row in enumerate(table):
            assert all(e == ev.AbilityTriggered(seat, c, trigger) for c, e in enumerate(row))
    for seat, row in enumerate(interned.DREW_ONE):
        assert all(e == ev.Drawn(seat, (c,)) for c, e in enumerate(row))
    for seat, row in enumerate(interned.MINDBUG_USED):
        for cid, by_seat in enumerate(row):
            assert by_seat == [ev.MindbugUsed(seat, cid, s) for s in range(4)]
    for team, table in enumerate(interned.LIFE_CHANGED):
        for old, row in enumerate(table):
            assert row == [ev.LifeChanged(team, old, new) for new in range(interned.LIVES)]
    for a, row in enumerate(interned.TURN_PASSED):
        assert row == [ev.TurnPassed(a, b) for b in range(4)]
    for seat, row in enumerate(interned.TURN_STARTED):
        assert row == [ev.TurnStarted(seat, n, False) for n in range(len(row))]


def test_a_turn_number_beyond_the_table_grows_it() -> None:
    far = len(interned.TURN_STARTED[1]) + 5
    assert interned.turn_started(1, far) == ev.TurnStarted(1, far, False)
    assert interned.TURN_STARTED[1][far] is interned.turn_started(1, far)


def test_card_ids_beyond_the_first_tables_get_their_records() -> None:
    """A position naming more copies than the box holds has more card ids than the tables
    start with (64): setting it up must grow them, or playing such a card would fail."""
    g = from_position(
        db(),
        [
            {"hand": ["Brain Fly"], "deck": ["Bee Bear"] * 30, "mindbugs": 0},
            {"hand": ["Axolotl Healer"] * 5},
        ],
        turn=1,
    )  # seat 0's cards are named first: seat 1's extra Axolotl Healers get the last ids
    high = max(g.hands[1])
    assert high >= 64
    events = g.respond(option("play", high))
    assert ev.Played(1, high) in events
    assert any(type(e) is ev.EnteredPlay and e.card == high for e in events)


def test_an_extra_turn_is_started_by_its_own_record() -> None:
    """TurnStarted.extra is true only for a Mindbug's extra turn: that one is not shared."""
    rng = random.Random(5)
    seen = set()
    for seed in range(40):
        g = new_game(db(), seed)
        while g.winner is None:
            options = g.pending.options
            for e in g.respond(options[rng.randrange(len(options))]):
                if type(e) is ev.TurnStarted:
                    seen.add(e.extra)
                    assert (e is interned.TURN_STARTED[e.seat][e.turn_no]) == (not e.extra)
    assert seen == {False, True}
