"""Lifting the hot-seat curtain as the person named on it."""

from __future__ import annotations

from tests.support.table_drag import click, settle


def lift_curtain(app, scene) -> None:
    """Let the named player lift the hot-seat curtain the way a person does."""
    from game.ui.match.curtain import CurtainScene

    for _ in range(60):
        app.step()
        if isinstance(app.ctx.scenes.top, CurtainScene):
            break
    assert isinstance(app.ctx.scenes.top, CurtainScene)
    app.ctx.scenes.top.update(1.0)  # on screen long enough to be armed
    click(app, (640, 450))
    scene.update(0.0)
    settle(app, scene)
