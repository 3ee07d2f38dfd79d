"""Entry point: command-line flags, the window, settings, the scene stack and the main loop.

The loop redraws only when a scene says something changed, and sleeps in
``pygame.event.wait`` while nothing moves, so an idle table costs almost no CPU.
"""

from __future__ import annotations

import argparse
import logging
import os
import sys
import time
import traceback
import warnings
from pathlib import Path

log = logging.getLogger("game")

FPS = 60
IDLE_WAIT_MS = 250  # longest sleep while idle; wakes early on any input
WARM_WAIT_MS = 15  # the same while card faces are still being drawn ahead
WARM_IDLE_BUDGET = 0.025  # seconds of face drawing per idle frame
WARM_MARGIN = 0.004  # what an animated frame keeps free after its own work
DEMO_SPEED = 2.5  # a demo plays briskly unless --speed says otherwise


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    p = argparse.ArgumentParser(prog="mindbug", description="Mindbug: First Contact")
    p.add_argument("--demo", action="store_true", help="watch the computer play itself")
    p.add_argument("--seed", type=int, default=None, help="seed for the shuffle (same seed, same game)")
    p.add_argument("--exit-after-game", action="store_true", help="quit when the game ends")
    p.add_argument("--level", default=None, help="computer level for --demo (random..expert)")
    p.add_argument("--speed", type=float, default=None, help="animation speed (1 = normal)")
    p.add_argument("--settings", type=Path, default=None, help="settings file to use")
    p.add_argument("--max-fps", type=int, default=FPS, help=argparse.SUPPRESS)
    p.add_argument("--windowed", action="store_true", help="ignore the full-screen setting")
    # For test harnesses and benchmarks: print READY once the first frame is shown (--demo does too).
    p.add_argument("--ready", action="store_true", help=argparse.SUPPRESS)
    return p.parse_args(argv)


def _error_log_path() -> Path:
    try:
        import platformdirs

        folder = Path(platformdirs.user_log_dir("mindbug-desktop", appauthor=False))
    except Exception:
        folder = Path.home()
    return folder / "error.log"


def record_error(exc: BaseException) -> str:
    """Write the traceback to a log file; return one line a player can read."""
    path = _error_log_path()
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        with path.open("a", encoding="utf-8") as fh:
            fh.write(time.strftime("%Y-%m-%d %H:%M:%S\n"))
            fh.write("".join(traceback.format_exception(exc)))
        where = f" Details were saved to {path}."
    except OSError:
        where = ""
    return f"Something went wrong: {exc.__class__.__name__}: {exc}.{where}"


class App:
    def __init__(self, args: argparse.Namespace) -> None:
        import pygame

        from game import settings as settings_mod
        from game.ui.assets_bridge import make_renderer, make_sounds
        from game.ui.context import AppContext
        from game.ui.theme import SCREEN_H, SCREEN_W

        self.pg = pygame
        # The AI thinks in a thread; a short GIL switch interval lets the render loop get the
        # interpreter back quickly, so frames keep coming while it searches.
        sys.setswitchinterval(0.001)
        # The dummy and software drivers warn that SCALED has no GPU path; it still works.
        warnings.filterwarnings("ignore", message="no fast renderer")
        settings, message = settings_mod.load(args.settings)
        # pygame's SCALED keeps whole-number zoom in a window unless this (oddly named) hint is
        # on; with it the table fills any window size, smoothly filtered, instead of cropping.
        # (Not with the headless dummy driver: there, re-creating the window with it on crashes
        # SDL, and tests create many windows in one process.)
        if os.environ.get("SDL_VIDEODRIVER") != "dummy":
            os.environ.setdefault("SDL_HINT_RENDER_SCALE_QUALITY", "1")
        pygame.mixer.pre_init(44100, -16, 2, 512)
        pygame.init()
        pygame.display.set_caption("Mindbug: First Contact")
        flags = pygame.SCALED | pygame.RESIZABLE
        self.screen = pygame.display.set_mode((SCREEN_W, SCREEN_H), flags)
        self.window = _window()
        _fit_window(self.window)
        if settings.fullscreen and not args.windowed and not args.demo:
            try:
                pygame.display.toggle_fullscreen()
            except pygame.error:
                settings.fullscreen = False
        pygame.key.set_repeat(350, 40)
        self.ctx = AppContext(settings=settings, settings_path=args.settings,
                              renderer=make_renderer(),
                              sounds=make_sounds(settings.sound and not args.demo, settings.volume),
                              demo=args.demo, exit_after_game=args.exit_after_game, seed=args.seed)
        self.ctx.demo_level = args.level
        self.ctx.window = self.window
        if self.window is not None:
            self.ctx.window_size = tuple(self.window.size)
        try:  # the card back doubles as the window icon
            pygame.display.set_icon(self.ctx.renderer.back(64))
        except Exception:
            pass
        self.ctx.speed_override = args.speed  # from the command line: used, never saved
        if args.demo and args.speed is None:
            self.ctx.speed_override = DEMO_SPEED
        self.clock = pygame.time.Clock()
        self.ready_printed = False
        self.print_ready = bool(args.demo or args.ready)  # a player's terminal stays quiet
        self.shots = 0
        self.max_fps = args.max_fps
        self.next_shot = 0.0
        # Card faces are drawn ahead in the spare time of frames (after the first one).
        from game.ui.assets_bridge import FaceWarmer

        self.warmer = FaceWarmer(self.ctx.renderer, defs=self._card_defs)
        self.first_scene(message)

    def first_scene(self, message: str | None) -> None:
        if self.ctx.demo:
            from game.ui.match_scene import MatchConfig, MatchScene

            level = self.ctx.demo_level or "easy"
            config = MatchConfig(mode="demo", ai_level=level,
                                 names=(f"Computer A ({level})", f"Computer B ({level})"),
                                 seed=self.ctx.seed)
            self.ctx.scenes.push(MatchScene(self.ctx, config))
        else:
            from game.ui.menus import TitleScene

            self.ctx.scenes.push(TitleScene(self.ctx, message))

    # One frame ---------------------------------------------------------------------------------
    def events(self) -> list:
        pg = self.pg
        scenes = self.ctx.scenes
        if scenes.animating or scenes.dirty:
            return pg.event.get()
        # While faces are still being drawn ahead, idle frames come often enough to draw them.
        first = pg.event.wait(IDLE_WAIT_MS if self.warmer.done else WARM_WAIT_MS)
        return ([first] if first.type != pg.NOEVENT else []) + pg.event.get()

    def handle(self, event) -> None:
        pg = self.pg
        if event.type == pg.QUIT:
            self.ctx.quit(0)
            return
        if event.type == pg.KEYDOWN and event.key == pg.K_F12:
            self.save_screenshot()
            return
        if event.type == pg.KEYDOWN and event.key == pg.K_F11:
            self.ctx.toggle_fullscreen()
            self.ctx.save_settings()
            self._all_dirty()
            return
        if event.type in (pg.WINDOWRESIZED, pg.WINDOWEXPOSED, pg.WINDOWSIZECHANGED,
                          pg.WINDOWRESTORED, pg.VIDEOEXPOSE):
            self._all_dirty()
            return
        self.ctx.scenes.handle(event)

    def _all_dirty(self) -> None:
        for s in self.ctx.scenes.stack:
            s.dirty = True

    def step(self) -> None:
        """Run one pass of the loop: input, update, and a draw if anything changed."""
        pg = self.pg
        scenes = self.ctx.scenes
        for event in self.events():
            self.guarded(self.handle, event)
        dt = min(self.clock.tick(self.max_fps) / 1000.0, 0.1)
        work_start = time.perf_counter()
        self.guarded(scenes.update, dt)
        if not scenes.stack:
            self.ctx.quit(self.ctx.exit_code)
            return
        if scenes.dirty or not self.ready_printed:
            self.guarded(scenes.draw, self.screen)
            pg.display.flip()
            self.ctx.frames += 1
            self.after_first_frame()
            self._autoshot()
        self._warm(work_start)

    def _warm(self, work_start: float) -> None:
        """Draw faces ahead with the time this frame left over (more when nothing moves)."""
        if self.warmer.done or not self.ready_printed:
            return
        scenes = self.ctx.scenes
        idle = not (scenes.animating or scenes.dirty)
        if idle:
            budget = WARM_IDLE_BUDGET
        else:
            budget = 1.0 / max(1, self.max_fps) - (time.perf_counter() - work_start) - WARM_MARGIN
        if budget > 0:
            self.warmer.step(budget, idle)

    def _card_defs(self, idle: bool) -> list | None:
        """The cards to draw ahead: a running game's own (free), else the card file when idle."""
        for scene in self.ctx.scenes.stack:
            db = getattr(getattr(getattr(scene, "ctl", None), "game", None), "db", None)
            if db is not None:
                return list(db.defs)
        if not idle:
            return None
        from game.cards import load_cards

        return list(load_cards().defs)

    def save_screenshot(self) -> None:
        """F12 (or MINDBUG_AUTOSHOT=folder, once a second) saves the screen as a PNG."""
        folder = Path(os.environ.get("MINDBUG_SHOT_DIR") or os.environ.get("MINDBUG_AUTOSHOT") or ".")
        try:
            folder.mkdir(parents=True, exist_ok=True)
            self.pg.image.save(self.screen, str(folder / f"mindbug-{self.shots:04d}.png"))
            self.shots += 1
        except (OSError, self.pg.error):
            pass

    def _autoshot(self) -> None:
        if os.environ.get("MINDBUG_AUTOSHOT") and time.monotonic() >= self.next_shot:
            self.next_shot = time.monotonic() + 1.0
            self.save_screenshot()

    def after_first_frame(self) -> None:
        if not self.ready_printed:
            self.ready_printed = True
            if self.print_ready:
                print("READY", flush=True)

    def guarded(self, fn, *args) -> None:
        """Run a scene call; an error becomes a message on the title screen, never a traceback."""
        try:
            fn(*args)
        except Exception as exc:
            message = record_error(exc)
            log.error("%s", message)
            if self.ctx.demo:
                print(message, file=sys.stderr)
                self.ctx.quit(1)
                return
            from game.ui.menus import TitleScene

            self.ctx.scenes.replace(TitleScene(self.ctx, message))

    def run(self, until=None) -> int:
        while self.ctx.running and (until is None or not until(self)):
            self.step()
        return self.ctx.exit_code

    def close(self, quit_pygame: bool = True) -> None:
        """Leave every scene; ``quit_pygame=False`` keeps pygame up (tests reuse it)."""
        for scene in list(self.ctx.scenes.stack):
            try:
                scene.leave()
            except Exception:
                pass
        if quit_pygame:
            self.pg.quit()


MIN_WINDOW = (960, 540)  # smaller and the table's text would drop below a legible size


def _window() -> object | None:
    """The SDL window behind pygame.display (None where the pygame build has no Window)."""
    import pygame

    if os.environ.get("SDL_VIDEODRIVER") == "dummy":
        return None  # with the headless driver a Window handle makes the next set_mode crash SDL
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # "use Window.get_surface": we only size the window
            return pygame.Window.from_display_module()
    except (AttributeError, pygame.error):
        return None


def _fit_window(window: object | None) -> None:
    """SCALED mode makes the table's 1280x720 the window's minimum: allow down to MIN_WINDOW,
    and open smaller on a small screen, so the title bar never pushes the hand off-screen."""
    import pygame

    if window is None:
        return
    try:
        window.minimum_size = MIN_WINDOW
        desktop = pygame.display.get_desktop_sizes()[0]
        # Room for a title bar and a task bar: the window keeps 16:9 inside what is left.
        room_w, room_h = desktop[0] - 16, desktop[1] - 96
        scale = min(1.0, room_w / 1280, room_h / 720)
        if scale < 1.0:
            window.size = (max(MIN_WINDOW[0], int(1280 * scale)), max(MIN_WINDOW[1], int(720 * scale)))
    except (pygame.error, IndexError, ValueError):
        pass


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    logging.basicConfig(level=logging.WARNING, format="%(levelname)s %(message)s")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    app = None
    try:
        app = App(args)
        return app.run()
    except KeyboardInterrupt:
        return 130
    except Exception as exc:
        print(record_error(exc), file=sys.stderr)
        return 1
    finally:
        if app is not None:
            app.close()
