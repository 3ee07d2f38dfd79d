"""The two lists reached from the title: the tutorial's lessons and the puzzles.

Each row is a button (mouse, or Tab / arrows and Enter); a tick marks what is done. The rows
are rebuilt when the language changes, so their texts are translated when drawn.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.i18n import _, language
from game.ui import fonts, theme, widgets
from game.ui.backdrop import draw_backdrop
from game.ui.learn import draw as learn_draw
from game.ui.learn import progress as progress_mod
from game.ui.scene import Scene
from game.ui.widgets import Button, ButtonRow

if TYPE_CHECKING:
    from game.ui.context import AppContext

LIST_X, LIST_W = 150, 980


class ListScene(Scene):
    """A heading, one button per entry, a Back button, and a line for what went wrong."""

    row_h = 24
    gap = 3
    top = 92

    def __init__(self, ctx: AppContext, progress: progress_mod.Progress | None = None) -> None:
        super().__init__(ctx)
        self.progress = progress or progress_mod.load()
        self.message: str | None = self.progress.message
        self.error: str | None = None
        self.entries: list = []
        self.row = ButtonRow()
        self._lang = ""

    # --- what a list shows ------------------------------------------------------------------
    def heading(self) -> str:
        raise NotImplementedError

    def done(self, entry: object) -> bool:
        raise NotImplementedError

    def columns(self, i: int, entry: object) -> list[tuple[str, int, tuple]]:
        """(text, x offset, colour) drawn on the entry's row."""
        raise NotImplementedError

    def footer(self) -> str:
        return ""

    # --- its files ---------------------------------------------------------------------------
    def file_error(self) -> type[Exception]:
        """The error the list's files raise when one cannot be used (a one-line message)."""
        raise NotImplementedError

    def read(self) -> list:
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
        buttons = []
        for i, _entry in enumerate(self.entries):
            r = pygame.Rect(LIST_X, self.top + i * (self.row_h + self.gap), LIST_W, self.row_h)
            buttons.append(Button(r, "", lambda i=i: self.open(i)))
        y = self.top + len(self.entries) * (self.row_h + self.gap) + 6
        buttons.append(Button(pygame.Rect(640 - 130, min(y, 644), 260, 40), _("Back"),
                              self.ctx.scenes.pop, primary=not self.entries))
        self.row = ButtonRow(buttons)
        if focus < 0:
            focus = self.first_focus()
        self.row.focus = min(focus, len(buttons) - 1)
        self.row.buttons[self.row.focus].focused = True
        self._lang = language()
        self.dirty = True

    def first_focus(self) -> int:
        """The first entry not done yet (where the player left off)."""
        return next((i for i, e in enumerate(self.entries) if not self.done(e)), 0)

    def resume(self) -> None:
        super().resume()
        self.row.focus = -1  # back from an entry: on to the first one not done yet
        self.build()  # ticks may have changed

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONUP, pygame.KEYDOWN):
            self.dirty = True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.ctx.scenes.pop()
            return True
        if event.type == pygame.MOUSEBUTTONDOWN:
            self.message = None
        return self.row.handle(event)

    # --- drawing ----------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        if self._lang != language():
            self.build()
        draw_backdrop(surface, self.ctx.renderer)
        widgets.text(surface, self.heading(), 44, (640, 52), theme.ACCENT, bold=True,
                     anchor="center")
        self.row.draw(surface)
        size = 18 if self.row_h >= 30 else 16
        for i, entry in enumerate(self.entries):
            r = self.row.buttons[i].rect
            if self.done(entry):
                learn_draw.check_mark(surface, (r.x + 20, r.centery), 14)
            for text, dx, color in self.columns(i, entry):
                widgets.text(surface, text, size, (r.x + dx, r.centery), color, anchor="midleft")
        footer = self.footer()
        if footer:
            widgets.text(surface, footer, 16, (640, 704), theme.TEXT_DIM, anchor="center")
        line = self.error or self.message
        if line:
            lines = fonts.wrap(line, fonts.font(17), 760)
            box = pygame.Rect(240, 8, 800, 22 * len(lines) + 16)
            widgets.panel(surface, box, alpha=240)
            widgets.paragraph(surface, line, 17, box.inflate(-40, -16), theme.ACCENT)


class PuzzlesScene(ListScene):
    """Every puzzle: title, goal, difficulty, and a tick once solved."""

    def __init__(self, ctx: AppContext, progress: progress_mod.Progress | None = None,
                 level: str = "hard") -> None:
        super().__init__(ctx, progress)
        self.level = level
        self.load()

    def file_error(self) -> type[Exception]:
        from game.puzzles import PuzzleError

        return PuzzleError

    def read(self) -> list:
        from game.puzzles import list_puzzles

        return list_puzzles()

    def unreadable(self) -> str:
        return _("The puzzles cannot be loaded: {reason}")

    def make(self, i: int) -> Scene:
        from game.ui.learn.puzzle_match import PuzzleMatch

        return PuzzleMatch(self.ctx, self.entries, i, self.progress, self.level)

    def heading(self) -> str:
        return _("Puzzles")

    def done(self, entry: object) -> bool:
        return entry.key in self.progress.solved

    def columns(self, i: int, entry: object) -> list[tuple[str, int, tuple]]:
        from game.ui.learn.puzzle_match import difficulty_text, goal_text

        solved = self.done(entry)
        return [(f"{i + 1}.", 40, theme.TEXT_DIM),
                (entry.title_in(language()), 76, theme.GOOD if solved else theme.TEXT),
                (goal_text(entry.goal), 520, theme.TEXT),
                (difficulty_text(entry.difficulty), 860, _DIFFICULTY_COLOR.get(entry.difficulty,
                                                                              theme.TEXT))]

    def footer(self) -> str:
        solved = sum(self.done(e) for e in self.entries)
        return _("{solved} of {total} solved. Enter or a click starts a puzzle; Esc goes back.").format(
            solved=solved, total=len(self.entries))


_DIFFICULTY_COLOR = {"easy": (110, 210, 120), "medium": (255, 196, 64), "hard": (230, 110, 90)}


class TutorialScene(ListScene):
    """The lessons, in order; the first one not done yet has the focus."""

    row_h = 44
    gap = 8
    top = 118

    def __init__(self, ctx: AppContext, progress: progress_mod.Progress | None = None) -> None:
        super().__init__(ctx, progress)
        self.load()

    def file_error(self) -> type[Exception]:
        from game.tutorial import LessonError

        return LessonError

    def read(self) -> list:
        from game.tutorial import list_lessons

        return list_lessons()

    def unreadable(self) -> str:
        return _("The tutorial cannot be loaded: {reason}")

    def make(self, i: int) -> Scene:
        from game.ui.learn.lesson_match import LessonMatch

        return LessonMatch(self.ctx, self.entries, i, self.progress)

    def heading(self) -> str:
        return _("Tutorial")

    def done(self, entry: object) -> bool:
        return entry.key in self.progress.lessons

    def columns(self, i: int, entry: object) -> list[tuple[str, int, tuple]]:
        done = self.done(entry)
        return [(_("Lesson {n}").format(n=i + 1), 44, theme.TEXT_DIM),
                (entry.title_in(language()), 170, theme.GOOD if done else theme.TEXT)]

    def footer(self) -> str:
        done = sum(self.done(e) for e in self.entries)
        return _("{done} of {total} lessons done. Esc in a lesson leaves it; it starts again "
                 "from its beginning.").format(done=done, total=len(self.entries))
