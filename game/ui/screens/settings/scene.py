"""The settings screen: its pages as tabs (``pages.PAGES``), one page's rows at a time.

Mouse: click a tab, a row's button or slider, Done. Keyboard: Tab / Down (Shift+Tab / Up) move
the focus through the page's rows, Done and the shown page's tab, round; on the tab Left / Right
show the page beside it; Ctrl+Tab, Ctrl+Shift+Tab and Page Down / Page Up switch the page from
anywhere (the focus goes to its tab, so speech says which page it is); Enter presses; Left /
Right move a focused slider; Escape saves and leaves, as Done does. ``row.buttons`` holds the
rows first (in order: ``open_row`` gives a row's index), then the tabs, then Done."""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING

import pygame

from game.common import i18n
from game.common.i18n import N_, _
from game.ui.core.scene import Scene
from game.ui.core.screen_words import SETTINGS_SCREEN
from game.ui.kit import fonts, theme, widgets
from game.ui.kit.backdrop import draw_backdrop
from game.ui.kit.legible import largest, legible
from game.ui.kit.widgets import Button, ButtonRow, VolumeSlider
from game.ui.screens.settings.pages import PAGES
from game.ui.screens.settings.rows import Page, Row

if TYPE_CHECKING:
    from game.ui.core.context import AppContext


class SettingsScene(Scene):
    spoken_words = SETTINGS_SCREEN  # what speech says as the screen comes on top

    TAB_TOP, TAB_W, TAB_GAP = 100, 200, 12
    MAX_ROWS = 9
    LABEL_X, CONTROL_X = 300, 760
    LABEL_SIZE = 22
    speech_title = N_("Settings")

    def __init__(self, ctx: AppContext, pages: tuple[Page, ...] = PAGES) -> None:
        super().__init__(ctx)
        self.pages = pages
        self.page = 0
        self.message: str | None = None
        self.binding: str | None = None  # the Keys page: the action whose new key is awaited
        self.row = ButtonRow()
        self._build()

    # --- what is shown ---------------------------------------------------------------------------
    @property
    def rows(self) -> tuple[Row, ...]:
        """The shown page's rows (their buttons come first in ``row.buttons``, in this order)."""
        return self.pages[self.page].rows

    def open_row(self, label: str) -> int:
        """Show the page holding the row ``label`` (an English msgid); its index in ``row.buttons``."""
        for p, page in enumerate(self.pages):
            for i, r in enumerate(page.rows):
                if r.label == label:
                    if p != self.page:
                        self.show_page(p)
                    return i
        raise KeyError(label)

    def show_page(self, index: int, focus_tab: bool = False) -> None:
        self.page = index % len(self.pages)
        self.message = self.binding = None
        self._build(focus=len(self.rows) + self.page if focus_tab else -1)

    # The layout is made once for the largest text size and the longest language (issue 42,
    # finding 11): a click on Text size or Language changes the words, never where a tab, a
    # row or Done is, so the next click lands where the pointer already is.
    def _tab_rect(self, i: int) -> pygame.Rect:
        widths = self._tab_widths()
        left = 640 - (sum(widths) + (len(widths) - 1) * self.TAB_GAP) // 2
        x = left + sum(widths[:i]) + i * self.TAB_GAP
        return pygame.Rect(x, self.TAB_TOP, widths[i], self._tab_h(widths))

    def _tab_widths(self) -> list[int]:
        """Each tab as wide as its longest title (in any language, at the largest text size)
        needs, at least TAB_W; equal shares of the row when they do not all fit in it."""
        size = largest(20)
        need = [max(self.TAB_W, max(fonts.text_width(t, size, True) for t in i18n.every_language(p.title)) + 40)
                for p in self.pages]
        n = len(need)
        if sum(need) + (n - 1) * self.TAB_GAP <= 1180:
            return need
        return [(1180 - (n - 1) * self.TAB_GAP) // n] * n

    def _tab_h(self, widths: list[int]) -> int:
        """The tabs' height: two lines when a page's title, in any language, does not fit on one
        at the largest text size."""
        size = largest(20)
        fits = all(fonts.text_width(t, size, True) <= w - 20
                   for p, w in zip(self.pages, widths) for t in i18n.every_language(p.title))
        return (1 if fits else 2) * widgets.line_height(size, True) + 10

    def grid(self) -> tuple[int, int, int, int, int, int]:
        """(top, step, height, label x, control x, control width) of the rows, made for the
        largest text size (their words are drawn at the size chosen)."""
        h = widgets.line_height(largest(self.LABEL_SIZE)) + 6
        return self._tab_rect(0).bottom + 18, h + 2, h, 60, 760, 420

    def done_rect(self) -> pygame.Rect:
        top, step, h = self._grid[:3]
        return pygame.Rect(470, max(580, top + self.MAX_ROWS * step + 4), 340, h + 6)

    def _build(self, focus: int | None = None) -> None:
        """The buttons: the page's rows, the tabs, Done. ``focus``: the index to focus (-1:
        none); by default the focus stays where it was."""
        buttons: list[Button] = []
        top, step, h, _label_x, control_x, control_w = self._grid = self.grid()
        for i, r in enumerate(self.rows[: self.MAX_ROWS]):
            y = top + i * step
            if r.is_slider:
                assert r.slider is not None and r.slide is not None
                slide = r.slide
                buttons.append(VolumeSlider(pygame.Rect(control_x, y, control_w + 40, h), r.slider(self),
                                            partial(self._slid, slide)))
            else:
                buttons.append(Button(pygame.Rect(control_x, y, control_w, h), r.value(self),
                                      partial(self._press, r)))
        for i, page in enumerate(self.pages):
            buttons.append(Button(self._tab_rect(i), page.title, partial(self.show_page, i, True), size=20))
        buttons.append(Button(self.done_rect(), N_("Done"), self._done, primary=True))
        keep = self.row.focus if focus is None else focus
        self.row = ButtonRow(buttons)
        if 0 <= keep < len(buttons):
            self.row.focus = keep
            buttons[keep].focused = True
        self.dirty = True

    def _press(self, r: Row) -> None:
        if r.action is not None:
            r.action(self)
        self._build()

    def _slid(self, slide, value: float) -> None:
        slide(self, value)
        self.dirty = True

    def _done(self) -> None:
        self.message = self.ctx.save_settings()
        if self.message is None:
            self.ctx.scenes.pop()

    # --- speech ----------------------------------------------------------------------------------
    def spoken_focus(self) -> str | None:
        """Speech: the focused row's label and value ("Sound: On", a slider's in per cent), a
        tab's page and place ("Display, page 3 of 3"), else the button's words; while the Keys
        page awaits a key, the line shown (what to press, or why a key was refused)."""
        if self.binding is not None and self.message:
            return self.message
        focus = self.row.focus
        if not 0 <= focus < len(self.row.buttons):
            return None
        button = self.row.buttons[focus]
        rows = self.rows[: self.MAX_ROWS]
        if focus < len(rows):
            r = rows[focus]
            shown = i18n.percent(round(button.value * 100) / 100) if isinstance(button, VolumeSlider) else _(r.value(self))
            return _("{setting}: {value}").format(setting=_(r.label), value=shown)
        tab = focus - len(rows)
        if tab < len(self.pages):
            return _("{page}, page {number} of {count}").format(
                page=_(self.pages[tab].title), number=tab + 1, count=len(self.pages))
        return _(button.text)

    # --- input -----------------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> bool:
        self.dirty = True
        own = self.pages[self.page].handle
        if own is not None and own(self, event):
            self._build()
            return True
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self._done()
                return True
            ctrl = event.mod & pygame.KMOD_CTRL
            shift = event.mod & pygame.KMOD_SHIFT
            if (event.key == pygame.K_TAB and ctrl) or event.key in (pygame.K_PAGEDOWN, pygame.K_PAGEUP):
                back = event.key == pygame.K_PAGEUP or (event.key == pygame.K_TAB and shift)
                self.show_page(self.page + (-1 if back else 1), focus_tab=True)
                return True
        focused = self.row.buttons[self.row.focus] if 0 <= self.row.focus < len(self.row.buttons) else None
        if isinstance(focused, VolumeSlider) and event.type == pygame.KEYDOWN \
                and event.key in (pygame.K_LEFT, pygame.K_RIGHT):
            focused.set(focused.value + (0.05 if event.key == pygame.K_RIGHT else -0.05))
            return True
        if event.type == pygame.KEYDOWN and self._move_focus(event):
            return True
        return self.row.handle(event)

    def _move_focus(self, event: pygame.event.Event) -> bool:
        """Tab and the arrows: through the rows, Done and the shown page's tab, round; Left and
        Right on a tab switch the page (a tab list's keys)."""
        n_rows = len(self.rows[: self.MAX_ROWS])
        tab, done = n_rows + self.page, n_rows + len(self.pages)
        on_tab = n_rows <= self.row.focus < done
        if on_tab and event.key in (pygame.K_LEFT, pygame.K_RIGHT):
            self.show_page(self.page + (1 if event.key == pygame.K_RIGHT else -1), focus_tab=True)
            return True
        back = event.key in (pygame.K_UP, pygame.K_LEFT) or \
            (event.key == pygame.K_TAB and event.mod & pygame.KMOD_SHIFT)
        if event.key not in (pygame.K_TAB, pygame.K_DOWN, pygame.K_RIGHT, pygame.K_UP, pygame.K_LEFT):
            return False
        order = [*range(n_rows), done, tab]
        here = self.row.focus if not on_tab else tab
        if here in order:
            nxt = order[(order.index(here) + (-1 if back else 1)) % len(order)]
        else:
            nxt = order[-1] if back else order[0]
        self.row.focus = nxt
        for i, b in enumerate(self.row.buttons):
            b.focused = i == nxt
        return True

    # --- drawing ---------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        draw_backdrop(surface)
        widgets.text(surface, _("Settings"), 46, (640, 52), theme.ACCENT, bold=True, anchor="center")
        top, step, h, label_x, control_x, _w = self._grid
        size = legible(self.LABEL_SIZE)
        for i, r in enumerate(self.rows[: self.MAX_ROWS]):
            widgets.text(surface, fonts.fit_width(_(r.label), control_x - 12 - label_x, size), size,
                         (label_x, top + h // 2 + i * step), theme.TEXT, anchor="midleft")
        self.row.draw(surface, self.ctx.window_scale)
        tab = self._tab_rect(self.page)  # the shown page's tab: a bar under it, not colour alone
        pygame.draw.rect(surface, theme.ACCENT, (tab.x + 8, tab.bottom + 4, tab.w - 16, 5), border_radius=2)
        note = self.pages[self.page].note
        # The message (a refused key, "Press the new key...") or the page's note: under Done, in
        # the room left there, wrapped; a line that finds no room is cut with "…" (speech says
        # the message whole).
        shown = self.message or (_(note) if note else "")
        if shown:
            size = legible(18 if self.message else 17, self.ctx.window_scale)
            room = pygame.Rect(30, self.done_rect().bottom + 6, 1220, 0)
            room.h = 716 - room.y
            line_h = widgets.line_height(size)
            lines = fonts.wrap(shown, fonts.font(size), room.w)
            fit = max(1, room.h // line_h)
            if len(lines) > fit:
                lines = lines[: fit - 1] + [fonts.fit_width(" ".join(lines[fit - 1:]), room.w, size)]
            color = theme.DANGER if self.message else theme.TEXT_DIM
            for i, line in enumerate(lines):
                widgets.text(surface, line, size, (640, room.y + i * line_h), color, anchor="midtop")
