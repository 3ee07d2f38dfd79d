"""Rulings 24 and 26 where a scenario file cannot reach. Ruling 26's look-ahead: an effect with nothing to act on when the order is chosen still
counts when another effect of its group could give it something. First Contact's one set holds
one Strange Barrel, so the positions below (two Barrels trading) are set up with a second copy,
as two sets shuffled together would deal; the scenario files cover the rest of the ruling."""

from __future__ import annotations

from game.cards import load_cards
from game.engine import Kind, from_position, option
from game.engine import events as ev

DB = load_cards()


def _barrels_trade(rules: str, seats: list[dict]) -> object:
    """Seat 0's Strange Barrel attacks and seat 1's Strange Barrel blocks: both (6) die."""
    g = from_position(DB, seats, rules=rules)
    g.respond(g.option_for("attack Strange Barrel"))
    if rules == "2v2" and g.pending.kind == Kind.OPPONENT:  # not expected: no attack effect
        raise AssertionError("unexpected opponent question")
    g.respond(g.option_for("block Strange Barrel"))
    return g


def test_1v1_a_barrel_that_can_steal_only_after_the_other_counts() -> None:
    # Seat 1 holds no card: seat 0's Barrel has nothing to take now, but seat 1's Barrel takes
    # two of seat 0's cards into that hand first if ordered so. Both count: the order is asked.
    g = _barrels_trade("1v1", [
        {"play": ["Strange Barrel"], "hand": ["Gorillion", "Luchataur"]},
        {"play": ["Strange Barrel"], "mindbugs": 0},
    ])
    assert g.pending.kind == Kind.ORDER
    assert sorted(g.labels()) == ["resolve Strange Barrel @0", "resolve Strange Barrel @1"]
    g.respond(g.option_for("resolve Strange Barrel @1"))
    # seat 1 took both cards; seat 0's Barrel then took both back
    assert sorted(DB.defs[g.kidx[c]].name for c in g.hands[0]) == ["Gorillion", "Luchataur"]
    assert g.hands[1] == []


def test_1v1_neither_barrel_can_ever_steal_no_question() -> None:
    events: list = []
    g = from_position(DB, [
        {"play": ["Strange Barrel", "Spider Owl"]},
        {"play": ["Strange Barrel", "Spider Owl"], "mindbugs": 0},
    ])
    events += g.respond(g.option_for("attack Strange Barrel"))
    events += g.respond(g.option_for("block Strange Barrel"))
    assert g.pending.kind == Kind.ACTION and g.pending.seat == 1
    said = [(e.seat, e.what) for e in events if type(e) is ev.NothingToDo]
    assert said == [(0, "steal"), (1, "steal")]


def test_2v2_a_barrel_whose_opponents_get_cards_from_the_other_counts() -> None:
    # Seats 1 and 3 hold no card; seat 1's Barrel can take seat 0's (or seat 2's) cards, which
    # gives seat 0's Barrel something to take from seat 1.
    g = _barrels_trade("2v2", [
        {"play": ["Strange Barrel"], "hand": ["Gorillion", "Luchataur"], "mindbugs": 0},
        {"play": ["Strange Barrel"], "mindbugs": 0},
        {"hand": ["Shark Dog"], "mindbugs": 0},
        {"play": ["Spider Owl"], "mindbugs": 0},
    ])
    assert g.pending.kind == Kind.ORDER
    assert sorted(g.labels()) == ["resolve Strange Barrel @0", "resolve Strange Barrel @1"]


def test_2v2_without_cards_anywhere_neither_barrel_asks_anything() -> None:
    g = _barrels_trade("2v2", [
        {"play": ["Strange Barrel", "Gorillion"], "mindbugs": 0},
        {"play": ["Strange Barrel", "Spider Owl"], "mindbugs": 0},
        {"play": ["Luchataur"], "mindbugs": 0},
        {"play": ["Shark Dog"], "mindbugs": 0},
    ])
    assert g.pending.kind == Kind.ACTION and g.pending.seat == 1


def test_harpy_mother_picking_the_same_copy_twice_takes_the_other_copy() -> None:
    # Ruling 24: the first pick has not changed sides when the second is asked, so the picked
    # Spider Owl is still a copy of the one offered; naming it again means the other copy.
    g = from_position(DB, [
        {"play": ["Harpy Mother"], "hand": ["Luchataur"]},
        {"play": ["Gorillion", "Spider Owl", "Spider Owl"], "hand": ["Killer Bee"]},
    ])
    g.respond(g.option_for("attack Harpy Mother"))
    g.respond(g.option_for("block Gorillion"))
    first = g.pending.options[0].card
    g.respond(option("choose", first))
    assert [o.verb for o in g.pending.options] == ["choose", "done"]
    events = g.respond(option("choose", first))
    moved = [e.card for e in events if type(e) is ev.ControlChanged]
    assert len(set(moved)) == 2 and first in moved
    assert sorted(g.plays[0]) == sorted(moved)
