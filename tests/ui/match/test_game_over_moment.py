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



def test_speech_says_the_numbers_and_the_biggest_moment_when_it_arrives(open_window):
    """Issue 45: the game-over box's table of numbers is said with it, and the biggest moment
    is said when its watch fills the held lines in (it was said as "looking for it…" and never
    again). The box here is the game over's own kind with its lines and table as
    game.ui.match.menus gives them; the analysis filling them in is the tests' above."""
    from game.speech.sinks import RecordingSink
    from game.ui.core.speech_out import ScreenSpeech
    from game.ui.match import menus

    app = open_window(first_frame=True)
    voice = RecordingSink()
    app.ctx.speech = ScreenSpeech(True, None, app.ctx.settings, system=lambda language: voice)
    arrived: list[bool] = []

    def watch(shown: list[str]) -> bool:
        if not arrived:
            return False
        shown[1:3] = ["Biggest moment: turn 3, 60% to 35%", "You let Shark Dog go"]
        return True

    table = [["", "You", "Computer (Medium)"], ["Cards played", "5", "4"],
             ["Mindbugs used", "1", "2"], ["Creatures defeated", "3", "2"]]
    box = CelebrationOverlay(app.ctx, "You lost", [("Main menu", lambda: None)],
                             ["After 9 turns.", *menus.LOOKING], mood="loss", table=table, watch=watch)
    app.ctx.scenes.push(box)
    app.step()
    said = " | ".join(voice.lines)
    assert "You lost After 9 turns. Biggest moment: looking for it…" in said, said
    assert "Cards played: You 5, Computer (Medium) 4. Mindbugs used: You 1, Computer (Medium) 2." in said
    arrived.append(True)
    app.step()
    app.step()
    assert voice.lines[-1] == "Biggest moment: turn 3, 60% to 35% You let Shark Dog go", voice.lines[-3:]
    assert voice.lines.count(voice.lines[-1]) == 1  # said once
