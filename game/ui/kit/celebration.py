"""A box that arrives with a moment: a solved puzzle, a finished lesson (and, as the base of
``game.ui.match.ending``, the end of a game).

``CelebrationOverlay`` is a ``MenuOverlay`` (title, lines, buttons, the same keys) that comes
in with a band of colour sweeping across behind its title, inside the box; a win throws
confetti, a loss comes in more slowly. The box, its words and its buttons are all there from
the first frame, where they stay; any key or click ends the entrance, and also does what it
does in the box.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

import pygame

from game.common.i18n import _
from game.ui.kit import fonts, theme, widgets
from game.ui.kit.legible import legible, text_scale
from game.ui.kit.menu_overlay import BOTTOM, MenuOverlay, line_step

if TYPE_CHECKING:
    from game.ui.core.context import AppContext

SCREEN_FOOT = 716  # the last button ends above this (the box 4 px below it)
MAX_W = 760  # a celebration's box grows for long names up to this (then they wrap)
TABLE_SIZE = 20
HEAD_MIN = 16  # a long name in the table's head gets smaller down to this before the box grows
ENTRANCE = 0.9  # seconds at speed 1 until the box has arrived
CONFETTI = 70
def confetti_colours() -> tuple:
    return (theme.ACCENT, theme.MINDBUG, theme.GOOD, theme.SELECT, (255, 120, 150))


class CelebrationOverlay(MenuOverlay):
    """``mood`` is "win" (confetti), "loss" (a slow, quiet entrance) or "done" (a puzzle or
    lesson finished: a smaller shower)."""

    def __init__(self, ctx: AppContext, title: str, buttons: Sequence[tuple[str, Callable[[], object]]],  # a callback: its result is ignored
                 lines: list[str] | None = None, color=theme.ACCENT, esc: Callable | None = None,
                 mood: str = "win", seed: int = 0, table: list[list[str]] | None = None,
                 watch: Callable[[list[str]], bool] | None = None,
                 on_leave: Callable[[], None] | None = None) -> None:
        # a small table under the lines: a header of names, then a label and a value per name
        self.full_table = table or []
        self.table = self.full_table  # as shown: none when a large text size leaves no room
        # Asked each frame, never waiting, until it says it has changed the lines it is given
        # (the biggest moment, found in the background); ``on_leave`` when the box goes.
        self.watch = watch
        self.on_leave = on_leave
        super().__init__(ctx, title, buttons, lines, color, esc)
        self.mood = mood
        self.t = 0.0
        self.length = max(0.05, ctx.anim(ENTRANCE * (1.3 if mood == "loss" else 1.0)))
        rng = random.Random(seed)
        count = 0 if mood == "loss" else (CONFETTI if mood == "win" else CONFETTI // 2)
        # (x, start y, fall speed, sway, spin, colour): the same shower for the same seed
        self.confetti = [(rng.uniform(100, 1180), rng.uniform(-300, -10), rng.uniform(160, 300),
                          rng.uniform(10, 40), rng.uniform(2, 7), rng.choice(confetti_colours()))
                         for _i in range(count)]

    def _fit(self) -> None:
        """The box as MenuOverlay lays it out, with a line's room for each row of the table
        (two for its head when a name needs two lines)."""
        real = self.lines
        self.head_rows = 1
        self.table = self.full_table
        self.head_cut = False  # the names on one line, cut, where two lines leave no room
        wide = 0
        while True:
            self.lines = [*real, *(" " for _row in range(len(self.table) + self.head_rows - 1))]
            try:
                super()._fit()
            finally:
                self.lines = real
            if wide and self.box.w < wide:
                self.box.inflate_ip(wide - self.box.w, 0)
            if self.table:
                # Wide enough for every name in the table's head ("Computer (Expert)" was cut
                # to "Computer (E..." in a box of the menus' width), centred where it was; a
                # team's two names that still do not fit take two lines.
                names = max(fonts.text_width(name, legible(HEAD_MIN), True) for name in self.table[0][1:])
                need = 60 + self._label_w() + (len(self.table[0]) - 1) * (names + 16)
                widest = min(1200, round(MAX_W * text_scale()))  # a larger text size: a wider box
                if need > self.box.w:
                    self.box.inflate_ip(min(need, widest) - self.box.w, 0)
            buttons = self.row.buttons
            if len(buttons) > 2 and buttons[-1].rect.bottom > BOTTOM:
                self._two_columns()
            if self.table and buttons[-1].rect.bottom > SCREEN_FOOT:
                if self.head_rows == 2:  # no room for a second line of names: cut them instead
                    self.head_rows, self.head_cut, wide = 1, True, self.box.w
                    continue
                # A large text size and much to say: the buttons matter more than the summary
                # (the box keeps the width its buttons were laid out for)
                self.table, self.head_rows, wide = [], 1, self.box.w
                continue
            if not self.table:
                return
            if self.head_rows == 1 and not self.head_cut and any(len(self._head(name)) > 1
                                                                 for name in self.table[0][1:]):
                self.head_rows = 2
                continue
            return

    def _label_w(self) -> int:
        """The table's first column: as wide as its longest label."""
        return min(self.box.w // 2, max(fonts.text_width(_(row[0]), legible(TABLE_SIZE)) for row in self.table) + 16)

    def _col_w(self) -> int:
        return (self.box.w - 60 - self._label_w()) // max(1, len(self.table[0]) - 1)

    def _head(self, name: str) -> list[str]:
        """A name of the table's head as drawn: one line, or two ("Computer (Expert) &",
        "Computer (Medium)") when it does not fit its column at the smallest size."""
        room = self._col_w() - 8
        if self.head_cut or fonts.text_width(name, legible(HEAD_MIN), True) <= room:
            return [fonts.fit_width(name, room, legible(HEAD_MIN), True)]
        lines = fonts.wrap(name, fonts.font(legible(HEAD_MIN), True), room)
        if " ".join(lines).split() != name.split():  # a word would be broken in two: cut instead
            return [fonts.fit_width(name, room, legible(HEAD_MIN), True)]
        if len(lines) > 2:
            lines = [lines[0], " ".join(lines[1:])]
        return [fonts.fit_width(line, room, legible(HEAD_MIN), True) for line in lines]

    def _two_columns(self) -> None:
        """Too many buttons for one column (a team game's end with every button): the gold one
        across the box, the others two by two under it."""
        buttons = self.row.buttons
        top, gap, height = buttons[0].rect.top, 10, 50
        width = (self.box.w - 60 - gap) // 2
        size = legible(22)
        probe = pygame.Rect(0, 0, width, 2 * fonts.render_text("Ag", size, bold=True).get_height() + 6)
        if any(fonts.ELLIPSIS in "".join(widgets.label_lines(_(b.text), pygame.Rect(0, 0, width, height),
                                                             size, size)[0]) and
               fonts.ELLIPSIS not in "".join(widgets.label_lines(_(b.text), probe, size, size)[0])
               for b in buttons[1:]):
            height = probe.h  # a label that needs two lines at a large text size gets them
        left = self.box.x + 30
        buttons[0].rect = pygame.Rect(left, top, 2 * width + gap, height)
        for i, b in enumerate(buttons[1:]):
            row, col = divmod(i, 2)
            b.rect = pygame.Rect(left + col * (width + gap), top + (row + 1) * (height + gap), width, height)
        self.box.height = buttons[-1].rect.bottom + 14 - self.box.top

    # -- time -----------------------------------------------------------------------------------
    @property
    def arrived(self) -> bool:
        return self.t >= self.length

    @property
    def animating(self) -> bool:
        return not self.arrived or self._confetti_falling()

    def _confetti_falling(self) -> bool:
        return any(y0 + speed * self.t < 760 for _x, y0, speed, *_rest in self.confetti)

    def update(self, dt: float) -> None:
        before = self.t
        self.t += dt
        if before < self.length + 4.0:
            self.dirty = True
        if self.watch is not None and self.watch(self.lines):
            self.watch = None
            self.dirty = True  # fitted again when drawn

    def leave(self) -> None:
        if self.on_leave is not None:
            self.on_leave()

    def handle(self, event: pygame.event.Event) -> bool:
        if not self.arrived and event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN):
            self.t = self.length  # a press ends the entrance at once, and does what it does
            self.dirty = True
        return super().handle(event)

    # -- drawing --------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        """The whole box from the first frame (its words and buttons too: an empty frame for the
        length of the entrance read as broken); the entrance is the band sweeping across it."""
        super().draw(surface)
        self._draw_table(surface)
        self._draw_confetti(surface)

    def _draw_table(self, surface: pygame.Surface) -> None:
        if not self.table:
            return
        first = len(self.shown) - len(self.table) - self.head_rows + 1
        size = legible(TABLE_SIZE)
        label_w = self._label_w()
        col_w = self._col_w()
        top = self.box.y + 100 + self.title_extra
        head_y = top + line_step() * first + line_step() * (self.head_rows - 1) // 2
        for c, name in enumerate(self.table[0][1:]):
            x = self.box.x + 30 + label_w + col_w * c + col_w // 2
            lines = self._head(name)
            if len(lines) == 1:
                fit = fonts.fit_size(name, col_w - 8, size, legible(HEAD_MIN), bold=True)
                widgets.text(surface, fonts.fit_width(name, col_w - 8, fit, bold=True), fit, (x, head_y),
                             theme.ACCENT, bold=True, anchor="center")
                continue
            for k, line in enumerate(lines):
                widgets.text(surface, line, legible(HEAD_MIN), (x, top + line_step() * (first + k)), theme.ACCENT,
                             bold=True, anchor="center")
        for i, row in enumerate(self.table[1:], start=self.head_rows):
            y = top + line_step() * (first + i)
            label = fonts.fit_width(_(row[0]), label_w, size)
            widgets.text(surface, label, size, (self.box.x + 30, y), theme.TEXT, anchor="midleft")
            for c, value in enumerate(row[1:]):
                x = self.box.x + 30 + label_w + col_w * c + col_w // 2
                widgets.text(surface, fonts.fit_width(value, col_w - 8, size), size, (x, y), theme.TEXT,
                             anchor="center")

    def behind_title(self, surface: pygame.Surface) -> None:
        # the box solid under its band: nothing of the table (a banner still fading) shows through
        widgets.panel(surface, self.box, alpha=255)
        self._ribbon(surface, min(1.0, self.t / self.length))

    def _ribbon(self, surface: pygame.Surface, sweep: float) -> pygame.Rect:
        """The band of colour behind the title, inside the box (it never crosses the box's edge),
        ``sweep`` of its width from the left."""
        height = self.title_size + 34 + self.title_extra
        band = pygame.Rect(self.box.x + 2, 0, int((self.box.w - 4) * sweep), height)
        band.centery = self.box.y + 50 + self.title_extra // 2
        if band.w > 0:
            ribbon = pygame.Surface(band.size, pygame.SRCALPHA, 32)
            ribbon.fill((*self.color, 70 if self.mood != "loss" else 50))
            surface.blit(ribbon, band)
        return band

    def _draw_confetti(self, surface: pygame.Surface) -> None:
        for x0, y0, speed, sway, spin, color in self.confetti:
            y = y0 + speed * self.t
            if y > 740 or y < -20:
                continue
            x = x0 + math.sin(self.t * 2 + x0) * sway
            w = max(1, int(10 * abs(math.cos(self.t * spin))))  # a flake turning as it falls
            pygame.draw.rect(surface, color, pygame.Rect(int(x), int(y), w, 6))

