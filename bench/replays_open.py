"""How long the Replays list and the Statistics screen take to open with 200 big kept games.

Issue 22, finding 8: 200 replay files of 2 MB each froze the window for 23-27 s when either
screen opened (in one frame), at 1.84 GB. Now the files are read in a background thread and a
replay over ``REPLAY_MAX_BYTES`` (256 KB) is one line, never parsed. This prints, for 200 files
of each size (2 MB: over the cap; just under the cap: the biggest that is read):

- ``open``: creating the scene and drawing its first frame (what the window waits for);
- ``slowest frame`` while the list fills (frames drawn as the loading goes on);
- ``filled``: until the background thread has read every file;
- ``sync read``: ``Store.replays()`` on one thread, what the old open did;
- the process's peak memory (ru_maxrss) after each case.

    nice -n 10 python bench/replays_open.py             # 200 files of each size
    nice -n 10 python bench/replays_open.py --files 50
"""

from __future__ import annotations

import argparse
import dataclasses
import os
import resource
import sys
import tempfile
import time
from pathlib import Path

os.environ["MINDBUG_LOOPBACK_ONLY"] = "1"  # nothing a bench runs leaves this machine

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))


def big_record(target_bytes: int):
    """A finished game whose file is about ``target_bytes``: its choices repeated (the list
    does not replay them; a file of this size cannot come from a real game of ~30 KB)."""
    from game.persist.record import dumps
    from game.ui.core.match_config import MatchConfig
    from game.ui.match.controller import MatchController

    ctl = MatchController(MatchConfig(mode="demo", ai_level="random", seed=7))
    while not ctl.over:
        ctl.start_ai()
        ctl.worker._thread.join()
        ctl.respond(ctl.take_ai_option())
    record = ctl.record()
    one = len(dumps(record))
    choices = record.choices * (target_bytes // one + 1)
    while len(dumps(dataclasses.replace(record, choices=choices))) > target_bytes and len(choices) > 1:
        choices = choices[: len(choices) * 95 // 100]
    return dataclasses.replace(record, choices=choices)


def fill(folder: Path, n: int, target_bytes: int) -> int:
    from game.persist.record import dumps

    record = big_record(target_bytes)
    text = dumps(record)
    replays = folder / "replays"
    replays.mkdir(parents=True, exist_ok=True)
    for i in range(n):
        (replays / f"replay-20260101-{i:06d}-{i}.json").write_text(text, encoding="utf-8")
    return len(text.encode("utf-8"))


def peak_mb() -> float:
    kb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return kb / 1024 if sys.platform != "darwin" else kb / 2 ** 20


def measure(app, make) -> tuple[float, float, float]:
    """(open incl. the first frame, slowest frame while loading, until filled) in seconds."""
    t0 = time.perf_counter()
    scene = make(app.ctx)
    app.ctx.scenes.push(scene)
    app.step()
    opened = time.perf_counter() - t0
    slowest = 0.0
    deadline = time.perf_counter() + 600
    while not scene.loading.done and time.perf_counter() < deadline:
        f0 = time.perf_counter()
        app.step()
        slowest = max(slowest, time.perf_counter() - f0)
    filled = time.perf_counter() - t0
    app.ctx.scenes.remove(scene)
    return opened, slowest, filled


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--files", type=int, default=200)
    args = p.parse_args(argv)
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    from game.persist.store import REPLAY_MAX_BYTES

    print(f"{args.files} files each; replay cap {REPLAY_MAX_BYTES // 1024} KB")
    for label, size in (("2 MB (over the cap)", 2_000_000), ("just under the cap", REPLAY_MAX_BYTES - 4096)):
        with tempfile.TemporaryDirectory(prefix="mindbug-bench-replays-") as folder:
            os.environ["MINDBUG_DATA_DIR"] = folder
            actual = fill(Path(folder), args.files, size)
            from game.app import App, parse_args
            from game.ui.records.replay_list import ReplaysScene
            from game.ui.records.statistics import StatsScene

            app = App(parse_args(["--settings", str(Path(folder) / "settings.json"), "--max-fps", "1000"]))
            app.step()  # the first frame: the store opens after it
            try:
                for name, make in (("Replays", ReplaysScene), ("Statistics", StatsScene)):
                    opened, slowest, filled = measure(app, make)
                    print(f"{label}, {actual / 1024:.0f} KB per file, {name}: open {opened * 1000:.0f} ms, "
                          f"slowest frame while loading {slowest * 1000:.0f} ms, filled {filled:.2f} s")
                t0 = time.perf_counter()
                app.ctx.store.replays()
                print(f"{label}: sync read (the old open, one frame) {time.perf_counter() - t0:.2f} s; "
                      f"peak memory so far {peak_mb():.0f} MB")
            finally:
                app.close(quit_pygame=False)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
