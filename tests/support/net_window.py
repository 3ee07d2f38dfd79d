"""The window as a network seat: a headless host on loopback, and frames until a condition holds."""

from __future__ import annotations

import random
import threading
import time

from game.net.host import Host
from game.net.seats import SeatSpec
from game.ui.net.match import NetMatchScene


def start_host(tmp_path, seed: int = 7, code: str | None = "ABC234"):
    lines: list[str] = []
    host = Host("1v1", seed, [SeatSpec(remote=False, level="easy"), SeatSpec(remote=True)],
                bind="127.0.0.1", port=0, code=code, store_root=tmp_path / "host",
                log=lines.append)
    port = host.listen()
    thread = threading.Thread(target=host.run, daemon=True)
    thread.start()
    return host, port, thread, lines


def wait_for(predicate, what: str, timeout: float = 30.0) -> None:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if predicate():
            return
        time.sleep(0.01)
    raise AssertionError(f"timed out waiting for {what}")


def answer(scene: NetMatchScene, rng: random.Random) -> bool:
    """Pick one of the choices the scene offers for its open decision (as a click would)."""
    d = scene.ctl.pending
    if d is None or d.seat != scene.ctl.seat or scene.decision_serial != d.serial \
            or not scene.choices or scene.queue or scene.table.moving:
        return False
    scene.submit(rng.choice(scene.choices).option)
    return True


def step_until(app, predicate, what: str, timeout: float = 60.0) -> None:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        app.step()
        if predicate():
            return
        time.sleep(0.005)
    raise AssertionError(f"timed out waiting for {what}")
