"""UI figures: start to first frame, idle CPU in a match, frames per second while animating
and while the computer thinks.

Run under a real X server (or Xvfb):  DISPLAY=:99 python bench/ui.py
Targets: first frame <= 1.0 s, idle CPU <= 5 % of a core, >= 55 fps.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))


def start_to_first_frame(runs: int, settings: Path) -> float:
    """Launch ``python -m game`` from source; time until it prints READY after its first frame."""
    times = []
    for _ in range(runs):
        t0 = time.perf_counter()
        proc = subprocess.Popen(
            [sys.executable, "-m", "game", "--settings", str(settings), "--windowed", "--ready"],
            cwd=ROOT,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            text=True,
        )
        line = proc.stdout.readline()
        elapsed = time.perf_counter() - t0
        proc.terminate()
        proc.wait(timeout=10)
        if line.strip() != "READY":
            raise SystemExit(f"the game did not print READY (got {line!r})")
        times.append(elapsed)
    return statistics.median(times)


def make_app(settings: Path, extra: list[str]):
    from game.app import App, parse_args

    return App(parse_args(["--settings", str(settings), "--windowed", *extra]))


def idle_cpu(app, seconds: float) -> float:
    """A match waiting for the player's move: CPU used by the real loop, % of one core."""
    from game.ui.match_scene import MatchConfig, MatchScene

    scene = MatchScene(app.ctx, MatchConfig(mode="hotseat", names=("Ann", "Bo"), seed=11))
    app.ctx.scenes.replace(scene)
    # Reveal the first player and let every animation finish.
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline:
        app.step()
        top = app.ctx.scenes.top
        if top is not scene and hasattr(top, "_reveal"):
            top._reveal()
        if (
            app.ctx.scenes.top is scene
            and scene.decision_serial == scene.ctl.pending.serial
            and not scene.animating
        ):
            break
    cpu0, wall0 = time.process_time(), time.perf_counter()
    while time.perf_counter() - wall0 < seconds:
        app.step()
    cpu = time.process_time() - cpu0
    wall = time.perf_counter() - wall0
    return 100.0 * cpu / wall


def fps_demo(app, seconds: float, level: str) -> tuple[float, float, int, int]:
    """AI vs AI at normal speed: frames per second while cards move and while the AI thinks."""
    from game.ui.match_scene import MatchConfig, MatchScene

    app.ctx.speed_override = 1.0
    app.ctx.settings.ai_pause = 0.8
    scene = MatchScene(app.ctx, MatchConfig(mode="demo", ai_level=level, names=("A", "B"), seed=3))
    app.ctx.scenes.replace(scene)
    app.ctx.demo = False  # keep the full AI pause: we want thinking frames to measure
    stats = {"anim": [0, 0.0], "think": [0, 0.0]}
    t_end = time.perf_counter() + seconds
    last = time.perf_counter()
    while time.perf_counter() < t_end and app.ctx.running and not scene.ctl.over:
        kind = (
            "think"
            if scene.ctl.worker is not None
            else ("anim" if scene.table.moving else None)
        )
        frames = app.ctx.frames
        app.step()
        now = time.perf_counter()
        if kind and app.ctx.frames > frames:
            stats[kind][0] += 1
            stats[kind][1] += now - last
        last = now
    fa = stats["anim"][0] / stats["anim"][1] if stats["anim"][1] else 0.0
    ft = stats["think"][0] / stats["think"][1] if stats["think"][1] else 0.0
    return fa, ft, stats["anim"][0], stats["think"][0]


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--runs", type=int, default=3)
    p.add_argument("--idle-seconds", type=float, default=4.0)
    p.add_argument("--fps-seconds", type=float, default=12.0)
    p.add_argument("--level", default="hard", help="AI level for the thinking measurement")
    args = p.parse_args()
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    with tempfile.TemporaryDirectory() as tmp:
        settings = Path(tmp) / "settings.json"
        first = start_to_first_frame(args.runs, settings)
        print(f"start to first frame: {first:.2f} s (median of {args.runs}; target <= 1.0)")
        # One window for both in-process measurements (SDL dislikes re-creating it).
        app = make_app(settings, [])
        idle = idle_cpu(app, args.idle_seconds)
        print(f"idle CPU in a match: {idle:.1f} % of a core (target <= 5)")
        fa, ft, na, nt = fps_demo(app, args.fps_seconds, args.level)
        app.close()
        print(f"fps while animating: {fa:.1f} ({na} frames; target >= 55)")
        print(f"fps while the AI thinks ({args.level}): {ft:.1f} ({nt} frames; target >= 55)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
