"""The match scene driven with pygame events (clicks with any mouse button, drags that always release)."""

from __future__ import annotations

import pygame  # noqa: E402

from game.app import App  # noqa: E402
from game.cards import load_cards  # noqa: E402
from game.ui.core.match_config import MatchConfig  # noqa: E402
from game.ui.match.scene import MatchScene  # noqa: E402

DB = load_cards()


def start(app: App, game, mode: str = "ai", names=("You", "Computer")) -> MatchScene:
    scene = MatchScene(app.ctx, MatchConfig(mode=mode, ai_level="random", names=names, seed=1),
                       game=game)
    app.ctx.scenes.replace(scene)
    return scene


def settle(app: App, scene: MatchScene, limit: int = 2000) -> None:
    """Run frames until nothing moves and the engine waits for a person (or the game ends)."""
    for _ in range(limit):
        app.step()
        top = app.ctx.scenes.top
        if top is not scene:
            return
        human_turn = scene.ctl.over or scene.ctl.is_human(scene.ctl.decider())
        if human_turn and not scene.queue and not scene.anim.batch_open and not scene.tweener.busy \
                and (scene.ctl.over or scene.decision_serial == scene.ctl.pending.serial):
            return
    raise AssertionError("the match never settled")


def post(*events: pygame.event.Event) -> None:
    for ev in events:
        pygame.event.post(ev)


def click(app: App, pos, button: int = 1) -> None:
    post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)),
         pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button),
         pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button))
    app.step()


def drag(app: App, start_pos, end_pos, steps: int = 6) -> None:
    post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start_pos, button=1))
    for i in range(1, steps + 1):
        x = start_pos[0] + (end_pos[0] - start_pos[0]) * i // steps
        y = start_pos[1] + (end_pos[1] - start_pos[1]) * i // steps
        post(pygame.event.Event(pygame.MOUSEMOTION, pos=(x, y), rel=(0, 0), buttons=(1, 0, 0)))
    post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=end_pos, button=1))
    app.step()
