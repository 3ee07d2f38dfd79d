"""The card zoom and the pause box (issue 42, finding 18): Esc closes a card pinned large before
it opens the menu, and no box over the table shows the large card over its dimmed table."""

from __future__ import annotations

import pygame
import pytest

from game.engine import from_position
from game.ui.kit.menu_overlay import MenuOverlay
from tests.support.table_drag import DB, key, settle, start

pytestmark = pytest.mark.window('--speed', '5')



def _pinned(app):
    g = from_position(DB, [{"play": ["Luchataur"], "hand": ["Spider Owl"]}, {"hand": ["Bee Bear"]}])
    scene = start(app, g)
    settle(app, scene)
    luch = g.plays[0][0]
    pos = scene.sprites[luch].rect().center
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=3))
    app.step()
    assert scene.card_zoom.pinned and scene.frame().zoom_key == luch
    return scene


def test_esc_closes_the_pinned_card_first(app):
    scene = _pinned(app)
    key(app, pygame.K_ESCAPE)
    assert not scene.card_zoom.pinned and app.ctx.scenes.top is scene
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.ctx.scenes.top, MenuOverlay)


def test_the_pause_box_covers_the_large_card(app):
    scene = _pinned(app)
    scene.open_menu()  # the Menu button, with the card still pinned
    app.step()
    assert isinstance(app.ctx.scenes.top, MenuOverlay)
    assert scene.frame().zoom_key is None
    surface = pygame.Surface((1280, 720))
    scene.draw(surface)
    assert scene.painter.zoom_box is None  # not drawn under the box


def test_the_first_drag_after_pause_and_resume_is_taken(app):
    """Finding 19: a card read large (right-click), the menu, Resume: the next drag plays, it
    is not spent on closing the large card."""
    from tests.support.table_drag import drag

    scene = _pinned(app)
    g = scene.ctl.game
    scene.open_menu()
    app.step()
    app.ctx.scenes.top.row.buttons[0].action()  # Resume
    app.step()
    assert app.ctx.scenes.top is scene
    owl = g.hands[0][0]
    drag(app, scene.sprites[owl].rect().center, (640, 420))
    settle(app, scene)
    assert owl in g.plays[0] or g.pending.kind == "mindbug", "the drag after Resume played the card"
