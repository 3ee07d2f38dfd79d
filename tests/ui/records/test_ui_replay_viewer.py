"""The replay viewer's cards read as the match's do: resting the mouse on a card shows it large
after a moment, and a zoom (a right-click's too) closes when the mouse leaves its card (issue
12, item 5: found staying open in the viewer)."""

from __future__ import annotations

import pygame  # noqa: E402
import pytest

from game.ui.records import viewer as replay_scene  # noqa: E402
from game.ui.records.viewer import ReplayScene  # noqa: E402
from tests.support.records import finished_record  # noqa: E402
from tests.support.saved_match import still  # noqa: E402

pytestmark = pytest.mark.window('--speed', '20', first_frame=True)

HOVER_ZOOM_DELAY = getattr(replay_scene, "HOVER_ZOOM_DELAY", 0.55)  # the match's delay


def move(app, pos) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    app.step()


def test_a_card_rested_on_shows_large_and_a_zoom_closes_when_the_mouse_leaves(app):
    viewer = ReplayScene(app.ctx, finished_record())
    app.ctx.scenes.replace(viewer)
    still(app, viewer)
    card = next(sp for sp in viewer.table.sprites.values()
                if sp.zone == "hand" and viewer.table.hand_visible(sp) and sp.cid >= 0)
    pos = (card.rect().centerx, card.rect().bottom - 10)
    move(app, pos)
    assert viewer.zoom_key is None  # not at once
    viewer.update(HOVER_ZOOM_DELAY + 0.05)
    assert viewer.zoom_key == card.key
    frame = pygame.Surface((1280, 720))
    viewer.draw(frame)
    assert viewer.painter.zoom_box is not None  # drawn large
    move(app, (600, 300))  # the bare felt: the zoom closes
    assert viewer.zoom_key is None
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=3))
    app.step()
    assert viewer.zoom_key == card.key  # a right-click shows it at once
    move(app, (600, 300))
    assert viewer.zoom_key is None  # and it closes as the mouse leaves, as in the match


def test_a_hidden_hand_card_is_never_zoomed(app):
    viewer = ReplayScene(app.ctx, finished_record())
    app.ctx.scenes.replace(viewer)
    still(app, viewer)
    viewer.cycle_view()  # all face up -> the first seat's view: the other hand is hidden
    assert viewer.view_seat == 0
    hidden = next(sp for sp in viewer.table.sprites.values()
                  if sp.zone == "hand" and not viewer.table.hand_visible(sp))
    move(app, hidden.rect().center)
    viewer.update(HOVER_ZOOM_DELAY + 0.05)
    assert viewer.zoom_key is None
