"""UI figures: start to first frame, idle CPU in a match, frames per second while animating
and while the computer thinks, the match figures for the 1v1 and the 2v2 (four-seat) table, and
the frame-time 99th percentile and worst frame over a whole demo game.

Run under a real X server (or Xvfb):  DISPLAY=:99 python bench/ui.py
Targets: first frame <= 0.25 s, idle CPU <= 5 % of a core, >= 55 fps, frame time p99 <= 20 ms,
worst frame <= 50 ms.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
import time
from pathlib import Path

os.environ["MINDBUG_LOOPBACK_ONLY"] = "1"  # nothing a bench runs leaves this machine

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))


def start_to_first_frame(runs: int) -> list[str]:
    """Launch ``python -m game`` from source; time until it prints READY after its first frame
    (bench/startup.py: the same, with bytecode caches as on a player's machine, and CPU time)."""
    from bench.startup import measure, report

    return report(*measure(runs))


def make_app(settings: Path, extra: list[str]):
    from game.app import App, parse_args

    return App(parse_args(["--settings", str(settings), "--windowed", *extra]))


def _config(rules: str, people: bool, level: str = "random"):
    """Hot seat (all people) or demo (all computers), for 1v1 or 2v2."""
    from game.ui.core.match_config import MatchConfig, computer, person

    if rules == "2v2":
        seats = [person(n) for n in ("Ann", "Bo", "Cy", "Di")] if people else [computer(level)] * 4
        return MatchConfig.for_seats(seats, "2v2", 11 if people else 3)
    if people:
        return MatchConfig(mode="hotseat", names=("Ann", "Bo"), seed=11)
    return MatchConfig(mode="demo", ai_level=level, names=("A", "B"), seed=3)


def idle_cpu(app, seconds: float, rules: str = "1v1") -> float:
    """A match waiting for the player's move: CPU used by the real loop, % of one core."""
    from game.ui.match.scene import MatchScene

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
    from game.ui.match.scene import MatchScene

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


class FramePhases:
    """Where each frame's time goes: update, draw, the present, and card faces drawn inside the
    frame (by the frame loop's own thread: the ones drawn ahead in the background are free)."""

    def __init__(self, app) -> None:
        import threading

        from game.ui.cards import cardface

        self.now: dict[str, float] = {}
        self.faces_in_frames = 0
        main = threading.main_thread()

        def timed(name, fn, count=None):
            def wrapper(*a, **k):
                if count and threading.current_thread() is not main:
                    return fn(*a, **k)
                t = time.perf_counter()
                try:
                    return fn(*a, **k)
                finally:
                    self.now[name] = self.now.get(name, 0.0) + time.perf_counter() - t
                    if count:
                        self.now[count] = self.now.get(count, 0) + 1
            return wrapper

        scenes = app.ctx.scenes
        scenes.update = timed("update", scenes.update)
        scenes.draw = timed("draw", scenes.draw)
        # Comparing the frame with the one on screen and scaling what changed into the window
        # ("compose"), then, after the wait for the frame's moment (App.tick, in no phase),
        # sending it to the X server ("present"): game.ui.core.presenter.
        app.compose = timed("compose", app.compose)
        app.present = timed("present", app.present)
        cardface._draw_face = timed("faces", cardface._draw_face, count="n_faces")

    def take(self) -> dict[str, float]:
        now, self.now = self.now, {}
        return now


def frame_times_game(app, level: str, speed: float, limit: float = 600.0,
                     phases: FramePhases | None = None) -> tuple[float, float, int, list]:
    """A whole demo game as the player sees it: the time between drawn frames (ms), p99 and worst.

    Frames while nothing moves are not drawn, so only frames in motion count; the first second
    (the window settling) is left out. With ``phases``, the slowest 1 % come back with where
    their time went.
    """
    from game.ui.core.match_config import MatchConfig
    from game.ui.match.scene import MatchScene

    app.ctx.speed_override = speed
    app.ctx.demo = True
    scene = MatchScene(app.ctx, MatchConfig(mode="demo", ai_level=level, names=("A", "B"), seed=5))
    app.ctx.scenes.replace(scene)
    gaps: list[tuple[float, dict]] = []
    faces = 0  # card faces drawn inside frames over the whole game (first second too)
    start = last = time.perf_counter()
    deadline = start + limit
    while not scene.ctl.over and app.ctx.running and time.perf_counter() < deadline:
        frames = app.ctx.frames
        moving = scene.animating
        app.step()
        now = time.perf_counter()
        where = phases.take() if phases is not None else {}
        faces += int(where.get("n_faces", 0))
        if app.ctx.frames > frames:
            if moving and now - start > 1.0:
                gaps.append(((now - last) * 1000, where))
            last = now
    gaps.sort(key=lambda g: g[0])
    if not gaps:
        return 0.0, 0.0, 0, []
    p99 = gaps[min(len(gaps) - 1, int(len(gaps) * 0.99))][0]
    slowest = gaps[int(len(gaps) * 0.99):][::-1]
    if phases is not None:
        phases.faces_in_frames = faces
    return p99, gaps[-1][0], len(gaps), slowest


def print_slowest(slowest: list) -> None:
    """The slowest 1 % of frames: total and phases, ms."""
    faces = sum(1 for _, w in slowest if w.get("n_faces"))
    print(f"slowest 1 % ({len(slowest)} frames; {faces} of them drew a card face):")
    for gap, where in slowest:
        parts = " ".join(f"{k} {v * 1000:.1f}" for k, v in sorted(where.items()) if k != "n_faces")
        print(f"  {gap:6.1f} ms: {parts}" + (f" ({where['n_faces']} faces)" if where.get("n_faces") else ""))


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
    p.add_argument("--slowest", action="store_true",
                   help="also show where the slowest 1 %% of that game's frames spent their time")
    p.add_argument("--text-size", type=int, metavar="PERCENT",
                   help="the game's text size setting (default: the settings' default, 100)")
    p.add_argument("--window", metavar="WxH",
                   help="resize the window before the demo game (default: the size the game opens "
                        "at, the largest 16:9 window the screen holds with a title bar)")
    args = p.parse_args()
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    with tempfile.TemporaryDirectory() as tmp:
        settings = Path(tmp) / "settings.json"
        if args.text_size is not None:
            settings.write_text(json.dumps({"text_scale": args.text_size}), encoding="utf-8")
        if not args.only_game:
            print("\n".join(start_to_first_frame(args.runs)))
        # One window for every in-process measurement (SDL dislikes re-creating it).
        app = make_app(settings, [])
        if args.window and app.window is not None:
            app.window.size = tuple(int(v) for v in args.window.lower().split("x"))
            for _ in range(10):
                app.step()
        if app.window is not None:
            print(f"window: {app.window.size[0]}x{app.window.size[1]}")
        phases = FramePhases(app) if args.slowest else None
        cpu0, frames0 = time.process_time(), app.ctx.frames
        p99, worst, n, slowest = frame_times_game(app, args.game_level, args.game_speed, phases=phases)
        # CPU time per drawn frame (all of this process's threads): on a shared machine it moves
        # far less with the load than the wall-clock figures, so it compares two versions.
        cpu = (time.process_time() - cpu0) * 1000 / max(1, app.ctx.frames - frames0)
        print(f"frame time over a whole demo game ({args.game_level}, speed {args.game_speed:g}): "
              f"p99 {p99:.1f} ms, worst {worst:.1f} ms ({n} frames; targets <= 20 and <= 50); "
              f"CPU {cpu:.1f} ms per frame drawn")
        presenter = getattr(app, "presenter", None)
        if presenter is not None:
            print(f"present: {presenter.mode} ({presenter.presented} frames shown, "
                  f"{presenter.skipped} unchanged and not shown)")
        if phases is not None:
            print(f"card faces drawn inside frames over the whole game: {phases.faces_in_frames}")
            print_slowest(slowest)
        if args.only_game:
            app.close()
            return 0
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
