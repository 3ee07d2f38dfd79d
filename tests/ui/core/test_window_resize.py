"""A window resized to another scale lays the table out again on the resize event itself:
the decision's buttons are sized for the new window at once, not when the next input rebuilds
them (issue 42)."""

from __future__ import annotations

import pygame

from game.engine import from_position
from game.ui.core.context import AppContext
from game.ui.core.match_config import MatchConfig
from game.ui.match.scene import MatchScene
from tests.support.layout_check import DB, _settle_on_person


def test_a_resize_lays_the_decisions_buttons_out_for_the_new_window_at_once(open_window, monkeypatch):
    scale = {"now": 1.0}
    monkeypatch.setattr(AppContext, "window_scale", property(lambda self: scale["now"]))
    app = open_window()
    g = from_position(DB, [{"hand": ["Killer Bee"], "play": ["Giraffodile"], "deck": []},
                           {"hand": [], "play": ["Rhino Turtle"], "deck": []}], turn=1)
    g.respond(g.option_for("attack Rhino Turtle"))
    scene = MatchScene(app.ctx, MatchConfig(mode="ai", ai_level="random", seed=1), game=g)
    app.ctx.scenes.replace(scene)
    _settle_on_person(app, scene)
    before = [b.rect.copy() for b in scene.row.buttons]
    assert before, "the block decision has buttons"

    scale["now"] = 0.5  # the player drags the window down to 640x360
    app.handle(pygame.event.Event(pygame.WINDOWSIZECHANGED, x=640, y=360))
    now = [b.rect.copy() for b in scene.row.buttons]
    scene._build_buttons()  # what the scene lays out for the new window
    fresh = [b.rect.copy() for b in scene.row.buttons]
    assert fresh != before, "the test needs buttons sized by the window (100% text: larger at 640x360)"
    assert now == fresh, (before, now, fresh)
    assert scene.dirty
