"""The replay viewer: a finished (or saved) game on the shared table, stepped back and forth.

It drives the same ``TableStage`` and ``TableRenderer`` as the match, so the table looks and
moves as it did in play. Going forward plays the next recorded event through the stage's
animator; going back (or jumping) rebuilds the table from the state before that decision and
replays the earlier events of the decision instantly. The game is never asked anything: all
states come from a ``Timeline`` built once from the record.

Keys: Left/Right one event, Up/Down (or Shift+Left/Right) one decision, Page Up/Down one turn,
Home/End the start/end, Space play/pause, +/- speed, V the view (all face up or one seat's),
digits then Enter jump to that turn, P play from here (records.play_from), M the moments that
decided it (records.moments_view), O (a game played on from a replay) that replay at the moment
it began (records.origin), Esc back.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from game.common import i18n
from game.common.i18n import N_, _, pgettext
from game.engine import events as engine_events
from game.engine.events import mask_event
from game.persist.rebuild import CONCEDED
from game.persist.record import GameRecord
from game.persist.summary import end_text, opponent_text, short_date, team_name
from game.persist.timeline import Timeline
from game.ui.core.scene import Scene
from game.ui.core.screen_words import REPLAY_SCREEN
from game.ui.kit import cut_tips, fonts, theme
from game.ui.kit.legible import legible
from game.ui.kit.widgets import Button
from game.ui.records import (
    moments_view,
    origin,
    panel_row,
    play_from,
    viewer_layout,
    viewer_speech,
)
from game.ui.table import hud, layout
from game.ui.table.render import TableFrame, TableRenderer
from game.ui.table.stage import Seating, TableStage
from game.words import texts

if TYPE_CHECKING:
    from game.engine import State
    from game.ui.core.context import AppContext
    from game.ui.core.contracts import EngineEvent
    from game.ui.table.sprites import SpriteKey

SPEEDS = (0.5, 1.0, 2.0, 4.0, 8.0)
HOVER_ZOOM_DELAY = 0.55  # as in the match


class _ReplayPace:
    """The context the stage sees: the app's, with durations scaled by the replay speed."""

    def __init__(self, ctx: AppContext, factor: Callable[[], float]) -> None:
        self._ctx = ctx
        self._factor = factor

    def anim(self, seconds: float) -> float:
        return self._ctx.anim(seconds) / self._factor()

    def play_sound(self, name: str) -> None:
        self._ctx.play_sound(name)

    @property
    def window_scale(self) -> float:  # the table's labels stay legible in a small window
        return self._ctx.window_scale


class ReplayScene(Scene):
    spoken_words = REPLAY_SCREEN  # its controls, shown and said by F1
    music = "table"  # the table's loop (game.ui.core.music)
    speaks_itself = True  # records.viewer_speech says each step and the line under the table

    def __init__(self, ctx: AppContext, record: GameRecord, timeline: Timeline | None = None,
                 on_back: Callable[[], None] | None = None, exit_at_end: bool = False,
                 played_here: int | None = None) -> None:
        super().__init__(ctx)
        self.record = record
        # --replay FILE --exit-after-game: play the game through on its own, then quit
        self.exit_at_end = exit_at_end
        self.tl = timeline or Timeline(record)
        self.on_back = on_back
        self.n_seats = len(record.seats)
        # A game played on from a replay: the link's words (its turn worked out once).
        self.origin = origin.OriginText(record) if origin.has_origin(record) else None
        people = [i for i, s in enumerate(record.seats) if s.kind == "person"]
        # What the person saw, if there was exactly one; otherwise everything face up.
        self.view_seat: int | None = people[0] if len(people) == 1 else None
        if played_here is not None:  # a network game: the seat this computer played
            self.view_seat = played_here
        self.k, self.e = 0, 0
        self.run_to: int | None = None  # animating on until decision run_to (play or a step)
        self.playing = False
        self.speed_i = SPEEDS.index(1.0)
        self.wait = 0.0
        self.typed = ""  # digits of a turn to jump to
        self.zoom_key: SpriteKey | None = None
        self.hover_key: SpriteKey | None = None  # the card under the mouse, zoomed after a moment
        self.hover_time = 0.0
        first = self.tl.states[0]
        seating = Seating(names=[s.name for s in record.seats], team_of=first.team_of,
                          card_def=first.card, you=None,
                          team_names=[team_name(record, t) for t in (0, 1)],
                          mindbug_slots=record.mindbugs)
        self.table = TableStage(_ReplayPace(ctx, lambda: SPEEDS[self.speed_i]), seating,
                                self._view_state, self._bottom(), self._face_up())
        self.painter = TableRenderer(ctx.renderer)
        self.log_view = hud.LogView()  # its text grows in a small window, as the match's does
        self.buttons: list[Button] = []
        self.panel_buttons: list[Button] = []  # 2v2, small windows: over the log panel, after the table
        self._build_buttons()
        self.goto(0, 0)
        self.speech = viewer_speech.ViewerSpeech(self)
        if exit_at_end:
            self.toggle_play()

    # ------------------------------------------------------------------------------------------
    # What is shown
    # ------------------------------------------------------------------------------------------
    def _bottom(self) -> int:
        return self.view_seat if self.view_seat is not None else 0

    def _face_up(self) -> set[int]:
        return set(range(self.n_seats)) if self.view_seat is None else {self.view_seat}

    def _view_state(self, seat: int) -> State:
        state = self.tl.states[self.k]
        return state if self.view_seat is None else state.view(seat).state

    def _shown(self, ev: EngineEvent) -> EngineEvent:
        if self.view_seat is None:
            return ev

        return mask_event(ev, self.view_seat)

    def event_line(self, k: int, e: int) -> str | None:
        """Event ``e`` of decision ``k`` as the log words it for the view shown."""
        if not 0 <= k < self.tl.n_choices or not 0 <= e < len(self.tl.events[k]):
            return None
        return self.table.describe(self._shown(self.tl.events[k][e]))

    @property
    def at_end(self) -> bool:
        return self.k >= self.tl.n_choices

    @property
    def position(self) -> tuple[int, int]:
        return self.k, self.e

    # ------------------------------------------------------------------------------------------
    # Moving through the game
    # ------------------------------------------------------------------------------------------
    def goto(self, k: int, e: int = 0) -> None:
        """Show the game at (k, e) at once: the state before decision k, then e of its events."""
        self.run_to = None
        self.playing = False
        self.k, self.e = self.tl.normalize(k, e)
        self.table.set_viewer(self._bottom(), self._face_up())
        self.table.floaters.clear()
        if not self.at_end:
            for ev in self.tl.events[self.k][: self.e]:
                self.table.anim.play(self._shown(ev), instant=True)
            self.table.anim.batch_open = False  # the model is the truth mid-decision: no resync
        self._rebuild_log()
        self._build_buttons()
        self.dirty = True

    def _rebuild_log(self) -> None:
        table = self.table

        lines = [(_("Replay: {game}, {date}.").format(game=opponent_text(self.record),
                                                     date=short_date(self.record)), theme.TEXT_DIM)]
        if self.origin is not None:
            lines.append((self.origin(), theme.ACCENT))
        shown = [self._shown(ev) for ev in self.tl.opening if isinstance(ev, engine_events.StartReveal)]
        revealed = texts.reveals([(table.name(ev.seat), table.card_name(ev.card)) for ev in shown
                                  if isinstance(ev, engine_events.StartReveal)])
        if revealed:  # the start in one line, as the match's log has it
            lines.append((revealed, theme.TEXT_DIM))
        for k in range(self.k + 1):
            events = self.tl.events[k] if k < self.tl.n_choices else []
            for ev in events[: self.e] if k == self.k else events:
                text = table.describe(self._shown(ev))
                if text:
                    lines.append((text, theme.TEXT))
        given_up = self._concession_line() if self.at_end else None
        if given_up:
            lines.append((given_up, theme.TEXT))
        table.log = lines

    def _concession_line(self) -> str | None:
        """"Ada concedes.": the log's last line of a game given up (no engine event says it)."""
        result = self.record.result
        if result is None or result.reason != CONCEDED or self.tl.states[-1].winner is not None:
            return None
        return texts.concedes(team_name(self.record, 1 - result.winner))

    def _step_one(self) -> float:
        """Play the next event with its animation; returns how long to wait after it."""
        if self.at_end:
            return 0.0
        ev = self.tl.events[self.k][self.e]
        wait = self.table.anim.play(self._shown(ev))
        self.table.anim.batch_open = False
        self.k, self.e = self.tl.normalize(self.k, self.e + 1)
        if self.e == 0:
            self.table.resync()  # a decision's events are all out: snap to the recorded state
        if self.k >= self.tl.n_choices:  # the last event is out (at_end, which mypy holds False here)
            self.table.log_line(self._concession_line())
        return wait

    def _settle(self) -> None:
        """Finish whatever moves, so a manual step starts from a still table."""
        self.run_to = None
        self.playing = False
        self.table.tweener.finish_all()
        self.table.floaters.clear()
        self.wait = 0.0

    def step_event(self) -> None:
        self._settle()
        if not self.at_end:
            self.wait = self._step_one()
        self._build_buttons()
        self.dirty = True

    def back_event(self) -> None:
        self._settle()
        self.goto(*self.tl.previous(self.k, self.e))

    def step_decision(self) -> None:
        """Animate the rest of this decision's events, up to the next decision."""
        self._settle()
        if not self.at_end:
            self.run_to = self.k + 1
        self._build_buttons()
        self.dirty = True

    def back_decision(self) -> None:
        self._settle()
        self.goto(self.k - 1 if self.e == 0 else self.k, 0)

    def jump_turn(self, turn: int) -> None:
        self.goto(self.tl.turn_start(turn), 0)

    def next_turn(self) -> None:
        self.jump_turn(self.tl.turn_at(self.k) + 1)

    def previous_turn(self) -> None:
        turn = self.tl.turn_at(self.k)
        start = self.tl.turn_start(turn)
        self.goto(start if (self.k, self.e) != (start, 0) else self.tl.turn_start(turn - 1), 0)

    def toggle_play(self) -> None:
        if self.playing:
            self.playing = False
            self.run_to = None
        elif not self.at_end:
            self.playing = True
            self.run_to = self.tl.n_choices
        self._build_buttons()
        self.dirty = True

    def change_speed(self, step: int) -> None:
        self.speed_i = max(0, min(len(SPEEDS) - 1, self.speed_i + step))
        self._build_buttons()
        self.dirty = True

    def cycle_view(self) -> None:
        """All face up -> seat 1's view -> seat 2's view ... -> all face up."""
        order: list[int | None] = [None, *range(self.n_seats)]
        self.view_seat = order[(order.index(self.view_seat) + 1) % len(order)]
        run_to, playing = self.run_to, self.playing
        self.table.tweener.finish_all()
        self.goto(self.k, self.e)
        self.run_to, self.playing = run_to, playing

    def open_origin(self) -> None:
        """The replay this game was played on from, at that moment (or the log says why not)."""
        if self.origin is None:
            return
        refused = origin.open_origin(self.ctx, self.record)
        if refused:
            self.table.log_line(refused, theme.DANGER)

    def leave(self) -> None:
        moments_view.cancel(self)  # an analysis nobody waits for would only slow the window

    def back(self) -> None:
        if self.on_back is not None:
            self.on_back()
        elif len(self.ctx.scenes.stack) > 1:
            self.ctx.scenes.remove(self)
        else:
            self.ctx.nav.title()

    # ------------------------------------------------------------------------------------------
    # Frame
    # ------------------------------------------------------------------------------------------
    @property
    def animating(self) -> bool:
        return (self.run_to is not None or self.table.moving or bool(self.table.floaters)
                or (self.hover_key is not None and self.zoom_key is None))  # the hover zoom's clock

    def update(self, dt: float) -> None:
        self._update(dt)
        self.speech.follow()  # after the step: its events, then the line under the table

    def _update(self, dt: float) -> None:
        if self.hover_key is not None and self.zoom_key is None:
            self.hover_time += dt
            if self.hover_time >= HOVER_ZOOM_DELAY and self.hover_key in self.table.sprites:
                self.zoom_key = self.hover_key
                self.dirty = True
        if self.animating:
            self.dirty = True
        self.table.update(dt)
        if self.run_to is None:
            self._exit_if_done()
            return
        self.wait -= dt
        while self.wait <= 0 and self.k < self.run_to and not self.at_end:
            self.wait += self._step_one()
        if self.k >= self.run_to or self.at_end:
            self.run_to = None
            self.playing = False
            self._build_buttons()

    def _exit_if_done(self) -> None:
        if not self.exit_at_end or not self.at_end or self.table.moving or self.table.floaters:
            return
        self.exit_at_end = False
        # for test harnesses, as the match's "GAME OVER" line: proof that the replay was shown
        print(f"REPLAY OVER decisions={self.tl.n_choices} turns={self.tl.last_turn}", flush=True)
        self.ctx.quit(0)

    # ------------------------------------------------------------------------------------------
    # Input
    # ------------------------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> bool:
        self.dirty = True
        if event.type == pygame.KEYDOWN:
            return self._key(event)
        if event.type == pygame.MOUSEMOTION:
            self._hover(event.pos)
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 3:
            sp = self.table.sprite_at(event.pos)
            self.zoom_key = None if sp is None or sp.key == self.zoom_key else sp.key
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.zoom_key = None
        for b in self.buttons:
            if b.handle(event):
                return True
        return False

    def _hover(self, pos: tuple[int, int]) -> None:
        """As in the match: resting the mouse on a card shows it large after a moment, and a
        zoom (a right-click's too) closes when the mouse leaves its card."""
        sp = self.table.sprite_at(pos)
        key = sp.key if sp is not None and sp.cid >= 0 and sp.face >= 0.5 and self.table.hand_visible(sp) else None
        if key != self.hover_key:
            self.hover_key, self.hover_time = key, 0.0
        if self.zoom_key is not None and self.zoom_key != key:
            self.zoom_key = None

    def _key(self, event: pygame.event.Event) -> bool:
        key = event.key
        shift = bool(event.mod & pygame.KMOD_SHIFT)
        if event.unicode and event.unicode.isdigit() and len(self.typed) < 3:
            self.typed += event.unicode
            return True
        if self.typed and key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            turn, self.typed = int(self.typed), ""
            self.jump_turn(turn)
            return True
        if self.typed and key == pygame.K_BACKSPACE:
            self.typed = self.typed[:-1]
            return True
        if key == pygame.K_ESCAPE:
            if self.typed:
                self.typed = ""
            else:
                self.back()
            return True
        actions = {
            pygame.K_RIGHT: self.step_decision if shift else self.step_event,
            pygame.K_LEFT: self.back_decision if shift else self.back_event,
            pygame.K_DOWN: self.step_decision,
            pygame.K_UP: self.back_decision,
            pygame.K_PAGEDOWN: self.next_turn,
            pygame.K_PAGEUP: self.previous_turn,
            pygame.K_HOME: lambda: self.goto(0, 0),
            pygame.K_END: lambda: self.goto(self.tl.n_choices, 0),
            pygame.K_SPACE: self.toggle_play,
            pygame.K_PLUS: lambda: self.change_speed(1),
            pygame.K_EQUALS: lambda: self.change_speed(1),
            pygame.K_KP_PLUS: lambda: self.change_speed(1),
            pygame.K_MINUS: lambda: self.change_speed(-1),
            pygame.K_KP_MINUS: lambda: self.change_speed(-1),
            pygame.K_v: self.cycle_view,
            play_from.KEY: lambda: play_from.open_panel(self),
            moments_view.KEY: lambda: moments_view.open_box(self),
            origin.KEY: self.open_origin,
        }
        action = actions.get(key)
        if action is None:
            return False
        action()
        return True

    # ------------------------------------------------------------------------------------------
    # Drawing
    # ------------------------------------------------------------------------------------------
    def _build_buttons(self) -> None:
        left = [("|<", lambda: self.goto(0, 0), 40), (N_("< Turn"), self.previous_turn, 72),
                (N_("< Decision"), self.back_decision, 102), (N_("< Event"), self.back_event, 78)]
        right = [(N_("Event >"), self.step_event, 78), (N_("Decision >"), self.step_decision, 102),
                 (N_("Turn >"), self.next_turn, 72), (">|", lambda: self.goto(self.tl.n_choices, 0), 40)]
        play = N_("Pause (Space)") if self.playing else N_("Play (Space)")
        speed = _("Speed x{speed} (+/-)").format(speed=i18n.number(SPEEDS[self.speed_i]))
        view_words = _("all face up") if self.view_seat is None else self._seat_view_name(self.view_seat)
        view = _("View: {view} (V)").format(view=view_words)
        self._scale = self._layout_key()
        scale, staged, _size = self._scale
        self.panel_buttons = []
        self.log_view.reserve = 0  # the room Play, Speed and View take at the top of the log
        # A small window: the steps' larger labels would reach where a card is shown large, so
        # "< Event" and "Event >" could not stay put at the Mindbug moment. The table keeps only
        # the steps; Play, Speed and View go over the log panel, as in 2v2, and with no card
        # shown the jumps to the start and the end ("|<", ">|") go there too.
        flat, small = viewer_layout.flat_layout(self.n_seats, left, right, scale)
        self._step_texts = {text for text, *_rest in left + right}
        # Where the steps stand with no card shown large: beside one, "< Event" and "Event >"
        # stay there as far as the room allows, so clicking through events needs no hunting.
        self._flat = {b.text: pygame.Rect(b.rect) for b in flat}
        homes = viewer_layout.StepHomes(self._flat, self._step_texts)
        # Large text: one row of steps under the prompt's lines (the renderer moves it there),
        # as many as fit; the rest, with Play, Speed and View, over the log panel. A card shown
        # large then waits at the table's left with the prompt and the row at its right.
        large = self.n_seats == 2 and hud.large_prompt(scale) and (not staged or layout.staged_aside())
        if large:
            buttons, left_out, right_out = viewer_layout.large_steps(left, right, scale)
            rows: list[list[tuple]] = [[(play, self.toggle_play)], [(speed, lambda: self.change_speed(1))],
                                       [(view if fonts.text_width(view, legible(12, scale), bold=True) + 20
                                         <= layout.LOG_PANEL[2] - 8 else view_words, self.cycle_view)]]
            for (lt, la, _lw), (rt, ra, _rw) in zip(reversed(left_out), right_out, strict=True):
                pair = [(lt, la), (rt, ra)]  # "< Turn" beside "Turn >" where both fit half the panel
                rows += [pair] if viewer_layout.fits_half(lt, scale) and viewer_layout.fits_half(rt, scale) \
                    else [[item] for item in pair]
            top = layout.LOG_PANEL[1] + self.log_view.title_room()
            self.panel_buttons = viewer_layout.panel_rows(rows, top, play, scale)
            self.log_view.reserve = self.panel_buttons[-1].rect.bottom + 8 - top
        elif self.n_seats == 4 or small:
            # 2v2 (and a small window): the table holds the steps alone, one row between the
            # side rows and your row (two columns beside a card shown large); the rest goes
            # at the top of the log panel.
            if not staged:
                buttons = flat
            elif self.n_seats == 4:
                buttons = viewer_layout.four_seat_buttons(left, right, True, scale, homes)
            else:
                buttons = viewer_layout.staged_buttons(left, right, [], None, play, scale, homes)
            room = layout.LOG_PANEL[2] - 8 - 20  # a panel-wide button's room for its words
            if fonts.text_width(view, legible(15, scale), bold=True) > room:  # a long name: the words alone
                view = view_words
            jumps = [left[0], right[-1]] if small and not staged else []
            top = layout.LOG_PANEL[1] + self.log_view.title_room()
            self.panel_buttons = viewer_layout.panel_buttons([(play, self.toggle_play), (speed, lambda: self.change_speed(1)),
                                                      (view, self.cycle_view)], jumps, play, scale, top)
            # The jumps' row stays reserved at the Mindbug moment, so the log does not move.
            pitch = self.panel_buttons[0].rect.h + viewer_layout.PANEL_PITCH - viewer_layout.PANEL_BUTTON_H
            self.log_view.reserve = self.panel_buttons[2].rect.bottom + 8 - top + (pitch if small else 0)
        elif staged:
            # Narrower than below: Play and Speed share a row beside the card when they fit.
            buttons = viewer_layout.staged_buttons(left, right, [(play, self.toggle_play, 130),
                                                                 (speed, lambda: self.change_speed(1), 0)],
                                                   (view, view_words, self.cycle_view), play, scale, homes)
        else:
            buttons = flat + viewer_layout.button_groups(
                [([(play, self.toggle_play, 150), (speed, lambda: self.change_speed(1), 149)],
                  layout.TABLE_X0 + 6, layout.BUTTONS_Y + 25, 32),
                 ([(view, self.cycle_view, 304)], -(layout.TABLE_X1 - 6), layout.BUTTONS_Y + 25, 32)],
                play, scale)
        buttons += self.panel_buttons + panel_row.viewer_row(self)  # and Moments
        buttons.append(Button(pygame.Rect(1018, 8, 254, 44), N_("Back (Esc)"), self.back, size=18))
        # keep the hover state of buttons that stay where they were
        old = {(b.text, b.rect.topleft): b for b in self.buttons}
        for b in buttons:
            prev = old.get((b.text, b.rect.topleft))
            if prev is not None:
                b.hover = prev.hover
        self.buttons = buttons

    def _layout_key(self) -> tuple[float, bool, int]:
        """What the buttons' places follow: the window's scale, a card shown large, the text size."""
        return self.ctx.window_scale, self.table.model.stage is not None, legible(16)

    def _seat_view_name(self, seat: int) -> str:
        name = self.table.name(seat)
        return _("your view") if name in ("You", _("You")) else _("{player}'s view").format(player=name)

    def prompt(self) -> tuple[str, tuple]:
        if self.typed:
            return _("Go to turn: {typed}_  (Enter)").format(typed=self.typed), theme.ACCENT
        turn = self.tl.turn_at(self.k)
        where = _("Turn {number} of {last} · move {index} of {total}").format(
            number=turn, last=self.tl.last_turn, index=self.k, total=self.tl.n_choices)
        if self.at_end:
            return f"{where} · {self.ending()}", theme.ACCENT
        choice = self.record.choices[self.k]
        who = self.table.name(choice.by)
        label = texts.move_words(choice.verb, choice.label,
                                 self.table.card_name(choice.card) if choice.card is not None else "",
                                 self.table.name(choice.seat) if choice.seat is not None else "")
        if self.e:
            return where + " · " + _("{player}: {move} (step {index} of {total})").format(
                player=who, move=label, index=self.e, total=len(self.tl.events[self.k])), theme.TEXT
        if self.view_seat is not None and choice.by != self.view_seat:
            # One seat's view shows what that player saw: another seat's move is not known
            # before it is made (it may name a card from a hidden hand).
            return where + " · " + texts.next_decides(who), theme.TEXT
        return where + " · " + _("next: {player} – {move}").format(player=who, move=label), theme.TEXT

    def ending(self) -> str:
        game = self.tl.states[-1]
        result = self.record.result
        winner, reason = game.winner, None
        if winner is None and result is not None and result.reason == CONCEDED:
            winner, reason = result.winner, CONCEDED  # given up: no engine GameOver to read
        if winner is None:
            return _("the saved game goes on from here")
        for ev in reversed(self.tl.events[-1] if self.tl.events and reason is None else []):
            if isinstance(ev, engine_events.GameOver):
                reason = ev.reason
        loser = team_name(self.record, 1 - winner)
        return _("{player} won: {reason}").format(player=team_name(self.record, winner),
                                                  reason=end_text(reason, loser))

    def draw(self, surface: pygame.Surface) -> None:
        self.log_view.set_scale(self.ctx.window_scale)
        if self._layout_key() != self._scale:  # resized, staged, another text size
            self._build_buttons()  # before the frame takes the buttons: this frame shows the new ones
        on_table = [b for b in self.buttons if b not in self.panel_buttons]
        # The panel's own word, not the screen's: German "Wiederholung" is cut there at 200%.
        log_title = pgettext("log panel title", "Replay")
        frame = TableFrame(prompt=self.prompt(), buttons=on_table, zoom_key=self.zoom_key,
                           zoom_pinned=True, log_title=log_title, log_view=self.log_view)
        self.painter.draw(surface, self.table, frame)
        for b in self.panel_buttons:  # over the log panel, in the room its body leaves free
            b.draw(surface, self.ctx.window_scale)
        if self.ctx.scenes.top is self:
            cut_tips.keep_clear(*self.table.card_rects(), pygame.Rect(layout.LOG_PANEL))
