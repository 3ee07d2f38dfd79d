"""Signals that ask the game to close, turned into the same orderly close as the window's.

Python turns SIGINT (Ctrl+C) into KeyboardInterrupt everywhere. SDL turns SIGTERM into its
window-close event, which in a match asks "leave the game?" on screen: a question nobody
answers while the desktop session logs out, so the game is killed a few seconds later. Any
other signal keeps the system's default, which ends the process on the spot: no ``finally``,
so the queued autosave of the last decision may never reach the disk. What asks a program to
close differs by system:

- Linux and macOS: SIGTERM (``kill``, a desktop session logging out, a service manager) and
  SIGHUP (the terminal that started the game is closed).
- Windows: SIGBREAK (Ctrl+Break in the console that started the game). SIGTERM exists in
  Python there but no other program can send it (``taskkill /F`` and the Task Manager end a
  process without any signal, which nothing can catch); the handler is harmless.

Each becomes ``SystemExit(128 + signal number)`` in the main thread (installed before
``pygame.display.init``, which then leaves a handler that is not the default alone), so ``game.app.main``'s
``finally`` closes the scenes and flushes the save writer, and the exit status is the one a
shell reports for that signal (143 for SIGTERM).
"""

from __future__ import annotations

import signal
from types import FrameType, ModuleType

CLOSING_SIGNALS = ("SIGTERM", "SIGHUP", "SIGBREAK")


def closing_signals(sig: ModuleType = signal) -> list[int]:
    """The closing signals the system described by ``sig`` (a ``signal`` module) has."""
    return [int(getattr(sig, name)) for name in CLOSING_SIGNALS if hasattr(sig, name)]


def _close(signum: int, frame: FrameType | None) -> None:
    raise SystemExit(128 + signum)


def install(sig: ModuleType = signal) -> list[int]:
    """Make every closing signal end the game in an orderly way; returns the ones handled.

    Only the main thread may set handlers: called from any other (an embedding test), it
    changes nothing and returns [].
    """
    handled = []
    for number in closing_signals(sig):
        try:
            sig.signal(number, _close)
        except (ValueError, OSError, RuntimeError):  # not the main thread, or not allowed
            continue
        handled.append(number)
    return handled
