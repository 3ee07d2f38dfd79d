"""The moments that decided it: the replay viewer's "Moments (M)" box.

A small graph of one seat's win estimate after each of its decisions (game.ai.moments: Hard's
search from that seat's own view at the time, never the true state), and the three biggest
drops as buttons; a click on one (or on its dot in the graph) closes the box and jumps the
viewer to that moment, where "Play from here" starts from it.

- Only for a finished game: the lines name cards that were in the seat's hand, so a game in
  progress never gets here (the viewer itself refuses one).
- The analysis runs in a background thread (``start_analysis``); the box shows its progress
  and the window never waits for it. It is kept per viewer (closing and opening the box again
  does not start over) and cancelled when the viewer is left.
- The seat: the one the viewer shows, else the game's one person, else the first seat.

Keys: Tab / arrows move between the moments and Close, Enter jumps, Esc closes.
"""

from __future__ import annotations

import weakref
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import pygame

from game.common.i18n import N_, _, display_name
from game.ui.core.scene import Scene
from game.ui.kit import fonts, theme, widgets
from game.ui.kit.legible import legible
from game.ui.kit.widgets import Button, ButtonRow

if TYPE_CHECKING:
    from game.ai.moments import AnalysisJob, SeatMoments

KEY = pygame.K_m
BOX = pygame.Rect(170, 70, 940, 590)
GRAPH = pygame.Rect(BOX.x + 70, BOX.y + 96, BOX.w - 110, 180)
LINE_H, LINE_GAP = 44, 8
#: The search's budget per decision in the window (None: Hard's own); tests make it small.
ITERATIONS: int | None = None

# One analysis per viewer (weak: it goes with the viewer).
_jobs: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()


def offered(viewer: Any) -> bool:
    """A finished game only (its hidden cards may be named then)."""
    return bool(getattr(viewer.record, "finished", False))


def seat_of(viewer: Any) -> int:
    if viewer.view_seat is not None:
        return viewer.view_seat
    people = [i for i, s in enumerate(viewer.record.seats) if s.kind == "person"]
    return people[0] if people else 0


def job_for(viewer: Any) -> tuple[AnalysisJob, int]:
    """The viewer's analysis of the seat it is about (started on first ask)."""
    from game.ai.moments import start_analysis

    seat = seat_of(viewer)
    held = _jobs.get(viewer)
    if held is None or held[1] != seat:
        if held is not None:
            held[0].cancel()
        held = (start_analysis(viewer.record, seats=[seat], iterations=ITERATIONS), seat)
        _jobs[viewer] = held
    return held


def cancel(viewer: Any) -> None:
    """The viewer is left: stop its analysis (it would only slow the window)."""
    held = _jobs.pop(viewer, None)
    if held is not None:
        held[0].cancel()


def button(viewer: Any, rect: pygame.Rect) -> Button:
    return Button(rect, N_("Moments (M)"), lambda: open_box(viewer),
                  size=legible(15, viewer.ctx.window_scale))


def open_box(viewer: Any) -> None:
    if offered(viewer):
        viewer.ctx.scenes.push(MomentsBox(viewer))


class MomentsBox(Scene):
    opaque = False

    def __init__(self, viewer: Any) -> None:
        super().__init__(viewer.ctx)
        self.viewer = viewer
        self.job, self.seat = job_for(viewer)
        self.result: SeatMoments | None = None
        self.moments: list = []
        self.dots: list[tuple[pygame.Rect, int]] = []  # a drop's dot in the graph -> its index
        self.row = ButtonRow()
        self.small = 17  # the small print's size (legible in the window: set when drawn)
        self._collect()
        self._build()

    # ------------------------------------------------------------------------------------------
    def _collect(self) -> None:
        if self.result is None and self.job.done and self.job.result is not None:
            self.result = self.job.result.get(self.seat)
            self.moments = self.result.moments() if self.result is not None else []
            self._build()

    def _build(self) -> None:
        from game.ai.moments import moment_line

        buttons = []
        y = GRAPH.bottom + 50
        for m in self.moments:
            rect = pygame.Rect(BOX.x + 34, y, BOX.w - 56, LINE_H)
            buttons.append(Button(rect, moment_line(m), self._jumper(m.point.index),
                                  size=legible(17, self.ctx.window_scale)))
            y += LINE_H + LINE_GAP
        close = pygame.Rect(0, BOX.bottom - 58, 240, 44)
        close.centerx = BOX.centerx
        buttons.append(Button(close, N_("Close (Esc)"), self.close, size=18))
        focus = self.row.focus
        self.row = ButtonRow(buttons)
        if 0 <= focus < len(buttons):
            self.row.focus = focus
            buttons[focus].focused = True
        self.dirty = True

    def language_changed(self) -> None:
        self._build()

    def _jumper(self, index: int) -> Callable[[], None]:
        return lambda: self.jump(index)

    def jump(self, index: int) -> None:
        """Close the box and show the moment: the position before that decision."""
        self.ctx.scenes.remove(self)
        self.viewer.goto(index, 0)

    def close(self) -> None:
        self.ctx.scenes.remove(self)

    # ------------------------------------------------------------------------------------------
    @property
    def animating(self) -> bool:
        return not self.job.done

    def update(self, dt: float) -> None:
        if self.job.done:
            self._collect()
        self.dirty = True

    def handle(self, event: pygame.event.Event) -> bool:
        self.dirty = True
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_ESCAPE, KEY):
            self.close()
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            for rect, index in self.dots:
                if rect.collidepoint(event.pos):
                    self.jump(index)
                    return True
        self.row.handle(event)
        return True  # modal

    # ------------------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        self.small = legible(17, self.ctx.window_scale)
        widgets.dim(surface, 140)
        widgets.panel(surface, BOX, alpha=240)
        name = display_name(self.viewer.record.seats[self.seat].name)
        big = legible(28, self.ctx.window_scale)
        widgets.text(surface, _("The moments that decided it: {seat}").format(seat=name), big,
                     (BOX.centerx, BOX.y + 30), theme.ACCENT, bold=True, anchor="center")
        widgets.text(surface, _("Win estimate after each decision, from what the seat could see"),
                     self.small, (BOX.centerx, BOX.y + 64), theme.TEXT_DIM, anchor="center")
        self._graph(surface)
        if self.result is None:
            if self.job.error is not None:
                words = _("The analysis failed: {reason}").format(reason=self.job.error)
                color = theme.DANGER
            else:
                words = _("Analysing the game… {percent}%").format(
                    percent=round(100 * self.job.fraction))
                color = theme.TEXT
            widgets.text(surface, fonts.fit_width(words, BOX.w - 60, self.small), self.small,
                         (BOX.centerx, GRAPH.bottom + 70), color, anchor="center")
        elif not self.moments:
            widgets.text(surface, _("The win estimate never dropped after a decision of this seat."),
                         self.small, (BOX.centerx, GRAPH.bottom + 70), theme.TEXT, anchor="center")
        self.row.draw(surface, self.ctx.window_scale)

    def _graph(self, surface: pygame.Surface) -> None:
        pygame.draw.rect(surface, (24, 28, 36), GRAPH, border_radius=6)
        for share in (0.0, 0.5, 1.0):
            y = GRAPH.bottom - int(share * GRAPH.h)
            pygame.draw.line(surface, (60, 66, 78), (GRAPH.x, y), (GRAPH.right, y))
            widgets.text(surface, f"{round(share * 100)}%", self.small, (GRAPH.x - 8, y), theme.TEXT_DIM,
                         anchor="midright")
        self.dots = []
        points = [p for p in (self.result.points if self.result else []) if p.after is not None]
        if not points:
            return
        n = max(1, len(self.viewer.record.choices) - 1)

        def at(index: int, rate: float) -> tuple[int, int]:
            return (GRAPH.x + int(index / n * GRAPH.w), GRAPH.bottom - int(rate * GRAPH.h))

        line = [at(p.index, p.after) for p in points if p.after is not None]
        if len(line) >= 2:
            pygame.draw.lines(surface, theme.GOOD, False, line, 3)
        for number, m in enumerate(self.moments, 1):
            x, y = at(m.point.index, m.after)
            dot = pygame.Rect(0, 0, 30, 30)
            dot.center = (x, y)
            pygame.draw.circle(surface, theme.DANGER, dot.center, 14)
            widgets.text(surface, str(number), self.small, dot.center, theme.TEXT, bold=True,
                         anchor="center")
            self.dots.append((dot, m.point.index))
            label = self.row.buttons[number - 1].rect if number <= len(self.row.buttons) else None
            if label is not None:
                pygame.draw.circle(surface, theme.DANGER, (label.x - 14, label.centery), 13)
                widgets.text(surface, str(number), self.small, (label.x - 14, label.centery),
                             theme.TEXT, bold=True, anchor="center")


__all__ = ["ITERATIONS", "KEY", "MomentsBox", "button", "cancel", "job_for", "offered",
           "open_box"]
