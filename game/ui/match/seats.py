"""The match's words and highlights for seats: who sits where for the person at the screen,
what each seat plate says, which opponents may be picked, the Mindbug offer's order (2v2).

Functions of the match scene, reached through ``SeatsHost`` (a Protocol, so this module does
not import the scene); they read the game and the table, and change nothing.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

import pygame

from game.common.i18n import N_, _, ngettext
from game.ui.table import layout
from game.words import texts

if TYPE_CHECKING:
    from collections.abc import Sized

    from game.engine import Decision, State
    from game.ui.core.match_config import MatchConfig
    from game.ui.core.seat import GameSeat
    from game.ui.kit.widgets import ButtonRow
    from game.ui.match.choices import Choice
    from game.ui.table.model import TableModel
    from game.ui.table.stage import TableStage


class NamesHost(Protocol):
    """What the curtain's line reads: the game and the names of its players and cards."""

    @property
    def ctl(self) -> GameSeat: ...  # the game, its pending decision, the players' names
    def card_name(self, cid: int) -> str: ...


class ViewerHost(Protocol):
    """Who is looking: the game and the seat whose hand the screen shows."""

    @property
    def ctl(self) -> GameSeat: ...
    @property
    def revealed(self) -> int | None: ...  # the seat whose hand is shown (None: a curtain)


class SeatsHost(NamesHost, ViewerHost, Protocol):
    """What the seats' words and highlights read from the match scene besides that."""

    @property
    def config(self) -> MatchConfig: ...  # who plays (its mode)
    @property
    def choices(self) -> list[Choice]: ...  # the options of the decision on offer
    @property
    def row(self) -> ButtonRow: ...  # their buttons
    @property
    def decision_serial(self) -> int | None: ...  # the decision on offer (None while none is)
    @property
    def model(self) -> TableModel: ...  # seats, hands
    @property
    def bottom(self) -> int: ...  # the seat at the bottom of the screen
    @property
    def queue(self) -> Sized: ...  # events still to animate (nothing is offered meanwhile)

DECIDING = {"mindbug": N_("Deciding: Mindbug?"), "block": N_("Deciding: Block?"),
            "opponent": N_("Picking an opponent"), "choose": N_("Choosing a card")}
# A seat's place, as a button names it: "Bob (left)".
ROLE_WORDS = {"you": N_("you"), "teammate": N_("teammate"), "opponent": N_("opponent"),
              "left": N_("left"), "right": N_("right")}


def role(sc: SeatsHost, seat: int) -> str:
    """Where a seat sits for the person at the screen: "you", "teammate", "left", "right"."""
    four = sc.model.n_seats == 4
    pos = layout.position(sc.bottom, seat, sc.model.n_seats)
    return {"bottom": "you", "top": "teammate" if four else "opponent"}.get(pos, pos)


def label(sc: SeatsHost, seat: int) -> str:
    """A seat's name for a button: in 2v2 with its place, "Bob (left)"."""
    if sc.model.n_seats != 4:
        return sc.ctl.name(seat)
    where = role(sc, seat)
    return f"{sc.ctl.name(seat)} ({_(ROLE_WORDS[where]) if where in ROLE_WORDS else where})"


def pick_seats(sc: SeatsHost) -> frozenset[int]:
    """The seats offered as "the opponent" to the person at the screen (lit on the table)."""
    d = sc.ctl.pending
    if d is None or d.kind != "opponent" or sc.decision_serial != d.serial or sc.queue:
        return frozenset()
    return frozenset(c.option.seat for c in sc.choices
                     if c.option.verb == "opponent" and c.option.seat is not None)


def choice_at(sc: SeatsHost, pos: tuple[int, int]) -> Choice | None:
    """The offered opponent whose play area or seat plate is at ``pos``."""
    seats = pick_seats(sc)
    if not seats:
        return None
    split = layout.side_split(sc.model, sc.bottom)
    for c in sc.choices:
        seat = c.option.seat
        if c.option.verb != "opponent" or seat is None or seat not in seats:
            continue
        where = layout.position(sc.bottom, seat, 4)
        for rect in (layout.row_rect(where, split), layout.plate(where).rect):
            if pygame.Rect(rect).collidepoint(pos):
                return c
    return None


def pick_focus(sc: SeatsHost) -> int | None:
    """The opponent whose button has the keyboard focus or the mouse: lit brighter."""
    if not pick_seats(sc):
        return None
    for b in sc.row.buttons:
        if b.focused or b.hover:
            c = next((c for c in sc.choices if c.text == b.text), None)
            if c is not None and c.option.verb == "opponent":
                return c.option.seat
    return None


def status(sc: SeatsHost, seat: int) -> str:
    """The line under a seat plate's name: whose turn it is and who decides now."""
    d = sc.ctl.pending
    if d is None or sc.queue:
        return ""
    active = sc.ctl.game.active
    if seat == d.seat and seat != active:
        waiting = DECIDING.get(d.kind, N_("Deciding"))
        return _(waiting)
    if seat == active:
        return _("Your turn") if sc.config.mode == "ai" and seat == sc.bottom else _("Taking the turn")
    g = sc.ctl.game
    if g.n_seats == 4 and d.kind == "block" and d.seat == (active + 3) % 4 and seat == (active + 1) % 4:
        # The left opponent of the attacker was asked first (rule 21) and let it through: the
        # right one, deciding now, should know the attack is theirs to stop.
        return _("No block")
    if g.n_seats == 4 and seat == _next_turn(g):
        return _("Plays next")
    return ""


def _next_turn(g: State) -> int | None:
    """Whose turn comes next (to the left, skipping eliminated seats; an extra turn aside)."""
    for k in (1, 2, 3):
        seat = (g.active + k) % g.n_seats
        if not g.eliminated[seat]:
            return seat
    return None


def offer_order(sc: SeatsHost) -> str:
    """2v2: a played card is offered left, across, right (rule 21); where the offer stands."""
    d = sc.ctl.pending
    g = sc.ctl.game
    if g.n_seats != 4 or d is None or d.kind != "mindbug" or sc.queue:
        return ""
    parts = []
    for k in (1, 2, 3):
        seat = (g.active + k) % 4
        name = sc.ctl.name(seat)
        if g.eliminated[seat]:
            continue  # an eliminated player is offered nothing (rule 23)
        if g.mindbugs[seat] == 0:
            parts.append(_("{player}: no Mindbug").format(player=name))
        elif seat == d.seat:
            parts.append(_("{player}: deciding").format(player=name))
        elif k < (d.seat - g.active) % 4:
            parts.append(_("{player}: let it go").format(player=name))
        else:
            parts.append(_("{player}: next").format(player=name))
    return _("Mindbug offer:") + "  " + "  >  ".join(parts)


def player_words(sc: ViewerHost, decider: int) -> str | None:
    """2v2: the player whose turn it is, as the decider reads it ("You", "Your teammate Cy")."""
    g = sc.ctl.game
    if g.n_seats != 4:
        return None
    if g.active == sc.revealed:
        return _("You")
    name = sc.ctl.name(g.active)
    return _("Your teammate {player}").format(player=name) if g.team_of(g.active) == g.team_of(decider) else name


def curtain_note(sc: NamesHost, d: Decision) -> str:
    """The curtain's line: why the screen is passed, naming whose card or attack it is."""
    g = sc.ctl.game
    four = g.n_seats == 4
    active = sc.ctl.name(g.active)
    if four and g.active != d.seat and g.team_of(g.active) == g.team_of(d.seat):
        active = _("Your teammate {player}").format(player=active)  # who played, for the next person
    src = sc.card_name(d.source) if d.source is not None and d.source >= 0 else _("a card")
    if d.kind == "action":  # only ever a turn's start: its one action ends the turn
        if sc.ctl.extra_turn:  # rule 7: the card's player goes again, not "your turn" as usual
            return _("Your card was taken with a Mindbug: you take another turn.")
        return _("It is your turn.")
    if d.kind == "frenzy":  # back to the attacker after the block, in their own turn
        return _("{card} has Frenzy: attack again, or end your turn.").format(card=src)
    if d.kind == "hunt":
        return _("{card} is a Hunter: drag it onto the enemy creature it fights, or don't "
                 "hunt.").format(card=src)
    if d.kind == "order":
        return _("Several abilities happen at once: pick which one resolves first.")
    if d.kind == "mindbug":
        return _("{player} played {card}: you may use a Mindbug.").format(player=active, card=src) if four else \
            _("A card was played: you may use a Mindbug.")
    if d.kind == "block":
        return _("{player} attacks with {card}: decide whether to block.").format(player=active, card=src) \
            if four else _("You are being attacked: decide whether to block.")
    if d.kind == "opponent":
        return _("{card}: pick which opponent it affects.").format(card=src)
    if d.kind == "choose":
        if d.purpose == "discard":  # the person must know it is their own card that goes
            return _("{card}: you must discard a card from your hand.").format(card=src)
        if d.purpose in texts.PURPOSE_WORDS:
            return _("{card}: choose a card {purpose}.").format(card=src, purpose=_(texts.PURPOSE_WORDS[d.purpose]))
        return _("{card}: choose a card.").format(card=src)
    return ""


def pile_tip(table: TableStage, pos: tuple[int, int] | None) -> tuple[str, pygame.Rect] | None:
    """2v2: the pile of a seat plate under the mouse, said in words ("Hand: 2 cards"), and the
    pile's rect. A plate shows three small piles with a bare number on each (no room for a
    word under each at a legible size); the words come on hovering one."""
    model = table.model
    if pos is None or model.n_seats != 4:
        return None
    size = (layout.MINI_W, int(layout.card_h(layout.MINI_W)))
    for seat in range(4):
        where = layout.position(table.bottom, seat, 4)
        p = layout.plate(where)
        if not pygame.Rect(p.rect).collidepoint(pos):
            continue
        out = seat < len(model.eliminated) and bool(model.eliminated[seat])
        hand = len(model.hands[seat])
        piles = [(p.discard, len(model.discards[seat]), "discard")]
        if not out:
            piles.append((p.deck, model.decks[seat], "deck"))
            if where != "bottom" or hand == 0:  # your own hand lies on the table
                piles.append((p.hand, hand, "hand"))
        for center, n, kind in piles:
            r = pygame.Rect((0, 0), size)
            r.center = center
            if r.inflate(8, 8).collidepoint(pos):
                return _pile_words(kind, n), r
    return None


def _pile_words(kind: str, n: int) -> str:
    """What a seat plate's pile is, with its count (worded when shown, for the extractor's
    plural forms)."""
    if kind == "deck":
        return ngettext("Draw pile: {count} card", "Draw pile: {count} cards", n).format(count=n)
    if kind == "hand":
        return ngettext("Hand: {count} card", "Hand: {count} cards", n).format(count=n)
    if n == 0:
        return _("Discard pile: empty")
    return ngettext("Discard pile: {count} card (click to see it)",
                    "Discard pile: {count} cards (click to see them)", n).format(count=n)
