"""How the command-line tools end when their output cannot be written as they wish.

``python -m game.replay FILE | head -1`` closes the pipe before the tool is done; Python then
raises BrokenPipeError at the next write (or at the final flush, after ``main`` returned) and
prints a traceback. ``run_main`` gives the end every Unix tool gives: nothing on stderr and
status 141 (128 + SIGPIPE, what a shell reports for ``cat`` in the same place), using the
recipe of the Python documentation (signal/"Note on SIGPIPE"): point stdout at devnull so the
interpreter's own last flush cannot fail again. A terminal or pipe that cannot encode a
character (PYTHONIOENCODING=ascii) gets an escape instead of a UnicodeEncodeError.

A standard stream closed before the start (``python -m game.sim >&-``) is opened on devnull
(``reopen_closed_streams``): Python leaves ``sys.stdout`` None then, and the next file opened
would get its descriptor, so that anything written to "stdout" (by a library too) went into it.
The window (``python -m game``) goes on when its reader goes away: ``quiet_broken_pipe`` makes
its prints write nothing from then on, and ``reader_gone`` tells its exit status.
"""

from __future__ import annotations

import io
import os
import sys
from collections.abc import Callable
from typing import TextIO, cast

BROKEN_PIPE_STATUS = 141


def reopen_closed_streams() -> None:
    """Standard input, output and error that were closed at the start: devnull in their place
    (descriptors 0 to 2 and ``sys.stdin``, ``sys.stdout``, ``sys.stderr``)."""
    for fd, name, flags in ((0, "stdin", os.O_RDONLY), (1, "stdout", os.O_WRONLY),
                            (2, "stderr", os.O_WRONLY)):
        try:
            os.fstat(fd)
        except OSError:
            try:
                devnull = os.open(os.devnull, flags)
                if devnull != fd:
                    os.dup2(devnull, fd)
                    os.close(devnull)
            except OSError:
                continue
        if getattr(sys, name) is None:
            try:
                setattr(sys, name, open(fd, "r" if fd == 0 else "w", encoding="utf-8",
                                        errors="backslashreplace", closefd=False))
            except (OSError, ValueError):
                pass


class _QuietWhenGone:
    """Standard output that writes nothing, quietly, once its reader went away."""

    def __init__(self, inner: TextIO) -> None:
        self._inner = inner
        self.gone = False

    def write(self, text: str) -> int:
        if not self.gone:
            try:
                return self._inner.write(text)
            except BrokenPipeError:
                self._lost()
        return len(text)

    def flush(self) -> None:
        if not self.gone:
            try:
                self._inner.flush()
            except BrokenPipeError:
                self._lost()

    def _lost(self) -> None:
        # What is still buffered goes to devnull at the end, not to a pipe that raises again.
        self.gone = True
        try:
            devnull = os.open(os.devnull, os.O_WRONLY)
            os.dup2(devnull, self._inner.fileno())
            os.close(devnull)
        except (OSError, ValueError):
            pass

    def __getattr__(self, name: str) -> object:  # the wrapped stream's attribute
        return getattr(self._inner, name)


def quiet_broken_pipe() -> None:
    """From now on a print to a standard output whose reader went away writes nothing (the
    window goes on; see ``reader_gone``)."""
    if sys.stdout is not None and not isinstance(sys.stdout, _QuietWhenGone):
        sys.stdout = cast(TextIO, _QuietWhenGone(sys.stdout))


def reader_gone() -> bool:
    """True once a print found the reader of standard output gone (after ``quiet_broken_pipe``)."""
    return isinstance(sys.stdout, _QuietWhenGone) and sys.stdout.gone


def run_main(main: Callable[[], int]) -> int:
    """``main()``'s exit status, or ``BROKEN_PIPE_STATUS`` (quietly) if the reader went away."""
    reopen_closed_streams()
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


__all__ = ["BROKEN_PIPE_STATUS", "quiet_broken_pipe", "reader_gone", "reopen_closed_streams",
           "run_main"]
