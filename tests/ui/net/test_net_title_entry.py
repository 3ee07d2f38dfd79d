"""The title's "Play over the network": a box with the choice of hosting or joining, each
leading (through the navigator) to its screen over the title, Back and Esc to the title; the
entries above it keep their places and keyboard paths."""

from __future__ import annotations

import pygame

from game.ui.kit.menu_overlay import MenuOverlay
from game.ui.net.hosting import HostSetupScene
from game.ui.net.join import JoinScene
from game.ui.screens.title import NETWORK, ONLINE, TitleScene


def _open_box(app) -> tuple[TitleScene, MenuOverlay]:
    title = app.ctx.scenes.top
    assert isinstance(title, TitleScene)
    labels = [b.text for b in title.row.buttons]
    assert labels[:4] == ["Play vs Computer", "Two Players (Hot Seat)", "Team Game (2 vs 2)",
                          "How to Play"]
    # the two ways to play with people elsewhere share the row above Quit
    assert labels.index(NETWORK) == labels.index(ONLINE) - 1 == labels.index("Quit") - 2
    title.row.buttons[labels.index(NETWORK)].action()
    box = app.ctx.scenes.top
    assert isinstance(box, MenuOverlay) and box.title == NETWORK
    app.step()
    return title, box


def _press(box: MenuOverlay, label: str) -> None:
    next(b for b in box.row.buttons if b.text == label).action()


def test_play_over_the_network_offers_host_and_join(open_window):
    app = open_window(first_frame=True)
    title, box = _open_box(app)
    _press(box, "Host a game")
    assert isinstance(app.ctx.scenes.top, HostSetupScene)
    assert box not in app.ctx.scenes.stack  # its Back returns to the title, not the box
    app.step()
    app.ctx.scenes.top.back()
    assert app.ctx.scenes.top is title

    _title, box = _open_box(app)
    _press(box, "Join a game")
    assert isinstance(app.ctx.scenes.top, JoinScene) and box not in app.ctx.scenes.stack
    app.step()

    app.ctx.scenes.remove(app.ctx.scenes.top)
    _title, box = _open_box(app)
    _press(box, "Back (Esc)")
    assert app.ctx.scenes.top is title
    _title, box = _open_box(app)
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode=""))
    app.step()
    assert app.ctx.scenes.top is title
