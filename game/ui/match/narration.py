"""The match said aloud (issue 25): the window's wiring of a ``game.speech.Narrator``.

The scene makes one ``MatchNarration`` and calls three hooks: ``update()`` once a frame (after
the table's), ``handle(event)`` before its own input, and ``leave()``. Everything else is read
from the scene through ``NarrationHost``:

- each event as the table starts animating it (``TableStage.on_play``), as the log words it;
- the opening (the reveal, who goes first) and, for a resumed game, the table;
- a new decision once its events have played: whose it is and what it asks; for the speaker's
  own, how many options, then each option as keyboard focus (Tab, arrows) reaches it;
- hot seat: the curtain's name when it comes down (nothing private is said while it is down),
  the lifted seat becomes the speaker;
- game over and why;
- the reading keys (``READING``, bound in the key map): repeat, the table, my hand, the last
  turn, the focused (or browsed) card; each card the browse ring reaches (game.ui.match.browse).

Pace: the Settings' "Wait for me after each computer move" holds the table
(``TableStage.held``) after every event of a seat nobody at this screen plays, until a key or a
click; with a voice, also until the line is spoken. A demo has no person: it speaks as an
onlooker of seat 0's side (seat 0's hand is face up on its table), and every move is a
computer's.

Speech never names a hidden card: live readings come from the speaker's view only, events are
reduced to what every person at the screen may know (``game.speech.words.shown_event``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

import pygame

from game.common import i18n
from game.common.i18n import N_, _
from game.common.settings import SPEECH_SOURCES
from game.engine import events as engine_events
from game.speech import detail as speech_detail
from game.speech import words as speech_words
from game.speech import zones
from game.speech.narrator import CURTAIN_READING, HOLD, PACE_KEY, PACE_OFF, PACE_SPOKEN, Narrator
from game.speech.sinks import NullSink, Sink
from game.speech.words import Seats
from game.ui.core import play_keys
from game.ui.match import browse

if TYPE_CHECKING:
    from game.ui.core.context import AppContext
    from game.ui.core.match_config import MatchConfig
    from game.ui.core.seat import GameSeat
    from game.ui.match.choices import Choice
    from game.ui.match.input_state import InputState
    from game.ui.table.hover_zoom import TableZoom
    from game.ui.table.sprites import SpriteKey
    from game.ui.table.stage import TableStage

#: The reading keys' actions in the player's key map (R, T, C, L, I unless rebound in Settings;
#: none of them is taken by the match: see game.ui.match.input and game.common.keymap).
READING = ("repeat", "table", "hand", "last_turn", "details", "creatures", "others", "piles", "life")
#: The speech's own keys (issue 45): the rate, and how much each source says (Settings' rows).
SPEECH_KEYS = ("slower", "faster", "detail_source", "detail_level")
RATE_STEP = 0.1
#: The zone keys (the board by zones, issue 45): each says its zone; the arrows then walk it.
ZONE_KEYS = {"hand": zones.HAND, "creatures": zones.CREATURES, "others": zones.OTHERS,
             "piles": zones.PILES, "life": zones.LIFE}
_ARROWS = {pygame.K_RIGHT: 1, pygame.K_DOWN: 1, pygame.K_LEFT: -1, pygame.K_UP: -1}
_ENTER = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)
BACK = N_("Back to the table.")
NOT_A_CHOICE = N_("{card} is not one of the choices now.")
NO_SPEECH_RATE = N_("This speech output has no rate of its own: set it in the screen reader.")
_SILENT = NullSink(message="")
WAITING = HOLD  # the Pace hold, shown over the buttons as it is said


class NarrationHost(Protocol):
    """What the narration reads of the match scene (it changes nothing of it but the table's
    two speech hooks)."""

    @property
    def ctx(self) -> AppContext: ...
    @property
    def config(self) -> MatchConfig: ...
    @property
    def ctl(self) -> GameSeat: ...
    @property
    def table(self) -> TableStage: ...
    @property
    def choices(self) -> list[Choice]: ...
    @property
    def input(self) -> InputState: ...
    @property
    def decision_serial(self) -> int | None: ...
    @property
    def curtain_up(self) -> bool: ...
    @property
    def revealed(self) -> int | None: ...
    @property
    def key_map(self) -> dict[str, str]: ...
    @property
    def card_zoom(self) -> TableZoom: ...  # a zone's card is shown large as the arrows reach it
    @property
    def selected(self) -> Choice | None: ...
    def choice_for(self, key: SpriteKey) -> Choice | None: ...  # Enter on a zone's card
    def select(self, choice: Choice | None) -> None: ...
    def redraw(self) -> None: ...


def pace_for(wait_for_me: bool, voiced: bool) -> str:
    """The Narrator's pace: "key" with the setting on; with a voice but no setting, each
    line is let out before the next move ("spoken"); else the game never waits for speech."""
    if wait_for_me:
        return PACE_KEY
    return PACE_SPOKEN if voiced else PACE_OFF


class LiveSink:
    """The session's speech as it is now: Settings may open or close the voice mid-match."""

    name = "live"

    def __init__(self, ctx: AppContext) -> None:
        self._ctx = ctx

    def _sink(self) -> Sink:
        speech = self._ctx.speech
        return speech.sink if speech is not None else _SILENT

    @property
    def available(self) -> bool:
        return self._sink().available

    def speak(self, text: str, interrupt: bool = False) -> None:
        self._sink().speak(text, interrupt)

    def stop(self) -> None:
        self._sink().stop()

    def busy(self) -> bool:
        return self._sink().busy()


class MatchNarration:
    """One per match scene; ``narrator`` is None when neither speech nor the Pace is on (then
    every hook does nothing)."""

    def __init__(self, sc: NarrationHost) -> None:
        self.sc = sc
        self.narrator: Narrator | None = None
        self._announced: int | None = None  # the serial of the decision last announced
        self._focus: int = -1  # the focus index last said
        self._curtain = False
        self._speaker_seen: int | None = None
        self.over_said = False  # the game's end was said (as its event, or at the end)
        self._waiting_shown = False
        self._browsed: object | None = None  # the browsed card last said
        self._source = -1  # the speech source the detail keys last named (SPEECH_SOURCES)
        self._start(opening=True)

    def _start(self, opening: bool) -> None:
        """Make the narrator once speech or the Pace is on (at the start, or when Settings
        switches either on during the match: then the past is kept, not said)."""
        sc = self.sc
        speech, wait = sc.ctx.speech, sc.ctx.settings.wait_for_me
        if (speech is None or not speech.on) and not wait:
            return
        ctl, g = sc.ctl, sc.ctl.game
        hot_seat = sc.config.mode == "hotseat"
        demo = not ctl.humans
        teams = sorted({g.team_of(s) for s in range(g.n_seats)})
        team_names = [" & ".join(ctl.team_players(t, raw=True)) for t in teams] if g.n_seats == 4 else []
        speaker = None if hot_seat or demo else ctl.home_seat()
        audience = (0,) if demo else tuple(sorted(ctl.humans))
        self.narrator = Narrator(
            LiveSink(sc.ctx), Seats(names=[ctl.raw_name(s) for s in range(g.n_seats)], team_names=team_names),
            view_of=lambda seat: sc.ctl.game.view(seat), speaker=speaker, audience=audience,
            humans=ctl.humans, pace=self._pace())
        sc.table.on_play = self._played
        sc.table.held = self._held
        past = [ev for events in ctl.history for ev in events]
        if opening:
            self.narrator.events(ctl.opening)
        else:  # switched on mid-game: everything so far is the past
            past = list(ctl.opening) + past
        if past:  # a resumed game: what the table shows now, not its whole history
            self.narrator.remember(past)
            if opening:
                self.narrator.read_table()

    def _pace(self) -> str:
        speech = self.sc.ctx.speech
        return pace_for(self.sc.ctx.settings.wait_for_me, speech is not None and speech.voiced)

    @property
    def active(self) -> bool:
        return self.narrator is not None

    # The table's hook ----------------------------------------------------------------------
    def _played(self, ev: engine_events.Event) -> None:
        if self.narrator is None:
            return
        if isinstance(ev, engine_events.GameOver):
            self.over_said = True  # its line says who won and why
        self.narrator.event(ev)

    def _held(self) -> bool:
        """The table asks before each next event and before it settles: a computer's decision
        is announced here, before the scene can start (and a fast computer answer) it."""
        n = self.narrator
        if n is None:
            return False
        sc = self.sc
        d = sc.ctl.pending
        if d is not None and d.serial != self._announced and not sc.ctl.is_human(d.seat) \
                and not sc.table.queue and not sc.ctl.over:
            self._announced = d.serial
            n.decision()
        return not n.done()

    # Once a frame --------------------------------------------------------------------------
    def update(self) -> None:
        if self.narrator is None:
            self._start(opening=False)  # Settings may have switched speech or the Pace on
        n = self.narrator
        if n is None:
            return
        n.pace = self._pace()  # Settings may change it during the match
        n.detail = self.sc.ctx.settings.speech_detail  # ...and how much each source says
        sc = self.sc
        ctl = sc.ctl
        self._show_hold()
        if sc.config.mode == "hotseat":
            self._follow_curtain()
        self._follow_browse()
        if ctl.over:
            over = [ev for ev in ctl.end_events if isinstance(ev, engine_events.GameOver)]
            if not self.over_said and not sc.table.queue and over:  # ended unseen (a resume)
                self.over_said = True
                n.game_over(over[-1])
            return
        d = ctl.pending
        if d is None or sc.table.queue or sc.table.anim.batch_open:
            return
        if d.serial != self._announced:
            if not ctl.is_human(d.seat):
                self._announced = d.serial
                n.decision()
            elif sc.decision_serial == d.serial and not sc.curtain_up:
                self._announced = d.serial
                self._focus = -1
                n.decision([c.option for c in sc.choices])
        if sc.decision_serial == d.serial and ctl.is_human(d.seat):
            self._follow_focus()

    def _show_hold(self) -> None:
        """While the Pace holds the table, the line over the buttons says how to go on."""
        holding = self.narrator is not None and self.narrator.holding
        hint = self.sc.input.hint
        if holding and hint is None:
            self.sc.input.hint = _(WAITING)
            self._waiting_shown = True
        elif not holding and self._waiting_shown:
            if hint == _(WAITING):
                self.sc.input.hint = None
            self._waiting_shown = False

    def _follow_curtain(self) -> None:
        sc, n = self.sc, self.narrator
        assert n is not None
        if sc.curtain_up and not self._curtain:
            self._curtain = True
            d = sc.ctl.pending
            if d is not None:
                n.curtain(sc.ctl.raw_name(d.seat))
        elif not sc.curtain_up and self._curtain:
            self._curtain = False
        if not sc.curtain_up and sc.revealed != self._speaker_seen:
            self._speaker_seen = sc.revealed
            n.set_speaker(sc.revealed)
            self._announced = None  # the lifted seat hears its decision now

    def _follow_browse(self) -> None:
        """Browsing the table: each card the ring reaches, with where it lies."""
        sc, n = self.sc, self.narrator
        assert n is not None
        key = sc.input.browse
        if key != self._browsed:
            self._browsed = key
            sp = sc.table.sprites.get(key) if key is not None else None
            if key is not None and sp is not None and browse.shown(sc.table, sp):
                n.card(sp.cid, browse.place(sc, key))

    def _follow_focus(self) -> None:
        sc, n = self.sc, self.narrator
        assert n is not None
        index = sc.input.focus_index
        if index != self._focus and 0 <= index < len(sc.choices):
            self._focus = index
            n.focus(sc.choices[index].option)
        elif index < 0:
            self._focus = -1

    # Keys ----------------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> bool:
        """The reading keys speak, also while the Pace holds the table; any other key or a click
        releases the hold. True: consumed."""
        n = self.narrator
        if n is None:
            return False
        plain = event.type == pygame.KEYDOWN and \
            not event.mod & (pygame.KMOD_CTRL | pygame.KMOD_ALT | pygame.KMOD_META)
        name = play_keys.action_of(self.sc.key_map, event.key) if plain else None
        walking = plain and (n.zone is not None and event.key in (*_ARROWS, pygame.K_ESCAPE) or
                             bool(n.review) and event.key in (pygame.K_UP, pygame.K_DOWN))
        if event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN) and n.holding \
                and name not in READING + SPEECH_KEYS \
                and not walking:  # reading the board (a zone, a card's lines) keeps the hold
            n.release()
            self._show_hold()
            return True
        if not plain:
            return False
        if self.sc.curtain_up and name in READING and name != "repeat":
            d = self.sc.ctl.pending  # nothing private while the curtain is down: it says so
            if d is not None:
                n.say(_(CURTAIN_READING).format(player=n.seats.name(d.seat)), interrupt=True)
            return True
        if name in SPEECH_KEYS:
            self._speech_key(n, name)
            return True
        if self._walk(n, event.key, name):
            return True
        if name in ZONE_KEYS:
            browse.leave(self.sc)  # the zone's card is shown large instead of the ring's
            n.read_zone(ZONE_KEYS[name])
            self._show_zone_card()
            return True
        action = {"repeat": n.repeat, "table": n.read_table,
                  "last_turn": n.read_last_turn, "details": self._details}.get(name or "")
        if action is None:
            return False
        action()
        return True

    def _speech_key(self, n: Narrator, name: str) -> None:
        """The rate keys (saved as the Settings' slider is) and the detail keys: the next source
        ("Speech: the options: Full"), then its next level, saved at once."""
        ctx = self.sc.ctx
        settings = ctx.settings
        if name in ("slower", "faster"):
            step = RATE_STEP if name == "faster" else -RATE_STEP
            settings.speech_rate = round(min(1.0, max(0.0, settings.speech_rate + step)), 2)
            speech = ctx.speech
            if speech is not None:
                speech.apply(settings)
            ctx.save_settings()
            if speech is not None and speech.voiced and not speech.rate_supported:
                n.say(_(NO_SPEECH_RATE), interrupt=True)
                return
            n.say(_(speech_detail.RATE).format(rate=i18n.percent(settings.speech_rate)), interrupt=True)
            return
        if name == "detail_source" or self._source < 0:
            self._source = (self._source + 1) % len(SPEECH_SOURCES)
        source = SPEECH_SOURCES[self._source]
        if name == "detail_level":
            level = speech_detail.next_level(speech_detail.level_of(settings.speech_detail, source))
            settings.speech_detail = {**settings.speech_detail, source: level}
            n.detail = settings.speech_detail
            ctx.save_settings()
        n.say(speech_detail.detail_line(settings.speech_detail, source), interrupt=True)

    def _walk(self, n: Narrator, key: int, name: str | None) -> bool:
        """The review buffer's Up/Down and a zone's arrows, Esc and Enter (True: consumed); any
        other key leaves them (Tab then walks the options, as always)."""
        if n.review and key in (pygame.K_UP, pygame.K_DOWN):
            n.review_line(-1 if key == pygame.K_UP else 1)
            return True
        if n.zone is None:
            if name != "details":
                n.close_review()
            return False
        if key in _ARROWS:
            n.zone_step(_ARROWS[key])
            self._show_zone_card()
            return True
        if key == pygame.K_ESCAPE:
            self._leave_zone()
            n.say(_(BACK), interrupt=True)
            return True
        if key in _ENTER:
            self._take_zone_card(n)
            return True
        if name not in ZONE_KEYS and name not in ("details", "repeat"):
            self._leave_zone()
        return False

    def _show_zone_card(self) -> None:
        """The zone's card large on the screen (as browsing shows one), if its face is drawn."""
        n, sc = self.narrator, self.sc
        cid = n.zone_card() if n is not None else None
        sp = sc.table.sprites.get(cid) if cid is not None else None
        if sp is not None and browse.shown(sc.table, sp):
            sc.card_zoom.pin(sp.key)
        elif sc.card_zoom.pinned:
            sc.card_zoom.unpin()
        sc.redraw()

    def _leave_zone(self) -> None:
        n, sc = self.narrator, self.sc
        if n is not None:
            n.leave_zone()
        if sc.card_zoom.pinned and sc.input.browse is None:
            sc.card_zoom.unpin()
            sc.redraw()

    def _take_zone_card(self, n: Narrator) -> None:
        """Enter in a zone: its card, if it is one of the choices now, is selected (the next
        Enter answers with it, as after browsing); any other card says so."""
        sc = self.sc
        cid = n.zone_card()
        choice = sc.choice_for(cid) if cid is not None else None
        if choice is None:
            if cid is not None:
                n.say(_(NOT_A_CHOICE).format(card=speech_words.visible_name(n._view(), cid)),
                      interrupt=True)
            return
        self._leave_zone()
        if sc.selected is not choice:
            sc.select(choice)
        sc.input.focus_index = next((i for i, c in enumerate(sc.choices) if c is choice), -1)

    def _details(self) -> None:
        """The focused option's card; an option without one ("Let it go", "Don't block"): the
        card the decision is about (the played card, the attacker), as the view shows it."""
        n = self.narrator
        assert n is not None
        sc = self.sc
        sp = sc.table.sprites.get(sc.input.browse) if sc.input.browse is not None else None
        if sp is not None and browse.shown(sc.table, sp):
            n.details(sp.cid)  # the card the browse ring is on
            return
        cid = n.zone_card()
        if cid is not None:
            n.details(cid)  # the card the arrows are on in a zone
            return
        if not n.details():
            d = self.sc.ctl.pending
            if d is not None and d.source is not None:
                n.details(d.source)

    def leave(self) -> None:
        if self.narrator is not None:
            self.narrator.stop()
        self.sc.table.on_play = None
        self.sc.table.held = None


def curtain_reading(ctx: AppContext, event: pygame.event.Event, player: str) -> bool:
    """Hot seat, the curtain down: a reading key (T, C, R, L, I) answers that the curtain is
    down and who lifts it (issue 45; the table below hears no key). True: it was one."""
    speech = ctx.speech
    if speech is None or not speech.on or event.type != pygame.KEYDOWN or \
            event.mod & (pygame.KMOD_CTRL | pygame.KMOD_ALT | pygame.KMOD_META):
        return False
    if play_keys.action_of(ctx.settings.keys, event.key) not in READING:
        return False
    speech.say(_(CURTAIN_READING).format(player=player), interrupt=True)
    return True
