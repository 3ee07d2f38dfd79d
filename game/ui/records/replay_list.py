"""The list of kept games (newest first): date, players, result, turns. Enter or a click
opens the replay viewer; a file that cannot be read is listed with its one-line reason. A game
played on from another replay says so under the list when selected ("Played on from: the
replay of ..., turn 6"); O or a click on that line opens that replay at that moment.

The files are read in a background thread (``game.persist.loading``): the list opens at once
with a "Loading" line and fills as they arrive; the window never waits for the disk."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.common.i18n import N_, _, ngettext
from game.persist.codes import CodeError, encode
from game.persist.loading import ListLoading
from game.persist.record import RecordError
from game.persist.stats import is_assisted
from game.persist.store import REPLAY_MAX_BYTES, read_record
from game.persist.summary import opponent_text, result_line, short_date
from game.ui.core.scene import Scene
from game.ui.core.screen_words import REPLAYS_SCREEN
from game.ui.kit import fonts, theme, widgets
from game.ui.kit.backdrop import draw_backdrop
from game.ui.kit.clipboard import copy_text
from game.ui.kit.legible import legible
from game.ui.kit.widgets import Button, ButtonRow
from game.ui.records.code_entry import CodeEntry
from game.ui.records.origin import OriginText, has_origin, open_origin

if TYPE_CHECKING:
    from game.persist.record import GameRecord
    from game.ui.core.context import AppContext

ROWS = 10
ROW_H = 44
LIST_TOP = 130
MESSAGE_Y = LIST_TOP + ROWS * ROW_H + 38  # under the rows and the link's room
BUTTONS_Y = 640


class ReplaysScene(Scene):
    spoken_words = REPLAYS_SCREEN  # what speech says as the screen comes on top

    speech_title = N_("Replays")

    def __init__(self, ctx: AppContext) -> None:
        super().__init__(ctx)

        self.loading = ListLoading(ctx.store) if ctx.store is not None else None
        self.shown = 0  # entries drawn so far: more arrived means a redraw
        self.shown_loaded = False
        self.selected = 0
        self.first = 0  # the first row shown (scrolling)
        self.message: str | None = None
        self.message_good = False  # the message is a success (the code was copied)
        self.origins: dict = {}  # a row's path -> its OriginText (the turn is worked out once)
        # The list's geometry at 100% text size; a larger size makes rows taller and fewer
        # (``_lay_out``, from each frame's text size).
        self.rows, self.row_h, self.list_top = ROWS, ROW_H, LIST_TOP
        self.sub_lines: list[str] = []
        self.row = ButtonRow([
            Button(pygame.Rect(90, 640, 260, 50), N_("Copy code"), self.copy_code),
            Button(pygame.Rect(370, 640, 260, 50), N_("Open code"), self.open_code),
            Button(pygame.Rect(650, 640, 260, 50), N_("Statistics"), self._stats),
            Button(pygame.Rect(930, 640, 260, 50), N_("Back (Esc)"), self._back),
        ])

    @property
    def entries(self) -> list:
        return self.loading.entries if self.loading is not None else []

    @property
    def loaded(self) -> bool:
        return self.loading is None or self.loading.done

    def leave(self) -> None:
        if self.loading is not None:
            self.loading.cancel()

    @property
    def animating(self) -> bool:
        return not self.loaded  # frames keep coming while the list fills

    def update(self, dt: float) -> None:
        if len(self.entries) != self.shown or self.loaded != self.shown_loaded:
            self.dirty = True  # more rows came (or the last): drawn again, else left alone

    def _back(self) -> None:
        self.ctx.scenes.remove(self)

    def _stats(self) -> None:
        self.ctx.nav.statistics()

    def _full_record(self, index: int) -> GameRecord | None:
        """The finished game of a row, read again whole; None (and the message says why) for
        an unreadable file or a game still going (never shown, never given a code)."""
        self.message_good = False
        if not 0 <= index < len(self.entries):
            return None
        entry = self.entries[index]
        if entry.record is None:
            self.message = entry.error
            return None
        if not entry.record.finished:  # a save copied here: never shown all face up
            self.message = unfinished_line(entry.path.name)
            return None

        try:  # the row kept the record without its choices: the whole file, read again
            record = read_record(entry.path, max_bytes=REPLAY_MAX_BYTES)
        except RecordError as exc:
            self.message = str(exc)
            return None
        if not record.finished:  # the file changed since the row was read
            self.message = unfinished_line(entry.path.name)
            return None
        return record

    def copy_code(self) -> None:
        """The selected game's replay code to the clipboard (a finished game only: encode
        refuses one under way, and so does _full_record before it)."""
        record = self._full_record(self.selected)
        if record is None:
            if not self.entries:
                self.message = _("There is no kept game to copy a code of.")
            return
        try:
            code = encode(record)
        except CodeError as exc:
            self.message = _("No replay code: {reason}").format(reason=exc.reason())
            return
        failed = copy_text(code)
        self.message = failed or _("The replay code is on the clipboard ({count} characters).").format(
            count=len(code))
        self.message_good = failed is None

    def open_code(self, paste: bool = False) -> None:
        """The box for a code; ``paste``: with the clipboard's text in it (Ctrl+V on the list)."""
        entry = CodeEntry(self.ctx)
        self.ctx.scenes.push(entry)
        if paste:
            entry.paste()

    def open(self, index: int) -> None:
        record = self._full_record(index)
        if record is None:
            return
        entry = self.entries[index]
        try:
            self.ctx.nav.replay(record)
        except ValueError as exc:  # RecordError: an illegal choice found while laying it out
            self.message = _("{file} cannot be used: {reason}").format(file=entry.path.name, reason=exc)

    def selected_origin(self):
        """The selected row's link to where it began (an OriginText), or None."""
        if not 0 <= self.selected < len(self.entries):
            return None
        entry = self.entries[self.selected]
        if not has_origin(entry.record):
            return None
        if entry.path not in self.origins:
            self.origins[entry.path] = OriginText(entry.record)
        return self.origins[entry.path]

    def origin_rect(self) -> pygame.Rect:
        """Where the selected row's link goes: just under the last row shown."""
        shown = max(1, min(self.rows, len(self.entries) - self.first))
        return pygame.Rect(140, self.list_top + shown * self.row_h + 2, 1000, self._line_h())

    def _line_h(self) -> int:
        """The height of the link's line and the message's."""
        return max(30, fonts.font(legible(18, self.ctx.window_scale)).get_height() + 4)

    def _lay_out(self, sub: str) -> None:
        """The line under the title (one or two lines), and under it as many rows as fit
        above the link's line, the message's and the buttons, each as tall as its text."""
        size = legible(18, self.ctx.window_scale)
        self.sub_lines = fonts.wrap(sub, fonts.font(size), 1200)[:2]
        sub_bottom = 98 + len(self.sub_lines) * (fonts.font(size).get_height() + 2)
        self.list_top = max(LIST_TOP, sub_bottom + 8)
        self.row_h = max(ROW_H, fonts.font(legible(19, self.ctx.window_scale)).get_height() + 14)
        room = BUTTONS_Y - 6 - 2 * self._line_h() - 4 - self.list_top
        self.rows = max(1, min(ROWS, room // self.row_h))
        if self.entries:
            self.selected, self.first = widgets.scrolled_list(self.selected, len(self.entries), self.first,
                                                              self.rows)

    def open_origin(self) -> None:
        link = self.selected_origin()
        if link is not None:
            refused = open_origin(self.ctx, link.record)
            self.message, self.message_good = refused, False

    def _select(self, index: int) -> None:
        if not self.entries:
            return
        self.selected, self.first = widgets.scrolled_list(index, len(self.entries), self.first, self.rows)

    def spoken_focus(self) -> str | None:
        """Speech: the focused button, else the selected row as it reads ("2 of 5: 2026-03-01
        14:02, against Computer (Medium), You won in 9 turns"), its link, and the message."""
        focus = self.row.focus
        if 0 <= focus < len(self.row.buttons):
            said = _(self.row.buttons[focus].text)
        elif not self.entries:
            said = _("Loading the kept games…") if not self.loaded else \
                _("No finished games yet: every game you finish is kept here.")
        else:
            said = _("{number} of {count}: {row}").format(number=self.selected + 1, count=len(self.entries),
                                                         row=row_words(self.entries[self.selected]))
            link = self.selected_origin()
            if link is not None:
                said += " " + link()
        return " ".join(p for p in (said, self.message) if p)

    def row_rect(self, i: int) -> pygame.Rect:
        return pygame.Rect(140, self.list_top + (i - self.first) * self.row_h, 1000, self.row_h - 4)

    def handle(self, event: pygame.event.Event) -> bool:
        self.dirty = True
        if event.type == pygame.KEYDOWN:
            moves = {pygame.K_DOWN: 1, pygame.K_UP: -1, pygame.K_PAGEDOWN: self.rows,
                     pygame.K_PAGEUP: -self.rows}
            if event.key == pygame.K_ESCAPE:
                self._back()
                return True
            if event.key in moves:
                self._select(self.selected + moves[event.key])
                self.row.focus = -1  # the list has the focus again (its row is said)
                for b in self.row.buttons:
                    b.focused = False
                return True
            if event.mod & (pygame.KMOD_CTRL | pygame.KMOD_META) and event.key == pygame.K_c:
                self.copy_code()
                return True
            if event.mod & (pygame.KMOD_CTRL | pygame.KMOD_META) and event.key == pygame.K_v:
                self.open_code(paste=True)
                return True
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) and self.row.focus < 0:
                self.open(self.selected)
                return True
            if event.key == pygame.K_o:
                self.open_origin()
                return True
        if event.type == pygame.MOUSEWHEEL:
            self._select(self.selected - event.y)
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            if self.selected_origin() is not None and self.origin_rect().collidepoint(event.pos):
                self.open_origin()
                return True
            for i in range(self.first, min(len(self.entries), self.first + self.rows)):
                if self.row_rect(i).collidepoint(event.pos):
                    self.selected = i
                    self.open(i)
                    return True
        return self.row.handle(event)

    def draw(self, surface: pygame.Surface) -> None:
        draw_backdrop(surface, self.ctx.renderer)
        widgets.text(surface, _("Replays"), 48, (640, 40), theme.ACCENT, bold=True, anchor="midtop")
        n = self.shown = len(self.entries)
        self.shown_loaded = self.loaded
        total = self.loading.total if self.loading is not None else None
        sub = _("Loading the kept games… ({count} of {total})").format(
            count=n, total=total if total is not None else "?") if not self.loaded else ngettext("{count} kept game, newest first (Up/Down, Enter to watch, Ctrl+C copies its code)",
                       "{count} kept games, newest first (Up/Down, Enter to watch, Ctrl+C copies its code)", n).format(count=n) \
            if n else _("No finished games yet: every game you finish is kept here.")
        self._lay_out(sub)
        size = legible(18, self.ctx.window_scale)
        y = 98
        for line in self.sub_lines:  # two lines at most: a larger text size
            y = widgets.text(surface, line, size, (640, y), theme.TEXT_DIM, anchor="midtop").bottom + 2
        for i in range(self.first, min(n, self.first + self.rows)):
            self._draw_row(surface, i)
        link = self.selected_origin()
        rect = self.origin_rect()
        if link is not None:  # a click on it opens that replay (underlined: it is a link)
            words = fonts.fit_width(link(), rect.w, size)
            drawn = widgets.text(surface, words, size, rect.center, theme.ACCENT, anchor="center")
            pygame.draw.line(surface, theme.ACCENT, (drawn.x, drawn.bottom - 1), (drawn.right, drawn.bottom - 1))
        if self.message:  # it may quote a file's name, which can hold anything: fitted
            at = min(MESSAGE_Y, BUTTONS_Y - 6 - self._line_h()) if size > 18 else MESSAGE_Y
            at = max(at, rect.bottom + 2) if link is not None else at
            widgets.text(surface, fonts.fit_width(self.message, 1200, size), size, (640, at),
                         theme.GOOD if self.message_good else theme.DANGER, anchor="midtop")
        self._place_buttons()
        self.row.draw(surface, self.ctx.window_scale)

    def _place_buttons(self) -> None:
        """The four buttons across the foot; at a larger text size wider, the whole width."""
        large = legible(22, self.ctx.window_scale) > 22
        width, pitch, x0 = (292, 302, 35) if large else (260, 280, 90)
        for i, b in enumerate(self.row.buttons):
            b.rect = pygame.Rect(x0 + i * pitch, BUTTONS_Y, width, 50)

    def _draw_row(self, surface: pygame.Surface, i: int) -> None:
        entry = self.entries[i]
        r = self.row_rect(i)
        widgets.panel(surface, r, alpha=235 if i == self.selected else 170, radius=8)
        if i == self.selected:
            pygame.draw.rect(surface, theme.SELECT, r, 2, border_radius=8)
        y = r.centery
        rec = entry.record
        if rec is None:
            size = legible(17, self.ctx.window_scale)
            widgets.text(surface, fonts.fit_width(entry.error or _("unreadable"), r.w - 32, size),
                         size, (r.x + 16, y), theme.DANGER, anchor="midleft")
            return
        date_size, size = legible(18), legible(19)
        # A larger text size leaves no room for the time: the day alone (the result needs it).
        date = short_date(rec) if size <= 19 else short_date(rec)[:10]
        widgets.text(surface, date, date_size, (r.x + 16, y), theme.TEXT_DIM, anchor="midleft")
        # The players start after the date as drawn (wider at a larger text size). Names make
        # both texts as long as a file likes: the result keeps up to a third of what is left,
        # the players the rest, each cut with an ellipsis rather than overlapping.
        players_x = r.x + max(200, 16 + fonts.text_width(date, date_size) + 24)
        result = fonts.fit_width(result_line(rec), (r.right - players_x) // (3 if size <= 19 else 2), size)
        players = opponent_text(rec) + (f" · {rec.rules}" if rec.rules != "1v1" else "")
        if is_assisted(rec):  # a move taken back, or played on from a replay
            players += " · " + _("assisted")
        room = r.right - players_x - 16 - fonts.text_width(result, size) - 24
        widgets.text(surface, fonts.fit_width(players, room, size), size, (players_x, y), theme.TEXT,
                     anchor="midleft")
        widgets.text(surface, result, size, (r.right - 16, y), theme.ACCENT, anchor="midright")


def row_words(entry) -> str:
    """A list row in words, as drawn: the date, the players (rules, "assisted"), the result;
    an unreadable file's reason."""
    rec = entry.record
    if rec is None:
        return entry.error or _("unreadable")
    players = opponent_text(rec) + (f", {rec.rules}" if rec.rules != "1v1" else "")
    if is_assisted(rec):
        players += ", " + _("assisted")
    return f"{short_date(rec)}, {players}, {result_line(rec)}"


def unfinished_line(name: str) -> str:
    """A game still going, asked for as a replay (a file copied into Replays, --replay)."""
    return _("Cannot open the replay: {file} is a game in progress; continue it from the title "
             "(its hidden cards are not shown).").format(file=name)
