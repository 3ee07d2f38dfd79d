"""A stack of scenes: the top one gets input; overlays draw over the scenes below them.

The stack knows a scene only by ``StackedScene`` (what game.ui.core.scene.Scene gives every
scene), so the context can own a stack without the scenes' module knowing the context twice.
"""

from __future__ import annotations

from typing import Protocol

import pygame

LIFT_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)  # the keys that press the gold button
HELD_KEYS = (*LIFT_KEYS, pygame.K_TAB)  # the keys whose repeats must not act on a screen just shown


def keys_held_now() -> set[int]:
    """The keys of HELD_KEYS physically down now (as a screen or a box appears)."""
    try:
        pressed = pygame.key.get_pressed()
        return {k for k in HELD_KEYS if pressed[k]}
    except (pygame.error, IndexError):
        return set()


class StackedScene(Protocol):
    """What the stack needs of a scene."""

    opaque: bool
    dirty: bool

    def enter(self) -> None: ...
    def resume(self) -> None: ...
    def leave(self) -> None: ...
    def after_first_frame(self) -> None: ...
    def language_changed(self) -> None: ...
    def text_scale_changed(self) -> None: ...
    def window_scale_changed(self) -> None: ...
    def decisions_answered(self) -> int | None: ...
    def handle(self, event: pygame.event.Event) -> bool: ...
    def update(self, dt: float) -> None: ...
    def draw(self, surface: pygame.Surface) -> None: ...

    @property
    def animating(self) -> bool: ...


class SceneManager:
    """The scenes, and the one rule for a key held down as a screen appears: the Enter that
    pressed "Main menu" on the game-over box, still down as the title shows, auto-repeats; those
    repeats must not press the title's gold entry (nor a box's, nor answer a decision). A key of
    HELD_KEYS down whenever the top scene changes is swallowed until it is released; the next
    fresh press acts as always."""

    def __init__(self) -> None:
        self.stack: list[StackedScene] = []
        self.held: set[int] = set()  # down since the top scene changed: its KEYDOWNs are repeats

    def _top_changed(self) -> None:
        self.held = keys_held_now()

    @property
    def top(self) -> StackedScene | None:
        return self.stack[-1] if self.stack else None

    def push(self, scene: StackedScene) -> None:
        self.stack.append(scene)
        self._top_changed()
        scene.enter()

    def pop(self) -> StackedScene | None:
        if not self.stack:
            return None
        scene = self.stack.pop()
        scene.leave()
        if self.stack:
            self._top_changed()
            self.stack[-1].resume()
        return scene

    def remove(self, scene: StackedScene) -> None:
        """Take a scene out wherever it is in the stack (an overlay closing itself)."""
        if scene in self.stack:
            was_top = scene is self.top
            self.stack.remove(scene)
            scene.leave()
            if was_top and self.stack:
                self._top_changed()
                self.stack[-1].resume()

    def replace(self, scene: StackedScene) -> None:
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

    def text_scale_changed(self) -> None:
        """Every scene hears it, as a new language: each lays out again for the new sizes."""
        for scene in list(self.stack):
            scene.text_scale_changed()
            scene.dirty = True

    def window_scale_changed(self) -> None:
        """The window was resized to another scale: every scene lays out again for it."""
        for scene in list(self.stack):
            scene.window_scale_changed()
            scene.dirty = True

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYUP:
            self.held.discard(event.key)
        elif event.type == pygame.KEYDOWN and event.key in self.held:
            return  # the repeat of a key down since before this screen showed: not a press
        top = self.top
        if top is not None:
            top.handle(event)

    def update(self, dt: float) -> None:
        # Every scene updates: a match under an overlay keeps its AI worker and timers going.
        for scene in list(self.stack):
            scene.update(dt)

    def music(self) -> str | None:
        """The loop the screen shown wants: the topmost scene's that names one."""
        for scene in reversed(self.stack):
            wanted = getattr(scene, "music", None)  # (StackedScene does not require it)
            if wanted is not None:
                return wanted
        return None

    def visible(self) -> list[StackedScene]:
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
