"""Two server processes sharing one real redis-server on loopback: two bots, each connected to
a different process, quick-match into one game (the process that pairs them seats its own and
hands the other over, ``moved``) and play it to its end; an invite code made on one process
is joined from the other (sent there by ``moved`` too)."""

from __future__ import annotations

import asyncio
import os
import signal
import subprocess
import sys
from pathlib import Path

from game.server.tls import make_self_signed
from tests.support.online import bot
from tests.support.redis_server import redis_server


def _start(folder: Path, cert: Path, key: Path, redis_port: int) -> tuple[subprocess.Popen, int]:
    process = subprocess.Popen(
        [sys.executable, "-m", "game.server", "--port", "0", "--bind", "127.0.0.1", "--data",
         str(folder), "--cert", str(cert), "--key", str(key),
         "--redis", f"redis://127.0.0.1:{redis_port}/0", "--public", "127.0.0.1"],
        stdout=subprocess.PIPE, text=True,
        env={**os.environ, "MINDBUG_LOOPBACK_ONLY": "1"})
    assert process.stdout is not None
    lines = []
    for line in process.stdout:  # the process says READY once it listens and shares the queue
        lines.append(line)
        if line.startswith("READY port="):
            return process, int(line.split("=")[1])
    process.wait(10)
    raise AssertionError(f"the server did not start: {lines}")


def _stop(process: subprocess.Popen) -> None:
    process.send_signal(signal.SIGTERM)
    try:
        process.wait(20)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()


def test_two_bots_on_two_processes_quick_match_into_one_game(tmp_path):
    cert, key = make_self_signed(tmp_path / "tls")  # one deployment: one certificate
    with redis_server(tmp_path / "redis") as redis_port:
        first, first_port = _start(tmp_path / "one", cert, key, redis_port)
        try:
            second, second_port = _start(tmp_path / "two", cert, key, redis_port)
            try:
                async def run():
                    ada = bot(tmp_path / "ada", first_port, "Ada")
                    basil = bot(tmp_path / "basil", second_port, "Basil")
                    await ada.connect()
                    await basil.connect()
                    seats = await asyncio.gather(ada.quick(), basil.quick())
                    where = (ada.port, basil.port, ada.code, basil.code)
                    results = await asyncio.gather(ada.play(), basil.play())
                    # An invite code made on one process, typed on the other.
                    dora = bot(tmp_path / "dora", first_port, "Dora")
                    eve = bot(tmp_path / "eve", second_port, "Eve")
                    await dora.connect()
                    await eve.connect()
                    code = await dora.create("1v1", ["person", "person"])
                    joined = (await eve.join(code.lower()), eve.port, eve.code)
                    invited = await asyncio.gather(dora.play(), eve.play())
                    return seats, where, results, ada, basil, (code, joined, invited)

                seats, where, results, ada, basil, by_code = asyncio.run(
                    asyncio.wait_for(run(), 60))
            finally:
                _stop(second)
        finally:
            _stop(first)
    assert sorted(seats) == [0, 1]
    ada_port, basil_port, ada_code, basil_code = where
    assert ada_code == basil_code and ada_port == basil_port  # one room, on one process: one
    # of the two was handed over to the other's process
    assert results == [0, 0]
    assert ada.over_line == basil.over_line and ada.over_line.startswith("GAME OVER")
    assert ada.replay_path.read_bytes() == basil.replay_path.read_bytes()
    code, joined, invited = by_code  # Eve was sent to the process that has the room
    assert joined == (1, first_port, code) and invited == [0, 0]
