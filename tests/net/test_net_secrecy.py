"""No hidden card crosses the wire: every byte each client receives during whole games is
captured and checked against the engine's own view of that client's seat."""

from __future__ import annotations

import pytest

from tests.support.net_helpers import CaptureProxy, join, start_host
from tests.support.secrecy import check_capture

SEED = 730912406  # nine digits that occur nowhere else: the seed must not travel before the end


def _tokens(frames: list[dict]) -> list[str]:
    return [f["token"] for f in frames if f["t"] == "welcome" and f["token"]]


@pytest.mark.parametrize("rules, seats, players", [
    ("1v1", ["remote", "remote"], [("Ada", "easy"), ("Bo", "random")]),
    ("2v2", ["remote", "remote", "remote", "computer:random"],
     [("Ada", "random"), ("Bo", "random"), ("Cleo", "easy")]),
])
def test_every_byte_a_client_receives_shows_only_what_its_seat_may_see(tmp_path, rules, seats,
                                                                        players):
    args = ["--rules", rules, "--seed", str(SEED)]
    for spec in seats:
        args += ["--seat", spec]
    host, port = start_host(tmp_path / "host", *args)
    proxies, clients = [], []
    try:
        for i, (name, level) in enumerate(players):
            proxy = CaptureProxy(port)
            proxies.append(proxy)
            clients.append(join(tmp_path / name, proxy.port, name, level))
            clients[-1].wait_line(f"SEATED seat={i}")
        for c in clients:
            assert c.wait() == 0
        assert host.wait() == 0
    finally:
        for p in (*clients, host):
            p.kill()
        for proxy in proxies:
            proxy.close()
    captures = [proxy.frames() for proxy in proxies]
    for seat, frames in enumerate(captures):
        others = [t for s, f in enumerate(captures) if s != seat for t in _tokens(f)]
        assert others  # the other seats' tickets exist, and none of them reached this seat
        assert check_capture(frames, seat, others, SEED) > 10
