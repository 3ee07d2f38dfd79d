"""The match of a seat joined over the network: the local match scene, playing the host's game.

The scene is ``MatchScene`` as it is (its table, prompts, clicks, drags, keys, animations and
log) with a ``NetController`` in place of the local game: it only ever holds this seat's view.
What differs is small and here: each state message from the host is taken between animations
(its events animated like a local move's, then the table snaps to the new view), the line at the
top says what the network is doing (game.ui.net.outage: who left, the countdown, input off while
the host cannot be reached), and the ending scene offers the replay the host sent (kept in
Replays) instead of a rematch.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from game.common.i18n import N_, _, ngettext
from game.persist.rebuild import fresh_game, steps
from game.persist.summary import side_stats
from game.ui.kit import fonts, theme, widgets
from game.ui.kit.legible import legible
from game.ui.kit.menu_overlay import MenuOverlay
from game.ui.kit.widgets import Button
from game.ui.match import leave_prompt
from game.ui.match import menus as match_menus
from game.ui.match.ending import Ending, show_ending
from game.ui.match.scene import OVER_PAUSE, MatchScene
from game.ui.net import outage as outage_mod
from game.ui.net.controller import NetController, SharedScreenController
from game.ui.net.outage import GAVE_UP, HOST_GONE, PLAYER_GONE, Outage

if TYPE_CHECKING:
    from game.engine import State
    from game.persist.record import GameRecord
    from game.ui.core.context import AppContext
    from game.ui.core.match_config import MatchConfig
    from game.ui.net.session import SeatSession

#: Posted by the client's thread so that an idle window wakes for news (no scene acts on it).
NET_WAKE = pygame.event.custom_type()
OVER_WAIT = 5.0  # seconds the game-over box waits for the host's replay before it shows anyway
RECONNECTED_FOR = 4.0  # seconds the "Reconnected" line stays up (the log keeps it)


def wake_window() -> None:
    if pygame.display.get_init():
        pygame.event.post(pygame.event.Event(NET_WAKE))


class NetMatchScene(MatchScene):
    offers_hints = False  # the hint's search would need the hidden cards' possibilities: later

    def __init__(self, ctx: AppContext, session: SeatSession) -> None:
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
            self._log_words(self.where_line, theme.TEXT_DIM)
        self.table.log.insert(0, self.table.log.pop())  # first: where this game is played
        if not self.net_ctl.opening and self.net_ctl.decision_no:
            # Joined (or back) in the middle: who went first is not known here, only the turn.
            self.table.log.pop()
            turn = self.net_ctl.game.turn_no
            self._log_words(lambda: _("In the game from turn {number} on.").format(number=turn),
                            theme.ACCENT)
        self.status_line = ""
        self.refusals_seen = self.refused_picks()
        #: The connection's trouble as drawn and said (None while the game simply goes on).
        self.outage: Outage | None = None
        self.reconnected_until = -1.0  # "Reconnected" shows until then (scene time)
        self.missing_since: dict[str, float] = {}  # a dropped player -> when this window saw it
        self.leave_button = Button(pygame.Rect(0, 0, 300, 50), N_("Leave the game (Esc)"),
                                   self.to_menu, size=20)
        # Another player dropped: the host (or a fellow player) may wait or leave; leaving asks
        # first, as the menu's leave does, and is never the gold default (game.ui.kit.gold).
        self.drop_leave_button = Button(pygame.Rect(0, 0, 300, 50), N_("Leave the game"),
                                        self.ask_leave, size=20)
        session.wake = wake_window

    def where_line(self) -> str:
        """The log's first line: where this game is played (an online seat says the server)."""
        return _("Joined {address} as {name}.").format(address=self.session.address,
                                                       name=self.session.name)

    def refused_line(self, reason: str) -> str:
        """The line when the host refused this seat's pick (the decision is offered again)."""
        return _("The host did not accept that move: {reason}").format(reason=reason)

    def current_outage(self, clock: float) -> Outage | None:
        """The connection's trouble now, in words (None while the game simply goes on)."""
        return outage_mod.outage(self.session, self.session.hosted is not None, clock,
                                 self.missing_since)

    def refused_picks(self) -> int:
        return sum(s.refused_picks for s in self.net_ctl.sessions.values())

    def make_controller(self, config: MatchConfig, game: State | None,
                        resume: GameRecord | None) -> NetController:
        return self.net_ctl

    # The host's news, between animations ------------------------------------------------------
    @property
    def input_off(self) -> bool:
        """The host cannot be reached: nothing this window does may answer a decision."""
        return self.outage is not None and self.outage.kind in (HOST_GONE, GAVE_UP)

    def _follow_connection(self) -> None:
        """Word the connection's state; on a change, say it, and turn input off (a drag in
        flight goes back to the hand, the decision's lights and buttons go) or on again."""
        clock = outage_mod.clock()
        outage_mod.note_missing(self.missing_since, self.session.client.missing, clock)
        now = self.current_outage(clock) if not self.ctl.over else None
        before, self.outage = self.outage, now
        if now == before:
            return
        self.dirty = True
        kind = now.kind if now is not None else None
        if before is not None and kind == before.kind:
            return  # only the countdown moved
        if kind in (HOST_GONE, GAVE_UP):
            self._input_off()
        if now is not None and now.kind == GAVE_UP:
            self._gave_up_box(now)
            return
        if now is not None:
            title = now.title
            self._log_words(lambda: title, theme.DANGER)  # kept: a player may look away
            self.say(now.spoken)
        elif before is not None and before.kind == HOST_GONE:
            self.reconnected_until = self.time + RECONNECTED_FOR
            self._log_words(lambda: _("Reconnected: the game goes on."), theme.GOOD)
            self.say(_("Reconnected: the game goes on."))
        else:
            self._log_words(lambda: _("Everyone is back: the game goes on."), theme.GOOD)
            self.say(_("Everyone is back: the game goes on."))

    def _input_off(self) -> None:
        press, self.input.press = self.input.press, None
        sprite = self.sprites.get(press["key"]) if press is not None else None
        if sprite is not None:
            sprite.dragging = False
        self.input.swallow_up = False
        self.card_zoom.unpin()
        self._clear_decision()
        self.resync()

    def _gave_up_box(self, words: Outage) -> None:
        """The end of the tries: the game cannot go on here; back to the menu (the seat's
        ticket is kept for when the host continues the saved game)."""
        self.ctx.play_sound("loss")
        self.ctx.scenes.push(MenuOverlay(self.ctx, words.title, [(N_("Main menu"), self.to_menu)],
                                         list(words.lines), theme.DANGER, esc=self.to_menu))

    def say(self, text: str) -> None:
        """A line of the connection's, spoken as the match speaks (R says it again)."""
        narrator = self.narration.narrator
        if narrator is not None:
            narrator.say(text, interrupt=True)
        elif self.ctx.speech is not None:
            self.ctx.speech.say(text, interrupt=True)

    def update(self, dt: float) -> None:
        self._follow_connection()
        if self.time < self.reconnected_until <= self.time + dt:
            self.dirty = True  # the "Reconnected" line goes
        line = self.session.status_line()
        if line != self.status_line:
            self.status_line = line
            self.dirty = True
        if self.refused_picks() != self.refusals_seen:  # the host refused our pick
            self.refusals_seen = self.refused_picks()
            self.net_ctl.sent_serial = None  # offered again
            self.decision_serial = None
            self.message = self.refused_line(self.session.client.message)
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
        if self.outage is not None and self.outage.kind == PLAYER_GONE \
                and self.ctx.scenes.top is self and event.type in (
                    pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            was = self.drop_leave_button.hover
            if self.drop_leave_button.handle(event):
                return True
            self.dirty |= was != self.drop_leave_button.hover
        if self.input_off and event.type in INPUT_EVENTS:
            # Only the box's button, Esc (leave) and speech's reading keys: no drag, no click,
            # no key answers a decision while the host cannot be reached.
            if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
                self.to_menu()
            elif event.type in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN,
                                pygame.MOUSEBUTTONUP):
                self.leave_button.handle(event)
            elif event.type == pygame.KEYDOWN:
                self.narration.handle(event)
            self.dirty = True
            return True
        return super().handle(event)

    def widgets_for_draw(self) -> list[Button]:
        """While the host cannot be reached the outage box holds the one thing to do (its
        button, Esc): the menu button would say Esc opens a menu."""
        if self.input_off:
            return []
        return super().widgets_for_draw()

    def prompt_text(self) -> tuple[str, tuple]:
        """Not "Bob is taking their turn..." while Bob's connection is lost."""
        outage, d = self.outage, self.ctl.pending
        if outage is not None and outage.kind == PLAYER_GONE and d is not None \
                and self.ctl.raw_name(d.seat) in self.session.client.missing:
            return _("Waiting for {player} to come back...").format(
                player=self.ctl.name(d.seat)), theme.TEXT
        return super().prompt_text()

    def _seat_status(self, seat: int) -> str:
        if self.input_off and seat == self.bottom:
            return _("Offline")  # 2v2's plate: this seat can do nothing now
        return super()._seat_status(seat)

    def _turn_label(self, seat: int) -> str:
        if self.input_off:
            return _("Offline")  # not "Your turn": nothing can be played (short: 200% text)
        return super()._turn_label(seat)

    # The end -----------------------------------------------------------------------------------
    def _game_over(self, dt: float) -> None:
        if self.over_shown:
            return
        self.over_timer += dt
        waiting_for_result = self.session.status != "over" and self.over_timer < OVER_WAIT
        if self.over_timer < self.ctx.anim(OVER_PAUSE) or waiting_for_result:
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

    def ask_leave(self) -> None:
        """Leave as the menu's "Quit to main menu" does: asked first (what leaving does to this
        game, leave_line: the host's game is saved), then the main menu."""
        leave_prompt.ask_leave(self.ctx, self.to_menu)

    def leave(self) -> None:
        super().leave()
        self.session.stop()

    # Drawing -------------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        scale = self.ctx.window_scale
        if self.outage is not None:
            if self.outage.kind == HOST_GONE or self.ctx.scenes.top is self:
                button = self.leave_button if self.outage.kind == HOST_GONE else \
                    self.drop_leave_button if self.outage.kind == PLAYER_GONE else None
                outage_mod.draw_box(surface, self.outage, button, scale)
        elif self.time < self.reconnected_until:
            outage_mod.draw_banner(surface, _("Reconnected"), scale)
        elif self.status_line:
            draw_status(surface, self.status_line, scale, self.ctl.game.n_seats == 4)


INPUT_EVENTS = (pygame.KEYDOWN, pygame.KEYUP, pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN,
                pygame.MOUSEBUTTONUP, pygame.TEXTINPUT)


def draw_status(surface: pygame.Surface, line: str, scale: float, four: bool = False) -> None:
    """The network's line, across the top of the table (clear of the menu button; in 2v2 also
    of the teammate's label at the top left)."""
    size = legible(18, scale)
    rect = pygame.Rect(520, 8, 480, size + 22) if four else pygame.Rect(260, 8, 740, size + 22)
    line = fonts.fit_width(line, rect.w - 24, size)
    widgets.panel(surface, rect, alpha=235, radius=10)
    widgets.text(surface, line, size, rect.center, theme.ACCENT, anchor="center")


def show_game_over(sc: NetMatchScene) -> None:
    """The ending scene of a local game (game.ui.match.ending), with what a network game
    offers: the replay the host sent (kept in Replays) and the main menu; no rematch (a new
    network game is the host's to deal)."""
    ctl = sc.net_ctl
    g = ctl.game
    winner = g.winner
    assert winner is not None  # shown once the game is over
    won = g.team_of(ctl.seat) == winner
    if len({g.team_of(s) for s in ctl.humans}) > 1:  # people of both sides at this screen
        titles = [_("{player} wins!").format(player=sc.team_name(winner)), N_("Victory!")]
        won, color, mood = True, theme.ACCENT, "win"
    else:
        if g.n_seats == 4:
            titles = [N_("Your team wins!") if won else N_("Your team loses")]
        else:
            titles = [N_("You win!") if won else N_("You lose")]
        color, mood = (theme.GOOD, "win") if won else (theme.DANGER, "loss")
    sc.ctx.play_sound("win" if won else "loss")
    turns = g.turn_no
    lines = [ngettext("After {count} turn.", "After {count} turns.", turns).format(count=turns)]
    if ctl.end_reason:
        lines.insert(0, match_menus.why_line(sc))
    buttons: list[tuple[str, Callable[[], object]]] = [(N_("Main menu"), sc.to_menu)]  # a callback: its result is ignored
    record = ctl.record()
    if record is not None:
        buttons.insert(0, (N_("Watch replay"), lambda: sc.ctx.nav.replay(record)))
        lines.append(_("The replay is kept in Replays."))
    else:
        lines.append(_("The host's replay did not arrive."))
    ending = Ending(titles=titles, lines=lines, table=stats_table(sc, record),
                    creatures=match_menus.winners_creatures(sc), mood=mood, color=color)
    show_ending(sc.ctx, ending, buttons)


def stats_table(sc: NetMatchScene, record: GameRecord | None) -> list[list[str]]:
    """What each side did, as a local ending shows it: counted over the whole game from the
    host's replay, else over the events this window saw (a seat that came back missed some)."""

    g = sc.net_ctl.game
    events = list(sc.net_ctl.seen_events)
    if record is not None:
        try:
            _game, opening = fresh_game(record)
            events = [*opening, *(e for _i, evs, _g in steps(record) for e in evs)]
        except Exception:  # a replay this version cannot replay: the events seen here will do
            pass
    stats = side_stats(events, g.team_of, 2)
    return [["", *(sc.team_name(team) for team in range(2))],
            [N_("Cards played"), *(str(s.played) for s in stats)],
            [N_("Mindbugs used"), *(str(s.mindbugs) for s in stats)],
            [N_("Creatures defeated"), *(str(s.defeated) for s in stats)]]
