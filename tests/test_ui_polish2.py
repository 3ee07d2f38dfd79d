"""The play-test's loose ends (issue 12, second polish): each test fails on the code before
its fix. Driven headless with real pygame events, asserting on what is drawn or answered."""

from __future__ import annotations

import pygame

from tests import test_ui_2v2 as base
from tests.test_ui_2v2 import answers, four, key, post, row_center, run_until, waiting_for_person

app = base.app  # the window fixture


def _down(app, pos) -> None:
    post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)),
         pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    app.step()


def _up(app, pos) -> None:
    post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
    app.step()


def _asked_which_opponent(app):
    g, scene = four(app, [{"play": ["Tusked Extorter"], "hand": ["Gorillion"]}, {"hand": ["Bee Bear"]},
                          {"hand": ["Spider Owl"]}, {"hand": ["Luchataur"]}])
    scene.submit(next(c.option for c in scene.choices if c.option.verb == "attack"))
    run_until(app, scene, lambda: waiting_for_person(scene) and g.pending.kind == "opponent")
    return g, scene


# --- 1. Picking an opponent selects first, as a card does ---------------------------------------
def test_a_click_on_an_opponents_area_selects_them_and_a_second_click_confirms(app):
    g, scene = _asked_which_opponent(app)
    said = answers(scene)
    right = row_center(scene, "right")
    _down(app, right)
    assert said == [], "the mouse going down on an opponent's area answered at once"
    _up(app, right)
    assert said == []
    gold = [b.text for b in scene.row.buttons if b.primary]
    assert gold == [b.text for b in scene.row.buttons if b.focused] and len(gold) == 1 and "Dee" in gold[0]
    assert scene.frame().pick_focus == 3  # the picked opponent's area is lit brighter
    _down(app, right)
    _up(app, right)
    assert [(o.verb, o.seat) for o in said] == [("opponent", 3)]


def test_enter_takes_the_opponent_a_click_selected(app):
    g, scene = _asked_which_opponent(app)
    said = answers(scene)
    left = row_center(scene, "left")
    _down(app, left)
    _up(app, left)
    right = row_center(scene, "right")
    _down(app, right)  # changed their mind: the right one
    _up(app, right)
    assert said == []
    key(app, pygame.K_RETURN)
    assert [(o.verb, o.seat) for o in said] == [("opponent", 3)]


def test_a_press_on_one_opponent_released_on_the_other_picks_no_one(app):
    g, scene = _asked_which_opponent(app)
    said = answers(scene)
    _down(app, row_center(scene, "left"))
    _up(app, row_center(scene, "right"))
    assert said == [] and not any(b.focused for b in scene.row.buttons)
