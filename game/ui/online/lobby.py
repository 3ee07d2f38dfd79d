"""Play online: the server (host:port: the last used, else the default from Settings), your
name, then make a room (1 vs 1 or 2 vs 2, any other seat a computer, ranked or friendly) or
join one by its invite code. Pressing either opens the room's screen (game.ui.online.room),
which connects and waits; a failure comes back here as a line, the fields as they were.

Everything typed is checked before anything is sent: an address the client cannot use, an
empty name, a code of the wrong length are lines on this screen.
"""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING

import pygame

from game.common.i18n import LEVEL_NAMES, N_, _
from game.common.settings import AI_LEVELS
from game.net.seats import normal_code
from game.ui.core import screen_words
from game.ui.core.scene import Scene
from game.ui.kit import fonts, text_field, theme, widgets
from game.ui.kit.legible import legible
from game.ui.kit.widgets import Button, ButtonRow
from game.ui.net.join import CODE_CHARS, MAX_TYPED_NAME, network_name, printable, remember_name
from game.ui.net.session import parse_address
from game.ui.online.room import RoomScene
from game.ui.online.session import RoomWish, make_session
from game.ui.online.words import no_online_play

if TYPE_CHECKING:
    from game.ui.core.context import AppContext

SERVER, NAME, CODE = range(3)
LABELS = (N_("Server (address:port)"), N_("Your name"), N_("Invite code"))
FIELDS = (pygame.Rect(80, 190, 520, 50), pygame.Rect(80, 290, 520, 50),
          pygame.Rect(80, 448, 300, 60))
LIMITS = (80, MAX_TYPED_NAME, 9)
EXAMPLE_SERVER = "play.example.org:5150"
MAKE_X, MAKE_W = 680, 520
PERSON = "person"
#: The other seats' names in turn order (yours is the first).
SEAT_NAMES = {2: (N_("Opponent"),), 4: (N_("Left"), N_("Teammate"), N_("Right"))}


def last_server(ctx: AppContext) -> str:
    """The server this screen starts with: the last used, else the default from Settings."""
    return ctx.settings.online_last or ctx.settings.online_server


class OnlineScene(Scene):
    """Play online: the server, the player's name, and a room made or joined by its code."""

    spoken_words = screen_words.ONLINE_SCREEN  # its title, purpose and controls (F1)

    def __init__(self, ctx: AppContext, server: str = "", code: str = "") -> None:
        super().__init__(ctx)
        self.values = [server or last_server(ctx), network_name(ctx), code]
        self.values = [v[:limit] for v, limit in zip(self.values, LIMITS, strict=True)]
        self.focus = SERVER if not self.values[SERVER] else NAME if not self.values[NAME] \
            else CODE
        self.selected = False
        self.message: str | None = None
        self.rules = "1v1"
        self.others: list[str] = [PERSON, PERSON, PERSON]  # the seats after yours
        self.ranked = False
        self.row = ButtonRow()
        self._build()
        pygame.key.start_text_input()

    # The room's choices ---------------------------------------------------------------------------
    def seat_kinds(self) -> list[str]:
        count = 2 if self.rules == "1v1" else 4
        return [PERSON, *self.others[:count - 1]]

    def can_rank(self) -> bool:
        return all(kind == PERSON for kind in self.seat_kinds())

    def _build(self) -> None:
        focus = self.row.focus
        rules = _("1 vs 1") if self.rules == "1v1" else _("2 vs 2")
        buttons = [Button(pygame.Rect(MAKE_X, 178, MAKE_W, 44),
                          _("Rules: {rules}").format(rules=rules), self._next_rules, size=20)]
        kinds = self.seat_kinds()
        for i, label in enumerate(SEAT_NAMES[len(kinds)]):
            kind = kinds[i + 1]
            who = _("A person") if kind == PERSON else _("Computer ({level})").format(
                level=_(LEVEL_NAMES[kind.partition(":")[2]]))
            buttons.append(Button(pygame.Rect(MAKE_X, 230 + i * 50, MAKE_W, 44),
                                  _("{seat}: {who}").format(seat=_(label), who=who),
                                  partial(self._next_kind, i), size=20))
        ranked = self.ranked and self.can_rank()
        game = _("Ranked (ratings move)") if ranked else _("Friendly")
        buttons.append(Button(pygame.Rect(MAKE_X, 230 + (len(kinds) - 1) * 50, MAKE_W, 44),
                              _("Game: {kind}").format(kind=game), self._next_ranked, size=20,
                              enabled=self.can_rank()))
        buttons.append(Button(pygame.Rect(MAKE_X, 448, MAKE_W, 60), N_("Make a room"),
                              self.make, primary=True))
        buttons.append(Button(pygame.Rect(400, 448, 200, 60), N_("Join"), self.join))
        buttons.append(Button(pygame.Rect(470, 640, 340, 50), N_("Back (Esc)"), self.back))
        self.row = ButtonRow(buttons)
        if 0 <= focus < len(buttons):
            self.row.focus = focus
            buttons[focus].focused = True
        self.dirty = True

    def _next_rules(self) -> None:
        self.rules = "2v2" if self.rules == "1v1" else "1v1"
        self._build()

    def _next_kind(self, i: int) -> None:
        order = [PERSON, *(f"computer:{level}" for level in AI_LEVELS if level != "random")]
        kind = self.others[i]
        self.others[i] = order[(order.index(kind) + 1) % len(order)] if kind in order \
            else PERSON
        self._build()

    def _next_ranked(self) -> None:
        self.ranked = not self.ranked
        self._build()

    def language_changed(self) -> None:
        self._build()

    # Acting ---------------------------------------------------------------------------------------
    def _checked(self) -> tuple[str, int, str] | None:
        """(host, port, name), or None with the line that says what to mend."""
        try:
            host, port = parse_address(self.values[SERVER])
        except ValueError:
            self._say(_("Type the server's address with its port after a colon, for example "
                        "{example}.").format(example=EXAMPLE_SERVER), SERVER)
            return None
        name = " ".join(self.values[NAME].split())
        if not name:
            self._say(_("Type your name: the other players see it."), NAME)
            return None
        return host, port, name

    def _say(self, line: str, focus: int | None = None) -> None:
        self.message = line
        if focus is not None:
            self.focus = focus
        self.dirty = True

    def make(self) -> None:
        self._open(RoomWish(self.rules, tuple(self.seat_kinds()),
                            self.ranked and self.can_rank()))

    def join(self) -> None:
        code = normal_code(self.values[CODE])
        if len(code) != 6:
            self._say(_("Type the room's invite code: six letters and digits."), CODE)
            return
        self._open(RoomWish(code=code))

    def _open(self, wish: RoomWish) -> None:
        checked = self._checked()
        if checked is None:
            return
        host, port, name = checked
        remember_name(self.ctx, name)
        address = f"{host}:{port}"
        if self.ctx.settings.online_last != address:
            self.ctx.settings.online_last = address
            self.ctx.save_settings()
        root = self.ctx.store.root if self.ctx.store is not None else None
        session = make_session(host, port, name, wish, root)
        if session is None:
            self._say(no_online_play())
            return
        self.message = None
        self.ctx.scenes.push(RoomScene(self.ctx, session, self.came_back))

    def came_back(self, line: str | None) -> None:
        """The room's screen closed without a game: why, if it failed."""
        self.message = line
        if line is not None and self.values[CODE]:
            self.focus = CODE
        pygame.key.start_text_input()
        self.dirty = True

    def back(self) -> None:
        self.ctx.scenes.remove(self)

    def leave(self) -> None:
        pygame.key.stop_text_input()

    # Input ----------------------------------------------------------------------------------------
    def type_text(self, typed: str) -> None:
        i = self.focus
        if i == CODE:
            typed = "".join(ch for ch in typed if ch in CODE_CHARS)
        kept = printable(typed)
        self.values[i] = text_field.typed(self.values[i], self.selected, kept)[:LIMITS[i]]
        self.selected = False
        self.message = None
        self.dirty = True

    def handle(self, event: pygame.event.Event) -> bool:
        self.dirty = True
        if event.type == pygame.TEXTINPUT:
            self.type_text(event.text)
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for i, r in enumerate(FIELDS):
                if r.collidepoint(event.pos):
                    self.focus, self.selected = i, False
                    self.row.focus = -1
                    for b in self.row.buttons:
                        b.focused = False
                    return True
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self.back()
                return True
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) and self.row.focus < 0:
                (self.join if self.focus == CODE and self.values[CODE] else self.make)()
                return True
            if event.key == pygame.K_TAB and self.row.focus < 0:
                self.focus = (self.focus + (-1 if event.mod & pygame.KMOD_SHIFT else 1)) % 3
                self.selected = False
                return True
            if text_field.selects_all(event):
                self.selected = bool(self.values[self.focus])
                return True
            if event.key == pygame.K_BACKSPACE:
                self.values[self.focus] = text_field.backspaced(self.values[self.focus],
                                                                self.selected, event)
                self.selected = False
                self.message = None
                return True
            if event.key == pygame.K_SPACE:
                return True  # typed (TEXTINPUT), never a button press here
        return self.row.handle(event)

    # Frame ----------------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        scale = self.ctx.window_scale
        surface.fill(theme.BG)
        widgets.text(surface, _("Play online"), 44, (640, 34), theme.ACCENT, bold=True,
                     anchor="midtop")
        intro = _("Play with anyone through a server: make a room and give its code to the "
                  "others, or join a room with its code.")
        size = legible(18, scale)
        if len(fonts.wrap(intro, fonts.font(size), 1000)) * widgets.line_height(size) <= 50:
            # a large text size leaves it out: the headings above the fields say as much
            widgets.paragraph(surface, intro, size, pygame.Rect(140, 96, 1000, 50),
                              theme.TEXT_DIM)
        small = legible(17, scale)
        widgets.text(surface, _("Make a room"), legible(22, scale), (MAKE_X, 170),
                     theme.ACCENT, bold=True, anchor="bottomleft")
        widgets.text(surface, _("Join a room"), legible(22, scale), (FIELDS[CODE].x, 410),
                     theme.ACCENT, bold=True, anchor="bottomleft")
        for i, (label, r) in enumerate(zip(LABELS, FIELDS, strict=True)):
            widgets.text(surface, _(label), small, (r.x, r.y - 4), theme.TEXT_DIM,
                         anchor="bottomleft")
            focused = i == self.focus and self.row.focus < 0
            text_field.draw_frame(surface, r, focused)
            selected = focused and self.selected
            size = legible(30 if i == CODE else 22, scale)
            shown = self.values[i] + ("|" if focused and not selected else "")
            shown = fonts.fit_width(shown, r.w - 24, size)
            if selected:
                width = fonts.text_width(shown, size)
                pygame.draw.rect(surface, theme.SELECT,
                                 pygame.Rect(r.x + 8, r.y + 8, width + 8, r.h - 16),
                                 border_radius=4)
            drawn = widgets.text(surface, shown, size, (r.x + 12, r.centery),
                                 (20, 20, 20) if selected else theme.TEXT, anchor="midleft")
            if i == SERVER and not self.values[SERVER]:
                example = fonts.fit_width(EXAMPLE_SERVER, r.right - 12 - drawn.right - 4, small)
                widgets.text(surface, example, small, (drawn.right + 4, r.centery),
                             theme.TEXT_DIM, anchor="midleft")
        if not self.can_rank():
            widgets.paragraph(surface, _("Only a room without a computer can be ranked."),
                              legible(16, scale), pygame.Rect(MAKE_X, 514, MAKE_W, 40),
                              theme.TEXT_DIM)
        if self.message:
            widgets.paragraph(surface, self.message, legible(18, scale),
                              pygame.Rect(80, 556, 1120, 76), theme.DANGER)
        self.row.draw(surface, scale)
