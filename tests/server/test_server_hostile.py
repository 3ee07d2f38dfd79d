"""Hostile clients against the online server: garbage, huge lengths, plain TCP, an unsigned
login, another seat's pick, a flood, silence, wrong invite codes, a name of 150 accents and a
server showing another certificate. Each is refused as it should be, and the server goes on."""

from __future__ import annotations

import asyncio
import ssl
from dataclasses import replace

import pytest

import game.server.server as server_module
from game.common import safe_text
from game.net import protocol as P
from game.server import messages as M
from game.server.client import Refused
from game.server.config import ServerLimits
from game.server.identity import load_or_make_key
from game.server.server import address_key
from game.server.tls import PinMismatch, check_pin, client_context, pins_path
from tests.support.online import bot, running_server


async def _raw(port: int) -> tuple[asyncio.StreamReader, asyncio.StreamWriter, str]:
    """A TLS connection that has read the server's challenge: (reader, writer, nonce)."""
    reader, writer = await asyncio.open_connection("127.0.0.1", port, ssl=client_context())
    frames = P.FrameReader(P.MAX_HOST_FRAME)
    got: list[dict] = []
    while not got:
        got = frames.feed(await reader.read(65536))
    assert got[0]["t"] == "challenge"
    return reader, writer, got[0]["nonce"]


async def _until_closed(reader: asyncio.StreamReader) -> list[dict]:
    """Every frame the server sends until it closes the connection."""
    frames = P.FrameReader(P.MAX_HOST_FRAME)
    out: list[dict] = []
    while True:
        try:
            data = await asyncio.wait_for(reader.read(65536), 10)
        except (ConnectionError, ssl.SSLError):
            return out
        if not data:
            return out
        out += frames.feed(data)


def _login(tmp_path, nonce: str, fingerprint: str, name: str = "Eve") -> dict:
    key = load_or_make_key(tmp_path / "eve")
    return {"t": "login", "protocol": M.SERVER_PROTOCOL, "seat_protocol": P.PROTOCOL_VERSION,
            "cards": P.card_set_fingerprint(), "key": key.public_hex,
            "signature": key.sign(nonce, fingerprint), "name": name}


def _codes(frames: list[dict]) -> list[str]:
    return [f["code"] for f in frames if f["t"] in ("refused", "error")]


@pytest.mark.parametrize("sent, code", [
    (b"\x00\x00\x00\x05hello", "garbage"),
    (b"\xff\xff\xff\xff", "too_large"),
    (P.encode_frame({"t": "login", "protocol": 1}), "schema"),
    (P.encode_frame({"t": "pick", "serial": 0, "verb": "pass", "card": None, "seat": None}),
     "schema"),  # a pick before a login
    (P.encode_frame({"t": "join", "code": "ABCDEF", "cover": None}), "schema"),  # no login
    (P.encode_frame({"t": "watch", "code": "ABCDEF"}), "schema"),  # a watch before a login
    (P.encode_frame({"t": "browse"}), "schema"),  # and a look at the games
    (P.encode_frame({"t": "eval", "x": "__import__('os')"}), "schema"),
])
def test_garbage_is_refused_and_the_server_goes_on(tmp_path, sent, code):
    async def run():
        async with running_server(tmp_path / "server") as server:
            reader, writer, _ = await _raw(server.port)
            writer.write(sent)
            refused = await _until_closed(reader)
            # Plain TCP to the TLS port: no handshake, closed, nothing served.
            plain_r, plain_w = await asyncio.open_connection("127.0.0.1", server.port)
            plain_w.write(b"GET / HTTP/1.0\r\n\r\n" + P.encode_frame({"t": "ping"}))
            try:
                answer = await asyncio.wait_for(plain_r.read(65536), 10)
            except ConnectionError:
                answer = b""
            plain_w.close()
            # Someone honest still gets a room.
            ada = bot(tmp_path / "ada", server.port, "Ada")
            await ada.connect()
            room = await ada.create("1v1", ["person", "computer:random"])
            await ada.close()
            return refused, answer, room

    refused, answer, room = asyncio.run(asyncio.wait_for(run(), 60))
    assert _codes(refused) == [code]
    assert b"challenge" not in answer and b"{" not in answer
    assert len(room) == 6


def test_a_login_is_signed_by_its_key_for_this_connection_and_this_server(tmp_path):
    async def run():
        async with running_server(tmp_path / "server") as server:
            fp = server.fingerprint
            results = []
            # Signed for another connection's nonce (a signature replayed), for another
            # server's certificate (relayed through a server in the middle), and by another key.
            _, _, other_nonce = await _raw(server.port)
            for fault in ("nonce", "server", "key"):
                reader, writer, nonce = await _raw(server.port)
                login = _login(tmp_path, other_nonce if fault == "nonce" else nonce,
                               "00" * 32 if fault == "server" else fp)
                if fault == "key":
                    login["key"] = load_or_make_key(tmp_path / "mallory").public_hex
                writer.write(P.encode_frame(login))
                results.append(_codes(await _until_closed(reader)))
            reader, writer, nonce = await _raw(server.port)
            writer.write(P.encode_frame(_login(tmp_path, nonce, fp)))
            frames = P.FrameReader(P.MAX_HOST_FRAME)
            identity: list[dict] = []
            while not identity:
                identity = frames.feed(await reader.read(65536))
            writer.close()
            return results, identity[0]

    results, identity = asyncio.run(asyncio.wait_for(run(), 60))
    assert results == [["key"], ["key"], ["key"]]
    assert identity["t"] == "identity" and identity["name"] == "Eve"


def test_a_pick_for_another_seats_decision_is_refused_and_the_game_goes_on(tmp_path):
    async def run():
        async with running_server(tmp_path / "server") as server:
            ada = bot(tmp_path / "ada", server.port, "Ada", level=None)
            basil = bot(tmp_path / "basil", server.port, "Basil", level=None)
            await ada.connect()
            code = await ada.create("1v1", ["person", "person"])
            await basil.connect()
            await basil.join(code)
            for player in (ada, basil):
                while player.status != "playing":  # the state that says the game has begun
                    await player._next(5)
            pending = ada.view.state.pending
            decider, other = (ada, basil) if pending.seat == ada.seat else (basil, ada)
            serial = pending.serial
            # The other seat picks the decider's option, at the right serial: not its own.
            option = decider.view.state.pending.options[0]
            pick = {"t": "pick", "serial": serial, "verb": option.verb, "card": option.card,
                    "seat": option.seat}
            other._send(pick)
            decider._send({**pick, "serial": serial + 7})  # a decision not pending: stale
            decider._send({**pick, "verb": "nonsense"})  # not an option at all
            errors = []
            while len(errors) < 2:
                message = await decider._next(5)
                if message is not None and message["t"] == "error":
                    errors.append(message["code"])
            while True:
                message = await other._next(5)
                if message is not None and message["t"] == "error":
                    errors.append(message["code"])
                    break
            # Nothing was answered; the decider's own pick still is.
            assert len(server.rooms[code].record.choices) == 0
            decider._send(pick)
            while decider.decision_no == 0:
                await decider._next(5)
            left_connected = not other.status.startswith("reconnecting")
            await ada.close()
            await basil.close()
            return sorted(errors), left_connected, len(server.rooms[code].record.choices)

    errors, left_connected, answered = asyncio.run(asyncio.wait_for(run(), 60))
    assert errors == ["illegal", "not_yours", "stale"]
    assert left_connected and answered == 1


def test_a_flood_and_a_silent_connection_are_closed(tmp_path):
    limits = replace(ServerLimits(), burst=5, max_messages_per_second=1.0, hello_timeout=0.5)

    async def run():
        async with running_server(tmp_path / "server", limits=limits) as server:
            reader, writer, nonce = await _raw(server.port)
            writer.write(P.encode_frame(_login(tmp_path, nonce, server.fingerprint)))
            writer.write(P.encode_frame({"t": "ping"}) * 20)
            flood = _codes(await _until_closed(reader))
            silent, _, _ = await _raw(server.port)  # says nothing after the challenge
            closed = await _until_closed(silent)
            return flood, closed, len(server.sessions)

    flood, closed, sessions = asyncio.run(asyncio.wait_for(run(), 60))
    assert flood == ["flood"]
    assert closed == [] and sessions == 0


def test_wrong_invite_codes_are_braked_per_address(tmp_path):
    limits = replace(ServerLimits(), bad_codes_per_minute=3)

    async def run():
        async with running_server(tmp_path / "server", limits=limits) as server:
            ada = bot(tmp_path / "ada", server.port, "Ada")
            await ada.connect()
            code = await ada.create("1v1", ["person", "person"])
            wrong = "Z" * 6 if code != "Z" * 6 else "Y" * 6
            seen = []
            for attempt in (wrong, wrong, wrong, code):
                eve = bot(tmp_path / "eve", server.port, "Eve")
                await eve.connect()
                try:
                    await eve.join(attempt)
                    seen.append("seated")
                except Refused as exc:
                    seen.append(exc.code)
                await eve.close()
            await ada.close()
            return seen

    assert asyncio.run(asyncio.wait_for(run(), 60)) == ["code", "code", "code", "code_wait"]


def test_a_name_follows_the_one_text_safety_rule(tmp_path):
    typed = "e" + "\u0301" * 150 + "\u202e\x1b[31m"

    async def run():
        async with running_server(tmp_path / "server") as server:
            eve = bot(tmp_path / "eve", server.port, typed)
            await eve.connect()
            await eve.close()
            return eve.name

    name = asyncio.run(asyncio.wait_for(run(), 60))
    assert name == safe_text.clean(typed) and safe_text.problem(name) is None
    assert "\x1b" not in name and "\u202e" not in name
    assert name.startswith("\u00e9") and name.count("\u0301") == safe_text.MAX_MARKS


def test_a_server_showing_another_certificate_than_pinned_is_refused(tmp_path):
    async def run():
        async with running_server(tmp_path / "server") as server:
            ada = bot(tmp_path / "ada", server.port, "Ada")
            await ada.connect()  # first contact: pinned
            await ada.close()
            first = (ada.first_contact, ada.fingerprint == server.fingerprint)
            await ada.connect()  # the same certificate again: trusted, not a first contact
            await ada.close()
            again = ada.first_contact
            real = server.fingerprint
        async with running_server(tmp_path / "impostor") as impostor:  # another certificate
            # The impostor answers at the address Ada pinned the real server's certificate for.
            check_pin(pins_path(tmp_path / "ada"), f"127.0.0.1:{impostor.port}", real)
            ada = bot(tmp_path / "ada", impostor.port, "Ada")
            with pytest.raises(PinMismatch, match="another certificate"):
                await ada.connect()
            cleo = bot(tmp_path / "cleo", impostor.port, "Cleo")
            cleo.expect = ":".join([real[i:i + 2].upper() for i in range(0, 64, 2)])  # told
            with pytest.raises(PinMismatch, match="than the one given"):
                await cleo.connect()
            told = bot(tmp_path / "dora", impostor.port, "Dora")
            told.expect = impostor.fingerprint
            await told.connect()  # the fingerprint the player was told: trusted
            await told.close()
        return first, again

    assert asyncio.run(asyncio.wait_for(run(), 60)) == ((True, True), False)


def test_connections_per_address_are_bounded(tmp_path):
    limits = replace(ServerLimits(), max_pending_per_address=2)

    async def run():
        async with running_server(tmp_path / "server", limits=limits) as server:
            waiting = [await _raw(server.port) for _ in range(2)]  # not logged in yet
            reader, writer = await asyncio.open_connection("127.0.0.1", server.port,
                                                           ssl=client_context())
            third = await _until_closed(reader)  # closed at once: not even a challenge
            # One of the two logs in: the address may open another.
            first_reader, first_writer, nonce = waiting[0]
            first_writer.write(P.encode_frame(_login(tmp_path, nonce, server.fingerprint)))
            while not any(s.key for s in server.sessions):
                await asyncio.sleep(0.01)
            fourth = await _raw(server.port)
            return third, fourth[2]

    third, nonce = asyncio.run(asyncio.wait_for(run(), 60))
    assert third == [] and len(nonce) == 64


def test_a_room_nobody_came_to_is_forgotten(tmp_path, monkeypatch):
    monkeypatch.setattr(server_module, "ABANDONED", 0.0)

    async def run():
        async with running_server(tmp_path / "server") as server:
            ada = bot(tmp_path / "ada", server.port, "Ada")
            await ada.connect()
            code = await ada.create("1v1", ["person", "person"])
            kept_while_seated = code in server.rooms
            await ada.close()
            for _ in range(500):
                if code not in server.rooms:
                    break
                await asyncio.sleep(0.01)
            eve = bot(tmp_path / "eve", server.port, "Eve")
            await eve.connect()
            with pytest.raises(Refused, match="no room has that code"):
                await eve.join(code)
            return kept_while_seated
    assert asyncio.run(asyncio.wait_for(run(), 60))


def test_the_limits_per_address_count_an_ipv6_home_as_one_address():
    assert address_key("2001:db8:1:2:3:4:5:6") == address_key("2001:db8:1:2:ffff::1")
    assert address_key("2001:db8:1:3::1") != address_key("2001:db8:1:2::1")
    assert address_key("::ffff:203.0.113.9") == address_key("203.0.113.9") == "203.0.113.9"


def test_a_player_who_leaves_before_the_game_begins_frees_the_seat(tmp_path):
    async def run():
        async with running_server(tmp_path / "server") as server:
            ada = bot(tmp_path / "ada", server.port, "Ada")
            await ada.connect()
            code = await ada.create("2v2", ["person", "person", "person", "computer:random"])
            basil = bot(tmp_path / "basil", server.port, "Basil")
            await basil.connect()
            await basil.join(code)
            await basil.close()  # bye, before the game began (seat 3 is still free)
            told = []  # the seat lists Ada is sent: Basil's seat taken, then free again
            while [True, False] != told[-2:]:
                message = await ada.step()
                if message is not None and message["t"] == "seats":
                    told.append(message["seats"][1]["taken"])
            cleo = bot(tmp_path / "cleo", server.port, "Cleo")
            await cleo.connect()
            seat = await cleo.join(code)
            names = [s.name for s in server.rooms[code].seats][:3]
            started = server.rooms[code].started
            for player in (ada, cleo):
                await player.close()
            return seat, names, started

    assert asyncio.run(asyncio.wait_for(run(), 60)) == (1, ["Ada", "Cleo", "Player 3"], False)
