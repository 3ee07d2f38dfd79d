"""A game's hidden cards shuffled among their places: a position the seat cannot tell from the real one."""

from __future__ import annotations

import random


def permuted_variant(g, seat: int, rng: random.Random):
    """A clone of the true state with the seat's hidden cards dealt into other hidden places."""
    variant = g.clone()
    places = hidden_places(variant, seat)
    cards = [zone[i] for zone, i in places]
    shuffled = cards[:]
    for _ in range(5):  # make sure the variant really differs where it can
        rng.shuffle(shuffled)
        if shuffled != cards or len(set(cards)) < 2:
            break
    # The engine records, per card in a hand, which seats know it. Knowledge belongs to the
    # place (who saw what went into that hand), so it moves with the place, not the card.
    known = getattr(variant, "known", None)
    old_known = [known[cid] for cid in cards] if known is not None else None
    for n, ((zone, i), cid) in enumerate(zip(places, shuffled)):
        zone[i] = cid
        if known is not None:
            known[cid] = old_known[n]
    return variant, shuffled != cards


def hidden_places(g, seat: int) -> list[tuple[list, int]]:
    """(zone list of the true state, index) for every place the seat's view shows as -1."""
    view_state = g.view(seat).state
    places = []
    zones = []
    for other in range(g.n_seats):
        zones.append((g.hands[other], view_state.hands[other]))
        zones.append((g.decks[other], view_state.decks[other]))
    zones.append((g.out, view_state.out))
    for true_zone, seen_zone in zones:
        assert len(true_zone) == len(seen_zone)
        for i, cid in enumerate(seen_zone):
            if cid == -1:
                places.append((true_zone, i))
    return places
