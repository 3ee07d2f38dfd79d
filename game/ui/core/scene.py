"""A stack of scenes: the top one gets input; overlays draw over the scenes below them."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

if TYPE_CHECKING:
    from game.ui.core.context import AppContext


class Scene:
    """Base scene. ``opaque`` scenes hide what lies below; overlays set it to False."""

    opaque = True

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


class SceneManager:
    def __init__(self) -> None:
        self.stack: list[Scene] = []

    @property
    def top(self) -> Scene | None:
        return self.stack[-1] if self.stack else None

    def push(self, scene: Scene) -> None:
        self.stack.append(scene)
        scene.enter()

    def pop(self) -> Scene | None:
        if not self.stack:
            return None
        scene = self.stack.pop()
        scene.leave()
        if self.stack:
            self.stack[-1].resume()
        return scene

    def remove(self, scene: Scene) -> None:
        """Take a scene out wherever it is in the stack (an overlay closing itself)."""
        if scene in self.stack:
            was_top = scene is self.top
            self.stack.remove(scene)
            scene.leave()
            if was_top and self.stack:
                self.stack[-1].resume()

    def replace(self, scene: Scene) -> None:
        """Clear the whole stack and start over with ``scene`` (menu -> match -> menu)."""
        while self.stack:
            self.stack.pop().leave()
        self.push(scene)

    def after_first_frame(self) -> None:
        for scene in list(self.stack):
            scene.after_first_frame()

    def language_changed(self) -> None:
        """Every scene hears it (the ones below redraw when shown again)."""
        for scene in list(self.stack):
            scene.language_changed()
            scene.dirty = True

    def handle(self, event: pygame.event.Event) -> None:
        top = self.top
        if top is not None:
            top.handle(event)

    def update(self, dt: float) -> None:
        # Every scene updates: a match under an overlay keeps its AI worker and timers going.
        for scene in list(self.stack):
            scene.update(dt)

    def visible(self) -> list[Scene]:
        start = 0
        for i in range(len(self.stack) - 1, -1, -1):
            if self.stack[i].opaque:
                start = i
                break
        return self.stack[start:]

    @property
    def dirty(self) -> bool:
        return any(s.dirty for s in self.visible())

    @property
    def animating(self) -> bool:
        return any(s.animating for s in self.stack)

    def draw(self, surface: pygame.Surface) -> None:
        for scene in self.visible():
            scene.draw(surface)
            scene.dirty = False
