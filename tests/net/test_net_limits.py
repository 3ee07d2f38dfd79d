"""The host's limits and the handshake, in one process: deadlines, caps, codes, mismatches,
the client's reconnecting status, and a host resumed from its save."""

from __future__ import annotations

import socket
import ssl
import threading
import time

import pytest

from game.net import protocol as P
from game.net.client import RECONNECTING, Client
from game.net.host import Host
from game.net.saves import read_host_save
from game.net.seats import SeatSpec, parse_seat_spec
from tests.support.net_helpers import RunningHost, hello, tls_connection

FAST = P.Limits(hello_timeout=0.5, frame_timeout=0.5, idle_timeout=1.5, ping_interval=0.3,
                max_outbox=64 * 1024, max_connections=6, bad_codes_per_minute=3, linger=5.0,
                reconnect_window=20.0)


def make_host(tmp_path, seats=("remote", "computer:random"), code=None, seed=3,
              rules="1v1") -> RunningHost:
    return RunningHost(Host(rules, seed, [parse_seat_spec(s) for s in seats], bind="127.0.0.1",
                        code=code, store_root=tmp_path / "host", limits=FAST, log=print))


def closed_within(sock: socket.socket, seconds: float) -> bool:
    sock.settimeout(seconds)
    try:
        while True:
            if not sock.recv(65536):
                return True
    except TimeoutError:
        return False
    except OSError:
        return True


def client(tmp_path, port, name="Ada", **kw) -> Client:
    lines: list[str] = []
    c = Client("127.0.0.1", port, name, level=kw.pop("level", "random"),
               store_root=tmp_path / name, limits=kw.pop("limits", FAST), log=lines.append,
               **kw)
    c.lines = lines
    return c


def run_in_thread(c: Client) -> threading.Thread:
    t = threading.Thread(target=c.run, daemon=True)
    t.start()
    return t


def wait_for(check, seconds: float = 30.0) -> None:
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        if check():
            return
        time.sleep(0.02)
    raise AssertionError("timed out")


@pytest.mark.parametrize("opening", [b"", b"\x00\x00", b"\x00\x00\x00\x10{\"t\":"])
def test_silent_and_slow_connections_are_closed_on_time(tmp_path, opening):
    run = make_host(tmp_path)
    try:
        s = socket.create_connection(("127.0.0.1", run.port))
        s.sendall(opening)
        assert closed_within(s, 5)
        assert not run.host.conns
    finally:
        run.close()


def test_a_client_that_does_not_read_is_dropped_not_waited_for(tmp_path):
    host = Host("1v1", 3, [SeatSpec(True), SeatSpec(True)], bind="127.0.0.1",
                store_root=tmp_path / "host", limits=FAST, log=lambda line: lines.append(line))
    lines: list[str] = []
    port = host.listen()
    s = tls_connection(port, rcvbuf=4096, step=lambda: host.step(0.01))  # a small window
    try:
        s.sendall(P.encode_frame(hello("Sloth")))
        while not any(c.seat == 0 for c in host.conns.values()):
            host.step(0.05)
        conn = next(c for c in host.conns.values() if c.seat == 0)
        started = time.monotonic()
        for _ in range(2000):  # the host keeps telling it things it never reads
            host.send(conn, {"t": "ping", "pad": "x" * 60000})
            if conn.sock not in host.conns:
                break
        assert conn.sock not in host.conns
        assert time.monotonic() - started < FAST.idle_timeout  # the cap, not the silence
        assert any("does not read what it is sent" in line for line in lines)
    finally:
        s.close()
        host.close()


def test_too_many_connections_at_once_are_turned_away(tmp_path):
    run = make_host(tmp_path)
    run.host.limits = P.Limits(**{**vars(FAST), "max_pending_per_address": 100})
    socks = []
    try:
        for _ in range(FAST.max_connections + 3):
            socks.append(socket.create_connection(("127.0.0.1", run.port)))
        time.sleep(0.3)
        assert len(run.host.conns) <= FAST.max_connections
        assert run.host.refused >= 3
    finally:
        for s in socks:
            s.close()
        run.close()


def test_the_join_code_is_needed_and_guessing_it_is_slowed(tmp_path):
    run = make_host(tmp_path, code="K7M2QX")
    try:
        for attempt in ["WRONG1", None, "WRONG2", "WRONG3", "K7M2QX"]:
            c = client(tmp_path, run.port, code=attempt)
            assert c.run() == 1 and c.status == "refused"
        assert "too many wrong join codes" in c.message  # even the right code waits a minute
        assert run.host.refusals["code"] == 3 and run.host.refusals["code_wait"] == 2
    finally:
        run.close()


@pytest.mark.parametrize("kw, word", [({"rules": "2v2"}, "the host plays 1v1"),
                                      ({"protocol_version": 5}, "protocol 4, this client 5")])
def test_a_mismatch_is_a_clear_message_on_both_sides(tmp_path, kw, word):
    run = make_host(tmp_path)
    try:
        c = client(tmp_path, run.port, **kw)
        assert c.run() == 1 and c.status == "refused"
        assert word in c.message
        assert any(line.startswith("REFUSED") for line in run.lines)
    finally:
        run.close()


def test_a_full_game_refuses_a_third_player(tmp_path):
    run = make_host(tmp_path, seats=("remote", "remote"))
    first = client(tmp_path, run.port, name="Ada")
    try:
        t = run_in_thread(first)
        wait_for(lambda: first.status == "waiting")
        assert not first.missing  # seat 1 was never taken: nobody is "missing" yet
        second = client(tmp_path, run.port, name="Bo")
        t2 = run_in_thread(second)
        wait_for(lambda: second.seat is not None)
        third = client(tmp_path, run.port, name="Cy")
        assert third.run() == 1 and "taken" in third.message
        t.join(60)
        t2.join(60)
        assert first.status == second.status == "over"
        assert first.over_line == second.over_line
        assert first.over_line in run.lines
    finally:
        run.close()


def test_a_dropped_client_says_reconnecting_and_the_others_hear_who_is_missing(tmp_path):
    run = make_host(tmp_path, seats=("remote", "remote"))
    ada, bo = client(tmp_path, run.port, name="Ada"), client(tmp_path, run.port, name="Bo")
    seen: list[str] = []
    bo.on_update = lambda c: seen.append(c.status) if not seen or seen[-1] != c.status else None
    bo.level = None  # a person who has not picked yet: the game waits for Bo
    try:
        ta = run_in_thread(ada)
        wait_for(lambda: ada.seat == 0)
        tb = run_in_thread(bo)
        wait_for(lambda: bo.view is not None and bo.status == "playing"
                 and bo.view.state.pending is not None and bo.view.state.pending.seat == 1)
        conn = next(c for c in list(run.host.conns.values()) if c.seat == 1)
        conn.sock.shutdown(socket.SHUT_RDWR)  # the network under Bo breaks
        wait_for(lambda: bo.status == RECONNECTING or bo.status == "playing" and
                 "RECONNECTING..." in " ".join(bo.lines))
        wait_for(lambda: "Bo" in ada.missing or any("MISSING Bo" in x for x in ada.lines))
        wait_for(lambda: bo.status == "playing" and not ada.missing)  # back with its ticket
        bo.level = "random"  # the person hands the seat to the computer: the game goes on
        ta.join(60)
        tb.join(60)
        assert ada.status == bo.status == "over" and ada.over_line == bo.over_line
        assert seen[seen.index(RECONNECTING) - 1:][:3] == ["playing", RECONNECTING, "waiting"]
        assert seen[-1] == "over"
    finally:
        run.close()


def test_a_host_closed_mid_game_resumes_from_its_save_and_the_seats_rejoin(tmp_path):
    run = make_host(tmp_path, seats=("remote", "computer:easy"), seed=21)
    ada = client(tmp_path, run.port, name="Ada", level="easy", agent_seed=2)
    ta = run_in_thread(ada)
    wait_for(lambda: len(run.host.record.choices) >= 4)
    port = run.port
    run.close()  # the host's window closes: its save holds the seats' tickets
    wait_for(lambda: ada.status == RECONNECTING)
    [path] = (tmp_path / "host" / "network").glob("host-*.json")
    save = read_host_save(path)
    assert save.seats[0].token_hash is not None and save.code_key is None
    again = RunningHost(Host("1v1", 0, [], port=port, bind="127.0.0.1", store_root=tmp_path / "host",
                         limits=FAST, resume=save))
    try:
        ta.join(60)
        assert ada.status == "over"
        assert any(line.startswith("BACK seat=0") for line in again.lines)
    finally:
        again.close()
    from tests.support.net_helpers import local_game

    g, choices = local_game("1v1", 21, [("easy", 2), ("easy", 21)])
    assert ada.over_line == f"GAME OVER winner={g.winner} turns={g.turn_no}"
    assert [(c.verb, c.card, c.seat) for c in again.host.record.choices] == choices


def test_seat_specs():
    assert parse_seat_spec("remote") == SeatSpec(True)
    assert parse_seat_spec("computer:hard") == SeatSpec(False, "hard")
    for bad in ["computer", "computer:god", "human", ""]:
        with pytest.raises(ValueError):
            parse_seat_spec(bad)


class Seat:
    """A raw connection that said hello, driven together with the host's loop."""

    def __init__(self, host: Host, port: int, name: str) -> None:
        self.host = host
        self.sock = tls_connection(port, step=lambda: host.step(0.01))
        self.reader = P.FrameReader(P.MAX_HOST_FRAME)
        self.got: list[dict] = []
        self.send(hello(name))

    def send(self, message: dict) -> None:
        data = P.encode_frame(message)
        while data:  # a non-blocking socket: the host's loop makes room
            try:
                data = data[self.sock.send(data):]
            except (ssl.SSLWantReadError, ssl.SSLWantWriteError, BlockingIOError):
                self.host.step(0.01)

    def pump(self, rounds: int = 10) -> list[dict]:
        for _ in range(rounds):
            self.host.step(0.01)
            try:
                while True:
                    data = self.sock.recv(65536)
                    if not data:
                        break
                    self.got += self.reader.feed(data)
            except (BlockingIOError, ssl.SSLWantReadError):
                pass
        return self.got


def test_a_refused_pick_changes_nothing_and_says_why(tmp_path):
    host = Host("1v1", 9, [SeatSpec(True), SeatSpec(True)], bind="127.0.0.1",
                store_root=tmp_path / "host", limits=FAST, log=lambda line: None)
    port = host.listen()
    try:
        seats = [Seat(host, port, "Ada"), Seat(host, port, "Ev\nil\x1b[31m" + "x" * 80)]
        for s in seats:
            s.pump()
        # The two TLS handshakes may end in either order: each seat is the one its welcome names.
        seats.sort(key=lambda s: next(m["seat"] for m in s.got if m["t"] == "welcome"))
        # the one text-safety rule: the newline a space, the escape character gone
        assert host.started
        assert sorted(s.name for s in host.seats) == ["Ada", ("Ev il[31m" + "x" * 80)[:40]]
        g = host.game
        d = g.pending
        mover, other = seats[d.seat], seats[1 - d.seat]
        before = ([list(h) for h in g.hands], [list(x) for x in g.decks], g.serial)
        good = d.options[0]
        attempts = {
            "not_yours": (other, d.serial, good.verb, good.card, good.seat),  # another seat's
            "stale": (mover, d.serial - 1, good.verb, good.card, good.seat),
        }
        unoffered = [c for c in range(48) if all(o.card != c for o in d.options)]
        attempts["illegal"] = (mover, d.serial, "play", unoffered[0], None)
        for code, (who, serial, verb, card, seat) in attempts.items():
            who.got.clear()
            who.send({"t": "pick", "serial": serial, "verb": verb, "card": card, "seat": seat})
            replies = who.pump()
            assert [(m["t"], m["code"]) for m in replies if m["t"] == "error"] == [("error", code)]
            after = ([list(h) for h in g.hands], [list(x) for x in g.decks], g.serial)
            assert after == before and not host.record.choices
        mover.send({"t": "pick", "serial": d.serial, "verb": good.verb, "card": good.card,
                    "seat": good.seat})
        mover.pump()
        assert len(host.record.choices) == 1
    finally:
        host.close()


@pytest.mark.parametrize("reply", [
    b"\xff\xff\xff\xff",                                             # a 4 GB frame
    b"\x00\x00\x00\x05hello",                                        # not JSON
    P.encode_frame({"t": "welcome"}),                                # fields missing
    P.encode_frame({"t": "state", "decision_no": 0, "started": True, "events": [],
                    "view": {}}),                                    # a state before a welcome
    P.encode_frame({"t": "run", "code": "rm -rf /"}),
])
def test_a_hostile_host_cannot_crash_a_client(tmp_path, reply):
    server = socket.create_server(("127.0.0.1", 0))
    port = server.getsockname()[1]
    c = client(tmp_path, port, limits=P.Limits(reconnect_window=1.0))

    def fake_host() -> None:
        server.settimeout(10)
        try:
            while True:
                conn, _ = server.accept()
                conn.sendall(reply)
                time.sleep(0.2)
                conn.close()
        except OSError:
            pass

    threading.Thread(target=fake_host, daemon=True).start()
    try:
        assert c.run() == 1  # it gave up, after trying; no exception escaped
        assert c.status == "gave up" and c.seat is None and c.view is None
    finally:
        server.close()


def test_one_address_may_not_hold_many_connections_that_say_nothing(tmp_path):
    run = make_host(tmp_path, seats=("remote", "remote"))
    socks = []
    try:
        for _ in range(FAST.max_pending_per_address + 3):
            socks.append(socket.create_connection(("127.0.0.1", run.port)))
        time.sleep(0.2)
        assert run.host.refused == 3
        # They are dropped at their hello deadline; then the address may come in again.
        wait_for(lambda: not run.host.conns, 10)
        ada = client(tmp_path, run.port, name="Ada")
        run_in_thread(ada)
        wait_for(lambda: ada.seat == 0)
    finally:
        for s in socks:
            s.close()
        run.close()
