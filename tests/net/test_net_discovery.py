"""Games on the local network (game.net.discovery): the announcement carries nothing secret,
whatever a stranger announces under our service type is checked (never a crash, never listed
when malformed), and a real announcement is found over loopback multicast."""

from __future__ import annotations

import random
import socket
import threading
import time

import pytest

from game.net import discovery
from game.net.discovery import KEYS, SERVICE_TYPE, announcement, parse_found
from game.net.protocol import PROTOCOL_VERSION, card_set_fingerprint


def good_properties(**over: bytes) -> dict[bytes, bytes]:
    props = {k.encode(): v.encode() for k, v in announcement("Ada", "2v2", 3, 4).items()}
    props.update({k.encode(): v for k, v in over.items()})
    return props


def test_the_announcement_names_only_what_the_list_shows():
    from game.net.host import Host
    from game.net.seats import SeatSpec

    code = "K7M2QX"
    host = Host("1v1", 424242, [SeatSpec(remote=True), SeatSpec(remote=True)], code=code,
                store_root=None, log=lambda _l: None)
    try:
        props = announcement("Ada", host.record.rules, 2, 2)
        assert tuple(props) == KEYS
        text = " ".join(props.values())
        for secret in (code, code.lower(), str(host.record.seed), host.save.code_key,
                       host.save.game_id):
            assert secret not in text
    finally:
        host.close()


def test_a_well_formed_game_is_read():
    found = parse_found("Ada 1a2b3c." + SERVICE_TYPE, ["192.168.1.20"], 5151,
                        good_properties())
    assert found is not None and found.address == "192.168.1.20:5151"
    assert (found.host_name, found.rules, found.free, found.seats, found.joinable) == (
        "Ada", "2v2", 3, 4, True)
    other = parse_found("x." + SERVICE_TYPE, ["10.0.0.1"], 1, good_properties(
        v=str(PROTOCOL_VERSION + 1).encode()))
    assert other is not None and not other.joinable


@pytest.mark.parametrize("key, addresses, port, props", [
    ("x._other._tcp.local.", ["10.0.0.1"], 5151, good_properties()),
    ("x." + SERVICE_TYPE, ["10.0.0.1"], 0, good_properties()),
    ("x." + SERVICE_TYPE, ["10.0.0.1"], 70000, good_properties()),
    ("x." + SERVICE_TYPE, ["10.0.0.1"], True, good_properties()),
    ("x." + SERVICE_TYPE, ["::1"], 5151, good_properties()),
    ("x." + SERVICE_TYPE, ["224.0.0.251"], 5151, good_properties()),
    ("x." + SERVICE_TYPE, ["0.0.0.0"], 5151, good_properties()),
    ("x." + SERVICE_TYPE, "10.0.0.1", 5151, good_properties()),
    ("x." + SERVICE_TYPE, [b"\x0a\0\0\1"], 5151, good_properties()),
    ("x." + SERVICE_TYPE, ["10.0.0.1"], 5151, good_properties(host=b"\xff\xfe")),
    ("x." + SERVICE_TYPE, ["10.0.0.1"], 5151, good_properties(free=b"5")),
    ("x." + SERVICE_TYPE, ["10.0.0.1"], 5151, good_properties(free=b"-1")),
    ("x." + SERVICE_TYPE, ["10.0.0.1"], 5151, good_properties(seats=b"2")),
    ("x." + SERVICE_TYPE, ["10.0.0.1"], 5151, good_properties(rules=b"3v3")),
    ("x." + SERVICE_TYPE, ["10.0.0.1"], 5151, good_properties(free="١".encode())),
    ("x." + SERVICE_TYPE, ["10.0.0.1"], 5151, good_properties(host=b"A" * 5000)),
    ("x." + SERVICE_TYPE, ["10.0.0.1"], 5151, {b"v": b"1"}),
    ("x." + SERVICE_TYPE, ["10.0.0.1"], 5151, {b"k%d" % i: b"" for i in range(100)}),
    ("x." + SERVICE_TYPE, ["10.0.0.1"], 5151, {**good_properties(), b"host": None}),
    ("x." + SERVICE_TYPE, ["10.0.0.1"], 5151, None),
    (None, ["10.0.0.1"], 5151, good_properties()),
])
def test_a_malformed_announcement_is_not_listed(key, addresses, port, props):
    assert parse_found(key, addresses, port, props) is None


def test_random_bytes_never_break_the_reader():
    rng = random.Random(24)
    for _ in range(2000):
        props = {rng.randbytes(rng.randrange(0, 8)): rng.choice(
            [rng.randbytes(rng.randrange(0, 80)), None, 7]) for _ in range(rng.randrange(0, 9))}
        if rng.random() < 0.5:
            props.update(good_properties())
            props[rng.choice(list(props))] = rng.randbytes(rng.randrange(0, 70))
        addresses = rng.choice([["10.0.0.1"], [rng.randbytes(4).hex()], [], None])
        found = parse_found("x." + SERVICE_TYPE, addresses, rng.randrange(-5, 70000), props)
        assert found is None or found.address.startswith("10.0.0.1:")


def test_a_names_control_characters_are_not_shown():
    found = parse_found("x." + SERVICE_TYPE, ["10.0.0.1"], 5151,
                        good_properties(host="Eve\n\x1b[31m\u202eX".encode()))
    assert found is not None and found.host_name == "Eve [31mX"  # safe_text: the newline a space


zeroconf = pytest.importorskip("zeroconf")


def wait_for(predicate, timeout: float = 10.0) -> bool:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if predicate():
            return True
        time.sleep(0.05)
    return False


def test_a_game_announced_is_found_and_a_strangers_garbage_is_not(monkeypatch):
    from zeroconf import IPVersion, ServiceInfo, Zeroconf

    monkeypatch.setattr(discovery, "INTERFACES", ["127.0.0.1"])
    name = f"Ada{random.randrange(10**9)}"  # tests in parallel hear each other's games
    announcer = discovery.Announcer(name, "1v1", 2, 5151, "127.0.0.1")
    stranger = Zeroconf(interfaces=["127.0.0.1"], ip_version=IPVersion.V4Only)
    junk = ServiceInfo(SERVICE_TYPE, f"{name} junk.{SERVICE_TYPE}",
                       addresses=[socket.inet_aton("127.0.0.1")], port=5151,
                       properties={b"v": b"\xff", b"host": b"x" * 200, b"rules": b"1v1"},
                       server="junk.local.")
    stranger.register_service(junk)
    browser = discovery.Browser()
    try:
        def ours():
            return [g for g in browser.found() if g.host_name == name]

        assert wait_for(lambda: ours() and ours()[0].free == 1)
        game = ours()[0]
        assert game.address == "127.0.0.1:5151" and game.joinable and game.rules == "1v1"
        announcer.update(0)
        assert wait_for(lambda: ours() and ours()[0].free == 0)
        assert not [g for g in browser.found() if "junk" in g.key]
        announcer.close()
        announcer = None
        assert wait_for(lambda: not ours())
    finally:
        browser.close()
        stranger.unregister_service(junk)
        stranger.close()
        if announcer is not None:
            announcer.close()


def test_the_card_fingerprint_is_announced_short():
    assert announcement("A", "1v1", 1, 2)["cards"] == card_set_fingerprint()[:16]


def test_a_flood_of_updates_resolves_each_name_once_at_a_time(monkeypatch):
    from zeroconf import ServiceStateChange

    monkeypatch.setattr(discovery, "INTERFACES", ["127.0.0.1"])
    browser = discovery.Browser()
    started = []
    # Each resolve holds until the flood is over (not a timed sleep: on a busy machine the flood
    # outlasted 0.3 s and a finished resolve was rightly started again).
    flood_over = threading.Event()
    monkeypatch.setattr(browser, "_resolve_now", lambda name: (started.append(name),
                                                                flood_over.wait(10)))
    try:
        for i in range(500):  # one stranger, updating two names as fast as it can
            browser._changed(None, SERVICE_TYPE, f"n{i % 2}.{SERVICE_TYPE}",
                             ServiceStateChange.Updated)
        for i in range(500):  # many names at once: a few resolves at a time
            browser._changed(None, SERVICE_TYPE, f"m{i}.{SERVICE_TYPE}",
                             ServiceStateChange.Added)
        assert started.count(f"n0.{SERVICE_TYPE}") == 1 and len(started) <= discovery.MAX_FOUND
    finally:
        flood_over.set()
        browser.close()


def test_a_headless_host_announces_until_the_game_begins(tmp_path, monkeypatch):
    """``python -m game.net host --lan NAME``: listed with its free seats, withdrawn when the
    last seat is taken (a child process, loopback only)."""
    import os
    import subprocess
    import sys

    from game.net.client import Client

    name = f"Headless{random.randrange(10**9)}"
    env = dict(os.environ, MINDBUG_DATA_DIR=str(tmp_path / "host"),
               PYTHONPATH=os.pathsep.join(sys.path))
    host = subprocess.Popen([sys.executable, "-m", "game.net", "host", "--port", "0", "--bind",
                             "127.0.0.1", "--rules", "1v1", "--seed", "3", "--seat",
                             "computer:easy", "--seat", "remote", "--lan", name],
                            stdout=subprocess.PIPE, text=True, env=env)
    monkeypatch.setattr(discovery, "INTERFACES", ["127.0.0.1"])
    browser = discovery.Browser()
    try:
        port = int(host.stdout.readline().split("=")[1])

        def ours():
            return [g for g in browser.found() if g.host_name == name]

        assert wait_for(lambda: ours(), 15)
        assert ours()[0].address == f"127.0.0.1:{port}" and ours()[0].free == 1
        client = Client("127.0.0.1", port, "Basil", level="easy", store_root=tmp_path / "c",
                        log=lambda _l: None)
        client.run()
        assert client.over_line is not None
        assert wait_for(lambda: not ours(), 15)  # withdrawn once begun (and gone at the end)
        assert host.wait(30) == 0
    finally:
        browser.close()
        if host.poll() is None:
            host.kill()
            host.wait(10)
