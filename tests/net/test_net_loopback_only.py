"""Nothing a test, bench or CI run does leaves this machine (issue 41, item 1).

The game's one switch, MINDBUG_LOOPBACK_ONLY (``game/net/reach.py``), keeps its hosts, clients,
shown addresses and mDNS on 127.0.0.1; the suite sets it (tests/conftest.py) and every bench
script sets it; ``tests/support/loopback_guard.py`` refuses, and conftest fails, any socket of a test
process that would reach further; ``.ci/run`` runs the tests in a network namespace with only
loopback up. Each is checked here, and the guard is shown to catch what it must."""

from __future__ import annotations

import ast
import os
import socket
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from game.net import discovery, reach
from tests.support import loopback_guard

ROOT = Path(__file__).resolve().parents[2]
SWITCH = "MINDBUG_LOOPBACK_ONLY"


def test_the_suite_runs_under_the_switch_and_the_guard():
    assert os.environ.get(SWITCH) == "1" and reach.loopback_only()
    assert socket.socket.bind.__module__ == loopback_guard.__name__


@pytest.mark.parametrize("attempt", ["bind any", "bind lan", "connect", "udp send", "dns",
                                     "multicast elsewhere"])
def test_the_guard_refuses_every_way_beyond_loopback(attempt):
    sock = socket.socket(socket.AF_INET,
                         socket.SOCK_DGRAM if attempt in ("udp send", "multicast elsewhere")
                         else socket.SOCK_STREAM)
    try:
        with pytest.raises(loopback_guard.LoopbackViolation):
            if attempt == "bind any":
                sock.bind(("0.0.0.0", 0))
            elif attempt == "bind lan":
                sock.bind(("192.168.1.20", 0))
            elif attempt == "connect":
                sock.connect(("203.0.113.9", 9))  # TEST-NET-3: refused before anything is sent
            elif attempt == "udp send":
                sock.sendto(b"x", ("203.0.113.9", 9))
            elif attempt == "dns":
                socket.getaddrinfo("example.com", 80)
            else:
                sock.setsockopt(socket.IPPROTO_IP, socket.IP_MULTICAST_IF,
                                socket.inet_aton("203.0.113.9"))
    finally:
        sock.close()
    assert loopback_guard.take_violations(), "the refusal is written down for conftest"


def test_the_guard_lets_loopback_through():
    server = socket.socket()
    server.bind(("127.0.0.1", 0))
    server.listen(1)
    client = socket.create_connection(server.getsockname(), timeout=5)
    client.close()
    server.close()
    assert not loopback_guard.violations


def test_a_refusal_fails_the_test_even_when_the_code_swallows_it(pytester):
    """The autouse fixture in conftest: code that catches the OSError still fails its test."""
    pytester.makeconftest((ROOT / "tests" / "conftest.py").read_text())
    pytester.syspathinsert(ROOT)  # conftest imports tests.support
    pytester.makepyfile("""
        import socket

        def test_swallowed():
            try:
                socket.socket().connect(("203.0.113.9", 9))
            except OSError:
                pass
    """)
    result = pytester.runpytest_inprocess("-p", "no:cacheprovider", "-n", "0")
    result.assert_outcomes(passed=1, errors=1)
    assert "a socket tried to reach beyond this machine" in result.stdout.str()


def test_under_the_switch_a_host_listens_on_loopback_whatever_it_was_asked():
    from game.net.host import Host
    from game.net.seats import SeatSpec

    host = Host("1v1", 5, [SeatSpec(remote=True), SeatSpec(remote=True)], bind="0.0.0.0",
                store_root=None, log=lambda _line: None)
    try:
        host.listen()
        assert host.listener is not None and host.listener.getsockname()[0] == "127.0.0.1"
    finally:
        host.close()
    assert discovery.lan_address() == "127.0.0.1"
    assert discovery._interfaces(None) == ["127.0.0.1"]


def test_under_the_switch_a_client_refuses_another_address_before_any_socket():
    with pytest.raises(OSError, match="not on this machine"):
        reach.check_destination("203.0.113.9")
    with pytest.raises(OSError):
        reach.check_destination("example.com")  # a name is never resolved under the switch
    reach.check_destination("127.0.0.1")
    reach.check_destination("localhost")
    reach.check_destination("::1")
    assert not loopback_guard.violations


def test_without_the_switch_a_players_game_uses_the_network(monkeypatch):
    """The switch is what keeps the tests on loopback: a player's host still listens on every
    interface and announces everywhere."""
    monkeypatch.delenv(SWITCH)
    assert reach.bind_address("0.0.0.0") == "0.0.0.0"
    assert reach.mdns_interfaces() is None
    reach.check_destination("203.0.113.9")  # allowed: nothing is opened here


def test_a_hosted_window_game_announces_on_loopback_only(monkeypatch):
    """The window's Host a game (where the UI fuzz wanders): its announcer's zeroconf is
    asked for loopback alone."""
    seen: dict[str, object] = {}

    class FakeZeroconf:
        def __init__(self, **kwargs: object) -> None:
            seen.update(kwargs)

        def register_service(self, info: object) -> None:
            pass

    zeroconf = pytest.importorskip("zeroconf")
    monkeypatch.setattr(zeroconf, "Zeroconf", FakeZeroconf)
    discovery.Announcer("Ada", "1v1", 2, 5151, discovery.lan_address())
    assert seen["interfaces"] == ["127.0.0.1"]


def test_every_bench_script_sets_the_switch():
    missing = []
    for script in sorted((ROOT / "bench").glob("*.py")):
        tree = ast.parse(script.read_text(encoding="utf-8"))
        sets = any(
            isinstance(node, ast.Assign) and len(node.targets) == 1
            and ast.unparse(node.targets[0]) == f"os.environ['{SWITCH}']"
            and isinstance(node.value, ast.Constant) and node.value.value == "1"
            for node in tree.body)
        if not sets:
            missing.append(script.name)
    assert not missing, f"bench scripts that do not set {SWITCH}=1 at the top: {missing}"


def test_ci_runs_the_tests_in_a_network_namespace_with_only_loopback():
    lines = [line.strip() for line in (ROOT / ".ci" / "run").read_text().splitlines()
             if line.strip() and not line.lstrip().startswith("#")]
    wrapper = next(line for line in lines if line.startswith("on_loopback_only()"))
    assert "unshare --net" in wrapper and "ip link set lo up" in wrapper
    assert "on_loopback_only python -m pytest" in lines
    assert "on_loopback_only python build/check_bundle.py" in lines
    assert f"export {SWITCH}=1" in lines


def test_a_process_the_tests_start_inherits_the_switch():
    out = subprocess.run([sys.executable, "-c",
                          "from game.net import reach; print(reach.loopback_only())"],
                         capture_output=True, text=True, cwd=ROOT, timeout=60)
    assert out.stdout.strip() == "True"


def test_the_guard_watches_every_thread():
    caught: list[BaseException] = []

    def body() -> None:
        try:
            socket.socket().bind(("0.0.0.0", 0))
        except OSError as exc:
            caught.append(exc)

    thread = threading.Thread(target=body)
    thread.start()
    thread.join(5)
    assert caught and isinstance(caught[0], loopback_guard.LoopbackViolation)
    loopback_guard.take_violations()
