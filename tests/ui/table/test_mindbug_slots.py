"""A 2v2 of 1 Mindbug each: each seat's plate shows one Mindbug token, never a second one
drawn as spent (the player never had it); the default game shows two."""

from __future__ import annotations

import pygame
import pytest

from game.ui.match.scene import MatchScene
from game.ui.screens.new_game import NewGameScene
from game.ui.table import hud


@pytest.fixture
def app(open_window):
    return open_window("--speed", "40", "--max-fps", "1000")


def drawn_tokens(app, monkeypatch, mindbugs: int) -> list[bool]:
    tokens: list[bool] = []
    real = hud.mindbug_token

    def spy(surface, center, used, squash=1.0, **kw):
        tokens.append(used)
        return real(surface, center, used, squash, **kw)

    monkeypatch.setattr(hud, "mindbug_token", spy)
    app.step()
    scene = NewGameScene(app.ctx, hot_seat=False, rules="2v2", mindbugs=mindbugs)
    app.ctx.scenes.push(scene)
    app.step()
    scene._start()
    top = app.ctx.scenes.top
    match = top if isinstance(top, MatchScene) else app.ctx.scenes.stack[-2]
    assert match.table.seating.mindbug_slots == mindbugs
    tokens.clear()
    match.draw(pygame.Surface((1280, 720)))
    return tokens


def test_one_mindbug_each_draws_one_token_per_seat(app, monkeypatch) -> None:
    tokens = drawn_tokens(app, monkeypatch, 1)
    assert tokens == [False] * 4  # four seats, one unused token each


def test_the_default_draws_two_tokens_per_seat(app, monkeypatch) -> None:
    assert drawn_tokens(app, monkeypatch, 2) == [False] * 8
