"""What each desktop system expects of a game window: its display scaling and its shortcuts.

Pure functions of a system name (``game.common.portable_names.current_system()``), so the Windows and
macOS rules are tested on Linux.

Display scaling. A pygame-ce process is DPI-unaware on Windows: Windows then stretches its
window by the display's scale (125 %, 150 %, 200 %), but SDL still reports the desktop in
physical pixels. A window sized from the desktop (``game.app._opening_size``) is then 1.5 or
2 times too large, its foot under the task bar and off the screen, and full screen shows the
top-left part of the table only (pygame-ce issues 931 and 1059). Declared per-monitor DPI
aware, the window, the desktop and the mouse all count physical pixels, which the table's own
scaling (``game.ui.core.presenter``) was made for. macOS counts points everywhere (SDL reports the
desktop and the window in points and the system doubles them on a Retina screen), and X11 and
Wayland leave scaling to the program: neither needs a hint.

Full screen. F11 on Windows and Linux; on macOS F11 is the system's "Show Desktop", so the
Mac's own shortcut, Control-Command-F, does it there too.
"""

from __future__ import annotations

from typing import Any

from game.common.portable_names import MACOS, WINDOWS

# A window bar, a task bar or a menu bar this many pixels high at 100 % (a 1080-pixel screen);
# on a screen of more physical pixels they grow with the display's scale.
BASE_SCREEN_HEIGHT = 1080


def sdl_hints(system: str) -> dict[str, str]:
    """The SDL hints (environment variables) to set before ``pygame.display.init`` on
    ``system``; a value the player set in the environment beforehand wins (setdefault)."""
    if system == WINDOWS:
        return {"SDL_WINDOWS_DPI_AWARENESS": "permonitorv2"}
    return {}


def bars_scale(desktop_height: int) -> float:
    """How much taller than at 100 % the title and task bars of a screen of
    ``desktop_height`` pixels are likely to be: Windows and desktop Linux scale a 4K screen to
    200 %, so its bars are twice as many pixels high. Never below 1."""
    return max(1.0, desktop_height / BASE_SCREEN_HEIGHT)


def is_fullscreen_shortcut(key: int, mod: int, system: str, keys: Any) -> bool:  # pygame or a stand-in: K_ names read by getattr
    """Whether the key ``key`` with modifiers ``mod`` toggles full screen on ``system``.

    ``keys`` is the pygame module (or anything with its K_ and KMOD_ names), so that tests can
    ask about macOS with pygame's constants on Linux.
    """
    if key == keys.K_F11:
        return True
    if system == MACOS and key == keys.K_f:
        return bool(mod & keys.KMOD_CTRL) and bool(mod & keys.KMOD_GUI)
    return False
