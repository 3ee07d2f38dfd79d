""""Leave the game? It is saved": asked before a running match is left (window close, "Quit to
main menu"). Y leaves; Enter, Esc or N stays; a second window close while it is open leaves."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from game.common.i18n import N_
from game.ui.core import saves
from game.ui.kit import gold, theme
from game.ui.kit.menu_overlay import BoxButton, MenuOverlay
from game.ui.match import saving

if TYPE_CHECKING:
    from game.ui.core.context import AppContext
    from game.ui.core.scene import Scene
    from game.ui.core.scene_stack import StackedScene

TITLE = N_("Leave the game?")
LINE = N_("It is saved; Continue from the title screen.")


def line(ctx: AppContext) -> str:
    """Never claim "It is saved" when the last save failed (a full disk, a read-only folder)."""
    return saves.failed_save_line(ctx) or LINE


class LeavePrompt(MenuOverlay):
    def __init__(self, ctx: AppContext, on_leave: Callable[[], None],
                 words: Callable[[], str | None] | None = None) -> None:
        # Leaving is never the gold default (game.ui.kit.gold): Enter keeps playing, Y leaves.
        buttons: list[BoxButton] = [(N_("Leave (Y)"), self.answer_leave, gold.DESTROYS),
                   (N_("Keep playing (Esc)"), self.answer_stay)]
        self.words = words  # a match's own line (a network game says what leaving does to it)
        super().__init__(ctx, TITLE, buttons, [self._line(ctx)], theme.ACCENT, esc=self.answer_stay)
        self.on_leave = on_leave

    def _line(self, ctx: AppContext) -> str:
        return (self.words() if self.words is not None else None) or line(ctx)

    def draw(self, surface: pygame.Surface) -> None:
        self.lines = [self._line(self.ctx)]  # worded in the language of this frame
        super().draw(surface)

    def answer_leave(self) -> None:
        self.ctx.scenes.remove(self)
        self.on_leave()

    def answer_stay(self) -> None:
        self.ctx.scenes.remove(self)

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_y:
            self.answer_leave()
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_n:
            self.answer_stay()
            return True
        return super().handle(event)


def running_match(ctx: AppContext) -> StackedScene | None:
    """The match in the scene stack that a person would lose by leaving (saved, not over)."""
    for scene in ctx.scenes.stack:
        words = getattr(scene, "leave_line", None)  # a match that says itself what leaving costs
        if callable(words) and words() is not None:
            return scene
        ctl = saving.match_of(scene)
        if ctl is not None and ctl.recordable and not ctl.over and ctl.config.mode != "demo":
            return scene
    return None


def ask_leave(ctx: AppContext, on_leave: Callable[[], None], replacing: Scene | None = None) -> None:
    """Ask before ``on_leave`` if a running match would be left; otherwise just do it.

    ``replacing`` is a menu the question takes the place of (the pause menu's "Quit to main
    menu"): it closes, so its buttons do not show through, and "Keep playing" goes straight
    back to the game, as it says."""
    match = running_match(ctx)
    if match is None:
        on_leave()
        return
    if isinstance(ctx.scenes.top, LeavePrompt):
        ctx.scenes.top.on_leave = on_leave
        ctx.scenes.top.answer_leave()  # asked twice (a second window close): the answer is yes
        return
    ctx.scenes.push(LeavePrompt(ctx, on_leave, getattr(match, "leave_line", None)))
    if replacing is not None:
        ctx.scenes.remove(replacing)  # after the push: not on top, so what is below stays paused
