"""``python -m game.server.bot``: one seat of an online game played by a computer, headless.

    python -m game.server.bot HOST:PORT --create 1v1 --seat person --seat computer:random
    python -m game.server.bot HOST:PORT --join K7M2QX --computer easy
    python -m game.server.bot HOST:PORT --list
    python -m game.server.bot HOST:PORT --watch K7M2QX
    python -m game.server.bot HOST:PORT --quick --computer easy

``--quick`` waits in the quick-match queue (printing ``WAITING N s`` as the server tells it)
until the server seats it in a ranked 1v1; ``--cancel-after N`` leaves the queue after N
notices instead (``CANCELLED after N s``, exit 0) and ``--leaders N`` prints the leaderboard's
top N and this key's own place once the game is over (``LEADER rank name rating rd score``).

It prints ``FINGERPRINT sha256=...`` (``FIRST CONTACT`` when it was pinned now), ``CODE=...``
(the room's invite code), ``SEATED seat=N``, then ``GAME OVER winner=... turns=...`` and
``REPLAY PATH``, as ``python -m game.net join`` does. Exit 0 when the game was played to its
end, 1 when the seat was lost or refused, 2 for a usage error.

``--list`` prints one ``GAME id rules ranked|friendly turn=N spectators=N NAME vs NAME`` line
per running game that may be watched; ``--watch`` (an invite code or a listed id) prints
``WATCHING delay=N``, a ``TURN N`` line as the public view reaches each turn, the seats'
drops (``SEAT N WAITING level=easy in 60 s``, ``COMPUTER``, ``BACK``) and ``GAME OVER``.
"""

from __future__ import annotations

import argparse
import asyncio
import ssl
import sys
from pathlib import Path

from game.net import protocol as P
from game.server import messages as M
from game.server.client import MissingExtra, OnlineClient, Refused
from game.server.tls import fingerprint_text


def _say(line: str) -> None:
    print(line, flush=True)


def parse(argv: list[str] | None) -> argparse.Namespace:
    p = argparse.ArgumentParser(prog="python -m game.server.bot",
                                description="Play one seat of an online game with a computer.")
    p.add_argument("address", help="HOST:PORT of the server")
    room = p.add_mutually_exclusive_group(required=True)
    room.add_argument("--create", choices=P.RULES, help="make a room of these rules")
    room.add_argument("--join", metavar="CODE", help="sit in the room of this invite code")
    room.add_argument("--watch", metavar="CODE", help="watch the game of this invite code "
                      "(or of a game --list printed)")
    room.add_argument("--list", action="store_true", help="list the games that may be watched")
    room.add_argument("--quick", action="store_true",
                      help="wait for a ranked 1v1 with someone of about this key's rating")
    p.add_argument("--seat", action="append", default=[], choices=M.SEAT_KINDS,
                   help="with --create: each seat in turn order (the first 'person' is this "
                        "one; default: this one and computers at the random level)")
    p.add_argument("--ranked", action="store_true", help="with --create: a ranked room")
    p.add_argument("--no-spectators", action="store_true",
                   help="with --create: a room nobody may watch")
    p.add_argument("--cover", choices=P.LEVELS, help="the level of the computer that plays "
                   "this seat if the connection drops (default: the server's, easy)")
    p.add_argument("--timed", action="store_true",
                   help="with --create: timers on a friendly room (a ranked one has them)")
    p.add_argument("--cancel-after", type=int, metavar="N",
                   help="with --quick: leave the queue after N notices of the time waited")
    p.add_argument("--leaders", type=int, metavar="N",
                   help=f"print the leaderboard's top N (1 to {M.MAX_LEADERS}) at the end")
    p.add_argument("--name", default="Bot")
    p.add_argument("--computer", choices=P.LEVELS, default="random",
                   help="the level of the computer playing this seat")
    p.add_argument("--agent-seed", type=int, default=0)
    p.add_argument("--data", type=Path, help="the player's folder: their key, the servers' "
                   "pins, the replays (the user data folder); two bots on one machine need two")
    p.add_argument("--fingerprint", help="the server's fingerprint as it printed it (else the "
                   "one pinned, else pinned now)")
    args = p.parse_args(argv)
    host, _, port = args.address.rpartition(":")
    if not host or not port.isdigit() or not 0 < int(port) < 65536:
        p.error(f"{args.address[:60]!r} is not HOST:PORT")
    args.host, args.port = host.strip("[]"), int(port)
    if args.create:
        count = 2 if args.create == "1v1" else 4
        if not args.seat:
            args.seat = ["person"] + ["computer:random"] * (count - 1)
        if len(args.seat) != count or "person" not in args.seat:
            p.error(f"a {args.create} room has {count} seats (--seat), one of them 'person'")
    elif args.seat or args.ranked or args.timed or args.no_spectators:
        p.error("--seat, --ranked, --timed and --no-spectators are for --create")
    if (args.watch or args.list or args.quick) and args.cover:
        # a quick match names no cover level: its seat is covered at the server's default
        p.error("--cover is for --create or --join")
    if args.cancel_after is not None and (not args.quick or args.cancel_after < 0):
        p.error("--cancel-after is a number of notices, with --quick")
    if args.leaders is not None and not 1 <= args.leaders <= M.MAX_LEADERS:
        p.error(f"--leaders is a number from 1 to {M.MAX_LEADERS}")
    return args


async def run(args: argparse.Namespace) -> int:
    try:
        client = OnlineClient(args.host, args.port, args.name, root=args.data,
                              level=args.computer,
                              agent_seed=args.agent_seed, expect=args.fingerprint, log=_say)
    except MissingExtra as exc:
        print(f"mindbug bot: {exc}", file=sys.stderr)
        return 1
    try:
        await client.connect()
        _say(f"FINGERPRINT sha256={fingerprint_text(client.fingerprint)}")
        if client.first_contact:
            _say("FIRST CONTACT: the fingerprint is pinned for this address")
        if args.list:
            for game in await client.browse():
                _say(f"GAME {game['game']} {game['rules']} "
                     f"{'ranked' if game['ranked'] else 'friendly'} turn={game['turn']} "
                     f"spectators={game['spectators']} {' vs '.join(game['names'])}")
            await client.close()
            return 0
        if args.watch:
            await client.watch(args.watch)
            _say(f"WATCHING delay={client.delay}")
            return await _watch(client)
        if args.create:
            code = await client.create(args.create, args.seat, args.ranked,
                                       not args.no_spectators, args.cover, args.timed)
        elif args.quick:
            if args.cancel_after is not None:
                return await _wait_then_cancel(client, args.cancel_after)
            await client.quick()
            code = client.code or ""
        else:
            await client.join(args.join, args.cover)
            code = client.code or ""
        _say(f"CODE={code}")
        _say(f"SEATED seat={client.seat}")
    except (Refused, OSError, ssl.SSLError, asyncio.TimeoutError, P.ProtocolError) as exc:
        print(f"mindbug bot: {exc}", file=sys.stderr)
        await client.close()
        return 1
    status = await client.play()
    if client.replay_path is not None:
        _say(f"REPLAY {client.replay_path}")
    if args.leaders is not None and status == 0:
        await _print_leaders(client, args.leaders)
    return status


async def _watch(client: OnlineClient) -> int:
    """Follow a watched game to its end, a line per turn the public view reaches."""
    turn = -1
    while client.status not in ("over", "refused", "gave up"):
        try:
            await client.step()
        except (Refused, OSError, ssl.SSLError, asyncio.TimeoutError, P.ProtocolError) as exc:
            print(f"mindbug bot: {exc}", file=sys.stderr)
            await client.close()
            return 1
        if client.view is not None and client.view.state.turn_no != turn:
            turn = client.view.state.turn_no
            _say(f"TURN {turn}")
    await client.close()
    return 0 if client.status == "over" else 1


async def _wait_then_cancel(client: OnlineClient, notices: int) -> int:
    """Wait in the queue for ``notices`` notices of the time waited, then leave it."""
    client._send({"t": "quick", "rules": "1v1"})
    told = 0
    while told < notices:
        message = await client._waiting_message()
        if message is None:
            continue
        if message["t"] == "queued":
            told += 1
        elif message["t"] == "error":
            raise Refused(message["code"], message["text"])
        elif message["t"] == "room":  # paired first: this bot does not play
            _say("MATCHED before leaving the queue")
            await client.close()
            return 1
    waited = await client.cancel_quick()
    _say(f"CANCELLED after {waited} s")
    await client.close()
    return 0


async def _print_leaders(client: OnlineClient, count: int) -> None:
    """The leaderboard, on a connection of its own (the game's is closed)."""
    try:
        await client.connect()
        board = await client.leaders(count)
    except (Refused, OSError, ssl.SSLError, asyncio.TimeoutError, P.ProtocolError) as exc:
        print(f"mindbug bot: no leaderboard: {exc}", file=sys.stderr)
        return
    finally:
        await client.close()
    for entry in [*board["top"], *([board["you"]] if board["you"] else [])]:
        mine = " (you)" if entry is board["you"] else ""
        _say(f"LEADER {entry['rank']} {entry['name']} {entry['rating']} {entry['rd']} "
             f"{entry['score']}{mine}")


def main(argv: list[str] | None = None) -> int:
    return asyncio.run(run(parse(argv)))


if __name__ == "__main__":
    sys.exit(main())
