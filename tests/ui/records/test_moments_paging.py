"""Issue 42: the moments box at 200% holds fewer drops than there are (each drop's words need
four lines); it shows them a page at a time, every line whole, and the wheel, Page Down, a
click on its scroll bar and the keyboard's focus turn the page."""

from __future__ import annotations

import pygame
import pytest

from game.ai.moments import Move, Point, SeatMoments
from game.ui.core.match_config import MatchConfig
from game.ui.kit import fonts, legible, textlayout
from game.ui.match.controller import MatchController
from game.ui.records import moments_view
from game.ui.records.moments_view import MomentsBox
from game.ui.records.viewer import ReplayScene


class _Done:
    """An analysis already finished: three drops that name the longest cards."""

    def __init__(self, result):
        self.result, self.error, self.fraction, self.done, self.cancelled = result, None, 1.0, True, False

    def cancel(self):
        pass


def _record(seed: int = 6):
    ctl = MatchController(MatchConfig(mode="demo", ai_level="random", seed=seed))
    while not ctl.over:
        ctl.start_ai()
        ctl.worker._thread.join()
        ctl.respond(ctl.take_ai_option())
    return ctl.record()


@pytest.fixture
def box(tmp_path, monkeypatch, open_window):
    monkeypatch.setenv("MINDBUG_DATA_DIR", str(tmp_path / "data"))
    app = open_window("--speed", "50", first_frame=True)
    legible.set_text_scale(200)
    try:
        record = _record()
        viewer = ReplayScene(app.ctx, record)
        app.ctx.scenes.replace(viewer)
        db = viewer.tl.states[0].db
        longest = max(db.defs, key=lambda d: len(d.name))
        other = max((d for d in db.defs if d is not longest), key=lambda d: len(d.name))
        n = len(record.choices)
        rates = [0.7, 0.45, 0.62, 0.31, 0.5, 0.12]
        points = [Point(i * (n - 1) // 5, 3 + i, Move("attack", "action", longest), r, 0.72,
                        Move("block", "block", other), 0.66) for i, r in enumerate(rates)]
        moments_view._jobs[viewer] = (_Done({0: SeatMoments(0, points)}), (0,))
        viewer.view_seat = 0
        shown = MomentsBox(viewer)
        app.ctx.scenes.push(shown)
        shown.update(0.0)
        yield app, shown
    finally:
        legible.set_text_scale(100)


def _drawn_lines(app, shown: MomentsBox) -> list[str]:
    lines: list[str] = []
    with textlayout.observe(lambda text, parts: lines.extend(parts)):
        shown.draw(pygame.Surface((1280, 720)))
    return lines


def _key(app, key):
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode=""))
    app.step()


def test_every_drop_is_read_whole_a_page_at_a_time(box):
    app, shown = box
    assert len(shown.moments) == 3 and shown.per_page < 3 and shown.bar is not None
    first = shown.first
    assert not any(line.endswith(fonts.ELLIPSIS) for line in _drawn_lines(app, shown))
    seen = {n for n in range(3) if shown.shown(n)}
    _key(app, pygame.K_PAGEDOWN)
    assert shown.first > first
    seen |= {n for n in range(3) if shown.shown(n)}
    assert seen == {0, 1, 2}
    assert not any(line.endswith(fonts.ELLIPSIS) for line in _drawn_lines(app, shown))
    _key(app, pygame.K_PAGEUP)
    assert shown.first == first


def test_the_wheel_and_the_scroll_bar_turn_the_page(box):
    app, shown = box
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1, flipped=False))
    app.step()
    assert shown.first == 1
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1, flipped=False))
    app.step()
    assert shown.first == 0
    for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        pygame.event.post(pygame.event.Event(kind, button=1, pos=(shown.bar.centerx, shown.bar.bottom - 2)))
    app.step()
    assert shown.first > 0


def test_the_focus_on_a_drop_of_another_page_shows_it(box):
    app, shown = box
    hidden = next(n for n in range(3) if not shown.shown(n))
    for _ in range(2 * hidden + 1):
        _key(app, pygame.K_TAB)
    assert shown.row.focus == 2 * hidden and shown.shown(hidden)
    assert shown.row.buttons[shown.row.focus].rect.bottom > 0
