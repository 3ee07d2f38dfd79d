"""Where every move of the navigator leads: the one module that knows every screen's class.

Implements ``game.ui.core.navigator.Navigator``; only game/app.py imports it and puts it on the
context (``ctx.nav``). Screens change through it, never by importing each other. Each class is
imported when first wanted (the title must not wait for the match's modules). It also makes
the first screen from the command line (``first``) and answers the window's close button.
"""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING

from game.common.i18n import _
from game.ui.core import saves

if TYPE_CHECKING:
    import argparse
    from collections.abc import Callable

    from game.ai.moments import AnalysisJob
    from game.net.saves import HostSave
    from game.persist.daily import Outcome
    from game.persist.record import GameRecord
    from game.ui.core.context import AppContext
    from game.ui.core.match_config import MatchConfig
    from game.ui.core.scene import Scene


class Routes:
    """The navigator of one window (``ctx.nav``)."""

    def __init__(self, ctx: AppContext) -> None:
        self.ctx = ctx
        #: A daily game just ended: its result is shown over the next title (then forgotten).
        self.daily_outcome: Outcome | None = None

    # The first screen -----------------------------------------------------------------------
    def first(self, args: argparse.Namespace, message: str | None, title_first: bool) -> None:
        """Push what the command line asks for: --replay's viewer, --resume's game, a --demo
        match, else the title (and over it the 2v2 seats for --rules 2v2). ``title_first``:
        the usual start, the title before the store is opened."""
        ctx = self.ctx
        if not ctx.running:
            return
        scene = None if title_first else self._from_files(args)
        if scene is not None or not ctx.running:
            if scene is not None:
                ctx.scenes.push(scene)
            return
        rules = getattr(args, "rules", None)
        if ctx.demo:
            from game.ui.core.match_config import MatchConfig, computer
            from game.ui.match.scene import MatchScene

            level = ctx.demo_level or "easy"
            if rules == "2v2":
                config = MatchConfig.for_seats([computer(level)] * 4, "2v2", ctx.seed,
                                               **{"mindbugs": 2, "sets": 1, **_setup_of(args)})
            else:
                config = MatchConfig(mode="demo", ai_level=level,
                                     names=(f"Computer A ({level})", f"Computer B ({level})"),
                                     seed=ctx.seed)
            ctx.scenes.push(MatchScene(ctx, config))
            return
        from game.ui.screens.new_game import NewGameScene
        from game.ui.screens.title import TitleScene

        ctx.scenes.push(TitleScene(ctx, message))
        if getattr(args, "join", None):  # python -m game --join HOST:PORT: that game at once
            self.join_game(args.join, args.name or "", args.code or "", start=True)
            return
        if rules == "2v2":  # straight to the 2v2 new-game screen (with --mindbugs, --sets)
            ctx.scenes.push(NewGameScene(ctx, hot_seat=False, rules="2v2", **_setup_of(args)))

    def _from_files(self, args: argparse.Namespace) -> Scene | None:
        """The scene --resume or --replay starts with; None for the usual start. A file that
        cannot be used is one line: on stderr for a demo run (exit 1), else on the title."""
        from game.persist.record import RecordError
        from game.persist.store import read_record
        from game.ui.records.replay_list import unfinished_line

        ctx = self.ctx
        if getattr(args, "replay", None) is not None:
            try:
                record = read_record(args.replay, verify=True)
            except RecordError as exc:
                return self._refuse(_("Cannot open the replay: {reason}").format(reason=exc))
            if not record.finished:
                return self._refuse(unfinished_line(args.replay.name))
            return self._viewer(record, exit_at_end=ctx.exit_after_game)
        if getattr(args, "resume", False) and ctx.store is not None:
            saved, message = ctx.store.load_autosave()
            if saved is None:
                return self._refuse(message or _("There is no saved game to continue."))
            refused = saves.claim(ctx, saved)
            if refused:
                return self._refuse(refused)
            return self._resumed(saved)
        return None

    def _refuse(self, message: str) -> Scene | None:
        ctx = self.ctx
        if ctx.demo or ctx.exit_after_game:
            from game.common.safe_text import printable

            print(printable(message), file=sys.stderr)  # it may quote a file's name: escapes shown
            ctx.quit(1)
            return None
        from game.ui.screens.title import TitleScene

        return TitleScene(ctx, message)

    def window_closed(self) -> None:
        """The window's close button: ask before leaving a running match, else quit."""
        from game.ui.match.leave_prompt import ask_leave

        ask_leave(self.ctx, lambda: self.ctx.quit(0))

    # The navigator's moves -------------------------------------------------------------------
    def title(self, message: str | None = None) -> None:
        from game.ui.screens.title import TitleScene

        self.ctx.scenes.replace(TitleScene(self.ctx, message))
        outcome, self.daily_outcome = self.daily_outcome, None
        if outcome is not None:  # back from a daily game: its result and shareable line
            from game.ui.screens.daily import DailyScene

            self.ctx.scenes.push(DailyScene(self.ctx, outcome))

    def start_series(self, config: MatchConfig, length: int) -> None:
        from game.ui.match import series

        self.start_match(series.begin(self.ctx, config, length))

    def next_in_series(self, config: MatchConfig) -> None:
        from game.ui.match import series

        series.next_game(self.ctx, config)

    def start_match(self, config: MatchConfig) -> None:
        from game.ui.match.scene import MatchScene

        self.daily_outcome = None  # a rematch instead of the menu: the result was seen
        self.ctx.scenes.replace(MatchScene(self.ctx, config))

    def resume(self, record: GameRecord) -> str | None:
        refused = saves.claim(self.ctx, record)  # another window may have opened it meanwhile
        if refused:
            return refused
        self.ctx.scenes.replace(self._resumed(record))
        return None

    def _resumed(self, record: GameRecord) -> Scene:
        """A match going on from a saved game; with --demo every seat is the computer's."""
        from game.ui.core.match_config import config_for_record
        from game.ui.match.scene import MatchScene

        ctx = self.ctx
        level = (ctx.demo_level or "easy") if ctx.demo else None
        config = config_for_record(record, level)
        if level is None:
            from dataclasses import replace

            from game.ui.screens.daily import is_daily_game

            if is_daily_game(ctx, record):  # a counted attempt continued after a crash
                config = replace(config, on_finish=self._daily_finished)
            else:
                from game.ui.match import series

                config = series.resumed(ctx, config, record)  # a game of a best of 3 or 5
        return MatchScene(ctx, config, resume=record)

    def replay(self, record: GameRecord) -> None:
        self.ctx.scenes.push(self._viewer(record))

    def moments(self, record: GameRecord) -> None:
        from game.ui.records import moments_view
        from game.ui.records.viewer import ReplayScene

        self.replay(record)
        viewer = self.ctx.scenes.top
        assert isinstance(viewer, ReplayScene)  # replay() has just pushed it
        moments_view.open_box(viewer)

    def analyse_moments(self, record: GameRecord) -> AnalysisJob:
        from game.ui.records import moments_view

        return moments_view.start_early(record)

    def drop_moments(self, record: GameRecord) -> None:
        from game.ui.records import moments_view

        moments_view.drop_early(record)

    def _viewer(self, record: GameRecord, exit_at_end: bool = False) -> Scene:
        """The viewer on a finished game (it shows every hand: never a game still going)."""
        from game.ui.records.viewer import ReplayScene

        if not record.finished:
            raise ValueError("a game in progress is not shown as a replay")
        played_here = None
        if record.mode == "network" and self.ctx.store is not None:
            from game.net.saves import seat_played_here

            played_here = seat_played_here(self.ctx.store.root, record)
        return ReplayScene(self.ctx, record, exit_at_end=exit_at_end, played_here=played_here)

    def new_game(self, hot_seat: bool, rules: str) -> None:
        from game.ui.screens.new_game import NewGameScene

        self.ctx.scenes.push(NewGameScene(self.ctx, hot_seat=hot_seat, rules=rules))

    def settings(self) -> None:
        from game.ui.screens.settings import SettingsScene

        self.ctx.scenes.push(SettingsScene(self.ctx))

    def howto(self) -> None:
        from game.ui.screens.howto import HowToPlayScene

        self.ctx.scenes.push(HowToPlayScene(self.ctx))

    def games_in_progress(self) -> None:
        from game.ui.screens.games_in_progress import GamesScene

        self.ctx.scenes.push(GamesScene(self.ctx))

    def replays(self) -> None:
        from game.ui.records.replay_list import ReplaysScene

        self.ctx.scenes.push(ReplaysScene(self.ctx))

    def statistics(self) -> None:
        from game.ui.records.statistics import StatsScene

        self.ctx.scenes.push(StatsScene(self.ctx))

    def tutorial(self, start: bool = False) -> None:
        from game.ui.learn.lists import TutorialScene

        scene = TutorialScene(self.ctx)
        self.ctx.scenes.push(scene)
        if start and scene.entries:
            scene.open(scene.first_focus())

    def puzzles(self) -> None:
        from game.ui.learn.lists import PuzzlesScene

        self.ctx.scenes.push(PuzzlesScene(self.ctx))

    def daily(self) -> None:
        from game.ui.screens.daily import DailyScene

        self.ctx.scenes.push(DailyScene(self.ctx))

    def start_daily(self, level: str) -> None:
        from game.ui.screens.daily import begin_attempt

        self.start_match(begin_attempt(self.ctx, level, self._daily_finished))

    def _daily_finished(self, record: GameRecord) -> None:
        from game.ui.screens.daily import record_finish

        self.daily_outcome = record_finish(self.ctx, record)

    def gallery(self) -> None:
        from game.ui.screens.gallery import GalleryScene

        self.ctx.scenes.push(GalleryScene(self.ctx))

    def join_game(self, address: str = "", name: str = "", code: str = "",
                  start: bool = False) -> None:
        from game.ui.net.join import JoinScene

        self.ctx.scenes.push(JoinScene(self.ctx, address, name, code, start=start))

    def network_match(self, session: object) -> None:  # a NetSession (game.ui.net, above this layer)
        # object: the navigator's contract sits below game/ui/net and cannot name its session
        from game.ui.net.match import NetMatchScene
        from game.ui.net.session import NetSession

        if not isinstance(session, NetSession):
            raise TypeError(f"a network match needs a NetSession, not {session!r}")

        self.daily_outcome = None
        self.ctx.scenes.replace(NetMatchScene(self.ctx, session))

    def host_game(self, rules: str = "1v1", setup: tuple[int, int] = (2, 1)) -> None:
        from game.ui.net.hosting import HostSetupScene

        self.ctx.scenes.push(HostSetupScene(self.ctx, rules, setup))

    def network_game(self) -> None:
        from game.common.i18n import N_
        from game.ui.kit.menu_overlay import MenuOverlay

        box: MenuOverlay | None = None

        def then(move: Callable[[], None] | None) -> Callable[[], None]:  # the box gives way to the screen chosen (its Back returns here)
            def go() -> None:
                if box is not None:  # made before any of its buttons can be pressed
                    self.ctx.scenes.remove(box)
                if move is not None:
                    move()
            return go

        box = MenuOverlay(self.ctx, N_("Play over the network"),
                          [(N_("Host a game"), then(self.host_game)),
                           (N_("Join a game"), then(self.join_game)),
                           (N_("Back (Esc)"), then(None))],
                          [N_("Host: the others join the game this computer offers."),
                           N_("Join: the game another computer offers, by its address.")],
                          esc=then(None))
        self.ctx.scenes.push(box)

    def play_online(self, server: str = "", code: str = "") -> None:
        from game.ui.online.lobby import OnlineScene

        self.ctx.scenes.push(OnlineScene(self.ctx, server, code))

    def online_match(self, session: object) -> None:  # an OnlineSession (game.ui.online)
        from game.ui.online.match import OnlineMatchScene
        from game.ui.online.session import OnlineSession

        if not isinstance(session, OnlineSession):
            raise TypeError(f"an online match needs an OnlineSession, not {session!r}")
        self.daily_outcome = None
        self.ctx.scenes.replace(OnlineMatchScene(self.ctx, session))

    def continue_hosted(self, saved: HostSave) -> str | None:
        from game.ui.net.hosting import continue_hosted

        return continue_hosted(self.ctx, saved)


def _setup_of(args: argparse.Namespace) -> dict[str, int]:
    """The 2v2 set-up the command line gives (--mindbugs, --sets; checked by
    game.app.parse_args): only what it gives."""
    given = {"mindbugs": getattr(args, "mindbugs_given", None), "sets": getattr(args, "sets_given", None)}
    return {key: value for key, value in given.items() if value is not None}
