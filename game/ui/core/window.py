"""The window around the table: full screen, and pointer positions in table pixels.

The window is a plain resizable one (game.app); game.ui.core.viewport says where the 1280x720 table
sits in it. Scenes know only the table, as they did under pygame's SCALED mode, which mapped
every mouse position for them: here ``to_table`` maps the events (App.handle) and
``pointer`` stands in for pygame.mouse.get_pos.
"""

from __future__ import annotations

import pygame

from game.ui.core.viewport import View


def set_fullscreen(window: pygame.Window | None, on: bool) -> None:
    """Full screen at the desktop's own resolution, or back to a window (SDL restores its
    size). pygame.display.toggle_fullscreen would re-create a window that is not SCALED (and
    invalidate the Window handle); the headless driver, which has no handle, keeps it."""
    if window is None:
        pygame.display.toggle_fullscreen()
    elif on:
        window.set_fullscreen(True)
    else:
        window.set_windowed()


def current_view() -> View:
    """Where the table is in the window now (game.ui.core.viewport)."""
    surface = pygame.display.get_surface()
    return View.fit(surface.get_size() if surface is not None else (1280, 720))


_MOUSE_EVENTS = (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP)


def to_table(event: pygame.event.Event) -> pygame.event.Event:
    """A mouse event with its position (and a motion's rel) in table pixels, as SCALED gave
    them: the scenes know only the 1280x720 table."""
    if event.type not in _MOUSE_EVENTS or not hasattr(event, "pos"):
        return event
    view = current_view()
    if view.identity:
        return event
    attrs = dict(event.dict)
    attrs["pos"] = view.to_table(event.pos)
    if "rel" in attrs:
        attrs["rel"] = view.rel_to_table(event.pos, event.rel)
    return pygame.event.Event(event.type, attrs)


def pointer() -> tuple[int, int]:
    """Where the pointer is, in table pixels (pygame.mouse.get_pos gives window pixels)."""
    return current_view().to_table(pygame.mouse.get_pos())
