"""The server's settings: defaults, then a config file (JSON), then the command line's flags.

The config file holds any of the flags' names with ``_`` for ``-`` (``{"port": 5150,
"max_rooms": 200}``); a flag given wins over it. Limits per connection are game.net's
(``protocol.Limits``: hello, frames, silence, unread bytes, message rate) with the server's
own counts on top.
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from pathlib import Path

from game.common.safe_files import UnreadableFile, load_json
from game.net import protocol as P

DEFAULT_PORT = 5150


@dataclass
class ServerLimits(P.Limits):
    """The LAN host's limits per connection, and the server's per address and in all."""

    max_connections: int = 2000
    max_pending_per_address: int = 8  # connections from one address that have not logged in
    max_per_address: int = 32  # connections from one address at once
    bad_codes_per_minute: int = 10  # wrong invite codes from one address
    max_rooms: int = 2000
    rooms_per_player: int = 3  # rooms one key has made that have not begun
    spectator_delay: int = 3  # decisions a spectator is shown behind the table (spectate.py)
    spectators_per_room: int = 100
    cover_after: float = 60.0  # seconds a dropped player's seat waits for them (cover.py)
    quick_per_minute: int = 12  # times one key may join the quick-match queue in a minute
    queue_per_address: int = 8  # players from one address waiting in the queue at once
    decision_seconds: float = 20.0  # a timed decision's free time (game.server.timers)
    bank_seconds: float = 120.0  # and each seat's bank in a timed game


@dataclass
class ServerConfig:
    port: int = DEFAULT_PORT
    bind: str = "0.0.0.0"
    data: Path | None = None  # None: the user data folder's "server" folder
    cert: Path | None = None  # None (with key None): a self-signed certificate made at start
    key: Path | None = None
    log: Path | None = None  # None: server.log in the data folder
    redis: str | None = None  # a Redis URL: share the quick-match queue with other processes
    public: str = "127.0.0.1"  # with redis: the host players reach this process by
    limits: ServerLimits = field(default_factory=ServerLimits)


#: The keys a config file may hold: the config's fields and the limits' counts.
PATH_KEYS = ("data", "cert", "key", "log")
LIMIT_KEYS = tuple(f.name for f in fields(ServerLimits))


class ConfigError(ValueError):
    """A config file or flag that cannot be used (one line)."""


def valid_port(value: object) -> int:
    if type(value) is not int or not 0 <= value <= 65535:
        raise ConfigError(f"a port is a number from 0 to 65535, not {str(value)[:20]!r}")
    return value


def read_config_file(path: Path) -> dict[str, object]:
    try:
        data = load_json(path, 64 * 1024)
    except UnreadableFile as exc:
        raise ConfigError(str(exc)) from None
    if data is None:
        raise ConfigError(f"{path} does not exist")
    if not isinstance(data, dict):
        raise ConfigError(f"{path} is not a JSON object")
    return data


def build_config(file_values: dict[str, object], flags: dict[str, object]) -> ServerConfig:
    """The config from a file's values and the flags given (None: not given)."""
    merged = {**file_values, **{k: v for k, v in flags.items() if v is not None}}
    config = ServerConfig()
    limits = ServerLimits()
    for name, value in merged.items():
        if name == "port":
            config.port = valid_port(value)
        elif name == "bind":
            if not isinstance(value, str) or not value or len(value) > 64:
                raise ConfigError("bind is an address such as 0.0.0.0 or 127.0.0.1")
            config.bind = value
        elif name in ("redis", "public"):
            if not isinstance(value, str) or not value or len(value) > 255:
                raise ConfigError(f"{name} is {'a URL such as redis://127.0.0.1:6379/0' if name == 'redis' else 'a host name or address'}")
            setattr(config, name, value)
        elif name in PATH_KEYS:
            if not isinstance(value, (str, Path)) or not str(value):
                raise ConfigError(f"{name} is a path")
            setattr(config, name, Path(value))
        elif name in LIMIT_KEYS:
            whole = type(getattr(limits, name)) is int
            number = value if type(value) is int or (type(value) is float and not whole) \
                else None
            if number is None or number < 0:
                raise ConfigError(f"{name} is a {'whole ' if whole else ''}number of at least 0, "
                                  f"not {str(value)[:20]!r}")
            setattr(limits, name, number)
        else:
            raise ConfigError(f"the config has no setting {name[:40]!r}")
    if (config.cert is None) != (config.key is None):
        raise ConfigError("a certificate needs its key (--cert and --key together)")
    config.limits = limits
    return config
