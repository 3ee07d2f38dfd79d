"""A match in the window whose saves the tests read: its start, frames until a decision, keys and clicks."""

from __future__ import annotations

import pygame  # noqa: E402

from game.app import App  # noqa: E402
from game.ui.core.match_config import MatchConfig  # noqa: E402
from game.ui.match.scene import MatchScene  # noqa: E402
from game.ui.records.viewer import ReplayScene  # noqa: E402


def key(app: App, k: int, unicode: str = "", mod: int = 0) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode=unicode))
    app.step()


def click(app: App, pos) -> None:
    for ev in (pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)),
               pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1),
               pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1)):
        pygame.event.post(ev)
    app.step()


def button(buttons, text: str):
    for b in buttons:
        if b.text.startswith(text):
            return b
    raise AssertionError(f"no button {text!r} in {[b.text for b in buttons]}")


def start_match(app: App, seed: int = 3, mode: str = "ai") -> MatchScene:
    scene = MatchScene(app.ctx, MatchConfig(mode=mode, ai_level="random", seed=seed))
    app.ctx.scenes.replace(scene)
    return scene


def play_until(app: App, scene: MatchScene, decisions: int, limit: int = 4000) -> None:
    """Run frames; answer the person's decisions with their first option."""
    for _ in range(limit):
        if scene.ctl.decision_no >= decisions or scene.ctl.over:
            return
        app.step()
        p = scene.ctl.pending
        if p is not None and scene.ctl.is_human(p.seat) and scene.decision_serial == p.serial:
            scene.submit(p.options[0])
    raise AssertionError("the match did not get that far")


def still(app: App, viewer: ReplayScene) -> None:
    # Asked before each step: a step with nothing moving waits for input (the window's idle
    # wait), which made stepping through a whole replay take over a minute of waiting.
    for _ in range(500):
        if not viewer.animating:
            return
        app.step()
    raise AssertionError("the viewer never came to rest")
