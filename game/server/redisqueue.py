"""The quick-match queue in Redis (issue 46, deliverable 7): one ``MatchQueue`` shared by every
server process that points at the same Redis.

Two hashes hold it: ``PREFIX:tickets`` (a waiting key -> its ticket as JSON) and
``PREFIX:addresses`` (an address -> how many of its players wait). ``join`` and ``cancel`` are
Lua scripts, so the checks (the key waits once, the queue's and the address's limits) and the
write are one step as every other process sees them. ``pair`` reads the tickets, pairs them
with ``LocalQueue``'s very rule (the same windows, the same choice), then takes each pair out
with a script that takes it only if both tickets are still there unchanged: when two processes
pair at once, a ticket goes to one of them, and the other reads the queue again.

**Time**: a ticket's ``joined`` is its process's monotonic clock, which another process (or
machine) cannot read; the queue stores it as wall time (``time.time()``) and hands it back on
the reader's monotonic clock. Machines sharing a queue keep their clocks in step (NTP) to
within the window's 10 s steps.

A pair whose players wait on two processes is seated by the process that paired it, which
hands the other player over (game.server.cluster).
"""

from __future__ import annotations

import json
import time
from typing import Any

from game.server.matchmaking import LocalQueue, Match, QueueError, Ticket

_JOIN = """
local tickets, addresses = KEYS[1], KEYS[2]
local key, value, address = ARGV[1], ARGV[2], ARGV[3]
if redis.call('HEXISTS', tickets, key) == 1 then return 'queued' end
if redis.call('HLEN', tickets) >= tonumber(ARGV[4]) then return 'full' end
if tonumber(redis.call('HGET', addresses, address) or '0') >= tonumber(ARGV[5]) then
  return 'address'
end
redis.call('HSET', tickets, key, value)
redis.call('HINCRBY', addresses, address, 1)
return 'ok'
"""

# KEYS: tickets, addresses; ARGV: key, the ticket's JSON as read ('' for any), its address.
# The ticket out (its JSON), or false when it was not there (or not as read).
_TAKE_ONE = """
local function take(tickets, addresses, key, expected, address)
  local value = redis.call('HGET', tickets, key)
  if not value or (expected ~= '' and value ~= expected) then return false end
  redis.call('HDEL', tickets, key)
  if redis.call('HINCRBY', addresses, address, -1) <= 0 then
    redis.call('HDEL', addresses, address)
  end
  return value
end
"""

_CANCEL = _TAKE_ONE + """
local value = redis.call('HGET', KEYS[1], ARGV[1])
if not value then return false end
return take(KEYS[1], KEYS[2], ARGV[1], '', cjson.decode(value)['address'])
"""

# ARGV: key1, json1, address1, key2, json2, address2: both out, or neither.
_TAKE_PAIR = _TAKE_ONE + """
for i = 1, 4, 3 do
  if redis.call('HGET', KEYS[1], ARGV[i]) ~= ARGV[i + 1] then return 0 end
end
take(KEYS[1], KEYS[2], ARGV[1], ARGV[2], ARGV[3])
take(KEYS[1], KEYS[2], ARGV[4], ARGV[5], ARGV[6])
return 1
"""

#: How often ``pair`` reads the queue again when another process took a ticket under it.
PAIR_TRIES = 5


class RedisQueue:
    """``MatchQueue`` in Redis. ``client``: a ``redis.asyncio.Redis`` made with
    ``decode_responses=True``; ``prefix`` names the queue (one Redis may hold several)."""

    def __init__(self, client: Any, prefix: str = "mindbug:queue",  # Any: redis.asyncio.Redis
                 max_tickets: int = 10_000, max_per_address: int = 8, home: str = "") -> None:
        self.redis = client
        self.home = home  # this process's id: it takes only pairs one of its players is in
        self.tickets_key = f"{prefix}:tickets"
        self.addresses_key = f"{prefix}:addresses"
        self.max_tickets = max_tickets
        self.max_per_address = max_per_address
        self._join = client.register_script(_JOIN)
        self._cancel = client.register_script(_CANCEL)
        self._take_pair = client.register_script(_TAKE_PAIR)

    @property
    def _keys(self) -> list[str]:
        return [self.tickets_key, self.addresses_key]

    async def join(self, ticket: Ticket) -> None:
        answer = await self._join(keys=self._keys, args=[
            ticket.key, _encode(ticket), ticket.address, self.max_tickets, self.max_per_address])
        if answer == "queued":
            raise QueueError("queued", "you are waiting for a match already")
        if answer == "full":
            raise QueueError("busy", "the queue is full now: try again in a minute")
        if answer == "address":
            raise QueueError("busy", "too many players from this address are waiting")

    async def cancel(self, key: str) -> Ticket | None:
        value = await self._cancel(keys=self._keys, args=[key])
        return _decode(key, value) if value else None

    async def waiting(self, key: str) -> Ticket | None:
        value = await self.redis.hget(self.tickets_key, key)
        return _decode(key, value) if value else None

    async def size(self) -> int:
        return int(await self.redis.hlen(self.tickets_key))

    async def pair(self, now: float) -> list[Match]:
        taken: list[Match] = []
        for _ in range(PAIR_TRIES):
            raw: dict[str, str] = await self.redis.hgetall(self.tickets_key)
            here = LocalQueue(max_tickets=len(raw) + 1, max_per_address=len(raw) + 1)
            for key, value in raw.items():
                await here.join(_decode(key, value))
            matches = [m for m in await here.pair(now) if not self.home
                       or any(t.home == self.home for t in m.tickets)]  # others: theirs
            lost = False
            for match in matches:
                args: list[str] = []
                for ticket in match.tickets:
                    args += [ticket.key, raw[ticket.key], ticket.address]
                if await self._take_pair(keys=self._keys, args=args):
                    taken.append(match)
                else:
                    lost = True  # another process took one of the two: read the queue again
            if not lost:
                break
        return taken


def _encode(ticket: Ticket) -> str:
    joined = ticket.joined + (time.time() - time.monotonic())  # wall time, for every process
    return json.dumps({"rating": ticket.rating, "joined": joined, "address": ticket.address,
                       "rules": ticket.rules, "home": ticket.home}, sort_keys=True)


def _decode(key: str, value: str) -> Ticket:
    data = json.loads(value)
    joined = float(data["joined"]) - (time.time() - time.monotonic())  # on this clock
    return Ticket(key, float(data["rating"]), joined, str(data["address"]), str(data["rules"]),
                  str(data.get("home", "")))
