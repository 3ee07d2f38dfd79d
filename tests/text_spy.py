"""Reading what the window draws: every text the main thread renders through ``fonts``.

The card-face warm-up thread (game.app's FaceWarming) renders faces while a test runs; its texts
would land between the screen's and break checks on what was drawn (a line counted twice, or a
sentence read in one piece), so only the main thread's texts are kept.
"""

from __future__ import annotations

import threading

from game.ui import fonts


def record_texts(monkeypatch, outlined: bool = False) -> list[str]:
    """A list that collects every text rendered on the main thread from now on (with
    ``outlined``, outlined texts too), until the test's monkeypatch undoes it."""
    seen: list[str] = []
    names = ("render_text", "render_outlined") if outlined else ("render_text",)
    for name in names:
        monkeypatch.setattr(fonts, name, _spy(getattr(fonts, name), seen))
    return seen


def _spy(real, seen: list[str]):
    def spy(text, *a, **k):
        if threading.current_thread() is threading.main_thread():
            seen.append(str(text))
        return real(text, *a, **k)

    return spy
