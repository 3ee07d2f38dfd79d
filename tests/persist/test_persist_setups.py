"""The 2v2 variant's set-ups in records, replays, replay codes, saves and statistics: a game of
1 Mindbug each or two sets is kept, rebuilt and counted as that game; old files and codes
(the default set-up) read exactly as before."""

from __future__ import annotations

import json
from dataclasses import replace

import pytest

from game.ai.demo_games import demo_seed, play_demo
from game.engine import Setup
from game.persist import codes
from game.persist import record as rec
from game.persist.rebuild import rebuild
from game.persist.record import GameRecord, RecordError, SeatInfo
from game.persist.stats import card_names, compute

ONE_AND_TWO = Setup(mindbugs=1, sets=2)


@pytest.fixture(scope="module")
def variant_game() -> GameRecord:
    return play_demo(demo_seed(3, "2v2"), "2v2", ("random",), setup=ONE_AND_TWO)


@pytest.fixture(scope="module")
def plain_game() -> GameRecord:
    return play_demo(demo_seed(3, "2v2"), "2v2", ("random",))


def test_a_variant_game_is_written_with_its_set_up_as_format_3(variant_game) -> None:
    data = rec.to_data(variant_game)
    assert data["setup"] == {"mindbugs": 1, "sets": 2} and data["version"] == 3
    back = rec.loads(rec.dumps(variant_game))
    assert (back.mindbugs, back.sets) == (1, 2) and back.setup == ONE_AND_TWO
    game = rebuild(back).game
    assert len(game.cards) == 96 and game.winner == variant_game.result.winner


def test_a_default_game_is_written_as_before(plain_game) -> None:
    data = rec.to_data(plain_game)
    assert "setup" not in data and data["version"] == 2
    old = json.loads(rec.dumps(plain_game))  # a file of an older build: no set-up at all
    back = rec.from_data(old)
    assert back.setup == Setup() and len(rebuild(back).game.cards) == 48


@pytest.mark.parametrize("setup, words", [
    ({"mindbugs": 3, "sets": 1}, "Mindbugs per player"),
    ({"mindbugs": 1, "sets": "2"}, "number of sets"),
    ({"mindbugs": 1, "colour": 2}, "set-up is not readable"),
    ([1, 2], "set-up is not readable"),
])
def test_a_broken_set_up_is_one_clear_line(variant_game, setup, words) -> None:
    data = rec.to_data(variant_game)
    data["setup"] = setup
    with pytest.raises(RecordError, match=words):
        rec.from_data(data)


def test_a_1v1_file_with_a_variant_set_up_is_refused() -> None:
    record = play_demo(demo_seed(1, "1v1"), "1v1", ("random",))
    data = rec.to_data(record)
    data["setup"] = {"mindbugs": 1, "sets": 1}
    with pytest.raises(RecordError, match="for 2v2 games only"):
        rec.from_data(data)


def test_the_game_rebuilt_deals_from_the_set_up_it_was_played_with(variant_game, plain_game) -> None:
    game = rebuild(replace(variant_game, choices=())).game
    assert game.mindbugs == [1, 1, 1, 1] and len(game.cards) == 96
    assert rebuild(replace(plain_game, choices=())).game.mindbugs == [2, 2, 2, 2]


def test_a_replay_code_keeps_the_set_up(variant_game) -> None:
    text = codes.encode(variant_game)
    assert codes.from_text(text)[0] == 3  # the code format an older build refuses
    back = codes.decode(text)
    assert back.setup == ONE_AND_TWO and codes.same_game(back, variant_game)
    assert not codes.same_game(back, replace(variant_game, sets=1))


def test_a_default_game_keeps_its_old_code(plain_game) -> None:
    text = codes.encode(plain_game)
    assert codes.from_text(text)[0] == 1
    assert codes.decode(text).setup == Setup()


def test_statistics_count_a_variant_set_up_apart(variant_game, plain_game) -> None:
    seats = (SeatInfo("person", None, "You"), SeatInfo("computer", "random", "A"),
             SeatInfo("computer", "random", "B"), SeatInfo("computer", "random", "C"))
    mine = replace(variant_game, mode="ai", seats=seats)
    plain = replace(plain_game, mode="ai", seats=seats)
    stats = compute([mine, plain])
    assert stats.team_levels["random"].games == 1
    assert stats.setup_levels[(1, 2)]["random"].games == 1
    assert stats.games == 2
    # two sets: card id 95 is the last card of the 96-card box, a name one set's ids lack
    assert card_names(sets=2)[95] == card_names()[47]
    played = [c.card for c in mine.choices if c.verb == "play"]
    names = card_names(sets=2)
    assert sum(s.played for s in stats.cards.values()) >= len(played)
    assert all(names[cid] in stats.cards for cid in played)


def test_the_daily_deal_counts_only_a_game_of_todays_rules(tmp_path) -> None:
    """The day's deal is 1v1, one set, 2 Mindbugs each: a game of another set-up dealt from
    the day's seed is not that day's attempt."""
    from datetime import date

    from game.persist.daily import DailyBook, deal_for

    book, _ = DailyBook.load(tmp_path / "daily.json")
    deal = deal_for(date(2026, 12, 1), "v")
    book.begin(deal)
    seats = (SeatInfo("person", None, "You"), SeatInfo("computer", "random", "A"),
             SeatInfo("computer", "random", "B"), SeatInfo("computer", "random", "C"))
    other = replace(play_demo(deal.seed, "2v2", ("random",), setup=ONE_AND_TWO), mode="ai",
                    seats=seats)
    assert book.finish(other) is None
    assert book.entry(deal.day).status == "playing"
    mine = replace(play_demo(deal.seed, "1v1", ("random",)), mode="ai", seats=seats[:2])
    assert book.finish(mine) is not None and book.entry(deal.day).status == "done"


def test_the_daily_screens_game_is_dealt_at_todays_rules(tmp_path) -> None:
    from types import SimpleNamespace

    from game.ui.screens import daily as daily_screen

    ctx = SimpleNamespace(store=None)
    config = daily_screen.begin_attempt(ctx, "easy", lambda _record: None)
    assert config.rules == "1v1" and config.setup == Setup()


def test_the_lists_name_a_variant_games_set_up(variant_game, plain_game) -> None:
    from game.common import i18n
    from game.persist.summary import opponent_text

    seats = (SeatInfo("person", None, "You"), SeatInfo("computer", "random", "A"),
             SeatInfo("computer", "random", "B"), SeatInfo("computer", "random", "C"))
    mine = replace(variant_game, mode="ai", seats=seats)
    assert opponent_text(mine) == "vs Random (2v2, 1 Mindbug each, two sets)"
    assert opponent_text(replace(plain_game, mode="ai", seats=seats)) == "vs Random (2v2)"
    try:
        i18n.set_language("de")
        assert "2v2, 1 Mindbug pro Spieler, zwei Spiele" in opponent_text(mine)
    finally:
        i18n.set_language("en")
