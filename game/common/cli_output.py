"""How the command-line tools end when their output cannot be written as they wish.

``python -m game.replay FILE | head -1`` closes the pipe before the tool is done; Python then
raises BrokenPipeError at the next write (or at the final flush, after ``main`` returned) and
prints a traceback. ``run_main`` gives the end every Unix tool gives: nothing on stderr and
status 141 (128 + SIGPIPE, what a shell reports for ``cat`` in the same place), using the
recipe of the Python documentation (signal/"Note on SIGPIPE"): point stdout at devnull so the
interpreter's own last flush cannot fail again. A terminal or pipe that cannot encode a
character (PYTHONIOENCODING=ascii) gets an escape instead of a UnicodeEncodeError.
"""

from __future__ import annotations

import io
import os
import sys
from collections.abc import Callable
from typing import cast

BROKEN_PIPE_STATUS = 141


def run_main(main: Callable[[], int]) -> int:
    """``main()``'s exit status, or ``BROKEN_PIPE_STATUS`` (quietly) if the reader went away."""
    for stream in (sys.stdout, sys.stderr):
        try:
            cast(io.TextIOWrapper, stream).reconfigure(errors="backslashreplace")
        except (AttributeError, ValueError):  # not a TextIOWrapper (a test's capture)
            pass
    try:
        status = main()
        sys.stdout.flush()  # inside the try: the last output may only fail here
        return status
    except BrokenPipeError:
        try:
            devnull = os.open(os.devnull, os.O_WRONLY)
            os.dup2(devnull, sys.stdout.fileno())
        except (OSError, ValueError):
            pass
        return BROKEN_PIPE_STATUS


__all__ = ["BROKEN_PIPE_STATUS", "run_main"]
