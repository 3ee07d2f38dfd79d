"""The window as an online seat: a real server (TLS, rooms, codes) on loopback in a thread of the
test with its own event loop, and a headless bot client joining a room by its code."""

from __future__ import annotations

import asyncio
import threading
from pathlib import Path

from game.server.server import Server
from game.server.store import ServerStore
from game.server.tls import make_self_signed, server_context
from tests.support.online import bot


class ServerThread:
    """``python -m game.server`` in-process, on a thread of its own (its store is that
    thread's): ``port``, ``fingerprint``; ``stop()`` keeps its running games (as SIGTERM
    does)."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.port = 0
        self.fingerprint = ""
        self.loop: asyncio.AbstractEventLoop | None = None
        self._stop: asyncio.Event | None = None
        self._ready = threading.Event()
        self.thread = threading.Thread(target=lambda: asyncio.run(self._main()), daemon=True)
        self.thread.start()
        assert self._ready.wait(20), "the server did not start"

    async def _main(self) -> None:
        cert, key = make_self_signed(self.folder / "tls")
        context, self.fingerprint = server_context(cert, key)
        server = Server(ServerStore(self.folder), context, self.fingerprint, port=0,
                        bind="127.0.0.1")
        server.resume_rooms()
        self.port = await server.start()
        self.loop, self._stop = asyncio.get_running_loop(), asyncio.Event()
        self._ready.set()
        await self._stop.wait()
        await server.stop()

    def stop(self) -> None:
        if self.loop is not None and self._stop is not None and self.thread.is_alive():
            self.loop.call_soon_threadsafe(self._stop.set)
        self.thread.join(20)


class BotThread:
    """A computer's seat joining the room of ``code`` and playing it to its end."""

    def __init__(self, folder: Path, port: int, code: str, name: str = "Basil") -> None:
        self.client = bot(folder, port, name, level="random", seed=5)
        self.result: int | None = None
        self.error: BaseException | None = None
        self.thread = threading.Thread(target=self._run, args=(code,), daemon=True)
        self.thread.start()

    def _run(self, code: str) -> None:
        async def play() -> int:
            await self.client.connect()
            await self.client.join(code)
            return await self.client.play()

        try:
            self.result = asyncio.run(asyncio.wait_for(play(), 120))
        except BaseException as exc:  # noqa: BLE001  # the test reads it
            self.error = exc
