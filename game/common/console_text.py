"""What the game prints reaches the console on every system, whatever its code page.

On Linux and macOS the console speaks UTF-8. On Windows, Python writes UTF-8 to a console
window, but to a pipe or a file (a launcher, a test harness, ``mindbug > log.txt``) in the
ANSI code page, cp1252 in Western Europe: a German message or a path with a character outside
it raised UnicodeEncodeError in the very ``print`` that was to report an error. A windowed
bundle (Windows, macOS) has no console streams at all: ``sys.stdout`` is None, and ``print``
then quietly writes nothing.
"""

from __future__ import annotations

import io
import sys


def tolerate_unencodable(streams: tuple[object, ...] | None = None) -> None:  # sys.stdout-like: reconfigured if they can be
    """Let stdout and stderr write a character their encoding lacks as an escape (``\\u2713``)
    instead of raising; streams that are None or cannot be reconfigured are left alone."""
    for stream in (sys.stdout, sys.stderr) if streams is None else streams:
        reconfigure = getattr(stream, "reconfigure", None)
        if reconfigure is None:
            continue
        try:
            reconfigure(errors="backslashreplace")
        except (ValueError, io.UnsupportedOperation, OSError):
            pass
