"""The match's pause menu and game-over box as the window's tests reach them."""

from __future__ import annotations

from game.ui.kit.celebration import CelebrationOverlay
from game.ui.kit.menu_overlay import MenuOverlay
from game.ui.match.scene import MatchScene
from tests.support.saved_match import button


def _settled(app, scene: MatchScene) -> None:
    """Until the person is asked (the computer's moves and every animation done)."""
    for _ in range(3000):
        app.step()
        d = scene.ctl.pending
        if d is not None and scene.ctl.is_human(d.seat) and scene.decision_serial == d.serial \
                and not scene.table.moving:
            return
    raise AssertionError("the person was never asked")


def _pause_button(app, scene: MatchScene, text: str):
    scene.open_menu()
    app.step()
    pause = app.ctx.scenes.top
    assert isinstance(pause, MenuOverlay) and pause.title == "Paused"
    return pause, button(pause.row.buttons, text)


def _over_box(app, scene: MatchScene) -> CelebrationOverlay:
    for _ in range(600):
        app.step()
        if scene.over_shown:
            break
    box = app.ctx.scenes.top
    assert isinstance(box, CelebrationOverlay), box
    return box
