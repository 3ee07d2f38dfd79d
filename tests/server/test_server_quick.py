"""Quick match over real TLS on loopback: two bots find each other through the queue and play
a ranked, timed 1v1 whose ratings move by Glicko-2; the leaderboard; a player who waits is
told how long and may leave; a seat whose time runs out is played by the server and the
others are told."""

from __future__ import annotations

import asyncio
from dataclasses import replace

import game.server.quickmatch as quickmatch
from game.net import protocol as P
from game.server import bot as bot_cli
from game.server.config import ServerLimits
from game.server.glicko import Rating, team_game
from tests.support.online import bot, running_server


def test_two_bots_find_each_other_by_quick_match_and_their_ratings_move_by_glicko2(tmp_path):
    async def play():
        async with running_server(tmp_path / "server") as server:
            ada = bot(tmp_path / "ada", server.port, "Ada", seed=1)
            basil = bot(tmp_path / "basil", server.port, "Basil", seed=2)
            for player in (ada, basil):
                await player.connect()
            seats = await asyncio.wait_for(asyncio.gather(ada.quick(), basil.quick()), 20)
            room = server.rooms[ada.code]
            told = (room.ranked, room.timed, ada.code == basil.code)
            results = await asyncio.wait_for(asyncio.gather(ada.play(), basil.play()), 60)
            store = server.store
            ratings = {p.name: store.rating(p.key.public_hex) for p in (ada, basil)}
            await ada.connect()
            board = await ada.leaders(10)
            await ada.close()
            return seats, told, results, ratings, board, ada, basil

    seats, told, results, ratings, board, ada, basil = asyncio.run(asyncio.wait_for(play(), 90))
    assert sorted(seats) == [0, 1] and told == (True, True, True)
    assert results == [0, 0]
    winner = int(ada.over_line.split("winner=")[1].split()[0])
    names = ["Ada", "Basil"] if ada.seat == 0 else ["Basil", "Ada"]
    expected = team_game([Rating(), Rating()], winner)  # both new: 1500, RD 350
    assert [ratings[n] for n in names] == expected
    assert expected[winner].rating > 1600 and expected[winner].rd < 300
    # Both were sent the clocks of a timed game (a ranked room is timed).
    assert ada.clock is not None and len(ada.clock["banks_ms"]) == 2
    # The leaderboard: both, the winner first (rating - 2 RD), and Ada's own place.
    top = board["top"]
    assert [e["name"] for e in top] == [names[winner], names[1 - winner]]
    assert [e["rank"] for e in top] == [1, 2]
    assert top[0]["score"] == round(expected[winner].rating - 2 * expected[winner].rd)
    assert board["you"]["name"] == "Ada" and board["you"]["rank"] == (1 if names[winner] ==
                                                                       "Ada" else 2)


def test_a_waiting_player_is_told_the_time_waited_and_may_leave_the_queue(tmp_path, capsys,
                                                                          monkeypatch):
    monkeypatch.setattr(quickmatch, "QUEUE_NOTICE", 0.05)  # a notice each beat

    async def run():
        async with running_server(tmp_path / "server") as server:
            code = await bot_cli.run(bot_cli.parse(
                [f"127.0.0.1:{server.port}", "--quick", "--cancel-after", "3", "--name", "Ada",
                 "--data", str(tmp_path / "ada")]))
            return code, dict(server.desk.queued), await server.desk.queue.size()

    code, queued, size = asyncio.run(asyncio.wait_for(run(), 30))
    out = capsys.readouterr().out
    assert code == 0 and queued == {} and size == 0
    assert out.count("WAITING ") >= 3 and "(within 100 of my rating, 1 waiting)" in out
    assert "CANCELLED after " in out


def test_a_player_waiting_longer_than_the_silence_limit_stays_and_is_matched(tmp_path,
                                                                            monkeypatch):
    monkeypatch.setattr(quickmatch, "QUEUE_NOTICE", 0.05)
    limits = replace(ServerLimits(), idle_timeout=0.6)  # silence closes after 0.6 s

    async def run():
        async with running_server(tmp_path / "server", limits=limits) as server:
            ada = bot(tmp_path / "ada", server.port, "Ada")
            ada.limits = replace(P.Limits(), ping_interval=0.1)
            await ada.connect()
            waiting = asyncio.create_task(ada.quick())
            while ada.waited < 1:  # longer than the silence limit, alone in the queue
                await asyncio.sleep(0.05)
            basil = bot(tmp_path / "basil", server.port, "Basil")
            await basil.connect()
            seats = await asyncio.wait_for(asyncio.gather(waiting, basil.quick()), 10)
            await ada.close()
            await basil.close()
            return sorted(seats)

    assert asyncio.run(asyncio.wait_for(run(), 30)) == [0, 1]


def test_the_headless_bot_plays_a_quick_match_and_prints_the_leaderboard(tmp_path, capsys):
    async def run():
        async with running_server(tmp_path / "server") as server:
            where = f"127.0.0.1:{server.port}"
            games = [bot_cli.run(bot_cli.parse([where, "--quick", "--name", name, "--leaders",
                                                "5", "--data", str(tmp_path / name)]))
                     for name in ("Ada", "Basil")]
            return await asyncio.wait_for(asyncio.gather(*games), 60)

    assert asyncio.run(asyncio.wait_for(run(), 90)) == [0, 0]
    out = capsys.readouterr().out
    assert out.count("GAME OVER winner=") == 2 and out.count("SEATED seat=") == 2
    assert out.count("LEADER 1 ") >= 2 and out.count("(you)") == 2


def test_a_seat_out_of_time_is_played_by_the_server_and_the_other_is_told(tmp_path):
    limits = replace(ServerLimits(), decision_seconds=0.05, bank_seconds=0.1)

    async def run():
        async with running_server(tmp_path / "server", limits=limits) as server:
            idle = bot(tmp_path / "ada", server.port, "Ada", level=None)  # never picks
            other = bot(tmp_path / "basil", server.port, "Basil", seed=3)
            await idle.connect()
            code = await idle.create("1v1", ["person", "person"], ranked=True)
            await other.connect()
            await other.join(code)
            playing = asyncio.create_task(other.play())
            while idle.timeouts.count(idle.seat) < 3 and idle.status != "over":
                await idle.step()
            room = server.rooms[code]
            answered = len(room.record.choices)
            clock = server.timekeeper.clocks.get(code)
            banks = clock.banks[:] if clock else None
            kept = room.to_data()["banks"]  # what a restart would go on with
            await idle.close()
            playing.cancel()
            await other.close()
            return idle, other, answered, banks, kept

    idle, other, answered, banks, kept = asyncio.run(asyncio.wait_for(run(), 60))
    assert idle.timeouts[:3] == [idle.seat] * 3  # the server answered Ada's decisions
    assert other.timeouts[:3] == [idle.seat] * 3  # and told Basil each time
    assert answered >= 3
    assert banks is None or banks[idle.seat] == 0.0  # her bank spent (None: the game ended)
    assert kept[idle.seat] == 0.0  # and kept so with the running game


def test_a_friendly_room_is_untimed_unless_it_asks(tmp_path):
    async def run():
        async with running_server(tmp_path / "server") as server:
            seen = []
            for timed in (False, True):
                ada = bot(tmp_path / "ada", server.port, "Ada")
                await ada.connect()
                await ada.create("1v1", ["person", "computer:random"], timed=timed)
                while ada.decision_no < 2 and ada.status != "over":
                    await ada.step()
                seen.append((server.rooms[ada.code].timed, ada.clock is not None))
                await ada.close()
            return seen

    assert asyncio.run(asyncio.wait_for(run(), 60)) == [(False, False), (True, True)]
