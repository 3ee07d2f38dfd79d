"""The tuning script (bench/ai_tune.py) runs, replays from its seed and keeps weights sane."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.ai import Weights


@pytest.fixture()
def tuner(monkeypatch: pytest.MonkeyPatch):
    monkeypatch.syspath_prepend(str(Path(__file__).resolve().parents[2]))
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


def test_a_narrow_win_is_noise_not_progress(tuner) -> None:
    # 21-19 over 40 games, or 107-93 over 200, is within one standard error of a coin.
    assert not tuner.clears(21, 19, 40, z=1.0)
    assert not tuner.clears(107, 93, 200, z=1.0)
    assert tuner.clears(108, 92, 200, z=1.0)
    assert not tuner.clears(102, 88, 200, z=1.0)  # draws count half: 107 of 200


def test_a_candidate_is_played_as_a_level_variant(tuner) -> None:
    from game.ai.levels import make_agent

    vec = tuner.clamp({**tuner.to_vector(Weights(), "medium"), "keyword.Tough": 3.25})
    assert "scale" not in vec  # Medium sums raw scores: its play does not depend on it
    agent = make_agent(tuner.spec("medium", vec), 1)
    assert agent.cfg.weights.keyword["Tough"] == 3.25
    assert agent.cfg.weights.hand_fraction == vec["hand_fraction"]


def test_medium_plays_the_tuned_weights_and_the_v1_levels_do_not() -> None:
    from game.ai.levels import make_agent, tuned_values

    tuned = tuned_values("medium")
    assert tuned, "data/ai-weights.json has no tuned weights for Medium"
    weights = make_agent("medium", 1).cfg.weights
    assert weights == Weights().updated(tuned) and weights != Weights()
    # The comparison levels keep what they were: hand-set weights, hard-v1's flat hand cards.
    assert make_agent("medium-v1", 1).cfg.weights == Weights()
    assert make_agent("hard-v1", 1).cfg.weights == Weights(hand_by_card=False)


def test_a_weights_file_is_read_by_level(tmp_path: Path) -> None:
    from game.ai.levels import tuned_values

    path = tmp_path / "w.json"
    path.write_text('{"levels": {"medium": {"weights": {"mindbug": 7, "keyword.Tough": 1}}}}')
    assert tuned_values("medium", path) == {"mindbug": 7.0, "keyword.Tough": 1.0}
    assert tuned_values("hard", path) == {}
    with pytest.raises(ValueError):
        Weights().updated({"keyword.Flying": 1.0})
    with pytest.raises(ValueError):
        Weights().updated({"keyword": 1.0})


@pytest.mark.parametrize("content, where", [
    (b"\xff\xfe not utf-8", "cannot read"),
    (b'{"levels": {"medium": {"weights": {"mindbug": NaN}}}}', "levels.medium.weights.mindbug"),
    (b'{"levels": {"medium": {"weights": {"mindbug": Infinity}}}}', "levels.medium.weights.mindbug"),
    (b'{"levels": {"medium": {"weights": {"mindbug": "7"}}}}', "levels.medium.weights.mindbug"),
    (b'{"levels": {"medium": {"weights": [1, 2]}}}', "levels.medium.weights"),
    (b'{"levels": [1]}', "'levels'"),
    (b"[" * 5000 + b"]" * 5000, "cannot read"),
    (b'{"levels": {"medium": ', "line 1"),
])
def test_a_damaged_weights_file_is_refused_naming_the_file_and_the_place(tmp_path, content, where):
    from game.ai.levels import tuned_values

    path = tmp_path / "ai-weights.json"
    path.write_bytes(content)
    with pytest.raises(ValueError) as err:
        tuned_values("medium", path)
    assert str(path) in str(err.value) and where in str(err.value)
