"""Host a game on this network: the seats (you here at seat 1; each other seat a person on
another computer or a computer of a level), then the lobby showing the address to give, the join
code and the seats filling. The game begins by itself once every network seat is taken (the
host answers no decision before), and the lobby gives way to the match.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.common.i18n import LEVEL_NAMES, N_, _
from game.common.settings import AI_LEVELS
from game.net.seats import SeatSpec
from game.ui.core.scene import Scene
from game.ui.kit import theme, widgets
from game.ui.kit.legible import legible
from game.ui.kit.widgets import Button, ButtonRow

if TYPE_CHECKING:
    from game.ui.core.context import AppContext
    from game.ui.net.hosted import HostedGame

REMOTE = "remote"
CHOICES = (REMOTE, *AI_LEVELS)  # what a seat other than yours can be, clicked through in turn


def seat_text(choice: str) -> str:
    if choice == REMOTE:
        return _("Person on another computer")
    return _("Computer ({level})").format(level=_(LEVEL_NAMES.get(choice, choice)))


class HostSetupScene(Scene):
    def __init__(self, ctx: AppContext, rules: str = "1v1") -> None:
        super().__init__(ctx)
        self.rules = rules
        self.others = [REMOTE] * 3
        self.message: str | None = None
        self._build()

    def _build(self) -> None:
        n = 2 if self.rules == "1v1" else 4
        buttons = []
        for i in range(1, n):
            buttons.append(Button(pygame.Rect(560, 170 + i * 70, 420, 52),
                                  seat_text(self.others[i - 1]), lambda i=i: self._cycle(i)))
        for i, (label, rules) in enumerate(((N_("1 vs 1"), "1v1"), (N_("2 vs 2 (teams)"), "2v2"))):
            buttons.append(Button(pygame.Rect(425 + i * 220, 100, 210, 42), label,
                                  lambda r=rules: self._set_rules(r), primary=rules == self.rules,
                                  size=18))
        buttons.append(Button(pygame.Rect(470, 520, 340, 58), N_("Host the game"), self.start,
                              primary=True))
        buttons.append(Button(pygame.Rect(470, 595, 340, 50), N_("Back (Esc)"),
                              lambda: self.ctx.scenes.remove(self)))
        self.row = ButtonRow(buttons)
        self.dirty = True

    def _cycle(self, seat: int) -> None:
        current = self.others[seat - 1]
        self.others[seat - 1] = CHOICES[(CHOICES.index(current) + 1) % len(CHOICES)]
        self._build()

    def _set_rules(self, rules: str) -> None:
        self.rules = rules
        self._build()

    def seat_specs(self) -> list[SeatSpec]:
        n = 2 if self.rules == "1v1" else 4
        return [SeatSpec(remote=True) if c == REMOTE else SeatSpec(remote=False, level=c)
                for c in self.others[:n - 1]]

    def start(self) -> None:
        from game.ui.net.hosted import HostedGame
        from game.ui.net.match import wake_window

        names = self.ctx.settings.player_names
        name = names[0] if names else "Player 1"
        root = self.ctx.store.root if self.ctx.store is not None else None
        try:
            hosted = HostedGame(self.rules, self.seat_specs(), name, root)
        except OSError as exc:
            self.message = _("The game cannot be hosted here: {reason}").format(
                reason=exc.strerror or exc)
            self.dirty = True
            return
        hosted.session.wake = wake_window
        self.ctx.scenes.remove(self)
        self.ctx.scenes.push(LobbyScene(self.ctx, hosted))

    def handle(self, event: pygame.event.Event) -> bool:
        self.dirty = True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.ctx.scenes.remove(self)
            return True
        return self.row.handle(event)

    def draw(self, surface: pygame.Surface) -> None:
        scale = self.ctx.window_scale
        surface.fill(theme.BG)
        widgets.text(surface, _("Host a game on this network"), 40, (640, 30), theme.ACCENT,
                     bold=True, anchor="midtop")
        size = legible(20, scale)
        names = self.ctx.settings.player_names
        you = names[0] if names else "Player 1"
        widgets.text(surface, _("Seat {number}").format(number=1), size, (300, 196 + 26),
                     theme.TEXT_DIM, anchor="midleft")
        widgets.text(surface, _("You, here ({name})").format(name=you), size, (560, 196 + 26),
                     theme.TEXT, anchor="midleft")
        for i in range(1, 2 if self.rules == "1v1" else 4):
            widgets.text(surface, _("Seat {number}").format(number=i + 1), size,
                         (300, 170 + i * 70 + 26), theme.TEXT_DIM, anchor="midleft")
        widgets.text(surface, _("Click a seat to change who plays it."), legible(17, scale),
                     (640, 470), theme.TEXT_DIM, anchor="midtop")
        if self.message:
            widgets.text(surface, self.message, legible(18, scale), (640, 495), theme.DANGER,
                         anchor="midtop")
        self.row.draw(surface, scale)


class LobbyScene(Scene):
    """The address and the code to give, the seats filling; the match once all are taken."""

    def __init__(self, ctx: AppContext, hosted: HostedGame) -> None:
        super().__init__(ctx)
        self.hosted = hosted
        self.address = hosted.address
        self.row = ButtonRow([Button(pygame.Rect(470, 595, 340, 50), N_("Cancel (Esc)"),
                                     self.cancel)])

    def cancel(self) -> None:
        self.hosted.session.stop()
        self.ctx.scenes.remove(self)

    @property
    def animating(self) -> bool:
        return True  # the seats fill from the network (the client's thread wakes the window)

    def update(self, dt: float) -> None:
        s = self.hosted.session
        self.dirty = True
        if s.status in ("playing", "over") and s.states:
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
        widgets.text(surface, _("Your game is open"), 40, (640, 30), theme.ACCENT, bold=True,
                     anchor="midtop")
        widgets.text(surface, _("On the other computers: New game, Join a game, then type"),
                     legible(18, scale), (640, 96), theme.TEXT_DIM, anchor="midtop")
        big = legible(34, scale)
        widgets.text(surface, _("Address: {address}").format(address=self.address), big,
                     (640, 140), theme.TEXT, bold=True, anchor="midtop")
        widgets.text(surface, _("Join code: {code}").format(code=self.hosted.code), big,
                     (640, 196), theme.TEXT, bold=True, anchor="midtop")
        size = legible(20, scale)
        for i, seat in enumerate(self.hosted.session.seats):
            if not seat["remote"]:
                state = seat_text(seat["level"] or "easy")
            elif not seat["taken"]:
                state = _("waiting for a player...")
            elif not seat["connected"]:
                state = _("{name}: connection lost").format(name=seat["name"])
            else:
                state = seat["name"]
            y = 280 + i * 50
            widgets.text(surface, _("Seat {number}").format(number=i + 1), size, (380, y),
                         theme.TEXT_DIM, anchor="midleft")
            widgets.text(surface, state, size, (520, y), theme.TEXT, anchor="midleft")
        line = self.hosted.session.status_line()
        if line:
            widgets.text(surface, line, legible(18, scale), (640, 520), theme.ACCENT,
                         anchor="midtop")
        self.row.draw(surface, scale)
