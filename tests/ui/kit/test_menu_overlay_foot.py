"""A box with many lines stays inside the window: its foot above the window's (issue 28 item 7,
the lesson's end box reached past it while its buttons still fitted)."""

from __future__ import annotations

from game.ui.kit.menu_overlay import FOOT, MenuOverlay


def test_a_box_with_six_lines_and_three_buttons_ends_above_the_windows_foot(open_window):
    app = open_window(first_frame=True)
    lines = [f"Line {i}" for i in range(6)]
    box = MenuOverlay(app.ctx, "Lesson complete", [("A", print), ("B", print), ("C", print)], lines)
    assert box.box.bottom <= FOOT < 720
    assert all(b.rect.bottom < box.box.bottom for b in box.row.buttons)
    assert box.box.top >= 10
