"""Where every move of the navigator leads: the one module that knows every screen's class.

Implements ``game.ui.core.navigator.Navigator``; only game/app.py imports it and puts it on the
context (``ctx.nav``). Screens change through it, never by importing each other. Each class is
imported when first wanted (the title must not wait for the match's modules).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from game.persist.record import GameRecord
    from game.ui.core.context import AppContext
    from game.ui.match.controller import MatchConfig


class Routes:
    """The navigator of one window (``ctx.nav``)."""

    def __init__(self, ctx: AppContext) -> None:
        self.ctx = ctx

    def title(self, message: str | None = None) -> None:
        from game.ui.screens.menus import TitleScene

        self.ctx.scenes.replace(TitleScene(self.ctx, message))

    def start_match(self, config: MatchConfig) -> None:
        from game.ui.match.scene import MatchScene

        self.ctx.scenes.replace(MatchScene(self.ctx, config))

    def resume(self, record: GameRecord) -> str | None:
        from game.ui.match.saving import claim, resume_scene

        refused = claim(self.ctx, record)  # another window may have opened it meanwhile
        if refused:
            return refused
        self.ctx.scenes.replace(resume_scene(self.ctx, record))
        return None

    def replay(self, record: GameRecord) -> None:
        from game.ui.records.viewer import ReplayScene

        self.ctx.scenes.push(ReplayScene(self.ctx, record))

    def new_game(self, hot_seat: bool, rules: str) -> None:
        from game.ui.screens.menus import NewGameScene

        self.ctx.scenes.push(NewGameScene(self.ctx, hot_seat=hot_seat, rules=rules))

    def settings(self) -> None:
        from game.ui.screens.menus import SettingsScene

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
