"""Acting on the table's cards with real pygame events: drags, clicks and keys, a match started from a position, frames until it settles."""

from __future__ import annotations

import pygame  # noqa: E402

from game.app import App  # noqa: E402
from game.cards import load_cards  # noqa: E402
from game.ui.core.match_config import MatchConfig  # noqa: E402
from game.ui.match.scene import MatchScene  # noqa: E402

DB = load_cards()


def start(app: App, game, mode: str = "ai") -> MatchScene:
    names = ("You", "Computer") if mode == "ai" else ("Ann", "Bo")
    scene = MatchScene(app.ctx, MatchConfig(mode=mode, ai_level="random", names=names, seed=1), game=game)
    app.ctx.scenes.replace(scene)
    return scene


def settle(app: App, scene: MatchScene, limit: int = 2000) -> None:
    for _ in range(limit):
        app.step()
        if app.ctx.scenes.top is not scene:
            return
        human = scene.ctl.over or scene.ctl.is_human(scene.ctl.decider())
        if human and not scene.table.moving and (scene.ctl.over or scene.decision_serial == scene.ctl.pending.serial):
            return
    raise AssertionError("the match never settled")


def post(*events: pygame.event.Event) -> None:
    for ev in events:
        pygame.event.post(ev)


def key(app: App, k: int) -> None:
    post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0))
    app.step()


def click(app: App, pos) -> None:
    post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)),
         pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1),
         pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
    app.step()


def drag(app: App, start_pos, end_pos, release: bool = True, steps: int = 6) -> None:
    post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start_pos, button=1))
    for i in range(1, steps + 1):
        x = start_pos[0] + (end_pos[0] - start_pos[0]) * i // steps
        y = start_pos[1] + (end_pos[1] - start_pos[1]) * i // steps
        post(pygame.event.Event(pygame.MOUSEMOTION, pos=(x, y), rel=(0, 0), buttons=(1, 0, 0)))
    if release:
        post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=end_pos, button=1))
    app.step()


def center(scene: MatchScene, cid: int) -> tuple[int, int]:
    return scene.sprites[cid].rect().center
