"""The 2v2 variant's set-ups over the network: ``python -m game.net host --mindbugs 1 --sets 2``
deals from 96 cards with 1 Mindbug each, the welcome names the set-up, the LAN announcement
shows it before anyone joins, and a client that asks for another set-up is refused, never
seated in a game it did not mean to play. A client of an older protocol reads that the versions
differ."""

from __future__ import annotations

import time

import pytest

import game.net.__main__ as net_main_module
from game.engine import Setup
from game.net import protocol as P
from game.net.__main__ import main as net_main
from game.net.client import Client
from game.net.discovery import announcement, parse_found
from game.net.host import Host
from game.net.seats import parse_seat_spec
from game.persist.record import loads
from tests.support.net_helpers import RunningHost, join, replay_files, start_host, tls_connection

SERVICE = "_mindbug._tcp.local."




def variant_host(tmp_path, setup: Setup | None = None) -> RunningHost:
    seats = [parse_seat_spec(s) for s in ("remote", "computer:random", "computer:random",
                                          "computer:random")]
    return RunningHost(Host("2v2", 5, seats, bind="127.0.0.1", store_root=tmp_path / "host",
                        log=lambda _l: None, setup=setup or Setup(1, 2)))


def client(tmp_path, port: int, **kw) -> Client:
    return Client("127.0.0.1", port, "Ada", level="random", store_root=tmp_path / "c",
                  log=lambda _l: None, **kw)


def test_the_host_deals_the_set_up_and_the_welcome_names_it(tmp_path) -> None:
    run = variant_host(tmp_path)
    try:
        assert len(run.host.game.cards) == 96 and run.host.game.mindbugs == [1, 1, 1, 1]
        c = client(tmp_path, run.port, rules="2v2", mindbugs=1, sets=2)
        assert c.run() == 0 and c.status == "over"
        assert (c.mindbugs, c.sets) == (1, 2) and len(c.cards) == 96
        record = run.host.record
        assert (record.mindbugs, record.sets) == (1, 2)
    finally:
        run.close()


@pytest.mark.parametrize("asked, words", [
    ({"mindbugs": 2}, "the host plays 2v2 with 1 Mindbug each and two sets, not 2v2 with 2 "
                      "Mindbugs each and two sets"),
    ({"sets": 1}, "not 2v2 with 1 Mindbug each and one set"),
])
def test_a_client_asking_for_another_set_up_is_refused(tmp_path, asked, words) -> None:
    run = variant_host(tmp_path)
    try:
        c = client(tmp_path, run.port, **asked)
        assert c.run() == 1 and c.status == "refused"
        assert c.refusal_code == "setup" and words in c.message
        assert all(s.token_hash is None for s in run.host.seats if s.remote)  # never seated
    finally:
        run.close()


def test_an_older_clients_hello_reads_as_another_version(tmp_path) -> None:
    run = variant_host(tmp_path)
    try:
        s = tls_connection(run.port)
        old = {"t": "hello", "protocol": 2, "cards": P.card_set_fingerprint(), "rules": None,
               "name": "Old", "kind": "person", "level": None, "code": None, "token": None}
        s.sendall(P.encode_frame(old))
        reader, got = P.FrameReader(P.MAX_HOST_FRAME), []
        end = time.monotonic() + 20
        while not got and time.monotonic() < end:
            data = s.recv(65536)
            if not data:
                break
            got = reader.feed(data)
        s.close()
        assert got and got[0]["t"] == "refused" and got[0]["code"] == "version"
        assert f"protocol {P.PROTOCOL_VERSION}, this client 2" in got[0]["text"]
    finally:
        run.close()


def test_the_announcement_shows_the_set_up_and_an_older_one_reads_as_default() -> None:
    props = {k.encode(): v.encode() for k, v in announcement("Ada", "2v2", 3, 4, (1, 2)).items()}
    found = parse_found("Ada 1a2b3c." + SERVICE, ["192.168.1.20"], 5151, props)
    assert found is not None and (found.mindbugs, found.sets) == (1, 2)
    plain = {k.encode(): v.encode() for k, v in announcement("Ada", "2v2", 3, 4).items()}
    assert b"setup" not in plain
    found = parse_found("Ada 1a2b3c." + SERVICE, ["192.168.1.20"], 5151, plain)
    assert found is not None and (found.mindbugs, found.sets) == (2, 1)
    for bad in (b"3-1", b"2-1", b"x"):
        assert parse_found("A." + SERVICE, ["10.0.0.1"], 1, {**plain, b"setup": bad}) is None
    one_v_one = {k.encode(): v.encode() for k, v in announcement("Ada", "1v1", 1, 2).items()}
    assert parse_found("A." + SERVICE, ["10.0.0.1"], 1, {**one_v_one, b"setup": b"1-2"}) is None


def _no_host(*args, **kwargs):
    raise AssertionError("a bad set-up was let through to hosting")


def test_the_command_line_hosts_the_set_up_and_refuses_bad_values(tmp_path, capsys, monkeypatch) -> None:
    host, port = start_host(tmp_path / "h", "--rules", "2v2", "--mindbugs", "1", "--sets", "2",
                            "--seed", "9", "--seat", "remote", "--seat", "computer:random",
                            "--seat", "computer:random", "--seat", "computer:random")
    joined = join(tmp_path / "j", port, "Ada", "random", "--rules", "2v2", "--sets", "2")
    try:
        assert joined.wait() == 0 and host.wait() == 0
        (replay,) = replay_files(tmp_path / "h")
        record = loads(replay.read_text(encoding="utf-8"))
        assert (record.mindbugs, record.sets) == (1, 2)
    finally:
        joined.kill()
        host.kill()
    for args, words in ((["--rules", "1v1", "--sets", "2"], "2v2 set-ups"),
                        (["--rules", "2v2", "--mindbugs", "3"], "--mindbugs: must be a whole number from 1 to 2")):
        # in this process (the command line's own parsing; the game above was its processes);
        # a value let through would host a game: that fails at once instead of waiting
        monkeypatch.setattr(net_main_module, "Host", _no_host)
        with pytest.raises(SystemExit) as refused:
            net_main(["host", *args, "--seed", "1", "--seat", "remote"])
        stderr = capsys.readouterr().err
        assert refused.value.code == 2 and words in stderr and "Traceback" not in stderr
