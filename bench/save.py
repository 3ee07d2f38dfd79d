"""Autosave figures: the save's size and what saving costs per decision.

    python bench/save.py [--games N] [--seed S] [--level LEVEL]

Plays seeded demo games (1v1 and 2v2) through the match controller. After every decision it
times what the frame pays (building the record and handing it to the writer thread) and,
separately, what the writer thread pays (JSON plus an atomic replace with fsync), in a
temporary folder. Prints median and worst per decision, and the size of the finished saves.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

os.environ["MINDBUG_LOOPBACK_ONLY"] = "1"  # nothing a bench runs leaves this machine

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.common.safe_files import atomic_write_text  # noqa: E402
from game.persist.record import dumps  # noqa: E402
from game.persist.session import MatchSaver  # noqa: E402
from game.persist.store import Store  # noqa: E402
from game.persist.writer import BackgroundWriter  # noqa: E402
from game.ui.core.match_config import MatchConfig  # noqa: E402
from game.ui.match.controller import MatchController  # noqa: E402


def play_and_time(seed: int, rules: str, level: str, folder: Path, writer: BackgroundWriter,
                  frame: list[float], disk: list[float]) -> tuple[int, int]:
    """One game; appends per-decision times (seconds); returns (decisions, final save bytes)."""
    ctl = MatchController(MatchConfig(mode="demo", ai_level=level, seed=seed, rules=rules))
    saver = MatchSaver(Store(folder), writer)
    path = folder / "timed.json"
    while not ctl.over:
        ctl.start_ai()
        ctl.worker._thread.join()
        ctl.respond(ctl.take_ai_option())
        t0 = time.perf_counter()
        saver.changed(ctl.record())  # what MatchController.respond does on the frame path
        frame.append(time.perf_counter() - t0)
        record = ctl.record()
        t0 = time.perf_counter()
        atomic_write_text(path, dumps(record))  # what the writer thread does
        disk.append(time.perf_counter() - t0)
    return len(ctl.choices), len(dumps(ctl.record()).encode("utf-8"))


def ms(seconds: float) -> str:
    return f"{seconds * 1000:.3f} ms"


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--games", type=int, default=10, help="games per rule set (default 10)")
    p.add_argument("--seed", type=int, default=1, help="first seed (default 1)")
    p.add_argument("--level", default="easy", help="computer level of every seat (default easy)")
    args = p.parse_args(argv)
    writer = BackgroundWriter()
    with tempfile.TemporaryDirectory(prefix="mindbug-bench-save-") as tmp:
        for rules in ("1v1", "2v2"):
            frame: list[float] = []
            disk: list[float] = []
            sizes, decisions = [], 0
            for i in range(args.games):
                n, size = play_and_time(args.seed + i, rules, args.level, Path(tmp), writer,
                                        frame, disk)
                decisions += n
                sizes.append(size)
            writer.flush()
            print(f"{rules}: {args.games} games, {decisions} decisions ({args.level})")
            print(f"  frame path (record + hand-off to the writer): median {ms(statistics.median(frame))}, "
                  f"worst {ms(max(frame))}")
            print(f"  writer thread (JSON + atomic replace, fsync): median {ms(statistics.median(disk))}, "
                  f"worst {ms(max(disk))}")
            print(f"  finished save: median {statistics.median(sizes) / 1024:.1f} KB, largest "
                  f"{max(sizes) / 1024:.1f} KB, {sum(sizes) / decisions:.0f} bytes per decision")
    writer.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
