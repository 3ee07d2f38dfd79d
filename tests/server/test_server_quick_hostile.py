"""Hostile input to quick match, the leaderboard and the timed room: garbage, huge numbers,
NaN, wrong types, a server's own message sent by a client, a queue flood from one key and from
one address. Each is refused with a clear message, the queue is as it was, the server goes on."""

from __future__ import annotations

import asyncio
import ssl
from dataclasses import replace

import pytest

from game.net import protocol as P
from game.server import messages as M
from game.server.client import Refused
from game.server.config import ServerLimits
from game.server.identity import load_or_make_key
from game.server.tls import client_context
from tests.support.online import bot, running_server


class Raw:
    """A logged-in TLS connection that sends whatever a test gives it."""

    def __init__(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        self.reader, self.writer = reader, writer
        self.frames = P.FrameReader(P.MAX_HOST_FRAME)
        self.inbox: list[dict] = []

    @classmethod
    async def open(cls, port: int, folder, fingerprint: str) -> Raw:
        reader, writer = await asyncio.open_connection("127.0.0.1", port, ssl=client_context())
        raw = cls(reader, writer)
        nonce = (await raw.next())["nonce"]
        key = load_or_make_key(folder)
        raw.send({"t": "login", "protocol": M.SERVER_PROTOCOL,
                  "seat_protocol": P.PROTOCOL_VERSION, "cards": P.card_set_fingerprint(),
                  "key": key.public_hex, "signature": key.sign(nonce, fingerprint),
                  "name": "Eve"})
        assert (await raw.next())["t"] == "identity"
        return raw

    def send(self, message: dict | bytes) -> None:
        self.writer.write(message if isinstance(message, bytes) else P.encode_frame(message))

    async def next(self) -> dict | None:
        """The next frame (pings skipped); None when the server closed the connection."""
        while True:
            while not self.inbox:
                try:
                    data = await asyncio.wait_for(self.reader.read(65536), 10)
                except (ConnectionError, ssl.SSLError):
                    return None
                if not data:
                    return None
                self.inbox += self.frames.feed(data)
            frame = self.inbox.pop(0)
            if frame["t"] != "ping":
                return frame


def _body(text: str) -> bytes:
    data = text.encode()
    return len(data).to_bytes(4, "big") + data


@pytest.mark.parametrize("sent, code", [
    ({"t": "quick", "rules": "2v2"}, "schema"),  # quick match is 1v1
    ({"t": "quick"}, "schema"),
    ({"t": "quick", "rules": ["1v1"]}, "schema"),
    ({"t": "quick", "rules": "1v1", "rating": 3000}, "schema"),  # no say in one's own rating
    ({"t": "leaders", "count": 10**12}, "schema"),
    ({"t": "leaders", "count": 0}, "schema"),
    ({"t": "leaders", "count": "10"}, "schema"),
    ({"t": "leaders", "count": 1.5}, "schema"),
    ({"t": "leaders", "count": True}, "schema"),
    (_body('{"t": "leaders", "count": NaN}'), "garbage"),
    (_body('{"t": "leaders", "count": 1e400}'), "garbage"),
    (_body('{"t": "leaders", "count": 1' + "0" * 5000 + '}'), "too_large"),
    ({"t": "cancel", "all": True}, "schema"),
    ({"t": "create", "rules": "1v1", "seats": ["person", "person"], "ranked": False,
      "timed": "yes"}, "schema"),
    ({"t": "timeout", "seat": 1, "serial": 0}, "schema"),  # the server's message, not a client's
    ({"t": "clock", "seat": 0, "serial": 0, "decision_ms": 10**9, "banks_ms": [10**9]},
     "schema"),
], ids=lambda v: repr(v)[:30] if isinstance(v, (bytes, dict)) else None)
def test_hostile_lobby_messages_are_refused_and_the_queue_is_unchanged(tmp_path, sent, code):
    async def run():
        async with running_server(tmp_path / "server") as server:
            waiting = await Raw.open(server.port, tmp_path / "ada", server.fingerprint)
            waiting.send({"t": "quick", "rules": "1v1"})
            assert (await waiting.next())["t"] == "queued"
            eve = await Raw.open(server.port, tmp_path / "eve", server.fingerprint)
            eve.send(sent)
            answer = await eve.next()
            closed = await eve.next() is None
            state = (sorted(server.desk.queued), await server.desk.queue.size(), len(server.rooms))
            # The server goes on: someone else still gets a leaderboard.
            cleo = bot(tmp_path / "cleo", server.port, "Cleo")
            await cleo.connect()
            board = await cleo.leaders(3)
            await cleo.close()
            return answer, closed, state, board, waiting

    answer, closed, state, board, waiting = asyncio.run(asyncio.wait_for(run(), 30))
    assert answer["t"] == "refused" and answer["code"] == code and closed
    assert len(answer["text"]) < 200 and "Traceback" not in answer["text"]
    assert state == ([load_or_make_key(tmp_path / "ada").public_hex], 1, 0)
    assert board == {"t": "leaderboard", "top": [], "you": None}


def test_a_queue_flood_from_one_key_and_from_one_address_is_braked(tmp_path):
    limits = replace(ServerLimits(), quick_per_minute=3, queue_per_address=2)

    async def run():
        async with running_server(tmp_path / "server", limits=limits) as server:
            eve = await Raw.open(server.port, tmp_path / "eve", server.fingerprint)
            told = []
            for _ in range(3):  # joins and leaves as fast as it can
                eve.send({"t": "quick", "rules": "1v1"})
                eve.send({"t": "quick", "rules": "1v1"})  # twice: "queued", nothing changes
                eve.send({"t": "cancel"})
                for _ in range(3):
                    told.append((await eve.next())["t"])
            eve.send({"t": "cancel"})  # not waiting
            eve.send({"t": "quick", "rules": "1v1"})  # the fourth in a minute
            for _ in range(2):
                frame = await eve.next()
                told.append(frame["code"] if frame["t"] == "error" else frame["t"])
            after_key_flood = (dict(server.desk.queued), await server.desk.queue.size())
            # The same connection may still ask for the leaderboard: it was not thrown out;
            # asked again at once, it is told to wait (a place is a count over every player).
            eve.send({"t": "leaders", "count": 1})
            eve.send({"t": "leaders", "count": 1})
            for _ in range(2):
                frame = await eve.next()
                told.append(frame["code"] if frame["t"] == "error" else frame["t"])
            # Other keys from the same address: two may wait, the third is refused.
            others = [await Raw.open(server.port, tmp_path / f"k{i}", server.fingerprint)
                      for i in range(3)]
            for other in others:
                other.send({"t": "quick", "rules": "1v1"})
            answers = []
            for other in others:
                frame = await other.next()
                answers.append(frame["code"] if frame["t"] == "error" else frame["t"])
            return told, after_key_flood, answers

    told, after_key_flood, answers = asyncio.run(asyncio.wait_for(run(), 30))
    assert told[:9] == ["queued", "error", "cancelled"] * 3  # the error: "queued" already
    assert told[9:] == ["not_queued", "queue_wait", "leaderboard", "leaders_wait"]
    assert after_key_flood == ({}, 0)
    assert sorted(answers) == ["busy", "queued", "queued"]


def test_a_player_waiting_for_a_match_cannot_also_make_or_join_a_room(tmp_path):
    async def run():
        async with running_server(tmp_path / "server") as server:
            ada = bot(tmp_path / "ada", server.port, "Ada")
            await ada.connect()
            ada._send({"t": "quick", "rules": "1v1"})
            await ada._expect("queued")
            with pytest.raises(Refused, match="waits for a quick match"):
                await ada.create("1v1", ["person", "computer:random"])
            await asyncio.sleep(0)  # the closed connection's ticket leaves the queue
            for _ in range(100):
                if not await server.desk.queue.size():
                    break
                await asyncio.sleep(0.01)
            return dict(server.desk.queued), await server.desk.queue.size(), len(server.rooms)

    assert asyncio.run(asyncio.wait_for(run(), 30)) == ({}, 0, 0)


def test_a_spectator_cannot_wait_for_a_match_nor_a_waiting_player_watch(tmp_path):
    async def run():
        async with running_server(tmp_path / "server") as server:
            ada = bot(tmp_path / "ada", server.port, "Ada")
            await ada.connect()
            code = await ada.create("1v1", ["person", "computer:random"])
            cleo = bot(tmp_path / "cleo", server.port, "Cleo")
            await cleo.connect()
            await cleo.watch(code)
            with pytest.raises(Refused) as refused:  # a seat and a watch on one connection
                await cleo.quick()
            basil = bot(tmp_path / "basil", server.port, "Basil")
            await basil.connect()
            basil._send({"t": "quick", "rules": "1v1"})
            await basil._expect("queued")
            with pytest.raises(Refused, match="waits for a quick match"):
                await basil.watch(code)
            return refused.value.code, cleo.key.public_hex in server.desk.queued

    assert asyncio.run(asyncio.wait_for(run(), 30)) == ("watching", False)
