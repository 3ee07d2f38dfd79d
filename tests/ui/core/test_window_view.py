"""The window around the table (game.ui.core.viewport, game.ui.core.window, game.ui.core.presenter): where the table
sits at any window size, pointer positions mapped back to table pixels, and only the changed
rectangles of the window sent."""

from __future__ import annotations

import pygame  # noqa: E402
import pytest  # noqa: E402

from game.app import App, parse_args  # noqa: E402
from game.ui.core.scene import Scene  # noqa: E402
from game.ui.core.viewport import View  # noqa: E402
from game.ui.core.window import pointer  # noqa: E402


@pytest.mark.parametrize(("window", "k", "rect"), [
    ((1280, 720), 80, (0, 0, 1280, 720)),
    ((1920, 1080), 120, (0, 0, 1920, 1080)),
    ((960, 540), 60, (0, 0, 960, 540)),
    ((1500, 900), 93, (6, 31, 1488, 837)),  # another shape: centred between black bars
    ((2000, 800), 88, (296, 4, 1408, 792)),
])
def test_the_table_is_the_largest_16_9_picture_that_fits(window, k, rect):
    view = View.fit(window)
    assert view.k == k and view.rect == rect
    assert view.identity == (window == (1280, 720))
    assert view.smooth == (k < 80)


@pytest.mark.parametrize("window", [(1920, 1080), (1500, 900), (960, 540), (1000, 563), (1366, 768)])
def test_strips_cover_the_table_on_whole_window_rows_without_gaps(window):
    view = View.fit(window)
    edges = list(range(0, 720, view.strip)) + [720]
    rows = [view.rows(a, b) for a, b in zip(edges, edges[1:])]
    assert rows[0][0] == view.origin[1] and rows[-1][1] == view.origin[1] + view.size[1]
    assert all(a[1] == b[0] for a, b in zip(rows, rows[1:]))  # each strip starts where one ends
    for a, b in zip(edges, edges[1:]):  # and maps to exactly its share of the window's rows
        assert (b - a) * view.k % 80 == 0


@pytest.mark.parametrize("window", [(1920, 1080), (1500, 900), (960, 540)])
def test_a_window_pixel_maps_to_the_table_pixel_shown_there(window):
    view = View.fit(window)
    if view.k >= 80:  # enlarged: every table pixel is shown, at to_window and right of it
        for table_pos in [(0, 0), (640, 360), (1279, 719), (333, 517)]:
            assert view.to_table(view.to_window(table_pos)) == table_pos
    x0, y0, w, h = view.rect
    for window_pos in [(x0, y0), (x0 + w - 1, y0 + h - 1), (x0 + 301, y0 + 207)]:
        table_pos = view.to_table(window_pos)
        assert 0 <= table_pos[0] < 1280 and 0 <= table_pos[1] < 720
        if view.k <= 80:  # shrunk: every window pixel shows a table pixel of its own
            assert view.to_window(table_pos) == window_pos
    # a drag's steps add up to where it went, with no rounding drift
    x, y, total = 500, 300, [0, 0]
    for step in [(1, 0), (1, 1), (2, -1), (1, 0), (-3, 2), (1, 1)] * 7:
        rel = view.rel_to_table((x + step[0], y + step[1]), step)
        x, y = x + step[0], y + step[1]
        total = [total[0] + rel[0], total[1] + rel[1]]
    start = view.to_table((500, 300))
    assert view.to_table((x, y)) == (start[0] + total[0], start[1] + total[1])


class Recorder(Scene):
    """Keeps the mouse events it gets; draws a felt with one small box."""

    box = (100, 100, 40, 10)

    def __init__(self, ctx) -> None:
        super().__init__(ctx)
        self.got: list = []

    def handle(self, event) -> bool:
        if event.type in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            self.got.append((event.type, event.pos, getattr(event, "rel", None)))
        return True

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill((20, 60, 40))
        surface.fill((230, 200, 90), self.box)


@pytest.fixture
def big_app(tmp_path):
    """An App whose window is 1920x1080: the table shown at 1.5x."""
    app = App(parse_args(["--settings", str(tmp_path / "s.json"), "--windowed"]))
    pygame.display.set_mode((1920, 1080), pygame.RESIZABLE)
    yield app
    app.close(quit_pygame=False)
    pygame.display.set_mode((1280, 720), pygame.RESIZABLE)


def test_mouse_events_reach_the_scenes_in_table_pixels_in_a_larger_window(big_app):
    scene = Recorder(big_app.ctx)
    big_app.ctx.scenes.replace(scene)
    pygame.event.clear()
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(960, 540), button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(963, 546), rel=(3, 6),
                                         buttons=(1, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(1919, 1079), button=1))
    big_app.step()
    assert scene.got == [(pygame.MOUSEBUTTONDOWN, (640, 360), None),
                         (pygame.MOUSEMOTION, (642, 364), (2, 4)),
                         (pygame.MOUSEBUTTONUP, (1279, 719), None)]
    # and where the pointer is when a scene asks (the log's wheel)
    pygame.mouse.set_pos((960, 540))
    assert pointer() == (640, 360)


def test_a_small_change_sends_only_its_rows_of_the_window_scaled_1_5x(big_app, monkeypatch):
    sent, flips = [], []
    monkeypatch.setattr(pygame.display, "update", lambda rects: sent.extend(rects))
    monkeypatch.setattr(pygame.display, "flip", lambda: flips.append(1))
    scene = Recorder(big_app.ctx)
    big_app.ctx.scenes.replace(scene)
    big_app.step()
    assert flips == [1] and sent == []  # the first frame goes out whole
    window = pygame.display.get_surface()
    assert window.get_at((150 + 30, 150 + 7))[:3] == (230, 200, 90)  # the box, at 1.5x
    scene.box = (100, 300, 40, 10)  # the box moves down
    scene.dirty = True
    big_app.step()
    assert flips == [1]
    rows = sorted((r.top, r.bottom) for r in sent)
    assert all(r.width == 1920 for r in sent)
    assert rows == [(144, 168), (432, 480)], rows  # where it was and is: its 16-row bands
    assert window.get_at((150 + 30, 150 + 7))[:3] == (20, 60, 40)  # no ghost where it was
    assert window.get_at((150 + 30, 450 + 7))[:3] == (230, 200, 90)


def test_the_loop_waits_for_the_frames_moment_between_drawing_and_presenting(big_app):
    """Frames go out at a steady pace: the wait comes after the drawing and the scaling into
    the window, so a frame that took longer to draw is not shown later than the others
    (within the frame's time); only the sending is left after it."""
    order = []

    class Clock:
        def tick(self, fps: int = 0) -> float:
            order.append("wait")
            return 1000 / 60

    scene = Recorder(big_app.ctx)
    big_app.ctx.scenes.replace(scene)
    big_app.clock = Clock()
    draw, compose, present = big_app.ctx.scenes.draw, big_app.compose, big_app.present
    big_app.ctx.scenes.draw = lambda surface: (order.append("draw"), draw(surface))
    big_app.compose = lambda: (order.append("compose"), compose())
    big_app.present = lambda: (order.append("present"), present())
    sent = []
    real_update = pygame.display.update
    pygame.display.update = lambda rects: (sent.append(order[-1]), real_update(rects))
    try:
        big_app.step()
        scene.box = (100, 300, 40, 10)
        scene.dirty = True
        big_app.step()
    finally:
        pygame.display.update = real_update
    assert order == ["draw", "compose", "wait", "present"] * 2
    assert sent == ["present"]  # the window is sent to after the wait, not while composing


@pytest.mark.parametrize(("k", "alike"), [(120, True), (80, True), (85, True), (121, False)])
def test_a_run_of_strips_is_scaled_in_one_call_only_where_that_gives_the_same_pixels(k, alike):
    from game.ui.core.presenter import _runs_scale_alike

    table = pygame.Surface((1280, 720), 0, pygame.display.get_surface())
    assert _runs_scale_alike(View((16 * k, 9 * k), k), table) is alike


def test_the_scale_scenes_size_their_text_for_is_the_one_the_table_is_drawn_at(tmp_path):
    """A 1000x563 window shows the table at 62/80 (992x558), not at 1000/1280: text sized
    for the larger figure would come out below the legible size."""
    app = App(parse_args(["--settings", str(tmp_path / "s.json"), "--windowed"]))
    try:
        pygame.display.set_mode((1000, 563), pygame.RESIZABLE)
        assert app.ctx.window_scale == View.fit((1000, 563)).scale == 62 / 80
    finally:
        app.close(quit_pygame=False)
        pygame.display.set_mode((1280, 720), pygame.RESIZABLE)


@pytest.mark.parametrize("desktop", [(1920, 1080), (2560, 1440), (1366, 768)])
def test_the_window_opens_with_room_for_its_title_bar(monkeypatch, desktop):
    # A window as large as the whole screen put its title bar above the screen's top or its
    # foot (the hand) under a task bar.
    from game import app as app_mod

    monkeypatch.setenv("SDL_VIDEODRIVER", "x11")  # the size a real screen gets, not the tests'
    monkeypatch.setattr(pygame.display, "get_desktop_sizes", lambda: [desktop])
    w, h = app_mod._opening_size()
    assert w * 9 == h * 16 and w >= 1280 and h >= 720
    if desktop[1] > 720 + 96:
        assert w <= desktop[0] - 16 and h <= desktop[1] - 96
