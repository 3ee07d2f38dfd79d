"""Hostile files through every door the game reads: the settings, the games in progress (and the
old single ``autosave.json``), the replays, ``learn.json``, the hosted game's save and a client's
ticket. Each door gets a valid file spoiled in every way an attacker tried (bytes that are not
UTF-8, NaN, huge numbers, 1000-deep nesting, every field of the wrong type, empty, truncated,
too big, a folder or a FIFO in its place) and is read the way the window reads it.

A case fails when the read raises, takes over ``--slow`` seconds, refuses the file without a
message, or loses the file's bytes (neither left in place nor set aside beside it). Nothing
leaves the temporary folders; no network. Loopback-only by nature (it opens no socket).

    python bench/hostile_files.py            # every door; one line per failure, then counts
    python bench/hostile_files.py --door saves
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
import time
import traceback
from collections.abc import Callable, Iterator
from dataclasses import replace
from pathlib import Path

os.environ["MINDBUG_LOOPBACK_ONLY"] = "1"  # nothing a bench runs leaves this machine

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

WRONG_VALUES: dict[str, str] = {
    "null": "null", "true": "true", "string": '"x"', "list": "[]", "object": "{}",
    "negative": "-1", "float": "0.5", "NaN": "NaN", "Infinity": "Infinity", "1e400": "1e400",
    "huge int": "9" * 5000, "deep list": "[" * 1000 + "]" * 1000,
    "deep object": '{"a":' * 1000 + "1" + "}" * 1000, "NUL text": '"a\\u0000b"',
    "lone surrogate": '"\\ud800"', "long text": '"' + "x" * 100_000 + '"',
}


def whole_file_spoils(valid: bytes) -> Iterator[tuple[str, bytes]]:
    yield "empty", b""
    yield "not UTF-8", b"\xff\xfe" + valid
    yield "Latin-1 byte inside", valid.replace(b'"', b'"\xe9', 1)
    yield "BOM", b"\xef\xbb\xbf" + valid
    yield "truncated", valid[: len(valid) // 2]
    yield "NaN alone", b"NaN"
    yield "deep list", b"[" * 1000 + b"]" * 1000
    yield "deep object", b'{"a":' * 1000 + b"1" + b"}" * 1000
    yield "100000-deep", b"[" * 100_000 + b"]" * 100_000
    yield "huge number", b"1" + b"0" * 100_000
    yield "a list", b"[1, 2, 3]"
    yield "a string", b'"hello"'
    yield "null", b"null"
    yield "3 MB", b'{"pad": "' + b"x" * (3 << 20) + b'"}'
    yield "two objects", valid + valid
    yield "NUL bytes", valid.replace(b"{", b"{\x00", 1)


def field_spoils(valid: bytes) -> Iterator[tuple[str, bytes]]:
    """Every top-level field (and every field of each nested object one level down) replaced
    by every wrong value."""
    data = json.loads(valid)
    if not isinstance(data, dict):
        return
    for key in data:
        for what, text in WRONG_VALUES.items():
            yield f"{key}={what}", _with(data, [key], text)
        inner = data[key]
        if isinstance(inner, dict):
            for sub in inner:
                for what in ("null", "string", "NaN", "huge int", "deep list", "list"):
                    yield f"{key}.{sub}={what}", _with(data, [key, sub], WRONG_VALUES[what])
        elif isinstance(inner, list) and inner and isinstance(inner[0], dict):
            for sub in inner[0]:
                for what in ("null", "string", "NaN", "huge int", "deep list"):
                    yield f"{key}[0].{sub}={what}", _with(data, [key, 0, sub],
                                                          WRONG_VALUES[what])
    yield "extra key", json.dumps({**data, "from_a_newer_version": [1, {"x": None}]}).encode()


def _with(data: dict, where: list, raw: str) -> bytes:
    """``data`` as JSON with the value at ``where`` replaced by the raw JSON text ``raw``."""
    marker = "\u0001MARK\u0001"
    copy = json.loads(json.dumps(data))
    target = copy
    for step in where[:-1]:
        target = target[step]
    target[where[-1]] = marker
    return json.dumps(copy).replace(json.dumps(marker), raw).encode("utf-8", "surrogatepass")


# --- the doors: each writes ``content`` where the game reads it and reads it as the game does;
# returns (usable, message) -------------------------------------------------------------------

def valid_record(finished: bool) -> bytes:
    from game.ai.demo_games import play_demo
    from game.persist.record import dumps

    record = play_demo(5)
    if not finished:
        record = replace(record, choices=record.choices[:6], result=None, game_id="0123456789abcdef")
    return dumps(record).encode()


def door_settings(folder: Path, content: bytes | None) -> tuple[bool, str | None, Path]:
    from game.common import settings

    path = settings.default_path()  # XDG_CONFIG_HOME points into the run's folder
    path.parent.mkdir(parents=True, exist_ok=True)
    _place(path, content)
    loaded, message = settings.load(path)
    try:
        settings.save(loaded, path)  # the next save must write a valid file, NaN never
    except OSError as exc:
        message = message or str(exc)
    if path.is_file():
        json.loads(path.read_text(encoding="utf-8"),
                   parse_constant=lambda c: (_ for _ in ()).throw(ValueError(c)))
    return message is None, message, path.parent


def door_saves(folder: Path, content: bytes | None) -> tuple[bool, str | None, Path]:
    from game.persist.store import Store

    path = folder / "saves" / "game-0123456789abcdef.json"
    path.parent.mkdir(parents=True, exist_ok=True)
    _place(path, content)
    store = Store(folder)
    games, message = store.saved_games()
    record, _message = store.load_autosave()
    return bool(games) and record is not None, message, path.parent


def door_autosave(folder: Path, content: bytes | None) -> tuple[bool, str | None, Path]:
    from game.persist.store import Store

    path = folder / "autosave.json"
    _place(path, content)
    games, message = Store(folder).saved_games()
    return bool(games), message, folder


def door_replays(folder: Path, content: bytes | None) -> tuple[bool, str | None, Path]:
    from game.persist.store import Store

    path = folder / "replays" / "replay-20261207-120000-5.json"
    path.parent.mkdir(parents=True, exist_ok=True)
    _place(path, content)
    entries = Store(folder).replays()
    listed = [e for e in entries if e.path == path]
    if not listed:
        return False, None, path.parent
    entry = listed[0]
    return entry.record is not None, entry.error, path.parent


def door_learn(folder: Path, content: bytes | None) -> tuple[bool, str | None, Path]:
    from game.ui.learn import progress

    path = folder / "learn.json"
    _place(path, content)
    loaded = progress.load(path)
    message = loaded.message
    if not loaded.read_only:
        message = loaded.mark_solved("first-puzzle") or message  # and written back valid
    return loaded.message is None, message, folder


def door_hosted(folder: Path, content: bytes | None) -> tuple[bool, str | None, Path]:
    from game.net.saves import network_dir
    from game.ui.net.kept import hosted_root, hosted_save

    where = network_dir(hosted_root(folder))
    where.mkdir(parents=True, exist_ok=True)
    _place(where / "host-0123456789abcdef.json", content)
    saved, message = hosted_save(folder)
    return saved is not None, message, where


def door_ticket(folder: Path, content: bytes | None) -> tuple[bool, str | None, Path]:
    from game.net.saves import read_ticket

    path = folder / "network" / "ticket-0123456789abcdef.json"
    path.parent.mkdir(parents=True, exist_ok=True)
    _place(path, content)
    # A bad ticket only costs the seat (the client asks for a free one): no message expected.
    return read_ticket(path) is not None, "a ticket costs only its seat", path.parent


def valid_for(door: str) -> bytes:
    if door == "settings":
        from game.common import settings

        return json.dumps({settings.MARKER: 1, **settings.Settings().to_dict()}).encode()
    if door == "learn":
        return json.dumps({"version": 1, "solved": ["a"], "lessons": ["b"],
                           "tutorial_offered": True}).encode()
    if door == "hosted":
        from game.net.saves import HostSave, SeatState, host_save_text
        from game.persist.record import loads

        record = loads(valid_record(False).decode())
        seats = [SeatState(True, "person", None, "Ada", "a" * 64),
                 SeatState(True, "person", None, "Basil", "b" * 64)]
        return host_save_text(HostSave("0123456789abcdef", record, seats, "c" * 64,
                                       port=5151)).encode()
    if door == "ticket":
        return json.dumps({"format": "mindbug-net-ticket", "game": "0123456789abcdef",
                           "seat": 1, "token": "t" * 32}).encode()
    return valid_record(door == "replays")


DOORS: dict[str, Callable[[Path, bytes | None], tuple[bool, str | None, Path]]] = {
    "settings": door_settings, "saves": door_saves, "autosave": door_autosave,
    "replays": door_replays, "learn": door_learn, "hosted": door_hosted, "ticket": door_ticket,
}


def _place(path: Path, content: bytes | None) -> None:
    if content is None:
        return
    if isinstance(content, bytes):
        path.write_bytes(content)


def kept_somewhere(folder: Path, content: bytes) -> bool:
    """The spoiled bytes still exist in the door's folder (in place or set aside)."""
    for p in folder.rglob("*"):
        try:
            if p.is_file() and p.stat().st_size == len(content) and p.read_bytes() == content:
                return True
        except OSError:
            continue
    return False


def special_places(door: str, folder: Path, slow: float) -> Iterator[tuple[str, str | None]]:
    """A folder and a FIFO where the file goes: read without blocking, left alone."""
    for kind in ("folder", "fifo"):
        with tempfile.TemporaryDirectory(prefix="hostile-") as tmp:
            base = Path(tmp)
            os.environ["XDG_CONFIG_HOME"] = str(base / "config")
            target = {"settings": base / "config" / "mindbug-desktop" / "settings.json",
                      "saves": base / "saves" / "game-0123456789abcdef.json",
                      "autosave": base / "autosave.json",
                      "replays": base / "replays" / "replay-20261207-120000-5.json",
                      "learn": base / "learn.json",
                      "hosted": base / "network" / "hosted" / "network"
                      / "host-0123456789abcdef.json",
                      "ticket": base / "network" / "ticket-0123456789abcdef.json"}[door]
            target.parent.mkdir(parents=True, exist_ok=True)
            if kind == "folder":
                target.mkdir()
            else:
                os.mkfifo(target)
            start = time.monotonic()
            try:
                DOORS[door](base, None)
            except Exception as exc:
                yield kind, f"raised {type(exc).__name__}: {exc}"
                continue
            took = time.monotonic() - start
            still = target.is_dir() if kind == "folder" else target.exists()
            yield kind, (f"took {took:.1f} s" if took > slow else
                         None if still else "the thing in its place was removed")


def run_door(door: str, slow: float) -> tuple[int, list[str]]:
    valid = valid_for(door)
    cases = [("valid", valid), *whole_file_spoils(valid), *field_spoils(valid)]
    failures: list[str] = []
    tried = 0
    for name, content in cases:
        tried += 1
        with tempfile.TemporaryDirectory(prefix="hostile-") as tmp:
            folder = Path(tmp)
            os.environ["XDG_CONFIG_HOME"] = str(folder / "config")
            start = time.monotonic()
            try:
                usable, message, kept_in = DOORS[door](folder, content)
            except Exception as exc:
                failures.append(f"{door} {name}: raised {type(exc).__name__}: {str(exc)[:200]}")
                if os.environ.get("HOSTILE_TRACE"):
                    traceback.print_exc()
                continue
            took = time.monotonic() - start
            if took > slow:
                failures.append(f"{door} {name}: took {took:.1f} s")
            if name == "valid":
                if not usable:
                    failures.append(f"{door} valid file not usable: {message}")
                continue
            if not usable and not message:
                failures.append(f"{door} {name}: refused without a word")
            if not usable and not kept_somewhere(kept_in, content) and door != "ticket":
                failures.append(f"{door} {name}: its bytes are gone")
            if message and ("Traceback" in message or len(message) > 2000):
                failures.append(f"{door} {name}: message unfit for a player ({len(message)} chars)")
    if hasattr(os, "mkfifo"):
        for kind, problem in special_places(door, Path(), slow):
            tried += 1
            if problem:
                failures.append(f"{door} {kind} in its place: {problem}")
    return tried, failures


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--door", choices=sorted(DOORS), action="append")
    parser.add_argument("--slow", type=float, default=5.0, help="seconds a read may take")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="hostile-data-") as data:
        os.environ["MINDBUG_DATA_DIR"] = data  # nothing of the player's is read or written
        total_tried = total_failed = 0
        rows = []
        for door in args.door or list(DOORS):
            tried, failures = run_door(door, args.slow)
            for line in failures:
                print("FAIL", line)
            rows.append((door, tried, len(failures)))
            total_tried += tried
            total_failed += len(failures)
    for door, tried, failed in rows:
        print(f"{door:10} tried {tried:4}  failed {failed}")
    print(f"{'all':10} tried {total_tried:4}  failed {total_failed}")
    return 1 if total_failed else 0


if __name__ == "__main__":
    sys.exit(main())
