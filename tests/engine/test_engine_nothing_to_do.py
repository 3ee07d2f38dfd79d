"""An ability with nothing to act on says so (issue 28 item 5): the NothingToDo event, and the
log's words for it ("Grave Robber's ability: the discard pile is empty.")."""

from __future__ import annotations

from game.cards import load_cards
from game.engine import events as ev
from game.engine import from_position
from game.words import texts


def _play(seats: list[dict], card: str, record: bool = True) -> tuple[object, list]:
    """Seat 0 plays ``card``; seat 1 lets it go, so its Play ability resolves."""
    g = from_position(load_cards(), seats)
    g.record_events = record
    opt = next(o for o in g.pending.options if o.verb == "play" and g.card(o.card).name == card)
    events = g.respond(opt, serial=g.pending.serial)
    while g.pending is not None and g.pending.kind == "mindbug":
        opt = next(o for o in g.pending.options if o.verb == "pass")
        events += g.respond(opt, serial=g.pending.serial)
    return g, events


def _nothing(events: list) -> list:
    return [e for e in events if type(e) is ev.NothingToDo]


def _line(g, event) -> str | None:
    return texts.describe(event, lambda s: ["Ada", "Bob"][s], lambda c: g.card(c).name, lambda t: "x")


def test_grave_robber_with_an_empty_pile_says_so_after_its_trigger() -> None:
    g, events = _play([{"hand": ["Grave Robber"]}, {"hand": ["Killer Bee"]}], "Grave Robber")
    found = _nothing(events)
    assert [(e.seat, e.what) for e in found] == [(0, "put into play")]
    assert _line(g, found[0]) == "Grave Robber's ability: the discard pile is empty."
    kinds = [type(e) for e in events]
    assert kinds.index(ev.AbilityTriggered) < kinds.index(ev.NothingToDo)


def test_an_ability_that_acts_makes_no_such_event() -> None:
    _, events = _play([{"hand": ["Grave Robber"]}, {"hand": ["Killer Bee"], "discard": ["Spider Owl"]}],
                      "Grave Robber")
    assert _nothing(events) == []


def test_a_defeat_with_no_strong_enemy_says_nothing_to_defeat() -> None:
    g, events = _play([{"hand": ["Tiger Squirrel"]}, {"hand": ["Killer Bee"], "play": ["Spider Owl"]}],
                      "Tiger Squirrel")
    found = _nothing(events)
    assert [e.what for e in found] == ["defeat"]
    assert _line(g, found[0]) == "Tiger Squirrel's ability: nothing to defeat."


def test_the_playouts_record_no_such_event() -> None:
    _, events = _play([{"hand": ["Grave Robber"]}, {"hand": ["Killer Bee"]}], "Grave Robber", record=False)
    assert events == []
