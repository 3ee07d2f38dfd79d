"""A box over a scene: a dimmed screen, a title, optional lines of text and a column of buttons
(the pause menu, game over, every "are you sure?")."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

import pygame

from game.common.i18n import _
from game.ui.core.scene import Scene
from game.ui.core.scene_stack import LIFT_KEYS
from game.ui.core.screen_words import BOX_WORDS
from game.ui.kit import fonts, gold, theme, widgets
from game.ui.kit.legible import legible
from game.ui.kit.widgets import Button, ButtonRow

if TYPE_CHECKING:
    from game.ui.core.context import AppContext

# A box's button: (label, action) or (label, action, what the gold rule must know of it).
BoxButton = tuple[str, Callable[[], object]] | tuple[str, Callable[[], object], gold.Offer]  # a callback: its result is ignored

BOX_W = 560  # the menu box's width (wider for buttons wider than BUTTON_W)
BUTTON_W = 360  # its buttons' width, unless a label needs more
SCREEN_W = 1280
LINE_SIZE, LINE_STEP = 22, 30  # its lines' size and spacing (22 is legible at every window size)
TITLE_SIZE, TITLE_LEAST = 46, 32  # its title's size, and the least before it takes two lines
# The title keeps this much of the box clear at either side: a title that filled the box to
# within a few pixels of its edge ("Concede the game?") read as wider than its box.
TITLE_MARGIN = 40
BOTTOM = 708  # the lowest a button may reach (the table is 720 high)
FOOT = 712  # the lowest the box itself may reach: a margin above the window's foot


def line_size() -> int:
    """The lines' size: LINE_SIZE, or the smallest size of a larger text size."""
    return legible(LINE_SIZE)


def line_step() -> int:
    """The lines' spacing, for their size."""
    return max(LINE_STEP, line_size() + 8)


class MenuOverlay(Scene):
    """A dimmed box with a title, optional lines of text and a column of buttons."""

    spoken_words = BOX_WORDS  # its controls, shown and said by F1

    opaque = False
    music = None  # the music of the scene under the box plays on

    def __init__(self, ctx: AppContext, title: str, buttons: Sequence[BoxButton],
                 lines: list[str] | None = None, color=theme.ACCENT, esc: Callable | None = None):
        """``buttons``: (label, action), or (label, action, offer) for a button the gold rule
        must know more of (``gold.DESTROYS``: Concede, Discard, Leave are never gold)."""
        super().__init__(ctx)
        self.title = title
        self.lines = lines or []
        self.color = color
        self.esc = esc
        rects = widgets.column(640, 0, [b[0] for b in buttons], width=BUTTON_W, height=52)
        offers = [b[2] if len(b) == 3 else gold.PLAIN for b in buttons]
        self.gold = gold.choose(offers)  # the button Enter presses (None: none until focused)
        self.row = ButtonRow([Button(r, b[0], b[1], primary=(i == self.gold))
                              for i, (r, b) in enumerate(zip(rects, buttons, strict=True))])
        # Enter with nothing focused presses the gold button once: its repeats press nothing.
        # (A key already down as the box appeared never reaches it: the scene stack's rule.)
        self.held: set[int] = set()
        self._fit()

    def line_size(self) -> int:
        """Its lines' size (a box of many lines, the F1 list, takes a smaller one)."""
        return line_size()

    def line_step(self) -> int:
        return line_step()

    def _fit(self) -> None:
        """Lay the box out for its texts in the current language (Settings, opened from the
        pause menu, can switch it while the box is up). Long lines (a German reason with two
        names) wrap inside the box; a long title (two computers' names) gets smaller, down to
        TITLE_LEAST, then takes a second line; the lines and buttons move down by what it adds."""
        box_w = self._widen_buttons()
        self.shown = [part for line in self.lines
                      for part in fonts.wrap(_(line), fonts.font(self.line_size()), box_w - 60)]
        shown_title = _(self.title)
        room = box_w - 2 * TITLE_MARGIN
        self.title_size = fonts.fit_size(shown_title, room, TITLE_SIZE, TITLE_LEAST, bold=True)
        self.title_lines = fonts.wrap(shown_title, fonts.font(self.title_size, True), room)
        self.title_extra = (len(self.title_lines) - 1) * (self.title_size + 6)
        top = 330 + self.line_step() * len(self.shown) + self.title_extra
        n = len(self.row.buttons)
        self.box = pygame.Rect(0, 0, box_w, top + n * 66 - 170)
        self.box.center = (640, (210 + top + n * 66) // 2)
        # Many lines and buttons (a match's game over): the box moves up so its last button
        # stays on the table, then the buttons close up a little if that is not enough.
        step, bottom = 66, top + (n - 1) * 66 + 52
        lift = max(0, min(max(bottom - BOTTOM, self.box.bottom - FOOT), self.box.top - 10))
        self.box.top -= lift
        top -= lift
        if n > 1 and top + (n - 1) * step + 52 > BOTTOM:
            step = max(58, (BOTTOM - 52 - top) // (n - 1))
        if lift:  # the box ends just below its last button, on the table
            self.box.height = min(self.box.height, top + (n - 1) * step + 52 + 10 - self.box.top)
        for i, b in enumerate(self.row.buttons):
            b.rect.top = top + i * step

    def _widen_buttons(self) -> int:
        """The buttons' width: BUTTON_W, or wider for a label that would be cut there even at the
        least size (a larger text size, a long name); returns the box's width around them."""
        least = legible(12, self.ctx.window_scale)
        need = max((fonts.text_width(_(b.text), least, True) + 24 for b in self.row.buttons if b.text),
                   default=0)
        width = min(SCREEN_W - 120, max(BUTTON_W, need))
        for b in self.row.buttons:
            b.rect.w = width
            b.rect.centerx = 640
        return max(BOX_W, width + 80)

    def handle(self, event: pygame.event.Event) -> bool:
        self.dirty = True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE and self.esc:
            self.esc()
            return True
        if event.type == pygame.KEYUP:
            self.held.discard(event.key)
        elif event.type == pygame.KEYDOWN and event.key in LIFT_KEYS and self.row.focus < 0:
            pressed = self.gold_button()
            if event.key not in self.held and pressed is not None and pressed.enabled:
                pressed.action()
            self.held.add(event.key)
            return True
        self.row.handle(event)
        return True  # modal: nothing reaches the table below

    def gold_button(self) -> Button | None:
        """The gold button (Enter with nothing focused), if there is one."""
        if self.gold is None or not 0 <= self.gold < len(self.row.buttons):
            return None
        return self.row.buttons[self.gold]

    def behind_title(self, surface: pygame.Surface) -> None:
        """What a kind of box draws between its panel and its title (nothing here)."""

    def draw(self, surface: pygame.Surface) -> None:
        self._fit()  # the language may have changed under the box (Settings from the pause menu)
        widgets.dim(surface, 140)
        widgets.panel(surface, self.box, alpha=235)
        self.behind_title(surface)
        # Titles and lines given as English ids (N_) are translated when drawn.
        for i, line in enumerate(self.title_lines):
            widgets.text(surface, line, self.title_size, (640, self.box.y + 50 + i * (self.title_size + 6)),
                         self.color, bold=True, anchor="center")
        for i, line in enumerate(self.shown):
            widgets.text(surface, line, self.line_size(), (640, self.box.y + 100 + self.title_extra + self.line_step() * i),
                         theme.TEXT, anchor="center")
        self.row.draw(surface, self.ctx.window_scale)
