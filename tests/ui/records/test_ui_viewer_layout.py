"""The replay viewer's button geometry as pure functions (issue 23): no scene, no drawing."""

from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

import pygame  # noqa: E402

from game.ui.kit.widgets import Button  # noqa: E402
from game.ui.records import viewer_layout as vl  # noqa: E402
from game.ui.table import layout  # noqa: E402


def nothing() -> None:
    return None


def items(*texts: str, width: int = 40) -> list:
    return [(t, nothing, width) for t in texts]


def test_rows_use_one_row_when_it_fits_and_equal_columns_when_not():
    group = items("< Turn", "< Decision", "< Event", "|<")
    assert len(vl.fit_rows(group, 2000, 16)) == 1
    rows = vl.fit_rows(group, 260, 16)
    assert len(rows) >= 2 and sum(map(len, rows)) == 4
    assert [t for row in rows for t, _a, _w in row] == ["< Turn", "< Decision", "< Event", "|<"]
    first = [w for _t, _a, w in rows[0]]
    assert all(w == first[j] for row in rows for j, (_t, _a, w) in enumerate(row))  # a grid lines up


def test_groups_left_align_at_x_and_right_align_at_minus_x():
    buttons = vl.button_groups([(items("A", "B"), 100, 50, 36), (items("C", "D"), -900, 50, 36)], "B", 1.0)
    assert buttons[0].rect.topleft == (100, 50) and buttons[0].rect.height == 36
    assert buttons[-1].rect.right == 900
    assert [b.primary for b in buttons] == [False, True, False, False]  # the play button is gold
    assert buttons[0].rect.right < buttons[1].rect.left  # a gap between neighbours


def test_a_column_is_pinned_so_the_event_step_stays_under_the_pointer():
    homes = vl.StepHomes({"< Event": pygame.Rect(300, 500, 80, 36)}, {"< Event", "< Turn"})
    column = [Button(pygame.Rect(10, 100, 80, 36), "< Turn", nothing),
              Button(pygame.Rect(100, 100, 80, 36), "< Event", nothing)]
    homes.pin(column, pygame.Rect(0, 0, 1000, 700))
    assert column[1].rect.center == (340, 518) and column[0].rect.topleft == (210, 500)
    clamped = [Button(pygame.Rect(100, 100, 80, 36), "< Event", nothing)]
    homes.pin(clamped, pygame.Rect(0, 0, 250, 300))
    assert clamped[0].rect.bottomright == (250, 300)  # no further than the room allows
    alone = [Button(pygame.Rect(1, 2, 80, 36), "Turn >", nothing)]
    vl.StepHomes().pin(alone, pygame.Rect(0, 0, 100, 100))
    assert alone[0].rect.topleft == (1, 2)  # no step with a home: left where it is


def test_panel_buttons_stack_over_the_log_with_the_jumps_side_by_side():
    x, _y, w, _h = layout.LOG_PANEL
    out = vl.panel_buttons([("Play", nothing), ("Speed", nothing)], items("|<", ">|"), "Play", 1.0)
    assert [b.rect.top for b in out] == [vl.PANEL_TOP, vl.PANEL_TOP + vl.PANEL_PITCH,
                                         vl.PANEL_TOP + 2 * vl.PANEL_PITCH, vl.PANEL_TOP + 2 * vl.PANEL_PITCH]
    assert out[0].primary and out[0].rect.width == w - 8 and out[0].rect.left == x + 4
    assert out[2].rect.right < out[3].rect.left


def test_a_small_window_drops_the_jumps_where_the_steps_would_reach_the_middle():
    left = items("|<", "< Turn", "< Decision", "< Event")
    right = items("Event >", "Decision >", "Turn >", ">|")
    card = pygame.Rect(0, 0, layout.STAGE_W + 12, 10)
    card.centerx = layout.TABLE_CX
    for scale in (0.6, 1.0, 1.5, 2.0):
        flat, small = vl.flat_layout(2, left, right, scale)
        reaches = any(card.left < b.rect.right and b.rect.left < card.right for b in vl.flat_steps(2, left, right, scale))
        assert small == reaches
        assert len(flat) == (6 if small else 8)
        assert {b.text for b in flat}.isdisjoint({"|<", ">|"}) == small


def test_large_text_keeps_one_row_of_steps_on_the_table_and_the_rest_goes_to_the_panel():
    from game.ui.kit import fonts, legible
    from game.ui.table import hud

    left = items("|<", "< Turn", "< Decision", "< Event")
    right = items("Event >", "Decision >", "Turn >", ">|")
    legible.set_text_scale(200)
    try:
        row, left_out, right_out = vl.large_steps(left, right, 1.0)
        texts = [b.text for b in row]
        assert "< Event" in texts and "Event >" in texts
        assert len(row) + len(left_out) + len(right_out) == 8  # none lost: the rest go to the panel
        assert all(b.rect.centery == hud.large_buttons_y(1.0) for b in row)  # the renderer's line
        assert row[0].rect.left >= layout.TABLE_X0 and row[-1].rect.right <= layout.TABLE_X1
        assert all(a.rect.right < b.rect.left for a, b in zip(row, row[1:]))
        panel = vl.panel_rows([[("Speed x1 (+/-)", nothing)], [("|<", nothing), (">|", nothing)]], 100, "", 1.0)
        assert panel[0].text == "Speed x1"  # the key gives way before a second line
        assert panel[1].rect.top >= panel[0].rect.bottom and panel[1].rect.top == panel[2].rect.top
        tall = fonts.render_text("Ag", legible.legible(15), bold=True).get_height()
        assert all(b.rect.h >= tall for b in panel)  # the label's line inside its button
    finally:
        legible.set_text_scale(100)
    row, left_out, right_out = vl.large_steps(left, right, 1.0)
    assert len(row) == 8 and not left_out and not right_out  # at 100% all of them fit
