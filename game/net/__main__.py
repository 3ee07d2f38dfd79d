"""``python -m game.net host|join``: a network game without a window.

    python -m game.net host --port 0 --rules 1v1 --seed 7 --seat computer:easy --seat remote
    python -m game.net host --rules 2v2 --mindbugs 1 --sets 2 --seed 7 --seat remote ...
    python -m game.net join 127.0.0.1:PORT --name Ada --computer easy

The host prints ``READY port=PORT`` once it listens and, like every client, the line
``python -m game --demo`` ends with: ``GAME OVER winner=... turns=...``.
"""

from __future__ import annotations

import argparse
import signal
import sys
import threading
from pathlib import Path
from typing import TYPE_CHECKING

from game.common import cli_args
from game.common.paths import data_dir
from game.engine import Setup
from game.net import discovery
from game.net.client import Client
from game.net.host import Host
from game.net.protocol import LEVELS
from game.net.reach import valid_host
from game.net.saves import latest_host_save, read_host_save
from game.net.seats import new_join_code, parse_seat_spec
from game.persist.record import RecordError

if TYPE_CHECKING:
    import threading

    from game.net.host import Host


def _say(line: str) -> None:
    print(line, flush=True)


def host_main(args: argparse.Namespace) -> int:
    resume = None
    if args.resume is not None:
        path = Path(args.resume) if args.resume != "latest" else latest_host_save(data_dir())
        if path is None:
            print("mindbug host: there is no network game to resume", file=sys.stderr)
            return 1
        try:
            resume = read_host_save(path)
        except RecordError as exc:
            print(f"mindbug host: {exc}", file=sys.stderr)
            return 1
        seats, rules, seed = [], resume.record.rules, resume.record.seed
    else:
        if args.seed is None or not args.seat:
            print("mindbug host: --seed and the --seat list are needed (or --resume)",
                  file=sys.stderr)
            return 2
        try:
            seats = [parse_seat_spec(s) for s in args.seat]
        except ValueError as exc:
            print(f"mindbug host: {exc}", file=sys.stderr)
            return 2
        rules, seed = args.rules, args.seed
    code = args.code
    if code == "":  # --code without a value: the host makes one up and says it
        code = new_join_code()

    try:
        host = Host(rules, seed, seats, port=args.port, bind=args.bind, code=code,
                    resume=resume, log=_say, setup=Setup(args.mindbugs or 2, args.sets or 1))
        port = host.listen()
    except (OSError, ValueError) as exc:
        print(f"mindbug host: {exc}", file=sys.stderr)
        return 1
    if code:
        _say(f"CODE={code}")
    _say(f"READY port={port}")
    stop_announcing = _announce(host, args.lan) if args.lan else None
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(0))
    try:
        return host.run(exit_after_game=True)
    except KeyboardInterrupt:
        return 0
    finally:
        if stop_announcing is not None:
            stop_announcing.set()
        host.close()


def _announce(host: Host, name: str) -> threading.Event | None:
    """``--lan NAME``: list the game in Join a game on this network (the lan extra)."""
    if not discovery.available():
        print(f"mindbug host: the game is not listed on the network: install the lan extra "
              f"({discovery.INSTALL_HINT})", file=sys.stderr)
        return None
    stop = threading.Event()
    threading.Thread(target=discovery.announce_host, args=(host, name, stop), daemon=True,
                     name="lan-announce").start()
    _say(f"ANNOUNCED name={name}")
    return stop


def join_main(args: argparse.Namespace) -> int:
    address, _, port_text = args.address.rpartition(":")
    if not valid_host(address.strip("[]")) or not port_text.isdigit() \
            or not 0 < int(port_text) < 65536:
        print(f"mindbug join: {args.address[:80]!r} is not HOST:PORT", file=sys.stderr)
        return 2
    client = Client(address.strip("[]"), int(port_text), args.name, level=args.computer,
                    code=args.code, rules=args.rules, agent_seed=args.agent_seed, log=_say,
                    mindbugs=args.mindbugs, sets=args.sets)
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(1))
    try:
        status = client.run()
    except KeyboardInterrupt:
        return 1
    if client.replay_path is not None:
        _say(f"REPLAY {client.replay_path}")
    return status


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m game.net", description="Mindbug over the network.")
    sub = p.add_subparsers(dest="command", required=True)
    h = sub.add_parser("host", help="host a game: the referee, the only one running the rules")
    h.add_argument("--port", type=cli_args.port_number, default=0,
                   help="the port to listen on (0: a free one)")
    h.add_argument("--bind", default="0.0.0.0", help="the address to listen on")
    h.add_argument("--lan", metavar="NAME", help="list the game on this network under NAME "
                   "(needs the lan extra: zeroconf)")
    h.add_argument("--rules", choices=("1v1", "2v2"), default="1v1")
    h.add_argument("--seed", type=int)
    h.add_argument("--seat", action="append", default=[],
                   help="'remote' or 'computer:LEVEL', once per seat, in turn order")
    h.add_argument("--code", nargs="?", const="", default=None,
                   help="a join code players must give (without a value: one is made up)")
    h.add_argument("--resume", nargs="?", const="latest", default=None,
                   help="go on with a network game from the host's save (FILE, or the latest)")
    cli_args.add_setup_arguments(h)
    h.add_argument("--exit-after-game", action="store_true",
                   help="exit once the game is over and every seat has its replay (what a "
                        "headless host always does; accepted as python -m game accepts it)")
    j = sub.add_parser("join", help="take the first free seat of a hosted game")
    j.add_argument("address", help="HOST:PORT")
    j.add_argument("--name", required=True)
    j.add_argument("--computer", choices=LEVELS, required=True,
                   help="the level of the computer deciding for this seat")
    j.add_argument("--agent-seed", type=int, default=0)
    j.add_argument("--code")
    j.add_argument("--rules", choices=("1v1", "2v2"))
    j.add_argument("--exit-after-game", action="store_true",
                   help="exit at game over (what a headless client always does)")
    cli_args.add_setup_arguments(j)  # join: the set-up asked for (none given: the host's)
    args = p.parse_args(argv)
    parser = h if args.command == "host" else j
    if args.command == "host" and args.resume is not None \
            and (args.mindbugs is not None or args.sets is not None):
        parser.error("--mindbugs and --sets are for a new game; a resumed game keeps its own")
    if args.command == "host" and args.resume is None or args.rules is not None:
        cli_args.setup_arguments(parser, args, args.rules)  # a usage error outside 2v2
    elif args.mindbugs is not None or args.sets is not None:
        parser.error("--mindbugs and --sets ask for a 2v2 game: add --rules 2v2")
    return host_main(args) if args.command == "host" else join_main(args)


if __name__ == "__main__":
    sys.exit(main())
