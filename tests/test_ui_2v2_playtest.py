"""Found by play-testing the 2v2 table with the real mouse under Xvfb (a person with three
computers to the end, then two people on one team behind the hot-seat curtain): each test
fails on the code before its fix."""

from __future__ import annotations

import pygame

from game.ui.table import layout, plates
from tests.test_ui_2v2 import answers, app, drag, four, key, post, redraw, row_center, run_until, \
    waiting_for_person  # noqa: F401  (app is a fixture)


def test_an_attacker_dropped_on_the_right_opponent_makes_them_the_default_when_asked_which(app):
    """Turbo Bug dropped on Dee's row: asked which opponent its ability affects, Enter (the gold
    default) picks Dee, not whoever comes first in seat order."""
    g, scene = four(app, [{"play": ["Turbo Bug"], "hand": ["Gorillion"]}, {"hand": ["Bee Bear"]},
                          {"hand": ["Spider Owl"]}, {"hand": ["Luchataur"]}])
    said = answers(scene)
    bug = g.plays[0][0]
    drag(app, scene.sprites[bug].rect().center, row_center(scene, "right"))
    run_until(app, scene, lambda: waiting_for_person(scene) and g.pending.kind == "opponent")
    assert scene.row.buttons[0].primary and "Dee" in scene.row.buttons[0].text
    key(app, pygame.K_RETURN)
    assert [(o.verb, o.seat) for o in said if o.verb == "opponent"] == [("opponent", 3)]
    # ...and dropped on the left one, the left one is the default.
    g, scene = four(app, [{"play": ["Turbo Bug"], "hand": ["Gorillion"]}, {"hand": ["Bee Bear"]},
                          {"hand": ["Spider Owl"]}, {"hand": ["Luchataur"]}])
    said = answers(scene)
    drag(app, scene.sprites[g.plays[0][0]].rect().center, row_center(scene, "left"))
    run_until(app, scene, lambda: waiting_for_person(scene) and g.pending.kind == "opponent")
    key(app, pygame.K_RETURN)
    assert [(o.verb, o.seat) for o in said if o.verb == "opponent"] == [("opponent", 1)]
