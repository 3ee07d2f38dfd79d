"""A short fuzz of the whole window (the long one: ``python bench/fuzz_ui.py --events N``).

Random but plausible input through every scene of ``bench.fuzz_ui.SCENES``; it fails on any
exception (also one ``App.guarded`` turns into a title-screen message), on any frame over 2 s,
and on any hidden card drawn face up in hot seat. The last tests show that each of those
checks really fails when it should.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest  # noqa: E402

sys.path.insert(0, str(Path(__file__).resolve().parents[3]))
import bench.fuzz_ui as fuzz  # noqa: E402

EVENTS = 600  # gestures: about 2,000 pygame events; every scene is entered by about 400


def test_random_input_through_every_scene(tmp_path):
    report = fuzz.run(EVENTS, seed=11, settings_dir=tmp_path)
    assert report.events >= EVENTS - len(fuzz.SCENES)
    assert set(report.entered) == {f.name for f in fuzz.SCENES}
    # It reached what it is meant to shake: the table, the curtain, the overlays.
    for scene in ("MatchScene", "CurtainScene", "MenuOverlay", "TitleScene", "SettingsScene",
                  "HowToPlayScene", "NewGameScene"):
        assert report.scenes_seen[scene] > 0, scene
    assert report.decisions > 20 and report.curtains_lifted > 3 and report.faces_checked > 1000
    assert report.slowest < fuzz.FRAME_LIMIT


def test_the_long_run_prints_what_it_covered(capsys):
    assert fuzz.main(["--events", "18", "--seed", "1", "--scenes", "title,hot_seat"]) == 0
    out = capsys.readouterr().out
    assert "18 gestures" in out and "scenes entered: hot_seat 1, title 1" in out and "OK" in out
    with pytest.raises(SystemExit) as exc:
        fuzz.main(["--scenes", "nowhere"])
    assert exc.value.code == 2


class Boom(RuntimeError):
    pass


def _breaking_scene(method: str):
    from game.ui.screens.title import TitleScene

    class Broken(TitleScene):
        pass

    def fail(self, *args):
        raise Boom("scene failed")

    setattr(Broken, method, fail)
    return fuzz.SceneFactory("broken", lambda app: app.ctx.scenes.replace(Broken(app.ctx)))


@pytest.mark.parametrize("method", ["handle", "draw"])
def test_the_fuzz_sees_an_exception_the_app_would_hide(tmp_path, method):
    with pytest.raises(fuzz.FuzzFailure, match="Boom"):
        fuzz.run(20, seed=1, scenes=[_breaking_scene(method)], settings_dir=tmp_path)


@pytest.mark.quick  # the file's test in the quick tier (its first plays whole games)
def test_the_fuzz_fails_on_a_slow_frame(tmp_path, monkeypatch):
    import time

    from game.ui.screens.howto import HowToPlayScene

    class Slow(HowToPlayScene):
        def draw(self, surface):
            busy_until = time.thread_time() + 0.06  # work, not a wait: the limit is CPU time
            while time.thread_time() < busy_until:
                pass
            super().draw(surface)

    monkeypatch.setattr(fuzz, "FRAME_LIMIT", 0.05)
    slow = fuzz.SceneFactory("slow", lambda app: app.ctx.scenes.replace(Slow(app.ctx)))
    with pytest.raises(fuzz.FuzzFailure, match="a frame took"):
        fuzz.run(5, seed=1, scenes=[slow], settings_dir=tmp_path)


def test_a_slow_frame_says_where_it_was_busy():
    # The run's one watchdog samples the main thread once a frame has taken ``after`` seconds,
    # for that frame only; a quick frame after it says nothing.
    import time

    def busy_frame(seconds: float) -> None:
        until = time.perf_counter() + seconds
        while time.perf_counter() < until:
            pass

    sampler = fuzz.SlowFrameSampler(after=0.02)
    try:
        with sampler:
            busy_frame(0.3)
        assert "busy_frame" in sampler.stack
        with sampler:
            pass
        assert sampler.stack == ""
    finally:
        sampler.close()


def _hot_seat():
    return next(f for f in fuzz.SCENES if f.name == "hot_seat")


def test_the_fuzz_fails_when_a_hidden_hand_is_drawn(tmp_path, monkeypatch):
    # Break the table's one switch for hands: the seat at the bottom always shows its hand,
    # even before anybody has lifted a curtain.
    from game.ui.match.scene import MatchScene

    def always_bottom(self):
        table = getattr(self, "table", None)
        return {table.bottom if table is not None else self.ctl.decider()}

    monkeypatch.setattr(MatchScene, "_face_up", always_bottom)
    with pytest.raises(fuzz.FuzzFailure, match="hidden card shown"):
        fuzz.run(200, seed=2, scenes=[_hot_seat()], settings_dir=tmp_path)


def test_the_fuzz_fails_when_a_curtain_can_be_clicked_through(tmp_path, monkeypatch):
    # The old curtain: any click lifted it at once.
    import pygame

    from game.ui.match.curtain import CurtainScene

    def click_through(self, event):
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            self.wait = 0
            self._reveal()
        return True

    monkeypatch.setattr(CurtainScene, "handle", click_through)
    # (seed 3: seed 2's gestures now reach the pause menu's Concede first, and the game ends)
    with pytest.raises(fuzz.FuzzFailure, match="curtain lifted by input that began"):
        fuzz.run(200, seed=3, scenes=[_hot_seat()], settings_dir=tmp_path)


def test_the_same_seed_gives_the_same_run(tmp_path):
    runs = [fuzz.run(60, seed=4, scenes=[_hot_seat(), fuzz.SCENES[3]], settings_dir=tmp_path / str(i))
            for i in range(2)]
    a, b = ((r.pygame_events, r.frames, r.decisions, dict(r.scenes_seen)) for r in runs)
    assert a == b


def test_the_fuzz_reports_a_computer_move_that_failed(tmp_path, monkeypatch):
    # The match hides it (it plays any legal option instead); the fuzz must not.
    from game.ai.base import RandomAgent

    def broken(self, view, decision, rng):
        raise Boom("agent failed")

    monkeypatch.setattr(RandomAgent, "choose", broken)
    vs_computer = next(f for f in fuzz.SCENES if f.name == "match_vs_computer")
    with pytest.raises(fuzz.FuzzFailure, match="Boom"):
        fuzz.run(100, seed=3, scenes=[vs_computer], settings_dir=tmp_path)


def test_the_fuzz_plays_in_a_data_folder_of_its_own(tmp_path, monkeypatch):
    # The player's folder (here a stand-in) is never where the fuzz's games are saved, and each
    # run starts from an empty one, so a seed reproduces its run.
    real = tmp_path / "real-data"
    monkeypatch.setenv("MINDBUG_DATA_DIR", str(real))
    seen = []

    def look(app) -> None:
        from game.common.paths import data_dir

        seen.append((data_dir(), app.ctx.store.root if app.ctx.store is not None else None))
        _hot_seat().enter(app)

    scene = fuzz.SceneFactory("look", look)
    fuzz.run(30, seed=5, scenes=[scene], settings_dir=tmp_path / "s1")
    fuzz.run(30, seed=5, scenes=[scene], settings_dir=tmp_path / "s2")
    assert len(seen) == 2
    for folder, store_root in seen:
        assert folder != real and real not in folder.parents
        assert store_root in (None, folder)
    assert seen[0][0] != seen[1][0] and not seen[0][0].exists()  # a fresh one, removed after
    assert not real.exists()
    assert os.environ["MINDBUG_DATA_DIR"] == str(real)  # put back
