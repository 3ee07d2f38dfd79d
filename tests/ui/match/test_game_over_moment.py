"""The game-over box names the biggest moment once the background analysis has it (issue 28
item 3): two lines held from the start ("looking for it…"), filled in while frames go on, the
same analysis the moments box then shows; a box left early stops it."""

from __future__ import annotations

import pytest

from game.ui.kit.celebration import CelebrationOverlay
from game.ui.records import moments_view
from game.ui.records.moments_view import MomentsBox
from tests.support.pause_menu import _over_box, _pause_button, _settled
from tests.support.saved_match import button, start_match


@pytest.fixture
def app(tmp_path, monkeypatch, open_window):
    monkeypatch.setenv("MINDBUG_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setattr(moments_view, "ITERATIONS", 30)  # a small search: the test is about the box
    return open_window("--speed", "20", first_frame=True)


def _played_then_conceded(app, moves: int = 6) -> CelebrationOverlay:
    scene = start_match(app, seed=5)
    for _ in range(moves):
        _settled(app, scene)
        if scene.ctl.over:
            break
        d = scene.ctl.pending
        scene.submit(d.options[-1])
    _settled(app, scene)
    _pause, concede = _pause_button(app, scene, "Concede")
    concede.action()
    app.step()
    button(app.ctx.scenes.top.row.buttons, "Concede").action()
    return _over_box(app, scene)


def test_the_box_holds_two_lines_then_names_the_biggest_moment(app, gate):
    box = _played_then_conceded(app)
    at = box.lines.index("Biggest moment: looking for it…")
    held = len(box.shown)
    for _ in range(3):
        app.step()  # frames go on while the analysis is held up
    assert box.lines[at] == "Biggest moment: looking for it…" and box.watch is not None
    gate.set()
    job = next(iter(moments_view._early.values()))[0]
    assert job.wait(300)
    app.step()
    assert box.watch is None
    head, move = box.lines[at:at + 2]
    assert head.startswith("Biggest moment: ") and "looking" not in head
    if head.startswith("Biggest moment: turn "):
        assert "% to " in head and move.startswith("You ")
    app.step()
    assert len(box.shown) == held  # the lines were held: nothing in the box moved


def test_the_moments_box_takes_the_same_analysis_over(app):
    box = _played_then_conceded(app)
    job = next(iter(moments_view._early.values()))[0]
    button(box.row.buttons, "Moments that decided it").action()
    app.step()
    shown = app.ctx.scenes.top
    assert isinstance(shown, MomentsBox) and shown.job is job and not moments_view._early


def test_leaving_the_box_stops_its_analysis(app, gate):
    box = _played_then_conceded(app)
    job = next(iter(moments_view._early.values()))[0]
    button(box.row.buttons, "Main menu").action()
    app.step()
    gate.set()
    assert job.wait(60) and job.cancelled and not moments_view._early
