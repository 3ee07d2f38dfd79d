"""The demo mode: AI vs AI in the real window (dummy driver), prints READY, exits 0 at the end."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[3]


def test_demo_runs_a_game_to_the_end(tmp_path):
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    proc = subprocess.run(
        [sys.executable, "-m", "game", "--demo", "--seed", "5", "--exit-after-game",
         "--speed", "40", "--max-fps", "1000", "--level", "random", "--settings", str(tmp_path / "s.json")],
        cwd=ROOT, env=env, capture_output=True, text=True, timeout=120,
    )
    assert proc.returncode == 0, proc.stderr[-2000:]
    assert proc.stdout.splitlines()[0] == "READY"
    # which rules engine the demo runs (issue 43 item 4; build/check_bundle.py reports it)
    assert proc.stdout.splitlines()[1] in ("ENGINE pure", "ENGINE compiled")


@pytest.mark.quick  # the file's test in the quick tier (its first plays whole games)
def test_bad_flag_is_a_message_not_a_traceback():
    proc = subprocess.run([sys.executable, "-m", "game", "--no-such-flag"], cwd=ROOT,
                          capture_output=True, text=True, timeout=60)
    assert proc.returncode != 0
    assert "Traceback" not in proc.stderr


def test_ready_is_printed_only_for_the_demo_or_the_test_flag(tmp_path):
    from game.app import App, parse_args

    os.environ["SDL_VIDEODRIVER"] = "dummy"
    os.environ["SDL_AUDIODRIVER"] = "dummy"
    printed = {}
    for flags in ([], ["--ready"]):
        import contextlib
        import io

        out = io.StringIO()
        with contextlib.redirect_stdout(out):
            app = App(parse_args(["--settings", str(tmp_path / "s.json"), "--windowed", *flags]))
            app.step()
            app.close(quit_pygame=False)
        printed[bool(flags)] = out.getvalue()
    assert "READY" not in printed[False]
    assert printed[True].splitlines()[0] == "READY"


class FakeWindow:
    """Stands in for pygame.Window (the headless driver cannot hand one out safely)."""

    def __init__(self) -> None:
        self.size = (1280, 720)
        self.minimum_size = (1280, 720)  # what SCALED mode set
        self.full = False

    def set_fullscreen(self, desktop: bool = False) -> None:
        self.full = True
        self.size = (1920, 1080)

    def set_windowed(self) -> None:  # as if SDL left full screen at the table's own 1280x720
        self.full = False
        self.size = (1280, 720)


def test_the_window_may_shrink_to_960x540_and_leaving_full_screen_restores_its_size(tmp_path, monkeypatch):
    import pygame

    from game.app import App, _fit_window, parse_args

    os.environ["SDL_VIDEODRIVER"] = "dummy"
    os.environ["SDL_AUDIODRIVER"] = "dummy"
    win = FakeWindow()
    monkeypatch.setattr(pygame.display, "get_desktop_sizes", lambda: [(1280, 720)])
    _fit_window(win)
    assert tuple(win.minimum_size) == (960, 540)
    assert win.size[1] <= 720 - 80 and win.size[0] >= 960  # a title bar fits on a 1280x720 screen
    app = App(parse_args(["--settings", str(tmp_path / "s.json"), "--windowed"]))
    try:
        app.ctx.window = win
        win.size = (1000, 563)
        app.ctx.toggle_fullscreen()
        assert win.full
        app.ctx.toggle_fullscreen()
        assert not win.full and tuple(win.size) == (1000, 563)
    finally:
        app.close(quit_pygame=False)


def test_card_faces_are_drawn_ahead_after_the_first_frame(tmp_path):
    from game.app import App, parse_args
    from game.cards import load_cards

    os.environ["SDL_VIDEODRIVER"] = "dummy"
    os.environ["SDL_AUDIODRIVER"] = "dummy"
    app = App(parse_args(["--settings", str(tmp_path / "s.json"), "--windowed"]))
    try:
        faces = app.ctx.renderer._faces
        assert app.warmer is None and not faces  # nothing drawn ahead before the first frame
        app.step()  # the first frame, then the drawing ahead starts (in its own thread)
        assert app.ctx.frames == 1 and app.warmer is not None
        assert app.warmer.wait(120)
        from game.ui.cards.cardface import _fields
        from game.ui.kit import legible

        keys = set(faces)  # a face is kept per text size too (its words follow the size)
        for d in load_cards().defs:
            for w in (92, 104, 190):
                assert (*_fields(d), w, "en", legible.text_scale()) in keys, f"{d.name} at {w} px was not drawn ahead"
    finally:
        app.close(quit_pygame=False)


def test_the_warmer_keeps_to_its_budget():
    from game.ui.cards.assets_bridge import FaceWarmer

    drawn = []

    class Slow:
        def face(self, d, w):
            drawn.append((d, w))

    warmer = FaceWarmer(Slow(), widths=(92,), defs=lambda idle: ["a", "b", "c"] if idle else None)
    assert warmer.step(1.0, idle=False) == 0 and not drawn  # no cards yet: parsing waits for idle
    warmer.step(1.0, idle=True)
    assert warmer.step(0.0) == 0  # no time left in this frame: nothing drawn
    assert warmer.step(1.0) == 3 and warmer.done


def test_the_audio_device_opens_after_the_first_frame(tmp_path, monkeypatch):
    """Opening audio takes 0.1 s or more (longer with no device): the first frame never waits."""
    import pygame

    from game.app import App, parse_args

    os.environ["SDL_VIDEODRIVER"] = "dummy"
    os.environ["SDL_AUDIODRIVER"] = "dummy"
    if pygame.mixer.get_init():
        pygame.mixer.quit()
    opened = []
    real_init = pygame.mixer.init
    monkeypatch.setattr(pygame.mixer, "init", lambda *a, **k: opened.append(1) or real_init(*a, **k))
    monkeypatch.setattr(pygame, "init", lambda: opened.append("all"))
    app = App(parse_args(["--settings", str(tmp_path / "s.json"), "--windowed"]))
    try:
        assert opened == []  # nothing audio before the window shows
        app.step()
        assert app.ctx.frames == 1 and opened == [1]  # right after the first frame
    finally:
        app.close(quit_pygame=False)


def test_a_match_begun_while_faces_are_drawn_ahead_gets_its_own_cards_first(tmp_path, monkeypatch):
    """A game begun at once from the title drew its hand's faces inside its frames: the warmer
    takes the match's cards next, and defers the faces it does not need while it runs."""
    from game.app import App, parse_args
    from game.ui.cards import warming
    from game.ui.core.match_config import MatchConfig
    from game.ui.match.scene import MatchScene

    monkeypatch.setattr(warming, "IDLE_PACE", 30.0)  # the thread draws only after frames
    os.environ["SDL_VIDEODRIVER"] = "dummy"
    os.environ["SDL_AUDIODRIVER"] = "dummy"
    app = App(parse_args(["--settings", str(tmp_path / "s.json"), "--windowed"]))
    try:
        app.step()  # the title's first frame: drawing ahead begins, nothing deferred
        assert app.warmer is not None and not app.warmer.deferring
        scene = MatchScene(app.ctx, MatchConfig(mode="hotseat", names=("Ann", "Bo"), seed=11))
        app.ctx.scenes.replace(scene)
        app.step()  # the match's first frame
        assert app.warmer.deferring
        game = scene.ctl.game
        first, _ = app.warmer._next() or (None, False)
        hand = game.card(game.hands[0][0])
        assert first is not None and [d.name for d in first._defs(True)] == [hand.name]
        queued = {d.name for w, later in app.warmer._queue if not later for d in w._defs(True)}
        in_match = {game.card(cid).name for seat in range(2) for cid in (*game.hands[seat], *game.decks[seat])}
        assert queued == in_match  # before the deferred ones: only the match's cards
    finally:
        app.close(quit_pygame=False)
