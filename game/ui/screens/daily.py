"""The daily deal: today's deal (by the UTC date, the same for every player of this version),
the level to play it against (part of the result), today's result and the streak, Start, and
after a daily game its result with the shareable line and replay code (Copy).

The logic is game.persist.daily (DailyBook). Here: the screen, and the three steps the
navigator takes (``begin_attempt`` writes the attempt down before the match starts, so a
crash and Continue resume the counted game; ``is_daily_game`` tells a continued game to report
its end; ``record_finish`` writes the result when the game ends).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from functools import partial
from typing import TYPE_CHECKING

import pygame

from game.common.i18n import LEVEL_NAMES, N_, _, ngettext
from game.persist.codes import CodeError, encode
from game.persist.daily import (
    DailyBook,
    Outcome,
    daily_path,
    daily_version,
    deal_for,
    share_line,
    today_utc,
)
from game.persist.record import RecordError
from game.ui.core.match_config import MatchConfig
from game.ui.core.scene import Scene
from game.ui.core.screen_words import DAILY_SCREEN
from game.ui.kit import fonts, theme, widgets
from game.ui.kit.backdrop import draw_backdrop
from game.ui.kit.clipboard import copy_text
from game.ui.kit.legible import legible
from game.ui.kit.widgets import Button, ButtonRow
from game.ui.screens import gallery_layout as fit

if TYPE_CHECKING:
    from game.persist.daily import DailyBook, DayEntry, Outcome
    from game.persist.record import GameRecord
    from game.ui.core.context import AppContext
    from game.ui.core.match_config import MatchConfig

LEVELS = ("easy", "medium", "hard", "expert")  # the computer levels a daily deal is played at
SHARE_BOX = pygame.Rect(190, 430, 900, 190)


# ---------------------------------------------------------------------------------------------
# The navigator's steps
# ---------------------------------------------------------------------------------------------
def open_book(ctx: AppContext) -> tuple[DailyBook, str | None]:
    """The daily record beside the saves (nothing is written without a store) and a message if
    a damaged one was set aside."""
    if ctx.store is None:
        return DailyBook(None), None
    return DailyBook.load(daily_path(ctx.store))


def begin_attempt(ctx: AppContext, level: str,
                  on_finish: Callable[[GameRecord], None]) -> MatchConfig:
    """Today's deal against ``level``: the attempt written down at once (DailyBook.begin), and
    the match's config whose end calls ``on_finish``."""
    deal = replace(deal_for(today_utc(), daily_version()), level=level)
    book, _message = open_book(ctx)
    book.begin(deal)
    return MatchConfig(mode="ai", ai_level=level,
                       names=("You", f"Computer ({LEVEL_NAMES.get(level, level)})"),
                       seed=deal.seed, on_finish=on_finish, rules="1v1", mindbugs=2, sets=1)


def is_daily_game(ctx: AppContext, record: GameRecord) -> bool:
    """A saved game is a daily deal's (its seed is a day's): its end must reach the record."""
    if record.mode != "ai" or record.rules != "1v1" or not record.default_setup:
        return False
    book, _message = open_book(ctx)
    return any(e.seed == record.seed for e in book.days.values())


def record_finish(ctx: AppContext, record: GameRecord) -> Outcome | None:
    """A daily game ended: its outcome (the counted attempt's result written at once), with the
    game's replay code; None if it was no day's deal or the record cannot be read."""
    try:
        code = encode(record)
    except CodeError:
        code = ""  # the line is shared without a code
    try:
        book, _message = open_book(ctx)
        return book.finish(record, code)
    except (RecordError, ValueError, OSError):  # the game itself is not harmed
        return None


def title_line(ctx: AppContext) -> tuple[str | None, str | None]:
    """(today's result and the streak for the title, None without a store; a message if the
    record was damaged and set aside)."""
    if ctx.store is None:
        return None, None
    book, message = open_book(ctx)
    today = today_utc()
    line = _("{today} · streak {count}").format(today=status_words(book.entry(today), short=True),
                                                 count=book.streak(today).current)
    return line, message


def status_words(entry: DayEntry | None, short: bool = False) -> str:
    if entry is None:
        return _("Today: not played yet") if short else \
            _("Not played yet today: your first game counts.")
    if entry.status == "playing":
        return _("Today: under way") if short else \
            _("Today's counted game is under way: continue it from the title. Starting again "
              "gives it up (it then counts as lost).")
    if entry.status == "abandoned":
        return _("Today: given up")
    r = entry.result
    level = _(LEVEL_NAMES.get(entry.level, entry.level))
    if r is not None and r.won:
        if short:
            return _("Today: won")
        return ngettext("Today: won in {count} turn vs {level}, {life} life left.",
                        "Today: won in {count} turns vs {level}, {life} life left.",
                        r.turns).format(count=r.turns, level=level, life=r.life)
    if short:
        return _("Today: lost")
    turns = r.turns if r is not None else 0
    return ngettext("Today: lost in {count} turn vs {level}.",
                    "Today: lost in {count} turns vs {level}.", turns).format(count=turns, level=level)


# ---------------------------------------------------------------------------------------------
# The screen
# ---------------------------------------------------------------------------------------------
class DailyScene(Scene):
    spoken_words = DAILY_SCREEN  # what speech says as the screen comes on top

    def __init__(self, ctx: AppContext, outcome: Outcome | None = None) -> None:
        super().__init__(ctx)

        self.book, self.message = open_book(ctx)
        self.today = today_utc()
        self.deal = deal_for(self.today, daily_version())
        self.entry = self.book.entry(self.today)
        self.outcome = outcome or self._todays_outcome()
        self.level = self.entry.level if self.entry is not None else self.deal.level
        if self.level not in LEVELS:
            self.level = "medium"
        self.message_good = False
        self.row: ButtonRow  # made by _lay_out
        self._lay_out()

    def _todays_outcome(self) -> Outcome | None:
        e = self.entry
        if e is None or e.result is None:
            return None
        return Outcome(self.today, e.level, e.result, True)

    @property
    def counts(self) -> bool:
        return self.entry is None

    def _lay_out(self) -> None:
        width, gap = 190, 14
        left = 640 - (len(LEVELS) * width + (len(LEVELS) - 1) * gap) // 2
        buttons = [Button(pygame.Rect(left + i * (width + gap), 196, width, 48),
                          LEVEL_NAMES[lv], partial(self._pick, lv), primary=lv == self.level)
                   for i, lv in enumerate(LEVELS)]
        start = N_("Start (counts)") if self.counts else N_("Start (practice)")
        bottom = [Button(pygame.Rect(0, 646, 300, 50), start, self._start, primary=True)]
        if self.outcome is not None:
            bottom.append(Button(pygame.Rect(0, 646, 300, 50), N_("Copy"), self._copy))
        bottom.append(Button(pygame.Rect(0, 646, 300, 50), N_("Back (Esc)"), self._back))
        x = 640 - (len(bottom) * 300 + (len(bottom) - 1) * 20) // 2
        for b in bottom:
            b.rect.x = x
            x += 320
        focus = self.row.focus if hasattr(self, "row") else -1
        self.row = ButtonRow(buttons + bottom)
        if 0 <= focus < len(self.row.buttons):
            self.row.focus = focus
            self.row.buttons[focus].focused = True
        self.dirty = True

    # Actions ----------------------------------------------------------------------------------
    def _pick(self, level: str) -> None:
        self.level = level
        self._lay_out()

    def _start(self) -> None:
        self.ctx.nav.start_daily(self.level)

    def share_text(self) -> str:
        return share_line(self.outcome) if self.outcome is not None else ""

    def _copy(self) -> None:
        failed = copy_text(self.share_text())
        self.message = failed or _("The line and its replay code are on the clipboard.")
        self.message_good = failed is None
        self.dirty = True

    def _back(self) -> None:
        self.ctx.scenes.remove(self)

    def handle(self, event: pygame.event.Event) -> bool:
        self.dirty = True
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self._back()
                return True
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) and self.row.focus < 0:
                self._start()
                return True
        return self.row.handle(event)

    # Frame ------------------------------------------------------------------------------------
    def _width(self, scale: float) -> pygame.Rect:
        """The panels' column: 900 wide at 100%; wider (1200) when a line of them would not fit
        it at the drawn text size (150%, 200%)."""
        heads = [(_("Your opponent's level (part of the result)"), 22, True),
                 (self._streak_line(), legible(18, scale), False)]
        if self.outcome is not None:
            heads.append((self._share_head(), 20, True))
        if all(fonts.text_width(t, legible(size), bold) <= 860 for t, size, bold in heads):
            return pygame.Rect(190, 0, 900, 0)
        return pygame.Rect(40, 0, 1200, 0)

    def _streak_line(self) -> str:
        s = self.book.streak(self.today)
        streak = ngettext("Streak: {count} won day in a row (best {best}).",
                          "Streak: {count} won days in a row (best {best}).",
                          s.current).format(count=s.current, best=s.best)
        played = ngettext("{count} day played, {won} won.", "{count} days played, {won} won.",
                          s.played).format(count=s.played, won=s.won)
        return f"{streak} {played}"

    def _share_head(self) -> str:
        # Asked only while there is an outcome to share.
        counts = self.outcome is not None and self.outcome.counts
        return _("Your result (Copy puts it on the clipboard)") if counts else \
            _("Practice result (Copy puts it on the clipboard)")

    def draw(self, surface: pygame.Surface) -> None:
        """The panels stacked by their measured lines (at 100% where they always were: the
        level at y=126, the status at 306, the result at 430); the result's code gives way, cut
        with an ellipsis, where the screen ends above the buttons (Copy copies it whole)."""
        draw_backdrop(surface, self.ctx.renderer)
        scale = self.ctx.window_scale
        widgets.text(surface, _("Daily deal"), 48, (640, 24), theme.ACCENT, bold=True, anchor="midtop")
        sub = legible(19, scale)
        y = 86
        for line in fit.lines(_("The deal of {date} (UTC): the same cards for every player today.")
                              .format(date=self.today.isoformat()), sub, 1240):
            y = fit.line_height(sub) + widgets.text(surface, line, sub, (640, y), theme.TEXT,
                                                    anchor="midtop").y
        column = self._width(scale)
        # The level: its heading, the four buttons, the suggestion under them.
        box = pygame.Rect(column.x, max(126, y + 8), column.w, 168)
        head = legible(22)
        head_lines = fit.lines(_("Your opponent's level (part of the result)"), head, box.w - 40, bold=True)
        buttons_y = max(box.y + 70, box.y + 14 + len(head_lines) * fit.line_height(head, True) + 8)
        suggestion = _("Suggested for today: {level}. The first game of the day counts; later "
                       "ones are practice.").format(level=_(LEVEL_NAMES[self.deal.level]))
        size = fonts.fit_size(suggestion, box.w - 40, legible(17, scale), legible(13, scale))
        sugg_lines = fit.lines(suggestion, size, box.w - 40)
        sugg_y = buttons_y + 48 + 16
        box.h = max(168, sugg_y + len(sugg_lines) * fit.line_height(size) + 12 - box.y)
        widgets.panel(surface, box)
        hy = box.y + 14
        for line in head_lines:
            widgets.text(surface, line, head, (box.centerx, hy), theme.ACCENT, bold=True, anchor="midtop")
            hy += fit.line_height(head, True)
        for b in self.row.buttons[:len(LEVELS)]:
            b.rect.y = buttons_y
        for i, line in enumerate(sugg_lines):
            widgets.text(surface, line, size, (box.centerx, sugg_y + i * fit.line_height(size)),
                         theme.TEXT_DIM, anchor="midtop")
        # The status: today's result, the streak.
        status = pygame.Rect(column.x, box.bottom + 12, column.w, 112)
        body = legible(19, scale)
        words = fit.lines(status_words(self.entry), body, status.w - 40)
        pitch = max(body + 4, fit.line_height(body))
        small = legible(18, scale)
        streak_lines = fit.lines(self._streak_line(), small, status.w - 40)
        streak_y = max(status.y + 78, status.y + 14 + len(words) * pitch + 4)
        status.h = max(112, streak_y + len(streak_lines) * fit.line_height(small) + 12 - status.y)
        widgets.panel(surface, status)
        for i, line in enumerate(words):
            widgets.text(surface, line, body, (status.x + 20, status.y + 14 + i * pitch), theme.TEXT)
        for i, line in enumerate(streak_lines):
            widgets.text(surface, line, small, (status.x + 20, streak_y + i * fit.line_height(small)),
                         theme.ACCENT)
        # The message over the buttons, the result between it and the status.
        end = 646 - 10
        if self.message:
            size = legible(17, scale)
            message_y = min(624, 646 - 4 - fit.line_height(size))
            end = min(end, message_y - 4)
        if self.outcome is not None:
            self._draw_share(surface, scale, pygame.Rect(column.x, status.bottom + 12, column.w,
                                                         max(0, end - status.bottom - 12)))
        if self.message:
            color = theme.GOOD if self.message_good else theme.DANGER
            widgets.text(surface, fonts.fit_width(self.message, 1200, size), size, (640, message_y),
                         color, anchor="midtop")
        self.row.draw(surface, scale)

    def _draw_share(self, surface: pygame.Surface, scale: float, room: pygame.Rect) -> None:
        """The result's panel: 190 high at 100% (at y=430), else as high as the room leaves."""
        box = pygame.Rect(room.x, room.y, room.w, min(SHARE_BOX.h, room.h) if room.w == SHARE_BOX.w
                          else room.h)  # the wide column (a large text size): all the room
        widgets.panel(surface, box)
        head = legible(20)
        y = box.y + 12
        for line in fit.lines(self._share_head(), head, box.w - 40, most=2, bold=True):
            widgets.text(surface, line, head, (box.x + 20, y), theme.ACCENT, bold=True)
            y += fit.line_height(head, True)
        text = self.share_text()
        room = pygame.Rect(box.x + 20, max(box.y + 44, y + 6), box.w - 40, 0)
        room.h = box.bottom - 10 - room.y
        size = legible(17, scale)
        least = legible(11, scale)
        while size > least and len(fonts.wrap(text, fonts.font(size), room.w)) * (size + 4) > room.h:
            size -= 1  # a long code: smaller print rather than out of the box
        pitch = max(size + 4, fit.line_height(size))
        most = max(1, room.h // pitch)
        for i, line in enumerate(fit.lines(text, size, room.w, most=most)):
            if line:
                widgets.text(surface, line, size, (room.x, room.y + i * pitch), theme.TEXT)
