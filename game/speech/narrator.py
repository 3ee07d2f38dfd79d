"""The ``Narrator``: what the window calls, and what it says (docs/accessibility.md).

It holds no game: ``view_of(seat)`` gives it a seat's ``View`` when it needs one (the window
passes ``lambda seat: game.view(seat)``), so it can only ever read what that seat may see.
``speaker`` is the seat whose private things may be spoken (its hand, its options): the
player vs the computer, the seat behind a lifted curtain in hot seat, None while the curtain
is down. ``audience`` is every seat listening (hot seat: all the people at the table): each
event is reduced to what all of them may know, as the hot-seat log is.

Pace (the Settings' "wait for me"): ``pace`` is "off", "key" or "spoken". With "key", an event
showing a move of a seat not in ``humans`` (a computer, a remote player) sets ``holding`` until
``release()`` (any key); with "spoken" the game waits only until that line is spoken. The
window polls ``done()`` once a frame and plays on only when it is True.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import TYPE_CHECKING

from game.common.i18n import N_, _
from game.common.settings import speech_detail_defaults
from game.speech import words, zones
from game.speech.sinks import Sink
from game.speech.words import Seats, Sight

if TYPE_CHECKING:
    from game.engine import Option, View
    from game.engine.events import Event

_PACED = frozenset({  # events that show one seat's move, worth a pause for a listener
    "Played", "MindbugUsed", "MindbugDeclined", "AttackDeclared", "Hunted", "Blocked",
    "NotBlocked", "Discarded", "OpponentChosen", "Stolen", "ControlChanged",
})
NOTHING_YET = N_("Nothing has happened yet.")
#: The Pace hold, said (and shown over the buttons) when the table starts to wait (issue 45):
#: in full the first time in a match, then short.
HOLD = N_("Your turn to go on: press Enter; the reading keys still work.")
HOLD_SHORT = N_("Enter to go on.")
DRAWN = N_("Drawn: {cards}.")  # your own draw's cards, after the log's "You draw 2 cards."
#: Hot seat: the curtain's rule, said as it comes down (issue 45: how to lift it, too).
CURTAIN_RULE = N_("The curtain is down: {player}, it is your decision. When you are alone at "
                  "the screen, press Tab, then Enter, to lift the curtain.")
#: A reading key pressed under the curtain: what it answers instead of the table or a hand.
CURTAIN_READING = N_("The curtain is down: nothing is read until {player} lifts it with Tab, "
                     "then Enter.")
#: The events a listener may leave out with the events' detail "short" (issue 45): what follows
#: from a move (a card entering play, exhausting, an ability's start), not the move or its result.
_MINOR = frozenset({"Drawn", "EnteredPlay", "Exhausted", "AbilityTriggered", "NothingToDo",
                    "TurnPassed", "StartReveal", "GameStarted"})
PACE_OFF, PACE_KEY, PACE_SPOKEN = "off", "key", "spoken"
PACES = (PACE_OFF, PACE_KEY, PACE_SPOKEN)


class Narrator:
    def __init__(self, sink: Sink, seats: Seats, view_of: Callable[[int], View],
                 speaker: int | None, audience: Iterable[int] | None = None,
                 humans: Iterable[int] | None = None, pace: str = PACE_OFF) -> None:
        self.sink = sink
        self.seats = seats
        self._view_of = view_of
        self.speaker = speaker
        self.audience = tuple(audience) if audience is not None else \
            ((speaker,) if speaker is not None else ())
        self.humans = frozenset(humans) if humans is not None else frozenset(self.audience)
        if pace not in PACES:
            raise ValueError(f"pace must be one of {PACES}, not {pace!r}")
        self.pace = pace
        self.holding = False
        self.last = ""
        # The shown events of each turn (the current one last), worded when read: a language
        # switch rewords them. Only the current and the previous turn are ever read.
        self._turns: list[list[Event]] = [[]]
        self._options: list[Option] = []
        self._focused: Option | None = None
        self._hold_said = False  # the hold's full line was said once (then its short one)
        #: How much is said of each source ("events", "options", "prompts", "moves"): "full",
        #: "short" or "off" (game.common.settings.SPEECH_LEVELS); the window keeps it current.
        self.detail: dict[str, str] = speech_detail_defaults()
        # The review buffer (the details key): the card's lines, and the one Up/Down last said.
        self.review: list[str] = []
        self._review_at = 0
        # The zone the zone keys and the arrows walk: (zone, its seats' index, the item's index).
        self.zone: tuple[str, int, int] | None = None

    # Output --------------------------------------------------------------------------------
    def say(self, lines: str | Sequence[str] | None, interrupt: bool = False) -> str:
        """Speak ``lines`` as one utterance; it becomes what ``repeat`` says."""
        if isinstance(lines, str):
            lines = [lines]
        text = " ".join(line for line in (lines or ()) if line)
        if text:
            self.last = text
            self.sink.speak(text, interrupt)
        return text

    def repeat(self) -> str:
        """Say the last utterance again, at once."""
        if self.last:
            self.sink.speak(self.last, True)
        return self.last

    def stop(self) -> None:
        self.sink.stop()

    def busy(self) -> bool:
        """True while words are still being spoken (the Pace hold waits for False)."""
        return self.sink.busy()

    def done(self) -> bool:
        """May the window play on? Always with Pace off; with "spoken" once the words are
        out; with "key" once a key released the hold and the words are out."""
        if self.pace == PACE_OFF:
            return True
        return not self.holding and not self.busy()

    def release(self) -> None:
        """The listener pressed a key: the Pace hold ends."""
        self.holding = False

    # Who listens ---------------------------------------------------------------------------
    def set_speaker(self, seat: int | None, audience: Iterable[int] | None = None) -> None:
        """Hot seat: the curtain lifted for ``seat`` (None: it came down). ``repeat`` forgets
        the last line: it may have been the previous player's hand."""
        if seat != self.speaker:
            self.last = ""
            self.leave_zone()  # a zone or a card read to the previous player is not walked on
        self.speaker = seat
        if audience is not None:
            self.audience = tuple(audience)
        self._options, self._focused = [], None

    def view_of(self, seat: int | None) -> Sight:
        """``seat``'s view if that seat listens (``audience``), else what every listener may
        see: a narrator never asks for the view of a seat nobody at the screen plays."""
        if seat is not None and (seat in self.audience or not self.audience):
            return self._view_of(seat)
        first = self._view_of(self.audience[0] if self.audience else 0)
        seats = self.audience or range(first.state.n_seats)
        return words.PublicView([self._view_of(s) for s in seats])

    def _view(self) -> Sight:
        """The speaker's view; with the curtain down, what every listener may see."""
        return self.view_of(self.speaker)

    # The game ------------------------------------------------------------------------------
    def event(self, ev: Event) -> str | None:
        """One engine event (as the game returned it: this reduces it): its log line."""
        shown = words.shown_event(ev, self.audience)
        kind = type(shown).__name__
        if kind == "TurnStarted":
            self._turns = [self._turns[-1], []]
        self._turns[-1].append(shown)
        view = self._view()
        line = words.event_line(shown, view.state, self.seats)
        if line and kind == "Drawn":
            line = self._drawn(shown, view, line)
        seat = getattr(shown, "seat", getattr(shown, "to_seat", None))
        move = kind in _PACED and seat is not None and seat not in self.humans
        level = self.detail.get("moves" if move else "events", "full")
        if kind == "GameOver" or level == "full" or (level == "short" and kind not in _MINOR):
            if line:
                self.say(line)
        if self.pace == PACE_KEY and move and not self.holding:
            self.holding = True
            short = self._hold_said or level != "full"  # a listener who asked for less
            self.say(_(HOLD_SHORT) if short else _(HOLD))
            self._hold_said = True
        return line

    def _drawn(self, shown: Event, view: Sight, line: str) -> str:
        """The speaker's own draw names its cards (issue 45), as the speaker's view shows them:
        ``shown`` is already reduced for every listener, so a draw another person at the screen
        may not see stays "You draw 1 card." (hot seat), and another seat's draw is never named."""
        seat, cards = getattr(shown, "seat", None), getattr(shown, "cards", ())
        drawn = [cid for cid in cards if isinstance(cid, int) and cid >= 0 and cid not in view.unseen]
        if self.speaker is None or seat != self.speaker or view.seat != self.speaker or not drawn:
            return line
        names = ", ".join(words.visible_name(view, cid) for cid in drawn)
        return f"{line} {_(DRAWN).format(cards=names)}"

    def events(self, evs: Iterable[Event]) -> None:
        for ev in evs:
            self.event(ev)

    def remember(self, evs: Iterable[Event]) -> None:
        """Keep events for "read the last turn" without saying them (a resumed game's past)."""
        for ev in evs:
            shown = words.shown_event(ev, self.audience)
            if type(shown).__name__ == "TurnStarted":
                self._turns = [self._turns[-1], []]
            self._turns[-1].append(shown)

    def decision(self, options: Sequence[Option] | None = None) -> str:
        """The pending decision: whose, what it asks; for the speaker's own, the options in
        ``options``' order (the window's focus order; default the engine's)."""
        view = self._view()
        d = view.state.pending
        self._options, self._focused = [], None
        if d is None:
            return ""
        mine = self.speaker is not None and d.seat == self.speaker
        if mine:
            offered = list(d.options)
            self._options = [o for o in (options if options is not None else offered) if o in offered]
        lines = words.decision_lines(view, self.seats, self.speaker)
        level = self.detail.get("prompts", "full")
        if level == "off":
            return ""
        return self.say(lines[:1] if level == "short" else lines)

    def focus(self, option: Option) -> str:
        """Focus reached ``option``: say it (only an option of the speaker's own decision)."""
        if option not in self._options:
            return ""
        self._focused = option
        view = self._view()
        level = self.detail.get("options", "full")
        if level == "off":
            return ""
        if level == "short":  # the option's words, its card by name only
            return self.say(words.option_words(view, option, self.seats, facts=False), interrupt=True)
        return self.say(words.option_line(view, option, self.seats, self._options.index(option),
                                          len(self._options)), interrupt=True)

    def details(self, cid: int | None = None) -> str:
        """The card of the focused option (or ``cid``): power, keywords and ability text, said
        in full; its lines stay in the review buffer, which ``review_line`` walks."""
        if cid is None:
            cid = getattr(self._focused, "card", None)
        if cid is None:
            return ""
        self.review, self._review_at = words.card_detail_lines(self._view(), cid), 0
        return self.say(" ".join(self.review), interrupt=True)

    def review_line(self, step: int) -> str:
        """Up (-1) or Down (+1) in the review buffer: the card's previous or next line, the
        first and the last said again at the ends."""
        if not self.review:
            return ""
        self._review_at = max(0, min(len(self.review) - 1, self._review_at + step)) \
            if step else self._review_at
        return self.say(self.review[self._review_at], interrupt=True)

    def close_review(self) -> None:
        self.review, self._review_at = [], 0

    # The board by zones ----------------------------------------------------------------------
    def read_zone(self, zone: str) -> str:
        """A zone key: the zone's first seat, or on a second press in a row its next seat (the
        next seat's hand, the next pile, the next player's creatures); says its heading."""
        view = self._view()
        seats = zones.zone_seats(view, zone, self.speaker)
        at = (self.zone[1] + 1) % len(seats) if self.zone is not None and self.zone[0] == zone else 0
        self.zone = (zone, at, -1)
        self.close_review()
        return self.say(zones.zone_heading(view, self.seats, zone, seats[at], self.speaker),
                        interrupt=True)

    def zone_step(self, step: int) -> str:
        """The arrows in a zone: its next (+1) or previous (-1) card, round the zone."""
        if self.zone is None:
            return ""
        zone, at, index = self.zone
        view = self._view()
        seat = self._zone_seat(view)
        size = zones.zone_size(view, self.seats, zone, seat, self.speaker)
        if not size:
            index = 0
        elif index < 0:  # the first arrow after the zone key: its first card, or with Left its last
            index = 0 if step > 0 else size - 1
        else:
            index = (index + step) % size
        self.zone = (zone, at, index)
        self.close_review()
        return self.say(zones.zone_item(view, self.seats, zone, seat, self.speaker, index),
                        interrupt=True)

    def _zone_seat(self, view: Sight) -> int:
        assert self.zone is not None
        seats = zones.zone_seats(view, self.zone[0], self.speaker)
        return seats[self.zone[1] % len(seats)]

    def zone_card(self) -> int | None:
        """The card the arrows are on in the zone (None: none yet, or a zone of no cards)."""
        if self.zone is None or self.zone[2] < 0:
            return None
        view = self._view()
        cards = zones.zone_cards(view, self.zone[0], self._zone_seat(view), self.speaker)
        return cards[self.zone[2] % len(cards)] if cards else None

    def leave_zone(self) -> None:
        self.zone = None
        self.close_review()

    def card(self, cid: int, where: str) -> str:
        """A card the player looks at on the table (browsing): where it lies, its name and
        facts as the speaker's view shows them (a card the view does not locate is "a card")."""
        return self.say(_("{place}: {card}").format(place=where, card=words.named_with_facts(self._view(), cid)),
                        interrupt=True)

    # The reading keys ------------------------------------------------------------------------
    def read_table(self) -> str:
        return self.say(words.table_lines(self._view(), self.seats, self.speaker), interrupt=True)

    def read_hand(self) -> str:
        return self.say(words.hand_lines(self._view(), self.speaker), interrupt=True)

    def read_last_turn(self) -> str:
        """The previous turn's lines (the first turn: what happened so far)."""
        state = self._view().state
        turn = self._turns[0] if len(self._turns) > 1 else self._turns[-1]
        lines = words.turn_lines(turn, state, self.seats)
        return self.say(lines or [_(NOTHING_YET)], interrupt=True)

    # Screens ---------------------------------------------------------------------------------
    def curtain(self, name: str) -> str:
        """The hot-seat curtain came down for the player ``name`` (as stored)."""
        self.set_speaker(None)
        who = self.seats.name(self.seats.names.index(name)) if name in self.seats.names else name
        return self.say(_(CURTAIN_RULE).format(player=who), interrupt=True)

    def game_over(self, ev: Event) -> str:
        """The game ended (the GameOver event): who won and why, again even if already said."""
        line = words.event_line(words.shown_event(ev, self.audience), self._view().state,
                                self.seats)
        return self.say(line or _("Game over."), interrupt=True)
