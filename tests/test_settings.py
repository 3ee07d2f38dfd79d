"""Settings: a round trip through the file, atomic writes, and a damaged file set aside."""

from __future__ import annotations

import json

from game import settings as S


def test_round_trip(tmp_path):
    path = tmp_path / "cfg" / "settings.json"
    s = S.Settings(anim_speed=2.0, ai_pause=0.4, fullscreen=True, sound=False,
                   ai_level="hard", player_names=("Ann", "Bo"))
    S.save(s, path)
    loaded, message = S.load(path)
    assert message is None
    assert loaded == s
    # Atomic write: only the settings file is left, no temp files.
    assert [p.name for p in path.parent.iterdir()] == ["settings.json"]


def test_missing_file_gives_defaults(tmp_path):
    loaded, message = S.load(tmp_path / "nope.json")
    assert loaded == S.Settings()
    assert message is None


def test_corrupt_file_is_set_aside(tmp_path):
    path = tmp_path / "settings.json"
    path.write_text("{ this is not json", encoding="utf-8")
    loaded, message = S.load(path)
    assert loaded == S.Settings()
    assert message and "could not be read" in message
    assert not path.exists()
    aside = list(tmp_path.glob("settings.corrupt-*.json"))
    assert len(aside) == 1 and aside[0].read_text(encoding="utf-8") == "{ this is not json"


def test_wrong_shape_is_corrupt_too(tmp_path):
    path = tmp_path / "settings.json"
    path.write_text(json.dumps([1, 2, 3]), encoding="utf-8")
    loaded, message = S.load(path)
    assert loaded == S.Settings() and message


def test_out_of_range_values_are_clamped(tmp_path):
    path = tmp_path / "settings.json"
    path.write_text(json.dumps({"anim_speed": 99, "ai_level": "godlike", "extra": 1}), encoding="utf-8")
    loaded, message = S.load(path)
    assert message is None
    assert loaded.anim_speed == 5.0 and loaded.ai_level == "medium"
