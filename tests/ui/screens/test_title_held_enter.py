"""Issue 42: the Enter that pressed "Main menu" on the game-over box, still held as the title
shows, auto-repeats; those repeats must not press the title's gold entry (which started a new
game). One rule for every screen (the scene stack's): a key down as the top scene changes acts
there only after it is released and pressed again."""

from __future__ import annotations

import pygame
import pytest

from game.ui.core import scene_stack
from game.ui.screens.title import TitleScene

pytestmark = pytest.mark.window(first_frame=True)


def _post(app, kind: int) -> None:
    pygame.event.post(pygame.event.Event(kind, key=pygame.K_RETURN, mod=0, unicode="\r", scancode=40))
    app.step()


def _title_with_enter_held(app, monkeypatch, held: set[int]) -> TitleScene:
    monkeypatch.setattr(scene_stack, "keys_held_now", lambda: set(held))
    app.ctx.nav.title()  # as "Main menu" on the game-over box does, Enter still down
    monkeypatch.setattr(scene_stack, "keys_held_now", lambda: set())
    title = app.ctx.scenes.top
    assert isinstance(title, TitleScene) and title.gold is not None
    return title


def test_enter_held_as_the_title_appears_starts_nothing_until_pressed_again(app, monkeypatch):
    title = _title_with_enter_held(app, monkeypatch, {pygame.K_RETURN})
    for _ in range(5):  # the held key's auto-repeats
        _post(app, pygame.KEYDOWN)
    assert app.ctx.scenes.top is title
    _post(app, pygame.KEYUP)
    _post(app, pygame.KEYDOWN)  # a fresh press takes the gold entry
    assert app.ctx.scenes.top is not title


def test_enter_not_held_takes_the_gold_entry_at_once(app, monkeypatch):
    title = _title_with_enter_held(app, monkeypatch, set())
    _post(app, pygame.KEYDOWN)
    assert app.ctx.scenes.top is not title
