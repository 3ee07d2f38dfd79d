"""What "the moments that decided it" costs per game: CPU time of the analysis of one seat.

    nice -n 10 python bench/moments.py [--games N] [--seed S] [--level LEVEL] [--rules R]
                                       [--budget ITERATIONS] [--frames]

Plays seeded demo games (both seats at LEVEL, by default Medium, as a person's opponent would
play) through the match controller, then analyses seat 1 of each with game.ai.moments (Hard's
search per decision, Hard's budget unless --budget), and prints per game the decisions
analysed, the CPU seconds and the seconds per decision, then the median and the worst game.

``--frames``: the window's side instead. The real window (headless, SDL's dummy drivers) opens
the replay viewer on the first game and its moments box, whose analysis runs in its thread.
Meanwhile the mouse moves over the box every 50 ms; each pass of the window's loop that
handles such a move is timed (wall clock: how long the window takes to answer input), and so
are as many of the same box with no analysis running. Also the analysis's wall time in the
window against its CPU time alone (the window must leave it the processor).
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

os.environ["MINDBUG_LOOPBACK_ONLY"] = "1"  # nothing a bench runs leaves this machine

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.ai.moments import analyse_game, moment_lines  # noqa: E402
from game.ui.core.match_config import MatchConfig  # noqa: E402
from game.ui.match.controller import MatchController  # noqa: E402


def demo_record(seed: int, rules: str, level: str) -> object:
    ctl = MatchController(MatchConfig(mode="demo", ai_level=level, seed=seed, rules=rules))
    while not ctl.over:
        ctl.start_ai()
        ctl.worker._thread.join()
        ctl.respond(ctl.take_ai_option())
    return ctl.record()


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--games", type=int, default=4)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--level", default="medium")
    p.add_argument("--rules", default="1v1", choices=("1v1", "2v2"))
    p.add_argument("--budget", type=int, default=None,
                   help="search iterations per decision (default: Hard's own)")
    p.add_argument("--frames", action="store_true",
                   help="time the window's frames while the moments box analyses")
    args = p.parse_args(argv)
    if args.frames:
        return frames(demo_record(args.seed, args.rules, args.level), args.budget)
    times = []
    print(f"moments of seat 1, {args.rules} demo games at {args.level}, "
          f"budget {args.budget or 'Hard'}")
    for k in range(args.games):
        seed = args.seed + k
        record = demo_record(seed, args.rules, args.level)
        t0 = time.process_time()
        analysed = analyse_game(record, [0], args.budget)
        spent = time.process_time() - t0
        points = len(analysed[0].points)
        times.append(spent)
        print(f"game seed {seed}: {len(record.choices)} decisions, {points} of seat 1 analysed, "
              f"{spent:.1f} s CPU ({spent / max(points, 1):.3f} s per decision)")
        for line in moment_lines(analysed[0]):
            print("   ", line)
    print(f"per game: median {statistics.median(times):.1f} s, worst {max(times):.1f} s CPU")
    return 0


class _Idle:
    """A finished job that says it still runs: the box keeps drawing, nothing searches."""

    def __init__(self, job: object) -> None:
        self.result, self.error, self.fraction, self.done = None, None, 1.0, False
        self.job = job

    def cancel(self) -> None:
        pass


def frames(record: object, budget: int | None) -> int:
    """Frame times of the window while the moments box's analysis runs, and after."""
    import os
    import tempfile

    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    with tempfile.TemporaryDirectory() as data:
        os.environ["MINDBUG_DATA_DIR"] = data
        from game.app import App, parse_args
        from game.ui.records import moments_view
        from game.ui.records.viewer import ReplayScene

        moments_view.ITERATIONS = budget
        app = App(parse_args(["--settings", str(Path(data) / "settings.json")]))
        app.step()
        viewer = ReplayScene(app.ctx, record)
        app.ctx.scenes.replace(viewer)
        app.step()
        moments_view.open_box(viewer)
        box = app.ctx.scenes.top

        import pygame

        def timed(more: Callable[[list[float]], bool]) -> list[float]:
            out: list[float] = []
            while more(out):
                pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(640, 300 + len(out) % 50),
                                                     rel=(0, 1), buttons=(0, 0, 0)))
                t0 = time.perf_counter()
                app.step()
                out.append(time.perf_counter() - t0)
                time.sleep(0.05)
            return out

        t0 = time.perf_counter()
        during = timed(lambda out: not box.job.done)
        spent = time.perf_counter() - t0
        # The same box as often with no analysis running: a job that never ends.
        box.job = _Idle(box.job)
        box.result, box.moments = None, []
        after = timed(lambda out: len(out) < max(len(during), 30))
        app.close()

    def line(name: str, times: list[float]) -> str:
        ms = sorted(t * 1000 for t in times)
        return (f"{name}: {len(ms)} frames, median {statistics.median(ms):.1f} ms, "
                f"95th {ms[int(0.95 * (len(ms) - 1))]:.1f} ms, worst {ms[-1]:.1f} ms")

    alone = time.process_time()
    analyse_game(record, [0], budget)
    alone = time.process_time() - alone
    print(f"analysis of {len(record.choices)} decisions: {spent:.1f} s wall in the window "
          f"(with a mouse move every 50 ms), {alone:.1f} s CPU alone")
    print(line("input handled while it ran", during))
    print(line("input handled with no analysis", after))
    return 0


if __name__ == "__main__":
    sys.exit(main())
