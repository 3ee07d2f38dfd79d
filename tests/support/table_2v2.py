"""The 2v2 table driven with real pygame events."""

from __future__ import annotations

import pygame  # noqa: E402

from game.app import App  # noqa: E402
from game.cards import load_cards  # noqa: E402
from game.engine import from_position  # noqa: E402
from game.ui.core.match_config import MatchConfig, computer, person  # noqa: E402
from game.ui.match.curtain import CurtainScene  # noqa: E402
from game.ui.match.scene import MatchScene  # noqa: E402
from game.ui.table import layout  # noqa: E402

DB = load_cards()


def post(*events: pygame.event.Event) -> None:
    for ev in events:
        pygame.event.post(ev)


def click(app: App, pos) -> None:
    post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)),
         pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1),
         pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
    app.step()


def key(app: App, k: int) -> None:
    post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0))
    app.step()


def redraw(app: App) -> None:
    """One frame with a fresh draw (an idle table would otherwise just wait for input)."""
    app.ctx.scenes.top.dirty = True
    app.step()


def waiting_for_person(scene: MatchScene) -> bool:
    d = scene.ctl.pending
    return (d is not None and scene.ctl.is_human(d.seat) and not scene.queue
            and not scene.anim.batch_open and not scene.tweener.busy
            and scene.decision_serial == d.serial)


def run_until(app: App, scene: MatchScene, done, limit: int = 20000) -> None:
    for _ in range(limit):
        if done():
            return
        redraw(app)
    raise AssertionError("the match never got there")


def new_match(app: App, seats, game=None, seed: int = 3) -> MatchScene:
    scene = MatchScene(app.ctx, MatchConfig.for_seats(seats, "2v2", seed), game=game)
    app.ctx.scenes.replace(scene)
    return scene


# --- Drag to target on the four-seat table (found by play-testing with the real mouse) ---------
def drag(app: App, start_pos, end_pos, steps: int = 6) -> None:
    post(pygame.event.Event(pygame.MOUSEMOTION, pos=start_pos, rel=(0, 0), buttons=(0, 0, 0)),
         pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start_pos, button=1))
    for i in range(1, steps + 1):
        x = start_pos[0] + (end_pos[0] - start_pos[0]) * i // steps
        y = start_pos[1] + (end_pos[1] - start_pos[1]) * i // steps
        post(pygame.event.Event(pygame.MOUSEMOTION, pos=(x, y), rel=(0, 0), buttons=(1, 0, 0)))
    post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=end_pos, button=1))
    app.step()


def row_center(scene: MatchScene, pos: str, dy: int = 0) -> tuple[int, int]:
    r = pygame.Rect(layout.row_rect(pos, layout.side_split(scene.model, scene.bottom)))
    return (r.centerx, r.centery + dy)


def answers(scene: MatchScene) -> list:
    out: list = []
    respond = scene.ctl.respond
    scene.ctl.respond = lambda option: out.append(option) or respond(option)
    return out


def four(app: App, seats: list[dict], turn: int = 0) -> tuple[object, MatchScene]:
    g = from_position(DB, seats, rules="2v2", turn=turn)
    scene = new_match(app, [person("Ann"), computer("random", "Basil"), computer("random", "Cy"),
                            computer("random", "Dee")], game=g)
    run_until(app, scene, lambda: waiting_for_person(scene))
    return g, scene


def lift_curtain(app: App, scene: MatchScene) -> CurtainScene:
    run_until(app, scene, lambda: isinstance(app.ctx.scenes.top, CurtainScene))
    curtain = app.ctx.scenes.top
    redraw(app)
    curtain.update(1.0)  # the curtain arms once it has been on screen a moment
    click(app, curtain.row.buttons[0].rect.center)
    assert app.ctx.scenes.top is scene
    return curtain


def hot_seat(app: App, seats: list[dict], turn: int = 0) -> tuple[object, MatchScene]:
    g = from_position(DB, seats, rules="2v2", turn=turn)
    scene = new_match(app, [person("Ann"), computer("random", "Basil"), person("Cy"),
                            computer("random", "Dee")], game=g)
    return g, scene
