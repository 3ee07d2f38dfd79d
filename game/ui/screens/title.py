"""The title screen: the ways to play (here, and over the network: host or join), "Continue" (with a one-line description of the newest
game) and "Games in progress", learning (Tutorial, Puzzles and, on the first start, the offer
of the tutorial), Replays, Statistics, Daily deal (with today's result and the streak beside
it), Cards, How to Play, Settings and Quit.

Every entry asks the navigator (``ctx.nav``) for its screen. At start-up the title is drawn
before the store is opened; ``after_first_frame`` (the scene stack's hook) then looks for a
saved game and writes down that the tutorial was offered.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from game.common.i18n import N_, _
from game.ui.core.scene import Scene
from game.ui.core.screen_words import TITLE_SCREEN, row_label
from game.ui.kit import fonts, gold, theme, widgets
from game.ui.kit.backdrop import draw_backdrop
from game.ui.kit.legible import enlarged, legible
from game.ui.kit.widgets import Button, ButtonRow
from game.ui.learn import progress as progress_mod

if TYPE_CHECKING:
    from typing_extensions import TypeIs  # typing's own from Python 3.13

    from game.net.saves import HostSave
    from game.persist.record import GameRecord
    from game.ui.core.context import AppContext

    Resumable = GameRecord | HostSave  # a game of this window's saves, or one it hosted

CONTINUE = N_("Continue")
GAMES = N_("Games in progress")
TUTORIAL = N_("Tutorial")
PUZZLES = N_("Puzzles")
DAILY = N_("Daily deal")
CARDS = N_("Cards")
NETWORK = N_("Play over the network")
ONLINE = N_("Play online")
# The first-start offer's two buttons: last in the row, so the title's keyboard paths stay.
OFFER_YES = N_("Take the tutorial")
OFFER_NO = N_("Not now")
OFFER_BOX = pygame.Rect(862, 300, 380, 190)
# Entries that share a row two by two when the title has many: the column then fits 720 px.
PAIRED = ("How to Play", "Settings", TUTORIAL, PUZZLES, "Replays", "Statistics", DAILY, CARDS)

Actions = list[Callable[[], None]]


class TitleScene(Scene):
    spoken_words = TITLE_SCREEN  # what speech says as the screen comes on top

    def spoken_focus(self) -> str | None:
        """Speech: the focused button (or the gold one) with what the screen shows beside it
        (issue 45): the first start's offer on its buttons, today's result and the streak on
        Daily deal."""
        label = row_label(self)
        row = self.row
        focus = row.focus if 0 <= row.focus < len(row.buttons) else \
            next((i for i, b in enumerate(row.buttons) if b.primary), -1)
        if label is None or focus < 0:
            return label
        if self.offer and focus >= len(row.buttons) - 2:
            return " ".join((_("New to Mindbug?"), _("Short lessons teach you the game."), label))
        labels = self._entries[0]
        if self.daily_line and DAILY in labels and focus == labels.index(DAILY):
            return f"{label}. {self.daily_line}"
        return label

    def __init__(self, ctx: AppContext, message: str | None = None) -> None:
        super().__init__(ctx)
        self.message = message
        self.offer = False  # the first-start offer of the tutorial is shown
        self.continue_line: str | None = None  # the newest game, under Continue
        self._continue_record: Resumable | None = None
        labels = [N_("Play vs Computer"), N_("Two Players (Hot Seat)"), N_("Team Game (2 vs 2)"),
                  N_("How to Play"), N_("Settings"), N_("Quit")]
        actions: Actions = [self._vs_ai, self._hot_seat, self._teams, lambda: ctx.nav.howto(),
                            lambda: ctx.nav.settings(), lambda: ctx.quit(0)]
        record, count = self._look_for_games()
        # Before Quit: the entries above keep their places (and their keyboard paths).
        at = labels.index("Quit")
        labels[at:at] = [TUTORIAL, PUZZLES, N_("Replays"), N_("Statistics"), DAILY, CARDS,
                         NETWORK, ONLINE]
        actions[at:at] = [lambda: ctx.nav.tutorial(), lambda: ctx.nav.puzzles(),
                          lambda: ctx.nav.replays(), lambda: ctx.nav.statistics(),
                          lambda: ctx.nav.daily(), lambda: ctx.nav.gallery(),
                          lambda: ctx.nav.network_game(), lambda: ctx.nav.play_online()]
        self.daily_line: str | None = None  # today's result and the streak, beside Daily deal
        self._look_at_daily()
        self._learning(labels, actions)
        self._add_continue(labels, actions, record, count)
        self._entries = (labels, actions)
        self.row = ButtonRow()
        self.gold: int | None = None  # the entry Enter takes while none has the focus
        self._lay_out()

    # Entries ----------------------------------------------------------------------------------
    def _vs_ai(self) -> None:
        self.ctx.nav.new_game(hot_seat=False, rules="1v1")

    def _hot_seat(self) -> None:
        self.ctx.nav.new_game(hot_seat=True, rules="1v1")

    def _teams(self) -> None:
        self.ctx.nav.new_game(hot_seat=False, rules="2v2")

    def _resume(self, record: Resumable) -> None:
        if is_hosted(record):  # a network game this computer hosted: hosted again, its lobby
            refused = self.ctx.nav.continue_hosted(record)
        else:  # another window may hold it since the title was drawn
            refused = self.ctx.nav.resume(record)
        if refused:
            self.ctx.nav.title(refused)

    def _lay_out(self) -> None:
        labels, actions = self._entries
        # The gold rule (game.ui.kit.gold): on the first start the tutorial's offer is advised.
        self.gold = gold.choose([gold.ADVISED if label == OFFER_YES else gold.PLAIN for label in labels])
        self.row = ButtonRow([Button(r, t, a, primary=(i == self.gold)) for i, (r, t, a)
                              in enumerate(zip(rects(labels), labels, actions, strict=True))])
        self.dirty = True

    def _add_message(self, message: str | None) -> None:
        if message:
            self.message = f"{self.message} {message}" if self.message else message
            self.dirty = True

    # Saved games ------------------------------------------------------------------------------
    def _look_for_games(self) -> tuple[Resumable | None, int]:
        """The newest game to continue and how many are in progress; remembers its line."""
        record, self.continue_line, message, count = saved_games(self.ctx)
        self._continue_record = record
        self._add_message(message)
        return record, count

    def _add_continue(self, labels: list[str], actions: Actions, record: Resumable | None,
                      count: int) -> None:
        """Continue (the newest game) and, beside it, Games in progress (all of them)."""
        if count and GAMES not in labels:
            labels.insert(0, GAMES)
            actions.insert(0, lambda: self.ctx.nav.games_in_progress())
        if record is not None and CONTINUE not in labels:
            labels.insert(0, CONTINUE)
            actions.insert(0, lambda: self._resume(record))

    def _look_at_daily(self) -> None:
        """Today's daily result and the streak (the record is read once the store is open)."""
        if self.ctx.store is None:
            return
        from game.ui.screens.daily import title_line

        self.daily_line, message = title_line(self.ctx)
        self._add_message(message)  # a damaged record, set aside
        self.dirty = True

    def after_first_frame(self) -> None:
        """The start-up title is on screen: what it left until then (the file writes and the
        saved-game check are not needed to draw it). ``__init__`` found no store then: look
        now, and put Continue first if there is a game."""
        remember_offer(self.ctx)
        if self.daily_line is None:
            self._look_at_daily()
        labels, actions = self._entries
        if CONTINUE in labels or GAMES in labels:
            return
        record, count = self._look_for_games()
        if record is None and not count:
            return
        self._add_continue(labels, actions, record, count)
        self._lay_out()

    def language_changed(self) -> None:
        """The Continue line was worded when the title was made: word it again."""
        record = self._continue_record
        if record is not None:
            self.continue_line = continue_text(record)
        if self.daily_line is not None:
            from game.ui.screens.daily import title_line

            self.daily_line = title_line(self.ctx)[0]
        self.dirty = True

    # Learning ---------------------------------------------------------------------------------
    def _learning(self, labels: list[str], actions: Actions) -> None:
        """The progress file's message (if it was damaged) and, once ever, the tutorial's offer."""
        ctx = self.ctx
        progress = progress_mod.load()
        self._add_message(progress.message)
        offered = progress.offered or ctx.tutorial_offer_unsaved is not None
        self.offer = not offered and not ctx.demo and not ctx.exit_after_game
        if self.offer:
            # Asked once, whatever the answer or none. The start-up title writes that down after
            # its first frame (see after_first_frame: the write, with its fsync, can take a few ms).
            ctx.tutorial_offer_unsaved = progress
            if ctx.frames:
                remember_offer(ctx)
            labels += [OFFER_YES, OFFER_NO]
            actions += [lambda: self._answer(True), lambda: self._answer(False)]

    def _answer(self, take: bool) -> None:
        self.offer = False
        labels, actions = self._entries
        del labels[-2:], actions[-2:]  # the offer's two, always last
        self._lay_out()  # the gold goes back to the first entry
        if take:
            self.ctx.nav.tutorial(start=True)

    # Frame ------------------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> bool:
        if event.type in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONUP, pygame.KEYDOWN):
            self.dirty = True
        if event.type == pygame.MOUSEBUTTONDOWN:
            self.message = None
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.ctx.quit(0)
            return True
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) \
                and self.row.focus < 0 and self.gold is not None:
            self.row.buttons[self.gold].action()  # Enter with nothing focused: the gold entry
            return True
        return self.row.handle(event)

    def draw(self, surface: pygame.Surface) -> None:
        draw_backdrop(surface, self.ctx.renderer)
        large = large_text()
        if self.row.buttons and large != (self.row.buttons[0].rect.h == grid_height()):
            self._lay_out()  # the text size changed under it (Settings): the other layout
        if not (large and self.message):  # large text: a message takes the title's place
            title = widgets.text(surface, _("MINDBUG"), 64 if large else 96, (640, 56 if large else 150),
                                 theme.ACCENT, bold=True, anchor="center")
            widgets.text(surface, _("First Contact"), 30, (640, title.bottom + (2 if large else 18)),
                         theme.TEXT, anchor="midtop" if large else "center")
        scale = self.ctx.window_scale
        self.row.draw(surface, scale)
        footer = _("Tab / arrows to move, Enter to choose, F11 for full screen")
        if self.offer and large:  # its buttons are the grid's last row; its question below
            footer = _("New to Mindbug?") + " " + _("Short lessons teach you the game.")
        elif self.offer:
            self._draw_offer(surface, scale)
        if self.daily_line and large and not self.offer:
            footer = self.daily_line  # no room beside Daily deal: the line under the grid
        elif self.daily_line and not large:
            self._draw_daily_line(surface, scale, self.daily_line)
        if self.continue_line:
            first = self.row.buttons[0].rect
            size = legible(17, scale)
            widgets.text(surface, fonts.fit_width(self.continue_line, 1200, size), size,
                         (640, first.bottom + 4), theme.ACCENT, anchor="midtop")
        size = legible(16, scale)
        widgets.text(surface, fonts.fit_width(footer, 1240, size), size, (640, 700),
                     theme.ACCENT if footer != _("Tab / arrows to move, Enter to choose, F11 for full screen")
                     else theme.TEXT_DIM, anchor="center")
        if self.message:
            size = legible(18, scale)
            lines = fonts.wrap(self.message, fonts.font(size), 760)[:3 if large else 6]
            box = pygame.Rect(240, 12, 800, (size + 4) * len(lines) + 20)
            widgets.panel(surface, box, alpha=240)
            for i, line in enumerate(lines):
                widgets.text(surface, line, size, (260, 22 + i * (size + 4)), theme.ACCENT)

    def _draw_daily_line(self, surface: pygame.Surface, scale: float, line: str) -> None:
        labels = self._entries[0]
        if DAILY not in labels:
            return
        rect = self.row.buttons[labels.index(DAILY)].rect
        right = max(b.rect.right for b in self.row.buttons if b.rect.y == rect.y)  # Cards beside it
        if self.offer and OFFER_BOX.top < rect.bottom and rect.top < OFFER_BOX.bottom:
            return  # the first-start offer sits there: the line waits for the next title
        size = legible(16, scale)
        widgets.text(surface, fonts.fit_width(line, 1270 - right - 16, size), size,
                     (right + 16, rect.centery), theme.ACCENT, anchor="midleft")

    def _draw_offer(self, surface: pygame.Surface, scale: float) -> None:
        box = OFFER_BOX
        widgets.panel(surface, box, alpha=240)
        pygame.draw.rect(surface, theme.ACCENT, box, 2, border_radius=14)
        widgets.text(surface, _("New to Mindbug?"), 28, (box.centerx, box.y + 30), theme.ACCENT,
                     bold=True, anchor="center")
        widgets.text(surface, _("Short lessons teach you the game."), 18,
                     (box.centerx, box.y + 62), theme.TEXT, anchor="center")
        for b in self.row.buttons[-2:]:  # over the panel
            b.draw(surface, scale)


def saved_games(ctx: AppContext) -> tuple[Resumable | None, str | None, str | None, int]:
    """(game, description, message, count): the newest game to continue (one not open in
    another window, or the hosted game left unfinished, whichever began last), its one-line
    description, a message if a broken save was set aside, and how many games are in progress
    (also those open elsewhere, and the hosted one)."""
    if ctx.store is None:
        return None, None, None, 0
    from game.ui.net.kept import hosted_save

    games, message = ctx.store.saved_games()
    record = next((g.record for g in games if g.record is not None and not g.open_elsewhere),
                  None)
    hosted, set_aside = hosted_save(ctx.store.root)
    message = " ".join(m for m in (message, set_aside) if m) or None
    count = len(games) + (hosted is not None)
    newest: Resumable | None = record
    if hosted is not None and (record is None or hosted.record.date > record.date):
        newest = hosted
    if newest is None:
        return None, None, message, count
    return newest, continue_text(newest), message, count


def is_hosted(game: Resumable) -> TypeIs[HostSave]:
    from game.net.saves import HostSave

    return isinstance(game, HostSave)


def continue_text(game: Resumable) -> str:
    """The line under Continue: the game's description, in the language now chosen."""
    if is_hosted(game):
        from game.ui.net.kept import network_line

        return network_line(game)
    from game.persist.rebuild import rebuild
    from game.persist.summary import continue_line

    return continue_line(game, rebuild(game).game)


def remember_offer(ctx: AppContext) -> None:
    """Write down that the tutorial was offered (once; the title is not asked again)."""
    progress = ctx.tutorial_offer_unsaved
    if progress is not None:
        ctx.tutorial_offer_unsaved = None
        progress.mark_offered()  # a failed write only means the offer is made again next time


def large_text() -> bool:
    """The Settings' text size makes the buttons' labels larger than the column was made for
    (from 125% on: the smallest text, 20 px, no longer fits its narrow buttons)."""
    return enlarged(19)


def grid_height() -> int:
    """A button's height in the large text's grid."""
    return legible(22) + 14


def _grid(labels: list[str]) -> list[pygame.Rect]:
    """Large text: every entry in a grid of two wide columns under a smaller title (the offer's
    two buttons its last row), the Continue description under the first row."""
    h, gap = grid_height(), 8
    w = 540
    out = []
    y = 150 if len(labels) <= 14 else 136
    for i in range(0, len(labels), 2):
        out.append(pygame.Rect(640 - gap // 2 - w, y, w, h))
        if i + 1 < len(labels):
            out.append(pygame.Rect(640 + gap // 2, y, w, h))
        y += h + gap + (legible(17) + 8 if labels[0] == CONTINUE and i == 0 else 0)
    return out


def rects(labels: list[str], top: int = 300) -> list[pygame.Rect]:
    """The title's button column; with many entries the side entries sit two to a row, leaving
    room for the Continue description under the first button (large text: a grid)."""
    if large_text():
        return _grid(labels)
    offer = [r for r in _offer_rects() if labels[-2:] == [OFFER_YES, OFFER_NO]]
    if offer:
        labels = labels[:-2]
    if len(labels) <= 5:
        return widgets.column(640, top, labels, width=340, height=54) + offer
    width, height, gap = 340, 44, 9
    if len(labels) > 10:  # Continue and every entry: a tighter column still clears the footer
        height, gap = 40, 8
    if len(labels) > 12:
        height, gap = 37, 7
    if len(labels) > 14:  # and Play over the network: ten rows
        height, gap = 34, 6
    half = (width - gap) // 2
    out: list[pygame.Rect] = []
    y = 252
    i = 0
    while i < len(labels):
        pair = labels[i] in PAIRED and i + 1 < len(labels) and labels[i + 1] in PAIRED
        games = labels[i:i + 2] == [CONTINUE, GAMES]  # the newest game, and all of them
        if labels[i:i + 2] == [NETWORK, ONLINE]:  # the two ways to play with people elsewhere
            # Shared as their words need it at the least size a button gives them in the
            # smallest window (as Games in progress above); wider than the column if they must.
            words = [fonts.text_width(_(label), legible(12, 0.75), True) + 24
                     for label in labels[i:i + 2]]
            row = max(width, sum(words) + gap)
            first = round((row - gap) * words[0] / sum(words))
            out.append(pygame.Rect(640 - row // 2, y, first, height))
            out.append(pygame.Rect(640 - row // 2 + first + gap, y, row - first - gap, height))
            i += 2
        elif pair or games:
            # "Games in progress" takes the longer part: as much as its words need at the
            # least size a button gives them in the smallest window (18 px at 100%).
            need = fonts.text_width(_(GAMES), legible(12, 0.75), True) + 24
            first = min(half - 30, width - gap - need) if games else half
            out.append(pygame.Rect(640 - width // 2, y, first, height))
            out.append(pygame.Rect(640 - width // 2 + first + gap, y, width - first - gap, height))
            i += 2
        else:
            out.append(pygame.Rect(640 - width // 2, y, width, height))
            i += 1
        y += height + gap + (22 if labels[0] == CONTINUE and out[-1].y == 252 else 0)
    return out + offer


def _offer_rects() -> list[pygame.Rect]:
    box = OFFER_BOX
    return [pygame.Rect(box.x + 30, box.y + 84, box.w - 60, 44),
            pygame.Rect(box.x + 30, box.y + 136, box.w - 60, 40)]
