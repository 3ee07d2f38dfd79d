"""``python -m game.server``: host online games for anyone.

    python -m game.server                       # port 5150, a self-signed certificate
    python -m game.server --port 0 --data DIR   # any free port; prints READY port=PORT
    python -m game.server --cert CERT --key KEY --config server.json

It prints ``FINGERPRINT sha256=AB:CD:...`` (the certificate's, for players to compare), then
``READY port=PORT`` once it listens. SIGTERM or SIGINT keeps every running game and exits 0;
the next start resumes them (``RESUMED N games``).
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import signal
import ssl
import sys
from pathlib import Path

from game.common import cli_args
from game.common.paths import data_dir
from game.server.cluster import Cluster
from game.server.config import ConfigError, ServerConfig, build_config, read_config_file
from game.server.server import Server
from game.server.store import ServerStore
from game.server.tls import (
    INSTALL_HINT,
    available,
    fingerprint_text,
    make_self_signed,
    server_context,
)


def _say(line: str) -> None:
    print(line, flush=True)


_port = cli_args.port_number  # shared with the LAN host (game.net)


def parse(argv: list[str] | None) -> ServerConfig:
    p = argparse.ArgumentParser(prog="python -m game.server",
                                description="Host Mindbug games online, over TLS.")
    p.add_argument("--config", type=Path, help="a JSON file of settings (the flags' names)")
    p.add_argument("--port", type=_port, help="the port to listen on (0: a free one; 5150)")
    p.add_argument("--bind", help="the address to listen on (0.0.0.0: every interface)")
    p.add_argument("--data", type=Path, help="the server's folder: its certificate, its "
                   "database, its log (the user data folder's 'server' folder)")
    p.add_argument("--cert", type=Path, help="a TLS certificate (PEM; with --key)")
    p.add_argument("--key", type=Path, help="the certificate's private key (PEM)")
    p.add_argument("--log", type=Path, help="the log file (server.log in the data folder)")
    p.add_argument("--redis", metavar="URL", help="share the quick-match queue with the other "
                   "processes using this Redis (redis://HOST:PORT/DB; docs/network.md)")
    p.add_argument("--public", metavar="HOST", help="with --redis: the host name players reach "
                   "this process by (127.0.0.1)")
    args = p.parse_args(argv)
    try:
        file_values = read_config_file(args.config) if args.config else {}
        return build_config(file_values, {"port": args.port, "bind": args.bind,
                                          "data": args.data, "cert": args.cert,
                                          "key": args.key, "log": args.log,
                                          "redis": args.redis, "public": args.public})
    except ConfigError as exc:
        p.error(str(exc))
        raise  # p.error exits


def make_log(path: Path) -> logging.Logger:
    log = logging.getLogger("game.server")
    log.setLevel(logging.INFO)
    handler = logging.FileHandler(path, encoding="utf-8")
    handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(message)s"))
    log.addHandler(handler)
    return log


async def serve(config: ServerConfig) -> int:
    if not available():
        print(f"mindbug server: playing online needs the server extra: {INSTALL_HINT}",
              file=sys.stderr)
        return 1
    folder = config.data if config.data is not None else data_dir() / "server"
    try:
        folder.mkdir(parents=True, exist_ok=True)
        log = make_log(config.log if config.log is not None else folder / "server.log")
        if config.cert is not None and config.key is not None:
            cert, key = config.cert, config.key
        else:
            cert, key = make_self_signed(folder / "tls")
        context, fingerprint = server_context(cert, key)
        store = ServerStore(folder)
    except (OSError, ssl.SSLError, ValueError) as exc:
        print(f"mindbug server: {exc}", file=sys.stderr)
        return 1
    server = Server(store, context, fingerprint, port=config.port, bind=config.bind,
                    limits=config.limits, log=log)
    resumed = server.resume_rooms()
    try:
        port = await server.start()
        cluster = await _join_cluster(server, config, port) if config.redis else None
    except OSError as exc:
        print(f"mindbug server: port {config.port}: {exc.strerror or exc}", file=sys.stderr)
        store.close()
        return 1
    except RedisUnreachable as exc:
        print(f"mindbug server: {exc}", file=sys.stderr)
        await server.stop()
        return 1
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGTERM, signal.SIGINT):
        loop.add_signal_handler(sig, lambda: loop.create_task(server.stop()))
    _say(f"FINGERPRINT sha256={fingerprint_text(fingerprint)}")
    if resumed:
        _say(f"RESUMED {resumed} games")
    _say(f"READY port={port}")
    log.info("READY port=%d fingerprint=%s", port, fingerprint)
    await server.wait_stopped()
    if cluster is not None:
        await cluster.close()
    _say("STOPPED")
    return 0


class RedisUnreachable(Exception):
    """--redis given but no Redis answers there (one line)."""


async def _join_cluster(server: Server, config: ServerConfig, port: int) -> Cluster:
    """Share the quick-match queue through the Redis at ``config.redis``."""
    try:
        import redis.asyncio as aioredis  # only a process sharing its queue needs redis-py
    except ImportError:
        raise RedisUnreachable(f"--redis needs redis-py: {INSTALL_HINT}") from None
    assert config.redis is not None
    try:
        client = aioredis.from_url(config.redis, decode_responses=True)
        await client.ping()
    except (ValueError, OSError, aioredis.RedisError) as exc:
        raise RedisUnreachable(f"no Redis at {config.redis}: {exc}") from None
    cluster = Cluster(client, config.public)
    cluster.port = port
    await server.desk.join_cluster(cluster)
    _say(f"CLUSTER process={cluster.id} redis={config.redis}")
    return cluster


def main(argv: list[str] | None = None) -> int:
    return asyncio.run(serve(parse(argv)))


if __name__ == "__main__":
    sys.exit(main())
