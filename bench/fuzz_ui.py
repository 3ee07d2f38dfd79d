"""A fuzz of the whole window: many random but plausible events through every scene.

Motion, clicks, double clicks, drags between random points (often from a card or a button),
right clicks, keys (Tab, Shift+Tab, Enter, Space, Esc, arrows, F11, letters, held keys that
repeat), resizes and exposes, fed to the real ``App`` one frame at a time, in every scene of
``SCENES``. Computer moves are let finish. It fails on any exception (``App.guarded`` would
hide one behind the title screen, so ``record_error`` is patched), on any frame over
``FRAME_LIMIT`` seconds, and, through ``SecrecyAudit``, on any hidden card drawn face up for a
seat that may not see it.

    python bench/fuzz_ui.py --events 50000 --seed 3        # the long run, by hand
    python bench/fuzz_ui.py --events 2000 --scenes hot_seat --purposeful 0.8   # more game ends

Time is simulated (a frame with input is 1/60 s, an idle one 0.1 s) and each computer move
is awaited, so the same seed replays the same run: a failure names its seed and last events.

The short run is ``tests/ui/core/test_ui_fuzz.py``. To cover a new scene (the 2v2 table, the replay
viewer, statistics), add one ``SceneFactory`` to ``SCENES``: a name and a function that puts
the app into that scene.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import tempfile
import threading
import time
import traceback
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

os.environ["MINDBUG_LOOPBACK_ONLY"] = "1"  # nothing a bench runs leaves this machine

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from bench.fuzz_env import import_window_modules, own_data_folder  # noqa: E402
from bench.secrecy_audit import CurtainWatch, SecrecyAudit  # noqa: E402

FRAME_LIMIT = 2.0  # CPU seconds of the window thread: any slower frame fails the run
BUSY_FRAME_MS = 1000 / 60  # game time of a frame with input
IDLE_FRAME_MS = 100.0  # a frame without input: the longest step the app takes (its dt cap)
NAMES = ("Ann", "Bo")


# ----------------------------------------------------------------------------------------------
# Time: the app's clock is replaced so curtains arm and tweens run without real sleeping
# ----------------------------------------------------------------------------------------------
# The threads a scene waits for (the computer's move, a hint, the replays read, the biggest
# moment's search): while one runs, a simulated frame sleeps a little, so that a run of N frames
# also gives the thread real time. Without it a loop of frames took the CPU (and the GIL) from
# the thread, and a test's "at most 2000 frames" failed on a busy machine (CI, stop 48).
WAITED_THREADS = ("ai-worker", "replay-list", "replay-stats", "replay-gallery", "moments")
WAITED_THREAD_SLEEP_S = 0.002


def _a_waited_thread_runs() -> bool:
    return any(t.name in WAITED_THREADS for t in threading.enumerate())


class SimClock:
    """Stands in for ``pygame.time.Clock``: each tick advances ``ms`` of simulated time (and
    sleeps ``WAITED_THREAD_SLEEP_S`` of real time while a thread the window waits for runs)."""

    def __init__(self, ms: float = 1000 / 60) -> None:
        self.ms = ms

    def tick(self, _fps: int = 0) -> float:
        if _a_waited_thread_runs():
            time.sleep(WAITED_THREAD_SLEEP_S)
        return self.ms

    def get_fps(self) -> float:
        return 1000 / self.ms if self.ms else 0.0


# ----------------------------------------------------------------------------------------------
# The scenes to fuzz: add a factory here for every new scene
# ----------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class SceneFactory:
    name: str
    enter: Callable[[object], None]  # puts the app (an ``App``) into the scene


def _title(app) -> None:
    from game.ui.screens.title import TitleScene

    app.ctx.scenes.replace(TitleScene(app.ctx))


def _over_title(make: Callable[[object], object]) -> Callable[[object], None]:
    def enter(app) -> None:
        _title(app)
        app.ctx.scenes.push(make(app.ctx))
    return enter


def _match(mode: str, finished: bool = False, rules: str = "1v1") -> Callable[[object], None]:
    """A new match (``mode`` "ai" or "hotseat"), or one whose game is already over."""
    def enter(app) -> None:
        from game.ui.core.match_config import MatchConfig
        from game.ui.match.scene import MatchScene

        seed = app.fuzz_rng.randrange(1_000_000)
        names = NAMES if mode == "hotseat" else ("You", "Computer")
        config = MatchConfig(mode=mode, ai_level="random", names=names, seed=seed,  # the UI,
                             rules=rules)  # not the AI
        game = _finished_game(seed, rules) if finished else None
        app.ctx.scenes.replace(MatchScene(app.ctx, config, game))
    return enter


def _team_hot_seat(app) -> None:
    """2v2 hot seat with two people on one team and two computers: a person's hand must hide
    while a computer decides, and the same person gets the curtain again after it."""
    from game.ui.core.match_config import MatchConfig, computer, person
    from game.ui.match.scene import MatchScene

    seed = app.fuzz_rng.randrange(1_000_000)
    seats = [person(NAMES[0]), computer("random", "Cy"), person(NAMES[1]), computer("random", "Dee")]
    app.ctx.scenes.replace(MatchScene(app.ctx, MatchConfig.for_seats(seats, "2v2", seed)))


def _finished_game(seed: int, rules: str = "1v1") -> object:
    """A game played to its end with random legal moves: the game-over screen at once."""
    from game.ui.match.controller import new_engine_game

    g, _ = new_engine_game(seed, rules)
    rng = random.Random(seed)
    while g.winner is None:
        g.respond(rng.choice(list(g.pending.options)))
    return g


def _new_game(hot_seat: bool):
    from game.ui.screens.new_game import NewGameScene

    return lambda ctx: NewGameScene(ctx, hot_seat=hot_seat)


def _settings(ctx):
    from game.ui.screens.settings import SettingsScene

    return SettingsScene(ctx)


def _howto(ctx):
    from game.ui.screens.howto import HowToPlayScene

    return HowToPlayScene(ctx)


def _replay(rules: str) -> Callable[[object], None]:
    """The replay viewer on a game the computer played to its end (random moves)."""
    def enter(app) -> None:
        from game.ui.core.match_config import MatchConfig
        from game.ui.match.controller import MatchController
        from game.ui.records.viewer import ReplayScene

        seed = app.fuzz_rng.randrange(1_000_000)
        ctl = MatchController(MatchConfig(mode="ai", ai_level="random", seed=seed, rules=rules))
        rng = random.Random(seed)
        while not ctl.over:
            ctl.respond(rng.choice(list(ctl.pending.options)))
        _title(app)
        app.ctx.scenes.push(ReplayScene(app.ctx, ctl.record()))
    return enter


def _replays(ctx):
    from game.ui.records.replay_list import ReplaysScene

    return ReplaysScene(ctx)


def _statistics(ctx):
    from game.ui.records.statistics import StatsScene

    return StatsScene(ctx)


def _new_team_game(ctx):
    from game.ui.screens.new_game import NewGameScene

    return NewGameScene(ctx, hot_seat=False, rules="2v2")


# A new scene is one line here: a name and a function that puts the app into it.
SCENES: list[SceneFactory] = [
    SceneFactory("title", _title),
    SceneFactory("new_game_vs_computer", _over_title(_new_game(False))),
    SceneFactory("new_game_hot_seat", _over_title(_new_game(True))),
    SceneFactory("match_vs_computer", _match("ai")),
    SceneFactory("hot_seat", _match("hotseat")),
    SceneFactory("settings", _over_title(_settings)),
    SceneFactory("how_to_play", _over_title(_howto)),
    SceneFactory("game_over_vs_computer", _match("ai", finished=True)),
    SceneFactory("game_over_hot_seat", _match("hotseat", finished=True)),
    SceneFactory("new_game_2v2", _over_title(_new_team_game)),
    SceneFactory("match_2v2_vs_computers", _match("ai", rules="2v2")),
    SceneFactory("hot_seat_2v2", _match("hotseat", rules="2v2")),
    SceneFactory("hot_seat_2v2_team", _team_hot_seat),
    SceneFactory("game_over_2v2", _match("hotseat", finished=True, rules="2v2")),
    SceneFactory("replay_viewer", _replay("1v1")),
    SceneFactory("replay_viewer_2v2", _replay("2v2")),
    SceneFactory("replays", _over_title(_replays)),
    SceneFactory("statistics", _over_title(_statistics)),
]


# ----------------------------------------------------------------------------------------------
# Events
# ----------------------------------------------------------------------------------------------
KEYS = ("tab", "shift_tab", "return", "kp_enter", "space", "escape", "up", "down", "left",
        "right", "f11", "a", "backspace")


def _hot_points(app) -> list[tuple[int, int]]:
    """Places worth clicking in the top scene: its buttons, cards, discard piles."""
    from game.ui.match.scene import MatchScene
    from game.ui.table import hud

    top = app.ctx.scenes.top
    pts: list[tuple[int, int]] = []
    for attr in ("row", "tabs"):
        obj = getattr(top, attr, None)
        buttons = getattr(obj, "buttons", obj) if obj is not None else []
        pts += [b.rect.center for b in buttons or [] if hasattr(b, "rect")]
    for attr in ("button", "back", "menu_button"):
        b = getattr(top, attr, None)
        if hasattr(b, "rect"):
            pts.append(b.rect.center)
    pts += [r.center for r in getattr(top, "rects", [])]
    if isinstance(top, MatchScene):
        pts += [tuple(map(int, sp.center)) for sp in top.sprites.values()]
        pts += [hud.discard_rect(True).center, hud.discard_rect(False).center]
    return pts


class EventMaker:
    """Random but plausible input: what a person (or a cat) does with a mouse and keyboard."""

    def __init__(self, rng: random.Random, purposeful: float = 0.25) -> None:
        import pygame

        self.pg = pygame
        self.rng = rng
        self.purposeful_share = purposeful  # how often a gesture is a player's real move
        self.mouse = (640, 360)
        self.kinds: Counter = Counter()

    def point(self, app) -> tuple[int, int]:
        hot = _hot_points(app)
        if hot and self.rng.random() < 0.6:
            x, y = self.rng.choice(hot)
            return (x + self.rng.randint(-12, 12), y + self.rng.randint(-12, 12))
        return (self.rng.randint(0, 1279), self.rng.randint(0, 719))

    def _move(self, pos, buttons=(0, 0, 0)):
        pg = self.pg
        rel = (pos[0] - self.mouse[0], pos[1] - self.mouse[1])
        self.mouse = pos
        return pg.event.Event(pg.MOUSEMOTION, pos=pos, rel=rel, buttons=buttons, touch=False)

    def _button(self, down: bool, pos, button: int = 1):
        pg = self.pg
        return pg.event.Event(pg.MOUSEBUTTONDOWN if down else pg.MOUSEBUTTONUP, pos=pos,
                              button=button, touch=False)

    def _key(self, name: str, down: bool = True):
        pg = self.pg
        key = {"tab": pg.K_TAB, "shift_tab": pg.K_TAB, "return": pg.K_RETURN,
               "kp_enter": pg.K_KP_ENTER, "space": pg.K_SPACE, "escape": pg.K_ESCAPE,
               "up": pg.K_UP, "down": pg.K_DOWN, "left": pg.K_LEFT, "right": pg.K_RIGHT,
               "f11": pg.K_F11, "a": pg.K_a, "backspace": pg.K_BACKSPACE}[name]
        mod = pg.KMOD_SHIFT if name == "shift_tab" else 0
        unicode = {"a": "a", "space": " ", "return": "\r", "tab": "\t"}.get(name, "")
        return pg.event.Event(pg.KEYDOWN if down else pg.KEYUP, key=key, mod=mod,
                              unicode=unicode, scancode=0)

    def purposeful(self, app) -> list[list] | None:
        """What a player means to do: lift a curtain after a pause, pick an offered card or
        press an offered button. Keeps games moving to their end (and to the game-over box)."""
        from game.ui.match.curtain import CurtainScene
        from game.ui.match.scene import MatchScene

        top = app.ctx.scenes.top
        if isinstance(top, CurtainScene):
            self.kinds["lift_curtain"] += 1
            p = top.row.buttons[0].rect.center
            idle: list[list] = [[] for _ in range(7)]  # 0.7 s (idle frames are 0.1 s): it arms
            return idle + [[self._move(p), self._button(True, p)], [self._button(False, p)]]
        if not isinstance(top, MatchScene) or not top.choices:
            return None
        self.kinds["answer"] += 1
        if top.row.buttons and self.rng.random() < 0.5:
            p = self.rng.choice(top.row.buttons).rect.center
            return [[self._move(p), self._button(True, p)], [self._button(False, p)]]
        cards = [c for c in top.choices if c.key is not None and c.key in top.sprites]
        if not cards:
            return None
        sp = top.sprites[self.rng.choice(cards).key]
        p = tuple(map(int, sp.center))
        up = (p[0], max(40, p[1] - 300))  # a drag upward plays a hand card or attacks
        return [[self._move(p), self._button(True, p)], [self._move(up, (1, 0, 0))],
                [self._move(up, (1, 0, 0))], [self._button(False, up)]]

    def make(self, app) -> list[list]:
        """One gesture: a list of frames, each a list of events posted before that frame (a
        frame without events is an idle one, 0.1 s long)."""
        pg = self.pg
        if self.rng.random() < self.purposeful_share:
            gesture = self.purposeful(app)
            if gesture is not None:
                return gesture
        r = self.rng.random()
        if r < 0.22:
            self.kinds["motion"] += 1
            return [[self._move(self.point(app))]]
        if r < 0.42:
            self.kinds["click"] += 1
            p = self.point(app)
            return [[self._move(p), self._button(True, p)], [self._button(False, p)]]
        if r < 0.47:
            self.kinds["double_click"] += 1
            p = self.point(app)
            return [[self._move(p), self._button(True, p), self._button(False, p),
                     self._button(True, p), self._button(False, p)]]
        if r < 0.60:
            self.kinds["drag"] += 1
            a, b = self.point(app), self.point(app)
            if self.rng.random() < 0.5:  # toward the table or the opponent: plays and attacks
                b = (b[0], self.rng.randint(60, 520))
            frames = [[self._move(a), self._button(True, a)]]
            steps = self.rng.randint(2, 8)
            for i in range(1, steps + 1):
                p = (a[0] + (b[0] - a[0]) * i // steps, a[1] + (b[1] - a[1]) * i // steps)
                frames.append([self._move(p, (1, 0, 0))])
            frames.append([self._button(False, b)])
            return frames
        if r < 0.66:
            self.kinds["right_click"] += 1
            p = self.point(app)
            return [[self._move(p), self._button(True, p, 3), self._button(False, p, 3)]]
        if r < 0.70:
            self.kinds["wheel"] += 1
            p = self.mouse
            return [[self._button(True, p, self.rng.choice((4, 5)))]]
        if r < 0.88:
            name = self.rng.choice(KEYS)
            self.kinds["key_" + name] += 1
            return [[self._key(name)], [self._key(name, False)]]
        if r < 0.91:
            name = self.rng.choice(("return", "space", "tab", "right"))
            self.kinds["held_" + name] += 1
            frames = [[self._key(name)] for _ in range(self.rng.randint(3, 30))]  # key repeat
            return frames + [[self._key(name, False)]]
        if r < 0.95:
            self.kinds["resize"] += 1
            w, h = self.rng.randint(320, 2560), self.rng.randint(200, 1440)
            return [[pg.event.Event(pg.VIDEORESIZE, size=(w, h), w=w, h=h),
                     pg.event.Event(pg.WINDOWRESIZED, x=w, y=h),
                     pg.event.Event(pg.WINDOWSIZECHANGED, x=w, y=h),
                     pg.event.Event(pg.WINDOWEXPOSED)]]
        self.kinds["wait"] += 1  # hands off: curtains arm, hovers zoom, the computer moves
        return [[] for _ in range(self.rng.randint(2, 12))]


# ----------------------------------------------------------------------------------------------
# The run
# ----------------------------------------------------------------------------------------------
class FuzzFailure(AssertionError):
    pass


@dataclass
class Report:
    events: int = 0  # gestures
    pygame_events: int = 0  # the events they were made of
    frames: int = 0
    slowest: float = 0.0  # CPU seconds of the window thread in the slowest frame (FRAME_LIMIT's
    # measure: a busy machine stretches a frame's wall clock, not its work)
    slowest_where: str = ""  # the scene on top and the events of the slowest frame
    seconds: float = 0.0
    scenes_seen: Counter = field(default_factory=Counter)
    entered: Counter = field(default_factory=Counter)
    kinds: Counter = field(default_factory=Counter)
    games_over: int = 0
    decisions: int = 0
    curtains_lifted: int = 0
    faces_checked: int = 0

    def lines(self) -> list[str]:
        out = [f"{self.events} gestures ({self.pygame_events} pygame events) in {self.frames} "
               f"frames, {self.seconds:.1f} s; "
               f"slowest frame {self.slowest * 1000:.0f} ms of CPU ({self.slowest_where})",
               "scenes entered: " + ", ".join(f"{k} {v}" for k, v in sorted(self.entered.items())),
               "scenes on top: " + ", ".join(f"{k} {v}" for k, v in self.scenes_seen.most_common()),
               "gestures: " + ", ".join(f"{k} {v}" for k, v in sorted(self.kinds.items())),
               f"decisions answered {self.decisions}, games finished {self.games_over}, "
               f"curtains lifted {self.curtains_lifted}, face-up cards audited {self.faces_checked}"]
        return out


def make_app(settings_dir: Path):
    """A real App on the current video driver, with simulated time and fast animations."""
    from game.app import App, parse_args

    app = App(parse_args(["--settings", str(settings_dir / "settings.json"), "--windowed",
                          "--speed", "4"]))
    app.ctx.settings.ai_pause = 0.0
    return simulate(app)


def simulate(app, frame_ms: float = 1000 / 60):
    """Simulated time for an App: each frame is ``frame_ms`` of game time, and the loop takes
    the events already posted instead of sleeping up to 250 ms in ``event.wait`` while idle."""
    app.clock = SimClock(frame_ms)
    app.events = _posted_events
    return app


def _posted_events() -> list:
    import pygame

    return pygame.event.get()


def run(events: int, seed: int, scenes: list[SceneFactory] | None = None,
        settings_dir: Path | None = None, log: Callable[[str], None] | None = None,
        real_ai: bool = False, purposeful: float = 0.25) -> Report:
    """Feed ``events`` gestures, split evenly over ``scenes`` (default: all of ``SCENES``).

    The computer plays at the Random level whatever the settings say (a game started from
    the menu after Settings picked Expert would spend the run thinking), at once, and each of
    its moves is awaited before the next frame, so a seed gives the same run every time;
    ``real_ai`` plays the levels chosen, with their pauses, while frames go on.
    Raises ``FuzzFailure`` with the seed and the last events on the first problem."""
    with own_data_folder():
        return _run(events, seed, scenes, settings_dir, log, real_ai, purposeful)


def _run(events: int, seed: int, scenes: list[SceneFactory] | None, settings_dir: Path | None,
         log: Callable[[str], None] | None, real_ai: bool, purposeful: float) -> Report:
    import game.app as app_mod
    import game.ui.match.controller as controller_mod

    tmp = None
    if settings_dir is None:
        tmp = tempfile.TemporaryDirectory()
        settings_dir = Path(tmp.name)
    import_window_modules()
    global_random = random.getstate()
    fuzzer = Fuzzer(make_app(settings_dir), seed, purposeful, in_step=not real_ai)
    original_record = app_mod.record_error
    app_mod.record_error = fuzzer.record  # App.guarded would turn a crash into a message
    original_agent = controller_mod.make_agent
    original_ready = controller_mod.MatchController.ai_ready
    original_take = controller_mod.MatchController.take_ai_option

    def take(ctl):  # the match hides a failed computer move (it plays any legal option)
        worker = ctl.worker
        if worker is not None and worker.error is not None:
            fuzzer.errors.append(worker.error)
        return original_take(ctl)

    controller_mod.MatchController.take_ai_option = take
    if not real_ai:
        controller_mod.make_agent = lambda _level, agent_seed: original_agent("random", agent_seed)
        # The computer's pause is wall-clock time; without it the same seed gives the same run.
        controller_mod.MatchController.ai_ready = lambda ctl, _pause: original_ready(ctl, 0.0)
    try:
        fuzzer.run(events, scenes or SCENES)
    finally:
        app_mod.record_error = original_record
        controller_mod.make_agent = original_agent
        controller_mod.MatchController.ai_ready = original_ready
        controller_mod.MatchController.take_ai_option = original_take
        random.setstate(global_random)
        fuzzer.close()
        if tmp is not None:
            tmp.cleanup()
    if log:
        for line in fuzzer.report.lines():
            log(line)
    return fuzzer.report


class Fuzzer:
    def __init__(self, app, seed: int, purposeful: float = 0.25, in_step: bool = True) -> None:
        self.app = app
        self.seed = seed
        self.rng = random.Random(seed)
        app.fuzz_rng = self.rng
        random.seed(seed)  # games started from the menu draw their seed from the global random
        self.audit = SecrecyAudit(app).attach()
        self.watch = CurtainWatch(self.audit)
        self.maker = EventMaker(self.rng, purposeful)
        # Wait for each computer move before the next frame: the run is then the same for the
        # same seed, whatever the threads' timing (off with --real-ai: frames while it thinks).
        self.in_step = in_step
        self.report = Report()
        self.errors: list[BaseException] = []
        self.history: list[str] = []
        self.now = 0.0  # simulated seconds
        self.scene_name = ""
        self.sampler = SlowFrameSampler()

    def record(self, exc: BaseException) -> str:
        self.errors.append(exc)
        return f"fuzz caught {exc!r}"

    def run(self, events: int, scenes: list[SceneFactory]) -> None:
        t_start = time.perf_counter()
        per_scene = max(1, events // len(scenes))
        for factory in scenes:
            self.scene_name = factory.name
            self.enter(factory)
            for _ in range(per_scene):
                self.report.events += 1
                for frame in self.maker.make(self.app):
                    self.frame(frame)
                    if not self.app.ctx.running:  # Quit, or Esc on the title: start again
                        self.app.ctx.running = True
                        self.enter(factory)
                self.let_computer_move()
                del self.history[:-60]
        self.report.kinds = self.maker.kinds
        self.report.curtains_lifted = self.audit.lifted
        self.report.faces_checked = self.audit.faces
        self.report.seconds = time.perf_counter() - t_start

    def close(self) -> None:
        self.sampler.close()
        self.audit.detach()
        self.app.close(quit_pygame=False)

    def enter(self, factory: SceneFactory) -> None:
        factory.enter(self.app)
        self.audit.new_match()
        self.report.entered[factory.name] += 1

    def frame(self, events: list) -> None:
        """Post the events, run one frame of the app, check everything."""
        import pygame

        from game.ui.match.scene import MatchScene

        app, report = self.app, self.report
        app.clock.ms = BUSY_FRAME_MS if events else IDLE_FRAME_MS
        self.watch.before_frame(app, events, self.now)
        for ev in events:
            report.pygame_events += 1
            self.history.append(f"{self.scene_name}: {pygame.event.event_name(ev.type)} {ev.dict}")
            pygame.event.post(ev)
        before = _match_state(app)
        cpu0 = time.thread_time()
        with self.sampler as sampler:
            app.step()
        # The limit is on the window thread's CPU time: a busy machine stretches the wall clock
        # of a frame, not the work the frame does.
        cpu = time.thread_time() - cpu0
        self.now += app.clock.ms / 1000
        report.frames += 1
        if cpu > report.slowest:
            report.slowest = cpu
            kinds = ", ".join(pygame.event.event_name(ev.type) for ev in events) or "no input"
            report.slowest_where = f"{type(app.ctx.scenes.top).__name__}, {kinds}"
            if sampler.stack:
                report.slowest_where += f"; busy in {sampler.stack}"
        if cpu > FRAME_LIMIT:
            self.fail(f"a frame took {cpu:.2f} s of CPU (limit {FRAME_LIMIT} s); "
                      f"busy in {sampler.stack or '?'}")
        top = app.ctx.scenes.top
        report.scenes_seen[type(top).__name__ if top is not None else "none"] += 1
        after = _match_state(app)
        if after is not None and before is not None:
            if after[0] is before[0]:
                report.decisions += after[1] != before[1]
                report.games_over += after[2] and not before[2]
            else:
                self.audit.new_match()  # a rematch, or a new game from the menu
        if any(isinstance(s, MatchScene) for s in app.ctx.scenes.stack):
            self.audit.check_overlays()
        self.watch.after_frame(app)
        self._computer_answer()
        self._files_read()
        if self.errors:
            exc = self.errors[0]
            self.fail(f"the window caught {exc!r}\n" + "".join(traceback.format_exception(exc)))
        if self.audit.leaks:
            self.fail(f"hidden card shown: {self.audit.leaks[0]}")

    def _computer_answer(self) -> None:
        """In step mode, the computer's move is ready before the next frame."""
        state = _match_state(self.app)
        worker = state[0].ctl.worker if state is not None else None
        if worker is None or not self.in_step or not hasattr(worker, "done"):
            return  # no computer here (a network seat's "elsewhere" is no thread to wait for)
        deadline = time.perf_counter() + 20
        while not worker.done and time.perf_counter() < deadline:
            time.sleep(0.001)

    def _files_read(self) -> None:
        """In step mode, the replays a list or the statistics read in the background are read
        before the next frame (as the computer's move is awaited): a seed gives the same run."""
        if not self.in_step:
            return
        for scene in self.app.ctx.scenes.stack:
            loading = getattr(scene, "loading", None)
            if loading is not None and hasattr(loading, "wait"):
                loading.wait(20)

    def let_computer_move(self) -> None:
        """While the computer thinks, keep drawing idle frames until it has answered."""
        state = _match_state(self.app)
        if state is None:
            return
        scene = state[0]
        deadline = time.perf_counter() + 20
        while scene.ctl.worker is not None and time.perf_counter() < deadline:
            self.frame([])
            if scene.ctl.worker is not None:
                time.sleep(0.005)  # the worker thread needs the GIL; real frames would wait too

    def fail(self, what: str) -> None:
        raise FuzzFailure(f"seed {self.seed}, scene {self.scene_name}: {what}\nlast events:\n"
                          + "\n".join(self.history[-15:]))


class SlowFrameSampler:
    """While a frame runs, a watchdog thread notes where the main thread is once the frame has
    taken ``after`` seconds: a slow frame then says what it was doing.

    One thread for the whole run, looking every ``after / 4`` seconds; a frame only notes when
    it starts and ends (starting and joining a thread per frame took a quarter of the fuzz's
    time on a busy machine)."""

    def __init__(self, after: float = 0.4) -> None:
        self.after = after
        self.stack = ""
        self._main = threading.get_ident()
        self._serial = 0  # the frame running (odd) or the last one ended (even)
        self._started = 0.0
        self._sampled: tuple[int, str] = (0, "")  # (frame, where the main thread was)
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None

    def __enter__(self) -> SlowFrameSampler:
        if self._thread is None:
            self._thread = threading.Thread(target=self._watch, name="fuzz-watchdog", daemon=True)
            self._thread.start()
        self.stack = ""
        self._started = time.perf_counter()
        self._serial += 1
        return self

    def __exit__(self, *exc) -> None:
        serial, stack = self._sampled
        if serial == self._serial:
            self.stack = stack
        self._serial += 1

    def close(self) -> None:
        self._stop.set()
        if self._thread is not None:
            self._thread.join()

    def _watch(self) -> None:
        while not self._stop.wait(self.after / 4):
            serial, started = self._serial, self._started
            if serial % 2 == 0 or self._sampled[0] == serial \
                    or time.perf_counter() - started < self.after:
                continue
            frame = sys._current_frames().get(self._main)
            if frame is not None and self._serial == serial:
                # Newest call first: where the main thread is stuck, then its callers.
                places = [f"{Path(f.filename).name}:{f.lineno} {f.name}"
                          for f in reversed(traceback.extract_stack(frame))][:6]
                self._sampled = (serial, " < ".join(places))


def _match_state(app):
    from game.ui.match.scene import MatchScene

    for s in app.ctx.scenes.stack:
        if isinstance(s, MatchScene):
            p = s.ctl.pending
            return s, (p.serial if p is not None else None), s.ctl.over
    return None


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--events", type=int, default=20000, help="gestures in all (split over scenes)")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--scenes", default="", help="comma-separated scene names (default: all): "
                   + ", ".join(f.name for f in SCENES))
    p.add_argument("--purposeful", type=float, default=0.25,
                   help="share of gestures that are real moves (more: more games reach the end)")
    p.add_argument("--real-ai", action="store_true",
                   help="let the computer play at the level chosen (default: Random, fast)")
    args = p.parse_args(argv)
    if args.events < 1:
        p.error("--events must be at least 1")
    if not 0.0 <= args.purposeful <= 1.0:
        p.error("--purposeful must be between 0 and 1")
    chosen = SCENES
    if args.scenes:
        wanted = [s.strip() for s in args.scenes.split(",") if s.strip()]
        known = {f.name: f for f in SCENES}
        bad = [w for w in wanted if w not in known]
        if bad:
            p.error(f"unknown scene(s) {', '.join(bad)}; choose from {', '.join(known)}")
        chosen = [known[w] for w in wanted]
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    try:
        run(args.events, args.seed, chosen, log=print, real_ai=args.real_ai,
            purposeful=args.purposeful)
    except FuzzFailure as exc:
        print(f"FAIL: {exc}")
        return 1
    print("OK")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
