"""A server process among several that share one Redis (issue 46, deliverable 7): the
quick-match queue is ``RedisQueue``, and a pair whose two players wait on two processes is
seated by the process that paired it, which hands the other player over.

Each process has an id and a channel (``PREFIX:process:ID``, Redis pub/sub). A ticket names
its process (``Ticket.home``); the pairing process makes the room, seats its own player and
publishes to the other's channel the player's key, the room's code and the address players
reach the pairing process by (``host``, its port). The other process tells its player
``moved``; the client connects there (a process of the same deployment: the same certificate,
checked against the fingerprint it had) and joins by the code. A message lost on the way (the
other process gone) leaves a room nobody else sits in, swept as any room not begun.

Invite codes work from any process: each room made is registered (``PREFIX:room:CODE``: its
process, host and port), and a ``join`` of a code another process holds is answered with
``moved`` too; a finished room's code is released.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import secrets
from collections.abc import Callable
from typing import Any

from game.server.redisqueue import RedisQueue

#: How long a room's invite code stays findable from the other processes at most (days).
ROOM_DAYS = 1
#: What the handover publishes, checked on receipt (another process's message is still input).
_FIELDS = {"key": str, "code": str, "host": str, "port": int}


class Cluster:
    def __init__(self, client: Any, host: str, prefix: str = "mindbug") -> None:  # Any: Redis
        self.redis = client
        self.id = secrets.token_hex(8)
        self.host = host  # the address players reach this process by
        self.port = 0  # set once the server listens
        self.prefix = prefix
        self.queue = RedisQueue(client, f"{prefix}:queue", home=self.id)
        self._listener: asyncio.Task[None] | None = None

    def channel(self, process: str) -> str:
        return f"{self.prefix}:process:{process}"

    async def hand_over(self, home: str, key: str, code: str) -> None:
        """Tell process ``home`` that its player ``key`` is seated in room ``code`` here."""
        await self.redis.publish(self.channel(home), json.dumps(
            {"key": key, "code": code, "host": self.host, "port": self.port}))

    # --- rooms by invite code, from any process ----------------------------------------------
    def _room_key(self, code: str) -> str:
        return f"{self.prefix}:room:{code}"

    async def register(self, code: str) -> None:
        """Room ``code`` is on this process (kept a day at most: a room not begun is swept)."""
        await self.redis.set(self._room_key(code), json.dumps(
            {"process": self.id, "host": self.host, "port": self.port}), ex=ROOM_DAYS * 86400)

    async def release(self, code: str) -> None:
        await self.redis.delete(self._room_key(code))

    async def where(self, code: str) -> tuple[str, str, int] | None:
        """(process, host, port) of the room of ``code`` (None: no process has it)."""
        value = await self.redis.get(self._room_key(code))
        try:
            data = json.loads(value) if value else None
        except ValueError:
            return None
        if not isinstance(data, dict) or type(data.get("process")) is not str \
                or type(data.get("host")) is not str or type(data.get("port")) is not int:
            return None
        return data["process"], data["host"], data["port"]

    async def listen(self, moved: Callable[[str, str, str, int], None]) -> None:
        """Subscribe to this process's channel; ``moved(key, code, host, port)`` for each
        player another process seated. Returns once subscribed (the reading goes on)."""
        pubsub = self.redis.pubsub()
        await pubsub.subscribe(self.channel(self.id))

        async def read() -> None:
            async for message in pubsub.listen():
                if message.get("type") != "message":
                    continue
                try:
                    data = json.loads(message["data"])
                except (TypeError, ValueError):
                    continue
                if isinstance(data, dict) and set(data) == set(_FIELDS) and all(
                        type(data[name]) is kind for name, kind in _FIELDS.items()):
                    moved(data["key"], data["code"], data["host"], data["port"])

        self._listener = asyncio.get_running_loop().create_task(read())

    async def close(self) -> None:
        if self._listener is not None:
            self._listener.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._listener
        await self.redis.aclose()
