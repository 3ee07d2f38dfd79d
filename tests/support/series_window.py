"""A best of 3 or 5 in the window: its start, its game-over box."""

from __future__ import annotations

import pygame  # noqa: E402

from game.ui.kit.menu_overlay import MenuOverlay  # noqa: E402
from game.ui.match.scene import MatchScene  # noqa: E402
from game.ui.screens.new_game import NewGameScene  # noqa: E402


def key(app, k: int) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode=""))
    app.step()


def game_over_box(app) -> MenuOverlay:
    for _ in range(600):
        top = app.ctx.scenes.top
        if isinstance(top, MenuOverlay) and any(b.text in ("Next game", "Main menu")
                                                for b in top.row.buttons):
            return top
        app.step()
    raise AssertionError("no game-over box")


def start_best_of(app, length: int) -> MatchScene:
    screen = NewGameScene(app.ctx, hot_seat=False, rules="1v1")
    app.ctx.scenes.push(screen)
    app.step()
    labels = {1: "Single game", 3: "Best of 3", 5: "Best of 5"}
    button = next(b for b in screen.row.buttons if b.text in labels.values())
    while button.text != labels[length]:
        button.action()  # the button beside Start cycles the lengths
        button = next(b for b in screen.row.buttons if b.text in labels.values())
    screen._pick("easy")
    screen._start()
    app.step()
    scene = app.ctx.scenes.top
    assert isinstance(scene, MatchScene)
    return scene
