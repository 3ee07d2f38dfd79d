"""The moments that decided it: the replay viewer's "Moments (M)" box.

A small graph of one seat's win estimate after each of its decisions over the turns
(game.ai.moments: Hard's search from that seat's own view at the time, never the true state),
and the three biggest drops, numbered in the graph and named below it. A click on a drop's
line (or on its dot in the graph, or its number's key) closes the box and jumps the viewer to
that moment; its "Play from here" button (or Shift and the number) opens the panel that starts
a game from that moment. The game-over box opens the viewer with this box (``ctx.nav.moments``).

- Only for a finished game: the lines name cards that were in the seat's hand, so a game in
  progress never gets here (the viewer itself refuses one).
- The analysis runs in a background thread (``start_analysis``); the box shows its progress
  and the window never waits for it. It is kept per viewer (closing and opening the box again
  does not start over) and cancelled when the viewer is left.
- The seats analysed: every person's (and the seat the viewer shows); the box starts with the
  one the viewer shows, else the first person, else the first seat; S (or its button) goes to
  the next analysed seat when there are several (hot seat), with no new search.

Keys: 1-3 jump to that drop, Shift+1-3 play from it, S the next seat, Tab / arrows move between
the buttons, Enter presses, Esc closes.

At a large text size the drops' words may need more lines than the screen holds for all three:
the drops are then shown a page at a time (never cut), with a scroll bar at their right; the
wheel, Page Up / Page Down, a click on the bar and moving the focus onto a drop not shown turn
the page.
"""

from __future__ import annotations

import weakref
from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from game.ai.moments import default_seats, moment_line, start_analysis
from game.common.i18n import N_, _, display_name
from game.ui.core.scene import Scene
from game.ui.core.screen_words import MOMENTS_BOX
from game.ui.kit import fonts, theme, widgets
from game.ui.kit.legible import legible
from game.ui.kit.widgets import Button, ButtonRow
from game.ui.records.play_from import open_panel

if TYPE_CHECKING:
    from game.ai.moments import AnalysisJob, SeatMoments
    from game.persist.record import GameRecord
    from game.ui.records.viewer_contract import ReplayViewerLike

KEY = pygame.K_m
NUMBER_KEYS = {pygame.K_1: 1, pygame.K_2: 2, pygame.K_3: 3,
               pygame.K_KP1: 1, pygame.K_KP2: 2, pygame.K_KP3: 3}
BOX = pygame.Rect(170, 70, 940, 590)
SCREEN_H = 720
GRAPH = pygame.Rect(BOX.x + 70, BOX.y + 96, BOX.w - 110, 180)
LINE_H, LINE_GAP = 54, 8
PLAY_W = 200  # a drop's "Play from here" button, at the right end of its line
# At a larger text size (Settings) the box takes the screen, the graph gets lower and each
# drop's line as tall as its words, in up to three lines.
LARGE_BOX = pygame.Rect(30, 12, 1220, 696)
LARGE_GRAPH_H = 110
#: The search's budget per decision in the window (None: Hard's own); tests make it small.
ITERATIONS: int | None = None

# One analysis per viewer (weak: it goes with the viewer).
_jobs: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()
# The analysis the game-over box started (``start_early``), until a viewer takes it over.
_early: dict[tuple, tuple[AnalysisJob, tuple[int, ...]]] = {}


def _record_key(record: GameRecord) -> tuple:
    return (record.seed, record.rules, tuple(record.choices))


def start_early(record: GameRecord) -> AnalysisJob:
    """Analyse a game that just ended, for the game-over box's "Biggest moment" line: in the
    background, the people's seats, as the moments box would. A viewer opened on the same game
    takes this analysis over instead of starting again (``job_for``)."""
    for job, _seats in _early.values():  # one game over at a time: an older one is not wanted
        job.cancel()
    _early.clear()
    seats = tuple(default_seats(record))
    job = start_analysis(record, seats=list(seats), iterations=ITERATIONS)
    _early[_record_key(record)] = (job, seats)
    return job


def drop_early(record: GameRecord) -> None:
    """The game-over box is gone: stop its analysis unless a viewer took it over."""
    held = _early.pop(_record_key(record), None)
    if held is not None:
        held[0].cancel()


def offered(viewer: ReplayViewerLike) -> bool:
    """A finished game only (its hidden cards may be named then)."""
    return bool(getattr(viewer.record, "finished", False))


def seat_of(viewer: ReplayViewerLike) -> int:
    if viewer.view_seat is not None:
        return viewer.view_seat
    people = [i for i, s in enumerate(viewer.record.seats) if s.kind == "person"]
    return people[0] if people else 0


def seats_of(viewer: ReplayViewerLike) -> tuple[int, ...]:
    """The seats analysed for the viewer: every person's and the one it shows."""
    people = {i for i, s in enumerate(viewer.record.seats) if s.kind == "person"}
    return tuple(sorted(people | {seat_of(viewer)}))


def job_for(viewer: ReplayViewerLike) -> tuple[AnalysisJob, tuple[int, ...]]:
    """The viewer's analysis of the seats it is about (started on first ask; kept while it
    covers the seat the viewer shows)."""
    held = _jobs.get(viewer)
    if held is None or seat_of(viewer) not in held[1]:
        if held is not None:
            held[0].cancel()
        seats = seats_of(viewer)
        early = _early.get(_record_key(viewer.record))
        if early is not None and set(seats) <= set(early[1]) and not early[0].cancelled:
            del _early[_record_key(viewer.record)]
            held = early  # the game-over box's analysis: already under way
        else:
            held = (start_analysis(viewer.record, seats=list(seats), iterations=ITERATIONS), seats)
        _jobs[viewer] = held
    return held


def cancel(viewer: ReplayViewerLike) -> None:
    """The viewer is left: stop its analysis (it would only slow the window)."""
    held = _jobs.pop(viewer, None)
    if held is not None:
        held[0].cancel()


def button(viewer: ReplayViewerLike, rect: pygame.Rect) -> Button:
    return Button(rect, N_("Moments (M)"), lambda: open_box(viewer),
                  size=legible(15, viewer.ctx.window_scale))


def open_box(viewer: ReplayViewerLike) -> None:
    if offered(viewer):
        viewer.ctx.scenes.push(MomentsBox(viewer))


class MomentsBox(Scene):
    spoken_words = MOMENTS_BOX  # its controls, shown and said by F1
    opaque = False

    def __init__(self, viewer: ReplayViewerLike) -> None:
        super().__init__(viewer.ctx)
        self.viewer = viewer
        self.job, self.seats = job_for(viewer)
        shown = seat_of(viewer)
        self.seat = shown if shown in self.seats else self.seats[0]
        self.result: SeatMoments | None = None
        self.moments: list = []
        self.dots: list[tuple[pygame.Rect, int]] = []  # a drop's dot in the graph -> its index
        self.row = ButtonRow()
        self.small = 17  # the small print's size (legible in the window: set when drawn)
        self.box, self.graph = BOX, GRAPH  # where the box and its graph are (``_lay_out``)
        self.line_h, self.play_w = LINE_H, PLAY_W
        self.laid_for = 0  # the small print's size the layout was made for
        self.first = 0  # the first drop shown (a page of ``per_page`` drops at a large text size)
        self.per_page = 3
        self.bar: pygame.Rect | None = None  # the drops' scroll bar, when they are paged
        self.shown_percent = -1  # the progress drawn last
        self.drawn_done = False  # the finished analysis has been drawn
        self._collect()
        self._build()

    # ------------------------------------------------------------------------------------------
    def _collect(self) -> None:
        if self.result is None and self.job.done and self.job.result is not None:
            self.result = self.job.result.get(self.seat)
            self.moments = self.result.moments() if self.result is not None else []
            self._build()

    def _drops_top(self) -> int:
        return self.graph.bottom + self.turns_h + 8

    def _line_rect(self, number: int) -> pygame.Rect:
        """The line of drop ``number`` (from 0) on the page shown (off the page: above it)."""
        y = self._drops_top() + (number - self.first) * (self.line_h + LINE_GAP)
        return pygame.Rect(self.box.x + 44, y, self.box.w - 74 - self.play_w - 8, self.line_h)

    def _lay_out(self) -> None:
        """The box, the graph and the drops' lines for the text size: at 100% the box as made;
        larger, the box takes the screen and every line is as tall as its words need."""
        self.small = small = legible(17, self.ctx.window_scale)
        self.laid_for = small
        self.per_page, self.bar = max(3, len(self.moments)), None
        pitch = fonts.font(small).get_height() + 2
        self.turns_h = max(36, self._turns_gap() + pitch + 4)  # the turns' labels under the graph
        if legible(17, self.ctx.window_scale) <= 18:  # 100%, or a small window alone
            self.box, self.graph, self.line_h, self.play_w = BOX, GRAPH, LINE_H, PLAY_W
            self.lines_per_drop, self.first = 2, 0
            room = self._line_rect_room()
            if all(len(fonts.wrap(moment_line(m), fonts.font(small), room)) <= 2
                   for m in self.moments):
                return
            # words that need more than the box's two lines (long names, German): the box
            # that takes the screen, where each line is as tall as its words
        box = LARGE_BOX
        title = fonts.font(legible(28, self.ctx.window_scale), True).get_height()
        top = box.y + 12 + title + 4 + pitch + 8 + pitch // 2  # "100%" centred on the top line
        self.box = box
        self.graph = pygame.Rect(box.x + 20 + fonts.text_width("100%", small) + 8, top,
                                 box.right - 30 - (box.x + 20 + fonts.text_width("100%", small) + 8),
                                 LARGE_GRAPH_H)
        words = fonts.text_width(_("Play from here"), legible(16, self.ctx.window_scale), True)
        self.play_w = max(PLAY_W, min(words + 30, 320))
        room = self._line_rect_room()
        most = max([len(fonts.wrap(moment_line(m), fonts.font(small), room)) for m in self.moments] + [2])
        self.lines_per_drop = most  # every line of every drop: a page holds fewer drops if need be
        self.line_h = max(LINE_H, self.lines_per_drop * pitch + 10)
        self._page()

    def _page(self) -> None:
        """How many drops a page holds between the graph and the bottom buttons; the scroll bar
        beside them when that is fewer than there are."""
        room = self.box.bottom - 58 - 10 - self._drops_top()
        self.per_page = max(1, (room + LINE_GAP) // (self.line_h + LINE_GAP))
        if self.per_page >= len(self.moments):
            self.first, self.bar = 0, None
            return
        self.first = max(0, min(self.first, len(self.moments) - self.per_page))
        shown = self.per_page * (self.line_h + LINE_GAP) - LINE_GAP
        self.bar = pygame.Rect(self.box.right - 24, self._drops_top(), 14, shown)

    def shown(self, number: int) -> bool:
        """Drop ``number`` (from 0) is on the page shown."""
        return self.first <= number < self.first + self.per_page

    def scroll(self, step: int) -> None:
        """Turn the drops' page by ``step`` drops (within the drops)."""
        first = max(0, min(self.first + step, len(self.moments) - self.per_page))
        if first != self.first:
            self.first = first
            self._build()

    def _turns_gap(self) -> int:
        """From the graph's foot to its turns' labels: below the "0%" centred on that line."""
        return max(13, fonts.font(self.small).get_height() // 2 + 4)

    def _line_rect_room(self) -> int:
        """The width of a drop's words on its line (after its number)."""
        return self.box.w - 74 - self.play_w - 8 - self._words_x() - 10

    def _number_r(self) -> int:
        """The radius of a drop's numbered circle: its digit inside at the small print's size."""
        return max(12, self.small * 3 // 5)

    def _words_x(self) -> int:
        """Where a drop's words start on its line, after the numbered circle."""
        return max(30, 8 + 2 * self._number_r())

    def _build(self) -> None:
        self._lay_out()
        box = self.box
        buttons = []
        for number, m in enumerate(self.moments):
            line = self._line_rect(number)
            if not self.shown(number):  # on another page: kept for the focus, never drawn or hit
                line.y = -10 * SCREEN_H
            # The words are drawn over it on two lines (``draw``): the button has none.
            buttons.append(Button(line, "", self._jumper(m.point.index)))
            play = pygame.Rect(line.right + 8, line.y, self.play_w, self.line_h)
            buttons.append(Button(play, N_("Play from here"), self._player(m.point.index),
                                  size=legible(16, self.ctx.window_scale)))
        bottom = []
        wide = 2 if box is LARGE_BOX else 1  # the larger labels: wider buttons
        if len(self.seats) > 1:
            bottom.append(Button(pygame.Rect(0, box.bottom - 58, 300 * wide, 44), self._seat_words(),
                                 self.next_seat, size=18))
        bottom.append(Button(pygame.Rect(0, box.bottom - 58, 240 + 100 * (wide - 1), 44), N_("Close (Esc)"),
                             self.close, size=18))
        x = box.centerx - (sum(b.rect.w for b in bottom) + 20 * (len(bottom) - 1)) // 2
        for b in bottom:
            b.rect.x = x
            x = b.rect.right + 20
        buttons += bottom
        focus = self.row.focus
        self.row = ButtonRow(buttons)
        if 0 <= focus < len(buttons):
            self.row.focus = focus
            buttons[focus].focused = True
        self.dirty = True

    def _seat_words(self) -> str:
        return _("Seat: {player} (S)").format(
            player=display_name(self.viewer.record.seats[self.seat].name))

    def next_seat(self) -> None:
        """The next analysed seat's curve and drops (the same analysis: no new search)."""
        if len(self.seats) < 2:
            return
        self.seat = self.seats[(self.seats.index(self.seat) + 1) % len(self.seats)]
        self.result, self.moments = None, []
        self._collect()
        self._build()

    def language_changed(self) -> None:
        self._build()

    def _jumper(self, index: int) -> Callable[[], None]:
        return lambda: self.jump(index)

    def _player(self, index: int) -> Callable[[], None]:
        return lambda: self.play_from(index)

    def play_from(self, index: int) -> None:
        """Jump there, and open "Play from here" at that moment for the analysed seat."""
        self.jump(index)
        open_panel(self.viewer, self.seat)

    def jump(self, index: int) -> None:
        """Close the box and show the moment: the position before that decision."""
        self.ctx.scenes.remove(self)
        self.viewer.goto(index, 0)

    def close(self) -> None:
        self.ctx.scenes.remove(self)

    # ------------------------------------------------------------------------------------------
    @property
    def animating(self) -> bool:
        # Never: while the analysis runs the window idles between frames (up to a quarter of
        # a second, at once on input), which leaves the search the processor; frames drawn
        # all the time only to repeat the same progress took it most of its time.
        return False

    def update(self, dt: float) -> None:
        """Drawn again only when there is something new: the progress's next percent, or
        the result."""
        if self.job.done:
            if not self.drawn_done:  # the result (or the failure) once
                self.drawn_done = True
                self.dirty = True
                self._collect()
            return
        shown = round(100 * self.job.fraction)
        if shown != self.shown_percent:
            self.shown_percent = shown
            self.dirty = True

    def handle(self, event: pygame.event.Event) -> bool:
        self.dirty = True
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_ESCAPE, KEY):
            self.close()
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_s:
            self.next_seat()
            return True
        digit = NUMBER_KEYS.get(event.key) if event.type == pygame.KEYDOWN else None
        if digit is not None and digit <= len(self.moments):
            index = self.moments[digit - 1].point.index
            if event.mod & pygame.KMOD_SHIFT:
                self.play_from(index)
            else:
                self.jump(index)
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            for rect, index in self.dots:
                if rect.collidepoint(event.pos):
                    self.jump(index)
                    return True
        if self.bar is not None and self._turn_page(event):
            return True
        self.row.handle(event)
        self._follow_focus()
        return True  # modal

    def _turn_page(self, event: pygame.event.Event) -> bool:
        """The wheel, Page Up / Page Down and a click on the scroll bar (above or below its
        thumb) turn the drops' page."""
        if event.type == pygame.MOUSEWHEEL:
            self.scroll(-1 if event.y > 0 else 1)
            return True
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_PAGEUP, pygame.K_PAGEDOWN):
            self.scroll(self.per_page if event.key == pygame.K_PAGEDOWN else -self.per_page)
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.bar is not None \
                and self.bar.inflate(12, 0).collidepoint(event.pos):
            thumb = self._thumb()
            self.scroll(self.per_page if event.pos[1] >= thumb.centery else -self.per_page)
            return True
        return False

    def _follow_focus(self) -> None:
        """The keyboard's focus moved onto a drop of another page: that page is shown."""
        number = self.row.focus // 2 if 0 <= self.row.focus < 2 * len(self.moments) else None
        if number is not None and not self.shown(number):
            self.scroll(number - self.first if number < self.first else number - (self.first + self.per_page - 1))

    def _thumb(self) -> pygame.Rect:
        """The scroll bar's thumb: the share and the place of the drops shown."""
        assert self.bar is not None
        n = max(1, len(self.moments))
        top = self.bar.y + self.bar.h * self.first // n
        return pygame.Rect(self.bar.x, top, self.bar.w, max(20, self.bar.h * self.per_page // n))

    # ------------------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        if legible(17, self.ctx.window_scale) != self.laid_for:  # the text size changed
            self._build()
        box = self.box
        widgets.dim(surface, 140)
        widgets.panel(surface, box, alpha=240)
        name = display_name(self.viewer.record.seats[self.seat].name)
        big = legible(28, self.ctx.window_scale)
        title = fonts.fit_width(_("The moments that decided it: {seat}").format(seat=name), box.w - 40,
                                big, True)
        if box is BOX:
            drawn = widgets.text(surface, title, big, (box.centerx, box.y + 30), theme.ACCENT, bold=True,
                                 anchor="center")
        else:
            drawn = widgets.text(surface, title, big, (box.centerx, box.y + 12), theme.ACCENT, bold=True,
                                 anchor="midtop")
        sub = _("Your chance to win after each of your moves, as the computer estimates it")
        widgets.text(surface, fonts.fit_width(sub, box.w - 40, self.small), self.small,
                     (box.centerx, max(box.y + 64 - self.small // 2, drawn.bottom + 4)), theme.TEXT_DIM,
                     anchor="midtop")
        self._graph(surface)
        if self.result is None:
            if self.job.error is not None:
                words = _("The analysis failed: {reason}").format(reason=self.job.error)
                color = theme.DANGER
            else:
                words = _("Analysing the game… {percent}%").format(
                    percent=round(100 * self.job.fraction))
                color = theme.TEXT
            widgets.text(surface, fonts.fit_width(words, box.w - 60, self.small), self.small,
                         (box.centerx, self.graph.bottom + self.turns_h + 34), color, anchor="center")
        elif not self.moments:
            words = _("The win estimate never dropped after a decision of this seat.")
            widgets.text(surface, fonts.fit_width(words, box.w - 60, self.small), self.small,
                         (box.centerx, self.graph.bottom + self.turns_h + 34), theme.TEXT, anchor="center")
        for b in self.row.buttons:
            if b.rect.bottom > 0:  # a drop of another page is not drawn
                b.draw(surface, self.ctx.window_scale)
        self._lines(surface)
        if self.bar is not None:
            pygame.draw.rect(surface, (24, 28, 36), self.bar, border_radius=7)
            pygame.draw.rect(surface, theme.ACCENT, self._thumb(), border_radius=7)

    def _lines(self, surface: pygame.Surface) -> None:
        """Each drop's words on its (empty) button, in up to two lines, its number before it."""
        size = self.small
        for number, m in enumerate(self.moments, 1):
            if not self.shown(number - 1):
                continue
            rect = self._line_rect(number - 1)
            room = rect.w - self._words_x() - 10
            parts = fonts.wrap(moment_line(m), fonts.font(size), room)
            most = max(2, self.lines_per_drop)  # the lines its height was laid out for
            if len(parts) > most:  # (at 100% the box of two lines is left for the large one first)
                parts = [*parts[:most - 1], fonts.fit_width(" ".join(parts[most - 1:]), room, size)]
            step = max(size + 4, fonts.font(size).get_height() + 2)
            y = rect.centery - step * len(parts) // 2 + 1
            for part in parts:
                widgets.text(surface, part, size, (rect.x + self._words_x(), y), theme.TEXT)
                y += step
            r = self._number_r()
            pygame.draw.circle(surface, theme.DANGER, (rect.x + 4 + r, rect.centery), r)
            widgets.text(surface, str(number), size, (rect.x + 4 + r, rect.centery), theme.TEXT,
                         bold=True, anchor="center")

    def _graph(self, surface: pygame.Surface) -> None:
        graph = self.graph
        pygame.draw.rect(surface, (24, 28, 36), graph, border_radius=6)
        for share in (0.0, 0.5, 1.0):
            y = graph.bottom - int(share * graph.h)
            pygame.draw.line(surface, (60, 66, 78), (graph.x, y), (graph.right, y))
            widgets.text(surface, f"{round(share * 100)}%", self.small, (graph.x - 8, y), theme.TEXT_DIM,
                         anchor="midright")
        self.dots = []
        points = [p for p in (self.result.points if self.result else []) if p.after is not None]
        if not points:
            return
        n = max(1, len(self.viewer.record.choices) - 1)

        def at(index: int, rate: float) -> tuple[int, int]:
            return (graph.x + int(index / n * graph.w), graph.bottom - int(rate * graph.h))

        line = [at(p.index, p.after) for p in points if p.after is not None]
        if len(line) >= 2:
            pygame.draw.lines(surface, theme.GOOD, False, line, 3)
        for x, y in line:
            pygame.draw.circle(surface, theme.GOOD, (x, y), 4)
        for number, m in enumerate(self.moments, 1):
            x, y = at(m.point.index, m.after)
            r = max(14, self._number_r() + 2)
            dot = pygame.Rect(0, 0, 2 * r + 2, 2 * r + 2)
            dot.center = (x, y)
            pygame.draw.circle(surface, theme.DANGER, dot.center, r)
            widgets.text(surface, str(number), self.small, dot.center, theme.TEXT, bold=True,
                         anchor="center")
            self.dots.append((dot, m.point.index))
        self._turns(surface, n)

    def _turns(self, surface: pygame.Surface, n: int) -> None:
        """The turns under the graph: about six labels, at each one's first decision."""
        graph = self.graph
        tl = getattr(self.viewer, "tl", None)
        if tl is None or tl.last_turn < 1:
            return
        first = tl.turn_at(0)
        step = max(1, -(-(tl.last_turn - first + 1) // 6))
        free = graph.x - 40  # where the next label may start (two would never touch)
        for turn in range(first, tl.last_turn + 1, step):
            x = graph.x + int(tl.turn_start(turn) / n * graph.w)
            words = _("turn {number}").format(number=turn)
            half = fonts.text_width(words, self.small) // 2
            if x - half < free or x + half > self.box.right - 8:
                continue
            free = x + half + 12
            pygame.draw.line(surface, (60, 66, 78), (x, graph.bottom), (x, graph.bottom + 10))
            widgets.text(surface, words, self.small, (x, graph.bottom + self._turns_gap()), theme.TEXT_DIM,
                         anchor="midtop")


__all__ = ["ITERATIONS", "KEY", "MomentsBox", "button", "cancel", "job_for", "offered",
           "open_box", "seats_of"]
