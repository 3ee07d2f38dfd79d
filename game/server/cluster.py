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
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import secrets
from collections.abc import Callable
from typing import Any

from game.server.redisqueue import RedisQueue

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
