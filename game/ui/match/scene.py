"""The match: the table, the flow of decisions, input, and event animations.

Flow: the engine waits on a pending decision. A person answers by dragging or
select-then-confirm; the computer answers from a worker thread. Either way the answer goes
through ``respond(option)``; the returned events are queued and animated one by one on a
TableModel, and when the queue is empty every sprite snaps to the layout of the engine's
current view.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, cast

import pygame

from game.common.i18n import N_, _
from game.engine import events as engine_events
from game.engine import option as engine_option
from game.ui.core.match_config import MatchConfig
from game.ui.core.music import ending_sting, table_piece
from game.ui.core.scene import Scene
from game.ui.core.screen_words import MATCH_SCREEN
from game.ui.kit import cut_tips, gold, theme
from game.ui.kit.widgets import Button, ButtonRow
from game.ui.match import (
    browse,
    decision_panel,
    fight,
    narration,
    save_warning,
    saving,
    series,
    takeback,
)
from game.ui.match import choices as choices_mod
from game.ui.match import drop_overlay as match_overlay
from game.ui.match import hints as hint_view
from game.ui.match import input as match_input
from game.ui.match import menus as match_menus
from game.ui.match import seats as match_seats
from game.ui.match.card_picker import CardPicker, PickCard
from game.ui.match.controller import MatchController, mask
from game.ui.match.curtain import CurtainScene
from game.ui.match.discard_viewer import DiscardViewer
from game.ui.match.input_state import InputState
from game.ui.match.table_shortcuts import TableShortcuts
from game.ui.table import hud, layout
from game.ui.table.animator import log_color, mark_combat
from game.ui.table.hover_zoom import TableZoom
from game.ui.table.render import TableFrame, TableRenderer
from game.ui.table.sprites import CardSprite, SpriteKey
from game.ui.table.stage import Seating, TableStage
from game.words import texts

if TYPE_CHECKING:

    from game.engine import CardDef, Decision, Option, State
    from game.persist.record import GameRecord
    from game.ui.core.context import AppContext
    from game.ui.core.contracts import EngineEvent
    from game.ui.core.seat import GameSeat

__all__ = ["MatchConfig", "MatchScene"]

HOVER_ZOOM_DELAY = 0.55
OVER_PAUSE = 0.6  # seconds between the last blow and the ending (at the animation speed 1)
#: A decision's purposes whose pick gives up a card (never the gold default in the picker).
DESTROYING_PURPOSES = ("discard", "defeat")


class MatchScene(TableShortcuts, Scene):
    spoken_words = MATCH_SCREEN  # its controls, shown and said by F1
    offers_hints = True  # the Hint button and H (hint_view); a lesson or a puzzle turns it off
    music = "table"  # the table's piece (game.ui.core.music); update() follows the game

    def __init__(self, ctx: AppContext, config: MatchConfig, game: State | None = None,
                 resume: GameRecord | None = None) -> None:
        super().__init__(ctx)
        self.config = config
        self.ctl: GameSeat = self.make_controller(config, game, resume)
        saving.attach(ctx, self.ctl)  # autosave after every decision
        g = self.ctl.game
        # Who sits at the bottom, and whether their hand may be shown (hot seat hides it).
        bottom, decider = self.ctl.home_seat(), self.ctl.decider()
        if config.mode == "hotseat" and decider is not None and self.ctl.is_human(decider):
            bottom = decider
        self.revealed: int | None = None if config.mode == "hotseat" else bottom
        self.curtain_up = False
        teams = sorted({g.team_of(s) for s in range(g.n_seats)})
        team_names = [" & ".join(self.ctl.team_players(t, raw=True)) for t in teams] if g.n_seats == 4 else []
        seating = Seating(names=[self.ctl.raw_name(s) for s in range(g.n_seats)], team_of=g.team_of,
                          card_def=self.card_def, you=bottom if config.mode == "ai" else None,
                          team_names=team_names,
                          mindbug_slots=getattr(self.ctl, "setup", config.setup).mindbugs)
        self.table = TableStage(self.ctx, seating, lambda seat: self.ctl.game.view(seat).state,
                                bottom, self._face_up())
        if len(self.ctl.humans) > 1:
            self.table.log_filter = self._public_event
        self.painter = TableRenderer(self.ctx.renderer)
        self.time = 0.0
        # The current decision's interaction state.
        self.decision_serial: int | None = None
        self.choices: list[choices_mod.Choice] = []
        self.selected: choices_mod.Choice | None = None
        self.row = ButtonRow()
        self.attacker: int | None = None
        self.input = InputState()  # drags, focus, the reason a drop sprang back
        self.steps = choices_mod.StepCounter()  # "Discard a card (1 of 2)"
        self.revealed_at = -1.0  # when the hot-seat curtain last lifted
        self.log_view = hud.LogView({n: d for d in self._all_defs() for n in (d.name, d.name_de) if n})
        self.card_zoom = TableZoom()  # the large card: hover delay, right-click pin
        self.message: str | None = None
        self._decided_by: int | None = None
        self.over_shown = False
        self.over_timer = 0.0
        self.menu_button = Button(pygame.Rect(1018, 8, 254, 44), N_("Menu (Esc)"), self.open_menu,
                                  size=18)
        self.hints = hint_view.HintState()  # the hint button against the computer
        # The start in one line, whatever the seats and the ties (not one line a reveal).
        shown = [ev for ev in self.ctl.opening if isinstance(ev, engine_events.StartReveal)]
        self._log_words(lambda: " ".join(t for t in (_("New game."), texts.reveals(
            [(self.ctl.name(ev.seat), self.card_name(ev.card)) for ev in shown])) if t), theme.TEXT_DIM)
        # Who went first is the opening's first turn (a resumed game's active seat is later).
        first = next((ev.seat for ev in self.ctl.opening if isinstance(ev, engine_events.TurnStarted)),
                     self.ctl.game.active)
        self._log_words(lambda: texts.goes_first(self.ctl.name(first)), theme.ACCENT)
        if resume is not None:
            self._log_history(bottom)
            turn = g.turn_no
            self._log_words(lambda: texts.continued(turn), theme.ACCENT)
        self.narration = narration.MatchNarration(self)  # speech, its keys, the Pace hold

    def make_controller(self, config: MatchConfig, game: State | None,
                        resume: GameRecord | None) -> GameSeat:
        """The game this scene plays (a network seat's scene plays the host's, seen from afar)."""
        return MatchController(config, game, resume)

    def _all_defs(self) -> list[CardDef]:
        db = getattr(self.ctl.game, "db", None)
        return list(getattr(db, "defs", ()))

    def _face_up(self) -> set[int]:
        if self.curtain_up or self.revealed is None:
            return set()
        return {self.revealed}

    def _public_event(self, ev: EngineEvent) -> EngineEvent:
        """Hot seat: the event as every person at the table may see it (2v2: a card stolen from
        one opponent is not named to the other players)."""
        for seat in sorted(self.ctl.humans):
            masked = mask(ev, seat)
            if masked != ev:
                return masked
        return ev

    def card_def(self, cid: int | None) -> CardDef | None:
        return self.ctl.game.card(cid) if cid is not None and cid >= 0 else None

    # ------------------------------------------------------------------------------------------
    # Acting
    # ------------------------------------------------------------------------------------------
    def submit(self, option: Option) -> None:
        """Answer the pending decision; the only place the match changes the game."""
        self._clear_decision()
        self.card_zoom.rest_on(None)  # a card that moves under a still mouse must not pop a zoom
        try:
            events = self.ctl.respond(option)
        except Exception as exc:  # an illegal answer leaves the game as it was: say so, go on
            self.message = _("That move was not accepted: {reason}").format(reason=exc)
            self.dirty = True
            return
        if self.ctl.is_human(self._decided_by):
            self.ctx.play_sound("click")
        if self.config.mode == "hotseat" and self.revealed is not None \
                and self.ctl.decider() != self.revealed:
            # Hot seat: a hand shows only while its owner decides. It turns face down as soon
            # as the decision passes on, before the move is animated for everyone to watch.
            self.revealed = None
            self.table.hide_hands()
        self.table.feed([mask(ev, self.bottom) for ev in events])
        self.dirty = True

    def _clear_decision(self) -> None:
        self._decided_by = self.ctl.decider()
        self.decision_serial = None
        self.choices = []
        self.selected = None
        self.row = ButtonRow()
        self.message = None
        self.input.hint = None
        for sp in self.sprites.values():
            sp.highlight = None

    # ------------------------------------------------------------------------------------------
    # Frame
    # ------------------------------------------------------------------------------------------
    @property
    def animating(self) -> bool:
        return bool(self.table.moving or self.ctl.worker is not None or self.table.floaters
                    or self.card_zoom.waiting
                    or (self.ctl.over and not self.over_shown) or self._work_pending()
                    or self.hints.worker is not None)

    def thinking_only(self) -> bool:
        """Nothing moves but the thinking indicator (the drawing may reuse a still frame)."""
        searching = self.ctl.worker is not None or self.hints.worker is not None
        return (searching and not self.table.moving and not self.table.floaters
                and self.press is None and not self.card_zoom.waiting)

    def _work_pending(self) -> bool:
        """Something must happen without input: close a batch, ask the AI, offer a decision."""
        if self.anim.batch_open:
            return True
        p = self.ctl.pending
        if p is None or self.curtain_up:
            return False
        return not self.ctl.is_human(p.seat) or self.decision_serial != p.serial

    def update(self, dt: float) -> None:
        self.time += dt
        self.music = self.music_piece()
        if self.animating:
            self.dirty = True
        self._update_hover(dt)
        if self.table.update(dt):
            self._between_batches(dt)
        browse.check(self)  # the ring leaves a card that is no longer shown
        self.narration.update()
        hint_view.update(self)
        self.menu_button.rect = hint_view.menu_rect(self)

    def music_piece(self) -> str:
        """The table's music as the player sees the game: the tension piece once a heart
        shown reads 1, the ending's sting once the game-over box is up."""
        ending = None
        winner = self.ctl.winner
        if self.over_shown and winner is not None:
            g = self.ctl.game
            ending = ending_sting(winner, {g.team_of(seat) for seat in self.ctl.humans})
        return table_piece(self.model.life, ending)

    def _between_batches(self, dt: float) -> None:
        if self.ctl.over:
            self._game_over(dt)
            return
        d = self.ctl.pending
        if d is None:
            return
        if not self.ctl.is_human(d.seat):
            self._drive_ai()
            return
        if self.config.mode == "hotseat" and d.seat != self.revealed:
            self._raise_curtain(d)
            return
        if self.decision_serial != d.serial:
            self._offer_decision(d)

    def _drive_ai(self) -> None:
        self.ctl.start_ai()
        pause = self.ctx.settings.ai_pause
        if self.ctx.demo:  # a demo follows the animation speed, so a fast demo is fast
            pause = min(pause, 0.5) / max(1.0, self.ctx.speed)
        if self.ctl.ai_ready(pause):
            self.submit(self.ctl.take_ai_option())

    def _raise_curtain(self, d: Decision) -> None:
        seat = d.seat
        if self.curtain_up:
            return
        self.curtain_up = True
        self.revealed = None
        self.table.hide_hands()
        # The screen changes hands: a zoom the last person pinned must not stand over the
        # table when it comes back (the mouse is nowhere near that card by then).
        self.card_zoom.close()
        note = match_seats.curtain_note(self, d)
        self.ctx.scenes.push(CurtainScene(self.ctx, self.ctl.name(seat),
                                          lambda: self._reveal(seat), note, on_menu=self.open_menu,
                                          seat=seat))

    def _reveal(self, seat: int) -> None:
        self.curtain_up = False
        self.input.swallow_up = False  # the release it waited for went to the curtain
        self.revealed = seat
        self.revealed_at = self.time
        self.table.set_viewer(seat, self._face_up())  # turned around: rebuilt, nothing flies
        self.dirty = True

    def _offer_decision(self, d: Decision) -> None:
        self.decision_serial = d.serial
        self._decided_by = d.seat
        if d.kind in ("block", "hunt") and d.source is not None:
            self.attacker = d.source
        if d.kind == "action":  # a new main action: the last fight is over
            self.table.attacker = self.table.defender = None
        elif d.kind == "frenzy":  # attack again? the fight is over; the attacker stays marked
            self.table.defender = None
            mark_combat(self.table)
        self.input.focus_index = -1
        self.input.hint = None  # a reason about the last decision would hide this one's prompt
        hand = self.model.hands[d.seat] if d.seat < len(self.model.hands) else []
        self.steps.observe(d, self.card_def(d.source), len(hand))
        visible = self._clickable
        self.choices = choices_mod.build(d, visible, self.card_name, self.seat_label,
                                         self.model.mindbugs[d.seat], team=self.model.n_seats == 4)
        dropped_on = match_input.seat_intent(self, d.source)
        if d.kind == "opponent" and dropped_on is not None:
            # 2v2: the attacker was dropped on this opponent's area; asked which opponent its
            # ability affects, the gold default is that one.
            self.choices.sort(key=lambda c: c.option.seat != dropped_on)
        self.selected = None
        self._build_buttons()
        if match_input.follow_intent(self):  # a Hunter was dropped straight on its prey
            return
        off_table = [c for c in self.choices if c.key is None and c.option.card is not None]
        if len(off_table) >= 2:
            self._open_picker(d, off_table)
        self.dirty = True

    def _open_picker(self, d: Decision, off_table: list[choices_mod.Choice]) -> None:
        """Cards to choose from that are not on the table: show them face up in a picker, which
        takes a card as the table does (select, then confirm)."""
        # Words as callables: language_changed rewords the choices, the picker shows them anew.
        # (every card off the table has a definition: ``off_table`` holds cards only)
        # A discard or a defeat gives up a card: never the gold default (game.ui.kit.gold).
        offer = gold.DESTROYS if d.purpose in DESTROYING_PURPOSES else gold.PLAIN
        cards = [PickCard(cast("CardDef", self.card_def(c.option.card)), choices_mod.answer(self.submit, c),
                          choices_mod.words_of(c), offer) for c in off_table]
        others = [(choices_mod.words_of(c), choices_mod.answer(self.submit, c)) for c in self.choices
                  if c not in off_table and c.key is None]
        self.row = ButtonRow()  # the picker holds every option now
        self.ctx.scenes.push(CardPicker(self.ctx, lambda: self.prompt_text()[0], cards, others,
                                        on_menu=self.open_menu))

    def _clickable(self, cid: int) -> bool:
        sp = self.sprites.get(cid)
        return sp is not None and sp.zone in ("play", "hand", "stage") and sp.face >= 0.5

    def _build_buttons(self) -> None:
        d = self.ctl.pending
        self.row = decision_panel.button_row(
            self.choices, self.selected, d.kind if d is not None else "",
            lambda card: d is not None and fight.lone_pick_is_default(self.ctl.game, d, card),
            staged=self.model.stage is not None, n_seats=self.model.n_seats,
            window_scale=self.ctx.window_scale, submit=self.submit, advised=self.advises)
        self._highlight()

    def advises(self, option: Option) -> bool:
        """Whether the table advises ``option`` now (the gold rule puts it first): the hint
        shown for this decision, or the prey a Hunter was dropped on when the drop could mean
        more than that hunt. A lesson advises its instruction instead."""
        shown = hint_view.shown(self)
        if shown is not None and shown.option == option:
            return True
        prey = self.input.advised_prey  # a Hunter dropped near its prey: asked, that prey gold
        return prey is not None and option.verb == "hunt" and option.card == prey

    def advice_changed(self) -> None:
        """The hint arrived (or went): the gold default follows it."""
        if self.ctl.pending is not None and self.decision_serial == self.ctl.pending.serial \
                and self.row.buttons:
            focus = self.row.focus
            self._build_buttons()
            if 0 <= focus < len(self.row.buttons):
                self.row.focus = focus
                self.row.buttons[focus].focused = True
        self.dirty = True

    def _highlight(self) -> None:
        decision_panel.highlight(self.table, self.choices, self.selected, self.choice_for)

    def select(self, choice: choices_mod.Choice | None) -> None:
        previous = self.selected
        self.selected = None if choice is self.selected else choice
        # A selected hand card stays picked up until it is played or put back (not at a large
        # text size in 1v1: the decision's buttons may sit in the gap just above the hand, and
        # its ring and check mark say it is picked).
        up = 0.0 if self.model.n_seats == 2 and hud.large_prompt(self.ctx.window_scale) else 22.0
        for c, lift in ((previous, 0.0), (self.selected, up)):
            sp = self.sprites.get(c.key) if c is not None and c.key is not None else None
            if sp is not None and sp.zone == "hand":
                self.tweener.to(sp, "lift", lift, 0.12)
        self._build_buttons()
        if self.selected is not None:
            self.row.focus = 0
            self.row.buttons[0].focused = True
        self.dirty = True

    def _game_over(self, dt: float) -> None:
        if self.over_shown:
            return
        if self.config.mode == "hotseat" and self.revealed is not None:
            self.revealed = None  # both players look at the end: neither hand is shown
            self.table.hide_hands()
        self.over_timer += dt
        if self.over_timer < self.ctx.anim(OVER_PAUSE):
            return
        self.over_shown = True
        if self.ctx.exit_after_game:
            game = self.ctl.game
            # for test harnesses and the bundle check: proof that the game really ended
            print(f"GAME OVER winner={self.ctl.winner_text()} turns={game.turn_no}", flush=True)
            self.ctx.quit(saving.exit_status(self.ctl))
            return
        match_menus.show_game_over(self)

    def rematch(self) -> None:
        # Same seats, same people, a new shuffle.
        config = MatchConfig(self.config.mode, self.config.ai_level, self.config.names, None,
                             self.config.rules, self.config.seats)
        self.ctx.nav.start_match(config)

    def to_menu(self) -> None:
        self.ctx.nav.title()

    def open_menu(self) -> None:
        match_menus.open_pause_menu(self)

    def leave(self) -> None:
        # The worker is a daemon thread over a view; dropping the reference is enough.
        self.ctl.worker = None
        hint_view.cancel(self)
        saving.detach(self.ctl)  # the game is free for another window once saved
        self.narration.leave()

    def request_hint(self) -> None:
        """The Hint button or H: ask Hard for the best move (see hint_view)."""
        hint_view.request(self)

    # ------------------------------------------------------------------------------------------
    # Small animation state
    # ------------------------------------------------------------------------------------------
    def _update_hover(self, dt: float) -> None:
        if self.card_zoom.update(dt, HOVER_ZOOM_DELAY):
            self.dirty = True

    def skip_animations(self) -> None:
        """A click while things move: jump to the end of the batch (and past the pause before
        the ending)."""
        self.table.skip()
        if self.ctl.over:
            self.over_timer = max(self.over_timer, self.ctx.anim(OVER_PAUSE))
        self.dirty = True

    # ------------------------------------------------------------------------------------------
    # Input
    # ------------------------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> bool:
        self.painter.invalidate()  # any input may change what the table shows
        if self.ctl.over and not self.over_shown and not self.table.moving and (
                event.type == pygame.MOUSEBUTTONDOWN
                or event.type == pygame.KEYDOWN):
            self.skip_animations()  # the pause before the ending is skipped like an animation
            return True
        if event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN):  # the prompt's words follow
            keyboard = event.type == pygame.KEYDOWN
            if keyboard != self.input.keyboard:
                self.input.keyboard = keyboard
                self.dirty = True
        return self.narration.handle(event) or match_input.handle_event(self, event)

    def sprite_at(self, pos: tuple[int, int]) -> CardSprite | None:
        return self.table.sprite_at(pos)

    def choice_for(self, key: SpriteKey) -> choices_mod.Choice | None:
        for c in self.choices:
            if c.key is not None and c.key == key:
                return c
        # The engine offers one option per set of interchangeable copies (rule 19); the copy
        # the player touches is just as good, so it gets the same choice, naming that copy.
        game = self.ctl.game
        if isinstance(key, int) and key >= 0:
            for c in self.choices:
                card = c.option.card
                if c.key is not None and card is not None and game.interchangeable(card, key):
                    return choices_mod.Choice(engine_option(c.option.verb, key), key, c.text)
        return None

    def open_discard(self, seat: int) -> None:
        defs = [self.card_def(c) for c in self.model.discards[seat] if c >= 0]
        title = N_("Your discard pile") if seat == self.bottom and self.config.mode == "ai" else \
            _("{player}'s discard pile").format(player=self.ctl.name(seat))
        self.ctx.scenes.push(DiscardViewer(self.ctx, title, defs))

    # ------------------------------------------------------------------------------------------
    # Drawing
    # ------------------------------------------------------------------------------------------
    def _log(self, text: str, color=theme.TEXT) -> None:
        self.table.log_line(text, color)

    def _log_words(self, words, color=theme.TEXT) -> None:
        """A log line that is worded again when the language changes."""
        self.table.log_line(words(), color, words)

    def log_words(self, words: Callable[[], str | None]) -> None:
        """A line of the scene's own (a concession: no engine event says it), worded again
        when the language changes."""
        self._log_words(words)

    def _log_history(self, seat: int) -> None:
        """A resumed game's log: every earlier event described as ``seat`` saw it (the hot-seat
        filter still reduces it to what everyone at the table may know)."""
        for ev in (e for events in self.ctl.history for e in events):
            shown = mask(ev, seat)
            self._log_words(lambda shown=shown: self.table.describe(shown), log_color(shown))

    def draw(self, surface: pygame.Surface) -> None:
        self.log_view.set_scale(self.ctx.window_scale)
        hint_h = hint_view.box_height(self)
        hint_h += (score_h := series.box_height(self.config, self.team_name))  # a best of 3 or 5
        self.log_view.reserve = hint_h + save_warning.height(self.ctx, self.ctl.recordable)
        self.painter.draw(surface, self.table, self.frame(), still=self.thinking_only())
        hint_view.draw(surface, self)
        series.draw_box(surface, self.config, self.team_name, layout.LOG_PANEL[1] + 40 + hint_h - score_h)
        save_warning.draw(surface, self.ctx, self.ctl.recordable, layout.LOG_PANEL[1] + 40 + hint_h)
        browse.draw(surface, self)
        match_overlay.draw(surface, self)
        if self.ctx.scenes.top is self:  # (a box over the table: its tips may cover the dimmed table)
            cut_tips.keep_clear(*self.table.card_rects(), pygame.Rect(layout.LOG_PANEL))

    def frame(self) -> TableFrame:
        """What the match shows over the table this frame."""
        thinker = self.ctl.decider() if self.ctl.worker is not None and not self.queue else None
        # A box over the table (the pause menu, Settings) covers the large card too: it is not
        # drawn over the dimmed table as if it were part of the box.
        covered = self.ctx.scenes.top is not self
        # Once the ending is up its title and reasons say it: "Game over." would show through.
        prompt = ("", theme.TEXT) if self.over_shown else self.prompt_text()
        return TableFrame(prompt=prompt, buttons=self.widgets_for_draw(),
                          thinking=thinker, turn_label=self._turn_label,
                          zoom_key=None if covered else self.zoom_key, zoom_pinned=self.zoom_pinned,
                          decider=None if self.queue else self.ctl.decider(),
                          seat_status=self._seat_status, pick_seats=self.pick_seats(),
                          note=match_seats.offer_order(self),
                          pick_focus=match_seats.pick_focus(self), log_view=self.log_view)

    # Seats by name and place (2v2): see match_seats ------------------------------------------
    def seat_label(self, seat: int) -> str:
        return match_seats.label(self, seat)

    def pick_seats(self) -> frozenset[int]:
        return match_seats.pick_seats(self)

    def seat_choice_at(self, pos: tuple[int, int]) -> choices_mod.Choice | None:
        """A click on an offered opponent's play area or seat plate picks that opponent."""
        return match_seats.choice_at(self, pos)

    def _seat_status(self, seat: int) -> str:
        return match_seats.status(self, seat)

    def _turn_label(self, seat: int) -> str:
        if self.config.mode == "demo":
            return _("Playing")
        return _("Your turn") if seat == self.bottom else _("Their turn")

    def decisions_answered(self) -> int | None:
        """Decisions answered since this window took the game up (--quit-after counts them)."""
        return self.ctl.decision_no - self.ctl.start_decisions

    def language_changed(self) -> None:
        """Settings switched the language: word the log and the buttons of the open decision
        again (the prompt, the seats and the cards follow by themselves: worded when drawn)."""
        self.table.reword_log()
        self.log_view.rewrap()  # as a new window size does
        d = self.ctl.pending
        if d is None or self.decision_serial != d.serial or not self.choices:
            return
        fresh = choices_mod.build(d, self._clickable, self.card_name, self.seat_label,
                                  self.model.mindbugs[d.seat], team=self.model.n_seats == 4)
        for c in self.choices:
            c.text = next((f.text for f in fresh if f.option == c.option), c.text)
        self._build_buttons()

    @property
    def window_scale(self) -> float:
        """How large the window shows the table (the prompt's wording follows the text's size)."""
        return self.ctx.window_scale

    def prompt_text(self) -> tuple[str, tuple]:
        return decision_panel.prompt_text(self)

    def widgets_for_draw(self) -> list[Button]:
        return [*self.row.buttons, self.menu_button, *hint_view.buttons(self),
                *takeback.buttons(self)]

