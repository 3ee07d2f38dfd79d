"""Glicko-2 as Glickman's paper computes it, ratings in 2v2, and the store of the Elo days
migrated with every rating kept."""

from __future__ import annotations

import sqlite3

import pytest

from game.server.glicko import IDLE_PERIOD, Rating, idle, rd_after_games, team_game, update
from game.server.store import ServerStore


def test_the_papers_worked_example():
    # "Example of the Glicko-2 system" (Glickman, 2013): 1500/200/0.06 against 1400/30 (won),
    # 1550/100 (lost) and 1700/300 (lost), tau 0.5. The paper rounds as it goes and prints
    # 1464.06, 151.52 and 0.05999; exact arithmetic gives 1464.0507, 151.5165, 0.059996.
    after = update(Rating(1500, 200, 0.06), [(Rating(1400, 30), 1.0), (Rating(1550, 100), 0.0),
                                             (Rating(1700, 300), 0.0)])
    assert after.rating == pytest.approx(1464.06, abs=0.015)
    assert after.rd == pytest.approx(151.52, abs=0.005)
    assert after.volatility == pytest.approx(0.05999, abs=0.00001)


def test_a_period_without_games_only_widens_the_rd_and_never_past_350():
    assert update(Rating(1600, 50, 0.06), []) == Rating(1600, pytest.approx(51.0749, abs=1e-4),
                                                        0.06)
    assert update(Rating(1600, 349.99, 0.06), []).rd == 350.0


def test_a_player_away_comes_back_less_sure_by_the_day_up_to_a_newcomers_rd():
    settled = Rating(1700, 50, 0.06)
    assert [round(idle(settled, days).rd) for days in (0, 30, 365, 3 * 365, 10_000)] == \
        [50, 76, 205, 349, 350]
    assert idle(settled, 365).rating == 1700  # only the doubt grows
    assert idle(settled, -5) == settled  # a clock set back changes nothing


def test_an_upset_moves_more_than_an_expected_win_and_a_sure_rating_moves_less():
    strong, weak = Rating(1800, 60), Rating(1400, 60)
    expected = update(strong, [(weak, 1.0)]).rating - strong.rating
    upset = update(weak, [(strong, 1.0)]).rating - weak.rating
    assert 0 < expected < 5 < upset
    unsure = update(Rating(1500, 300), [(Rating(1500, 60), 1.0)]).rating - 1500
    sure = update(Rating(1500, 60), [(Rating(1500, 60), 1.0)]).rating - 1500
    assert unsure > 4 * sure > 0


def test_a_team_meets_the_other_as_one_opponent_each_player_moving_by_their_own_rd():
    ratings = [Rating(1500, 80), Rating(1500, 80), Rating(1500, 300), Rating(1500, 80)]
    after = team_game(ratings, 0)
    assert after[0].rating > 1500 and after[2].rating > after[0].rating  # seats 0 and 2 won
    assert after[1].rating < 1500 and after[3].rating < 1500
    assert after[1] == after[3]  # the same rating and RD against the same team: the same move
    assert [r.rd < before.rd for r, before in zip(after, ratings)] == [True] * 4


def test_an_elo_store_is_migrated_keeping_every_rating(tmp_path):
    folder = tmp_path / "server"
    folder.mkdir()
    old = sqlite3.connect(folder / "server.sqlite3")  # the store as the Elo server left it
    old.executescript("""
        CREATE TABLE players (key TEXT PRIMARY KEY, name TEXT NOT NULL, rating REAL NOT NULL,
            games INTEGER NOT NULL, wins INTEGER NOT NULL, seen REAL NOT NULL);
        INSERT INTO players VALUES ('aa', 'Ada', 1612.5, 10, 8, 1000.0),
            ('bb', 'Basil', 1500, 0, 0, 0), ('cc', 'Cleo', 1440.25, 1, 0, 0);""")
    old.commit()
    old.close()
    store = ServerStore(folder)
    rows = store.db.execute("SELECT key, rating, rd, volatility, games, wins FROM players "
                            "ORDER BY key").fetchall()
    assert rows == [("aa", 1612.5, rd_after_games(10), 0.06, 10, 8),
                    ("bb", 1500.0, 350.0, 0.06, 0, 0),
                    ("cc", 1440.25, rd_after_games(1), 0.06, 1, 0)]
    assert 140 < rd_after_games(10) < 160 and 280 < rd_after_games(1) < 300
    assert store.rating("aa") == Rating(1612.5, rd_after_games(10), 0.06)
    # Its last ranked game is taken to be its last login: a year later its RD has grown.
    a_year_on = 1000.0 + 365 * IDLE_PERIOD
    assert store.rating("aa", a_year_on) == idle(store.rating("aa"), 365)
    assert store.rating("bb", a_year_on) == Rating()  # never rated: a newcomer
    # The leaderboard sorts by rating - 2 RD; a player without a ranked game is not on it.
    assert [key for key, *_ in store.leaders(10)] == ["aa", "cc"]
    assert store.standing("cc")[0] == 2 and store.standing("bb") is None
    store.close()
    again = ServerStore(folder)  # opened again: migrated once, nothing changes
    assert again.db.execute("SELECT rd FROM players WHERE key='aa'").fetchone()[0] \
        == rd_after_games(10)
    again.close()
