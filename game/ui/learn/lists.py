"""The two lists reached from the title: the tutorial's lessons and the puzzles.

Each row is a button (mouse, or Tab / arrows and Enter); a tick marks what is done. The rows
are rebuilt when the language changes, so their texts are translated when drawn.

In a small window the text grows to stay legible (``legible``), so the rows grow too and may no
longer all fit: the list then scrolls (arrows, Page Up/Down, Home/End, the mouse wheel), a bar
at its right shows where the view is, and the row with the focus is always in view.
"""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING, Generic, TypeVar

import pygame

from game.common.i18n import _, language
from game.learn.puzzles import PuzzleError, list_puzzles
from game.learn.tutorial import LessonError, list_lessons
from game.ui.core.scene import Scene
from game.ui.core.screen_words import LISTS_SCREEN
from game.ui.kit import fonts, theme, widgets
from game.ui.kit.backdrop import draw_backdrop
from game.ui.kit.legible import legible
from game.ui.kit.widgets import Button, ButtonRow
from game.ui.learn import draw as learn_draw
from game.ui.learn import progress as progress_mod
from game.ui.learn.lesson_match import LessonMatch
from game.ui.learn.puzzle_match import PuzzleMatch, difficulty_text, goal_text
from game.ui.table import miniature

if TYPE_CHECKING:
    from game.learn.puzzles import Puzzle
    from game.learn.tutorial import Lesson
    from game.ui.core.context import AppContext

Entry = TypeVar("Entry")  # what one row of the list stands for (a lesson, a puzzle)

LIST_X, LIST_W = 150, 980
LIST_BOTTOM = 638  # the rows end above the Back button (at most 644) and the footer line
BAR_GAP, BAR_W = 12, 8  # the scroll bar, right of the rows


def _line_h(size: int) -> int:
    """A line's height at ``size``, accents and descenders in (German capitals with umlauts)."""
    return fonts.render_text("ÜÄgy", size, theme.TEXT, False).get_height() + 1


class ListScene(Scene, Generic[Entry]):
    """A heading, one button per entry, a Back button, and a line for what went wrong."""

    spoken_words = LISTS_SCREEN  # its controls, shown and said by F1

    row_h = 24
    gap = 3
    top = 92

    def __init__(self, ctx: AppContext, progress: progress_mod.Progress | None = None) -> None:
        super().__init__(ctx)
        self.progress = progress or progress_mod.load()
        self.message: str | None = self.progress.message
        self.error: str | None = None
        self.entries: list[Entry] = []
        self.row = ButtonRow()
        self.first = 0  # the first row in view (the list scrolls when they do not all fit)
        self.mouse: tuple[int, int] | None = None  # where the pointer was last seen
        self._lang = ""
        self._two_lines: tuple[tuple, bool] | None = None  # (what it was measured for, the answer)

    # --- what a list shows ------------------------------------------------------------------
    def heading(self) -> str:
        raise NotImplementedError

    def done(self, entry: Entry) -> bool:
        raise NotImplementedError

    def columns(self, i: int, entry: Entry) -> list[tuple[str, int, tuple]]:
        """(text, x offset, colour) drawn on the entry's row."""
        raise NotImplementedError

    def footer(self) -> str:
        return ""

    # --- speech (game.ui.core.speech_out) ----------------------------------------------------
    def speech_title(self) -> str:
        """Said when the list comes up: its heading and the footer's count and keys."""
        return f"{self.heading()}. {self.footer()}".strip()

    def spoken_focus(self) -> str | None:
        """The focused row's words as drawn, and whether it is done (drawn only as a colour)."""
        i = self.row.focus
        if 0 <= i < len(self.entries):
            words = " ".join(text for text, _x, _c in self.columns(i, self.entries[i]) if text)
            return _("{entry}: done.").format(entry=words) if self.done(self.entries[i]) else words
        if 0 <= i < len(self.row.buttons):
            return _(self.row.buttons[i].text)
        return None

    # --- its files ---------------------------------------------------------------------------
    def file_error(self) -> type[Exception]:
        """The error the list's files raise when one cannot be used (a one-line message)."""
        raise NotImplementedError

    def read(self) -> list[Entry]:
        """The entries, from the files."""
        raise NotImplementedError

    def unreadable(self) -> str:
        """The line when the list cannot be read, with ``{reason}``."""
        raise NotImplementedError

    def make(self, i: int) -> Scene:
        """The match of entry ``i``."""
        raise NotImplementedError

    def load(self) -> None:
        """Read the entries; a list that cannot be read is a line, not a traceback."""
        try:
            self.entries = self.read()
        except self.file_error() as exc:
            self.error = self.unreadable().format(reason=exc)
        self.build()

    def open(self, i: int) -> None:
        """Start entry ``i``; a file that cannot be used is a line on the list."""
        self.row.focus = i
        try:
            scene = self.make(i)
        except self.file_error() as exc:
            self.error = str(exc)
            self.dirty = True
            return
        self.ctx.scenes.push(scene)

    # --- building, input --------------------------------------------------------------------
    def build(self) -> None:
        focus = self.row.focus
        buttons = [Button(pygame.Rect(0, 0, 0, 0), "", partial(self.open, i)) for i in range(len(self.entries))]
        buttons.append(Button(pygame.Rect(0, 0, 260, 40), _("Back"), self.ctx.scenes.pop,
                              primary=not self.entries))
        self.row = ButtonRow(buttons)
        if focus < 0:
            focus = self.first_focus()
            self.first = focus - self.shown() // 2  # where the player left off, mid-view
        self.row.focus = min(focus, len(buttons) - 1)
        self.row.buttons[self.row.focus].focused = True
        self.place()
        self._lang = language()
        self.dirty = True

    # --- the rows' sizes and the scrolled view ------------------------------------------------
    def list_x(self) -> int:
        """Where the rows begin."""
        return LIST_X

    def list_w(self) -> int:
        """How wide the rows are."""
        return LIST_W

    def bar_x(self) -> int:
        return self.list_x() + self.list_w() + BAR_GAP

    def base_size(self) -> int:
        """The rows' text size in a full-size window."""
        return 18 if self.row_h >= 30 else 16

    def _flowed(self, rows: list[list[tuple[str, int, tuple]]], size: int) -> list[tuple[int, int]]:
        """At a larger text size: each column's (x in the row, width) so that no column runs
        into the next, the widest cut first when the row is too narrow for them all."""
        if not rows:
            return []
        n = len(rows[0])
        widths = [max(fonts.text_width(row[c][0], size) for row in rows) for c in range(n)]
        gap, start = 16, rows[0][0][1]
        room = self.row.buttons[0].rect.w - start - 12 if self.row.buttons else 1000
        while sum(widths) + gap * (n - 1) > room:
            widest = max(range(n), key=lambda c: widths[c])
            over = sum(widths) + gap * (n - 1) - room
            widths[widest] = max(40, widths[widest] - over)
            if widths[widest] == 40:
                break
        out, x = [], start
        for w in widths:
            out.append((x, w))
            x += w + gap
        return out

    def text_size(self) -> int:
        """The rows' text size: legible in the window's size."""
        return legible(self.base_size(), self.ctx.window_scale)

    def pitch(self) -> tuple[int, int]:
        """(row height, row height + gap): rows grow with their text, keeping its margins (two
        lines of it, when the columns take two)."""
        row_h = self.row_h + 2 * (self.text_size() - self.base_size())
        if self.two_lines():
            row_h = max(row_h, 2 * _line_h(self.text_size()) + 8)
        return row_h, row_h + self.gap

    def columns_measured(self) -> bool:
        """The columns are placed by their measured widths already (nothing to flow)."""
        return False

    def two_lines(self) -> bool:
        """At a larger text size, a row of three columns or more whose words would not fit side
        by side takes two lines: the number, the title and the last column on the first, the
        columns between under the title (nothing is cut that the room could show)."""
        if legible(16) <= 16 or not self.entries:
            return False
        size = self.text_size()
        # Asked several times a frame (pitch, place, draw): measured once per size and language.
        key = (size, language(), self.list_w(), id(self.entries), len(self.entries))
        if self._two_lines is not None and self._two_lines[0] == key:
            return self._two_lines[1]
        rows = [self.columns(i, e) for i, e in enumerate(self.entries)]
        two = False
        if len(rows[0]) >= 4:
            widths = [max(fonts.text_width(row[c][0], size) for row in rows) for c in range(len(rows[0]))]
            two = sum(widths[1:]) + 16 * (len(widths) - 2) > self.list_w() - rows[0][1][1] - 12
        self._two_lines = (key, two)
        return two

    def _draw_two_lines(self, surface: pygame.Surface, r: pygame.Rect,
                        columns: list[tuple[str, int, tuple]], size: int) -> None:
        """One row on two lines (``two_lines``)."""
        line_h = _line_h(size)
        upper = r.centery - line_h // 2
        lower = upper + line_h
        number, title, *middle, last = columns
        widgets.text(surface, number[0], size, (r.x + number[1], upper), number[2], anchor="midleft")
        last_at = widgets.text(surface, last[0], size, (r.right - 12, upper), last[2], anchor="midright")
        x = r.x + max(title[1], number[1] + fonts.text_width(f"{len(self.entries)}.", size) + 12)
        widgets.text(surface, fonts.fit_width(title[0], last_at.x - 16 - x, size), size, (x, upper),
                     title[2], anchor="midleft")
        words = " · ".join(text for text, _dx, _c in middle)
        widgets.text(surface, fonts.fit_width(words, r.right - 12 - x, size), size, (x, lower),
                     middle[0][2], anchor="midleft")

    def shown(self) -> int:
        """How many rows fit in view (all of them in a full-size window)."""
        return min(len(self.entries), max(1, (LIST_BOTTOM - self.foot_room() - self.top + self.gap)
                                          // self.pitch()[1]))

    def footer_lines(self) -> list[str]:
        """The footer, wrapped at the screen's width (two lines at a large text size in German)."""
        footer = self.footer()
        size = legible(16, self.ctx.window_scale)
        return fonts.wrap(footer, fonts.font(size), 1240) if footer else []

    def foot_room(self) -> int:
        """What a footer of more than one line takes from the rows and lifts Back by."""
        lines = len(self.footer_lines())
        return max(0, lines - 1) * widgets.line_height(legible(16, self.ctx.window_scale))

    def place(self) -> None:
        """Put the rows in view where they belong and every other row nowhere (no click finds
        it); the focused row is always in view, the view never past the list's ends."""
        n, shown = len(self.entries), self.shown()
        if 0 <= self.row.focus < n:
            self.first = min(max(self.first, self.row.focus - shown + 1), self.row.focus)
        self.first = max(0, min(self.first, n - shown))
        row_h, pitch = self.pitch()
        for i, b in enumerate(self.row.buttons[:n]):
            k = i - self.first
            b.rect = (pygame.Rect(self.list_x(), self.top + k * pitch, self.list_w(), row_h) if 0 <= k < shown
                      else pygame.Rect(0, 0, 0, 0))
        y = self.top + shown * pitch + 6  # as before: 6 below the last row's gap
        self.row.buttons[-1].rect = pygame.Rect(640 - 130, min(y, 644 - self.foot_room()), 260, 40)
        if self.mouse is not None:  # the rows moved under a still pointer
            for b in self.row.buttons:
                b.hover = b.rect.collidepoint(self.mouse)

    def in_view(self, i: int) -> bool:
        return self.first <= i < self.first + self.shown()

    def scroll(self, rows: int) -> None:
        """Move the view (the wheel); the focus, if on a row, stays on a row in view."""
        self.first += rows
        n, shown = len(self.entries), self.shown()
        self.first = max(0, min(self.first, n - shown))
        if 0 <= self.row.focus < n and not self.in_view(self.row.focus):
            self.focus(min(max(self.row.focus, self.first), self.first + shown - 1))
        self.place()

    def focus(self, i: int) -> None:
        self.row.focus = i
        for k, b in enumerate(self.row.buttons):
            b.focused = k == i

    def first_focus(self) -> int:
        """The first entry not done yet (where the player left off)."""
        return next((i for i, e in enumerate(self.entries) if not self.done(e)), 0)

    def resume(self) -> None:
        super().resume()
        self.row.focus = -1  # back from an entry: on to the first one not done yet
        self.build()  # ticks may have changed

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONUP, pygame.KEYDOWN,
                          pygame.MOUSEWHEEL):
            self.dirty = True
        if event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.ctx.scenes.pop()
            return True
        if event.type == pygame.MOUSEBUTTONDOWN:
            self.message = None
        if event.type == pygame.MOUSEWHEEL and self.entries:
            self.scroll(-event.y)
            return True
        if event.type == pygame.KEYDOWN and self.entries and event.key in _JUMPS:
            self.jump(event.key)
            return True
        used = self.row.handle(event)
        if event.type == pygame.KEYDOWN:
            self.place()  # the focus may have moved off the view: it follows
        return used

    def jump(self, key: int) -> None:
        """Page Up/Down: the focus and the view a view's worth of rows on; Home/End: the first
        or the last row. From Back, paging goes into the list at its nearer end."""
        n, shown, at = len(self.entries), self.shown(), self.row.focus
        if key in (pygame.K_HOME, pygame.K_END):
            to = 0 if key == pygame.K_HOME else n - 1
        elif not 0 <= at < n:
            to = n - 1 if key == pygame.K_PAGEUP else 0
        else:
            step = shown if key == pygame.K_PAGEDOWN else -shown
            to = max(0, min(n - 1, at + step))
            self.first += step  # the next view, not only the next row at its edge
        self.focus(to)
        self.place()

    # --- drawing ----------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        if self._lang != language():
            self.build()
        self.place()  # the window may have changed size: the rows follow
        scale = self.ctx.window_scale
        draw_backdrop(surface, self.ctx.renderer)
        widgets.text(surface, self.heading(), 44, (640, 52), theme.ACCENT, bold=True,
                     anchor="center")
        size = self.text_size()
        shown = [i for i in range(len(self.entries)) if self.in_view(i)]
        two = self.two_lines()
        place = self._flowed([self.columns(i, self.entries[i]) for i in shown], size) \
            if legible(16) > 16 and not two and not self.columns_measured() else None
        for i, entry in enumerate(self.entries):
            if not self.in_view(i):
                continue
            b = self.row.buttons[i]
            b.draw(surface, scale)
            r = b.rect
            if self.done(entry):
                learn_draw.check_mark(surface, (r.x + 20, r.centery), 14)
            if two:
                self._draw_two_lines(surface, r, self.columns(i, entry), size)
                continue
            for c, (text, dx, color) in enumerate(self.columns(i, entry)):
                if place is not None:  # a larger text size: the columns follow their words
                    dx, room = place[c]
                    text = fonts.fit_width(text, room, size)
                widgets.text(surface, text, size, (r.x + dx, r.centery), color, anchor="midleft")
        self.row.buttons[-1].draw(surface, scale)
        self.draw_scroll_bar(surface)
        size = legible(16, scale)  # centred at 704, or higher for a tall text size: on screen
        footer = self.footer_lines()
        line_h = widgets.line_height(size)
        y = min(704, 719 - line_h // 2) - (len(footer) - 1) * line_h
        for words in footer:
            widgets.text(surface, words, size, (640, y), theme.TEXT_DIM, anchor="center")
            y += line_h
        line = self.error or self.message
        if line:
            size = legible(17, scale)
            lines = fonts.wrap(line, fonts.font(size), 760)
            box = pygame.Rect(240, 8, 800, (size + 5) * len(lines) + 16)
            widgets.panel(surface, box, alpha=240)
            widgets.paragraph(surface, line, size, box.inflate(-40, -16), theme.ACCENT)

    def scroll_bar(self) -> tuple[pygame.Rect, pygame.Rect] | None:
        """(track, thumb) when the rows do not all fit: the thumb is the part in view."""
        n, shown = len(self.entries), self.shown()
        if shown >= n:
            return None
        _row_h, pitch = self.pitch()
        track = pygame.Rect(self.bar_x(), self.top, BAR_W, shown * pitch - self.gap)
        h = max(24, track.h * shown // n)
        y = track.y + (track.h - h) * self.first // (n - shown)
        return track, pygame.Rect(track.x, y, BAR_W, h)

    def draw_scroll_bar(self, surface: pygame.Surface) -> None:
        bar = self.scroll_bar()
        if bar is None:
            return
        track, thumb = bar
        pygame.draw.rect(surface, theme.BUTTON, track, border_radius=BAR_W // 2)
        pygame.draw.rect(surface, theme.ACCENT, thumb, border_radius=BAR_W // 2)


_JUMPS = (pygame.K_PAGEUP, pygame.K_PAGEDOWN, pygame.K_HOME, pygame.K_END)


PREVIEW_MIN_W = 260  # narrower than this, a preview shows too little: the list goes without
PREVIEW_GAP = 20  # between the scroll bar and the preview
COLUMN_GAP = 24  # between the measured columns of a puzzle's row


class PuzzlesScene(ListScene["Puzzle"]):
    """Every puzzle: title, goal, difficulty, and a tick once solved; beside the rows, a small
    picture of the position of the puzzle under the pointer or the focus (the real table,
    drawn once per puzzle and kept: ``game.ui.table.miniature``)."""

    def __init__(self, ctx: AppContext, progress: progress_mod.Progress | None = None,
                 level: str = "hard") -> None:
        super().__init__(ctx, progress)
        self.level = level
        self.previews = miniature.MiniatureCache(limit=64)
        self._widths: tuple[tuple, tuple[int, int, int]] | None = None
        self.load()

    # --- the measured columns and the preview beside them -------------------------------------
    def column_widths(self) -> tuple[int, int, int]:
        """The widest title, goal and difficulty at the rows' text size (measured, kept)."""
        size, lang = self.text_size(), language()
        key = (size, lang, tuple(e.key for e in self.entries))
        if self._widths is None or self._widths[0] != key:
            def widest(texts: list[str]) -> int:
                return max((fonts.text_width(t, size) for t in texts), default=0)

            self._widths = (key, (widest([e.title_in(lang) for e in self.entries]),
                                  widest([goal_text(e.goal) for e in self.entries]),
                                  widest([difficulty_text(e.difficulty) for e in self.entries])))
        return self._widths[1]

    def offsets(self) -> tuple[int, int, int]:
        """Where the title, the goal and the difficulty begin on a row (with a preview)."""
        title_w, goal_w, _diff_w = self.column_widths()
        title_x = 76
        goal_x = title_x + title_w + COLUMN_GAP
        return title_x, goal_x, goal_x + goal_w + COLUMN_GAP

    def measured_w(self) -> int:
        return self.offsets()[2] + self.column_widths()[2] + 20

    def preview_box(self) -> pygame.Rect | None:
        """Where the preview goes: right of the rows, the table's ratio (None: no room)."""
        x = 24 + self.measured_w() + BAR_GAP + BAR_W + PREVIEW_GAP
        w = 1280 - 24 - x
        if w < PREVIEW_MIN_W or not self.entries:
            return None
        crop = miniature.TABLE_CROP
        return pygame.Rect(x, self.top, w, round(w * crop[3] / crop[2]))

    def list_x(self) -> int:
        return 24 if self.preview_box() is not None else LIST_X

    def columns_measured(self) -> bool:
        return self.preview_box() is not None

    def list_w(self) -> int:
        return self.measured_w() if self.preview_box() is not None else LIST_W

    def previewed(self) -> int | None:
        """The puzzle under the pointer, else the one with the focus (None: Back has it)."""
        if self.mouse is not None:
            for i, b in enumerate(self.row.buttons[:len(self.entries)]):
                if self.in_view(i) and b.rect.collidepoint(self.mouse):
                    return i
        return self.row.focus if 0 <= self.row.focus < len(self.entries) else None

    def preview(self, i: int, size: tuple[int, int]) -> miniature.Picture | None:
        """Puzzle ``i``'s position as its solver sees it at the start, drawn once and kept; a
        file that cannot be set up has none (starting it says why)."""
        puzzle = self.entries[i]

        def build(size: tuple[int, int]) -> miniature.Picture | None:
            try:
                state = puzzle.position()
            except PuzzleError:
                return None
            return miniature.draw_table(state, puzzle.solver, self.ctx.renderer, size)

        return self.previews.get((str(puzzle.path), puzzle.key), size, build)

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        box = self.preview_box()
        i = self.previewed()
        if box is None or i is None:
            return
        pic = self.preview(i, box.size)
        if pic is None:
            return
        frame = pygame.Rect(box.topleft, pic.surface.get_size()).inflate(8, 8)
        widgets.panel(surface, frame, alpha=255, radius=6)
        surface.blit(pic.surface, frame.inflate(-8, -8))

        entry = self.entries[i]
        size = legible(18, self.ctx.window_scale)
        y = frame.bottom + 10
        y = widgets.paragraph(surface, entry.title_in(language()), size + 2,
                              pygame.Rect(frame.x, y, frame.w, 200), theme.ACCENT, bold=True)
        widgets.paragraph(surface, goal_text(entry.goal), size, pygame.Rect(frame.x, y + 4, frame.w, 200),
                          theme.TEXT)

    def file_error(self) -> type[Exception]:
        return PuzzleError

    def read(self) -> list[Puzzle]:
        return list_puzzles()

    def unreadable(self) -> str:
        return _("The puzzles cannot be loaded: {reason}")

    def make(self, i: int) -> Scene:
        return PuzzleMatch(self.ctx, self.entries, i, self.progress, self.level)

    def heading(self) -> str:
        return _("Puzzles")

    def done(self, entry: Puzzle) -> bool:
        return entry.key in self.progress.solved

    def columns(self, i: int, entry: Puzzle) -> list[tuple[str, int, tuple]]:
        solved = self.done(entry)
        if self.preview_box() is not None:  # the columns as wide as their texts measure
            title_x, goal_x, diff_x = self.offsets()
        else:
            title_x, goal_x, diff_x = 76, 520 if self.text_size() <= 16 else 490, 860
        return [(f"{i + 1}.", 40, theme.TEXT_DIM),
                (entry.title_in(language()), title_x, theme.GOOD if solved else theme.TEXT),
                (goal_text(entry.goal), goal_x, theme.TEXT),
                (difficulty_text(entry.difficulty), diff_x, _DIFFICULTY_COLOR.get(entry.difficulty,
                                                                                 theme.TEXT))]

    def footer(self) -> str:
        solved = sum(self.done(e) for e in self.entries)
        return _("{solved} of {total} solved. Enter or a click starts a puzzle; Esc goes back.").format(
            solved=solved, total=len(self.entries))


_DIFFICULTY_COLOR = {"easy": (110, 210, 120), "medium": (255, 196, 64), "hard": (230, 110, 90)}


class TutorialScene(ListScene["Lesson"]):
    """The lessons, in order; the first one not done yet has the focus."""

    row_h = 44
    gap = 8
    top = 118

    def __init__(self, ctx: AppContext, progress: progress_mod.Progress | None = None) -> None:
        super().__init__(ctx, progress)
        self.load()

    def file_error(self) -> type[Exception]:
        return LessonError

    def read(self) -> list[Lesson]:
        return list_lessons()

    def unreadable(self) -> str:
        return _("The tutorial cannot be loaded: {reason}")

    def make(self, i: int) -> Scene:
        return LessonMatch(self.ctx, self.entries, i, self.progress)

    def heading(self) -> str:
        return _("Tutorial")

    def done(self, entry: Lesson) -> bool:
        return entry.key in self.progress.lessons

    def columns(self, i: int, entry: Lesson) -> list[tuple[str, int, tuple]]:
        done = self.done(entry)
        return [(_("Lesson {n}").format(n=i + 1), 44, theme.TEXT_DIM),
                (entry.title_in(language()), 170, theme.GOOD if done else theme.TEXT)]

    def footer(self) -> str:
        done = sum(self.done(e) for e in self.entries)
        return _("{done} of {total} lessons done. Esc in a lesson leaves it; it starts again "
                 "from its beginning.").format(done=done, total=len(self.entries))
