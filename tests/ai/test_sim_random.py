"""The batch runner's random-vs-random games (the engine's speed figure): the same deals as
agent games for the same run seed and game number, and a run replays exactly."""

from __future__ import annotations

import pytest

from game.ai import batch
from game.engine import DEFAULT_SETUP


def test_random_games_deal_from_the_games_engine_seed(monkeypatch: pytest.MonkeyPatch) -> None:
    seeds = []
    real = batch.new_game

    def recording_new_game(db, seed, rules="1v1", setup=DEFAULT_SETUP):
        seeds.append(seed)
        return real(db, seed=seed, rules=rules, setup=setup)

    monkeypatch.setattr(batch, "new_game", recording_new_game)
    for index in range(4):
        result = batch.play_game(index, 7, "1v1", None, None)
        assert result.winner in (0, 1)
    assert seeds == [batch.game_seeds(7, index)[0] for index in range(4)]


def test_random_games_replay_and_differ_by_seed() -> None:
    def outcomes(seed: int) -> list[tuple]:
        return [
            (r.winner, r.turns)
            for r in (batch.play_game(i, seed, "2v2", None, None) for i in range(6))
        ]

    assert outcomes(3) == outcomes(3)
    assert outcomes(3) != outcomes(4)
