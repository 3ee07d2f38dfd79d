"""Settings files that are not the game's, a newer version's keys, and two copies of the game
on one settings file (issue 22: nothing lost, nothing leaked).

Only a file provably the game's own is ever set aside or replaced; two copies saving the same
file each keep the other's changes (a save merges under the file's lock).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from game.common import settings as S

ROOT = Path(S.__file__).resolve().parents[2]  # the game under test, for subprocesses too
GOOD = {"anim_speed": 2.0, "ai_pause": 0.4, "fullscreen": True, "sound": False, "volume": 0.5,
        "ai_level": "hard", "player_names": ["Ann", "Bo"]}


@pytest.fixture(autouse=True)
def _fresh_memory_only(monkeypatch):
    monkeypatch.setattr(S, "_MEMORY_ONLY", set())


def snapshot(folder: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in folder.iterdir()}


FOREIGN = {
    "notes": b"Buy milk.\nCall Bo.\n",
    "another program's JSON": json.dumps({"theme": "dark", "volume": 3}).encode(),
    "one unknown key among ours": json.dumps({"volume": 0.5, "editor": "vim"}).encode(),
    "a list": b"[1, 2, 3]",
    "not UTF-8": b'{"name": "J\xf6rg"}',
    "empty": b"",
    "a bogus marker": json.dumps({"mindbug_settings": "yes", "volume": 0.5}).encode(),
}


@pytest.mark.parametrize("data", FOREIGN.values(), ids=FOREIGN.keys())
def test_a_file_that_is_not_ours_is_never_moved_or_written(tmp_path, data):
    path = tmp_path / "notes.txt"
    path.write_bytes(data)
    before = snapshot(tmp_path)
    loaded, message = S.load(path)
    assert loaded == S.Settings()
    assert message and "left alone" in message and "\n" not in message and str(path) in message
    loaded.volume = 0.9
    S.save(loaded, path)  # skipped quietly: the banner said so
    S.save(loaded, path)
    assert snapshot(tmp_path) == before  # no rename, no rewrite, not even a lock file


def test_a_file_that_turns_foreign_after_load_is_not_replaced(tmp_path):
    path = tmp_path / "settings.json"
    loaded, _ = S.load(path)  # none yet: the game may create it
    path.write_text(json.dumps({"theme": "dark"}), encoding="utf-8")
    with pytest.raises(OSError, match="left alone"):
        S.save(loaded, path)
    S.save(loaded, path)  # told once, then quiet
    assert json.loads(path.read_text(encoding="utf-8")) == {"theme": "dark"}


def test_every_save_writes_the_marker(tmp_path):
    path = tmp_path / "mine.json"
    S.save(S.Settings(volume=0.7), path)
    data = json.loads(path.read_text(encoding="utf-8"))
    assert data[S.MARKER] == S.MARKER_VERSION and S.foreign_reason(data) is None


def test_an_old_file_without_the_marker_is_ours(tmp_path):
    path = tmp_path / "settings.json"
    path.write_text(json.dumps(GOOD), encoding="utf-8")
    loaded, message = S.load(path)
    assert message is None and loaded.ai_level == "hard"
    loaded.volume = 0.25
    S.save(loaded, path)
    data = json.loads(path.read_text(encoding="utf-8"))
    assert data[S.MARKER] == 1 and data["volume"] == 0.25 and data["ai_level"] == "hard"


def test_a_marked_file_with_a_bad_value_is_still_set_aside(tmp_path):
    path = tmp_path / "custom.json"
    path.write_text(json.dumps({S.MARKER: 1, "volume": "loud", "extra": 1}), encoding="utf-8")
    loaded, message = S.load(path)
    assert loaded.volume == S.Settings().volume and message and "volume" in message
    (aside,) = tmp_path.glob("custom.corrupt-*.json")
    assert json.loads(aside.read_text(encoding="utf-8"))["volume"] == "loud"


def test_a_newer_versions_keys_survive_a_save(tmp_path):
    path = tmp_path / "settings.json"
    future = {S.MARKER: 3, **GOOD, "seating": [0, 1], "theme": {"cards": ["big", 2], "x": None},
              "volume_music": 99}
    path.write_text(json.dumps(future), encoding="utf-8")
    loaded, message = S.load(path)
    assert message is None and not hasattr(loaded, "theme")
    loaded.volume = 0.8
    S.save(loaded, path)
    data = json.loads(path.read_text(encoding="utf-8"))
    assert data == dict(future, volume=0.8, music_volume=0.25, rules="1v1", hints=True, takebacks=True,
                        speech=False, speech_volume=1.0, speech_detail=S.speech_detail_defaults(), speech_voice="own",
                        wait_for_me=False, keys=S.Settings().keys, text_scale=100,
                        colour_vision="off", high_contrast=False, language=loaded.language,
                        seats_2v2=list(S.Settings().seats_2v2), network_name="", mindbugs_2v2=2, sets_2v2=1,
                        speech_output="auto", speech_rate=0.5, online_server="", online_last="")
    assert S.load(path)[0].volume == 0.8  # and still read back (its values never used)


def test_two_copies_keep_each_others_changes(tmp_path):
    path = tmp_path / "settings.json"
    S.save(S.Settings(), path)
    first, _ = S.load(path)
    second, _ = S.load(path)
    first.volume = 0.9
    S.save(first, path)
    second.ai_level = "expert"
    second.player_names = ("Ann", "Bo")
    S.save(second, path)  # wrote the whole file from what it loaded: the volume was lost
    loaded, _ = S.load(path)
    assert loaded.volume == 0.9 and loaded.ai_level == "expert" and loaded.player_names == ("Ann", "Bo")
    first.sound = False  # the first copy saves again: still does not undo the second's level
    S.save(first, path)
    loaded, _ = S.load(path)
    assert (loaded.volume, loaded.ai_level, loaded.sound) == (0.9, "expert", False)


def test_a_setting_changed_back_by_its_own_copy_wins(tmp_path):
    path = tmp_path / "settings.json"
    S.save(S.Settings(volume=0.5), path)
    a, _ = S.load(path)
    b, _ = S.load(path)
    a.volume = 0.1
    S.save(a, path)
    b.volume = 0.6
    S.save(b, path)
    assert S.load(path)[0].volume == 0.6  # both changed it: the later save wins


WAIT_THEN_SAVE = """
import sys, time
from pathlib import Path
from game.common import settings as S
path, loaded_flag, go_flag = map(Path, sys.argv[1:4])
mine, _ = S.load(path)
loaded_flag.write_text("1")
end = time.monotonic() + 30
while not go_flag.exists() and time.monotonic() < end:
    time.sleep(0.02)
mine.volume = 0.15
S.save(mine, path)
"""

CHANGE_LEVEL = """
import sys
from game.common import settings as S
mine, _ = S.load(sys.argv[1])
mine.ai_level = "hard"
mine.hints = False
S.save(mine, sys.argv[1])
"""


def _python(code: str, *args: object) -> list[str]:
    return [sys.executable, "-c", code, *map(str, args)]


def _env() -> dict[str, str]:
    return dict(os.environ, PYTHONPATH=str(ROOT))


def test_two_processes_on_one_settings_file(tmp_path):
    """Two real processes: the one that loaded first and saves last keeps the other's change."""
    path, loaded_flag, go_flag = tmp_path / "settings.json", tmp_path / "loaded", tmp_path / "go"
    S.save(S.Settings(), path)
    first = subprocess.Popen(_python(WAIT_THEN_SAVE, path, loaded_flag, go_flag), env=_env(), cwd=ROOT)
    try:
        end = time.monotonic() + 30
        while not loaded_flag.exists() and first.poll() is None and time.monotonic() < end:
            time.sleep(0.02)
        assert loaded_flag.exists(), "the first process did not start"
        subprocess.run(_python(CHANGE_LEVEL, path), env=_env(), cwd=ROOT, check=True, timeout=60)
        go_flag.write_text("1")
        assert first.wait(60) == 0
    finally:
        if first.poll() is None:
            first.kill()
    loaded, message = S.load(path)
    assert message is None
    assert (loaded.volume, loaded.ai_level, loaded.hints) == (0.15, "hard", False)


def test_the_game_leaves_another_programs_json_alone(tmp_path):
    """``python -m game --settings other.json``: a one-line banner, nothing written there."""
    from game.app import App, parse_args
    from game.ui.screens.title import TitleScene

    other = tmp_path / "other.json"
    other.write_text(json.dumps({"window": {"w": 800}, "recent": ["a.txt"]}), encoding="utf-8")
    before = snapshot(tmp_path)
    app = App(parse_args(["--settings", str(other)]))
    try:
        app.step()
        top = app.ctx.scenes.top
        assert isinstance(top, TitleScene) and top.message and "left alone" in top.message
        app.ctx.settings.volume = 0.9
        assert app.ctx.save_settings() is None
    finally:
        app.close(quit_pygame=False)
    assert snapshot(tmp_path) == before


def test_a_newer_versions_play_key_is_kept_and_the_known_ones_are_read(tmp_path):
    """Issue 41 item 4: a file from a version with one more rebindable action ('next_card')
    keeps the player's own bindings, says nothing, and the next save writes the newer action
    back (but for one whose key this version has given to one of its own actions since)."""
    from game.common import keymap

    path = tmp_path / "settings.json"
    path.write_text(json.dumps({S.MARKER: 2, "volume": 0.5, "keys": {
        "hint": "x", "next_card": "n", "prev_card": "q"}}), encoding="utf-8")
    loaded, message = S.load(path)
    assert message is None
    assert loaded.keys == {**keymap.DEFAULT_KEYS, "hint": "x"} and loaded.volume == 0.5
    assert sorted(p.name for p in tmp_path.iterdir()) == ["settings.json"]  # nothing set aside
    loaded.keys = {**loaded.keys, "browse": "q"}  # prev_card's key, taken here since
    S.save(loaded, path)
    keys = json.loads(path.read_text(encoding="utf-8"))["keys"]
    assert keys == {**keymap.DEFAULT_KEYS, "hint": "x", "browse": "q", "next_card": "n"}
