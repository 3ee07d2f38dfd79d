"""Issue 42: Enter held down as a match appears (it pressed "Play again" on the game-over box,
or closed a box over the table) answers nothing there: its repeats are not presses; the next
fresh press answers the decision, as always."""

from __future__ import annotations

import pygame
import pytest

from game.cards import load_cards
from game.engine import from_position
from game.ui.core import scene_stack
from game.ui.core.match_config import MatchConfig
from game.ui.kit.menu_overlay import MenuOverlay
from game.ui.match.scene import MatchScene


@pytest.fixture
def app(open_window):
    return open_window("--speed", "50", first_frame=True)


def _settle(app, scene):
    for _ in range(400):
        app.step()
        p = scene.ctl.pending
        if p is not None and scene.ctl.is_human(p.seat) and not scene.table.moving \
                and scene.decision_serial == p.serial and not scene.queue:
            return
    raise AssertionError("no decision for the person")


def _match(app, monkeypatch, held: set[int]) -> MatchScene:
    monkeypatch.setattr(scene_stack, "keys_held_now", lambda: set(held))
    # The computer plays its one card: the person's Mindbug offer, "Let it go" gold.
    g = from_position(load_cards(), [{"hand": ["Gorillion", "Bee Bear"], "deck": ["Spider Owl"]},
                                     {"hand": ["Killer Bee"], "deck": ["Lone Yeti"]}], turn=1)
    scene = MatchScene(app.ctx, MatchConfig(mode="ai", ai_level="random", names=("You", "Computer"), seed=1),
                       game=g)
    app.ctx.scenes.replace(scene)
    monkeypatch.setattr(scene_stack, "keys_held_now", lambda: set())
    _settle(app, scene)
    return scene


def _post(app, kind, key=pygame.K_RETURN):
    pygame.event.post(pygame.event.Event(kind, key=key, mod=0, unicode="\r", scancode=40))
    app.step()


def test_enter_held_from_before_answers_nothing_until_pressed_again(app, monkeypatch):
    scene = _match(app, monkeypatch, {pygame.K_RETURN})
    answered = len(scene.ctl.choices)
    for _ in range(5):  # the held key's repeats
        _post(app, pygame.KEYDOWN)
    assert len(scene.ctl.choices) == answered
    _post(app, pygame.KEYUP)
    _post(app, pygame.KEYDOWN)  # a fresh press takes the gold default
    assert len(scene.ctl.choices) == answered + 1


def test_enter_not_held_answers_at_once(app, monkeypatch):
    scene = _match(app, monkeypatch, set())
    answered = len(scene.ctl.choices)
    _post(app, pygame.KEYDOWN)
    assert len(scene.ctl.choices) == answered + 1


def test_enter_held_as_a_box_over_the_table_closes_answers_nothing(app, monkeypatch):
    scene = _match(app, monkeypatch, set())
    answered = len(scene.ctl.choices)
    app.ctx.scenes.push(MenuOverlay(app.ctx, "Box", [("Close", app.ctx.scenes.pop)]))
    monkeypatch.setattr(scene_stack, "keys_held_now", lambda: {pygame.K_RETURN})
    app.ctx.scenes.pop()  # the box closed by the Enter still down
    assert app.ctx.scenes.top is scene
    _post(app, pygame.KEYDOWN)
    assert len(scene.ctl.choices) == answered
