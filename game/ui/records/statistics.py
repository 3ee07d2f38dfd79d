"""Statistics from the kept games: per computer level games, wins, win rate and best streak;
per card how often it was played and how often the side that played it won; recent games
(Enter or a click opens the replay). The files are read and counted in a background thread
(``game.persist.loading``): the screen opens at once with a "Loading" line.

Assisted games (a move taken back, or played on from a replay) are counted apart: the screen
shows the unaided games, and "Assisted games (A)" shows the same tables for the assisted ones
alone (and back: "Unaided games (A)").

By keyboard: Up and Down walk the figures line by line (the summary, each level, the matches,
each recent game, each card) with a ring, and speech says the line; Enter on a recent game
opens its replay; Tab and Left/Right reach the buttons.

At a larger text size (Settings) the three tables do not fit side by side: the screen shows one
at a time, full width, under three tabs (1, 2, 3 or Page Up / Page Down switch; the line walk
switches with it), and the cards' table shows the rows that fit, following the ring."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from game.cards import load_cards
from game.common import i18n
from game.common.i18n import LEVEL_NAMES, N_, _, ngettext
from game.common.settings import AI_LEVELS
from game.persist.loading import StatsLoading
from game.persist.stats import compute
from game.persist.summary import opponent_text, result_line, short_date
from game.ui.core.scene import Scene
from game.ui.core.screen_words import STATS_SCREEN
from game.ui.kit import fonts, theme, widgets
from game.ui.kit.backdrop import draw_backdrop
from game.ui.kit.legible import enlarged, legible
from game.ui.kit.widgets import Button, ButtonRow

if TYPE_CHECKING:
    from game.persist.match import MatchStats
    from game.persist.stats import LevelStats, Statistics
    from game.ui.core.context import AppContext

CARD_ROWS = 14
RECENT = 8
# The tables, in the order of their lines (``lines()``): the tabs' names at a larger text size
# (short: each table's heading says it whole).
SECTIONS = (N_("Computer"), N_("Recent games"), N_("Cards"))
SECTION_KEYS = (pygame.K_1, pygame.K_2, pygame.K_3)


class StatsScene(Scene):
    spoken_words = STATS_SCREEN  # what speech says as the screen comes on top

    speech_title = N_("Statistics")

    def __init__(self, ctx: AppContext) -> None:
        super().__init__(ctx)

        self.loading = StatsLoading(ctx.store, RECENT) if ctx.store is not None else None
        self.stats = compute([], recent=RECENT)  # nothing yet: the thread's figures replace it
        self.assisted = compute([], recent=RECENT, assisted=True)  # takebacks, played on: apart
        self.showing_assisted = False  # the tables show the assisted games instead
        self.loaded = self.loading is None
        self.matches: MatchStats | None = None  # best of 3 and 5 (from the replays' match tags)
        self.recent_rects: list[pygame.Rect] = []
        self.toggle = Button(pygame.Rect(330, 660, 300, 46), N_("Assisted games (A)"),
                             self.toggle_assisted)
        self.back = Button(pygame.Rect(650, 660, 300, 46), N_("Back (Esc)"), self._back)
        self.tabs = [Button(pygame.Rect(0, 0, 0, 0), name, self._shower(i), size=20)
                     for i, name in enumerate(SECTIONS)]
        self.row = ButtonRow([self.toggle, self.back])
        self.section = 0  # the table shown at a larger text size (SECTIONS)
        self.card_first = 0  # the first card row shown there
        self.cursor = -1  # the line Up/Down reached (``lines()``); -1: none
        # Where each line was drawn, in ``lines()`` order (an empty rect: on a tab not shown).
        self.line_rects: list[pygame.Rect] = []

    @property
    def shown(self) -> Statistics:
        """The figures the tables show: the unaided games, or the assisted ones."""
        return self.assisted if self.showing_assisted else self.stats

    def toggle_assisted(self) -> None:
        self.showing_assisted = not self.showing_assisted
        self.cursor = min(self.cursor, 0)  # the lines change: start again from the summary
        self.toggle.text = N_("Unaided games (A)") if self.showing_assisted else \
            N_("Assisted games (A)")
        self.dirty = True

    def update(self, dt: float) -> None:
        loading = self.loading  # None: nothing to wait for (loaded from the start)
        if not self.loaded and loading is not None and loading.done:
            self.loaded = True
            if loading.stats is not None:
                self.stats = loading.stats
            if loading.assisted is not None:
                self.assisted = loading.assisted
            self.matches = loading.matches
            self.dirty = True

    @property
    def animating(self) -> bool:
        return not self.loaded

    def leave(self) -> None:
        if self.loading is not None:
            self.loading.cancel()

    def _back(self) -> None:
        self.ctx.scenes.remove(self)

    @property
    def one_at_a_time(self) -> bool:
        """The text is drawn larger than the screen was made for: one table at a time."""
        return enlarged(19, self.ctx.window_scale)

    def _shower(self, i: int) -> Callable[[], None]:
        return lambda: self.show_section(i)

    def show_section(self, i: int) -> None:
        """Show the table ``i`` of SECTIONS (at a larger text size)."""
        self.section = i % len(SECTIONS)
        lines = self._section_lines()
        if self.cursor > 0 and self._section_of(self.cursor) != self.section:
            self.cursor = lines[self.section][0] if lines[self.section] else 0
        self.dirty = True

    def _section_lines(self) -> list[list[int]]:
        """The indices in ``lines()`` of each table's lines (the summary, line 0, is in none)."""
        levels = len(AI_LEVELS) + (0 if self.showing_assisted else 1)
        recent = len(self.shown.recent)
        cards = len(self._cards_shown())
        first = 1
        out = []
        for n in (levels, recent, cards):
            out.append(list(range(first, first + n)))
            first += n
        return out

    def _section_of(self, line: int) -> int:
        return next((i for i, lines in enumerate(self._section_lines()) if line in lines), self.section)

    def open_recent(self, i: int) -> None:
        if 0 <= i < len(self.shown.recent):
            self.ctx.nav.replay(self.shown.recent[i])

    # Reading by keyboard ------------------------------------------------------------------
    def summary(self) -> str:
        """The line under the title, as drawn."""
        n = self.stats.games
        if not self.loaded:
            return _("Loading the kept games…")
        if self.showing_assisted:
            a = self.assisted.games
            return ngettext("The {count} assisted game alone: a move taken back, or played on "
                            "from a replay", "The {count} assisted games alone: a move taken "
                            "back, or played on from a replay", a).format(count=a)
        sub = ngettext("From the {count} kept game", "From the {count} kept games", n).format(count=n)
        # 2v2 games of another set-up (1 Mindbug each, two sets) are in no level's row
        other = sum(t.games for table in self.stats.setup_levels.values() for t in table.values())
        if other:
            sub += " · " + ngettext("{count} of another 2v2 set-up, counted apart",
                                    "{count} of other 2v2 set-ups, counted apart", other).format(count=other)
        return sub + " · " + assisted_line(self.assisted) if self.assisted.games else sub

    def _cards_shown(self) -> list:
        return sorted(self.shown.cards.values(), key=lambda c: (-c.played, c.name))[:CARD_ROWS]

    def lines(self) -> list[str]:
        """Every line of figures in reading order, in words: the summary, the levels, the
        matches (unaided games), each recent game, each card."""
        out = [self.summary()]
        for level in AI_LEVELS:
            s = self.shown.levels.get(level)
            line = _("{level}: games {games}, wins {wins}, win rate {rate}, best streak {streak}").format(
                level=_(LEVEL_NAMES[level]), games=s.games if s else 0, wins=s.wins if s else 0,
                rate=i18n.percent(s.win_rate) if s and s.games else "–", streak=s.best_streak if s else 0)
            t = self.shown.team_levels.get(level)
            if t is not None and t.games:  # the team games, apart as the screen shows them in the row
                line += "; " + _("teams (2v2): games {games}, wins {wins}, win rate {rate}").format(
                    games=t.games, wins=t.wins, rate=i18n.percent(t.win_rate))
            out.append(line)
        if not self.showing_assisted:
            out.append(self.matches_line())
        recent = self.shown.recent
        for i, rec in enumerate(recent):
            out.append(_("Recent game {number} of {count}: {date}, {players}, {result}").format(
                number=i + 1, count=len(recent), date=short_date(rec), players=opponent_text(rec),
                result=result_line(rec)))
        for c in self._cards_shown():
            out.append(_("{card}: played {played}, side won {rate}").format(
                card=_card_name(c.name), played=c.played, rate=i18n.percent(c.win_rate)))
        return out

    def _recent_index(self) -> int | None:
        """The recent game the cursor is on, if any."""
        first = 1 + len(AI_LEVELS) + (0 if self.showing_assisted else 1)
        i = self.cursor - first
        return i if 0 <= i < len(self.shown.recent) else None

    def spoken_focus(self) -> str | None:
        lines = self.lines()
        if 0 <= self.cursor < len(lines):
            return lines[self.cursor]
        focus = self.row.focus
        return _(self.row.buttons[focus].text) if 0 <= focus < len(self.row.buttons) else None

    def _move_cursor(self, step: int) -> None:
        n = len(self.lines())
        self.cursor = max(0, min(n - 1, self.cursor + step)) if self.cursor >= 0 else 0
        self.row.focus = -1
        for b in self.row.buttons:
            b.focused = False

    def handle(self, event: pygame.event.Event) -> bool:
        self.dirty = True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self._back()
            return True
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_UP, pygame.K_DOWN):
            self._move_cursor(1 if event.key == pygame.K_DOWN else -1)
            if self.cursor > 0:  # one table at a time: the one holding the line
                self.section = self._section_of(self.cursor)
            return True
        if event.type == pygame.KEYDOWN and self.one_at_a_time and (
                event.key in SECTION_KEYS or event.key in (pygame.K_PAGEUP, pygame.K_PAGEDOWN)):
            if event.key in SECTION_KEYS:
                self.show_section(SECTION_KEYS.index(event.key))
            else:
                self.show_section(self.section + (1 if event.key == pygame.K_PAGEDOWN else -1))
            return True
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) \
                and self.row.focus < 0 and self.cursor >= 0:
            recent = self._recent_index()
            if recent is not None:
                self.open_recent(recent)
            return True
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_TAB, pygame.K_LEFT, pygame.K_RIGHT):
            self.cursor = -1  # the buttons have the focus
        if event.type == pygame.KEYDOWN and event.key == pygame.K_a:
            self.toggle_assisted()
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            for i, r in enumerate(self.recent_rects):
                if r.collidepoint(event.pos):
                    self.open_recent(i)
                    return True
        return self.row.handle(event)

    def draw(self, surface: pygame.Surface) -> None:
        draw_backdrop(surface, self.ctx.renderer)
        scale = self.ctx.window_scale
        widgets.text(surface, _("Statistics"), 48, (640, 20), theme.ACCENT, bold=True, anchor="midtop")
        # Column heads and dates are small print; in a small window they grow to stay legible.
        self.small = legible(16, scale)
        self.least = legible(12, scale)
        self.cell = legible(19, scale)
        size = legible(18, scale)
        y, summary = 76, None
        for line in fonts.wrap(self.summary(), fonts.font(size), 1200)[:2]:  # long at a large size
            drawn = widgets.text(surface, line, size, (640, y), theme.TEXT_DIM, anchor="midtop")
            summary = drawn if summary is None else summary.union(drawn)
            y = drawn.bottom + 2
        self.line_rects = [(summary or pygame.Rect(640, 76, 0, 0)).inflate(16, 8)]
        self.row.buttons = [*self.tabs, self.toggle, self.back] if self.one_at_a_time else \
            [self.toggle, self.back]
        wide = 220 if self.one_at_a_time else 150  # the larger labels: wider buttons
        self.toggle.rect = pygame.Rect(640 - 10 - 2 * wide, 660, 2 * wide, 46)
        self.back.rect = pygame.Rect(650, 660, 2 * wide, 46)
        if self.one_at_a_time:
            self._one_table(surface, max(110, y + 8))
        else:
            self._levels(surface, pygame.Rect(40, 110, 660, 250))
            self._recent(surface, pygame.Rect(40, 372, 660, 276))
            self._cards(surface, pygame.Rect(720, 110, 520, 538))
        for b in (self.toggle, self.back):
            b.draw(surface, scale)
        if 0 <= self.cursor < len(self.line_rects) and self.line_rects[self.cursor].w:
            pygame.draw.rect(surface, theme.SELECT, self.line_rects[self.cursor], 3, border_radius=6)

    def _one_table(self, surface: pygame.Surface, top: int) -> None:
        """At a larger text size: the tabs, then the table shown, full width, down to the
        buttons; the other tables' lines keep empty places in ``line_rects``."""
        scale = self.ctx.window_scale
        tab_h = max(40, fonts.font(legible(20, scale), True).get_height() + 14)
        for i, tab in enumerate(self.tabs):
            tab.rect = pygame.Rect(40 + i * 404, top, 392, tab_h)
            tab.primary = i == self.section  # the tab shown: gold, with its inner ring
            tab.draw(surface, scale)
        box = pygame.Rect(40, top + tab_h + 12, 1200, 648 - (top + tab_h + 12))
        drawers = (self._levels, self._recent, self._cards)
        sections = self._section_lines()
        self.recent_rects = []
        for i, lines in enumerate(sections):
            if i == self.section:
                drawers[i](surface, box)
            else:
                self.line_rects += [pygame.Rect(0, 0, 0, 0)] * len(lines)

    def _heading(self, surface: pygame.Surface, words: str, box: pygame.Rect) -> int:
        """A table's heading at its top; returns the y under it."""
        size = legible(22, self.ctx.window_scale)
        drawn = widgets.text(surface, fonts.fit_width(words, box.w - 32, size, True), size,
                             (box.x + 16, box.y + 10), theme.ACCENT, bold=True)
        return max(box.y + 38, drawn.bottom + 6)

    def _levels(self, surface: pygame.Surface, box: pygame.Rect) -> None:
        """Per computer level, 1v1 and 2v2 apart (a team's win is not a duel's), each under its
        own head: games, wins, win rate (and the duels' best streak)."""
        widgets.panel(surface, box)
        y = self._heading(surface, _("Against the computer"), box)
        heads = (_("Games"), _("Wins"), _("Win rate"))
        rows = {level: (self.shown.levels.get(level), self.shown.team_levels.get(level)) for level in AI_LEVELS}
        cells = {level: [_(LEVEL_NAMES[level]), *_level_cells(s), str(s.best_streak) if s else "–",
                         *_level_cells(t)] for level, (s, t) in rows.items()}
        titles = [_("Level"), *heads, _("Best streak"), *heads]
        # Each column as wide as its head or its widest cell (German heads are longer), then a gap.
        xs = [box.x + 16]
        for i, title in enumerate(titles[:-1]):
            widest = max([fonts.text_width(title, self.small), fonts.text_width(i18n.percent(1.0), self.cell)] +
                         [fonts.text_width(c[i], self.cell) for c in cells.values()])  # steady as figures grow
            gap = 18 if i in (0, 4) else 8  # wider before each group; wider for larger text
            xs.append(xs[-1] + widest + round(gap * self.cell / 19))
        one, team = xs[1:5], xs[5:]
        head_pitch = max(20, fonts.font(self.small).get_height() + 2)
        row_pitch = max(26, fonts.font(self.cell).get_height() + 4)
        for cols, head in ((one, _("One against one (1v1)")), (team, _("Teams (2v2)"))):
            room = (box.right - 8 if cols is team else team[0] - 16) - cols[0]
            widgets.text(surface, fonts.fit_width(head, room, self.small), self.small, (cols[0], y),
                         theme.ACCENT)
        y += head_pitch
        for x, title in zip(xs, titles, strict=True):
            widgets.text(surface, fonts.fit_width(title, box.right - 8 - x, self.small), self.small,
                         (x, y), theme.TEXT_DIM)
        y += head_pitch - row_pitch
        for level in AI_LEVELS:
            y += row_pitch  # five rows, and the matches' line under them
            for x, cell in zip(xs, cells[level], strict=True):
                widgets.text(surface, cell, self.cell, (x, y), theme.TEXT)
            self.line_rects.append(pygame.Rect(box.x + 8, y - 3, box.w - 16, row_pitch + 2))
        if not self.showing_assisted:  # the matches are counted whole, with the unaided games
            at = max(box.bottom - 26, y + row_pitch + 4) if not self.one_at_a_time else y + row_pitch + 8
            drawn = widgets.text(surface, fonts.fit_width(self.matches_line(), box.w - 32, self.small),
                                 self.small, (box.x + 16, at), theme.TEXT_DIM)
            self.line_rects.append(pygame.Rect(box.x + 8, drawn.y - 3, box.w - 16, drawn.h + 6))

    def matches_line(self) -> str:
        """Matches against the computer (best of 3 or 5), played and won."""
        m = self.matches
        if m is None or not m.played:
            return _("Matches (best of 3 or 5): none decided yet")
        return ngettext("Matches (best of 3 or 5): {count} played, {won} won",
                        "Matches (best of 3 or 5): {count} played, {won} won",
                        m.played).format(count=m.played, won=m.won)

    def _cards(self, surface: pygame.Surface, box: pygame.Rect) -> None:
        widgets.panel(surface, box)
        y = self._heading(surface, _("Cards (most played)"), box) + 10
        heads = (_("Card"), _("Played"), _("Side won"))
        # The figures' columns at the right, as wide as their heads or figures; the names before.
        played_w = max(fonts.text_width(heads[1], self.small), fonts.text_width("999", self.cell))
        won_w = max(fonts.text_width(heads[2], self.small), fonts.text_width(i18n.percent(1.0), self.cell))
        cols = (box.x + 16, box.right - 16 - won_w - 24 - played_w, box.right - 16 - won_w)
        for x, head in zip(cols, heads, strict=True):
            widgets.text(surface, head, self.small, (x, y), theme.TEXT_DIM)
        cards = self._cards_shown()
        if not cards:
            widgets.text(surface, _("No cards played yet."), self.cell, (box.x + 16, y + 34), theme.TEXT_DIM)
        pitch = max(32, fonts.font(self.cell).get_height() + 8)
        y += max(0, fonts.font(self.small).get_height() + 12 - pitch)
        # What "Side won" counts, under the rows (a bare "Side won" was a riddle), wrapped.
        line_h = fonts.font(self.small).get_height() + 2
        note = fonts.wrap(side_won_note(), fonts.font(self.small), box.w - 32)[:3]
        note_h = line_h * len(note) + 6
        for i, part in enumerate(note):
            widgets.text(surface, part, self.small, (box.x + 16, box.bottom - 8 - note_h + 4 + i * line_h),
                         theme.TEXT_DIM)
        fit = max(1, (box.bottom - 8 - note_h - y) // pitch - 1)  # the rows that fit under the heads
        first_line = self._section_lines()[2][0] if cards else 0
        if self.cursor >= first_line and cards:  # the ring stays in sight
            _selected, self.card_first = widgets.scrolled_list(self.cursor - first_line, len(cards),
                                                               self.card_first, fit)
        self.card_first = max(0, min(self.card_first, len(cards) - fit))
        for i, c in enumerate(cards):
            if not self.card_first <= i < self.card_first + fit:
                self.line_rects.append(pygame.Rect(0, 0, 0, 0))
                continue
            y += pitch
            name = fonts.fit_width(_card_name(c.name), cols[1] - 12 - cols[0], self.cell)
            for x, cell in zip(cols, (name, str(c.played), i18n.percent(c.win_rate)), strict=True):
                widgets.text(surface, cell, self.cell, (x, y), theme.TEXT)
            self.line_rects.append(pygame.Rect(box.x + 8, y - 4, box.w - 16, pitch - 2))

    def _recent(self, surface: pygame.Surface, box: pygame.Rect) -> None:
        widgets.panel(surface, box)
        y = self._heading(surface, _("Recent games (click to watch)"), box) + 8
        self.recent_rects = []
        row_h = max(27, fonts.font(max(17, self.least, self.small)).get_height() + 4)
        for rec in self.shown.recent:
            r = pygame.Rect(box.x + 8, y, box.w - 16, row_h)
            self.recent_rects.append(r)
            self.line_rects.append(r)
            # In a small window the larger print leaves no room for the time: the day only.
            when = short_date(rec) if self.small <= 16 or box.w > 1000 else short_date(rec)[:10]
            x = widgets.text(surface, when, self.small, (r.x + 8, r.centery), theme.TEXT_DIM,
                             anchor="midleft").right + 14
            # Long names (two computers, German words) shrink, the result first to 60 % of the
            # room after the date, the opponents to what is left (cut short if still too long).
            room = r.right - 8 - x
            result, opponent = result_line(rec), opponent_text(rec)
            rsize = fonts.fit_size(result, int(room * 0.6), max(17, self.least), self.least)
            result = fonts.fit_width(result, int(room * 0.6), rsize)  # a name from a file: any length
            drawn = widgets.text(surface, result, rsize, (r.right - 8, r.centery), theme.ACCENT,
                                 anchor="midright")
            left = drawn.x - 12 - x
            size = fonts.fit_size(opponent, left, max(17, self.least), self.least)
            widgets.text(surface, fonts.fit_width(opponent, left, size), size, (x, r.centery),
                         theme.TEXT, anchor="midleft")
            y += row_h + 1
        if not self.shown.recent:
            words = _("No finished games yet.")
            if not self.showing_assisted and self.assisted.recent:
                words = _("No unaided game yet: A shows the assisted ones.")
            elif self.showing_assisted:
                words = _("No assisted game yet.")
            for line in fonts.wrap(words, fonts.font(self.cell), box.w - 32)[:2]:
                y = widgets.text(surface, line, self.cell, (box.x + 16, y), theme.TEXT_DIM).bottom + 2


def _level_cells(s: LevelStats | None) -> list[str]:
    """Games, wins and win rate of one level's row ("0", "–", "–" before any game)."""
    if s is None or not s.games:
        return ["0", "–", "–"]
    return [str(s.games), str(s.wins), i18n.percent(s.win_rate)]


def _card_name(name: str) -> str:
    """A card's English name (as the statistics keep it) in the current language."""
    d = next((d for d in load_cards().defs if d.name == name), None)
    return i18n.card_name(d) if d is not None else name


def assisted_line(assisted: Statistics) -> str:
    """"2 assisted games counted apart (1 won)": a move taken back, or played on from a replay."""
    n = assisted.games
    wins = sum(s.wins for s in assisted.levels.values())
    return ngettext("{count} assisted game counted apart ({wins} won)",
                    "{count} assisted games counted apart ({wins} won)", n).format(count=n, wins=wins)


def side_won_note() -> str:
    """What the cards' "Side won" column counts."""
    return _("Side won: how often the side that played the card won the game.")
