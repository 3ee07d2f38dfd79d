"""The replay's "all face up" view shows the hand across the table whole (issue 28 item 7: its
top was cut off by the window's edge, the cards' names with it)."""

from __future__ import annotations

from game.cards import load_cards
from game.engine import new_game
from game.ui.table import layout
from game.ui.table.model import TableModel


def _top_hand(face_up: set[int]) -> list[layout.Slot]:
    model = TableModel.from_state(new_game(load_cards(), seed=3))
    slots = layout.compute(model, 0, face_up)
    return [s for s in slots.values() if s.zone == "hand" and s.seat == 1]


def test_a_face_up_top_hand_lies_whole_on_the_table_above_the_top_row():
    hand = _top_hand({0, 1})
    assert hand and all(s.face_up for s in hand)
    row_top = layout.TOP_PLAY_Y - layout.card_h(layout.PLAY_W) / 2
    for s in hand:
        top, bottom = s.y - layout.card_h(s.w) / 2, s.y + layout.card_h(s.w) / 2
        assert top >= 0, top  # the card's name is on the table
        assert bottom <= row_top + 1, (bottom, row_top)  # and the top row's cards do not cover it


def test_a_face_down_fan_still_peeks_in_from_the_edge():
    hand = _top_hand({0})
    assert hand and not any(s.face_up for s in hand)
    assert {(s.y, s.w) for s in hand} == {(layout.TOP_HAND_Y, layout.OPP_HAND_W)}
