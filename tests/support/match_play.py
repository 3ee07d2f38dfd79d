"""Playing a match in the window to its end, the person taking the gold default."""

from __future__ import annotations

from game.ui.match.scene import MatchScene  # noqa: E402


def play_out(app, scene: MatchScene, limit: int = 20000, stop_after: int | None = None) -> None:
    """Frames until the game ends (or ``stop_after`` decisions): the person takes the first option."""
    for _ in range(limit):
        if scene.ctl.over or (stop_after is not None and scene.ctl.decision_no >= stop_after):
            return
        app.step()
        p = scene.ctl.pending
        if p is not None and scene.ctl.is_human(p.seat) and scene.decision_serial == p.serial:
            scene.submit(p.options[0])
    raise AssertionError("the game did not end")
