"""Host a game on this network: the seats (you here at seat 1, with the name the others see;
each other seat a person on another computer or a computer of a level), then the lobby showing
the address to give, the join code and the seats filling (and emptying, when someone leaves).
Start is offered once every network seat is taken; the host answers no decision before.
A hosted game left unfinished is offered here again: "Continue the hosted game".
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from typing import TYPE_CHECKING

import pygame

from game.common import i18n
from game.common.i18n import LEVEL_NAMES, N_, _
from game.common.settings import AI_LEVELS
from game.net.seats import SeatSpec
from game.persist.rebuild import rebuild
from game.ui.core.scene import Scene
from game.ui.core.screen_words import NET_SCREEN
from game.ui.kit import fonts, text_field, theme, widgets
from game.ui.kit.legible import legible, text_scale
from game.ui.kit.widgets import Button, ButtonRow
from game.ui.net.hosted import HostedGame
from game.ui.net.join import MAX_TYPED_NAME, network_name, printable, remember_name
from game.ui.net.kept import hosted_save
from game.ui.net.match import wake_window

if TYPE_CHECKING:
    from game.net.protocol import SeatEntry
    from game.net.saves import HostSave
    from game.ui.core.context import AppContext
    from game.ui.net.hosted import HostedGame

ROW_TOP, ROW_STEP, ROW_H = 160, 66, 52  # the seats' rows: seat 1 (your name) at the top
TABS_W, TABS_STEP = 210, 220  # the 1 vs 1 and 2 vs 2 tabs
LEFT, RIGHT, GAP = 20, 1260, 14  # the screen's margins, and the gap between a row's parts


@dataclass(frozen=True)
class Columns:
    """Where the parts of the host's screen go, measured at the text size and in the language
    shown: the seats' labels, "You, here:", the name fields and seat buttons (as wide as the
    longest choice needs at the least legible size), and the tabs (left of the 2v2 set-up's
    line, as far as that line needs)."""

    seat_x: int
    you_x: int
    field_x: int
    field_w: int
    here_w: int  # a person here's "Person here" button, right of its name field
    tabs_x: int
    setup_x: int

    def row(self, seat: int) -> pygame.Rect:
        return pygame.Rect(self.field_x, ROW_TOP + seat * ROW_STEP, self.field_w, ROW_H)


def columns(scale: float, rules: str, setup: tuple[int, int]) -> Columns:
    """The screen as it was made (seats at 330, fields at 560, 420 wide) where its words fit
    there; else each column as wide as its words, the block centred."""
    seat_w = max(fonts.text_width(_("Seat {number}").format(number=n), legible(20, scale))
                 for n in range(1, 5))
    you_w = fonts.text_width(_("You, here:"), legible(17, scale))
    least = legible(12, scale)  # a button's label is never drawn smaller (widgets.label_lines)
    field_w = max(420, *(fonts.text_width(seat_text(c), least, True) + 24 for c in CHOICES))
    here_w = max(170, fonts.text_width(_("Person here"), least, True) + 24)
    if 330 + seat_w + GAP <= 430 and 430 + you_w + GAP <= 560 and field_w == 420:
        seat_x, you_x, field_x = 330, 430, 560
    else:
        field_w = min(field_w, RIGHT - LEFT - seat_w - you_w - 2 * GAP)
        seat_x = max(LEFT, (1280 - (seat_w + you_w + field_w + 2 * GAP)) // 2)
        you_x = seat_x + seat_w + GAP
        field_x = you_x + you_w + GAP
    tabs_x = 425
    if rules == "2v2":  # the set-up's line right of the tabs: they move left for a long one
        need = fonts.text_width(setup_line(*setup), legible(17, scale))
        tabs_x = max(LEFT, min(tabs_x, RIGHT - need - GAP - (TABS_STEP + TABS_W)))
    return Columns(seat_x, you_x, field_x, field_w, here_w, tabs_x, tabs_x + TABS_STEP + TABS_W + GAP)

REMOTE = "remote"
HERE = "here"
CHOICES = (REMOTE, HERE, *AI_LEVELS)  # what a seat other than yours can be, clicked in turn


def seat_text(choice: str) -> str:
    if choice == REMOTE:
        return _("Person on another computer")
    return _("Computer ({level})").format(level=_(LEVEL_NAMES.get(choice, choice)))


class HostSetupScene(Scene):
    spoken_words = NET_SCREEN  # its controls, shown and said by F1
    def __init__(self, ctx: AppContext, rules: str = "1v1", setup: tuple[int, int] = (2, 1)) -> None:
        super().__init__(ctx)
        self.rules = rules
        self.setup = setup  # the 2v2 set-up chosen on the new-game screen (Mindbugs, sets)
        self.others = [REMOTE] * 3
        self.message: str | None = None
        # The names typed here: yours (seat 1) and each person here's, by seat.
        self.names: dict[int, str] = {0: network_name(ctx)}
        self.focus = 0  # the name field typed into
        # A damaged save is set aside and said here, as the title says it.
        saved, self.message = hosted_save(ctx.store.root if ctx.store else None)
        self.saved: HostSave | None = saved
        pygame.key.start_text_input()
        self._build()

    def _build(self) -> None:
        n = 2 if self.rules == "1v1" else 4
        self.cols = cols = columns(self.ctx.window_scale, self.rules, self.setup)
        self.built_for = self._layout_key()
        buttons = []
        for i in range(1, n):
            row = cols.row(i)
            if self.others[i - 1] == HERE:  # its name field on the left, the choice beside it
                buttons.append(Button(pygame.Rect(row.right - cols.here_w, row.y, cols.here_w, ROW_H),
                                      N_("Person here"), partial(self._cycle, i), size=18))
                continue
            buttons.append(Button(row, seat_text(self.others[i - 1]), partial(self._cycle, i)))
        for i, (label, rules) in enumerate(((N_("1 vs 1"), "1v1"), (N_("2 vs 2 (teams)"), "2v2"))):
            buttons.append(Button(pygame.Rect(cols.tabs_x + i * TABS_STEP, 96, TABS_W, 42), label,
                                  partial(self._set_rules, rules), primary=rules == self.rules,
                                  size=18))
        if self.saved is not None:
            buttons.append(Button(pygame.Rect(440, 482, 400, 44),
                                  N_("Continue the hosted game"), self.resume, size=18))
        buttons.append(Button(pygame.Rect(470, 540, 340, 54), N_("Host the game"), self.start,
                              primary=True))
        buttons.append(Button(pygame.Rect(470, 606, 340, 48), N_("Back (Esc)"), self.back))
        self.row = ButtonRow(buttons)
        self.dirty = True

    @property
    def name(self) -> str:
        return self.names[0]

    @name.setter
    def name(self, value: str) -> None:
        self.names[0] = value

    def _layout_key(self) -> tuple[float, float, str]:
        """What the columns were measured for: the window's scale, the text size, the language."""
        return self.ctx.window_scale, text_scale(), i18n.language()

    def name_fields(self) -> dict[int, pygame.Rect]:
        """The name fields shown: yours, and one for each person here."""
        cols = self.cols
        fields = {0: cols.row(0)}
        for i in range(1, 2 if self.rules == "1v1" else 4):
            if self.others[i - 1] == HERE:
                fields[i] = cols.row(i)
                fields[i].w -= cols.here_w + 10
        return fields

    def _cycle(self, seat: int) -> None:
        current = self.others[seat - 1]
        self.others[seat - 1] = CHOICES[(CHOICES.index(current) + 1) % len(CHOICES)]
        if self.others[seat - 1] == HERE:
            self.names.setdefault(seat, "")  # typed into; empty: the placeholder's name
            self.focus = seat
        elif self.focus == seat:
            self.focus = 0
        self._build()

    def _set_rules(self, rules: str) -> None:
        self.rules = rules
        self.focus = 0
        self._build()

    def seat_specs(self) -> list[SeatSpec]:
        n = 2 if self.rules == "1v1" else 4
        return [SeatSpec(remote=True) if c in (REMOTE, HERE) else SeatSpec(remote=False, level=c)
                for c in self.others[:n - 1]]

    def here_name(self, seat: int) -> str:
        """A person here's name: as typed, else the name the settings keep for that seat."""
        typed = " ".join(self.names.get(seat, "").split())
        if typed:
            return typed
        names = self.ctx.settings.player_names
        name = names[seat] if seat < len(names) else ""
        return " ".join(name.split()) or _("Player {number}").format(number=seat + 1)

    def here_seats(self) -> dict[int, str]:
        return {i: self.here_name(i) for i in self.name_fields() if i > 0}

    def back(self) -> None:
        pygame.key.stop_text_input()
        self.ctx.scenes.remove(self)

    def start(self) -> None:
        name = " ".join(self.name.split())
        if not name:
            self.message = _("Type your name: the other players see it.")
            self.dirty = True
            return
        remember_name(self.ctx, name)
        root = self.ctx.store.root if self.ctx.store is not None else None
        self._open(lambda: HostedGame(self.rules, self.seat_specs(), name, root,
                                      here=self.here_seats(),
                                      setup=self.setup if self.rules == "2v2" else (2, 1)))

    def resume(self) -> None:
        if self.saved is None:
            return
        saved, root = self.saved, self.ctx.store.root if self.ctx.store is not None else None
        self._open(lambda: HostedGame.resume(saved, root))

    def _open(self, make: Callable[[], HostedGame]) -> None:
        pygame.key.stop_text_input()
        refused = open_lobby(self.ctx, make, instead_of=self)
        if refused:
            pygame.key.start_text_input()
            self.message = refused
            self.dirty = True

    def handle(self, event: pygame.event.Event) -> bool:
        self.dirty = True
        if event.type == pygame.TEXTINPUT:
            typed = self.names.get(self.focus, "")
            self.names[self.focus] = (typed + printable(event.text))[:MAX_TYPED_NAME]
            self.message = None
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for seat, rect in self.name_fields().items():
                if rect.collidepoint(event.pos):
                    self.focus = seat
                    return True
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self.back()
                return True
            if event.key == pygame.K_BACKSPACE:
                ctrl = event.mod & (pygame.KMOD_CTRL | pygame.KMOD_META)
                typed = self.names.get(self.focus, "")
                self.names[self.focus] = "" if ctrl else typed[:-1]
                return True
            if event.key == pygame.K_SPACE:
                return True  # typed (TEXTINPUT), never a button press here
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) and self.row.focus < 0:
                self.start()
                return True
        return self.row.handle(event)

    def _draw_foot(self, surface: pygame.Surface, scale: float) -> None:
        """Under the seats, each measured and under the one before: the hint, room for two lines
        (the saved game's, or a refusal), then Continue, Host and Back (Back beside Host when
        a large text size leaves no room under it)."""
        size = legible(17, scale)
        y = ROW_TOP + 3 * ROW_STEP + ROW_H + 14
        for line in fonts.wrap(_("Type your name; click a seat to change who plays it."),
                               fonts.font(size), RIGHT - LEFT):
            widgets.text(surface, line, size, (640, y), theme.TEXT_DIM, anchor="midtop")
            y += size + 6
        line_size = legible(18 if self.message else 16, scale)
        words = self.message or (saved_line(self.saved) if self.saved is not None else "")
        lines = fonts.wrap(words, fonts.font(line_size), RIGHT - LEFT) if words else []
        if len(lines) > 2:  # two lines are kept for it: the rest is on hover
            lines = [lines[0], fonts.fit_width(" ".join(lines[1:]), RIGHT - LEFT, line_size)]
        for n, line in enumerate(lines):
            widgets.text(surface, line, line_size, (640, y + n * (line_size + 4)),
                         theme.DANGER if self.message else theme.TEXT_DIM, anchor="midtop")
        y += 2 * (line_size + 4) + 6
        buttons = {b.text: b for b in self.row.buttons}
        keep, host, back = (buttons.get(N_("Continue the hosted game")), buttons[N_("Host the game")],
                            buttons[N_("Back (Esc)")])
        for b in (keep, host, back):
            if b is not None:
                need = fonts.text_width(_(b.text), legible(b.size, scale), True) + 40
                b.rect.w = min(RIGHT - LEFT, max(b.rect.w, need))
                b.rect.centerx = 640
        if keep is not None:
            keep.rect.top, y = y, y + keep.rect.h + 8
        host.rect.top = y
        if y + host.rect.h + 12 + back.rect.h > 712:  # no room under Host: Back beside it
            back.rect.midleft = (host.rect.right + 16, host.rect.centery)
        else:
            back.rect.top = y + host.rect.h + 12

    def draw(self, surface: pygame.Surface) -> None:
        scale = self.ctx.window_scale
        if self._layout_key() != self.built_for:  # another window size, text size or language
            self._build()
        cols = self.cols
        surface.fill(theme.BG)
        widgets.text(surface, _("Host a game on this network"), 40, (640, 26), theme.ACCENT,
                     bold=True, anchor="midtop")
        size = legible(20, scale)
        for i in range(2 if self.rules == "1v1" else 4):
            widgets.text(surface, _("Seat {number}").format(number=i + 1), size,
                         (cols.seat_x, cols.row(i).centery), theme.TEXT_DIM, anchor="midleft")
        widgets.text(surface, _("You, here:"), legible(17, scale), (cols.you_x, cols.row(0).centery),
                     theme.TEXT_DIM, anchor="midleft")
        for seat, rect in self.name_fields().items():
            focused = seat == self.focus
            text_field.draw_frame(surface, rect, focused)
            typed = self.names.get(seat, "")
            shown, color = typed + ("|" if focused else ""), theme.TEXT
            if not typed and seat > 0:  # the name it plays under unless one is typed
                shown, color = self.here_name(seat) + ("|" if focused else ""), theme.TEXT_DIM
            widgets.text(surface, fonts.fit_width(shown, rect.w - 20, legible(22, scale)),
                         legible(22, scale), (rect.x + 12, rect.centery), color,
                         anchor="midleft")
        self._draw_foot(surface, scale)
        if self.rules == "2v2":  # the set-up chosen on the new-game screen, said before hosting
            # beside the rules it belongs to: the rows below hold a saved game's line and button
            size = legible(17, scale)
            widgets.text(surface, fonts.fit_width(setup_line(*self.setup), RIGHT - cols.setup_x, size),
                         size, (cols.setup_x, 117), theme.TEXT, anchor="midleft")
        self.row.draw(surface, scale)


def setup_line(mindbugs: int, sets: int) -> str:
    """ "Set-up: 2 Mindbugs each, one set": a 2v2 game's set-up in a player's words."""
    return _("Set-up: {mindbugs}, {deck}").format(
        mindbugs=_("1 Mindbug each") if mindbugs == 1 else _("2 Mindbugs each"),
        deck=_("two sets") if sets == 2 else _("one set"))


def open_lobby(ctx: AppContext, make: Callable[[], HostedGame],
               instead_of: Scene | None = None) -> str | None:
    """Host the game ``make`` opens and show its lobby (in place of ``instead_of``, if given);
    the reason it cannot be hosted, else None."""
    try:
        hosted = make()
    except OSError as exc:
        return _("The game cannot be hosted here: {reason}").format(reason=exc.strerror or exc)
    hosted.session.wake = wake_window
    if instead_of is not None:
        ctx.scenes.remove(instead_of)
    ctx.scenes.push(LobbyScene(ctx, hosted))
    return None


def continue_hosted(ctx: AppContext, saved: HostSave) -> str | None:
    """A hosted game left unfinished hosted again on its port, its lobby over this screen:
    the same seats rejoin with their tickets. The reason it cannot be, else None."""
    root = ctx.store.root if ctx.store is not None else None
    return open_lobby(ctx, lambda: HostedGame.resume(saved, root))


def saved_line(saved: HostSave) -> str:
    """Which game Continue would go on with: its rules, its players and how far it went."""
    rules = _("1 vs 1") if saved.record.rules == "1v1" else _("2 vs 2")
    names = ", ".join(s.name for s in saved.seats)

    try:  # how far it went, as a player counts: in turns
        turn = rebuild(saved.record).game.turn_no
    except ValueError:  # read_host_save replayed it: not expected
        return _("Left unfinished: {rules}, {names}.").format(rules=rules, names=names)
    return _("Left unfinished: {rules}, {names}, in turn {number}.").format(rules=rules, names=names,
                                                                           number=turn)


class LobbyScene(Scene):
    """The address and the code to give, the seats filling; Start once all are taken."""

    spoken_words = NET_SCREEN  # its controls, shown and said by F1

    def __init__(self, ctx: AppContext, hosted: HostedGame) -> None:
        super().__init__(ctx)
        self.hosted = hosted
        self.address = hosted.address
        self.start_button = Button(pygame.Rect(470, 530, 340, 56), N_("Start the game"),
                                   self.begin, primary=True, enabled=False)
        self.row = ButtonRow([self.start_button,
                              Button(pygame.Rect(470, 600, 340, 50), N_("Cancel (Esc)"),
                                     self.cancel)])
        self.handed_over = False  # the match took the game over (it stops it when it goes)

    def begin(self) -> None:
        self.hosted.begin()  # refused by the host itself while a seat is free

    def cancel(self) -> None:
        self.hosted.session.stop()
        self.ctx.scenes.remove(self)

    def leave(self) -> None:
        """Gone before the match began (the window closed, a route replaced the stack): the
        game ends as with Cancel, its host and this screen's clients stop (their threads went
        on, and the clients woke a window that was no more)."""
        if not self.handed_over:
            self.hosted.session.stop()

    @property
    def animating(self) -> bool:
        return True  # the seats fill from the network (the client's thread wakes the window)

    def update(self, dt: float) -> None:
        s = self.hosted.session
        self.dirty = True
        self.start_button.enabled = self.hosted.can_start
        self.hosted.announce_seats()
        if self.hosted.ready:
            self.handed_over = True
            self.ctx.nav.network_match(s)

    def handle(self, event: pygame.event.Event) -> bool:
        self.dirty = True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.cancel()
            return True
        return self.row.handle(event)

    def draw(self, surface: pygame.Surface) -> None:
        scale = self.ctx.window_scale
        surface.fill(theme.BG)
        widgets.text(surface, _("Your game is open"), 40, (640, 26), theme.ACCENT, bold=True,
                     anchor="midtop")
        # Each part under the one before, where the screen was made to show it or lower: at a
        # large text size a line wraps and what follows moves down (the buttons too).
        y = centred(surface, _("On the other computers: Play over the network, Join a game; there type"),
                    legible(18, scale), 90, theme.TEXT_DIM)
        big = legible(34, scale)
        y = centred(surface, _("Address: {address}").format(address=self.address), big,
                    max(130, y + 4), theme.TEXT, True)
        code = self.hosted.code
        if code is None:  # a resumed game: every seat comes back with its ticket
            y = centred(surface, _("The players come back to their seats by themselves."),
                        legible(20, scale), max(190, y + 4), theme.TEXT)
        else:
            y = centred(surface, _("Join code: {code}").format(code=code), big, max(186, y + 4),
                        theme.TEXT, True)
        if self.hosted.announcer is not None:
            y = centred(surface, _("Computers on this network also find the game in their "
                                   "Join a game list."), legible(16, scale), max(228, y + 4),
                        theme.TEXT_DIM)
        size = legible(20, scale)
        step = max(46, widgets.line_height(size) + 8)
        centre = max(284, y + step // 2 + 4)
        for i, seat in enumerate(self.hosted.session.seats):
            widgets.text(surface, _("Seat {number}").format(number=i + 1), size, (380, centre),
                         theme.TEXT_DIM, anchor="midleft")
            text, color = seat_state(seat, i in self.hosted.sessions)
            widgets.text(surface, fonts.fit_width(text, RIGHT - 520, size), size, (520, centre), color,
                         anchor="midleft")
            y, centre = centre + step // 2, centre + step
        line = self.hosted.session.status_line()
        if self.hosted.can_start:
            line = _("Every seat is taken: start when you are ready.")
        if line:
            y = centred(surface, line, legible(18, scale), max(482, y + 6), theme.ACCENT)
        self.start_button.rect.top = max(530, y + 6)
        self.row.buttons[1].rect.top = self.start_button.rect.bottom + 14
        self.row.draw(surface, scale)


def centred(surface: pygame.Surface, words: str, size: int, top: int, color: tuple[int, int, int],
            bold: bool = False) -> int:
    """``words`` centred from ``top``, wrapped at the screen's width; the y under them."""
    for line in fonts.wrap(words, fonts.font(size, bold), RIGHT - LEFT):
        top = widgets.text(surface, line, size, (640, top), color, bold=bold, anchor="midtop").bottom
    return top


def seat_state(seat: SeatEntry, yours: bool) -> tuple[str, tuple[int, int, int]]:
    """What the lobby says of a seat, and in which color."""
    if not seat["remote"]:
        return seat_text(seat["level"] or "easy"), theme.TEXT
    if not seat["taken"]:
        return _("waiting for a player..."), theme.TEXT_DIM
    if not seat["connected"]:
        return _("{name}: connection lost").format(name=seat["name"]), theme.DANGER
    if yours:
        return _("{name} (at this screen)").format(name=seat["name"]), theme.TEXT
    return _("{name} (joined)").format(name=seat["name"]), theme.GOOD
