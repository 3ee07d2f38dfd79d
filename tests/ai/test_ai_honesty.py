"""Honesty: an agent's decision depends only on what its seat can see.

From seeded random games we take positions, then build variants of the TRUE state in which the
cards the deciding seat cannot see (other seats' unknown hand cards, every draw pile, the
out-of-game cards) are permuted among their hidden places, which also swaps them with other
unseen cards. With a fixed agent seed each non-random agent must decide the same on the
original's view and on every variant's view.
"""

from __future__ import annotations

import random

import pytest

from tests.support.hidden_cards import permuted_variant
from tests.support.honesty import check_positions, sample_positions

# A sample of positions (each checked with every level); bench/ai_honesty.py runs the long
# version (160 and 50 positions by default) and prints how many it checked.
POSITIONS_1V1 = 40
POSITIONS_2V2 = 15


@pytest.mark.parametrize(
    ("rules", "count", "seed"), [("1v1", POSITIONS_1V1, 11), ("2v2", POSITIONS_2V2, 12)]
)
def test_decisions_ignore_hidden_cards(rules: str, count: int, seed: int) -> None:
    changed_worlds = check_positions(rules, count, seed)
    # The test is only meaningful if the variants really moved hidden cards around.
    assert changed_worlds >= count * 0.9


@pytest.mark.quick  # the file's test in the quick tier (its first plays whole games)
def test_variants_look_the_same_to_the_seat() -> None:
    rng = random.Random(5)
    for g in sample_positions("1v1", 20, 21):
        seat = g.pending.seat
        variant, changed = permuted_variant(g, seat, rng)
        assert changed
        a, b = g.view(seat), variant.view(seat)
        assert a.unseen == b.unseen
        for zone in ("hands", "decks", "discards", "plays"):
            assert getattr(a.state, zone) == getattr(b.state, zone)
        assert a.state.out == b.state.out


def test_the_check_catches_a_peeking_agent() -> None:
    # The comparison has teeth: a "player" that peeks at the true state's draw piles and
    # hands (here: picks by the top cards of the piles) is caught by the same variants.
    def peeking_choice(g) -> str:
        d = g.pending
        peek = sum(deck[-1] for deck in g.decks if deck) + sum(sum(h) for h in g.hands)
        return g.label(d.options[peek % len(d.options)])

    rng = random.Random(8)
    caught = 0
    for g in sample_positions("1v1", 40, 31):
        variant, _ = permuted_variant(g, g.pending.seat, rng)
        caught += peeking_choice(g) != peeking_choice(variant)
    assert caught >= 5
