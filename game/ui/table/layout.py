"""Where everything sits on the 1280x720 table, computed from a TableModel.

The bottom of the screen belongs to the viewer (you, or in hot seat the person deciding).
1v1: the opponent sits at the top. 2v2: the teammate across (top), the opponents left and
right (seat + 1 plays after you and sits on your left, as at a real table). Keys of the result
are card ids, or ("hidden", seat, i) for cards whose face the viewer may not know. No pygame
here: rects are plain tuples.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TypeAlias

from game.ui.kit import legible
from game.ui.table.model import HIDDEN, TableModel

#: A card's place on the table: its card id, or ("hidden", seat, index) for a card whose face
#: the viewer may not know.
SpriteKey: TypeAlias = "int | tuple[str, int, int]"

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
# 2v2: smaller cards, so four play areas fit; a crowded row first shrinks one step.
ROW4_W = 76
SMALL_PLAY_W = OPP_HAND_W  # one step smaller than a row's width, when a row is crowded
MINI_W = 40  # piles and hidden hands on a 2v2 seat plate
SPRITE_SIZES = tuple(sorted({MINI_W, PILE_W, OPP_HAND_W, ROW4_W, PLAY_W, HAND_W, STAGE_W}))

TOP_HAND_Y = 22
# A face-up hand across the table (a replay's "all face up"): whole on the table, its names
# readable, one size smaller so it ends where the top play row begins (the face-down fan
# above peeks in from the window's edge).
TOP_HAND_UP_W = PILE_W
TOP_HAND_UP_Y = 1 + (PILE_W * 88 / 63) / 2
TOP_PLAY_Y = 146
PROMPT_Y = 246
BUTTONS_Y = 290  # centre line of the decision buttons
BOTTOM_PLAY_Y = 432
BOTTOM_HAND_Y = 624
STAGE_Y = 330

# Drag targets: a hand card dropped above this line is played; a creature dragged above the
# middle of the table attacks. (The same lines work for the 2v2 table.)
PLAY_DROP_Y = 548
ATTACK_DROP_Y = 300

# The 2v2 table. Rows: (x0, x1, centre y, card width) of each position's play area.
ACROSS_PLAY_Y4 = 106
SIDE_PLAY_Y4 = 256  # high enough for a two-line prompt under the side rows
# A two-line prompt (a small window) grows up from its one-line place: it must stay clear of
# the side rows' cards, the buttons clear of your row's.
PROMPT_Y4 = 348
BUTTONS_Y4 = 388
BOTTOM_PLAY_Y4 = 478
BOTTOM_HAND_Y4 = 636
ROWS4: dict[str, tuple[float, float, float, int]] = {
    "top": (TABLE_X0 + 8, TABLE_X1 - 8, ACROSS_PLAY_Y4, ROW4_W),
    "left": (TABLE_X0 + 8, TABLE_CX - 6, SIDE_PLAY_Y4, ROW4_W),
    "right": (TABLE_CX + 6, TABLE_X1 - 8, SIDE_PLAY_Y4, ROW4_W),
    "bottom": (TABLE_X0 + 8, TABLE_X1 - 8, BOTTOM_PLAY_Y4, PLAY_W),
}
TEAM_BOX = (8, 8, 176, 104)  # both teams' shared life, above the four seat plates
PLATE_H = 146
PLATE_TOPS = {"top": 118, "left": 268, "right": 418, "bottom": 568}
POSITIONS4 = ("bottom", "left", "top", "right")  # seat offsets 0..3 from the bottom seat


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


def position(bottom: int, seat: int, n_seats: int) -> str:
    """Where a seat sits on screen: "bottom", "top" (1v1 opponent, 2v2 teammate), "left", "right"."""
    if seat == bottom:
        return "bottom"
    if n_seats != 4:
        return "top"
    return POSITIONS4[(seat - bottom) % 4]


def seat_at(bottom: int, pos: str, n_seats: int) -> int:
    """The seat shown at a position (the inverse of ``position``)."""
    if n_seats != 4:
        return bottom if pos == "bottom" else 1 - bottom
    return (bottom + POSITIONS4.index(pos)) % 4


@dataclass
class Plate:
    """Fixed spots of one seat's counters on its 2v2 seat plate (left column)."""

    rect: tuple[int, int, int, int]
    name: tuple[int, int]
    status: tuple[int, int]
    deck: tuple[int, int]
    discard: tuple[int, int]
    mindbugs: tuple[int, int]  # centre of the first token; the second is 32 px right
    hand: tuple[int, int]  # centre of the hidden hand's small fan


def plate(pos: str) -> Plate:
    x, top, w = LEFT_PANEL[0], PLATE_TOPS[pos], LEFT_PANEL[2]
    # The piles sit low, so a small window's larger status may take two lines above them; the
    # discard pile at the right, so an eliminated seat's plate (no deck, no hand) has its whole
    # left side for the reason it is out.
    return Plate(rect=(x, top, w, PLATE_H), name=(x + 10, top + 6), status=(x + 10, top + 30),
                 deck=(x + 30, top + 100), discard=(x + 146, top + 100),
                 mindbugs=(x + 128, top + 58), hand=(x + 84, top + 100))


def team_life_pos(row: int) -> tuple[int, int]:
    """Centre of a team's heart in the 2v2 team box: row 0 = the bottom seat's team."""
    x, y = TEAM_BOX[0], TEAM_BOX[1]
    return (x + 30, y + 28 + row * 50)


EXHAUSTED_ROOM = 16  # more room in its row for an exhausted card (8 px at either side)
MIN_SIDE_W = 200  # the narrowest an opponent's play area gets (two cards side by side)
SIDE_GAP = 12


def side_split(model: TableModel, bottom: int) -> float:
    """The x where the left opponent's play area ends and the right one's begins. Each side
    gets room in proportion to how wide its creatures would lie, so one crowded side borrows
    from an emptier one before anything overlaps."""
    widths = []
    for pos in ("left", "right"):
        cids = model.plays[seat_at(bottom, pos, 4)]
        widths.append(max(_row_width(cids, ROW4_W, model.exhausted, 8), MIN_SIDE_W))
    x0, x1 = TABLE_X0 + 8, TABLE_X1 - 8
    avail = x1 - x0 - SIDE_GAP
    left = min(max(avail * widths[0] / sum(widths), MIN_SIDE_W), avail - MIN_SIDE_W)
    return x0 + left + SIDE_GAP / 2


def rows4(split: float | None = None) -> dict[str, tuple[float, float, float, int]]:
    """The four play areas (x0, x1, centre y, card width), the side ones divided at ``split``."""
    if split is None:
        return ROWS4
    rows: dict[str, tuple[float, float, float, int]] = dict(ROWS4)
    lx0, _, ly, lw = ROWS4["left"]
    _, rx1, ry, rw = ROWS4["right"]
    rows["left"] = (lx0, split - SIDE_GAP / 2, ly, lw)
    rows["right"] = (split + SIDE_GAP / 2, rx1, ry, rw)
    return rows


def row_rect(pos: str, split: float | None = None) -> tuple[int, int, int, int]:
    """A 2v2 play area as x, y, w, h (its lane on the felt, the target of a seat pick)."""
    x0, x1, cy, w = rows4(split)[pos]
    h = int(card_h(w)) + 18
    return (int(x0), int(cy - h / 2), int(x1 - x0), h)


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
         x1: float = TABLE_X1 - 10, gap: int = 12,
         small_w: int | None = None) -> list[tuple[int, float, int]]:
    """Centre x and width of each card in a row. A row that does not fit first uses the
    smaller card width (``small_w``), then overlaps: each card keeps at least its left strip
    (the power circle; the renderer writes the name along it) visible, the last one whole."""
    avail = x1 - x0
    if small_w is not None and _row_width(cids, w, exhausted, gap) > avail:
        w, gap = small_w, 6
    widths = [_slot(w, c in exhausted) for c in cids]
    total = sum(widths) + gap * max(0, len(cids) - 1)
    out = []
    if total <= avail or len(cids) < 2:
        x = (x0 + x1) / 2 - total / 2
        for c, cw in zip(cids, widths, strict=True):
            out.append((c, x + cw / 2, w))
            x += cw + gap
        return out
    # Overlap: the cards' left edges are spread evenly so the last card ends at x1.
    x = x0
    room = avail - widths[-1]
    natural = sum(widths[:-1])
    for c, cw in zip(cids, widths, strict=True):
        out.append((c, x + cw / 2, w))
        x += cw * room / natural
    return out


def _slot(w: int, exhausted: bool) -> float:
    """The room a card takes in its row: an exhausted one lies on its side, with room beside it
    for its neighbours' corner marks and rings (they reach past a card's edge)."""
    return card_h(w) + EXHAUSTED_ROOM if exhausted else w


def _row_width(cids: list[int], w: int, exhausted: set[int], gap: int) -> float:
    return sum(_slot(w, c in exhausted) for c in cids) + gap * max(0, len(cids) - 1)


def _hand(cids: list[int], cy: float, w: int, max_span: float, overlap_gap: int) -> list[float]:
    """Centre x of each hand card: spaced apart when few, overlapping when many."""
    n = len(cids)
    if n == 0:
        return []
    step = min(w + overlap_gap, max_span / max(1, n - 1) if n > 1 else w)
    start = TABLE_CX - step * (n - 1) / 2
    return [start + i * step for i in range(n)]


def hand_key(seat: int, index: int, cid: int) -> SpriteKey:
    return cid if cid != HIDDEN else ("hidden", seat, index)


def compute(model: TableModel, bottom: int, face_up_hands: set[int]) -> dict[SpriteKey, Slot]:
    """Every card sprite's target: key -> Slot."""
    if model.n_seats == 4:
        return _compute4(model, bottom, face_up_hands)
    top = next((s for s in range(model.n_seats) if s != bottom), bottom)
    slots: dict[SpriteKey, Slot] = {}
    for seat, is_bottom in ((bottom, True), (top, False)):
        play_y = BOTTOM_PLAY_Y if is_bottom else TOP_PLAY_Y
        row = _row(model.plays[seat], play_y, PLAY_W, model.exhausted, small_w=ROW4_W)
        for z, (cid, x, w) in enumerate(row):
            angle = 90.0 if cid in model.exhausted else 0.0
            slots[cid] = Slot(x, play_y, w, angle, True, 100 + z, "play", seat)
        hand = model.hands[seat]
        if is_bottom:
            xs = _hand(hand, BOTTOM_HAND_Y, HAND_W, 700, 14)
            for i, (cid, x) in enumerate(zip(hand, xs, strict=True)):
                up = seat in face_up_hands and cid != HIDDEN
                slots[hand_key(seat, i, cid)] = Slot(x, BOTTOM_HAND_Y, HAND_W, 0.0, up, 300 + i,
                                                     "hand", seat)
        else:
            shown = seat in face_up_hands
            w, y = (TOP_HAND_UP_W, TOP_HAND_UP_Y) if shown else (OPP_HAND_W, TOP_HAND_Y)
            xs = _hand(hand, y, w, 520, 8)
            for i, (cid, x) in enumerate(zip(hand, xs, strict=True)):
                up = shown and cid != HIDDEN
                slots[hand_key(seat, i, cid)] = Slot(x, y, w, 0.0, up, 50 + i, "hand", seat)
        panel = seat_panel(is_bottom)
        for z, cid in enumerate(model.discards[seat]):
            slots[cid] = Slot(panel.discard[0], panel.discard[1], PILE_W, 0.0, True, 10 + z,
                              "discard", seat)
    if model.stage is not None:
        slots[model.stage] = Slot(stage_x(), STAGE_Y, STAGE_W, 0.0, True, 900, "stage", None)
    return slots


def _compute4(model: TableModel, bottom: int, face_up_hands: set[int]) -> dict[SpriteKey, Slot]:
    """The 2v2 table: four rows; hidden hands and piles on the seat plates at the left."""
    slots: dict[SpriteKey, Slot] = {}
    rows = rows4(side_split(model, bottom))
    for seat in range(4):
        pos = position(bottom, seat, 4)
        x0, x1, cy, w = rows[pos]
        row = _row(model.plays[seat], cy, w, model.exhausted, x0, x1, gap=8, small_w=SMALL_PLAY_W)
        for z, (cid, x, cw) in enumerate(row):
            angle = 90.0 if cid in model.exhausted else 0.0
            slots[cid] = Slot(x, cy, cw, angle, True, 100 + z, "play", seat)
        hand = model.hands[seat]
        if pos == "bottom":
            xs = _hand(hand, BOTTOM_HAND_Y4, HAND_W, 700, 14)
            for i, (cid, x) in enumerate(zip(hand, xs, strict=True)):
                up = seat in face_up_hands and cid != HIDDEN
                slots[hand_key(seat, i, cid)] = Slot(x, BOTTOM_HAND_Y4, HAND_W, 0.0, up, 300 + i,
                                                     "hand", seat)
        else:
            hx, hy = plate(pos).hand
            step = min(5.0, 30 / max(1, len(hand) - 1)) if len(hand) > 1 else 0.0
            for i, cid in enumerate(hand):
                up = seat in face_up_hands and cid != HIDDEN
                x = hx - step * (len(hand) - 1) / 2 + i * step
                slots[hand_key(seat, i, cid)] = Slot(x, hy, MINI_W, 0.0, up, 50 + i, "hand", seat)
        dx, dy = plate(pos).discard
        for z, cid in enumerate(model.discards[seat]):
            slots[cid] = Slot(dx, dy, MINI_W, 0.0, True, 10 + z, "discard", seat)
    if model.stage is not None:
        slots[model.stage] = Slot(stage_x(), STAGE_Y4, STAGE_W, 0.0, True, 900, "stage", None)
    return slots


def deck_pos(bottom_seat: int, seat: int, n_seats: int = 2) -> tuple[int, int]:
    if n_seats == 4:
        return plate(position(bottom_seat, seat, 4)).deck
    return seat_panel(seat == bottom_seat).deck


def discard_pos(bottom_seat: int, seat: int, n_seats: int = 2) -> tuple[int, int]:
    if n_seats == 4:
        return plate(position(bottom_seat, seat, 4)).discard
    return seat_panel(seat == bottom_seat).discard


def pile_w(n_seats: int) -> int:
    return MINI_W if n_seats == 4 else PILE_W


def hand_anchor(bottom_seat: int, seat: int, n_seats: int = 2) -> tuple[int, int]:
    if n_seats == 4:
        if seat == bottom_seat:
            return (TABLE_CX, BOTTOM_HAND_Y4)
        return plate(position(bottom_seat, seat, 4)).hand
    return (TABLE_CX, BOTTOM_HAND_Y if seat == bottom_seat else TOP_HAND_Y)


def token_pos(bottom_seat: int, seat: int, index: int, n_seats: int = 2) -> tuple[int, int]:
    """Where a seat's Mindbug token number ``index`` (0 or 1) sits on its panel or plate."""
    if n_seats == 4:
        x, y = plate(position(bottom_seat, seat, 4)).mindbugs
        return (x + 32 * index, y)
    x, y = seat_panel(seat == bottom_seat).mindbugs
    return (x - 22 + index * 48, y)


def life_pos(bottom_seat: int, team: int, bottom_team: int, n_seats: int = 2) -> tuple[int, int]:
    """Where a team's life counter sits (for the -1 that floats up from it)."""
    if n_seats == 4:  # the -1 floats just right of the team box (the animator adds 40 px)
        _, y = team_life_pos(0 if team == bottom_team else 1)
        return (TEAM_BOX[0] + TEAM_BOX[2] - 6, y)
    return seat_panel(team == bottom_team).life


def life_number_pos(bottom_seat: int, team: int, bottom_team: int, n_seats: int = 2) -> tuple[int, int]:
    """Where the large number of a life lost or gained stands: beside the team's heart, over
    the edge of the table (clear of the heart, whose number it must not hide)."""
    x, y = life_pos(bottom_seat, team, bottom_team, n_seats)
    if n_seats == 4:
        return (x + 70, y)
    return (LEFT_PANEL[0] + LEFT_PANEL[2] + 60, y)


def banner_y(n_seats: int) -> int:
    """The "X's turn" banner: across the middle, clear of the prompt line."""
    return SIDE_PLAY_Y4 if n_seats == 4 else STAGE_Y


def mindbug_banner_y(n_seats: int) -> int:
    """"X takes Y with a Mindbug!": over the far row, dimmed under the played card, so the card
    and the hands stay in view."""
    return ACROSS_PLAY_Y4 + 10 if n_seats == 4 else TOP_PLAY_Y - 8


def prompt_y(n_seats: int) -> int:
    return PROMPT_Y4 if n_seats == 4 else PROMPT_Y


# 2v2, a card on the stage: the Mindbug offer line, then the prompt, from just under the
# teammate's cards down (in a small window either may take two lines), so neither hides a
# creature's name or art; the played card sits lower than in 1v1 to make room.
STAGED_TOP4 = round(ACROSS_PLAY_Y4 + card_h(ROW4_W) / 2) + 4
STAGED_PROMPT_Y4 = STAGED_TOP4 + 19  # the centre of a one-line prompt there
STAGE_Y4 = 400


# 1v1, a card on the stage: the prompt lies in the gap between your row and your hand, and the
# buttons beside the played card start just below the opponent's row, so neither covers a
# creature (over the opponent's row the prompt hid the lower half of every card in it).
STAGED_PROMPT_Y = round((BOTTOM_PLAY_Y + card_h(PLAY_W) / 2 + BOTTOM_HAND_Y - card_h(HAND_W) / 2) / 2)
STAGED_BUTTONS_Y = round(TOP_PLAY_Y + card_h(PLAY_W) / 2) + 6
STAGED_BUTTONS_Y4 = 300


def staged_aside() -> bool:
    """A larger text size (125% and up): the played card waits at the table's left and its
    prompt and buttons take the width at its right (beside a card in the middle the prompt was a
    column of one or two words a line), in 1v1 and 2v2."""
    return legible.legible(12) >= 20


def stage_x() -> int:
    """The centre x of the played card waiting for the Mindbug answer."""
    return TABLE_X0 + 8 + STAGE_W // 2 if staged_aside() else TABLE_CX


def staged_column() -> tuple[int, int]:
    """(left, right) of the prompt and buttons beside the played card in the larger text."""
    return stage_x() + STAGE_W // 2 + 16, TABLE_X1 - 8


def staged_prompt_y(n_seats: int) -> int:
    return STAGED_PROMPT_Y4 if n_seats == 4 else STAGED_PROMPT_Y


def staged_buttons_y(n_seats: int) -> int:
    """The top of the first button beside the played card."""
    return STAGED_BUTTONS_Y4 if n_seats == 4 else STAGED_BUTTONS_Y


def buttons_y(n_seats: int) -> int:
    return BUTTONS_Y4 if n_seats == 4 else BUTTONS_Y


def bottom_play_y(n_seats: int) -> int:
    return BOTTOM_PLAY_Y4 if n_seats == 4 else BOTTOM_PLAY_Y
