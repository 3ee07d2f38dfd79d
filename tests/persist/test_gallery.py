"""The card gallery's figures (game/persist/gallery.py): played, stolen by a Mindbug, and won
for its side (in play on the winning side at the end)."""

from __future__ import annotations

from dataclasses import replace

from game.ai.demo_games import demo_seed, play_demo
from game.persist.gallery import GameFacts, card_set_names, facts_of, gallery, gallery_of_replays
from game.persist.rebuild import rebuild


def test_the_sums_over_games():
    names = ["Killer Bee", "Spider Owl", "Bee Bear"]
    facts = [GameFacts(("Killer Bee", "Killer Bee", "Spider Owl"), ("Killer Bee",),
                       frozenset({"Killer Bee"})),
             GameFacts(("Spider Owl",), (), frozenset({"Bee Bear"})),
             None]
    out = gallery(facts, names)
    assert out.games == 2
    bee, owl, bear = (out.cards[n] for n in names)
    assert (bee.played, bee.stolen, bee.won, bee.games) == (2, 1, 1, 1)
    assert (owl.played, owl.stolen, owl.won, owl.games) == (2, 0, 0, 2)
    assert (bear.played, bear.stolen, bear.won, bear.games) == (0, 0, 1, 1)
    assert gallery([], names).cards["Bee Bear"].games == 0


def test_the_facts_of_a_real_game():
    record = play_demo(demo_seed(0, "1v1"), "1v1")
    facts = facts_of(record)
    plays = [c for c in record.choices if c.verb == "play"]
    assert len(facts.played) == len(plays)
    assert len(facts.stolen) == sum(c.verb == "mindbug" for c in record.choices) > 0
    game = rebuild(record).game
    winners = {game.card(cid).name for seat in range(2) if seat == game.winner
               for cid in game.plays[seat]}
    assert facts.on_winning_side == winners and winners
    loser_only = {game.card(cid).name for cid in game.plays[1 - game.winner]} - winners
    out = gallery_of_replays([record, record])
    assert out.games == 2
    assert all(out.cards[n].won == 2 for n in winners)
    assert all(out.cards[n].won == 0 for n in loser_only)
    assert set(out.cards) == set(card_set_names())


def test_unfinished_and_foreign_replays_are_skipped():
    record = play_demo(demo_seed(1, "1v1"), "1v1")
    assert facts_of(replace(record, result=None)) is None
    assert facts_of(replace(record, cards="0" * 16)) is None
    assert facts_of(replace(record, choices=record.choices[:-3])) is None  # does not reach its end
    assert gallery_of_replays([replace(record, result=None)]).games == 0
