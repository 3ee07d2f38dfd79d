"""Settings: a round trip, atomic writes, and every kind of damaged file (issue 11, item 2).

A damaged file must never stop or hang the game: it is set aside (only if it is a regular
file and the game's own), the defaults are used, the player gets one message, and nothing
invalid is written. tests/common/test_settings_files.py: files that are not the game's, two copies.
"""

from __future__ import annotations

import codecs
import json
import math
import os
import sys
import threading
import time
from dataclasses import fields

import pytest

from game.common import settings as S

GOOD = {"anim_speed": 2.0, "ai_pause": 0.4, "fullscreen": True, "sound": False, "volume": 0.5,
        "ai_level": "hard", "player_names": ["Ann", "Bo"]}


@pytest.fixture
def own_path(tmp_path, monkeypatch):
    """tmp_path/settings.json as the game's own settings path (what lies there is the game's)."""
    path = tmp_path / "settings.json"
    monkeypatch.setattr(S, "default_path", lambda: path)
    return path


def load_soon(path, seconds: float = 5.0):
    """S.load in a thread, so a hang (a FIFO) fails the test instead of blocking the run."""
    out: list = []
    t = threading.Thread(target=lambda: out.append(S.load(path)), daemon=True)
    t.start()
    t.join(seconds)
    assert out, f"loading {path} hung"
    return out[0]


def test_round_trip(tmp_path):
    path = tmp_path / "cfg" / "settings.json"
    s = S.Settings(anim_speed=2.0, ai_pause=0.4, fullscreen=True, sound=False,
                   ai_level="hard", player_names=("Ann", "Bo"))
    S.save(s, path)
    loaded, message = S.load(path)
    assert message is None
    assert loaded == s
    # Atomic write: only the settings file (and its lock) is left, no temp files.
    assert sorted(p.name for p in path.parent.iterdir()) == [".settings.json.lock", "settings.json"]


def test_missing_file_gives_defaults(tmp_path):
    loaded, message = S.load(tmp_path / "nope.json")
    assert loaded == S.Settings()
    assert message is None


def test_every_field_has_a_validator():
    assert set(S.VALIDATORS) == {f.name for f in fields(S.Settings)}
    # and every default passes its own validator
    values, bad = S.check_fields(S.Settings().to_dict())
    assert bad == [] and S.Settings(**values) == S.Settings()


def test_corrupt_file_is_set_aside(tmp_path, own_path):
    path = own_path
    path.write_text("{ this is not json", encoding="utf-8")
    loaded, message = S.load(path)
    assert loaded == S.Settings()
    assert message and "could not be read" in message
    assert not path.exists()
    aside = list(tmp_path.glob("settings.corrupt-*.json"))
    assert len(aside) == 1 and aside[0].read_text(encoding="utf-8") == "{ this is not json"
    assert aside[0].name in message


def test_wrong_shape_is_corrupt_too(tmp_path):
    path = tmp_path / "settings.json"
    path.write_text(json.dumps([1, 2, 3]), encoding="utf-8")
    loaded, message = S.load(path)
    assert loaded == S.Settings() and message


def write_bytes(tmp_path, data: bytes):
    path = tmp_path / "settings.json"
    path.write_bytes(data)
    return path


# Each of these stopped or hung the game before (issue 11): now defaults + a message + set aside.
UNUSABLE = {
    "not utf-8": b'{"ai_level": "hard", "player_names": ["J\xf6rg", "Bo"]}',
    "400-digit int": b'{"anim_speed": ' + b"9" * 400 + b"}",
    "100000 deep": b"[" * 100_000 + b"]" * 100_000,
    "garbage": bytes(range(256)) * 4,
    "nan": b'{"anim_speed": NaN, "ai_pause": NaN}',
    "infinity": b'{"anim_speed": Infinity}',
    "1e400": b'{"ai_pause": 1e400}',
    "too big": b'{"x": "' + b"a" * (2 << 20) + b'"}',
    "empty": b"",
}


@pytest.mark.parametrize("data", UNUSABLE.values(), ids=UNUSABLE.keys())
def test_unusable_file_gives_defaults_and_is_set_aside(tmp_path, own_path, data):
    path = write_bytes(tmp_path, data)
    loaded, message = load_soon(path)
    assert loaded == S.Settings()
    assert message and "settings file" in message and "\n" not in message
    assert not path.exists()
    (aside,) = tmp_path.glob("settings.corrupt-*.json")
    assert aside.read_bytes() == data  # nothing is lost
    S.save(loaded, path)  # and what is written next is clean
    assert S.load(path) == (S.Settings(), None)


def test_latin1_file_is_set_aside_not_guessed(tmp_path):
    text = json.dumps({"player_names": ["Jörg", "Zoë"]}, ensure_ascii=False)
    path = write_bytes(tmp_path, text.encode("latin-1"))
    loaded, message = S.load(path)
    assert loaded == S.Settings() and message and "UTF-8" in message


@pytest.mark.parametrize("codec", ["utf-16", "utf-8-sig"])
def test_unicode_with_a_bom_is_read(tmp_path, codec):
    """Notepad's "Unicode" is UTF-16 with a BOM; "UTF-8" adds a BOM too: both are fine."""
    text = json.dumps(dict(GOOD, player_names=["Jörg", "Zoë"]), ensure_ascii=False)
    path = write_bytes(tmp_path, text.encode(codec))
    if codec == "utf-16":
        assert path.read_bytes()[:2] in (codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)
    loaded, message = S.load(path)
    assert message is None
    assert loaded.player_names == ("Jörg", "Zoë") and loaded.ai_level == "hard"


# A readable object with some bad values: those are defaulted, the good ones kept.
BAD_VALUES = {
    "anim_speed": ["fast", None, True, 0, -1, 99, 1e300, [1]],
    "ai_pause": ["0.4", -0.1, 6, False],
    "fullscreen": ["false", "no", 0, 1, None, "true"],
    "sound": ["no", "off", 0, "yes"],
    "volume": [2, -0.5, "loud"],
    "ai_level": ["godlike", 3, None, ["hard"], "HARD"],
    "player_names": ["Ann", ["Ann"], ["Ann", "Bo", "Cy"], ["Ann", 5], ["", "Bo"],
                     ["A" * 200, "Bo"], ["Ann\x00", "Bo"], {"a": 1}],
    "text_scale": [99, 120, 250, "150", "150%", True, 1.5, None, [150]],
}


@pytest.mark.parametrize("field,value", [(k, v) for k, vs in BAD_VALUES.items() for v in vs])
def test_invalid_value_is_defaulted_and_the_rest_kept(tmp_path, field, value):
    path = tmp_path / "settings.json"
    path.write_text(json.dumps(dict(GOOD, **{field: value})), encoding="utf-8")
    loaded, message = S.load(path)
    assert getattr(loaded, field) == getattr(S.Settings(), field)
    for other, good in GOOD.items():  # every other value survives
        if other != field:
            want = tuple(good) if isinstance(good, list) else good
            assert getattr(loaded, other) == want
    assert message and field in message and "\n" not in message
    (aside,) = tmp_path.glob("settings.corrupt-*.json")  # the original is kept
    assert json.loads(aside.read_text(encoding="utf-8"))[field] == value


def test_false_strings_do_not_turn_things_on(tmp_path):
    path = tmp_path / "settings.json"
    path.write_text('{"fullscreen": "false", "sound": "no"}', encoding="utf-8")
    loaded, _message = S.load(path)
    assert loaded.fullscreen is False and loaded.sound is True  # the defaults, not bool("no")
    path.write_text('{"fullscreen": false, "sound": false}', encoding="utf-8")
    assert S.load(path) == (S.Settings(fullscreen=False, sound=False), None)


def test_unknown_keys_are_ignored(tmp_path):
    """A file from a newer version (with more fields) still loads, without a complaint."""
    path = tmp_path / "settings.json"
    path.write_text(json.dumps(dict(GOOD, language="de", seating=[0, 1], mindbug_settings=2)),
                    encoding="utf-8")
    loaded, message = S.load(path)
    assert message is None and loaded.ai_level == "hard"


def test_nothing_invalid_is_ever_written(tmp_path):
    path = tmp_path / "settings.json"
    bad = S.Settings(anim_speed=math.nan, ai_pause=math.inf, fullscreen="no", volume=-3,
                     ai_level="godlike", player_names=("Ann",))
    S.save(bad, path)
    text = path.read_text(encoding="utf-8")
    assert "NaN" not in text and "Infinity" not in text
    assert S.load(path) == (S.Settings(), None)


def test_stale_temp_files_are_removed_on_load(tmp_path):
    path = tmp_path / "settings.json"
    S.save(S.Settings(), path)
    old = time.time() - 3600
    stale = [tmp_path / f".settings-abc{i}.tmp" for i in range(43)]
    for p in stale:
        p.write_text("{", encoding="utf-8")
        os.utime(p, (old, old))
    fresh = tmp_path / ".settings-now.tmp"  # may belong to a save running right now
    fresh.write_text("{", encoding="utf-8")
    other = tmp_path / "notes.tmp"
    other.write_text("mine", encoding="utf-8")
    assert S.load(path) == (S.Settings(), None)
    assert sorted(p.name for p in tmp_path.iterdir()) == [
        ".settings-now.tmp", ".settings.json.lock", "notes.tmp", "settings.json"]


posix_only = pytest.mark.skipif(sys.platform == "win32", reason="POSIX special files")


@posix_only
def test_dev_null_is_never_moved_or_replaced(tmp_path, monkeypatch):
    null = "/dev/null"
    before = os.stat(null)
    replaced = []
    real_replace = os.replace
    monkeypatch.setattr(os, "replace", lambda a, b: (replaced.append((a, b)), real_replace(a, b)))
    monkeypatch.setattr(S, "_MEMORY_ONLY", set())
    loaded, message = S.load(S.Path(null))
    assert loaded == S.Settings()
    assert message and "only until you quit" in message
    S.save(S.Settings(sound=False), S.Path(null))  # skipped quietly: the banner said so once
    S.save(S.Settings(sound=False), S.Path(null))
    assert replaced == []
    after = os.stat(null)
    assert (after.st_ino, after.st_rdev, after.st_mode) == (before.st_ino, before.st_rdev, before.st_mode)
    assert not list(tmp_path.iterdir())


@posix_only
def test_fifo_does_not_hang(tmp_path):
    path = tmp_path / "settings.json"
    os.mkfifo(path)
    loaded, message = load_soon(path)
    assert loaded == S.Settings() and message
    S.save(S.Settings(), path)  # skipped quietly: load already said so
    assert path.exists() and not path.is_file()  # left where it is


@posix_only
def test_saving_to_a_special_file_says_so_once(tmp_path, monkeypatch):
    """A path that became a FIFO after load: the first save reports it, later ones are quiet."""
    monkeypatch.setattr(S, "_MEMORY_ONLY", set())
    path = tmp_path / "settings.json"
    os.mkfifo(path)
    with pytest.raises(OSError, match="only until you quit"):
        S.save(S.Settings(), path)
    S.save(S.Settings(), path)
    assert not path.is_file()


@posix_only
def test_link_to_dev_zero_is_not_read(tmp_path):
    path = tmp_path / "settings.json"
    path.symlink_to("/dev/zero")
    start = time.monotonic()
    loaded, message = load_soon(path)
    assert time.monotonic() - start < 2
    assert loaded == S.Settings() and message
    assert path.is_symlink() and os.readlink(path) == "/dev/zero"
    S.save(S.Settings(), path)
    assert os.readlink(path) == "/dev/zero"


def test_a_folder_is_left_alone(tmp_path):
    path = tmp_path / "settings.json"
    path.mkdir()
    loaded, message = S.load(path)
    assert loaded == S.Settings() and message
    assert path.is_dir()


# --- the whole game starts with such a file: a window, the title screen, a banner ----------

START_CASES = {
    "not utf-8": b'{"ai_level": "hard", "player_names": ["J\xf6rg", "Bo"]}',
    "nan": b'{"anim_speed": NaN, "ai_pause": NaN}',
    "fullscreen text": b'{"fullscreen": "false", "sound": "no"}',
    "100000 deep": b"[" * 100_000 + b"]" * 100_000,
}


@pytest.mark.parametrize("case", list(START_CASES) + ["fifo", "/dev/null"])
def test_app_starts_with_a_bad_settings_file(tmp_path, own_path, case):
    import pygame

    from game.app import App, parse_args
    from game.ui.screens.title import TitleScene

    if case == "/dev/null":
        if sys.platform == "win32":
            pytest.skip("POSIX only")
        path = "/dev/null"
    elif case == "fifo":
        if sys.platform == "win32":
            pytest.skip("POSIX only")
        path = tmp_path / "settings.json"
        os.mkfifo(path)
    else:
        path = write_bytes(tmp_path, START_CASES[case])
    app = App(parse_args(["--settings", str(path)]))
    try:
        app.step()
        assert pygame.display.get_surface() is not None and app.ctx.frames >= 1
        top = app.ctx.scenes.top
        assert isinstance(top, TitleScene) and top.message  # the banner says what happened
        s = app.ctx.settings
        assert math.isfinite(s.anim_speed) and math.isfinite(s.ai_pause)
        assert s.fullscreen is False and isinstance(s.sound, bool)
        assert app.ctx.save_settings() is None  # saving is fine (or quietly skipped)
        if case == "nan":  # the NaN is not saved back
            assert "NaN" not in path.read_text(encoding="utf-8")
    finally:
        app.close(quit_pygame=False)


def test_random_values_never_escape_validation(tmp_path):
    """Seeded random files: load never raises and always returns settings every validator
    accepts (so nothing invalid can reach the game or be saved back)."""
    import random

    rng = random.Random(11)
    pool = [None, True, False, 0, -1, 1, 0.3, 2.0, 1e300, -1e-300, "", "hard", "x" * 50,
            [], ["a", "b"], ["a", 1], {}, {"a": 1}, "false", "NaN", 10**30]
    path = tmp_path / "settings.json"
    for _ in range(300):
        data = {f.name: rng.choice(pool) for f in fields(S.Settings) if rng.random() < 0.7}
        path.write_text(json.dumps(data), encoding="utf-8")
        loaded, _message = S.load(path)
        assert S.check_fields(loaded.to_dict())[1] == []


@posix_only
def test_a_link_to_a_regular_file_is_read_but_never_replaced(tmp_path, monkeypatch):
    monkeypatch.setattr(S, "_MEMORY_ONLY", set())
    real = tmp_path / "dotfiles" / "settings.json"
    real.parent.mkdir()
    real.write_text(json.dumps(GOOD), encoding="utf-8")
    link = tmp_path / "settings.json"
    link.symlink_to(real)
    loaded, message = S.load(link)
    assert loaded.ai_level == "hard" and message and "only until you quit" in message
    S.save(S.Settings(), link)  # skipped quietly
    assert link.is_symlink() and json.loads(real.read_text(encoding="utf-8")) == GOOD
    real.write_text('{"sound": "no"}', encoding="utf-8")  # bad values: nothing is moved
    loaded, message = S.load(link)
    assert loaded.sound is True and "sound" in message and link.is_symlink() and real.exists()


def test_a_valid_text_size_is_kept(tmp_path):
    """The text size (issue 25, item 4): each of 100 to 200 in steps of 25 survives a load."""
    for percent in S.TEXT_SCALES:
        path = tmp_path / "settings.json"
        path.write_text(json.dumps(dict(GOOD, text_scale=percent)), encoding="utf-8")
        loaded, message = S.load(path)
        assert message is None and loaded.text_scale == percent
