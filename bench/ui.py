"""UI figures: start to first frame, idle CPU in a match, frames per second while animating
and while the computer thinks, the match figures for the 1v1 and the 2v2 (four-seat) table, and
the frame-time 99th percentile and worst frame over a whole demo game.

Run under a real X server (or Xvfb):  DISPLAY=:99 python bench/ui.py
Targets: first frame <= 0.25 s, idle CPU <= 5 % of a core, >= 55 fps, frame time p99 <= 20 ms,
worst frame <= 50 ms.
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


def _config(rules: str, people: bool, level: str = "random"):
    """Hot seat (all people) or demo (all computers), for 1v1 or 2v2."""
    from game.ui.match_controller import MatchConfig, computer, person

    if rules == "2v2":
        seats = [person(n) for n in ("Ann", "Bo", "Cy", "Di")] if people else [computer(level)] * 4
        return MatchConfig.for_seats(seats, "2v2", 11 if people else 3)
    if people:
        return MatchConfig(mode="hotseat", names=("Ann", "Bo"), seed=11)
    return MatchConfig(mode="demo", ai_level=level, names=("A", "B"), seed=3)


def idle_cpu(app, seconds: float, rules: str = "1v1") -> float:
    """A match waiting for the player's move: CPU used by the real loop, % of one core."""
    from game.ui.match_scene import MatchScene

    scene = MatchScene(app.ctx, _config(rules, people=True))
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
    # The card faces are drawn ahead in the first seconds after start (a one-off warm-up that
    # uses spare frame time); idle means after it, with nothing left to do.
    warmer = getattr(app, "warmer", None)
    while warmer is not None and not warmer.done and time.monotonic() < deadline + 30:
        app.step()
    cpu0, wall0 = time.process_time(), time.perf_counter()
    while time.perf_counter() - wall0 < seconds:
        app.step()
    cpu = time.process_time() - cpu0
    wall = time.perf_counter() - wall0
    return 100.0 * cpu / wall


def fps_demo(app, seconds: float, level: str, rules: str = "1v1") -> tuple[float, float, int, int]:
    """AI vs AI at normal speed: frames per second while cards move and while the AI thinks."""
    from game.ui.match_scene import MatchScene

    app.ctx.speed_override = 1.0
    app.ctx.settings.ai_pause = 0.8
    scene = MatchScene(app.ctx, _config(rules, people=False, level=level))
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


def frame_times_game(app, level: str, speed: float, limit: float = 600.0) -> tuple[float, float, int]:
    """A whole demo game as the player sees it: the time between drawn frames (ms), p99 and worst.

    Frames while nothing moves are not drawn, so only frames in motion count; the first second
    (the window settling) is left out.
    """
    from game.ui.match_scene import MatchConfig, MatchScene

    app.ctx.speed_override = speed
    app.ctx.demo = True
    scene = MatchScene(app.ctx, MatchConfig(mode="demo", ai_level=level, names=("A", "B"), seed=5))
    app.ctx.scenes.replace(scene)
    gaps: list[float] = []
    start = last = time.perf_counter()
    deadline = start + limit
    while not scene.ctl.over and app.ctx.running and time.perf_counter() < deadline:
        frames = app.ctx.frames
        moving = scene.animating
        app.step()
        now = time.perf_counter()
        if app.ctx.frames > frames:
            if moving and now - start > 1.0:
                gaps.append((now - last) * 1000)
            last = now
    gaps.sort()
    if not gaps:
        return 0.0, 0.0, 0
    return gaps[min(len(gaps) - 1, int(len(gaps) * 0.99))], gaps[-1], len(gaps)


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--runs", type=int, default=3)
    p.add_argument("--idle-seconds", type=float, default=4.0)
    p.add_argument("--fps-seconds", type=float, default=12.0)
    p.add_argument("--level", default="hard", help="AI level for the thinking measurement")
    p.add_argument("--rules", choices=("1v1", "2v2", "both"), default="both",
                   help="which table to measure (default: both, side by side)")
    p.add_argument("--game-level", default="easy", help="AI level of the whole demo game")
    p.add_argument("--game-speed", type=float, default=2.5, help="animation speed of that game")
    p.add_argument("--only-game", action="store_true", help="measure only the whole demo game")
    args = p.parse_args()
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    with tempfile.TemporaryDirectory() as tmp:
        settings = Path(tmp) / "settings.json"
        if args.only_game:
            app = make_app(settings, [])
            p99, worst, n = frame_times_game(app, args.game_level, args.game_speed)
            app.close()
            print(f"frame time over a whole demo game ({args.game_level}, speed {args.game_speed:g}): "
                  f"p99 {p99:.1f} ms, worst {worst:.1f} ms ({n} frames; targets <= 20 and <= 50)")
            return 0
        first = start_to_first_frame(args.runs, settings)
        print(f"start to first frame: {first:.2f} s (median of {args.runs}; target <= 0.25)")
        # One window for every in-process measurement (SDL dislikes re-creating it).
        app = make_app(settings, [])
        p99, worst, n = frame_times_game(app, args.game_level, args.game_speed)
        print(f"frame time over a whole demo game ({args.game_level}, speed {args.game_speed:g}): "
              f"p99 {p99:.1f} ms, worst {worst:.1f} ms ({n} frames; targets <= 20 and <= 50)")
        tables = ("1v1", "2v2") if args.rules == "both" else (args.rules,)
        rows = {}
        for rules in tables:
            idle = idle_cpu(app, args.idle_seconds, rules)
            rows[rules] = (idle, *fps_demo(app, args.fps_seconds, args.level, rules))
        app.close()
        for rules, (idle, fa, ft, na, nt) in rows.items():
            print(f"[{rules}] idle CPU in a match: {idle:.1f} % of a core (target <= 5)")
            print(f"[{rules}] fps while animating: {fa:.1f} ({na} frames; target >= 55)")
            print(f"[{rules}] fps while the AI thinks ({args.level}): {ft:.1f} "
                  f"({nt} frames; target >= 55)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
