"""The present step (game.ui.core.presenter): unchanged frames are not shown again, and showing only
the rows that changed never leaves a stale region (a ghost) on the screen."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import textwrap
from pathlib import Path

import pygame  # noqa: E402
import pytest  # noqa: E402

from game.app import App, parse_args  # noqa: E402
from game.ui.core.presenter import BAND_ROWS, FrameDiff, Presenter  # noqa: E402
from game.ui.core.scene import Scene  # noqa: E402

ROOT = Path(__file__).resolve().parents[3]


class ShadowBackend:
    """Stands for the screen: keeps what the uploads put there, band by band."""

    name = "shadow"

    def __init__(self) -> None:
        self.screen: pygame.Surface | None = None
        self.uploaded_rows = 0
        self.shows = 0

    def show(self, surface: pygame.Surface, bands) -> None:
        self.shows += 1
        if bands is None or self.screen is None or self.screen.get_size() != surface.get_size():
            self.screen = surface.copy()
            self.uploaded_rows += surface.get_height()
            return
        for y0, y1 in bands:
            area = pygame.Rect(0, y0, surface.get_width(), y1 - y0)
            self.screen.blit(surface, area, area)
            self.uploaded_rows += y1 - y0

    def reset(self) -> None:
        pass


def same(a: pygame.Surface, b: pygame.Surface) -> bool:
    return a.get_size() == b.get_size() and a.get_buffer().raw == b.get_buffer().raw


class StillScene(Scene):
    """Draws one colour; ``color`` changes what it draws, ``dirty`` only asks for a redraw."""

    color = (20, 40, 60)

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(self.color)


@pytest.fixture
def app(tmp_path):
    a = App(parse_args(["--settings", str(tmp_path / "s.json"), "--windowed"]))
    yield a
    a.close(quit_pygame=False)


def test_the_loop_does_not_present_a_frame_that_did_not_change(app, monkeypatch):
    flips = []
    monkeypatch.setattr(pygame.display, "flip", lambda: flips.append(1))
    scene = StillScene(app.ctx)
    app.ctx.scenes.replace(scene)
    app.step()
    assert flips == [1]  # the first frame is shown
    for _ in range(5):
        scene.dirty = True  # redrawn, but the very same picture
        app.step()
    assert app.ctx.frames == 6 and flips == [1], "unchanged frames were presented again"
    assert app.presenter.skipped == 5
    scene.color = (200, 40, 60)
    scene.dirty = True
    app.step()
    assert flips == [1, 1]  # a change is shown at once


def test_an_exposed_window_is_painted_again_even_if_the_frame_is_the_same(app, monkeypatch):
    flips = []
    monkeypatch.setattr(pygame.display, "flip", lambda: flips.append(1))
    app.ctx.scenes.replace(StillScene(app.ctx))
    app.step()
    pygame.event.post(pygame.event.Event(pygame.WINDOWEXPOSED))
    app.step()
    assert flips == [1, 1]


def _moving_frames(size=(320, 100)):
    """A backdrop with a card-sized box moving over it, sometimes two changes far apart, a
    change in the last (short) band and the first row."""
    surface = pygame.Surface(size)
    w, h = size
    for i in range(40):
        for y in range(h):
            surface.fill((y * 2 % 256, 40, 90), (0, y, w, 1))
        x, y = (i * 13) % (w - 40), (i * 7) % (h - 30)
        surface.fill((230, 200, 90), (x, y, 40, 30))
        if i % 5 == 0:
            surface.fill((255, 255, 255), (5, 0, 3, 1))
            surface.fill((255, 0, 0), (w - 9, h - 2, 4, 2))
        yield surface


def test_uploading_only_the_changed_rows_leaves_no_stale_region():
    shadow = ShadowBackend()
    presenter = Presenter(backend=shadow)
    rows = 0
    for frame in _moving_frames():
        presenter.present(frame)
        rows += frame.get_height()
        assert same(shadow.screen, frame), "the screen kept a stale region"
    assert shadow.uploaded_rows < rows * 0.8  # and it did upload less than every row


def test_changes_far_apart_are_separate_bands_and_the_first_frame_is_whole():
    diff = FrameDiff()
    s = pygame.Surface((64, BAND_ROWS * 20))
    assert diff.bands(s) is None
    assert diff.bands(s) == []
    s.fill((1, 2, 3), (0, 0, 1, 1))
    s.fill((1, 2, 3), (10, s.get_height() - 1, 1, 1))
    assert diff.bands(s) == [(0, BAND_ROWS), (s.get_height() - BAND_ROWS, s.get_height())]


def test_a_whole_demo_game_on_the_table_leaves_no_stale_region(app):
    """Real table frames (cards moving, banners, the log growing) through band uploads."""
    from game.ui.core.match_config import MatchConfig
    from game.ui.match.scene import MatchScene

    shadow = ShadowBackend()
    app.presenter = Presenter(backend=shadow)
    app.ctx.speed_override = 4.0
    app.ctx.demo = True
    app.ctx.scenes.replace(MatchScene(app.ctx, MatchConfig(mode="demo", ai_level="easy",
                                                           names=("A", "B"), seed=5)))
    for _ in range(400):
        app.step()
        assert same(shadow.screen, app.screen), "the screen kept a stale region"
    assert shadow.shows > 50


@pytest.mark.parametrize("size", [(1920, 1080), (960, 540), (1500, 900), (1300, 740)])
def test_a_demo_game_in_a_scaled_window_leaves_no_stale_region(app, size):
    """Real table frames scaled into a window of another size: after every frame the window
    holds exactly what scaling that whole frame would give (bars included)."""
    from game.ui.core.match_config import MatchConfig
    from game.ui.core.presenter import WindowBackend, _paint_bars
    from game.ui.core.viewport import View
    from game.ui.match.scene import MatchScene

    window = pygame.display.set_mode(size, pygame.RESIZABLE)
    try:
        app.presenter = Presenter()
        app.ctx.speed_override = 4.0
        app.ctx.demo = True
        app.ctx.scenes.replace(MatchScene(app.ctx, MatchConfig(mode="demo", ai_level="easy",
                                                               names=("A", "B"), seed=5)))
        view = View.fit(size)
        whole = pygame.Surface(size, 0, window)
        for _ in range(250):
            app.step()
            whole.fill((255, 0, 255))
            _paint_bars(whole, view)
            WindowBackend._scale(app.screen, whole, view, 0, 720, app.presenter.backend.whole_runs)
            assert same(window, whole), "the window kept a stale region"
        assert app.presenter.presented > 30
    finally:
        pygame.display.set_mode((1280, 720), pygame.RESIZABLE)


XVFB_CHECK = textwrap.dedent("""
    import io, os, subprocess, sys, warnings
    sys.path.insert(0, sys.argv[1])
    warnings.simplefilter("ignore")
    os.environ["SDL_FRAMEBUFFER_ACCELERATION"] = "0"  # as game.app sets it for X11
    import pygame
    from game.ui.core import presenter as present
    from game.ui.core.viewport import View
    from game.ui.core.window import pointer
    pygame.display.init()
    pygame.display.set_mode((1920, 1080), pygame.RESIZABLE)
    window = pygame.Window.from_display_module()
    window.minimum_size = (960, 540)  # as game.app allows
    xid = str(pygame.display.get_wm_info()["window"])
    table = pygame.Surface((1280, 720))

    def settle():
        for _ in range(5):
            pygame.event.pump()
            pygame.time.wait(20)

    def grab():  # the X server's picture of the window
        settle()
        out = subprocess.run(["import", "-window", xid, "png:-"], capture_output=True).stdout
        return pygame.image.load(io.BytesIO(out))

    def pattern(i):
        table.fill((20, 60, 40))
        for x in range(0, 1280, 7):
            table.fill((250, 250, 250), (x, 0, 1, 720))  # thin lines: any filter change shows
        for y in range(3, 720, 11):
            table.fill((250, 250, 250), (0, y, 1280, 1))
        table.fill((230, 200, 90), (100 + i * 60, 300 + i * 17, 190, 260))
        table.fill((i * 15 % 256, 0, 0), (0, 0, 5, 3))

    own = {(20, 60, 40), (250, 250, 250), (230, 200, 90), (0, 0, 0)}

    def colours(shot):
        data = pygame.image.tobytes(shot, "RGB")
        return {tuple(data[i:i + 3]) for i in range(0, len(data), 3 * 7)}

    presenter = present.Presenter()
    for size in [(1920, 1080), (1500, 900), (960, 540), (1280, 720)]:
        window.size = size
        settle()
        presenter.force()
        view = View.fit(size)
        # No ghost, no seam: band by band, the window holds what a whole repaint gives.
        bad = 0
        for i in range(1, 7):
            pattern(i)
            presenter.present(table)
            banded = grab()
            presenter.force()
            presenter.present(table)
            whole = grab()
            bad += pygame.image.tobytes(banded, "RGB") != pygame.image.tobytes(whole, "RGB")
        x, y, w, h = view.rect
        inside = whole.subsurface(view.rect)
        exact = pygame.image.tobytes(inside, "RGB") == pygame.image.tobytes(table, "RGB")
        bars = {whole.get_at((0, 0))[:3], whole.get_at((size[0] - 1, size[1] - 1))[:3]}
        blends = len([c for c in colours(inside) - own if c[1] or c[2]])  # not the red corner
        print("SIZE", size, "BAD", bad, "EXACT", exact, "BARS", sorted(bars), "BLENDS", blends)
    # The pointer in table pixels wherever the table sits.
    window.size = (1500, 900)
    settle()
    view = View.fit((1500, 900))
    for wx, wy in [(6, 31), (750, 450), (1493, 868)]:
        subprocess.run(["xdotool", "mousemove", "--window", xid, str(wx), str(wy)])
        settle()
        print("POINTER", (wx, wy), pointer(), view.to_table((wx, wy)))
    """)


def _run_under_xvfb(tmp_path, script_text: str) -> str:
    xvfb = shutil.which("Xvfb")
    if xvfb is None or shutil.which("import") is None or shutil.which("xdotool") is None:
        pytest.skip("no Xvfb, ImageMagick import or xdotool")
    server = subprocess.Popen([xvfb, "-displayfd", "1", "-screen", "0", "1920x1080x24", "-nolisten", "tcp"],
                              stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    try:
        number = server.stdout.readline().strip()
        if not number:
            pytest.skip("Xvfb did not start")
        env = dict(os.environ, DISPLAY=f":{number}", SDL_VIDEODRIVER="x11",
                   PYGAME_HIDE_SUPPORT_PROMPT="1", SDL_AUDIODRIVER="dummy")
        script = tmp_path / "check.py"
        script.write_text(script_text)
        proc = subprocess.run([sys.executable, str(script), str(ROOT)], env=env, capture_output=True,
                              text=True, timeout=120)
    finally:
        server.terminate()
        server.wait(10)
    return proc.stdout + proc.stderr[-2000:]


def test_the_window_shows_each_frame_exactly_under_a_real_x_server(tmp_path):
    """The window path end to end, at 1.5x, a window of another shape (bars), 0.75x and 1x:
    band updates leave exactly what a whole repaint gives (no ghost, no seam between strips);
    1x is the frame itself; enlarged it stays sharp (nearest: only the frame's own colours),
    shrunk it is filtered (blends); the bars are black; the pointer comes back in table
    pixels."""
    out = _run_under_xvfb(tmp_path, XVFB_CHECK)
    lines = {tuple(line.split(" BAD")[0].split(" ", 1)[1:]): line for line in out.splitlines()
             if line.startswith("SIZE")}
    assert len(lines) == 4, out
    for line in lines.values():
        assert " BAD 0 " in line, out
    assert "EXACT True" in lines[("(1280, 720)",)], out
    assert "BLENDS 0" in lines[("(1920, 1080)",)] and "BLENDS 0" in lines[("(1500, 900)",)], out
    assert "BLENDS 0" not in lines[("(960, 540)",)], out
    assert "BARS [(0, 0, 0)]" in lines[("(1500, 900)",)], out
    pointer = [line for line in out.splitlines() if line.startswith("POINTER")]
    assert len(pointer) == 3, out
    for line in pointer:
        got, want = line.split(") (", 1)[1].split(" (")
        assert "(" + got == "(" + want.strip(), out


def test_the_hand_off_curtain_replaces_the_whole_hand_on_screen(tmp_path):
    """Hot seat: what stays on screen after Ann's turn is exactly the curtain frame (no band of
    Ann's hand is kept by the partial uploads when the curtain comes up for Bo)."""
    sys.path.insert(0, str(ROOT))
    from bench.fuzz_ui import simulate
    from game.cards import load_cards
    from game.engine import from_position
    from game.ui.core.match_config import MatchConfig
    from game.ui.match.curtain import CurtainScene
    from game.ui.match.scene import MatchScene

    app = App(parse_args(["--settings", str(tmp_path / "s.json"), "--speed", "5"]))
    try:
        app.ctx.settings.ai_pause = 0.0
        simulate(app)
        shadow = ShadowBackend()
        app.presenter = Presenter(backend=shadow)
        db = load_cards()
        g = from_position(db, [{"hand": ["Gorillion", "Luchataur", "Spider Owl"]},
                               {"hand": ["Bee Bear", "Killer Bee", "Turbo Bug"]}])
        scene = MatchScene(app.ctx, MatchConfig(mode="hotseat", names=("Ann", "Bo"), seed=1), game=g)
        app.ctx.scenes.replace(scene)
        curtains = 0
        for _ in range(900):
            app.step()
            assert same(shadow.screen, app.screen), "the screen kept a stale region"
            top = app.ctx.scenes.top
            if isinstance(top, CurtainScene):
                curtains += 1
                top._reveal()  # the named person lifts it (the secrecy tests cover how)
            elif scene.ctl.pending is not None and scene.decision_serial == scene.ctl.pending.serial \
                    and not scene.table.moving:
                scene.submit(scene.ctl.pending.options[0])
            if curtains >= 3:
                break
        assert curtains >= 3
    finally:
        app.close(quit_pygame=False)
