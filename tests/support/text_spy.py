"""Reading what the window draws: every text the main thread renders through ``fonts``, and
``main_thread_spy`` for any other drawing call a test watches.

The card-face warm-up thread (game.ui.cards.warming's FaceWarming) renders faces while a test runs; its texts
would land between the screen's and break checks on what was drawn (a line counted twice, or a
sentence read in one piece), so only the main thread's texts are kept.
"""

from __future__ import annotations

import threading
from collections.abc import Callable

from game.ui.kit import fonts


def record_texts(monkeypatch, outlined: bool = False) -> list[str]:
    """A list that collects every text rendered on the main thread from now on (with
    ``outlined``, outlined texts too), until the test's monkeypatch undoes it."""
    seen: list[str] = []
    names = ("render_text", "render_outlined") if outlined else ("render_text",)
    for name in names:
        monkeypatch.setattr(fonts, name, _spy(getattr(fonts, name), seen))
    return seen


def _spy(real, seen: list[str]):
    return main_thread_spy(real, lambda text, *a, **k: seen.append(str(text)))


def main_thread_spy(real: Callable, note: Callable) -> Callable:
    """``real``, which first tells ``note`` its arguments, for calls on the main thread only.

    Use it for every spy on a global drawing call (fonts, icons, the card renderer) in a test
    with a window: the warm-up thread calls them too, at any moment, and its calls landing
    between the screen's make a check on their order fail now and then."""

    def spy(*a, **k):
        if threading.current_thread() is threading.main_thread():
            note(*a, **k)
        return real(*a, **k)

    return spy
