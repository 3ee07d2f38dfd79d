"""The match of a seat joined over the network: the local match scene, playing the host's game.

The scene is ``MatchScene`` as it is (its table, prompts, clicks, drags, keys, animations and
log) with a ``NetController`` in place of the local game: it only ever holds this seat's view.
What differs is small and here: each state message from the host is taken between animations
(its events animated like a local move's, then the table snaps to the new view), the line at the
top says what the network is doing (reconnecting, who is missing), and the game-over box offers
the replay the host sent (kept in Replays) instead of a rematch.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.common.i18n import N_, _, ngettext
from game.ui.kit import fonts, theme, widgets
from game.ui.kit.legible import legible
from game.ui.kit.menu_overlay import MenuOverlay
from game.ui.match import menus as match_menus
from game.ui.match.scene import MatchScene
from game.ui.net.controller import NetController, SharedScreenController

if TYPE_CHECKING:
    from game.engine import State
    from game.persist.record import GameRecord
    from game.ui.core.context import AppContext
    from game.ui.core.match_config import MatchConfig
    from game.ui.net.session import NetSession

#: Posted by the client's thread so that an idle window wakes for news (no scene acts on it).
NET_WAKE = pygame.event.custom_type()
OVER_WAIT = 5.0  # seconds the game-over box waits for the host's replay before it shows anyway


def wake_window() -> None:
    if pygame.display.get_init():
        pygame.event.post(pygame.event.Event(NET_WAKE))


class NetMatchScene(MatchScene):
    offers_hints = False  # the hint's search would need the hidden cards' possibilities: later

    def __init__(self, ctx: AppContext, session: NetSession) -> None:
        self.session = session
        hosted = session.hosted
        here = getattr(hosted, "sessions", {}) if hosted is not None else {}
        self.net_ctl = SharedScreenController(here) if len(here) > 1 else NetController(session)
        super().__init__(ctx, self.net_ctl.config)
        # The local match's first line names the seed; a network seat never knows it.
        if self.table.log:
            del self.table.log[0]
        if hosted is not None:
            self._log_words(lambda: _("Hosting at {address} as {name}.").format(
                address=hosted.address, name=session.name), theme.TEXT_DIM)
        else:
            self._log_words(lambda: _("Joined {address} as {name}.").format(
                address=session.address, name=session.name), theme.TEXT_DIM)
        self.table.log.insert(0, self.table.log.pop())  # first: where this game is played
        if not self.net_ctl.opening and self.net_ctl.decision_no:
            # Joined (or back) in the middle: who went first is not known here, only the turn.
            self.table.log.pop()
            turn = self.net_ctl.game.turn_no
            self._log_words(lambda: _("In the game from turn {number} on.").format(number=turn),
                            theme.ACCENT)
        self.status_line = ""
        self.refusals_seen = self.refused_picks()
        session.wake = wake_window

    def refused_picks(self) -> int:
        return sum(s.refused_picks for s in self.net_ctl.sessions.values())

    def make_controller(self, config: MatchConfig, game: State | None,
                        resume: GameRecord | None) -> NetController:
        return self.net_ctl

    # The host's news, between animations ------------------------------------------------------
    def update(self, dt: float) -> None:
        line = self.session.status_line()
        if line != self.status_line:
            self.status_line = line
            self.dirty = True
        if self.refused_picks() != self.refusals_seen:  # the host refused our pick
            self.refusals_seen = self.refused_picks()
            self.net_ctl.sent_serial = None  # offered again
            self.decision_serial = None
            self.message = _("The host did not accept that move: {reason}").format(
                reason=self.session.client.message)
            self.dirty = True
        super().update(dt)

    def _between_batches(self, dt: float) -> None:
        events = self.net_ctl.absorb(self.bottom)
        if events is None:
            super()._between_batches(dt)
            return
        self.dirty = True
        if events:
            self.table.feed(events)  # masked for this seat by the host
        else:
            self.resync()  # the game began, or this seat came back: the view as it stands

    @property
    def animating(self) -> bool:
        return super().animating or bool(self.session.states)

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == NET_WAKE:
            return True
        return super().handle(event)

    # The end -----------------------------------------------------------------------------------
    def _game_over(self, dt: float) -> None:
        if self.over_shown:
            return
        self.over_timer += dt
        if self.over_timer < 0.6 or (self.session.status != "over" and self.over_timer < OVER_WAIT):
            return
        self.over_shown = True
        if self.ctx.exit_after_game:
            line = self.session.over_line
            print(line or f"GAME OVER winner={self.ctl.game.winner} turns={self.ctl.game.turn_no}",
                  flush=True)
            self.ctx.quit(0 if line else 1)
            return
        show_game_over(self)

    def open_menu(self) -> None:
        match_menus.open_pause_menu(self, N_("Menu (the game goes on)"))

    def leave_line(self) -> str | None:
        """What leaving does to this network game (asked before leaving), None once it is over."""
        if self.ctl.over or self.session.status in ("over", "refused", "gave up"):
            return None
        if self.session.hosted is not None:
            return _("The game stops for everyone. It is saved: continue it later "
                     "with Host a game.")
        return _("Your seat waits for you: join again with the same name to come back.")

    def rematch(self) -> None:
        self.to_menu()  # a new network game is the host's to deal

    def leave(self) -> None:
        super().leave()
        self.session.stop()

    # Drawing -------------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        if self.status_line:
            draw_status(surface, self.status_line, self.ctx.window_scale,
                        self.ctl.game.n_seats == 4)


def draw_status(surface: pygame.Surface, line: str, scale: float, four: bool = False) -> None:
    """The network's line, across the top of the table (clear of the menu button; in 2v2 also
    of the teammate's label at the top left)."""
    size = legible(18, scale)
    rect = pygame.Rect(520, 8, 480, size + 22) if four else pygame.Rect(260, 8, 740, size + 22)
    line = fonts.fit_width(line, rect.w - 24, size)
    widgets.panel(surface, rect, alpha=235, radius=10)
    widgets.text(surface, line, size, rect.center, theme.ACCENT, anchor="center")


def show_game_over(sc: NetMatchScene) -> None:
    ctl = sc.net_ctl
    g = ctl.game
    winner = g.winner
    assert winner is not None  # shown once the game is over
    won = g.team_of(ctl.seat) == winner
    if len({g.team_of(s) for s in ctl.humans}) > 1:  # people of both sides at this screen
        title = _("{player} wins!").format(player=sc.team_name(winner))
        won = True
    elif g.n_seats == 4:
        title = N_("Your team wins!") if won else N_("Your team loses")
    else:
        title = N_("You win!") if won else N_("You lose")
    sc.ctx.play_sound("win" if won else "loss")
    turns = g.turn_no
    lines = [ngettext("After {count} turn.", "After {count} turns.", turns).format(count=turns)]
    if ctl.end_reason:
        lines.insert(0, match_menus.why_line(sc))
    buttons = [(N_("Main menu"), sc.to_menu)]
    record = ctl.record()
    if record is not None:
        buttons.insert(0, (N_("Watch replay"), lambda: sc.ctx.nav.replay(record)))
        lines.append(_("The replay is kept in Replays."))
    else:
        lines.append(_("The host's replay did not arrive."))
    sc.ctx.scenes.push(MenuOverlay(sc.ctx, title, buttons, lines,
                                   theme.GOOD if won else theme.DANGER))
