"""Fixtures shared by the window's tests (tests/conftest.py has the ones every test shares)."""

from __future__ import annotations

import threading

import pytest

from game.ai import moments
from tests.support.layout_check import recording_window


@pytest.fixture
def gate(monkeypatch):
    """The analysis of the moments that decided a game, held until the test sets the event it
    yields: what a screen shows while the biggest moment is still being looked for."""
    opened = threading.Event()
    real = moments.analyse_game

    def held(*a, **kw):
        assert opened.wait(60)
        return real(*a, **kw)

    monkeypatch.setattr(moments, "analyse_game", held)
    yield opened
    opened.set()


@pytest.fixture(params=["en", "de"])
def layout_app(tmp_path, monkeypatch, request):
    """The window in English and in German, every text and box it draws recorded for the
    layout checks (tests.support.layout_check)."""
    yield from recording_window(tmp_path, monkeypatch, request.param)
