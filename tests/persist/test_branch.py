"""Play on from here: a new game from any moment of a replay, the seat's view kept exactly,
the rest dealt afresh without ever moving a card the seat has seen, and the new game saved,
rebuilt and replayed like any other. Written as an attacker would check it: what the seat saw
is worked out here from the seat's masked events, not taken from the code under test."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from game.engine import new_game
from game.engine.events import HIDDEN, mask_event
from game.persist import record as rec
from game.persist.branch import PlayFromError, link, play_from
from game.persist.position import fingerprint, position_data
from game.persist.rebuild import choice_of, history, parent_record, rebuild
from game.persist.record import GameRecord, RecordError, SeatInfo
from game.persist.store import read_record
from game.persist.timeline import Timeline
from tests.support.engine_helpers import check_invariants, db


def random_record(seed: int, rules: str) -> GameRecord:
    """A finished game between seeded random players, recorded as the window records one."""
    g = new_game(db(), seed, rules)
    rng = random.Random(seed)
    choices = []
    while g.winner is None:
        option = rng.choice(g.pending.options)
        choices.append(choice_of(g, option))
        g.respond(option)
    n = 2 if rules == "1v1" else 4
    seats = tuple(SeatInfo("person", None, "You") if s == 0 else
                  SeatInfo("computer", "easy", "Computer (Easy)") for s in range(n))
    return GameRecord(rules, "ai", seed, seats, tuple(choices), cards=rec.card_fingerprint(),
                      date="2026-11-30T16:40:02Z", result=rec.Result(g.winner, "life", g.turn_no))


def seen_by(events: list, seat: int) -> set[int]:
    """Every card id the seat was shown in its masked events (any card-naming field)."""
    seen = set()
    for event in events:
        masked = mask_event(event, seat)
        for name, value in zip(masked._fields, masked):
            if not ("card" in name or name in ("attacker", "blocker", "target", "by")):
                continue
            values = value if isinstance(value, tuple) else (value,)
            seen.update(v for v in values if isinstance(v, int) and v != HIDDEN)
    return seen


def hidden_places(g, seat: int) -> set[int]:
    """The cards ``seat`` cannot locate in ``g``: other hands' unknown cards, piles, out."""
    view = g.view(seat).state
    cards = set(g.out)
    for deck in g.decks:
        cards.update(deck)
    for s, hand in enumerate(g.hands):
        cards.update(c for c, shown in zip(hand, view.hands[s]) if shown == HIDDEN)
    return cards


GAMES = [("1v1", 3), ("1v1", 4), ("2v2", 5), ("2v2", 6)]


@pytest.mark.parametrize("rules,seed", GAMES)
def test_a_fresh_deal_keeps_the_seats_view_and_never_moves_a_seen_card(rules, seed):
    record = random_record(seed, rules)
    original = rebuild(record)
    opening, per_choice = original.opening, original.events
    states = Timeline(record).states
    differs = 0
    plain_would_move_a_seen_card = 0
    n = 2 if rules == "1v1" else 4
    for at in range(0, len(record.choices), 2):
        seat = at % n
        try:
            branch = play_from(record, at, seat, seed=1000 + at)
        except PlayFromError:
            assert all(c.by != seat for c in record.choices[at:]), at
            continue
        assert branch.at >= at and all(c.by != seat for c in record.choices[at:branch.at])
        before, new = states[branch.at], branch.game
        check_invariants(new)
        assert new.pending.seat == seat
        # The seat sees exactly what it saw: same hand, same table, same known cards.
        assert position_data(new.view(seat).state) == position_data(before.view(seat).state)
        seen = seen_by(opening + [e for evs in per_choice[:branch.at] for e in evs], seat)
        moved = seen & hidden_places(new, seat)
        # A seen card may be hidden only where it was: out of the game (the starting reveal,
        # an eliminated player's cards), and it stays there.
        assert moved <= set(before.out) and moved <= set(new.out), (at, seat, moved)
        assert hidden_places(new, seat) == hidden_places(before, seat)
        differs += fingerprint(new) != fingerprint(before)
        world = before.view(seat).determinize(random.Random(at))
        plain_would_move_a_seen_card += bool(seen & (hidden_places(world, seat) - set(world.out)))
    assert differs >= 5, "the fresh deal never dealt anything afresh"
    if rules == "2v2":
        # Why the deal is repaired: a plain determinization puts revealed cards into hands.
        assert plain_would_move_a_seen_card


@pytest.mark.parametrize("rules,seed", GAMES[::2])
def test_the_new_game_rebuilds_identically_from_its_record(rules, seed, tmp_path):
    record = random_record(seed, rules)
    for at in (0, len(record.choices) // 3, len(record.choices) // 2):
        branch = play_from(record, at, 1, seed=77, level="medium")
        new = branch.record
        assert new.start is not None and new.mode == "ai" and new.seats[1].kind == "person"
        assert link(new) == (record.date, record.seed, branch.at)
        loaded = rec.loads(rec.dumps(new))
        assert loaded == new
        start = fingerprint(branch.game)
        assert fingerprint(rebuild(loaded).game) == start
        # Played on a while, saved, rebuilt: the same game (also through the replay checks).
        g = branch.game
        rng = random.Random(at)
        choices = []
        while g.winner is None and len(choices) < 25:
            option = rng.choice(g.pending.options)
            choices.append(choice_of(g, option))
            g.respond(option)
        played = replace(new, choices=tuple(choices))
        path = tmp_path / f"branch-{at}.json"
        path.write_text(rec.dumps(played), encoding="utf-8")
        again = read_record(path, verify=True)
        assert fingerprint(rebuild(again).game) == fingerprint(g)
        timeline = Timeline(again)
        assert fingerprint(timeline.states[0]) == start
        assert fingerprint(timeline.states[-1]) == fingerprint(g)
        # A game played on from the new one: nested starts rebuild too.
        if choices and g.winner is None:
            deeper = play_from(played, len(choices) // 2, 0, seed=5).record
            assert deeper.start.start == new.start
            assert fingerprint(rebuild(rec.loads(rec.dumps(deeper))).game) == \
                fingerprint(play_from(played, len(choices) // 2, 0, seed=5).game)


def test_the_same_deal_is_exactly_the_recorded_position_at_any_decision():
    record = random_record(8, "1v1")
    states = Timeline(record).states
    for at in range(0, len(record.choices), 5):
        branch = play_from(record, at, 1, same_deal=True, seed=3)
        assert branch.at == at
        assert fingerprint(branch.game) == fingerprint(states[at])
        assert fingerprint(rebuild(rec.loads(rec.dumps(branch.record))).game) == \
            fingerprint(states[at])


def test_different_seeds_deal_differently_and_one_seed_the_same():
    record = random_record(9, "2v2")
    at = len(record.choices) // 2
    first = play_from(record, at, 0, seed=1).game
    assert fingerprint(play_from(record, at, 0, seed=1).game) == fingerprint(first)
    assert fingerprint(play_from(record, at, 0, seed=2).game) != fingerprint(first)


def test_moments_no_game_can_start_from_are_refused_in_one_line():
    record = random_record(10, "1v1")
    for at, seat in ((len(record.choices), 0), (-1, 0), (10**9, 0), (0, 2), (0, "1")):
        with pytest.raises(PlayFromError) as info:
            play_from(record, at, seat)
        assert "\n" not in str(info.value)


def test_a_damaged_starting_point_is_one_clear_line(tmp_path):
    record = random_record(11, "1v1")
    branch = play_from(record, 6, 0, seed=4)
    good = rec.to_data(branch.record)

    def variant(**changes) -> dict:
        return {**good, "start": {**good["start"], **changes}}

    nested: dict = {**good["start"]}
    for _ in range(12):
        nested = {**good["start"], "start": nested}
    other_seat = 1 - good["start"]["seat"]
    bad = {
        "deal": (variant(deal="shuffled"), "deal"),
        "seat": (variant(seat=7), "seat"),
        "seed": (variant(seed="x"), "seed"),
        "choices": (variant(choices=[{"verb": "explode"}]), "starting point's choice 1"),
        "deep": ({**good, "start": nested}, "more than 8 deep"),
        "not a dict": ({**good, "start": [1, 2]}, "not readable"),
        "wrong seat": (variant(seat=other_seat), "does not decide"),
        "illegal": (variant(choices=good["start"]["choices"][:3] + [good["start"]["choices"][1]]),
                    "its starting point cannot be rebuilt: choice 4"),
    }
    for name, (data, expected) in bad.items():
        path = tmp_path / "game.json"
        path.write_text(rec.json.dumps(data), encoding="utf-8")
        with pytest.raises(RecordError) as info:
            read_record(path, verify=True)
        message = str(info.value)
        assert expected in message and "\n" not in message and len(message) < 200, (name, message)


def test_history_through_the_start_is_the_parents_history():
    record = random_record(12, "1v1")
    branch = play_from(record, 9, 1, same_deal=True)
    parent_game, _events = history(parent_record(branch.record), db())
    assert fingerprint(parent_game) == fingerprint(branch.game)


def test_seats_must_be_people_or_computers_of_a_level():
    record = random_record(13, "1v1")
    for seats in ((SeatInfo("person", None, "A"),),
                  (SeatInfo("person", None, "A"), SeatInfo("computer", None, "B")),
                  (SeatInfo("person", None, "A"), SeatInfo("robot", "hard", "B"))):
        with pytest.raises(ValueError):
            play_from(record, 4, 0, seats=seats)
    hot = play_from(record, 4, 0, seats=(SeatInfo("person", None, "A"),
                                         SeatInfo("person", None, "B")))
    assert hot.record.mode == "hotseat"
    demo = play_from(record, 4, 0, seats=(SeatInfo("computer", "easy", "A"),
                                          SeatInfo("computer", "hard", "B")))
    assert demo.record.mode == "demo" and rec.loads(rec.dumps(demo.record)) == demo.record
