"""The words speech says, as pure functions over what one seat may see.

Every function takes a seat's ``View`` (``State.view(seat)``: hidden cards are -1, and
``unseen`` lists the cards that seat cannot locate) or events already reduced by
``shown_event``. A card is named only if the view locates it (``visible_name``); an event's
card only as ``mask_event`` leaves it. The log's own wording is reused (``game.words.texts``:
``describe`` and ``prompt`` are pure and import only ``game.common.i18n``), so speech says what the
table's log says; the window's prompt speaks of dragging, so a player's own decisions get
keyboard words here.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Protocol

from game.cards.text import card_text, keyword_meaning, keyword_name
from game.common import i18n
from game.common.i18n import N_, _, ngettext
from game.engine import HIDDEN, mask_event
from game.words import texts  # pure: no pygame (see the package docstring)

if TYPE_CHECKING:
    from game.engine import Decision, Option, State
    from game.engine.events import Event

_VERBS = {  # the same ids as the replay viewer's move words (one translation for both)
    "play": N_("Play {card}"), "attack": N_("Attack with {card}"), "block": N_("Block with {card}"),
    "hunt": N_("Hunt {card}"), "resolve": N_("Resolve {card} first"), "choose": N_("Choose {card}"),
    "mindbug": N_("Use a Mindbug"), "pass": N_("Let it go"), "no block": N_("Don't block"),
    "no hunt": N_("Don't hunt"), "end turn": N_("End turn"), "done": N_("Done"),
    "opponent": N_("Choose {player}"),
}
_REASONS = {
    "life": N_("The losing side has no life left."),
    "no action": N_("The loser could neither play nor attack."),
    "eliminated": N_("Both players of the losing team are out."),
}


@dataclass
class Seats:
    """How seats and teams are named: ``names`` as stored ("You", "Computer (Medium)", a typed
    name), shown through ``i18n.display_name``; ``team_names`` for 2v2 ("Ann & Cy")."""

    names: Sequence[str]
    team_names: Sequence[str] = field(default_factory=tuple)

    def name(self, seat: int) -> str:
        raw = self.names[seat] if isinstance(seat, int) and 0 <= seat < len(self.names) else \
            f"Player {seat + 1 if isinstance(seat, int) else '?'}"
        return i18n.display_name(raw)

    def team_name(self, team: int) -> str:
        if 0 <= team < len(self.team_names):
            return " & ".join(i18n.display_name(n) for n in self.team_names[team].split(" & "))
        if len(self.names) == 2:
            return self.name(team)
        return _("Team {number}").format(number=team + 1)


class Sight(Protocol):
    """What the words may read: one seat's ``View`` (game.engine.View), or what a group of
    seats may all see (``PublicView``, whose ``seat`` is None)."""

    @property
    def seat(self) -> int | None: ...

    @property
    def state(self) -> State: ...

    @property
    def unseen(self) -> Collection[int]: ...


# Cards -----------------------------------------------------------------------------------------

def card_name(state: State, cid: int | None) -> str:
    """A card's name in the current language; "a card" for a hidden one (-1)."""
    if not isinstance(cid, int) or cid < 0 or cid >= len(state.cards):
        return _("a card")
    return i18n.card_name(state.card(cid))


def located(view: Sight) -> frozenset[int]:
    """The cards ``view``'s seat can locate now: every card but its ``unseen`` ones."""
    return frozenset(range(len(view.state.cards))) - frozenset(view.unseen)


class PublicView:
    """What every seat in a group may see (hot seat, the curtain down): one of their views'
    state, with every card any of them cannot locate counted unseen. ``seat`` is None."""

    __slots__ = ("seat", "state", "unseen")

    def __init__(self, views: Sequence[Sight]) -> None:
        self.seat: int | None = None
        self.state = views[0].state
        self.unseen: frozenset[int] = frozenset().union(*(frozenset(v.unseen) for v in views))


def visible_name(view: Sight, cid: int | None) -> str:
    """A card's name if ``view``'s seat can locate it now, else "a card"."""
    if isinstance(cid, int) and cid >= 0 and cid not in view.unseen:
        return card_name(view.state, cid)
    return _("a card")


def card_facts(view: Sight, cid: int | None) -> str:
    """"power 5, Poisonous, exhausted": the current power and keywords of a creature in play,
    the printed ones of a card elsewhere (empty for a card the seat cannot locate); a power
    changed by another creature says so: "power 8, boosted from 6 by Goblin Werewolf"."""
    if not isinstance(cid, int) or cid < 0 or cid in view.unseen:
        return ""
    state = view.state
    in_play = state.controller(cid) is not None
    card = state.card(cid)
    power = state.power(cid) if in_play else card.power
    keywords = state.keywords(cid) if in_play else card.keywords
    parts = [_("power {power}").format(power=power)]
    if in_play and power != card.power:
        parts[0] = boosted(view, cid, power)
    parts += [keyword_name(k) for k in keywords]
    if in_play and cid in state.exhausted:
        parts.append(_("exhausted"))
    return ", ".join(parts)


def boosters(state: State, cid: int) -> list[int]:
    """The creatures in play whose power effects raise ``cid``'s power now (itself included, a
    bonus of its own during its turn or while alone), as the board applies them (rule 18): each
    one's effects run on a board of zeros, under the same conditions."""
    out = []
    for seat, row in enumerate(state.plays):
        for src in row:
            for effect in state.card(src).constant:
                if getattr(effect, "stage", -1) != 0:
                    continue
                if effect.during != "always" and state.active != seat:
                    continue
                if effect.while_alone and len(row) != 1:
                    continue
                power, kw = [0] * len(state.cards), [0] * len(state.cards)
                effect.apply(state, src, seat, power, kw)
                if power[cid] and src not in out:
                    out.append(src)
    return out


def boosted(view: Sight, cid: int, power: int) -> str:
    """"power 8, boosted from 6 by Goblin Werewolf" (or "by its own ability")."""
    state = view.state
    printed = state.card(cid).power
    by = [_("its own ability") if src == cid else visible_name(view, src) for src in boosters(state, cid)]
    if not by:
        return _("power {power}, changed from {printed}").format(power=power, printed=printed)
    return _("power {power}, boosted from {printed} by {cards}").format(
        power=power, printed=printed, cards=_(" and ").join(by))


def named_with_facts(view: Sight, cid: int) -> str:
    """"Killer Bee (power 5, Poisonous)"."""
    facts = card_facts(view, cid)
    name = visible_name(view, cid)
    return _("{card} ({facts})").format(card=name, facts=facts) if facts else name


def card_detail_lines(view: Sight, cid: int | None) -> list[str]:
    """Everything the card says, line by line (the review buffer of the details key): name,
    power and keywords; the ability text; what each keyword it has now means (the zoom's and
    How to play's words, ``keyword_meaning``); in the current language. A hidden card is only
    "a hidden card"."""
    if not isinstance(cid, int) or cid < 0 or cid in view.unseen:
        return [_("A hidden card.")]
    lang = i18n.language()
    state = view.state
    card = state.card(cid)
    text = card_text(card, lang).strip()
    head = _("{card}: {facts}.").format(card=visible_name(view, cid), facts=card_facts(view, cid))
    keywords = state.keywords(cid) if state.controller(cid) is not None else card.keywords
    meanings = [f"{keyword_name(k)}: {keyword_meaning(k, lang)}" for k in keywords
                if keyword_meaning(k, lang)]
    return [head, *([text] if text else []), *meanings]


def card_details(view: Sight, cid: int | None) -> str:
    """``card_detail_lines`` as one utterance, for the "read this card" key."""
    return " ".join(card_detail_lines(view, cid))


# Events ----------------------------------------------------------------------------------------

def shown_event(ev: Event, audience: Iterable[int]) -> Event:
    """``ev`` as every seat in ``audience`` may see it (hot seat: everyone at the screen hears
    it); an empty audience is nobody's seat: everything private hidden."""
    seats = list(audience) or [-1]
    for seat in seats:
        masked = mask_event(ev, seat)
        if masked != ev:
            return masked
    return ev


def event_line(ev: Event, state: State, seats: Seats) -> str | None:
    """The log's line for an event already reduced by ``shown_event``; a game over adds why."""
    line = texts.describe(ev, seats.name, lambda cid: card_name(state, cid), seats.team_name)
    if line and type(ev).__name__ == "GameOver":
        reason = _REASONS.get(getattr(ev, "reason", ""))
        if reason:
            line = f"{line} {_(reason)}"
    return line


def turn_lines(events: Iterable[Event], state: State, seats: Seats) -> list[str]:
    """The log's lines for shown events, in order, skipping those the log skips."""
    return [line for ev in events if (line := event_line(ev, state, seats))]


# Decisions -------------------------------------------------------------------------------------

def _player(view: Sight, seats: Seats) -> str | None:
    """2v2 prompts name whose turn it is."""
    return seats.name(view.state.active) if view.state.n_seats == 4 else None


def decision_lines(view: Sight, seats: Seats, speaker: int | None) -> list[str]:
    """Whose decision it is and what it asks; for the speaker's own decision also how many
    options it has. Another seat's decision is only what the log's prompt line shows."""
    d = view.state.pending
    if d is None:
        return []
    card = lambda cid: visible_name(view, cid)  # noqa: E731
    mindbugs = view.state.mindbugs[d.seat]
    if speaker is None or d.seat != speaker or d.seat != view.seat:
        return [texts.prompt(d, False, seats.name(d.seat), card, mindbugs, d.source,
                             player=_player(view, seats))]
    lines = [_own_ask(view, d, seats, card, mindbugs)]
    n = len(d.options)
    lines.append(ngettext("{count} option.", "{count} options.", n).format(count=n))
    return lines


def _own_ask(view: Sight, d: Decision, seats: Seats, card: Callable[[int], str],
             mindbugs: int) -> str:
    src = card(d.source) if d.source is not None and d.source >= 0 else ""
    if d.kind == "action":
        return _("Your turn: play a card from your hand or attack with a creature.")
    if d.kind == "block":
        return _("{card} attacks ({facts}): block with a creature, or take the hit.").format(
            card=src, facts=card_facts(view, d.source))
    if d.kind == "hunt":
        return _("{card} is a Hunter: pick the creature it fights, or don't hunt.").format(card=src)
    if d.kind == "opponent":
        return _("{card}: pick an opponent.").format(card=src) if src else _("Pick an opponent.")
    if d.kind == "choose" and d.purpose == "discard":
        return _("{card}: discard a card from your hand.").format(card=src)
    # mindbug, frenzy, order and the other choices: the prompt's words name no mouse move
    player = _player(view, seats) if d.kind == "mindbug" else None
    return texts.prompt(d, True, seats.name(d.seat), card, mindbugs, d.source, player=player)


def option_words(view: Sight, opt: Option, seats: Seats, facts: bool = True) -> str:
    """An option as a person says it: "Attack with Killer Bee (power 5, Poisonous)" (without
    ``facts``: "Attack with Killer Bee", the options' short detail)."""
    words = _VERBS.get(getattr(opt, "verb", ""))
    if words is None:
        return _("Make your choice.")
    card = ""
    if opt.card is not None:
        named = named_with_facts(view, opt.card) if facts else visible_name(view, opt.card)
        card = _whose(view, opt.card, named, seats)
    player = seats.name(opt.seat) if opt.seat is not None else ""
    return _(words).format(card=card, player=player)


def _whose(view: Sight, cid: int, words: str, seats: Seats) -> str:
    """A creature in play said with its controller: an option may name either side's."""
    if cid in view.unseen:
        return words
    owner = view.state.controller(cid)
    if owner is None:
        return words
    if owner == view.seat:
        return _("{card}, yours").format(card=words)
    return _("{card} of {player}").format(card=words, player=seats.name(owner))


def option_line(view: Sight, opt: Option, seats: Seats, index: int, count: int) -> str:
    """The line said when focus reaches an option: its words and where it is in the row."""
    return _("{option}, {number} of {count}.").format(
        option=option_words(view, opt, seats), number=index + 1, count=count)


# The table and the hand ------------------------------------------------------------------------

def _seat_order(state: State, speaker: int | None) -> list[int]:
    first = speaker if speaker is not None else 0
    return [(first + i) % state.n_seats for i in range(state.n_seats)]


def table_lines(view: Sight, seats: Seats, speaker: int | None) -> list[str]:
    """Life, Mindbugs, hand count and piles of every seat (the speaker's first), then each
    seat's creatures with power, keywords and exhausted. Only counts of hands and piles."""
    state = view.state
    lines = []
    if state.n_seats == 4:
        for team in sorted({state.team_of(s) for s in range(4)}):
            life = state.life[team]
            lines.append(ngettext("{team}: {count} life.", "{team}: {count} life.", life).format(
                team=seats.team_name(team), count=life))
    for seat in _seat_order(state, speaker):
        name = seats.name(seat)
        if state.eliminated[seat]:
            lines.append(_("You are out.") if texts.is_you(name) else
                         _("{player} is out.").format(player=name))
            continue
        parts = []
        if state.n_seats == 2:
            life = state.life[state.team_of(seat)]
            parts.append(ngettext("{count} life", "{count} life", life).format(count=life))
        mb, hand = state.mindbugs[seat], len(state.hands[seat])
        deck, discard = len(state.decks[seat]), len(state.discards[seat])
        parts += [
            ngettext("{count} Mindbug left", "{count} Mindbugs left", mb).format(count=mb),
            ngettext("{count} card in hand", "{count} cards in hand", hand).format(count=hand),
            ngettext("draw pile {count} card", "draw pile {count} cards", deck).format(count=deck),
            ngettext("discard pile {count} card", "discard pile {count} cards",
                     discard).format(count=discard),
        ]
        lines.append(_("{player}: {facts}.").format(player=name, facts=", ".join(parts)))
        lines.append(_creatures_line(view, name, state.plays[seat]))
    if state.limbo >= 0:
        lines.append(_("{card} is waiting for a Mindbug decision.").format(
            card=named_with_facts(view, state.limbo)))
    return lines


def _creatures_line(view: Sight, name: str, row: Sequence[int]) -> str:
    you = texts.is_you(name)
    if not row:
        return _("You have no creatures.") if you else \
            _("{player} has no creatures.").format(player=name)
    listed = "; ".join(named_with_facts(view, cid) for cid in row)
    line = _("Your creatures: {cards}.") if you else _("Creatures of {player}: {cards}.")
    return line.format(player=name, cards=listed)


def hand_lines(view: Sight, speaker: int | None) -> list[str]:
    """The speaker's own hand, card by card; nothing of any hand while the curtain is down."""
    if speaker is None or speaker != view.seat:
        return [_("The curtain is down: no hand is read.")]
    hand = [cid for cid in view.state.hands[speaker] if cid != HIDDEN and cid not in view.unseen]
    if not hand:
        return [_("Your hand is empty.")]
    listed = "; ".join(named_with_facts(view, cid) for cid in hand)
    return [ngettext("Your hand, {count} card: {cards}.", "Your hand, {count} cards: {cards}.",
                     len(hand)).format(count=len(hand), cards=listed)]
