"""The 2v2 variant's set-ups: Mindbugs per player (2 or 1) and the deck (one set, or two sets
shuffled together), as a typed option of the game's set-up."""

from __future__ import annotations

from collections import Counter

import pytest

from game.cards import load_cards
from game.engine import DEFAULT_SETUP, Setup, SetupError, from_position, new_game, start_game


@pytest.fixture(scope="module")
def db():
    return load_cards()


def test_the_default_set_up_deals_the_same_game_as_before(db) -> None:
    for rules in ("1v1", "2v2"):
        plain, plain_events = start_game(db, 11, rules)
        named, named_events = start_game(db, 11, rules, DEFAULT_SETUP)
        assert plain_events == named_events
        assert plain.decks == named.decks and plain.hands == named.hands
        assert len(named.cards) == 48 and named.mindbugs == [2] * named.n


def test_two_sets_shuffled_together_deal_from_96_cards_with_every_copy_doubled(db) -> None:
    g = new_game(db, 5, "2v2", Setup(mindbugs=2, sets=2))
    assert len(g.cards) == 96
    counts = Counter(d.name for d in g.cards)
    assert counts == {d.name: 2 * d.copies for d in db.defs}
    dealt = [c for s in range(4) for c in g.hands[s] + g.decks[s] + g.plays[s] + g.discards[s]]
    assert len(dealt) + len(g.out) == 96 and len(set(dealt)) == len(dealt)
    assert all(len(g.hands[s]) + len(g.decks[s]) == 10 for s in range(4) if s != g.active)
    # the same seed and set-up deal the same game again; another set-up deals another one
    again = new_game(db, 5, "2v2", Setup(mindbugs=2, sets=2))
    assert again.decks == g.decks and again.hands == g.hands
    assert new_game(db, 5, "2v2").decks != g.decks


def test_one_mindbug_per_player(db) -> None:
    g = new_game(db, 3, "2v2", Setup(mindbugs=1, sets=1))
    assert g.mindbugs == [1, 1, 1, 1] and len(g.cards) == 48
    both = new_game(db, 3, "2v2", Setup(mindbugs=1, sets=2))
    assert both.mindbugs == [1, 1, 1, 1] and len(both.cards) == 96


@pytest.mark.parametrize("setup, words", [
    (Setup(mindbugs=3, sets=1), "Mindbugs per player must be 1 or 2"),
    (Setup(mindbugs=0, sets=1), "Mindbugs per player must be 1 or 2"),
    (Setup(mindbugs=True, sets=1), "Mindbugs per player must be 1 or 2"),
    (Setup(mindbugs=2, sets=3), "the deck must be 1 or 2 sets"),
    (Setup(mindbugs=2, sets="2"), "the deck must be 1 or 2 sets"),
    ((1, 2), "must be a Setup"),
    (None, "must be a Setup"),
])
def test_a_set_up_the_variant_lacks_is_refused(db, setup, words) -> None:
    with pytest.raises(SetupError, match=words):
        start_game(db, 1, "2v2", setup)


@pytest.mark.parametrize("setup", [Setup(mindbugs=1, sets=1), Setup(mindbugs=2, sets=2)])
def test_1v1_is_played_with_one_set_and_two_mindbugs(db, setup) -> None:
    with pytest.raises(SetupError, match="2v2 set-ups"):
        new_game(db, 1, "1v1", setup)


def test_a_position_of_two_sets_holds_four_copies_of_a_two_copy_card(db) -> None:
    two_copy = next(d.name for d in db.defs if d.copies == 2)
    g = from_position(db, [{"hand": [two_copy] * 4}], rules="2v2", sets=2)
    assert len(g.cards) == 96  # the four come from the two sets, none added
    assert Counter(d.name for d in g.cards)[two_copy] == 4


@pytest.mark.parametrize("rules, sets, words", [
    ("1v1", 2, "2v2 set-up"), ("2v2", 3, "sets must be 1 or 2"), ("2v2", "2", "sets must be 1 or 2"),
])
def test_a_position_of_a_set_count_the_rules_lack_is_refused(db, rules, sets, words) -> None:
    with pytest.raises(SetupError, match=words):
        from_position(db, [], rules=rules, sets=sets)
