"""Issue 26, the moments in the replay viewer: M (or the button) opens the box at once while
the analysis runs in another thread (frames are drawn while it is held up); once done, the
three biggest drops are buttons, and a click on one (or on its dot) jumps the viewer there.
Only for a finished game."""

from __future__ import annotations

import threading

import pygame
import pytest

from game.ai import moments
from game.ui.records import moments_view
from game.ui.records.moments_view import MomentsBox
from game.ui.records.viewer import ReplayScene
from tests.support.records import finished_record


@pytest.fixture
def app(tmp_path, monkeypatch, open_window):
    monkeypatch.setenv("MINDBUG_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setattr(moments_view, "ITERATIONS", 40)  # a small search: the test is about the window
    return open_window("--speed", "50", first_frame=True)


@pytest.fixture
def gate(monkeypatch):
    opened = threading.Event()
    threads = []
    real = moments.analyse_game

    def held(*a, **kw):
        threads.append(threading.current_thread())
        assert opened.wait(60)
        return real(*a, **kw)

    monkeypatch.setattr(moments, "analyse_game", held)
    yield opened, threads
    opened.set()


def open_box(app):
    record = finished_record(seed=9)
    viewer = ReplayScene(app.ctx, record)
    app.ctx.scenes.replace(viewer)
    app.step()
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=moments_view.KEY, mod=0, unicode="m"))
    app.step()
    box = app.ctx.scenes.top
    assert isinstance(box, MomentsBox)
    return viewer, box


def finish(app, box):
    assert box.job.wait(300)
    app.step()
    assert box.result is not None and box.moments, "a random game has drops"


def test_the_analysis_runs_in_the_background_and_a_click_jumps(app, gate):
    opened, threads = gate
    viewer, box = open_box(app)
    for _ in range(3):
        app.step()  # drawn while the analysis is held up: the window never waits for it
    assert not box.job.done and threads and threading.main_thread() not in threads
    opened.set()
    finish(app, box)
    assert len(box.moments) <= 3
    worst = max(box.moments, key=lambda m: m.drop)
    button = box.row.buttons[2 * box.moments.index(worst)]  # each drop: its line, then Play
    for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        pygame.event.post(pygame.event.Event(kind, button=1, pos=button.rect.center))
    app.step()
    assert app.ctx.scenes.top is viewer and viewer.k == worst.point.index and viewer.e == 0


def test_a_dot_in_the_graph_jumps_too_and_the_analysis_is_kept(app):
    viewer, box = open_box(app)
    finish(app, box)
    dot, index = box.dots[0]
    for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        pygame.event.post(pygame.event.Event(kind, button=1, pos=dot.center))
    app.step()
    assert viewer.k == index
    job = box.job
    moments_view.open_box(viewer)
    assert app.ctx.scenes.top.job is job, "opened again: the same analysis, not a new one"


def test_leaving_the_viewer_cancels_the_analysis(app, gate):
    viewer, box = open_box(app)
    job = box.job
    app.ctx.nav.title()
    assert job._cancel.is_set()


def test_never_for_a_game_in_progress():
    from dataclasses import replace

    record = replace(finished_record(seed=9), result=None)

    class Viewer:
        pass

    v = Viewer()
    v.record = record
    assert not moments_view.offered(v)


def test_game_over_watch_replay_reaches_the_moments(app):
    from game.ui.core.match_config import MatchConfig
    from game.ui.match.scene import MatchScene

    scene = MatchScene(app.ctx, MatchConfig(mode="ai", ai_level="random", names=("You", "Bot"),
                                            seed=6))
    app.ctx.scenes.replace(scene)
    for _ in range(20000):
        app.step()
        ctl = scene.ctl
        if scene.over_shown:
            break
        if ctl.is_human(ctl.decider()) and not scene.queue and ctl.pending.serial == scene.decision_serial:
            scene.submit(ctl.pending.options[0])
    assert scene.over_shown
    [watch] = [b for b in app.ctx.scenes.top.row.buttons if b.text == "Watch replay"]
    watch.action()
    viewer = app.ctx.scenes.top
    assert isinstance(viewer, ReplayScene)
    assert "Moments (M)" in {b.text for b in viewer.buttons}
    moments_view.open_box(viewer)
    box = app.ctx.scenes.top
    assert isinstance(box, MomentsBox)
    box.close()
    moments_view.cancel(viewer)


def test_game_over_opens_the_viewer_with_the_moments(app):
    from game.ui.core.match_config import MatchConfig
    from game.ui.match.scene import MatchScene

    scene = MatchScene(app.ctx, MatchConfig(mode="ai", ai_level="random", names=("You", "Bot"),
                                            seed=6))
    app.ctx.scenes.replace(scene)
    for _ in range(20000):
        app.step()
        ctl = scene.ctl
        if scene.over_shown:
            break
        if ctl.is_human(ctl.decider()) and not scene.queue and ctl.pending.serial == scene.decision_serial:
            scene.submit(ctl.pending.options[0])
    assert scene.over_shown
    labels = [b.text for b in app.ctx.scenes.top.row.buttons]
    assert labels == ["Rematch", "Watch replay", "Moments that decided it", "Copy code", "Main menu"]
    app.ctx.scenes.top.row.buttons[2].action()
    box = app.ctx.scenes.top
    assert isinstance(box, MomentsBox) and box.seat == 0
    assert isinstance(box.viewer, ReplayScene) and box.viewer.record.choices == scene.ctl.record().choices
    app.step()  # drawn at once, the analysis still running
    finish(app, box)
    key = pygame.K_1 + len(box.moments) - 1  # the last drop's number
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode=""))
    app.step()
    assert app.ctx.scenes.top is box.viewer and box.viewer.k == box.moments[-1].point.index


def test_shift_and_a_number_or_the_button_plays_from_that_drop(app):
    from game.ui.records.play_from import PlayFromPanel

    viewer, box = open_box(app)
    finish(app, box)
    first = box.moments[0]
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_1, mod=pygame.KMOD_LSHIFT,
                                         unicode="!"))
    app.step()
    panel = app.ctx.scenes.top
    assert isinstance(panel, PlayFromPanel) and panel.at == first.point.index
    assert panel.seat == box.seat and viewer.k == first.point.index
    panel.cancel()
    moments_view.open_box(viewer)
    box = app.ctx.scenes.top
    app.step()
    [play] = [b for b in box.row.buttons if b.text == "Play from here"][-1:]
    play.action()
    panel = app.ctx.scenes.top
    assert isinstance(panel, PlayFromPanel) and panel.at == box.moments[-1].point.index


def test_hot_seat_each_persons_seat_from_one_analysis(app):
    from dataclasses import replace

    from game.persist import record as rec

    record = finished_record(seed=9)
    people = tuple(rec.SeatInfo("person", None, n) for n in ("Ann", "Ben"))
    record = replace(record, mode="hotseat", seats=people)
    viewer = ReplayScene(app.ctx, record)
    app.ctx.scenes.replace(viewer)
    app.step()
    moments_view.open_box(viewer)
    box = app.ctx.scenes.top
    assert box.seats == (0, 1) and box.seat == 0
    finish(app, box)
    job, first = box.job, box.moments
    assert any(b.text == "Seat: Ann (S)" for b in box.row.buttons)
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_s, mod=0, unicode="s"))
    app.step()
    assert box.seat == 1 and box.job is job and any(b.text == "Seat: Ben (S)" for b in box.row.buttons)
    assert box.result is job.result[1] and all(m.point.index != f.point.index
                                               for m in box.moments for f in first)


def test_while_it_analyses_the_box_is_drawn_only_when_its_progress_moves(app, gate):
    """Frames drawn all the time only to repeat "Analysing… 40%" took the search most of the
    processor (bench/moments.py --frames): the window idles until there is something new."""
    opened, _threads = gate
    viewer, box = open_box(app)
    app.step()
    assert not box.job.done and not app.ctx.scenes.animating
    box.dirty = False
    box.update(1 / 60)
    assert not box.dirty, "nothing new: not drawn again"
    box.job.fraction = 0.5
    box.update(1 / 60)
    assert box.dirty, "the next percent is drawn"
    opened.set()
    finish(app, box)
    box.dirty = False
    box.update(1 / 60)
    assert not box.dirty, "the result is drawn once, not every frame"
