"""The game's other small files (issue 22): learn progress shared by two copies of the game,
F12's screenshots that never overwrite a picture, and the writing helpers behind them."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from game.common import safe_files
from game.ui.learn import progress as P

ROOT = Path(P.__file__).resolve().parents[3]  # the game under test, for subprocesses too


def _env() -> dict[str, str]:
    return dict(os.environ, PYTHONPATH=str(ROOT))


# --- learn.json ----------------------------------------------------------------------------

def test_two_copies_keep_each_others_solved_puzzles(tmp_path):
    path = tmp_path / "learn.json"
    first, second = P.load(path), P.load(path)
    assert first.mark_solved("p01-lunge") is None
    assert second.mark_solved("p02-ferret") is None  # wrote what it loaded: p01 was lost
    assert second.mark_lesson("l01") is None
    assert first.mark_offered() is None
    again = P.load(path)
    assert again.solved == {"p01-lunge", "p02-ferret"} and again.lessons == {"l01"} and again.offered
    assert first.solved == again.solved  # a save also brings in what the other copy did


def test_a_newer_versions_keys_survive(tmp_path):
    path = tmp_path / "learn.json"
    path.write_text(json.dumps({"version": 1, "solved": ["a"], "streak": {"days": 3},
                                "medals": ["gold"]}), encoding="utf-8")
    progress = P.load(path)
    assert progress.message is None
    progress.mark_solved("b")
    data = json.loads(path.read_text(encoding="utf-8"))
    assert data["solved"] == ["a", "b"] and data["streak"] == {"days": 3} and data["medals"] == ["gold"]


def test_a_newer_version_file_is_left_as_it_is(tmp_path):
    path = tmp_path / "learn.json"
    text = json.dumps({"version": 2, "solved": {"a": 1}})
    path.write_text(text, encoding="utf-8")
    progress = P.load(path)
    assert progress.message and "newer version" in progress.message and "\n" not in progress.message
    assert progress.mark_solved("b") is None and progress.mark_offered() is None
    assert [p.name for p in tmp_path.iterdir()] == ["learn.json"]  # not set aside, not written
    assert path.read_text(encoding="utf-8") == text


def test_a_damaged_file_is_still_set_aside(tmp_path):
    path = tmp_path / "learn.json"
    path.write_bytes(b"\xff\xfe garbage")
    progress = P.load(path)
    assert progress.message and "set aside" in progress.message
    assert len(list(tmp_path.glob("learn.corrupt-*.json"))) == 1


def test_a_huge_unknown_version_is_named_short(tmp_path):
    """Found by bench/hostile_files.py: a 100,000-character version went whole into the line."""
    path = tmp_path / "learn.json"
    path.write_text(json.dumps({"version": "x" * 100_000}), encoding="utf-8")
    progress = P.load(path)
    assert progress.message and "set aside" in progress.message and len(progress.message) < 400


MARK_MANY = """
import sys
from game.ui.learn import progress as P
path, who = sys.argv[1], sys.argv[2]
mine = P.load(path)
for i in range(25):
    assert mine.mark_solved(f"{who}-{i:02d}") is None, mine.message
"""


def test_two_processes_marking_at_once_lose_nothing(tmp_path):
    """Two real processes, each marking 25 puzzles as fast as it can: all 50 are kept."""
    path = tmp_path / "learn.json"
    procs = [subprocess.Popen([sys.executable, "-c", MARK_MANY, str(path), who], env=_env(),
                              cwd=ROOT) for who in ("a", "b")]
    try:
        assert [p.wait(120) for p in procs] == [0, 0]
    finally:
        for p in procs:
            if p.poll() is None:
                p.kill()
    solved = P.load(path).solved
    assert solved == {f"{who}-{i:02d}" for who in "ab" for i in range(25)}


# --- the writing helpers ---------------------------------------------------------------------

def test_write_new_never_replaces_a_file(tmp_path):
    path = tmp_path / "pic.png"
    path.write_bytes(b"the player's picture")
    with pytest.raises(FileExistsError):
        safe_files.write_new(path, lambda fh: fh.write(b"new"))
    assert path.read_bytes() == b"the player's picture"
    safe_files.write_new(tmp_path / "other.png", lambda fh: fh.write(b"new"))
    assert sorted(p.name for p in tmp_path.iterdir()) == ["other.png", "pic.png"]  # no temp left


def test_write_new_leaves_nothing_when_writing_fails(tmp_path):
    def broken(fh):
        fh.write(b"half")
        raise OSError("disk full")

    with pytest.raises(OSError):
        safe_files.write_new(tmp_path / "pic.png", broken)
    assert list(tmp_path.iterdir()) == []


HOLD_LOCK = """
import sys, time
from pathlib import Path
from game.common import safe_files
with safe_files.file_lock(Path(sys.argv[1])):
    Path(sys.argv[2]).write_text("1")
    time.sleep(30)
"""


def test_a_lock_held_elsewhere_is_an_error_not_a_hang(tmp_path, monkeypatch):
    path, held = tmp_path / "learn.json", tmp_path / "held"
    holder = subprocess.Popen([sys.executable, "-c", HOLD_LOCK, str(path), str(held)], env=_env(),
                              cwd=ROOT)
    try:
        end = time.monotonic() + 30
        while not held.exists() and holder.poll() is None and time.monotonic() < end:
            time.sleep(0.02)
        assert held.exists()
        with pytest.raises(OSError, match="another copy"):
            with safe_files.file_lock(path, timeout=0.2):
                pass
        monkeypatch.setattr(safe_files, "LOCK_TIMEOUT", 0.2)
        message = P.load(path).mark_solved("a")  # a message, not a crash or a hang
        assert message and "another copy" in message
    finally:
        holder.kill()
        holder.wait()


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX links")
def test_a_lock_file_that_is_a_link_is_never_followed(tmp_path):
    victim = tmp_path / "victim.txt"
    victim.write_text("precious", encoding="utf-8")
    path = tmp_path / "learn.json"
    safe_files.lock_path(path).symlink_to(victim)
    try:
        with safe_files.file_lock(path, timeout=0.5):
            pass
    except OSError:
        pass  # refusing is fine too; what matters is the target
    assert victim.read_text(encoding="utf-8") == "precious"


# --- F12's screenshots -----------------------------------------------------------------------

def test_screenshots_continue_after_the_highest_number(tmp_path):
    import pygame

    from game.ui.core import screenshots

    for name in ("mindbug-0000.png", "mindbug-0003.png", "mindbug-notes.png", "other-0099.png"):
        (tmp_path / name).write_bytes(b"old " + name.encode())
    surface = pygame.Surface((8, 8))
    path, following = screenshots.save(surface, tmp_path)
    assert path.name == "mindbug-0004.png" and following == 5
    assert path.read_bytes().startswith(b"\x89PNG")
    path, _ = screenshots.save(surface, tmp_path, 0)  # a stale counter: moves on, overwrites nothing
    assert path.name == "mindbug-0005.png"
    for name in ("mindbug-0000.png", "mindbug-0003.png"):
        assert (tmp_path / name).read_bytes() == b"old " + name.encode()


def test_f12_after_a_restart_does_not_overwrite_the_last_runs_pictures(tmp_path, monkeypatch):
    import pygame

    from game.app import App, parse_args

    monkeypatch.setenv("MINDBUG_SHOT_DIR", str(tmp_path / "shots"))
    pictures = {}
    for run in range(2):
        app = App(parse_args(["--settings", str(tmp_path / "settings.json")]))
        try:
            app.step()
            for _ in range(2):
                app.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_F12, mod=0,
                                              unicode="", scancode=0))
        finally:
            app.close(quit_pygame=False)
        for p in sorted((tmp_path / "shots").iterdir()):
            pictures.setdefault(p.name, (run, p.read_bytes()))
    assert sorted(pictures) == [f"mindbug-{i:04d}.png" for i in range(4)]
    for name, (_run, data) in pictures.items():
        assert (tmp_path / "shots" / name).read_bytes() == data  # never rewritten


def test_atomic_write_with_replaces_in_one_step_or_not_at_all(tmp_path):
    path = tmp_path / "sheet.png"
    path.write_bytes(b"old sheet")

    def broken(fh):
        fh.write(b"half a picture")
        raise OSError("disk full")

    with pytest.raises(OSError):
        safe_files.atomic_write_with(path, broken)
    assert path.read_bytes() == b"old sheet" and [p.name for p in tmp_path.iterdir()] == ["sheet.png"]
    safe_files.atomic_write_with(path, lambda fh: fh.write(b"new sheet"))
    assert path.read_bytes() == b"new sheet" and [p.name for p in tmp_path.iterdir()] == ["sheet.png"]
    if sys.platform != "win32":
        assert path.stat().st_mode & 0o777 == safe_files.SHARED_MODE  # not mkstemp's 0600


def test_an_interrupted_progress_save_leaves_nothing_behind(tmp_path):
    path = tmp_path / "learn.json"
    stale, fresh = tmp_path / ".learn-x1y2z3.tmp", tmp_path / ".learn-now.tmp"
    for p in (stale, fresh):
        p.write_text("{", encoding="utf-8")
    old = time.time() - 3600
    os.utime(stale, (old, old))
    P.load(path)
    assert not stale.exists() and fresh.exists()  # the young one may be another copy's save


def test_a_screenshot_cut_off_by_a_crash_leaves_nothing_behind(tmp_path):
    import pygame

    from game.ui.core import screenshots

    stale = tmp_path / ".mindbug-0000-ab12cd.tmp"
    stale.write_bytes(b"half a png")
    old = time.time() - 3600
    os.utime(stale, (old, old))
    keep = tmp_path / ".holiday-0001.tmp"  # not a screenshot's
    keep.write_bytes(b"someone else's")
    os.utime(keep, (old, old))
    screenshots.save(pygame.Surface((4, 4)), tmp_path)
    assert sorted(p.name for p in tmp_path.iterdir()) == [".holiday-0001.tmp", "mindbug-0000.png"]
