"""The window around the table: full screen, and pointer positions in table pixels.

The window is a plain resizable one (game.app); game.ui.view says where the 1280x720 table
sits in it. Scenes know only the table, as they did under pygame's SCALED mode, which mapped
every mouse position for them: here ``to_table`` maps the events (App.handle) and
``table_mouse`` pygame.mouse.get_pos / set_pos.
"""

from __future__ import annotations

import pygame

from game.ui.view import View


def set_fullscreen(window: object | None, on: bool) -> None:
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
    """Where the table is in the window now (game.ui.view)."""
    surface = pygame.display.get_surface()
    return View.fit(surface.get_size() if surface is not None else (1280, 720))


_MOUSE_EVENTS = (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP)


def to_table(event: object) -> object:
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


class TableMouse:
    """pygame.mouse.get_pos and set_pos in table pixels, as under SCALED (two scenes ask
    pygame for the pointer while drawing or scrolling). Installed once for the process; the
    mapping reads the current window, so it holds for whichever App is running."""

    def __init__(self) -> None:
        self.originals: tuple | None = None

    def install(self) -> None:
        if self.originals is not None:
            return
        get_pos, set_pos = pygame.mouse.get_pos, pygame.mouse.set_pos
        self.originals = (get_pos, set_pos)

        def table_get_pos() -> tuple[int, int]:
            return current_view().to_table(get_pos())

        def table_set_pos(*pos) -> None:
            set_pos(current_view().to_window(pos[0] if len(pos) == 1 else pos))

        pygame.mouse.get_pos = table_get_pos
        pygame.mouse.set_pos = table_set_pos

    def uninstall(self) -> None:
        if self.originals is not None:
            pygame.mouse.get_pos, pygame.mouse.set_pos = self.originals
            self.originals = None


table_mouse = TableMouse()
