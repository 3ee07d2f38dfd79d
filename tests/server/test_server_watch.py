"""Spectators of the online server, over real TLS on loopback: the running games that take
them are listed and watched by their listed id or by invite code; a room may refuse them; a
spectator's pick is refused with the game unchanged, and a spectator cannot take a seat; the
headless bot lists and watches. (What a spectator is sent is audited byte by byte in
test_server_game.py's whole game.)"""

from __future__ import annotations

import asyncio

import pytest

from game.persist.record import loads
from game.server import bot as bot_cli
from game.server.client import Refused
from tests.support.online import Captured, bot, running_server
from tests.support.secrecy import check_spectator_capture


async def _until_my_decision(player) -> None:
    """Read until the player's own decision is pending (the computer has answered before)."""
    while not (player.view is not None and player.view.state.pending is not None
               and player.view.state.pending.seat == player.seat and player.status == "playing"):
        await player._next(5)


async def _refusal(player, action) -> str:
    with pytest.raises(Refused) as refused:
        await action
    await player.close()
    return refused.value.code


def test_spectators_list_watch_and_cannot_play(tmp_path):
    async def run():
        async with running_server(tmp_path / "server") as server:
            ada = bot(tmp_path / "ada", server.port, "Ada", level=None)
            await ada.connect()
            code = await ada.create("1v1", ["person", "computer:random"])
            await _until_my_decision(ada)
            private = bot(tmp_path / "bo", server.port, "Bo", level=None)
            await private.connect()
            hidden = await private.create("1v1", ["person", "computer:random"],
                                          spectators=False)
            waiting = bot(tmp_path / "cy", server.port, "Cy", level=None)
            await waiting.connect()
            unstarted = await waiting.create("1v1", ["person", "person"])

            dora = bot(tmp_path / "dora", server.port, "Dora")
            await dora.connect()
            listed = await dora.browse()
            room = server.rooms[code]
            # not the room that refuses spectators, nor the one whose seats are not all taken
            listed_before_start = server.rooms[unstarted].game_id in str(listed)
            assert [g["game"] for g in listed] == [room.game_id]
            assert listed[0]["names"] == ["Ada", room.seats[1].name]
            assert listed[0]["spectators"] == 0 and code not in str(listed)
            await dora.watch(listed[0]["game"])
            assert dora.watching and dora.delay == 3 and dora.seat is None
            assert (await dora.browse())[0]["spectators"] == 1
            while dora.view is None:
                await dora._next(5)
            assert all(c == -1 for hand in dora.view.state.hands for c in hand)

            # A spectator's pick: refused, the game unchanged, the watch goes on.
            choices = len(room.record.choices)
            pending = room.game.pending
            option = pending.options[0]
            dora._send({"t": "pick", "serial": pending.serial, "verb": option.verb,
                        "card": option.card, "seat": option.seat})
            error = None
            while error is None:
                message = await dora._next(5)
                if message is not None and message["t"] == "error":
                    error = message
            assert error["code"] == "spectator" and "spectator" in error["text"]
            assert len(room.record.choices) == choices and room.game.pending == pending
            # Ada plays on; Dora still follows (3 decisions behind, so keep going a little).
            ada.level = "random"
            played = asyncio.create_task(ada.play())
            watched = asyncio.create_task(dora.play())
            results = await asyncio.wait_for(asyncio.gather(played, watched), 30)

            # A connection that watches takes no seat; refusals for the other rooms.
            eve = bot(tmp_path / "eve", server.port, "Eve")
            refusals = []
            for target in (hidden, code, "ZZZZZZ" if code != "ZZZZZZ" else "YYYYYY"):
                await eve.connect()
                refusals.append(await _refusal(eve, eve.watch(target)))
            for player in (private, waiting):
                await player.close()
            return results, refusals, dora, listed_before_start

    results, refusals, dora, listed_before_start = asyncio.run(asyncio.wait_for(run(), 60))

    assert results == [0, 0] and dora.over_line.startswith("GAME OVER")
    assert dora.replay_path is None  # a watched game is not kept as the spectator's own
    assert refusals == ["no_spectators", "not_running", "code"]  # the last: a finished game
    assert not listed_before_start


def test_a_spectator_cannot_take_a_seat_afterwards(tmp_path):
    async def run():
        async with running_server(tmp_path / "server") as server:
            ada = bot(tmp_path / "ada", server.port, "Ada", level=None)
            await ada.connect()
            code = await ada.create("1v1", ["person", "computer:random"])
            dora = bot(tmp_path / "dora", server.port, "Dora")
            await dora.connect()
            await dora.watch(code.lower())
            code_refused = await _refusal(dora, dora.join(code))
            await ada.close()
            return code_refused, [s.name for s in server.rooms[code].seats]

    refused, names = asyncio.run(asyncio.wait_for(run(), 60))
    assert refused == "schema" and names[0] == "Ada"


def test_the_headless_bot_lists_and_watches_a_game(tmp_path, capsys):
    async def run():
        async with running_server(tmp_path / "server") as server:
            ada = bot(tmp_path / "ada", server.port, "Ada", level=None)
            await ada.connect()
            code = await ada.create("1v1", ["person", "computer:random"])
            await _until_my_decision(ada)
            where = f"127.0.0.1:{server.port}"
            listed = await bot_cli.run(bot_cli.parse([where, "--list", "--data",
                                                      str(tmp_path / "lister")]))
            listing = capsys.readouterr().out
            watcher = asyncio.create_task(bot_cli.run(bot_cli.parse(
                [where, "--watch", code, "--data", str(tmp_path / "watcher")])))
            seen = ""
            while "WATCHING" not in seen:
                await asyncio.sleep(0.01)  # the bot's own task logs in and starts watching
                seen += capsys.readouterr().out
            ada.level = "random"
            return listed, await asyncio.wait_for(asyncio.gather(ada.play(), watcher), 30), \
                listing, server.rooms[code].game_id, seen

    listed, results, listing, game_id, seen = asyncio.run(asyncio.wait_for(run(), 60))
    out = seen + capsys.readouterr().out
    assert listed == 0 and f"GAME {game_id} 1v1 friendly turn=" in listing
    assert "spectators=0 Ada vs " in listing
    assert results == [0, 0]
    assert "WATCHING delay=3\nTURN 1\n" in out and "TURN 2\n" in out
    assert out.count("GAME OVER winner=") == 1  # the watcher's (the player's bot logs nothing)


def test_the_bot_refuses_watch_options_that_do_not_fit(capsys):
    for args in (["127.0.0.1:1", "--watch", "ABC", "--cover", "easy"],
                 ["127.0.0.1:1", "--join", "ABC", "--no-spectators"],
                 ["127.0.0.1:1", "--watch", "ABC", "--list"]):
        with pytest.raises(SystemExit) as ended:
            bot_cli.parse(args)
        assert ended.value.code == 2
        assert "Traceback" not in capsys.readouterr().err


def test_a_2v2_spectator_sees_no_hand_of_any_of_the_four_seats(tmp_path):
    captured = Captured()

    async def run():
        async with running_server(tmp_path / "server", captured) as server:
            ada = bot(tmp_path / "ada", server.port, "Ada", level=None)
            await ada.connect()
            code = await ada.create("2v2", ["computer:random", "person", "computer:random",
                                            "computer:random"])
            await _until_my_decision(ada)
            dora = bot(tmp_path / "dora", server.port, "Dora")
            await dora.connect()
            await dora.watch(code)
            ada.level = "random"
            return await asyncio.wait_for(asyncio.gather(ada.play(), dora.play()), 30), ada

    results, ada = asyncio.run(asyncio.wait_for(run(), 60))
    assert results == [0, 0]
    record = loads(ada.replay_path.read_text(encoding="utf-8"))
    watched = captured.frames()[1]
    started_at = next(f["decision_no"] for f in watched if f["t"] == "state")
    checked = check_spectator_capture(watched, record.seed,
                                      ("challenge", "identity", "watching", "cover"))
    assert checked == len(record.choices) - started_at + 1


def test_a_spectator_whose_game_cannot_be_watched_again_stops_trying(tmp_path):
    async def run():
        async with running_server(tmp_path / "server") as server:
            cy = bot(tmp_path / "cy", server.port, "Cy")
            await cy.connect()
            code = await cy.create("1v1", ["person", "computer:random"])
            await cy.play()
            dora = bot(tmp_path / "dora", server.port, "Dora")
            dora.watching, dora.code = True, code  # as after a drop: watch it again, but over
            ended = await asyncio.wait_for(dora.play(), 10)  # not five minutes of retries
            return ended, dora.status

    assert asyncio.run(asyncio.wait_for(run(), 60)) == (1, "refused")


def test_a_spectator_who_comes_before_the_game_begins_is_told_when_it_does(tmp_path):
    async def run():
        async with running_server(tmp_path / "server") as server:
            ada = bot(tmp_path / "ada", server.port, "Ada")
            await ada.connect()
            code = await ada.create("1v1", ["person", "person"])
            dora = bot(tmp_path / "dora", server.port, "Dora")
            await dora.connect()
            await dora.watch(code)
            while dora.view is None:
                await dora._next(5)
            before = (dora.status, [len(h) for h in dora.view.state.hands],
                      {c for h in dora.view.state.hands for c in h})
            basil = bot(tmp_path / "basil", server.port, "Basil")
            await basil.connect()
            await basil.join(code)
            while dora.status != "playing":
                await dora._next(5)
            results = await asyncio.wait_for(asyncio.gather(ada.play(), basil.play(),
                                                            dora.play()), 30)
            return before, results, dora.over_line == ada.over_line

    before, results, same_end = asyncio.run(asyncio.wait_for(run(), 60))
    assert before == ("waiting", [5, 5], {-1})  # the deal, every hand face down
    assert results == [0, 0, 0] and same_end
