"""The present step (game.ui.present): unchanged frames are not shown again, and showing only
the rows that changed never leaves a stale region (a ghost) on the screen."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import textwrap
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from game.app import App, parse_args  # noqa: E402
from game.ui.present import BAND_ROWS, FrameDiff, Presenter  # noqa: E402
from game.ui.scene import Scene  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]


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
    from game.ui.match_scene import MatchConfig, MatchScene

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


XVFB_CHECK = textwrap.dedent("""
    import os, subprocess, sys, warnings
    sys.path.insert(0, sys.argv[1])
    warnings.simplefilter("ignore")
    os.environ["SDL_HINT_RENDER_SCALE_QUALITY"] = "1"  # as game.app sets it
    import pygame
    from game.ui import present
    pygame.display.init()
    screen = pygame.display.set_mode((1280, 720), pygame.SCALED | pygame.RESIZABLE)
    window = pygame.Window.from_display_module()
    backend = present.texture_backend(window)
    if backend is None:
        print("NO-RENDERER"); sys.exit(0)
    rgb = pygame.image.tobytes

    def grab():  # the X server's picture of the window
        for _ in range(3):
            pygame.event.pump()
        out = subprocess.run(["import", "-window", "root", "png:-"], capture_output=True).stdout
        import io
        return rgb(pygame.image.load(io.BytesIO(out)), "RGB")

    def pattern(i):
        screen.fill((20, 60, 40))
        for x in range(0, 1280, 7):
            screen.fill((250, 250, 250), (x, 0, 1, 720))  # thin lines: any filter change shows
        screen.fill((230, 200, 90), (100 + i * 60, 300 + i * 17, 190, 260))
        screen.fill((i * 15 % 256, 0, 0), (0, 0, 5, 3))

    shown = []
    class ReadBack(present.TextureBackend):  # the renderer's picture just before it is shown
        read = False  # (only at 1:1: pygame-ce's to_surface overruns its buffer when zoomed)
        def show(self, surface, bands):
            self.compose(surface, bands)
            if self.read:
                shown.append(rgb(self.renderer.to_surface(), "RGB"))
            self.renderer.present()
    reader = ReadBack(window, backend.renderer)
    presenter = present.Presenter(backend=reader)
    # The look: at the zoom SCALED chose (the whole X screen), pygame's flip and the presenter
    # put the very same pixels in the window.
    pattern(0)
    pygame.display.flip()
    flip_look = grab()
    presenter.present(screen)
    print("SIZE", tuple(window.size), "SAME-LOOK", grab() == flip_look)
    # No ghost: band by band, the window holds what a whole upload of the frame gives.
    bad = 0
    for i in range(1, 6):
        pattern(i)
        presenter.present(screen)
        banded = grab()
        presenter.reset()
        presenter.present(screen)
        bad += banded != grab()
    # And at 1:1 the window gets the frame itself.
    window.size = (1280, 720)
    reader.read = True
    presenter.force()
    for i in range(10, 16):
        pattern(i)
        shown.clear()
        presenter.present(screen)
        bad += shown[-1] != rgb(screen, "RGB")
    print("MODE", presenter.mode, "BAD", bad)
    # Smaller than the table, the texture filters: the 1-pixel lines blend into the felt
    # instead of some vanishing whole (nearest sampling shows only the pattern's own colours).
    window.minimum_size = (960, 540)  # as game.app allows
    window.size = (960, 540)
    presenter.force()
    pattern(0)
    presenter.present(screen)
    small = grab()
    own = {bytes(c) for c in [(20, 60, 40), (250, 250, 250), (230, 200, 90), (0, 0, 0)]}
    blends = {small[i:i + 3] for i in range(0, len(small), 3)} - own
    print("DOWNSCALED-BLENDS", len([c for c in blends if c[1] or c[2]]))  # not the red corner
    """)


def test_the_texture_present_shows_each_frame_exactly_under_a_real_x_server(tmp_path):
    """The SDL texture path end to end: the window looks exactly as with pygame's flip, and no
    band is ever stale or misplaced (as a pygame.Rect area once put them at the top)."""
    xvfb = shutil.which("Xvfb")
    if xvfb is None or shutil.which("import") is None:
        pytest.skip("no Xvfb or no ImageMagick import")
    server = subprocess.Popen([xvfb, "-displayfd", "1", "-screen", "0", "1920x1080x24", "-nolisten", "tcp"],
                              stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    try:
        number = server.stdout.readline().strip()
        if not number:
            pytest.skip("Xvfb did not start")
        env = dict(os.environ, DISPLAY=f":{number}", SDL_VIDEODRIVER="x11",
                   PYGAME_HIDE_SUPPORT_PROMPT="1", SDL_AUDIODRIVER="dummy")
        script = tmp_path / "check.py"
        script.write_text(XVFB_CHECK)
        out = subprocess.run([sys.executable, str(script), str(ROOT)], env=env, capture_output=True,
                             text=True, timeout=60).stdout
    finally:
        server.terminate()
        server.wait(10)
    if "NO-RENDERER" in out:
        pytest.skip("no SDL renderer under this X server")
    assert "SAME-LOOK True" in out and "MODE texture BAD 0" in out, out
    blends = int(out.split("DOWNSCALED-BLENDS")[1].split()[0])
    assert blends > 0, out  # filtered: nearest sampling shows only the pattern's own colours


def test_the_hand_off_curtain_replaces_the_whole_hand_on_screen(tmp_path):
    """Hot seat: what stays on screen after Ann's turn is exactly the curtain frame (no band of
    Ann's hand is kept by the partial uploads when the curtain comes up for Bo)."""
    sys.path.insert(0, str(ROOT))
    from bench.fuzz_ui import simulate
    from game.cards import load_cards
    from game.engine import from_position
    from game.ui.match_scene import MatchConfig, MatchScene
    from game.ui.overlays import CurtainScene

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
