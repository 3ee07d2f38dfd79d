"""The quick-match queue (pairs by rating, a window that widens with the time waited, each
side's window respected) and the timers' clock and default choice, without a network."""

from __future__ import annotations

import asyncio
import json

import pytest

from game.cards import load_cards
from game.engine import Kind, new_game, option
from game.persist.record import RecordError
from game.server.matchmaking import LocalQueue, MatchQueue, QueueError, Ticket, window
from game.server.room import Room
from game.server.timers import Clock, TimeControl, default_option


def _pair(queue: LocalQueue, now: float) -> list[tuple[str, str]]:
    return [tuple(t.key for t in m.tickets) for m in asyncio.run(queue.pair(now))]


def _queue(*tickets: Ticket, **limits: int) -> LocalQueue:
    queue = LocalQueue(**limits)
    for ticket in tickets:
        asyncio.run(queue.join(ticket))
    return queue


def test_the_window_widens_by_50_every_10_seconds_up_to_1000():
    assert [window(s) for s in (0, 9.9, 10, 35, 60, 180, 10_000)] == \
        [100, 100, 150, 250, 400, 1000, 1000]


def test_close_ratings_pair_at_once_and_far_ones_only_when_both_have_waited():
    queue = _queue(Ticket("ada", 1500, 0.0), Ticket("basil", 1590, 1.0),
                   Ticket("cleo", 1800, 2.0))
    assert _pair(queue, 2.0) == [("ada", "basil")]  # 90 apart: within 100
    assert asyncio.run(queue.size()) == 1
    asyncio.run(queue.join(Ticket("dora", 1500, 50.0)))
    # Cleo has waited 58 s (window 350), Dora has just come (100): 300 apart is too far for her.
    assert _pair(queue, 58.0) == []
    # 40 s later Dora's window is 300 too: they meet.
    assert _pair(queue, 90.0) == [("cleo", "dora")]


def test_the_closest_rating_is_taken_and_the_longest_waiting_chooses_first():
    queue = _queue(Ticket("ada", 1500, 0.0), Ticket("basil", 1560, 5.0),
                   Ticket("cleo", 1510, 6.0), Ticket("dora", 1570, 7.0))
    assert _pair(queue, 8.0) == [("ada", "cleo"), ("basil", "dora")]


def test_a_key_waits_once_cancels_and_an_address_is_bounded():
    queue = _queue(Ticket("ada", 1500, 0.0, "10.0.0.1"), max_per_address=2)
    with pytest.raises(QueueError) as twice:
        asyncio.run(queue.join(Ticket("ada", 1500, 1.0, "10.0.0.1")))
    assert twice.value.code == "queued"
    asyncio.run(queue.join(Ticket("basil", 3000, 1.0, "10.0.0.1")))
    with pytest.raises(QueueError) as flood:
        asyncio.run(queue.join(Ticket("eve", 3000, 1.0, "10.0.0.1")))
    assert flood.value.code == "busy"
    assert asyncio.run(queue.size()) == 2  # the refused ticket changed nothing
    assert asyncio.run(queue.cancel("ada")).key == "ada"
    assert asyncio.run(queue.cancel("ada")) is None
    asyncio.run(queue.join(Ticket("eve", 3000, 2.0, "10.0.0.1")))  # the address has room again
    assert _pair(queue, 2.0) == [("basil", "eve")]
    assert asyncio.run(queue.waiting("basil")) is None


def test_the_local_queue_is_a_match_queue():
    queue: MatchQueue = LocalQueue()  # mypy checks the protocol; this checks it at run time
    assert all(callable(getattr(queue, name)) for name in
               ("join", "cancel", "waiting", "size", "pair"))


def test_the_clock_spends_the_free_time_then_the_bank():
    clock = Clock(TimeControl(decision=20, bank=60), seats=2)
    clock.start(0, 7, now=100.0)
    assert clock.deadline() == 180.0
    assert clock.left(110.0) == (10.0, 60.0)
    clock.stop(125.0)  # 25 s: 5 from the bank
    assert clock.banks == [55.0, 60.0] and clock.deadline() is None
    clock.start(1, 8, now=130.0)
    clock.start(1, 8, now=140.0)  # the same decision told again: its clock runs on
    assert clock.deadline() == 210.0
    assert clock.banks_at(200.0) == [55.0, 10.0]
    clock.stop(500.0)
    assert clock.banks == [55.0, 0.0]


def test_a_seat_out_of_time_declines_when_it_can_else_takes_the_first_option():
    g = new_game(load_cards(), seed=3)
    decision = g.pending
    assert decision.kind == Kind.ACTION  # no declining option: the engine's first
    assert default_option(decision) == decision.options[0]

    class Asked:  # a Mindbug decision's options: spending the Mindbug is never the default
        options = (option("mindbug"), option("pass"))
    assert default_option(Asked) == option("pass")


def test_a_timed_rooms_banks_are_kept_with_the_running_game_and_checked_on_resume():
    db = load_cards()
    room = Room.new("ABCDEF", "1v1", True, ["person", "person"], db, seed=5)
    assert room.timed and room.banks is None  # ranked: timed; nothing charged yet
    room.banks = [12.5, 0.0]
    kept = json.loads(json.dumps(room.to_data()))
    assert Room.from_data(kept, db).banks == [12.5, 0.0]
    friendly = Room.new("GHJKMN", "1v1", False, ["person", "computer:easy"], db, seed=5)
    assert not friendly.timed and Room.from_data(friendly.to_data(), db).banks is None
    for broken in ([1.0], [1.0, float("nan")], [1.0, -3], ["1", 2.0], 7, [1.0, 10**9]):
        with pytest.raises(RecordError, match="time banks"):
            Room.from_data({**kept, "banks": broken}, db)
