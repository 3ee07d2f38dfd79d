"""The title's "Games in progress": every unfinished game (newest first) with its mode, seats,
turn and when it was last played. Enter or a click continues the chosen one (a hot-seat game
through its curtain, as Continue does); Delete or "Discard" asks first, then deletes it. A game
open in another window is listed as such and can be neither continued nor discarded here. A
network game this computer hosted and left unfinished is listed too (as a network game, with
who played): continuing it hosts it again, its lobby over this list, the same seats rejoining."""

from __future__ import annotations

from typing import TYPE_CHECKING, TypeAlias

import pygame

from game.common.i18n import N_, _, ngettext
from game.persist.rebuild import rebuild
from game.persist.summary import opponent_text, short_date
from game.ui.core.scene import Scene
from game.ui.core.screen_words import GAMES_SCREEN
from game.ui.kit import fonts, gold, theme, widgets
from game.ui.kit.backdrop import draw_backdrop
from game.ui.kit.legible import legible
from game.ui.kit.menu_overlay import MenuOverlay
from game.ui.kit.widgets import Button, ButtonRow
from game.ui.net.kept import discard_hosted, hosted_save, network_line

if TYPE_CHECKING:
    from game.net.saves import HostSave
    from game.persist.record import GameRecord
    from game.persist.store import SavedGame
    from game.ui.core.context import AppContext

SUB_TOP = 98  # the line under the title
LIST_TOP = 130
LIST_BOTTOM = 600  # above the message line and the buttons
MODE_NAMES = {"hotseat": N_("Hot seat")}
OPEN_ELSEWHERE = N_("open in another window")


class HostedEntry:
    """The hosted game left unfinished, listed like a saved game (``saved``: its HostSave)."""

    def __init__(self, saved: HostSave) -> None:
        self.saved = saved
        self.game_id = saved.game_id
        self.record: GameRecord | None = saved.record  # a SavedGame's may be None
        self.open_elsewhere = False


#: One listed game: a save of this window's, or the hosted game left unfinished.
Listed: TypeAlias = "SavedGame | HostedEntry"


class GameRow:
    """One listed game: its saved state and what the list says about it."""

    def __init__(self, entry: Listed) -> None:
        self.entry = entry
        self.hosted = entry.saved if isinstance(entry, HostedEntry) else None
        self.turn: int | None = None
        record = entry.record
        if record is not None:
            try:
                self.turn = rebuild(record).game.turn_no
            except ValueError:
                self.turn = None

    @property
    def game_id(self) -> str:
        return self.entry.game_id

    @property
    def playable(self) -> bool:
        return self.entry.record is not None and not self.entry.open_elsewhere


class GamesScene(Scene):
    spoken_words = GAMES_SCREEN  # what speech says as the screen comes on top

    def __init__(self, ctx: AppContext) -> None:
        super().__init__(ctx)
        self.message: str | None = None
        self.hovered: int | None = None  # the row under the pointer
        self.rows: list[GameRow] = []
        self.selected = 0
        self.first = 0
        self.reload()
        self.row = ButtonRow([
            Button(pygame.Rect(160, 640, 300, 50), N_("Continue"), lambda: self.open(self.selected),
                   primary=True),
            Button(pygame.Rect(490, 640, 300, 50), N_("Discard game"), lambda: self.ask_discard(self.selected)),
            Button(pygame.Rect(820, 640, 300, 50), N_("Back (Esc)"), self._back),
        ])

    def reload(self) -> None:
        games, message = ctx_games(self.ctx)
        self.rows = [GameRow(g) for g in games]
        if message:
            self.message = message
        self.selected = max(0, min(self.selected, len(self.rows) - 1))
        self.first = min(self.first, self.selected)
        self.dirty = True

    def _back(self) -> None:
        self.ctx.nav.title()  # its Continue reflects what changed here

    def open(self, index: int) -> None:
        if not 0 <= index < len(self.rows):
            return
        row = self.rows[index]
        record = row.entry.record
        if not row.playable or record is None:  # a playable row has its record
            self.message = _("This game is open in another window.")
            return
        if row.hosted is not None:
            refused = self.ctx.nav.continue_hosted(row.hosted)
        else:
            refused = self.ctx.nav.resume(record)
        if refused:
            self.message = refused
            self.reload()

    def ask_discard(self, index: int) -> None:
        if not 0 <= index < len(self.rows):
            return
        row = self.rows[index]
        if not row.playable:
            self.message = _("This game is open in another window.")
            return
        overlay: MenuOverlay | None = None

        def answer(discard: bool) -> None:
            if overlay is not None:  # always: it is asked once the overlay is shown
                self.ctx.scenes.remove(overlay)
            if discard:
                self.discard(row)

        overlay = MenuOverlay(self.ctx, N_("Discard this game?"),
                              [(N_("Keep it (Esc)"), lambda: answer(False)),
                               (N_("Discard game"), lambda: answer(True), gold.DESTROYS)],
                              [describe(row)], theme.DANGER, esc=lambda: answer(False))
        self.ctx.scenes.push(overlay)

    def discard(self, row: GameRow) -> None:
        if row.hosted is not None and self.ctx.store is not None:
            discard_hosted(row.hosted, self.ctx.store.root)
            self.message = _("The game was discarded.")
        elif self.ctx.store is None or not self.ctx.store.discard(row.game_id):
            self.message = _("This game is open in another window.")
        else:
            self.message = _("The game was discarded.")
        self.reload()

    speech_title = N_("Games in progress")

    def spoken_focus(self) -> str | None:
        """Speech: the game chosen (Up, Down) and the focused button, "Discard: vs Medium,
        turn 4", worded as the rows show them."""
        game = describe(self.rows[self.selected]) if 0 <= self.selected < len(self.rows) else ""
        focus = self.row.focus
        button = _(self.row.buttons[focus].text) if 0 <= focus < len(self.row.buttons) else ""
        if button and game:
            return _("{button}: {game}").format(button=button, game=game)
        return button or game or None

    def _select(self, index: int) -> None:
        if not self.rows:
            return
        self.selected, self.first = widgets.scrolled_list(index, len(self.rows), self.first, self.shown_rows())

    def row_rect(self, i: int) -> pygame.Rect:
        top = LIST_TOP + self.sub_height()
        return pygame.Rect(140, top + (i - self.first) * row_height(), 1000, row_height() - 6)

    def sub_lines(self) -> list[str]:
        """The line under the title, wrapped to the list's width at the text size."""
        n = len(self.rows)
        sub = ngettext("{count} unfinished game, newest first (Enter continues, Delete discards)",
                       "{count} unfinished games, newest first (Enter continues, Delete discards)",
                       n).format(count=n) if n else _("No game in progress.")
        size = legible(18, self.ctx.window_scale)
        return fonts.wrap(sub, fonts.font(size), 1000)

    def sub_height(self) -> int:
        """How far the list moves down for the line under the title (two lines at 200%)."""
        lines = len(self.sub_lines()) * widgets.line_height(legible(18, self.ctx.window_scale))
        return max(0, SUB_TOP + lines + 6 - LIST_TOP)

    def handle(self, event: pygame.event.Event) -> bool:
        self.dirty = True
        if event.type == pygame.KEYDOWN:
            moves = {pygame.K_DOWN: 1, pygame.K_UP: -1, pygame.K_PAGEDOWN: self.shown_rows(),
                     pygame.K_PAGEUP: -self.shown_rows()}
            if event.key == pygame.K_ESCAPE:
                self._back()
                return True
            if event.key in moves:
                self._select(self.selected + moves[event.key])
                return True
            if event.key == pygame.K_DELETE:
                self.ask_discard(self.selected)
                return True
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) and self.row.focus < 0:
                self.open(self.selected)
                return True
        if event.type == pygame.MOUSEMOTION:
            shown = range(self.first, min(len(self.rows), self.first + self.shown_rows()))
            self.hovered = next((i for i in shown if self.row_rect(i).collidepoint(event.pos)), None)
        if event.type == pygame.MOUSEWHEEL:
            self._select(self.selected - event.y)
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            for i in range(self.first, min(len(self.rows), self.first + self.shown_rows())):
                if self.row_rect(i).collidepoint(event.pos):
                    self.selected = i
                    return True
        return self.row.handle(event)

    def draw(self, surface: pygame.Surface) -> None:
        draw_backdrop(surface, self.ctx.renderer)
        widgets.text(surface, _("Games in progress"), 48, (640, 40), theme.ACCENT, bold=True,
                     anchor="midtop")
        size = legible(18, self.ctx.window_scale)
        for k, line in enumerate(self.sub_lines()):
            widgets.text(surface, line, size, (640, SUB_TOP + k * widgets.line_height(size)), theme.TEXT_DIM,
                         anchor="midtop")
        cut = {i for i in range(self.first, min(len(self.rows), self.first + self.shown_rows()))
               if self._draw_row(surface, i)}
        self._whole_text(surface, cut)
        if self.message:
            # A set-aside save's line names two files: wrapped above the buttons.
            widgets.centred_lines(surface, self.message, 18, 640, 634, 1200, theme.DANGER,
                                  bottom=True)
        self.row.draw(surface, self.ctx.window_scale)

    def _whole_text(self, surface: pygame.Surface, cut: set[int]) -> None:
        """The row under the pointer (else the chosen one), whole, under the list when its line
        was cut with "…" (speech says it whole too)."""
        i = self.hovered if self.hovered is not None else self.selected
        if i not in cut:
            return
        last = self.row_rect(min(len(self.rows), self.first + self.shown_rows()) - 1)
        size = legible(18, self.ctx.window_scale)
        line_h = widgets.line_height(size)
        lines = fonts.wrap(describe(self.rows[i]), fonts.font(size), last.w - 32)
        box = pygame.Rect(last.x, last.bottom + 12, last.w, len(lines) * line_h + 16)
        if box.bottom > LIST_BOTTOM:
            return  # a full list leaves no room: the line is cut, speech says it whole
        widgets.panel(surface, box, alpha=235, radius=8)
        for k, line in enumerate(lines):
            widgets.text(surface, line, size, (box.x + 16, box.y + 8 + k * line_h), theme.TEXT)

    def _draw_row(self, surface: pygame.Surface, i: int) -> bool:
        """Draws row ``i``; True when its description was cut to fit."""
        row = self.rows[i]
        r = self.row_rect(i)
        widgets.panel(surface, r, alpha=235 if i == self.selected else 170, radius=8)
        if i == self.selected:
            pygame.draw.rect(surface, theme.SELECT, r, 2, border_radius=8)
        scale = self.ctx.window_scale
        inner = r.inflate(-32, 0)
        record = row.entry.record
        if record is None:
            widgets.text_in(surface, _(OPEN_ELSEWHERE), legible(18, scale), inner, theme.TEXT_DIM)
            return False
        # Columns measured with their fonts at the text size: the date, then the description in
        # what is left (cut with "…": speech reads it whole), the tag at the right.
        date = widgets.text_in(surface, short_date(record), legible(17, scale), inner, theme.TEXT_DIM)
        rest = pygame.Rect(date.right + 24, inner.y, inner.right - date.right - 24, inner.h)
        if row.entry.open_elsewhere:
            tag = widgets.text_in(surface, _(OPEN_ELSEWHERE), legible(17, scale), rest, theme.ACCENT,
                                  align="right")
            rest.w = max(0, tag.left - 16 - rest.x)
        text = describe(row)
        drawn = widgets.text_in(surface, text, legible(19, scale), rest,
                                theme.TEXT if row.playable else theme.TEXT_DIM)
        return drawn.w < fonts.text_width(text, legible(19, scale))

    def shown_rows(self) -> int:
        """How many rows fit between the line under the title and the message line."""
        return max(1, (LIST_BOTTOM - LIST_TOP - self.sub_height()) // row_height())


def row_height() -> int:
    """A row: its largest text (19 px, at the text size) with room around it."""
    return max(50, widgets.line_height(legible(19)) + 16)


def describe(row: GameRow) -> str:
    """"Hot seat, 2 vs 2: Ann & Cleo vs Bob & Dex, turn 4"."""
    record = row.entry.record
    if record is None:
        return _(OPEN_ELSEWHERE)
    if row.hosted is not None:  # "Network game, 1 vs 1: Ada, Basil, turn 4"

        return network_line(row.hosted)
    text = opponent_text(record)  # "vs Easy", "Computer vs computer (Easy)", "Ann vs Bob"
    if record.mode == "hotseat":
        mode = _(MODE_NAMES["hotseat"])
        if record.rules == "2v2":
            mode = _("{mode}, 2 vs 2").format(mode=mode)
        text = f"{mode}: {text}"
    if row.turn is not None:
        text += ", " + _("turn {number}").format(number=row.turn)
    return text


def ctx_games(ctx: AppContext) -> tuple[list[Listed], str | None]:
    """This window's saved games and the hosted game left unfinished, newest first."""
    if ctx.store is None:
        return [], None

    saved, message = ctx.store.saved_games()
    games: list[Listed] = [*saved]
    hosted, set_aside = hosted_save(ctx.store.root)
    message = " ".join(m for m in (message, set_aside) if m) or None
    if hosted is not None:
        games = sorted([*games, HostedEntry(hosted)], reverse=True,
                       key=lambda g: g.record.date if g.record is not None else "")
    return games, message
