"""A room of an online game while it is not played yet: connecting, the certificate's
fingerprint on first contact (for two people to compare), the invite code shown big with Copy,
the seats, and the time waited for the others; then the match (``ctx.nav.online_match``).

A room made here waits for its people; a room joined by code begins at once, unless this is the
first contact with the server: then its fingerprint is shown and the player goes on when it
matches. A failure (unreachable, a wrong code, a full room) goes back to the form with its line.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from game.common.i18n import N_, _, ngettext
from game.ui.core import screen_words
from game.ui.core.scene import Scene
from game.ui.kit import fonts, theme, widgets
from game.ui.kit.clipboard import copy_text
from game.ui.kit.legible import legible
from game.ui.kit.widgets import Button, ButtonRow
from game.ui.net.match import wake_window
from game.ui.net.outage import countdown
from game.ui.online import words
from game.ui.online.session import FAILED, SEATED

if TYPE_CHECKING:
    from game.ui.core.context import AppContext
    from game.ui.online.session import OnlineSession

CODE_BOX = pygame.Rect(340, 140, 600, 128)
FINGER_BOX = pygame.Rect(140, 528, 1000, 104)
SEATS_TOP = 336  # the seats in two columns: your side | the other side


def spaced(code: str) -> str:
    """K7M2QX as K7M 2QX: easier to read out and type."""
    return f"{code[:3]} {code[3:]}" if len(code) == 6 else code


class RoomScene(Scene):
    """A room on the server: connecting, the fingerprint on first contact, the invite code and
    the seats, until the game begins."""

    spoken_words = screen_words.ROOM_SCREEN  # its title, purpose and controls (F1)

    def __init__(self, ctx: AppContext, session: OnlineSession,
                 came_back: Callable[[str | None], None]) -> None:
        super().__init__(ctx)
        self.session = session
        self.came_back = came_back
        self.joining = session.wish.code is not None
        self.time = 0.0  # scene time: the time waited is counted on it
        self.seated_at: float | None = None  # scene time when the seat was taken
        self.confirmed = False  # a first contact's fingerprint was looked at (joining)
        self.note: str | None = None  # the clipboard's answer
        self.row = ButtonRow()
        self._build()
        session.wake = wake_window
        session.start()

    def _build(self) -> None:
        buttons = []
        if self.session.code and not self.joining:
            buttons.append(Button(pygame.Rect(490, 276, 300, 46), N_("Copy code (Ctrl+C)"),
                                  self.copy, size=20))
        if self._holding():
            buttons.append(Button(pygame.Rect(330, 640, 300, 54), N_("It matches: play"),
                                  self.go_on, primary=True))
            buttons.append(Button(pygame.Rect(650, 640, 300, 54), N_("Leave (Esc)"), self.back))
        else:
            buttons.append(Button(pygame.Rect(470, 640, 340, 54), N_("Leave the room (Esc)"),
                                  self.back))
        self.row = ButtonRow(buttons)
        self.dirty = True

    def _holding(self) -> bool:
        """A room joined on first contact: the fingerprint waits to be looked at."""
        s = self.session
        return self.joining and s.first_contact and not self.confirmed and s.phase == SEATED

    # Acting ---------------------------------------------------------------------------------------
    def copy(self) -> None:
        code = self.session.code
        if code:
            self.note = copy_text(code) or _("Copied: {code}").format(code=code)
            self.dirty = True

    def go_on(self) -> None:
        self.confirmed = True
        self._build()

    def back(self) -> None:
        self.session.stop()
        self._close(None)

    def _close(self, line: str | None) -> None:
        self.ctx.scenes.remove(self)
        self.came_back(line)

    def update(self, dt: float) -> None:
        self.time += dt
        self.dirty = True  # the time waited, the network's news
        s = self.session
        if s.phase == FAILED:
            self._close(words.failure_line(s.failure[0], s.address))
            return
        if s.status in ("refused", "gave up") and s.phase == SEATED:
            s.stop()
            self._close(words.room_ended())
            return
        if s.phase == SEATED and self.seated_at is None:
            self.seated_at = self.time
            self._build()
        if s.status in ("playing", "over") and s.states and not self._holding():
            pygame.key.stop_text_input()
            self.ctx.nav.online_match(s)

    @property
    def animating(self) -> bool:
        return True  # the time waited moves

    def handle(self, event: pygame.event.Event) -> bool:
        self.dirty = True
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self.back()
                return True
            if event.key == pygame.K_c and event.mod & (pygame.KMOD_CTRL | pygame.KMOD_META):
                self.copy()
                return True
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) and self.row.focus < 0 \
                    and self._holding():
                self.go_on()
                return True
        return self.row.handle(event)

    # Frame ----------------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        scale = self.ctx.window_scale
        s = self.session
        surface.fill(theme.BG)
        title = _("Joining a room") if self.joining else _("Your room")
        widgets.text(surface, title, 40, (640, 30), theme.ACCENT, bold=True, anchor="midtop")
        body = legible(20, scale)
        if s.phase != SEATED:
            widgets.text(surface, _("Connecting to {address}...").format(address=s.address),
                         body, (640, 200), theme.TEXT, anchor="center")
        else:
            self._draw_room(surface, scale)
        self._draw_fingerprint(surface, scale)
        self.row.draw(surface, scale)

    def _status(self) -> str:
        s = self.session
        if s.status == "playing" or s.status == "over":
            return _("Everyone is here: the game begins.")
        free = sum(1 for entry in s.seats if not entry["taken"])
        waited = countdown(int(self.time - (self.seated_at or self.time)))
        if free <= 1 and len(s.seats) == 2:
            return _("Waiting for an opponent: {time}").format(time=waited)
        return ngettext("Waiting for {count} player: {time}", "Waiting for {count} players: {time}",
                        free).format(count=free, time=waited)

    def _draw_room(self, surface: pygame.Surface, scale: float) -> None:
        s = self.session
        code = s.code or ""
        if not self.joining:
            widgets.panel(surface, CODE_BOX, alpha=240)
            label = widgets.text(surface, _("Invite code"), legible(18, scale),
                                 (CODE_BOX.centerx, CODE_BOX.y + 8), theme.TEXT_DIM,
                                 anchor="midtop")
            widgets.text(surface, spaced(code), 72, (CODE_BOX.centerx, label.bottom),
                         theme.ACCENT, bold=True, anchor="midtop")
            hint = _("Give this code to the people you play with: they type it under Join a "
                     "room.")
            size = legible(17, scale)
            if len(fonts.wrap(hint, fonts.font(size), 1000)) * widgets.line_height(size) <= 44:
                # a large text size leaves it out: it would run into the code
                widgets.paragraph(surface, hint, size, pygame.Rect(140, 102, 1000, 44),
                                  theme.TEXT_DIM)
        else:
            widgets.text(surface, _("Room {code}").format(code=spaced(code)), 44,
                         (640, 130), theme.ACCENT, bold=True, anchor="midtop")
        if self.note:
            widgets.text(surface, fonts.fit_width(self.note, 330, legible(16, scale)),
                         legible(16, scale), (800, 299), theme.GOOD, anchor="midleft")
        top = SEATS_TOP if not self.joining else 220
        size = legible(20, scale)
        pitch = widgets.line_height(size) + 2
        y = top
        for i, entry in enumerate(s.seats):  # seat by seat in turn order: sides alternate
            line = words.seat_line(entry, i == s.seat)
            row = top + (i // 2) * pitch
            widgets.text(surface, fonts.fit_width(f"{i + 1}. {line}", 470, size), size,
                         (400 if i % 2 == 0 else 880, row), theme.TEXT, anchor="midtop")
            y = row + pitch
        if self._holding():
            widgets.paragraph(surface, _("Everyone is here: the game begins when you go on. If "
                                         "the fingerprint does not match, leave: it may not be "
                                         "the server you meant."), legible(20, scale),
                              pygame.Rect(240, y + 40, 800, 120), theme.ACCENT)
            return
        widgets.text(surface, self._status(), legible(22, scale), (640, y + 6),
                     theme.ACCENT, bold=True, anchor="midtop")

    def _draw_fingerprint(self, surface: pygame.Surface, scale: float) -> None:
        s = self.session
        if not s.fingerprint:
            return
        size = legible(16, scale)
        if not s.first_contact:
            widgets.text(surface, _("The server shows the same certificate as before."), size,
                         (640, FINGER_BOX.bottom), theme.TEXT_DIM, anchor="midbottom")
            return
        intro = fonts.wrap(_("First contact with this server. Compare its fingerprint with the "
                             "one its owner sees:"), fonts.font(size), FINGER_BOX.w - 30)
        mono = legible(18, scale)
        pitch = widgets.line_height(size)
        box = FINGER_BOX.copy()
        box.h = 16 + len(intro) * pitch + 8 + 2 * (mono + 8)
        box.bottom = FINGER_BOX.bottom  # grown upwards with the text size
        widgets.panel(surface, box, alpha=235)
        y = box.y + 8
        for line in intro:
            widgets.text(surface, line, size, (box.centerx, y), theme.TEXT, anchor="midtop")
            y += pitch
        groups = s.fingerprint.split(":")
        half = len(groups) // 2
        for part in (groups[:half], groups[half:]):
            line = fonts.fit_width(":".join(part), box.w - 40, mono)
            widgets.text(surface, line, mono, (box.centerx, y + 8), theme.ACCENT, bold=True,
                         anchor="midtop")
            y += mono + 8
