"""The tuning script (bench/ai_tune.py) runs, replays from its seed and keeps weights sane."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.ai import Weights


@pytest.fixture()
def tuner(monkeypatch: pytest.MonkeyPatch):
    monkeypatch.syspath_prepend(str(Path(__file__).resolve().parents[1]))
    import bench.ai_tune as tuner

    return tuner


def test_vector_round_trip(tuner) -> None:
    w = Weights()
    back = tuner.to_weights(tuner.to_vector(w))
    assert back.keyword == w.keyword
    assert back.hand_fraction == w.hand_fraction and back.mindbug == w.mindbug


def test_weights_stay_positive(tuner) -> None:
    vec = tuner.to_vector(Weights())
    vec = {name: -5.0 for name in vec}
    w = tuner.to_weights(vec)
    assert w.hand_fraction > 0 and w.scale > 0
    assert all(v >= 0 for v in w.keyword.values())


def test_one_generation_replays_from_its_seed(tuner, capsys) -> None:
    a = tuner.tune("medium", generations=1, games=2, seed=3)
    b = tuner.tune("medium", generations=1, games=2, seed=3)
    assert a["weights"] == b["weights"] and a["history"] == b["history"]
    assert a["history"][0]["wins"] + a["history"][0]["losses"] <= 2
    assert "generation 0" in capsys.readouterr().out
