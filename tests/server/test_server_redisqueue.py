"""The quick-match queue in Redis, against a real redis-server on loopback: two queues on one
Redis (as two server processes would hold) are one queue, pair by LocalQueue's very rule, and
never hand one ticket to both when they pair at the same time."""

from __future__ import annotations

import asyncio
import random
import time

import pytest
import redis.asyncio as aioredis

from game.server.matchmaking import LocalQueue, QueueError, Ticket
from game.server.redisqueue import RedisQueue
from tests.support.redis_server import redis_server


def _run(tmp_path, body):
    with redis_server(tmp_path / "redis") as port:
        async def run():
            clients = [aioredis.Redis(host="127.0.0.1", port=port, decode_responses=True)
                       for _ in range(2)]
            try:
                return await body(*(RedisQueue(c, max_per_address=2) for c in clients))
            finally:
                for c in clients:
                    await c.aclose()
        return asyncio.run(asyncio.wait_for(run(), 30))


def test_two_processes_queues_are_one_queue(tmp_path):
    now = time.monotonic()

    async def body(a: RedisQueue, b: RedisQueue):
        await a.join(Ticket("ada", 1500, now, "10.0.0.1"))
        with pytest.raises(QueueError) as twice:  # the key waits once, whichever process
            await b.join(Ticket("ada", 1500, now, "10.0.0.9"))
        await b.join(Ticket("basil", 1550, now, "10.0.0.1"))
        with pytest.raises(QueueError) as crowded:  # the address's limit is the queue's
            await b.join(Ticket("cleo", 1500, now, "10.0.0.1"))
        seen = (await a.size(), await b.waiting("ada"))
        (match,) = await b.pair(now)
        after = (await a.size(), await a.waiting("ada"),
                 await a.redis.hgetall(a.addresses_key))
        await a.join(Ticket("dora", 1500, now, "10.0.0.1"))
        cancelled = await b.cancel("dora")
        return twice.value.code, crowded.value.code, seen, match, after, cancelled, \
            await b.cancel("dora"), await a.size()

    twice, crowded, seen, match, after, cancelled, again, size = _run(tmp_path, body)
    assert (twice, crowded) == ("queued", "busy")
    assert seen[0] == 2 and seen[1].key == "ada" and seen[1].rating == 1500
    assert abs(seen[1].joined - now) < 1  # back on this process's clock
    assert {t.key for t in match.tickets} == {"ada", "basil"}
    assert after == (0, None, {})
    assert cancelled.key == "dora" and again is None and size == 0


def test_the_redis_queue_pairs_as_the_local_queue_does(tmp_path):
    now = time.monotonic()
    draw = random.Random(46)
    tickets = [Ticket(f"p{i:02d}", draw.uniform(1000, 2000), now - draw.uniform(0, 120),
                      f"10.0.{i}.1") for i in range(40)]

    async def body(a: RedisQueue, b: RedisQueue):
        local = LocalQueue()
        for i, ticket in enumerate(tickets):
            await (a, b)[i % 2].join(ticket)
            await local.join(ticket)
        shared = await a.pair(now)
        return shared, await local.pair(now), await b.size(), await local.size()

    shared, local, left, local_left = _run(tmp_path, body)
    assert len(local) >= 5  # the draw pairs some, not all
    assert [tuple(t.key for t in m.tickets) for m in shared] == \
        [tuple(t.key for t in m.tickets) for m in local]
    assert left == local_left


def test_two_processes_pairing_at_once_never_share_a_ticket(tmp_path):
    now = time.monotonic()

    async def body(a: RedisQueue, b: RedisQueue):
        for i in range(30):
            await (a, b)[i % 2].join(Ticket(f"p{i:02d}", 1500 + i, now - 60, f"10.1.{i}.1"))
        found = await asyncio.gather(a.pair(now), b.pair(now), a.pair(now), b.pair(now))
        found.append(await b.pair(now))  # the next beat: what a lost race left
        return [m for matches in found for m in matches], await a.size()

    matches, left = _run(tmp_path, body)
    keys = [t.key for m in matches for t in m.tickets]
    assert len(keys) == len(set(keys)) == 30 and left == 0
