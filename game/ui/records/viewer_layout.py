"""Where the replay viewer's buttons go: pure geometry, no drawing and no scene state.

Each function takes the buttons as (text, action, least width) items and the window's scale,
and returns placed ``Button`` widgets: the step buttons on the table, beside a card shown large
(the Mindbug moment), in 2v2's band, or over the log panel. ``StepHomes`` remembers where the
steps stand with no card shown, so "< Event" and "Event >" stay under the pointer.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import pygame

from game.common.i18n import _
from game.ui.kit import fonts
from game.ui.kit.legible import legible
from game.ui.kit.widgets import Button, label_lines
from game.ui.table import hud, layout

PANEL_TOP = layout.LOG_PANEL[1] + 40  # the log's body: where buttons at the top of the panel go
PANEL_PITCH, PANEL_BUTTON_H = 40, 34  # the panel buttons' rows: from one top to the next, and height


@dataclass
class StepHomes:
    """Where the step buttons stand with no card shown large (text -> rect), and which texts
    are steps."""

    flat: dict[str, pygame.Rect] = field(default_factory=dict)
    step_texts: set[str] = field(default_factory=set)

    def pin(self, column: list[Button], room: pygame.Rect) -> None:
        """Move a column of buttons beside the card shown large (inside ``room``) so that its
        "< Event" or "Event >" lies where it lies with no card: under the pointer of someone
        clicking through the events."""
        step = next((b for b in column if b.text in ("< Event", "Event >")), None)
        home = self.flat.get(step.text) if step is not None else None
        if home is None or step is None:
            return
        # Up or down: the whole column; sideways: the steps' rows alone (the rows under them
        # lie at other heights, so they cannot meet).
        steps = [b for b in column if b.text in self.step_texts]
        span = column[0].rect.unionall([b.rect for b in column])
        dy = max(room.top - span.top, min(room.bottom - span.bottom, home.centery - step.rect.centery))
        span = steps[0].rect.unionall([b.rect for b in steps])
        dx = max(room.left - span.left, min(room.right - span.right, home.centerx - step.rect.centerx))
        for b in column:
            b.rect.move_ip(dx if b in steps else 0, dy)


def flat_layout(n_seats: int, left: list, right: list, scale: float) -> tuple[list[Button], bool]:
    """The step buttons with no card shown large, and whether the window is small: all
    of them, or, where they would reach the middle of the table (where the Mindbug moment
    shows a card), the steps without "|<" and ">|"."""
    card = pygame.Rect(0, 0, layout.STAGE_W + 12, 10)
    card.centerx = layout.TABLE_CX
    flat = flat_steps(n_seats, left, right, scale)
    if any(card.left < b.rect.right and b.rect.left < card.right for b in flat):
        return flat_steps(n_seats, left[1:], right[:-1], scale), True
    return flat, False

def flat_steps(n_seats: int, left: list, right: list, scale: float) -> list[Button]:
    """The step buttons with no card shown large."""
    if n_seats == 4:
        return four_seat_buttons(left, right, False, scale, StepHomes())
    # A small window: larger labels, wider buttons.
    return button_groups([(left, layout.TABLE_X0 + 6, layout.BUTTONS_Y - 19, 38),
                    (right, -(layout.TABLE_X1 - 6), layout.BUTTONS_Y - 19, 38)], "", scale)

def staged_buttons(left: list, right: list, play_speed: list, view: tuple | None, play: str,
                   scale: float, homes: StepHomes) -> list[Button]:
    """The Mindbug moment: a played card is shown large in the middle of the table, across
    the band the buttons use. The buttons go in two columns beside it, as many rows as
    their legible labels need (a 2x2 grid of the steps in a small window), between the
    two rows of creatures: never over the card, never smaller text. Without Play, Speed
    and View (``play_speed`` empty, ``view`` None: they are over the log panel), the
    steps alone."""
    card = pygame.Rect(0, 0, layout.STAGE_W, 10)
    card.centerx = layout.TABLE_CX
    top = round(layout.TOP_PLAY_Y + layout.card_h(layout.PLAY_W) / 2) + 3
    bottom = round(layout.BOTTOM_PLAY_Y - layout.card_h(layout.PLAY_W) / 2) - 3
    columns = ((layout.TABLE_X0 + 6, card.left - 6), (card.right + 6, layout.TABLE_X1 - 6))
    view_row = []
    if view is not None:
        view_text, view_words, view_action = view
        width = columns[1][1] - columns[1][0]
        if hud.button_width(view_text, scale) > width:  # a long name: the words alone say it
            view_text = view_words
        view_row = [(view_text, view_action, 0)]
    plan = ((columns[0], [(left, 16), (play_speed, 15)], False),
            # View above the steps: "< Event" and "Event >" share the second row, where
            # the pointer that clicked them a step ago is.
            (columns[1], [(view_row, 15), (right, 16)], True))
    laid = [[(row, size) for group, size in groups if group
             for row in fit_rows(group, x1 - x0, legible(size, scale))]
            for (x0, x1), groups, _r in plan]
    gap, n = 6, max(map(len, laid))
    h = min(36, (bottom - top - gap * (n - 1)) // n)
    buttons = []
    for ((x0, x1), _g, right_aligned), rows in zip(plan, laid, strict=True):
        column: list[Button] = []
        y = (top + bottom) // 2 - (n * (h + gap) - gap) // 2  # both columns from one top line
        for row, size in rows:
            x = x1 - sum(w for *_t, w in row) - gap * (len(row) - 1) if right_aligned else x0
            for text, action, w in row:
                column.append(Button(pygame.Rect(x, y, w, h), text, action, primary=text == play,
                                     size=legible(size, scale)))
                x += w + gap
            y += h + gap
        homes.pin(column, pygame.Rect(x0, top, x1 - x0, bottom - top))
        buttons += column
    return buttons

def four_seat_buttons(left: list, right: list, staged: bool, scale: float, homes: StepHomes) -> list[Button]:
    """2v2: the steps in the band between the side rows and your row, under the prompt;
    at the Mindbug moment (the prompt goes up) in two columns beside the card, as rows of
    a grid as their legible labels need."""
    side = pygame.Rect(layout.row_rect("left")).bottom
    mine = pygame.Rect(layout.row_rect("bottom")).top
    if not staged:
        y = mine - 3 - 36
        return button_groups([(left, layout.TABLE_X0 + 6, y, 36), (right, -(layout.TABLE_X1 - 6), y, 36)], "", scale)
    card = pygame.Rect(0, 0, layout.STAGE_W, 10)
    card.centerx = layout.TABLE_CX
    buttons = []
    gap = 6
    for group, (x0, x1), right_aligned in ((left, (layout.TABLE_X0 + 6, card.left - 6), False),
                                           (right, (card.right + 6, layout.TABLE_X1 - 6), True)):
        rows = fit_rows(group, x1 - x0, legible(16, scale))
        if right_aligned:  # mirrored: the single steps in the bottom row, as on the left
            rows.reverse()
        h = min(36, (mine - side - 6 - gap * (len(rows) - 1)) // len(rows))
        y = side + 3
        column: list[Button] = []
        for row in rows:
            x = x1 - sum(w for *_t, w in row) - gap * (len(row) - 1) if right_aligned else x0
            for text, action, w in row:
                column.append(Button(pygame.Rect(x, y, w, h), text, action, size=legible(16, scale)))
                x += w + gap
            y += h + gap
        homes.pin(column, pygame.Rect(x0, side + 3, x1 - x0, mine - 3 - side - 3))
        buttons += column
    return buttons

def panel_buttons(items: list, jumps: list, play: str, scale: float, top: int = PANEL_TOP) -> list[Button]:
    """Play, Speed and View, one under the other at the top of the log panel (2v2); the
    jumps to the start and the end side by side under them, if they are here."""
    rows = [[(text, action)] for text, action in items]
    if jumps:
        rows.append([(text, action) for text, action, _w in jumps])
    return panel_rows(rows, top, play, scale)


def panel_rows(rows: list[list[tuple]], top: int, play: str, scale: float) -> list[Button]:
    """Rows of buttons over the log panel from ``top`` down, a row's buttons side by side in
    equal parts; each row as tall as its labels need at a legible size (two lines if a label
    takes them), PANEL_BUTTON_H at least."""
    x, _y, w, _h = layout.LOG_PANEL
    out, y, gap = [], top, 6
    for row in rows:
        width = (w - 8 - gap * (len(row) - 1)) // len(row)
        labels = [without_key(text, width, scale) for text, _a in row]
        h = panel_button_h(labels, width, scale)
        for j, (text, action) in enumerate(row):
            out.append(Button(pygame.Rect(x + 4 + j * (width + gap), y, width, h), labels[j], action,
                              primary=text == play, size=legible(15, scale)))
        y += h + PANEL_PITCH - PANEL_BUTTON_H
    return out


def without_key(text: str, width: int, scale: float) -> str:
    """``text``, or without its trailing key ("Speed x1 (+/-)": "Speed x1") when it would not fit
    on one line of a panel button ``width`` wide: a line saved in the log's short room (How to
    play lists the keys)."""
    shown = _(text)
    head = shown.partition(" (")[0]
    if " (" not in shown or not shown.endswith(")"):
        return text
    if fonts.text_width(shown, legible(12, scale), bold=True) + 20 <= width:
        return text
    return head


def panel_button_h(texts: list[str], width: int, scale: float) -> int:
    """The height a panel button of ``width`` needs for each of ``texts`` (``Button.draw``'s
    label: one line, else two)."""
    h = PANEL_BUTTON_H
    for text in texts:
        lines, size = label_lines(_(text), pygame.Rect(0, 0, width, 400), legible(15, scale), legible(12, scale))
        one = fonts.render_text("Ag", size, bold=True).get_height()
        h = max(h, one * len(lines) + 6)
    return h


def fits_half(text: str, scale: float) -> bool:
    """``text`` fits, whole and on one line, in half the log panel's width."""
    half = (layout.LOG_PANEL[2] - 8 - 6) // 2
    return fonts.text_width(_(text), legible(12, scale), bold=True) + 20 <= half


def large_steps(left: list, right: list, scale: float) -> tuple[list[Button], list, list]:
    """Large text, 1v1: as many steps as fit in one row across the table, centred on the line
    the renderer moves under the prompt (``hud.large_buttons_y``): all eight, or without the
    jumps, or without the turns too. The renderer keeps the row in one place under your
    creatures (``render.place_low_row``), with a card shown large (it waits at the table's
    left) or not: the step clicked stays under the pointer. Returns (the row, the left
    and right steps left out)."""
    room = layout.TABLE_X1 - layout.TABLE_X0 - 16
    size = legible(16, scale)
    for drop in range(0, min(len(left), len(right))):
        shown = left[drop:] + right[:len(right) - drop]
        rows = fit_rows(shown, room, size)
        if len(rows) == 1:
            break
    row = rows[0]
    total = sum(w for *_t, w in row) + 6 * (len(row) - 1)
    x = layout.TABLE_CX - total // 2
    y = hud.large_buttons_y(scale) - 19
    buttons = []
    for text, action, w in row:
        buttons.append(Button(pygame.Rect(x, y, w, 38), text, action, size=size,
                              group="low_row"))
        x += w + 6
    return buttons, left[:drop], right[len(right) - drop:]


def button_groups(groups: list, play: str, scale: float, gap: int = 5) -> list[Button]:
    """Rows of buttons: (items, x, y, height) each, items (text, action, least width), a
    negative x right-aligns the row at -x; every label at a legible size, each button as wide
    as its label needs."""
    buttons = []
    for group, x0, y, h in groups:
        size = legible(16 if h > 32 else 15, scale)
        group = [(text, action, max(w, hud.button_width(_(text), scale))) for text, action, w in group]
        x = x0 if x0 > 0 else -x0 - sum(w + gap for *_t, w in group) + gap
        for text, action, w in group:
            buttons.append(Button(pygame.Rect(x, y, w, h), text, action, primary=text == play, size=size))
            x += w + gap
    return buttons


def fit_rows(group: list, room: int, size: int, gap: int = 6) -> list[list]:
    """``group`` (text, action, least width) laid out in as few rows of equal length as fit in
    ``room``, every label whole at ``size``; the buttons of one column share the column's
    widest width, so a grid lines up."""
    widths = [max(w, fonts.text_width(_(text), size, bold=True) + 24) for text, _a, w in group]
    for n_rows in range(1, len(group) + 1):
        per = -(-len(group) // n_rows)
        cols = [max(widths[i] for i in range(c, len(group), per)) for c in range(per)]
        if sum(cols) + gap * (per - 1) <= room or per == 1:
            return [[(text, action, cols[j]) for j, (text, action, _w) in
                     enumerate(group[r * per:(r + 1) * per])] for r in range(n_rows)
                    if group[r * per:(r + 1) * per]]
    return [[item] for item in group]
