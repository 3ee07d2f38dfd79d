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
import warnings
import weakref
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from game.common.portable_names import current_system
from game.ui.core import window_conventions

if TYPE_CHECKING:
    import pygame

    from game.engine import CardDef
    from game.ui.cards.warming import FaceWarming
    from game.ui.core.presenter import Presenter

log = logging.getLogger("game")

FPS = 60
IDLE_WAIT_MS = 250  # longest sleep while idle; wakes early on any input
DEMO_SPEED = 2.5  # a demo plays briskly unless --speed says otherwise


SPEED_RANGE = (0.1, 100.0)  # animation speed: 0.1 = ten times slower, 100 = nearly instant
MAX_FPS_RANGE = (1, 10_000)


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    """The command line; a bad value is a usage error naming the accepted range (exit 2).

    Each value is checked by a small ``type=`` function from game.common.cli_args, so a new flag is
    one ``add_argument`` line.
    """
    from game.common import cli_args
    from game.common.settings import AI_LEVELS

    p = argparse.ArgumentParser(prog="mindbug", description="Mindbug: First Contact")
    p.add_argument("--demo", action="store_true", help="watch the computer play itself")
    p.add_argument("--seed", type=cli_args.seed, default=None,
                   help=f"seed for the shuffle, 0 to {cli_args.MAX_SEED} (same seed, same game)")
    p.add_argument("--exit-after-game", action="store_true", help="quit when the game ends")
    p.add_argument("--level", type=cli_args.one_of(AI_LEVELS), default=None,
                   help=f"computer level for --demo ({', '.join(AI_LEVELS)})")
    p.add_argument("--speed", type=cli_args.float_range(*SPEED_RANGE), default=None,
                   help=f"animation speed, {SPEED_RANGE[0]:g} to {SPEED_RANGE[1]:g} (1 = normal)")
    p.add_argument("--settings", type=cli_args.output_file(), default=None, help="settings file to use")
    p.add_argument("--max-fps", type=cli_args.int_range(*MAX_FPS_RANGE), default=FPS,
                   help=argparse.SUPPRESS)
    p.add_argument("--windowed", action="store_true", help="ignore the full-screen setting")
    p.add_argument("--record", type=cli_args.record_file, default=None, metavar="FILE",
                   help="also write the game's replay to FILE when it ends")
    p.add_argument("--replay", type=Path, default=None, metavar="FILE",
                   help="open the replay viewer on FILE")
    p.add_argument("--quit-after", type=cli_args.int_range(1, 1_000_000), default=None, metavar="N",
                   help="close the match after N decisions, as closing the window would")
    p.add_argument("--resume", action="store_true", help="continue the newest saved game")
    p.add_argument("--rules", choices=("1v1", "2v2"), default=None,
                   help="2v2: the four-player team game (with --demo, four computer seats)")
    p.add_argument("--join", default=None, metavar="HOST:PORT",
                   help="join a game another computer hosts (python -m game.net host)")
    p.add_argument("--name", default=None, help="your name in a network game (with --join)")
    p.add_argument("--code", default=None, help="the network game's join code (with --join)")
    from game.speech import cli as speech_cli

    speech_cli.add_arguments(p)  # --speech, --speech-log FILE (issue 25)
    # For test harnesses and benchmarks: print READY once the first frame is shown (--demo does too).
    p.add_argument("--ready", action="store_true", help=argparse.SUPPRESS)
    cli_args.add_setup_arguments(p)  # --mindbugs 1|2, --sets 1|2: the 2v2 variant's set-up
    args = p.parse_args(argv)
    args.mindbugs_given, args.sets_given = args.mindbugs, args.sets  # None: not on the line
    args.mindbugs, args.sets = cli_args.setup_arguments(p, args, args.rules)
    return args


from game.common.error_log import (  # noqa: E402,F401 - the game's error log; tests read these here
    ERROR_ENTRY_MAX_CHARS,
    ERROR_LOG_MAX_BYTES,
    note_engine_warning,
    record_error,
)


class App:
    presenter: Presenter | None = None  # made with the first frame

    def __init__(self, args: argparse.Namespace) -> None:
        import pygame

        from game.common import settings as settings_mod
        from game.ui.cards.assets_bridge import make_renderer, make_sounds
        from game.ui.core.context import AppContext
        from game.ui.kit import theme
        from game.ui.kit.theme import SCREEN_H, SCREEN_W

        self.pg = pygame
        # The AI thinks in a thread; a short GIL switch interval lets the render loop get the
        # interpreter back quickly, so frames keep coming while it searches.
        sys.setswitchinterval(0.001)
        from game.common import i18n

        # A message about a damaged settings file is worded before its language is known: in
        # the system's (the language a first start would pick).
        i18n.set_language(i18n.system_language())
        settings, message = settings_mod.load(args.settings)
        settings.language = i18n.set_language(settings.language)
        from game.ui.kit.legible import set_text_scale

        set_text_scale(settings.text_scale)  # every size the screens ask for follows it
        theme.apply(settings.colour_vision, settings.high_contrast)  # the palette, before any drawing
        pygame.mixer.pre_init(44100, -16, 2, 512)
        for hint, value in window_conventions.sdl_hints(current_system()).items():
            os.environ.setdefault(hint, value)  # Windows: DPI aware (see window_conventions)
        # Only what the first frame needs: pygame.init() would also open the audio device,
        # which takes 0.1 s or more (twice as long where there is none); sound opens later.
        pygame.display.init()
        if pygame.display.get_driver() == "x11":
            # SDL would send the window's pixels through OpenGL (a "texture framebuffer"):
            # with software GL (Xvfb, virtual machines) that costs 10-40 ms per frame, however
            # little changed. Without it: shared-memory XShmPutImage of the changed rectangles.
            os.environ.setdefault("SDL_FRAMEBUFFER_ACCELERATION", "0")
        pygame.font.init()
        pygame.display.set_caption("Mindbug: First Contact")
        renderer = make_renderer()
        try:  # the card back doubles as the window icon; set before the window exists, so that
            pygame.display.set_icon(renderer.back(64))  # set_mode does not load pygame's own
        except Exception:
            pass
        # A plain resizable window, not SCALED: the table is drawn into a surface of its own
        # and game.ui.core.presenter scales what changed into the window (SCALED's renderer scaled and
        # sent the whole window every frame). Mouse positions are mapped back in handle().
        from game.ui.core.window import set_fullscreen, to_table

        self.to_table = to_table
        from game.ui.kit import cut_tip_box, cut_tips

        self.cut_tips = cut_tips  # the whole text of a cut one, under the pointer
        from game.ui.kit import help_overlay

        self.help = help_overlay  # F1: the screen's controls, shown and said
        self.draw_tip = cut_tip_box.draw_tip
        cut_tips.forget()
        self.display = pygame.display.set_mode(_opening_size(), pygame.RESIZABLE)
        self.screen = pygame.Surface((SCREEN_W, SCREEN_H), 0, self.display)
        self.window = _window()
        _fit_window(self.window)
        if settings.fullscreen and not args.windowed and not args.demo:
            try:
                set_fullscreen(self.window, True)
            except pygame.error:
                settings.fullscreen = False
        pygame.key.set_repeat(350, 40)
        self.ctx = AppContext(settings=settings, settings_path=args.settings,
                              renderer=renderer,
                              sounds=make_sounds(settings.sound and not args.demo, settings.volume),
                              make_sounds=make_sounds,
                              demo=args.demo, exit_after_game=args.exit_after_game, seed=args.seed)
        self.ctx.demo_level = args.level
        from game.ui.core.music import Music

        self.ctx.music = Music(settings.sound and not args.demo, settings.music_volume)
        if args.speech or args.speech_log or settings.speech:
            from game.ui.core.speech_out import ScreenSpeech

            self.ctx.speech = ScreenSpeech(args.speech, args.speech_log, settings)
            if self.ctx.speech.message:  # no voice to be had: one line, then silence
                message = message or self.ctx.speech.message
                if args.demo or self.ctx.speech.unheard:  # the terminal is heard (issue 45)
                    print(self.ctx.speech.message, file=sys.stderr)
        from game.ui.core import saves
        from game.ui.routes import Routes

        self.ctx.nav = self.routes = Routes(self.ctx)
        self.saves = saves  # the store and its writer: used every frame and at close
        self.args = args
        # The title looks for a saved game to continue after its first frame (reading and
        # replaying the autosave takes ~0.06 s): it is opened without the store, then offered.
        self.title_first = not (args.demo or args.resume or args.replay is not None)
        saves.setup(self.ctx, args, store=not self.title_first)
        self.ctx.window = self.window
        if self.window is not None:
            self.ctx.window_size = self.window.size
        self.ctx.speed_override = args.speed  # from the command line: used, never saved
        if args.demo and args.speed is None:
            self.ctx.speed_override = DEMO_SPEED
        self.clock = pygame.time.Clock()
        self.dt = 0.0  # seconds since the last frame, for the next update (App.tick)
        self.ready_printed = False
        self.print_ready = bool(args.demo or args.ready)  # a player's terminal stays quiet
        self.shots: int | None = None  # the next screenshot's number; None: after the folder's highest
        self.max_fps = args.max_fps
        self.next_shot = 0.0
        # Card faces are drawn ahead in a background thread from the first frame on, into this
        # renderer's cache (kept here: a wrapper put on ctx.renderer later sees what is shown,
        # and drawing ahead shows nothing).
        self.warmer: FaceWarming | None = None
        self._warm_renderer = self.ctx.renderer
        self._warmed_for: weakref.ref | None = None  # the match whose cards were put first
        self._laid_out_scale = self.ctx.window_scale  # the window scale the scenes are laid out for
        self.routes.first(args, message, self.title_first)

    # One frame ---------------------------------------------------------------------------------
    def events(self) -> list:
        pg = self.pg
        scenes = self.ctx.scenes
        if scenes.animating or scenes.dirty:
            return pg.event.get()
        first = pg.event.wait(IDLE_WAIT_MS)
        return ([first] if first.type != pg.NOEVENT else []) + pg.event.get()

    def handle(self, event) -> None:
        pg = self.pg
        event = self.to_table(event)  # mouse positions in table pixels, whatever the window
        if event.type == pg.QUIT:
            self.routes.window_closed()  # asks first if a running match would be left
            return
        if event.type == pg.KEYDOWN and event.key == pg.K_F12:
            self.save_screenshot()
            return
        if event.type == pg.KEYDOWN and event.key == self.help.HELP_KEY and self.help.toggle(self.ctx):
            return
        if event.type == pg.KEYDOWN and window_conventions.is_fullscreen_shortcut(
                event.key, getattr(event, "mod", 0), current_system(), pg):
            self.ctx.toggle_fullscreen()
            self.ctx.save_settings()
            self._all_dirty()
            return
        if event.type in (pg.MOUSEMOTION, pg.WINDOWLEAVE):
            pointer = event.pos if event.type == pg.MOUSEMOTION else None
            if self.cut_tips.point(pointer) and self.ctx.scenes.top is not None:
                self.ctx.scenes.top.dirty = True  # a cut text's whole one shows (or goes) under the pointer
        if event.type in (pg.WINDOWRESIZED, pg.WINDOWEXPOSED, pg.WINDOWSIZECHANGED,
                          pg.WINDOWRESTORED, pg.VIDEOEXPOSE, pg.VIDEORESIZE):
            self._window_changed()
            return
        self.ctx.scenes.handle(event)

    def _window_changed(self) -> None:
        """A new size: new bars, and text sized for it (window_scale). What a scene laid out
        for the old scale (the decision's buttons, the log's lines) is laid out again now, on
        the resize itself, not when the next input happens to rebuild it."""
        scale = self.ctx.window_scale
        if scale != self._laid_out_scale:
            self._laid_out_scale = scale
            self.ctx.scenes.window_scale_changed()
        self._all_dirty()

    def _all_dirty(self) -> None:
        for s in self.ctx.scenes.stack:
            s.dirty = True
        if self.presenter is not None:  # the window needs painting even if the frame is the same
            self.presenter.force()

    def step(self) -> None:
        """Run one pass of the loop: input, update, and a draw if anything changed."""
        scenes = self.ctx.scenes
        for event in self.events():
            self.guarded(self.handle, event)
        self.guarded(scenes.update, self.dt)
        if self.warmer is not None:  # faces no running match needs wait while anything moves
            self.warmer.moving = scenes.animating
        if self.ctx.music is not None:
            self.guarded(self.ctx.music.follow, scenes.music())
        if self.ctx.speech is not None:
            self.guarded(self.ctx.speech.follow, scenes.top)
        if self.ctx.quit_after is not None:
            self.saves.check_quit_after(self.ctx)
        if not scenes.stack:
            self.ctx.quit(self.ctx.exit_code)
            return
        if scenes.dirty or not self.ready_printed:
            self.cut_tips.begin_frame()
            self.guarded(scenes.draw, self.screen)
            self.guarded(self.draw_tip, self.screen)
            self.compose()
            self.tick()
            self.present()
            self.ctx.frames += 1
            if self.warmer is not None:
                self.warmer.frame_sent()
                self._warm_match()
            self.after_first_frame()
            self._autoshot()
        else:
            self.tick()

    def tick(self) -> None:
        """Wait for the frame's moment, and take the time since the last one for the next
        update. Between drawing (and scaling) and sending: frames then go out at a steady pace
        however long each took to draw (within the frame's time), as with vsync; waiting
        before the update instead put every change in drawing time on screen as uneven frame
        times. (Not before the first frame: that one goes out at once.)"""
        fps = self.max_fps if self.ready_printed else 0
        self.dt = min(self.clock.tick(fps) / 1000.0, 0.1)

    def compose(self) -> None:
        """Make the drawn frame ready to show: only if it changed, only the rows that did,
        scaled into the window (game.ui.core.presenter)."""
        if self.presenter is None:
            from game.ui.core.presenter import Presenter

            self.presenter = Presenter()
        self.presenter.compose(self.screen)

    def present(self) -> None:
        """Send the composed frame to the screen (after App.tick: at the frame's moment)."""
        if self.presenter is not None:
            self.presenter.send()

    def _card_defs(self) -> list[CardDef]:
        """The cards of the card file, to draw ahead."""
        from game.cards import load_cards

        return list(load_cards().defs)

    def save_screenshot(self) -> None:
        """F12 (or MINDBUG_AUTOSHOT=folder, once a second) saves the screen as a PNG."""
        named = os.environ.get("MINDBUG_SHOT_DIR") or os.environ.get("MINDBUG_AUTOSHOT")
        if named:
            folder = Path(named)
        else:  # the player's own pictures folder, never the working directory
            import platformdirs

            folder = Path(platformdirs.user_pictures_dir()) / "Mindbug"
        from game.ui.core import screenshots

        saved = screenshots.save(self.screen, folder, self.shots)  # never overwrites one
        if saved is not None:
            self.shots = saved[1]

    def _autoshot(self) -> None:
        if os.environ.get("MINDBUG_AUTOSHOT") and time.monotonic() >= self.next_shot:
            self.next_shot = time.monotonic() + 1.0
            self.save_screenshot()

    def after_first_frame(self) -> None:
        if not self.ready_printed:
            self.ready_printed = True
            if self.print_ready:
                print("READY", flush=True)
                # which rules engine runs, pure or compiled (build/check_bundle.py reports it);
                # read if loaded, since the title's first frame imports no engine
                engine = getattr(sys.modules.get("game.engine"), "ENGINE", None)
                if engine is not None:
                    print(f"ENGINE {engine}", flush=True)
            # The window is up: now open the audio device, so the first sound does not wait,
            # look for a saved game to continue, and start drawing card faces ahead.
            load = getattr(self.ctx.sounds, "load", None)
            if load is not None and self.ctx.sounds.enabled:
                self.guarded(load)
            if self.ctx.speech is not None and self.ctx.speech.unheard:
                from game.ui.core.speech_out import NOTICE_SOUND

                self.ctx.play_sound(NOTICE_SOUND)  # and the title's line, and the terminal's
            if self.title_first:
                self.guarded(self.saves.open_store, self.ctx)
                self.guarded(self.ctx.scenes.after_first_frame)
            self.guarded(self._start_warming)

    def _start_warming(self) -> None:
        from game.ui.cards.assets_bridge import FaceWarmer, warm_widths
        from game.ui.cards.warming import FaceWarming
        from game.ui.table.layout import SPRITE_SIZES

        self.warmer = FaceWarming([FaceWarmer(self._warm_renderer, warm_widths(SPRITE_SIZES),
                                              defs=lambda idle: self._card_defs())])
        self._warm_match()

    def _warm_match(self) -> None:
        """A match on the stack while faces are still being drawn ahead: its own cards next,
        soonest seen first (a game begun at once from the title drew its first hand's faces
        inside its frames, 5-80 ms each); while it runs, the faces it does not need wait for the
        moments its table is still (game.ui.cards.warming)."""
        warming = self.warmer
        if warming is None or warming.done:
            return
        found = next(((s, game) for s in self.ctx.scenes.stack
                      if (game := getattr(getattr(s, "ctl", None), "game", None)) is not None), None)
        warming.deferring = found is not None
        if found is None or (self._warmed_for is not None and self._warmed_for() is found[0]):
            return
        scene, game = found
        from game.engine import State
        from game.ui.cards.assets_bridge import FaceWarmer, warm_widths
        from game.ui.cards.warming import SOON_CARDS, SOON_WIDTHS, match_cards
        from game.ui.table.layout import SPRITE_SIZES

        self._warmed_for = weakref.ref(scene)
        cards = match_cards(game, list(game.db.defs)) if isinstance(game, State) else []
        if not cards:
            return
        renderer = self._warm_renderer
        # The next cards one by one at the 1v1 table's sizes (a card played from the hand is
        # shown large a moment later), then all of the match's cards at every size.
        soon = [FaceWarmer(renderer, SOON_WIDTHS, defs=_just(card), zooms=False) for card in cards[:SOON_CARDS]]
        warming.prefer(
            [*soon, FaceWarmer(renderer, warm_widths(SPRITE_SIZES), defs=lambda idle: cards, zooms=False)],
            [FaceWarmer(renderer, (), defs=lambda idle: cards)])

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
            self.ctx.nav.title(message)

    def run(self, until=None) -> int:
        while self.ctx.running and (until is None or not until(self)):
            self.step()
        return self.ctx.exit_code

    def close(self, quit_pygame: bool = True) -> None:
        """Leave every scene; ``quit_pygame=False`` keeps pygame up (tests reuse it)."""
        if self.warmer is not None:
            self.warmer.stop()  # before pygame goes: it draws with pygame
        for scene in list(self.ctx.scenes.stack):
            try:
                scene.leave()
            except Exception:
                pass
        self.saves.shutdown(self.ctx)  # the last autosave reaches the disk
        if self.ctx.speech is not None:
            self.ctx.speech.close()
        if quit_pygame:
            self.pg.quit()


def _just(card: CardDef) -> Callable[[bool], list]:
    """A FaceWarmer's card list of one card."""
    return lambda idle: [card]


MIN_WINDOW = (960, 540)  # smaller and the table's text would drop below a legible size


def _room(desktop: tuple[int, int]) -> tuple[int, int]:
    """What a window may fill of the desktop: room for a title bar and a task bar (more pixels
    high on a screen scaled to 150 or 200 %)."""
    k = window_conventions.bars_scale(desktop[1])
    return desktop[0] - round(16 * k), desktop[1] - round(96 * k)


def _opening_size() -> tuple[int, int]:
    """The window's size at start: the largest 16:9 table that fits the screen with its title
    bar (pygame's SCALED took the whole screen, so a title bar pushed the hand off its foot), at
    least 1280x720 (_fit_window shrinks it on a smaller screen). The headless dummy driver gets
    the table's own size: tests post events in table pixels."""
    import pygame

    from game.ui.core.viewport import TABLE_H, TABLE_W, View

    if os.environ.get("SDL_VIDEODRIVER") == "dummy":
        return TABLE_W, TABLE_H
    try:
        desktop = pygame.display.get_desktop_sizes()[0]
    except (pygame.error, IndexError):
        return TABLE_W, TABLE_H
    w, h = View.fit(_room(desktop)).size
    return max(w, TABLE_W), max(h, TABLE_H)


def _window() -> pygame.Window | None:
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


def _fit_window(window: pygame.Window | None) -> None:
    """Allow the window down to MIN_WINDOW, and open smaller on a small screen, so the title
    bar never pushes the hand off-screen."""
    import pygame

    from game.ui.core.viewport import View

    if window is None:
        return
    try:
        window.minimum_size = MIN_WINDOW
        desktop = pygame.display.get_desktop_sizes()[0]
        room = _room(desktop)
        if room[0] < 1280 or room[1] < 720:
            w, h = View.fit(room).size
            window.size = (max(MIN_WINDOW[0], w), max(MIN_WINDOW[1], h))
    except (pygame.error, IndexError, ValueError):
        pass


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    from game.common import cli_output, console_text, exit_signals

    exit_signals.install()  # SIGTERM/SIGHUP/SIGBREAK close like the window (saves flushed)
    cli_output.reopen_closed_streams()  # >&-: no save may be opened as descriptor 1
    cli_output.quiet_broken_pipe()  # | head -c1: the window goes on, printing nothing more
    console_text.tolerate_unencodable()  # a cp1252 pipe on Windows must not break a print
    logging.basicConfig(level=logging.WARNING, format="%(levelname)s %(message)s")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    app = None
    try:
        app = App(args)
        status = app.run()
        # The reader of the printed lines went away: the status a Unix tool gives then.
        return cli_output.BROKEN_PIPE_STATUS if cli_output.reader_gone() else status
    except KeyboardInterrupt:
        return 130
    except Exception as exc:  # one line for the player, the traceback in the error log
        print(record_error(exc), file=sys.stderr)
        return 1
    finally:
        if app is not None:
            try:
                app.close()
            except Exception:  # closing after a crash must not print a second traceback
                pass
        # The rules engine loads with the first game: if its compiled build was asked for or
        # found but did not load, the pure one ran (the same games); the log says why.
        engine_warning = note_engine_warning()
        if engine_warning:
            print(engine_warning, file=sys.stderr)
