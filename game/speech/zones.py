"""The board by zones (issue 45, as Hearthstone Access reads a board): a key for each zone, then
the arrows walk the cards in it one at a time. Pure words over what one seat may see.

The zones: a hand (the speaker's own card by card; any other hand only as a count), a seat's
creatures (yours, then each other seat's in turn), a discard pile (public: every card, the top
first), and life and Mindbugs (a line for each side). ``zone_seats`` gives the seats a zone
key goes through on repeated presses, ``zone_cards`` the cards the arrows walk (never a card
the view does not locate), ``zone_heading`` what the key says first.
"""

from __future__ import annotations

from collections.abc import Sequence

from game.common.i18n import N_, _, ngettext
from game.engine import HIDDEN
from game.speech.words import Seats, Sight, hand_lines, named_with_facts
from game.words import texts

HAND, CREATURES, OTHERS, PILES, LIFE = "hand", "creatures", "others", "piles", "life"
ZONES = (HAND, CREATURES, OTHERS, PILES, LIFE)
EMPTY = N_("Nothing here.")


def _order(view: Sight, speaker: int | None) -> list[int]:
    """Every seat still in the game, the speaker's (or the first listener's) first."""
    state = view.state
    first = speaker if speaker is not None else (view.seat if view.seat is not None else 0)
    return [(first + i) % state.n_seats for i in range(state.n_seats)]


def zone_seats(view: Sight, zone: str, speaker: int | None) -> list[int]:
    """The seats a zone's key goes through, one a press: a hand and a discard pile start with
    yours, "your creatures" is yours only, "the others' creatures" the opponents first, then
    an ally; life and Mindbugs is one zone for every seat (its first seat stands for it)."""
    order = _order(view, speaker)
    if zone == CREATURES:
        return order[:1]
    if zone == OTHERS:
        state, me = view.state, order[0]
        enemies = [s for s in order[1:] if state.team_of(s) != state.team_of(me)]
        return enemies + [s for s in order[1:] if s not in enemies]
    if zone == LIFE:
        return order[:1]
    return order


def _mine(view: Sight, seat: int, speaker: int | None) -> bool:
    return speaker is not None and seat == speaker and view.seat == speaker


def zone_cards(view: Sight, zone: str, seat: int, speaker: int | None) -> list[int]:
    """The cards the arrows walk in ``seat``'s ``zone``: only cards ``view`` locates (another
    seat's hand: none, it is a count only); a discard pile from its top card down."""
    state = view.state
    if zone == HAND:
        if not _mine(view, seat, speaker):
            return []
        row: Sequence[int] = state.hands[seat]
    elif zone in (CREATURES, OTHERS):
        row = state.plays[seat]
    elif zone == PILES:
        row = list(reversed(state.discards[seat]))
    else:
        return []
    return [cid for cid in row if cid != HIDDEN and cid >= 0 and cid not in view.unseen]


def life_lines(view: Sight, seats: Seats, speaker: int | None) -> list[str]:
    """Life and Mindbugs, a line for each side (2v2: the team's life, each player's Mindbugs)."""
    state = view.state
    lines = []
    for seat in _order(view, speaker):
        name = seats.name(seat)
        if state.eliminated[seat]:
            lines.append(_("You are out.") if texts.is_you(name) else _("{player} is out.").format(player=name))
            continue
        mb = state.mindbugs[seat]
        mindbugs = ngettext("{count} Mindbug left", "{count} Mindbugs left", mb).format(count=mb)
        if state.n_seats == 4:
            lines.append(_("{player}: {facts}.").format(player=name, facts=mindbugs))
            continue
        life = state.life[state.team_of(seat)]
        facts = ngettext("{count} life", "{count} life", life).format(count=life)
        lines.append(_("{player}: {facts}.").format(player=name, facts=f"{facts}, {mindbugs}"))
    if state.n_seats == 4:
        for team in sorted({state.team_of(s) for s in range(4)}):
            life = state.life[team]
            lines.append(ngettext("{team}: {count} life.", "{team}: {count} life.", life).format(
                team=seats.team_name(team), count=life))
    return lines


def zone_heading(view: Sight, seats: Seats, zone: str, seat: int, speaker: int | None) -> str:
    """What a zone key says: the zone's name, its count and, for creatures and your hand, each
    card; a discard pile its count and top card; another seat's hand only its count."""
    state = view.state
    name = seats.name(seat)
    you = _mine(view, seat, speaker) or (speaker is None and texts.is_you(name))
    cards = zone_cards(view, zone, seat, speaker)
    if zone == LIFE:
        return " ".join(life_lines(view, seats, speaker))
    if zone == HAND:
        if _mine(view, seat, speaker):
            return " ".join(hand_lines(view, speaker))
        count = len(state.hands[seat])
        return ngettext("{player}'s hand: {count} card, face down.", "{player}'s hand: {count} cards, "
                        "face down.", count).format(player=name, count=count)
    if zone == PILES:
        count = len(state.discards[seat])
        if not cards:
            return _("Your discard pile is empty.") if you else \
                _("{player}'s discard pile is empty.").format(player=name)
        top = named_with_facts(view, cards[0])
        line = ngettext("Your discard pile, {count} card, the top one: {card}.",
                        "Your discard pile, {count} cards, the top one: {card}.", count) if you else \
            ngettext("{player}'s discard pile, {count} card, the top one: {card}.",
                     "{player}'s discard pile, {count} cards, the top one: {card}.", count)
        return line.format(player=name, count=count, card=top)
    if state.eliminated[seat]:
        return _("You are out.") if you else _("{player} is out.").format(player=name)
    if not cards:
        return _("You have no creatures.") if you else _("{player} has no creatures.").format(player=name)
    listed = "; ".join(named_with_facts(view, cid) for cid in cards)
    line = _("Your creatures, {count}: {cards}.") if you else _("Creatures of {player}, {count}: {cards}.")
    return line.format(player=name, count=len(cards), cards=listed)


def zone_item(view: Sight, seats: Seats, zone: str, seat: int, speaker: int | None,
              index: int) -> str:
    """The arrows' line for the ``index``-th item of a zone: "2 of 3: Killer Bee (power 5,
    Poisonous)"; in life and Mindbugs a side's line; "Nothing here." in an empty zone."""
    items = life_lines(view, seats, speaker) if zone == LIFE else \
        [named_with_facts(view, cid) for cid in zone_cards(view, zone, seat, speaker)]
    if not items:
        return _(EMPTY)
    index %= len(items)
    return _("{number} of {count}: {item}").format(number=index + 1, count=len(items), item=items[index])


def zone_size(view: Sight, seats: Seats, zone: str, seat: int, speaker: int | None) -> int:
    """How many items the arrows walk in the zone."""
    if zone == LIFE:
        return len(life_lines(view, seats, speaker))
    return len(zone_cards(view, zone, seat, speaker))
