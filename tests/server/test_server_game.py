"""A whole online game: two bot clients over real TLS on loopback, a ranked room made and joined
by its invite code (the ratings move), and a spectator watching it; what each seat was sent
holds only what it may see, what the spectator was sent only what every seat sees, a few
decisions behind, and the wire holds nothing readable."""

from __future__ import annotations

import asyncio
import json

import pytest

from game.cards import load_cards
from game.engine import HIDDEN
from game.net.protocol import MAX_HOST_FRAME, FrameReader
from game.persist.record import loads
from game.server import bot as bot_cli
from tests.support.net_helpers import CaptureProxy
from tests.support.online import Captured, bot, running_server
from tests.support.secrecy import check_capture, check_spectator_capture

LOBBY = ("challenge", "identity", "room", "clock")  # a ranked room is timed: clocks
WATCH_LOBBY = ("challenge", "identity", "watching", "cover")


def _lag_behind(captured: Captured, seats: set[int], spectator: int) -> list[tuple[int, int]]:
    """At each of the spectator's states before the end: (the seats' latest decision_no sent
    before it, the spectator's own)."""
    live, over, lags = 0, False, []
    for session, frame in captured.order:
        (message,) = FrameReader(MAX_HOST_FRAME).feed(frame)
        if session in seats and message["t"] == "state":
            live = max(live, message["decision_no"])
        over = over or (session in seats and message["t"] == "over")
        if session == spectator and message["t"] == "state" and not over:
            lags.append((live, message["decision_no"]))
    return lags


def _audit_fails(frames: list[dict], seed: int) -> bool:
    try:
        check_spectator_capture(frames, seed, WATCH_LOBBY)
    except AssertionError:
        return True
    return False


def test_a_whole_1v1_between_two_clients_over_tls_by_invite_code(tmp_path):
    captured = Captured()
    proxy = watcher_wire = None

    async def play():
        nonlocal proxy, watcher_wire
        async with running_server(tmp_path / "server", captured) as server:
            ada = bot(tmp_path / "ada", server.port, "Ada", seed=1)
            await ada.connect()
            code = await ada.create("1v1", ["person", "person"], ranked=True)
            proxy = CaptureProxy(server.port)  # Basil's wire, as a listener on it sees it
            basil = bot(tmp_path / "basil", proxy.port, "Basil", seed=2)
            await basil.connect()
            typed = f"{code[:3].lower()}-{code[3:].lower()} "  # as a person might type it
            assert await basil.join(typed) == 1
            watcher_wire = CaptureProxy(server.port)  # the spectator's wire
            cleo = bot(tmp_path / "cleo", watcher_wire.port, "Cleo")
            await cleo.connect()
            await cleo.watch(code)
            results = await asyncio.wait_for(asyncio.gather(ada.play(), basil.play(),
                                                            cleo.play()), 60)
            ratings = server.store.db.execute(
                "SELECT key, rating, games, wins FROM players").fetchall()
            return server, ada, basil, cleo, code, results, ratings

    server, ada, basil, cleo, code, results, ratings = asyncio.run(asyncio.wait_for(play(), 90))
    try:
        assert results == [0, 0, 0]
        # A ranked game: Glicko-2 from the start (1500, RD 350): the winner gains what the
        # loser loses, 162.3 (a first game moves a rating far: its RD is large).
        winner = (ada, basil)[int(ada.over_line.split("winner=")[1].split()[0])]
        by_key = {key: (round(rating, 1), games, wins) for key, rating, games, wins in ratings}
        assert by_key[winner.key.public_hex] == (1662.3, 1, 1)
        loser = basil if winner is ada else ada
        assert by_key[loser.key.public_hex] == (1337.7, 1, 0)
        assert ada.over_line == basil.over_line and ada.over_line.startswith("GAME OVER")
        # Both pinned the certificate the server printed, on first contact.
        assert ada.first_contact and ada.fingerprint == server.fingerprint
        # The same replay, byte for byte, in both players' folders.
        assert ada.replay_path.read_bytes() == basil.replay_path.read_bytes()
        record = loads(ada.replay_path.read_text(encoding="utf-8"))
        assert [s.name for s in record.seats] == ["Ada", "Basil"]
        # What each seat was sent (server side, before TLS): only what that seat may see.
        frames = captured.frames()
        assert len(frames) == 3
        for seat, seat_frames in enumerate(frames[:2]):
            # the server deals a seed of its own, so the game's length varies: every turn sends
            # each seat at least one frame (a game of 5 turns gave seat 1 exactly 10 to check)
            assert check_capture(seat_frames, seat, [], record.seed, LOBBY) >= record.result.turns
        # The spectator: every decision of the game, each holding only what every seat sees,
        # 3 decisions behind the seats until the end (then the rest at once).
        watched = frames[2]
        assert check_spectator_capture(watched, record.seed, WATCH_LOBBY) == \
            len(record.choices) + 1
        sessions = sorted(captured.by_session)
        lags = _lag_behind(captured, set(sessions[:2]), sessions[2])
        assert all(shown <= max(0, live - 3) for live, shown in lags), lags
        assert sum(live - shown == 3 for live, shown in lags) > len(lags) // 2, lags
        assert cleo.over_line == ada.over_line and cleo.replay_path is None
        # The audit is not blind: a hand card, a draw pile's order, a card known to a seat or a
        # draw's card planted in one frame of what the spectator got fails it.
        at = next(i for i, f in enumerate(watched) if f["t"] == "state" and f["decision_no"] > 2)
        raw = watched[at]["view"]
        seated = next(s for s, hand in enumerate(raw["hands"]) if hand)
        plants = [("hands", lambda v: v["hands"][seated].__setitem__(0, v["unseen"][0])),
                  ("decks", lambda v: v.__setitem__("decks", [[HIDDEN] * n for n in v["decks"]])),
                  ("known", lambda v: v["known"].__setitem__(v["unseen"][0], 1)),
                  ("unseen", lambda v: v["unseen"].pop())]
        for what, plant in plants:
            planted = json.loads(json.dumps(watched))
            plant(planted[at]["view"])
            assert _audit_fails(planted, record.seed), what
        drawn = next(i for i, f in enumerate(watched) if f["t"] == "state"
                     and any(e[0] == "Drawn" for e in f["events"]))
        planted = json.loads(json.dumps(watched))
        event = next(e for e in planted[drawn]["events"] if e[0] == "Drawn")
        event[2] = [watched[drawn]["view"]["unseen"][0]] * len(event[2])
        assert _audit_fails(planted, record.seed), "a drawn card"
        # The wire itself: TLS records from the first byte, no card name, no JSON, no code.
        raw = bytes(proxy.received)
        assert raw[:1] == b"\x16" and raw[1:2] == b"\x03"  # a TLS handshake record
        assert len(raw) > 5000
        names = {d.name for d in load_cards().defs}
        assert len(names) > 20
        for name in names:
            assert name.encode() not in raw, name
        for readable in (b'"t":', b"state", b"Ada", b"Basil", code.encode()):
            assert readable not in raw
        watched_raw = bytes(watcher_wire.received)
        assert watched_raw[:1] == b"\x16" and len(watched_raw) > 5000
        for readable in (*(n.encode() for n in names), b'"t":', b"watching", b"Ada", b"Cleo",
                         code.encode()):
            assert readable not in watched_raw, readable
    finally:
        for wire in (proxy, watcher_wire):
            if wire is not None:
                wire.close()


@pytest.mark.parametrize("rules, seats", [
    ("1v1", ["person", "computer:random"]),
    ("2v2", ["computer:random", "person", "computer:random", "computer:random"]),
])
def test_the_finished_game_and_the_players_are_kept_in_the_servers_database(tmp_path, rules,
                                                                            seats):
    async def play():
        async with running_server(tmp_path / "server") as server:
            ada = bot(tmp_path / "ada", server.port, "Ada")
            await ada.connect()
            await ada.create(rules, seats)
            assert ada.seat == seats.index("person")
            assert await asyncio.wait_for(ada.play(), 60) == 0
            db = server.store.db
            return (server.store.finished_count(),
                    db.execute("SELECT COUNT(*) FROM running").fetchone()[0],
                    db.execute("SELECT name, games FROM players").fetchall(),
                    db.execute("SELECT keys, record FROM finished").fetchone(), ada)

    finished, running, players, (keys, text), ada = asyncio.run(asyncio.wait_for(play(), 90))
    assert (finished, running) == (1, 0)
    assert players == [("Ada", 0)]  # a friendly game: no rating moves
    assert loads(text) == loads(ada.replay_path.read_text(encoding="utf-8"))
    assert json.loads(keys) == [ada.key.public_hex if k == "person" else None for k in seats]
    assert loads(text).rules == rules


def test_the_headless_bot_makes_a_room_and_another_joins_it_by_code(tmp_path, capsys):

    async def play():
        async with running_server(tmp_path / "server") as server:
            where = f"127.0.0.1:{server.port}"
            maker = asyncio.create_task(bot_cli.run(bot_cli.parse(
                [where, "--create", "1v1", "--seat", "person", "--seat", "person",
                 "--name", "Ada", "--fingerprint", server.fingerprint,
                 "--data", str(tmp_path / "ada")])))
            while "CODE=" not in (out := capsys.readouterr().out):
                await asyncio.sleep(0.01)
            code = out.split("CODE=")[1].split()[0]
            joiner = bot_cli.run(bot_cli.parse([where, "--join", code, "--name", "Basil",
                                                "--data", str(tmp_path / "basil")]))
            return await asyncio.wait_for(asyncio.gather(maker, joiner), 60), code

    (made, joined), code = asyncio.run(asyncio.wait_for(play(), 90))
    out = capsys.readouterr().out
    assert (made, joined) == (0, 0)
    assert "SEATED seat=1" in out and f"CODE={code}" in out
    assert out.count("GAME OVER winner=") == 2 and out.count("REPLAY ") == 2


def test_the_bot_says_what_is_wrong_in_one_line(capsys):
    for args in (["nowhere", "--join", "ABC"], ["127.0.0.1:1", "--create", "1v1", "--seat",
                                                 "computer:easy", "--seat", "computer:easy"],
                 ["127.0.0.1:1", "--join", "ABC", "--ranked"]):
        with pytest.raises(SystemExit) as ended:
            bot_cli.parse(args)
        assert ended.value.code == 2
        assert "Traceback" not in capsys.readouterr().err
