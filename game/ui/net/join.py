"""Join a game: the host's address (host:port), your name and the game's join code; Join, then
the wait for the other players, then the match (``ctx.nav.network_match``). Beside the fields,
the games found on this network (``game.net.discovery``, with zeroconf installed): a click fills
in the address; the code is still typed (it is never announced).

Everything typed is checked before it is sent: an address the client cannot use is a line on
this screen, and so is the host's refusal (wrong code, another version, every seat taken),
with the fields left as they were so the player can mend them and try again.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.common import i18n
from game.common.i18n import N_, _, ngettext
from game.net import discovery
from game.net.protocol import MAX_NAME
from game.ui.core.scene import Scene
from game.ui.core.screen_words import NET_SCREEN
from game.ui.kit import fonts, text_field, theme, widgets
from game.ui.kit.legible import legible
from game.ui.kit.widgets import Button, ButtonRow
from game.ui.net.match import wake_window
from game.ui.net.session import NetSession, parse_address

if TYPE_CHECKING:
    from game.net.discovery import Browser, FoundGame
    from game.ui.core.context import AppContext

LABELS = (N_("Host's address"), N_("Your name"), N_("Join code"))
EXAMPLE_ADDRESS = "192.168.1.20:5151"  # shown in the empty address field
FIELDS = [pygame.Rect(150, 190 + i * 100, 460, 50) for i in range(3)]
FOUND = pygame.Rect(670, 164, 460, 282)  # the games found on this network
FOUND_ROWS = 4
ROW_H = 56  # a found game's row at 100% text size
MAX_TYPED_NAME = min(MAX_NAME, 24)
LIMITS = (80, MAX_TYPED_NAME, 12)
CODE_CHARS = frozenset("ABCDEFGHJKMNPQRSTUVWXYZ23456789abcdefghjkmnpqrstuvwxyz- ")
ENDED = ("refused", "gave up")


def remember_name(ctx: AppContext, name: str) -> None:
    """The name typed for a network game is offered again next time; it is kept apart from
    the hot-seat names (the new-game screen's), which it must not change."""
    if ctx.settings.network_name != name:
        ctx.settings.network_name = name
        ctx.save_settings()


def network_name(ctx: AppContext) -> str:
    """The name a network screen starts with: the one typed there last, else the first hot-seat
    name (read, never written: see ``remember_name``)."""
    if ctx.settings.network_name:
        return ctx.settings.network_name
    # "Player 1" as stored is shown (and sent) in the language shown: "Spieler 1"
    return i18n.display_name(ctx.settings.player_names[0]) if ctx.settings.player_names else ""


def printable(typed: str) -> str:
    """What of a typed text a field keeps: printable characters only."""
    return "".join(ch for ch in typed if ch.isprintable())


class JoinScene(Scene):
    spoken_words = NET_SCREEN  # its controls, shown and said by F1
    def __init__(self, ctx: AppContext, address: str = "", name: str = "", code: str = "",
                 start: bool = False) -> None:
        super().__init__(ctx)
        if not name:
            name = network_name(ctx)
        # As typed ones are (LIMITS): a command line's --name or --join may be any length.
        self.values = [value[:limit] for value, limit in zip((address, name, code), LIMITS,
                                                              strict=True)]
        self.focus = 0 if not address else 1 if not name else 2
        self.selected = False  # Ctrl+A: the focused field's whole text, replaced by what is typed
        self.message: str | None = None  # a refusal or a mistake, in red
        self.session: NetSession | None = None
        self.row = ButtonRow([
            Button(pygame.Rect(470, 530, 340, 58), N_("Join (Enter)"), self.join, primary=True),
            Button(pygame.Rect(470, 602, 340, 50), N_("Back (Esc)"), self.back),
        ])
        self.browser: Browser | None = None
        self.browse_note: str | None = None
        self.found: list[FoundGame] = []  # as found (a click picks one)
        # The found games' rows as last drawn: their height (measured at the text size) and
        # how many of them the box holds.
        self.row_h, self.rows_shown = ROW_H, 0
        pygame.key.start_text_input()
        self._browse()
        if start:
            self.join()

    def _browse(self) -> None:
        if not discovery.available():
            # A player's sentence: what to do now, never how to install a Python package.
            self.browse_note = _("This computer cannot look for games on the network: type the "
                                 "host's address instead.")
            return
        try:
            self.browser = discovery.Browser(on_change=wake_window)
        except Exception:  # no multicast here: the typed address still works
            self.browse_note = _("Games on this network cannot be looked for here.")

    def pick_found(self, index: int) -> None:
        """A game of the list: its address in the field, then the name or the code to type."""
        if self.session is not None or not 0 <= index < len(self.found):
            return
        self.values[0] = self.found[index].address
        self.focus = 1 if not self.values[1] else 2
        self.message = None
        self.dirty = True

    # Acting ------------------------------------------------------------------------------------
    def join(self) -> None:
        if self.session is not None:
            return
        try:
            host, port = parse_address(self.values[0])
        except ValueError as exc:
            self.message, self.focus = str(exc), 0
            self.dirty = True
            return
        name = " ".join(self.values[1].split())
        if not name:
            self.message, self.focus = _("Type your name: the other players see it."), 1
            self.dirty = True
            return

        remember_name(self.ctx, name)
        root = self.ctx.store.root if self.ctx.store is not None else None
        shown = next((g for g in self.found if g.address == self.values[0] and g.rules == "2v2"),
                     None)  # a listed game: ask for the set-up the list showed
        self.session = NetSession(host, port, name, self.values[2].strip() or None,
                                  store_root=root,
                                  setup=(shown.mindbugs, shown.sets) if shown is not None else None)
        self.session.wake = wake_window
        self.message = None
        self.session.start()
        self.dirty = True

    def back(self) -> None:
        if self.session is not None:
            self.session.stop()
            self.session = None
            self.dirty = True
            return
        self.ctx.scenes.remove(self)

    def leave(self) -> None:
        pygame.key.stop_text_input()
        browser, self.browser = self.browser, None
        if browser is not None:
            browser.close()
        # Joined, or still connecting, when the screen went (the window closed): leave the game
        # (a session handed to the match is no longer this screen's).
        session, self.session = self.session, None
        if session is not None:
            session.stop()

    def update(self, dt: float) -> None:
        if self.browser is not None:
            found = self.browser.found()[:FOUND_ROWS]
            if found != self.found:
                self.found = found
                self.dirty = True
        s = self.session
        if s is None:
            return
        self.dirty = True  # the status line follows the network
        if s.status in ENDED:
            self.message = s.status_line()
            s.stop()
            self.session = None
            return
        if s.status in ("playing", "over") and s.states:
            self.session = None
            pygame.key.stop_text_input()
            self.ctx.nav.network_match(s)

    @property
    def animating(self) -> bool:
        return self.session is not None

    # Input -------------------------------------------------------------------------------------
    def type_text(self, typed: str) -> None:
        if self.session is not None:
            return  # the fields stay as sent while the host answers
        i = self.focus
        if i == 2:
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
                    self.focus = i
                    self.selected = False
                    return True
            for i in range(self.rows_shown):
                if found_row(i, self.row_h).collidepoint(event.pos):
                    self.pick_found(i)
                    return True
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self.back()
                return True
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) and self.row.focus < 0:
                self.join()
                return True
            if event.key in (pygame.K_TAB, pygame.K_DOWN, pygame.K_UP):
                back = event.key == pygame.K_UP or event.mod & pygame.KMOD_SHIFT
                self.focus = (self.focus + (-1 if back else 1)) % 3
                self.selected = False
                return True
            if text_field.selects_all(event) and self.session is None:
                self.selected = bool(self.values[self.focus])
                return True
            if event.key == pygame.K_BACKSPACE and self.session is None:
                self.values[self.focus] = text_field.backspaced(self.values[self.focus], self.selected,
                                                                event)
                self.selected = False
                self.message = None
                return True
            if event.key == pygame.K_SPACE:
                return True  # typed (TEXTINPUT), never a button press here
        return self.row.handle(event)

    # Frame -------------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        scale = self.ctx.window_scale
        surface.fill(theme.BG)
        widgets.text(surface, _("Join a game"), 44, (640, 40), theme.ACCENT, bold=True,
                     anchor="midtop")
        widgets.text(surface, _("The host's screen shows the address and the join code."),
                     legible(18, scale), (640, 102), theme.TEXT_DIM, anchor="midtop")
        self._draw_found(surface, scale)
        size = legible(22, scale)
        for i, (label, r) in enumerate(zip(LABELS, FIELDS, strict=True)):
            # above its field, however tall the text size makes it (its top once overlapped the field)
            widgets.text(surface, _(label), legible(17, scale), (r.x, r.y - 4), theme.TEXT_DIM,
                         anchor="bottomleft")
            focused = i == self.focus and self.session is None
            text_field.draw_frame(surface, r, focused)
            selected = focused and self.selected
            shown = self.values[i] + ("|" if focused and not selected else "")
            if selected:  # Ctrl+A: the whole text marked, as the new-game screen marks a name
                width = fonts.text_width(shown, size)
                pygame.draw.rect(surface, theme.SELECT, pygame.Rect(r.x + 8, r.y + 8, width + 8, r.h - 16),
                                 border_radius=4)
            drawn = widgets.text(surface, shown, size, (r.x + 12, r.centery),
                                 (20, 20, 20) if selected else theme.TEXT, anchor="midleft")
            if i == 0 and not self.values[0]:  # what an address looks like, dim in the empty field
                example = fonts.fit_width(EXAMPLE_ADDRESS, r.right - 12 - drawn.right - 4, legible(17, scale))
                widgets.text(surface, example, legible(17, scale), (drawn.right + 4, r.centery),
                             theme.TEXT_DIM, anchor="midleft")
        line, color = self.message, theme.DANGER
        if self.session is not None:
            line, color = self.session.status_line(), theme.ACCENT
        if line:
            widgets.paragraph(surface, line, legible(18, scale), pygame.Rect(150, 462, 980, 56),
                              color)
        self.row.draw(surface, scale)

    def _draw_found(self, surface: pygame.Surface, scale: float) -> None:
        box = FOUND.move(0, 26).inflate(0, -26)
        widgets.text(surface, _("Games on this network"), legible(17, scale),
                     (FOUND.x, box.y - 4), theme.TEXT_DIM, anchor="bottomleft")
        pygame.draw.rect(surface, (18, 22, 30), box, border_radius=8)
        pygame.draw.rect(surface, theme.TEXT_DIM, box, 1, border_radius=8)
        if not self.found:
            note = self.browse_note or _("Looking for games... (or type the address)")
            widgets.paragraph(surface, note, legible(17, scale), box.inflate(-24, -24),
                              theme.TEXT_DIM)
            return
        name_size, small = legible(20, scale), legible(16, scale)
        inner_w = FOUND.w - 16 - 24
        # The address and the game's state side by side under the name where they fit (else
        # each on a line of its own): every row as tall as the longest needs, as many as fit.
        beside = all(fonts.text_width(g.address, small) + fonts.text_width(found_state(g), small) + 24
                     <= inner_w for g in self.found)
        pitch = widgets.line_height(small)
        self.row_h = max(ROW_H, widgets.line_height(name_size, True) + pitch * (1 if beside else 2) + 12)
        self.rows_shown = min(len(self.found), max(1, (box.bottom - FOUND.y - 34) // (self.row_h + 6)))
        for i, game in enumerate(self.found[:self.rows_shown]):
            r = found_row(i, self.row_h)
            chosen = self.values[0] == game.address
            pygame.draw.rect(surface, (40, 48, 62) if chosen else (28, 34, 44), r,
                             border_radius=8)
            color = theme.TEXT if game.joinable and game.free else theme.TEXT_DIM
            widgets.text(surface, fonts.fit_width(game.host_name, inner_w, name_size, True),
                         name_size, (r.x + 12, r.y + 6), color, bold=True)
            state = fonts.fit_width(found_state(game), inner_w, small)
            widgets.text(surface, state, small, (r.right - 12 if beside else r.x + 12, r.bottom - 6),
                         color, anchor="bottomright" if beside else "bottomleft")
            address_bottom = r.bottom - 6 - (0 if beside else pitch)
            widgets.text(surface, fonts.fit_width(game.address, inner_w, small), small,
                         (r.x + 12, address_bottom), theme.TEXT_DIM, anchor="bottomleft")


def found_row(i: int, height: int = 0) -> pygame.Rect:
    """The ``i``-th found game's row, ``height`` tall (ROW_H: at 100% text size)."""
    height = height or ROW_H
    return pygame.Rect(FOUND.x + 8, FOUND.y + 34 + i * (height + 6), FOUND.w - 16, height)


def found_state(game: FoundGame) -> str:
    """The right side of a found game's row: its rules and free seats, or why not to join."""
    if not game.joinable:
        return _("another version")
    rules = _("1 vs 1") if game.rules == "1v1" else _("2 vs 2")
    if (getattr(game, "mindbugs", 2), getattr(game, "sets", 1)) != (2, 1):
        rules = _("{rules}, {mindbugs}, {deck}").format(
            rules=rules, mindbugs=_("1 Mindbug each") if game.mindbugs == 1 else _("2 Mindbugs each"),
            deck=_("two sets") if game.sets == 2 else _("one set"))
    if not game.free:
        return _("{rules}, full").format(rules=rules)
    return ngettext("{rules}, {count} seat free", "{rules}, {count} seats free",
                    game.free).format(rules=rules, count=game.free)
