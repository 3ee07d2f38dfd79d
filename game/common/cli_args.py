"""Small ``type=`` functions for argparse: each parses one value and refuses anything outside
its documented range with a message that names the range.

argparse turns an ``ArgumentTypeError`` into ``usage: ...`` plus
``error: argument --speed: must be a number from 0.1 to 100, not 'inf'`` and exit status 2,
so a bad flag is never silently replaced by a default nor a crash later on.
"""

from __future__ import annotations

import argparse
import math
import os
import stat
from collections.abc import Callable, Iterable
from pathlib import Path, PureWindowsPath

from game.common import portable_names

MAX_SEED = 2**63 - 1  # fits any 64-bit store (replays, JSON readers in other languages)


def int_range(low: int, high: int) -> Callable[[str], int]:
    """A whole number from ``low`` to ``high`` inclusive (no '3.0', no '1e3')."""

    def parse(text: str) -> int:
        try:
            # bound the length before int(): a 5000-digit "seed" is not worth parsing
            value = int(text) if len(text) <= 40 else None
        except ValueError:
            value = None
        if value is None or not low <= value <= high:
            raise argparse.ArgumentTypeError(
                f"must be a whole number from {low} to {high}, not {_show(text)}")
        return value

    parse.__name__ = "whole number"  # argparse names the type in some messages
    return parse


def float_range(low: float, high: float) -> Callable[[str], float]:
    """A finite number from ``low`` to ``high`` inclusive (nan, inf, 0 below low are refused)."""

    def parse(text: str) -> float:
        try:
            value = float(text) if len(text) <= 40 else math.nan
        except ValueError:
            value = math.nan
        if not (math.isfinite(value) and low <= value <= high):
            raise argparse.ArgumentTypeError(
                f"must be a number from {low:g} to {high:g}, not {_show(text)}")
        return value

    parse.__name__ = "number"
    return parse


def port_number(text: str) -> int:
    """A TCP port to listen on, 0 (any free one) to 65535: anything else is a usage error in
    one line, never a socket library's traceback."""
    try:
        value = int(text) if len(text) <= 20 else None
    except ValueError:
        value = None
    if value is None:
        raise argparse.ArgumentTypeError(f"{_show(text)} is not a number")
    if not 0 <= value <= 65535:
        raise argparse.ArgumentTypeError("a port is a number from 0 to 65535")
    return value


def one_of(choices: Iterable[str]) -> Callable[[str], str]:
    """One of ``choices``, case-insensitive; returns the canonical (listed) spelling."""
    allowed = tuple(choices)
    lookup = {c.lower(): c for c in allowed}

    def parse(text: str) -> str:
        value = lookup.get(text.strip().lower())
        if value is None:
            raise argparse.ArgumentTypeError(
                f"must be one of {', '.join(allowed)}, not {_show(text)}")
        return value

    parse.__name__ = "choice"
    return parse


def whole_number(text: str) -> int:
    """Any whole number (for a flag whose range depends on other flags; check it after)."""
    try:
        return int(text) if len(text) <= 40 else int("x")
    except ValueError:
        raise argparse.ArgumentTypeError(f"must be a whole number, not {_show(text)}") from None


def new_file(text: str) -> Path:
    """A file the game may (re)write: not empty, not a folder, device, FIFO or link, in a
    folder that exists and may be written. Known before the game, not after it."""
    if not text.strip():
        raise argparse.ArgumentTypeError("must name a file, not an empty text")
    path = Path(text)
    try:
        st = os.lstat(path)
    except FileNotFoundError:
        st = None
    except OSError as exc:
        raise argparse.ArgumentTypeError(f"{_show(text)} cannot be used ({exc.strerror})") from None
    if st is not None and not stat.S_ISREG(st.st_mode):
        what = "a folder" if stat.S_ISDIR(st.st_mode) else "not a regular file"
        raise argparse.ArgumentTypeError(f"{_show(text)} is {what}; name a file to write")
    folder = path.parent
    if not folder.is_dir():
        raise argparse.ArgumentTypeError(f"the folder of {_show(text)} does not exist")
    if not os.access(folder, os.W_OK | os.X_OK) or (st is not None and not os.access(path, os.W_OK)):
        raise argparse.ArgumentTypeError(f"{_show(text)} cannot be written (permission denied)")
    return path


def seed(text: str) -> int:
    """A game seed: a whole number from 0 to MAX_SEED."""
    return int_range(0, MAX_SEED)(text)


def output_file(system: str | None = None) -> Callable[[str], Path]:
    """A file the game will write: its name must be one ``system`` (this one by default) can
    hold, so ``--record CON.json`` on Windows is a usage error, not a write to the console
    device or a lost replay (see game.common.portable_names). The folders are the player's own."""
    rules = system or portable_names.current_system()

    def parse(text: str) -> Path:
        # Windows' own reading of the path, also when its rules are played on Linux
        name = (PureWindowsPath(text) if rules == portable_names.WINDOWS else Path(text)).name
        problem = portable_names.name_problem(name, rules)
        if problem is not None:
            raise argparse.ArgumentTypeError(f"must name a file "
                f"{portable_names.SYSTEM_NAMES[rules]} can hold: {_show(name)} {problem}")
        return Path(text)

    parse.__name__ = "file name"
    return parse


def record_file(text: str) -> Path:
    """``--record FILE``, ``--speech-log FILE``: a name this system can hold (output_file) of a
    file the game may write (new_file), both known before the game starts."""
    return new_file(str(output_file()(text)))


def _show(text: str) -> str:
    return repr(text if len(text) <= 30 else text[:27] + "...")


def add_setup_arguments(parser: argparse.ArgumentParser) -> None:
    """``--mindbugs 1|2`` and ``--sets 1|2``: the 2v2 variant's set-up (game.engine.variants).
    Read them with ``setup_arguments``, which refuses them outside 2v2."""
    parser.add_argument("--mindbugs", type=int_range(1, 2), default=None, metavar="1|2",
                        help="2v2: Mindbugs per player (default 2, as the rules recommend)")
    parser.add_argument("--sets", type=int_range(1, 2), default=None, metavar="1|2",
                        help="2v2: First Contact sets shuffled into the deck (default 1; "
                             "2: 96 cards, every card's copies doubled)")


def setup_arguments(parser: argparse.ArgumentParser, args: argparse.Namespace,
                    rules: str | None) -> tuple[int, int]:
    """(Mindbugs per player, sets) of the command line; a usage error (exit 2) for a set-up
    other than the default without ``--rules 2v2``: 1v1 is played with one set, 2 Mindbugs."""
    mindbugs = 2 if args.mindbugs is None else args.mindbugs
    sets = 1 if args.sets is None else args.sets
    if rules != "2v2" and (mindbugs, sets) != (2, 1):
        parser.error("--mindbugs 1 and --sets 2 are 2v2 set-ups (add --rules 2v2); "
                     "1v1 is played with one set and 2 Mindbugs each")
    return mindbugs, sets
