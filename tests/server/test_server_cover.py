"""A dropped player's seat, over real TLS on loopback: it waits 60 s (on the server's cover
clock, moved by the test: nothing waits a minute), the other seat and a spectator are told with
the seconds left, then a computer at the level the player chose plays it through the engine's
decisions, and the player takes it back with their key; the game finishes, and every choice the
computer made is the one ``game.net.players.decide`` makes at that point."""

from __future__ import annotations

import asyncio
import json

import pytest

from game.cards import load_cards
from game.net.players import decide
from game.persist.rebuild import apply_choice, fresh_game
from game.persist.record import RecordError, loads
from game.server.config import ServerLimits
from game.server.cover import DEFAULT_LEVEL, cover_level
from game.server.room import Room
from game.server.timekeeper import Timekeeper
from tests.support.online import bot, running_server


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


async def _read_until(player, kind: str, test=lambda m: True) -> dict:
    while True:
        message = await player._next(5)
        if message is not None and message["t"] == kind and test(message):
            return message


def test_a_dropped_seat_waits_then_the_computer_plays_it_until_the_player_is_back(tmp_path):
    clock = Clock()

    async def run():
        async with running_server(tmp_path / "server") as server:
            server.covers.clock = clock
            ada = bot(tmp_path / "ada", server.port, "Ada")
            await ada.connect()
            code = await ada.create("1v1", ["person", "person"])
            basil = bot(tmp_path / "basil", server.port, "Basil")
            await basil.connect()
            await basil.join(code, cover="random")  # his choice of computer
            cleo = bot(tmp_path / "cleo", server.port, "Cleo")
            await cleo.connect()
            await cleo.watch(code)
            room = server.rooms[code]
            assert room.cover_levels == {0: DEFAULT_LEVEL, 1: "random"}

            basil._lost("the test pulls the cable")  # no bye: the connection just ends
            told = [await _read_until(p, "cover") for p in (ada, cleo)]
            # Ada plays her decisions; the game then waits at Basil's.
            while room.game.pending.seat != 1:
                await ada.step()
            waited_at = len(room.record.choices)
            clock.now += 30
            late = bot(tmp_path / "dora", server.port, "Dora")  # a spectator coming in now
            await late.connect()
            await late.watch(code)
            halfway = await _read_until(late, "cover")
            clock.now += 29.5
            server._cover_due()
            still_waiting = (len(room.record.choices), dict(room.covered))
            clock.now += 0.5
            server._cover_due()
            covered_at = len(room.record.choices)  # the computer decides in a worker thread
            covered = [await _read_until(p, "cover") for p in (ada, cleo)]
            while len(room.record.choices) < covered_at + 8 and not room.over:
                await ada.step()  # Ada's computer and Basil's cover play on
            await basil.connect()
            await basil.join(code)
            back_at = len(room.record.choices)
            back = [await _read_until(p, "cover") for p in (ada, cleo)]
            after_back = dict(room.covered)
            results = await asyncio.wait_for(asyncio.gather(
                ada.play(), basil.play(), cleo.play(), late.play()), 30)
            return (told, halfway, still_waiting, waited_at, covered, covered_at, back,
                    back_at, after_back, results, ada, basil)

    (told, halfway, still_waiting, waited_at, covered, covered_at, back, back_at, after_back,
     results, ada, basil) = asyncio.run(asyncio.wait_for(run(), 60))
    assert told == [{"t": "cover", "seat": 1, "state": "waiting", "seconds": 60,
                     "level": "random"}] * 2
    assert halfway["state"] == "waiting" and halfway["seconds"] == 30
    assert still_waiting == (waited_at, {})  # 59.5 s: nobody decided for Basil
    assert covered == [{"t": "cover", "seat": 1, "state": "computer", "seconds": 0,
                        "level": "random"}] * 2
    assert covered_at == waited_at
    assert back == [{"t": "cover", "seat": 1, "state": "back", "seconds": 0,
                     "level": "random"}] * 2
    assert after_back == {}
    assert results == [0, 0, 0, 0]
    assert ada.replay_path.read_bytes() == basil.replay_path.read_bytes()
    # The replay holds the game as played: the computer's choices for Basil are the ones the
    # random computer makes at those points, through the engine like any seat's.
    record = loads(ada.replay_path.read_text(encoding="utf-8"))
    game, _ = fresh_game(record)
    by_computer = 0
    for i, choice in enumerate(record.choices):
        if waited_at <= i < back_at and choice.by == 1:
            picked = decide("random", record.seed, 1, i, game.view(1))
            assert (picked.verb, picked.card, picked.seat) == \
                (choice.verb, choice.card, choice.seat), i
            by_computer += 1
        apply_choice(game, choice, i)
    assert by_computer >= 1
    assert game.winner == record.result.winner


def test_the_computer_covering_a_seat_is_the_players_choice_and_easy_at_most_when_ranked():
    assert cover_level(None, False) == DEFAULT_LEVEL == "easy"
    assert cover_level("expert", False) == "expert"
    assert cover_level("random", True) == "random"
    # Dropping on purpose must not let a stronger computer win rating for a player.
    for level in ("medium", "hard", "expert"):
        assert cover_level(level, True) == "easy"


def test_a_kept_room_keeps_its_spectators_flag_and_cover_levels():
    db = load_cards()
    room = Room.new("ABCDEF", "1v1", False, ["person", "person"], db, seed=5,
                    spectators=False)
    room.cover_levels = {0: "medium", 1: "random"}
    again = Room.from_data(json.loads(json.dumps(room.to_data())), db)
    assert (again.spectators, again.cover_levels) == (False, {0: "medium", 1: "random"})
    older = {k: v for k, v in room.to_data().items() if k not in ("spectators", "cover")}
    kept_before = Room.from_data(older, db)  # a game kept before rooms had these
    assert (kept_before.spectators, kept_before.cover_levels) == (True, {})
    with pytest.raises(RecordError):
        Room.from_data({**room.to_data(), "cover": {"7": "easy"}}, db)


class _Core:
    """The little of a server the timekeeper reads (no connection sits: nobody is sent)."""

    def __init__(self) -> None:
        self.limits = ServerLimits()
        self.sent: list[dict] = []

    def _seated_in(self, room: Room) -> list:
        return []


def test_a_covered_seat_is_not_timed_and_its_player_is_timed_again_when_back():
    room = Room.new("ABCDEF", "1v1", True, ["person", "person"], load_cards(), seed=5)
    room.take("a" * 64, "Ada")
    room.take("b" * 64, "Basil")
    keeper = Timekeeper(_Core())  # type: ignore[arg-type]  # only what timing reads
    keeper.timing(room)
    seat = room.game.pending.seat
    clock = keeper.clocks[room.code]
    assert clock.seat == seat and clock.deadline() is not None  # the player's clock runs
    room.covered[seat] = "easy"  # the wait is over: the computer plays the seat
    keeper.timing(room)
    assert clock.seat is None and clock.deadline() is None  # the computer is not timed
    del room.covered[seat]  # the player is back
    keeper.timing(room)
    assert clock.seat == seat and clock.deadline() is not None
