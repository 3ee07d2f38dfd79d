"""The base of every screen and overlay: its life on the scene stack (game.ui.core.scene_stack)
and the hooks the stack broadcasts to every scene."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

if TYPE_CHECKING:
    from game.ui.core.context import AppContext


class Scene:
    """Base scene. ``opaque`` scenes hide what lies below; overlays set it to False."""

    opaque = True
    # The music loop this scene wants (game.ui.core.music): the menus' by default, "table" for
    # a game on the table; None keeps what plays under it (a box over a scene).
    music: str | None = "menu"

    def __init__(self, ctx: AppContext) -> None:
        self.ctx = ctx
        self.dirty = True  # redraw needed

    # Lifecycle -------------------------------------------------------------------------------
    def enter(self) -> None:
        self.dirty = True

    def resume(self) -> None:
        """The scene above was popped: this one is on top again."""
        self.dirty = True

    def leave(self) -> None:
        """Popped or replaced: stop threads, release resources."""

    def after_first_frame(self) -> None:
        """The window's first frame is on screen: what could wait until then."""

    def decisions_answered(self) -> int | None:
        """A match: the decisions answered since this window took it up (--quit-after);
        None for any other scene."""
        return None

    def language_changed(self) -> None:
        """The player chose another language: word again what was worded when made (texts
        translated when drawn need only the redraw)."""
        self.dirty = True

    def text_scale_changed(self) -> None:
        """The player chose another text size: lay out again what was laid out when made (by
        default as for a new language, which makes again what was made; a layout made when
        drawn needs only the redraw)."""
        self.language_changed()
        self.dirty = True

    def window_scale_changed(self) -> None:
        """The window now shows the table at another scale: the text's least size in it changed
        (game.ui.kit.legible), so lay out again as for another text size."""
        self.text_scale_changed()

    # Frame -----------------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> bool:
        """Return True if the event was consumed."""
        return False

    def update(self, dt: float) -> None:
        """Advance by dt seconds."""

    def draw(self, surface: pygame.Surface) -> None:
        raise NotImplementedError

    @property
    def animating(self) -> bool:
        """True while something moves on screen: the loop then runs at full frame rate."""
        return False
