"""The AI in a 2v2 game of two sets shuffled together: the worlds it deals (``determinize``)
hold the 96-card deck in play, so the cards it cannot see come from that pool (a second copy
of a one-copy card is possible), and a searching level plays such a game to its end."""

from __future__ import annotations

import random
from collections import Counter

from game.ai.demo_games import demo_seed, play_demo
from game.cards import load_cards
from game.engine import Setup, new_game


def test_a_dealt_world_holds_the_96_cards_and_deals_unseen_ones_from_them() -> None:
    db = load_cards()
    g = new_game(db, 21, "2v2", Setup(mindbugs=1, sets=2))
    seat = g.pending.seat
    view = g.view(seat)
    assert len(view.unseen) == 96 - len(g.hands[seat]) - sum(len(p) for p in g.plays)
    rng = random.Random(4)
    second_copies = 0
    for _ in range(30):
        world = view.determinize(rng)
        assert len(world.cards) == 96 and world.mindbugs == [1, 1, 1, 1]
        placed = [c for s in range(4) for c in world.hands[s] + world.decks[s] + world.plays[s]
                  + world.discards[s]] + world.out
        assert sorted(placed) == list(range(96))
        hidden = [c for s in range(4) if s != seat for c in world.hands[s]] + \
            [c for s in range(4) for c in world.decks[s]]
        counts = Counter(world.cards[c].name for c in hidden)
        second_copies += sum(1 for name, n in counts.items() if n > db.by_name(name).copies)
        assert world.hands[seat] == g.hands[seat]  # what the seat sees is kept
    assert second_copies > 0  # more copies of a card than one set holds: the pool is two sets


def test_a_searching_level_plays_a_two_set_game_to_its_end() -> None:
    record = play_demo(demo_seed(2, "2v2"), "2v2", ("easy", "random"), setup=Setup(1, 2))
    assert record.result is not None and (record.mindbugs, record.sets) == (1, 2)
