"""Where everything sits on the 1280x720 table, computed from a TableModel.

The bottom of the screen belongs to the viewer (you, or in hot seat the person deciding);
the top to the opponent. Keys of the result are card ids, or ("hidden", seat, i) for cards
whose face the viewer may not know. No pygame here: rects are plain tuples.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.ui.table.model import HIDDEN, TableModel

CARD_RATIO = 88 / 63

LEFT_PANEL = (8, 8, 176, 704)  # x, y, w, h: life, Mindbugs, piles
TABLE_X0, TABLE_X1 = 196, 1008
TABLE_CX = (TABLE_X0 + TABLE_X1) // 2
LOG_PANEL = (1018, 60, 254, 652)

PLAY_W = 92
HAND_W = 104
OPP_HAND_W = 62
PILE_W = 58
STAGE_W = 190

TOP_HAND_Y = 22
TOP_PLAY_Y = 146
PROMPT_Y = 246
BUTTONS_Y = 290  # centre line of the decision buttons
BOTTOM_PLAY_Y = 432
BOTTOM_HAND_Y = 624
STAGE_Y = 330

# Drag targets: a hand card dropped above this line is played; a creature dragged above the
# middle of the table attacks.
PLAY_DROP_Y = 548
ATTACK_DROP_Y = 300


@dataclass
class Slot:
    x: float
    y: float
    w: int
    angle: float = 0.0
    face_up: bool = True
    z: int = 0
    zone: str = ""
    seat: int | None = None


@dataclass
class SeatPanel:
    """Fixed spots of one seat's counters in the left panel."""

    top: int
    name: tuple[int, int]
    life: tuple[int, int]
    mindbugs: tuple[int, int]
    deck: tuple[int, int]
    discard: tuple[int, int]


def card_h(w: float) -> float:
    return w * CARD_RATIO


def seat_panel(is_bottom: bool) -> SeatPanel:
    top = 400 if is_bottom else 8
    x = LEFT_PANEL[0]
    return SeatPanel(
        top=top,
        name=(x + 12, top + 12),
        life=(x + 44, top + 96),
        mindbugs=(x + 124, top + 96),
        deck=(x + 46, top + 212),
        discard=(x + 130, top + 212),
    )


def _row(cids: list[int], cy: float, w: int, exhausted: set[int], x0: float = TABLE_X0 + 10,
         x1: float = TABLE_X1 - 10, gap: int = 12) -> list[tuple[int, float]]:
    """Centre x of each card in a row, squeezed if the row would not fit."""
    widths = [card_h(w) if c in exhausted else w for c in cids]
    total = sum(widths) + gap * max(0, len(cids) - 1)
    avail = x1 - x0
    squeeze = min(1.0, avail / total) if total else 1.0
    x = (x0 + x1) / 2 - total * squeeze / 2
    out = []
    for c, cw in zip(cids, widths, strict=True):
        out.append((c, x + cw * squeeze / 2))
        x += (cw + gap) * squeeze
    return out


def _hand(cids: list[int], cy: float, w: int, max_span: float, overlap_gap: int) -> list[float]:
    """Centre x of each hand card: spaced apart when few, overlapping when many."""
    n = len(cids)
    if n == 0:
        return []
    step = min(w + overlap_gap, max_span / max(1, n - 1) if n > 1 else w)
    start = TABLE_CX - step * (n - 1) / 2
    return [start + i * step for i in range(n)]


def hand_key(seat: int, index: int, cid: int) -> int | tuple:
    return cid if cid != HIDDEN else ("hidden", seat, index)


def compute(model: TableModel, bottom: int, face_up_hands: set[int]) -> dict[object, Slot]:
    """Every card sprite's target: key -> Slot."""
    top = next((s for s in range(model.n_seats) if s != bottom), bottom)
    slots: dict[object, Slot] = {}
    for seat, is_bottom in ((bottom, True), (top, False)):
        play_y = BOTTOM_PLAY_Y if is_bottom else TOP_PLAY_Y
        for z, (cid, x) in enumerate(_row(model.plays[seat], play_y, PLAY_W, model.exhausted)):
            angle = 90.0 if cid in model.exhausted else 0.0
            slots[cid] = Slot(x, play_y, PLAY_W, angle, True, 100 + z, "play", seat)
        hand = model.hands[seat]
        if is_bottom:
            xs = _hand(hand, BOTTOM_HAND_Y, HAND_W, 700, 14)
            for i, (cid, x) in enumerate(zip(hand, xs, strict=True)):
                up = seat in face_up_hands and cid != HIDDEN
                slots[hand_key(seat, i, cid)] = Slot(x, BOTTOM_HAND_Y, HAND_W, 0.0, up, 300 + i,
                                                     "hand", seat)
        else:
            xs = _hand(hand, TOP_HAND_Y, OPP_HAND_W, 520, 8)
            for i, (cid, x) in enumerate(zip(hand, xs, strict=True)):
                up = seat in face_up_hands and cid != HIDDEN
                slots[hand_key(seat, i, cid)] = Slot(x, TOP_HAND_Y, OPP_HAND_W, 0.0, up, 50 + i,
                                                     "hand", seat)
        panel = seat_panel(is_bottom)
        for z, cid in enumerate(model.discards[seat]):
            slots[cid] = Slot(panel.discard[0], panel.discard[1], PILE_W, 0.0, True, 10 + z,
                              "discard", seat)
    if model.stage is not None:
        slots[model.stage] = Slot(TABLE_CX, STAGE_Y, STAGE_W, 0.0, True, 900, "stage", None)
    return slots


def deck_pos(bottom_seat: int, seat: int) -> tuple[int, int]:
    return seat_panel(seat == bottom_seat).deck


def discard_pos(bottom_seat: int, seat: int) -> tuple[int, int]:
    return seat_panel(seat == bottom_seat).discard


def hand_anchor(bottom_seat: int, seat: int) -> tuple[int, int]:
    return (TABLE_CX, BOTTOM_HAND_Y if seat == bottom_seat else TOP_HAND_Y)
