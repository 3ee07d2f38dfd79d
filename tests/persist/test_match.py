"""Matches (game/persist/match.py): best of 3 and 5, the first player alternating, a match saved
between games and after a kill resumes with the right score, damaged match files set aside,
and match statistics from tagged replays."""

from __future__ import annotations

import json
from dataclasses import replace

import pytest

from game.ai.demo_games import play_demo
from game.persist import record as rec
from game.persist.match import (
    MatchError,
    MatchSeries,
    MatchTag,
    dumps_tagged,
    match_stats,
    read_tag,
    starting_team,
    tagged_replays,
)
from game.persist.record import GameRecord, Result, SeatInfo

SEATS = (SeatInfo("person", None, "You"), SeatInfo("computer", "easy", "Computer (Easy)"))


def played(seed: int) -> GameRecord:
    """The finished game a person would have played on ``seed`` (the computer plays both)."""
    return replace(play_demo(seed, "1v1", ("easy",)), mode="ai", seats=SEATS)


def test_a_best_of_three_resumes_with_the_right_score_after_kills(tmp_path):
    path = tmp_path / "match.json"
    series = MatchSeries.new(3, "1v1", "ai", SEATS, seed=2026, path=path)
    first = series.start_game()
    assert starting_team(first.seed, "1v1") == first.first
    # Killed during game 1: the match file alone says which game is under way.
    series, message = MatchSeries.load(path)
    assert message is None and series.current == first and series.score == (0, 0)
    assert series.start_game() == first  # the same deal again, not a new one
    series.game_finished(played(first.seed))
    expected = [0, 0]
    expected[played(first.seed).result.winner] += 1
    firsts = [first.first]
    while True:
        # Saved between games: a fresh process reads the score and deals the same next game.
        series, _ = MatchSeries.load(path)
        assert series.score == tuple(expected) and series.current is None
        if series.over:
            break
        game = series.start_game()
        assert game.first == 1 - firsts[-1] == starting_team(game.seed, "1v1")
        firsts.append(game.first)
        series, _ = MatchSeries.load(path)  # killed in the middle of this game
        assert series.current == game and series.score == tuple(expected)
        result = played(game.seed)
        series.game_finished(result)
        expected[result.result.winner] += 1
    assert max(expected) == 2 and series.winner == expected.index(2)
    assert len(series.games) == sum(expected) and 2 <= len(series.games) <= 3
    assert [g.first for g in series.games] == firsts
    with pytest.raises(MatchError, match="over"):
        series.start_game()


def test_the_deals_follow_from_the_match_seed():
    a = MatchSeries.new(5, "2v2", "demo", SEATS * 2, seed=77)
    b = MatchSeries.new(5, "2v2", "demo", SEATS * 2, seed=77)
    assert a.deal_next() == b.deal_next() and a.id == b.id
    assert MatchSeries.new(5, "2v2", "demo", SEATS * 2, seed=78).deal_next() != a.deal_next()


def test_a_single_game_and_a_best_of_five():
    single = MatchSeries.new(1, "1v1", "ai", SEATS, seed=1)
    game = single.start_game()
    single.game_finished(played(game.seed))
    assert single.over and single.winner == single.games[0].winner
    five = MatchSeries.new(5, "1v1", "ai", SEATS, seed=1)
    fake = five.start_game()
    for k in range(4):
        assert not five.over
        five.game_finished(GameRecord("1v1", "ai", fake.seed, SEATS, (), result=Result(
            k % 2, "life", 9)))
        fake = five.start_game()
    five.game_finished(GameRecord("1v1", "ai", fake.seed, SEATS, (), result=Result(0, "life", 9)))
    assert five.score == (3, 2) and five.winner == 0


def test_only_the_game_under_way_counts():
    series = MatchSeries.new(3, "1v1", "ai", SEATS, seed=5)
    with pytest.raises(MatchError):
        series.game_finished(played(11))  # nothing under way
    game = series.start_game()
    with pytest.raises(MatchError):
        series.game_finished(played(game.seed + 1))
    with pytest.raises(MatchError, match="not ended"):
        series.game_finished(replace(played(game.seed), result=None))
    with pytest.raises(MatchError):
        MatchSeries.new(2, "1v1", "ai", SEATS)


def test_a_crash_after_the_replay_was_kept_is_reconciled(tmp_path):
    path = tmp_path / "match.json"
    series = MatchSeries.new(3, "1v1", "ai", SEATS, seed=9, path=path)
    game = series.start_game()
    kept = [played(12345), played(game.seed)]  # the replays the store kept
    series, _ = MatchSeries.load(path)
    assert series.reconcile(kept) and series.current is None and len(series.games) == 1
    assert not series.reconcile(kept)


def good_match() -> dict:
    series = MatchSeries.new(3, "1v1", "ai", SEATS, seed=4)
    series.start_game()
    return series.to_data()


@pytest.mark.parametrize("edit", [
    lambda d: d.update(format="x"),
    lambda d: d.update(version=2),
    lambda d: d.update(length=4),
    lambda d: d.update(length=True),
    lambda d: d.update(rules="3v3"),
    lambda d: d.update(id="../../etc"),
    lambda d: d.update(seed=-1),
    lambda d: d.update(seats=d["seats"][:1]),
    lambda d: d["seats"][1].update(level="godlike"),
    lambda d: d["seats"][0].update(level="hard"),
    lambda d: d.update(games=[{"seed": 1, "first": 0, "winner": 0, "turns": 3}] * 4),
    lambda d: d.update(games=[{"seed": 1, "first": 0, "winner": 0, "turns": 3}] * 3),
    lambda d: d.update(games=[{"seed": 1, "first": 2, "winner": 0, "turns": 3}]),
    lambda d: d["current"].update(winner=1),
    lambda d: d.update(current=[1, 2]),
])
def test_a_damaged_match_file_is_set_aside(tmp_path, edit):
    data = good_match()
    edit(data)
    path = tmp_path / "match.json"
    path.write_text(json.dumps(data))
    series, message = MatchSeries.load(path)
    assert series is None and "kept as" in message and "\n" not in message
    assert not path.exists() and len(list(tmp_path.glob("match.broken-*.json"))) == 1


def test_unreadable_bytes_are_set_aside_too(tmp_path):
    path = tmp_path / "match.json"
    path.write_bytes(b"\xff" + b"[" * 5000)
    assert MatchSeries.load(path)[0] is None and not path.exists()
    assert MatchSeries.load(tmp_path / "none.json") == (None, None)


def test_a_good_file_reads_back_exactly(tmp_path):
    path = tmp_path / "match.json"
    series = MatchSeries.new(5, "1v1", "ai", SEATS, seed=4, path=path)
    series.start_game()
    again, _ = MatchSeries.load(path)
    assert again.to_data() == series.to_data()


# ---------------------------------------------------------------------------------------------
# Tags and statistics
# ---------------------------------------------------------------------------------------------
def test_a_tagged_replay_still_reads_as_a_replay():
    record = replace(played(3), cards=rec.card_fingerprint())
    text = dumps_tagged(record, MatchTag("0123456789ab", 2, 3))
    assert rec.loads(text) == rec.loads(rec.dumps(record))
    assert read_tag(text) == MatchTag("0123456789ab", 2, 3)
    assert read_tag(rec.dumps(record)) is None
    for bad in ({"id": "x", "game": 1, "of": 3}, {"id": "0123456789ab", "game": 4, "of": 3},
                {"id": "0123456789ab", "game": True, "of": 3}, [1]):
        assert read_tag('{"match":' + json.dumps(bad) + "," + rec.dumps(record)[1:]) is None


def test_kept_replays_of_a_match_are_counted_from_the_store(tmp_path):
    from game.persist.store import Store

    store = Store(tmp_path)
    series = MatchSeries.new(1, "1v1", "ai", SEATS, seed=31, path=tmp_path / "match.json")
    game = series.start_game()
    record = replace(played(game.seed), cards=rec.card_fingerprint())
    tag = series.tag_for(record)
    assert tag == MatchTag(series.id, 1, 1)
    series.game_finished(record)
    assert series.tag_for(record) == tag and series.tag_for(played(999)) is None
    (tmp_path / "replays").mkdir()
    (tmp_path / "replays" / "replay-20261201-120000-1.json").write_text(
        dumps_tagged(record, tag), encoding="utf-8")
    store.save_replay(replace(record, seed=5))  # a game outside any match
    (tmp_path / "replays" / "replay-20261201-130000-2.json").write_text("{", encoding="utf-8")
    tagged = tagged_replays(store)
    assert sorted((r.seed, t) for r, t in tagged) == sorted([(record.seed, tag), (5, None)])
    stats = match_stats(tagged)
    assert stats.played == 1 and stats.won == int(record.result.winner == 0)


def fake(winner: int, you: int = 0, mode: str = "ai") -> GameRecord:
    seats = SEATS if you == 0 else SEATS[::-1]
    return GameRecord("1v1", mode, 1, seats, (), result=Result(winner, "life", 9))


def test_match_statistics_from_tagged_replays():
    a, b, c, d = "aaaaaaaaaaaa", "bbbbbbbbbbbb", "cccccccccccc", "dddddddddddd"
    tagged = [
        (fake(0), MatchTag(a, 1, 3)), (fake(1), MatchTag(a, 2, 3)), (fake(0), MatchTag(a, 3, 3)),
        (fake(1), MatchTag(b, 1, 3)), (fake(1), MatchTag(b, 2, 3)),
        (fake(0), MatchTag(c, 1, 5)), (fake(0), MatchTag(c, 2, 5)),  # given up at 2-0
        (fake(0), MatchTag(d, 1, 1)), (fake(0), MatchTag(d, 1, 1)),  # the same game twice
        (fake(0), None), (fake(0, mode="demo"), MatchTag("eeeeeeeeeeee", 1, 1)),
        (fake(1, you=1), MatchTag("ffffffffffff", 1, 1)),  # you in seat 1, and won
    ]
    stats = match_stats(tagged)
    assert (stats.played, stats.won, stats.unfinished) == (4, 3, 1)
    assert stats.by_length == {3: [2, 1], 1: [2, 2]}


def test_a_match_game_kept_by_the_saver_carries_its_tag(tmp_path):
    """The window's autosave (MatchSaver) keeps a match's game with its tag, so statistics count
    the match; a game outside a match is kept as plain as before."""
    from game.persist.session import MatchSaver
    from game.persist.store import Store
    from game.persist.writer import BackgroundWriter

    store, writer = Store(tmp_path), BackgroundWriter()
    try:
        tag = MatchTag("0123456789ab", 1, 3)
        tagged = MatchSaver(store, writer, tag=tag)
        tagged.finished(played(5))
        plain = MatchSaver(store, writer)
        plain.finished(played(6))
        writer.flush(10.0)
    finally:
        writer.close()
    assert read_tag(tagged.replay_path.read_text(encoding="utf-8")) == tag
    assert read_tag(plain.replay_path.read_text(encoding="utf-8")) is None
    assert sorted((r.seed, t) for r, t in tagged_replays(store)) == [(5, tag), (6, None)]
