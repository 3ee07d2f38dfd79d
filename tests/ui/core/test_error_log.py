"""The error log (issue 11, item 7): a crash report goes to platformdirs' user log folder and
nowhere else, the player sees one line, and the log cannot grow without bound."""

from __future__ import annotations

import os
import sys

import platformdirs
import pytest

from game import app as app_mod


class Boom(RuntimeError):
    pass


def raised(message: str = "it broke") -> BaseException:
    try:
        raise Boom(message)
    except Boom as exc:
        return exc


@pytest.fixture
def log_dir(tmp_path, monkeypatch):
    folder = tmp_path / "state" / "log"
    monkeypatch.setattr(platformdirs, "user_log_dir", lambda *a, **k: str(folder))
    return folder


@pytest.fixture
def elsewhere(tmp_path, monkeypatch):
    """A home and a current folder that must stay empty."""
    home = tmp_path / "home"
    cwd = tmp_path / "cwd"
    home.mkdir()
    cwd.mkdir()
    monkeypatch.setenv("HOME", str(home))
    monkeypatch.setenv("USERPROFILE", str(home))
    monkeypatch.chdir(cwd)
    yield home, cwd
    assert list(home.rglob("*")) == [] and list(cwd.rglob("*")) == []


def test_report_goes_to_the_log_folder(log_dir, elsewhere):
    line = app_mod.record_error(raised())
    log = log_dir / "error.log"
    text = log.read_text(encoding="utf-8")
    assert "Traceback" in text and "Boom: it broke" in text
    assert "\n" not in line and "Boom: it broke" in line and str(log) in line


def test_no_log_folder_means_no_file_at_all(monkeypatch, elsewhere):
    def broken(*_a, **_k):
        raise RuntimeError("no platformdirs here")

    monkeypatch.setattr(platformdirs, "user_log_dir", broken)
    line = app_mod.record_error(raised())
    assert "\n" not in line and "Boom" in line and "saved" not in line


def test_unwritable_log_folder_is_no_crash(tmp_path, monkeypatch, elsewhere):
    blocker = tmp_path / "blocker"
    blocker.write_text("a file where the folder should be", encoding="utf-8")
    monkeypatch.setattr(platformdirs, "user_log_dir", lambda *a, **k: str(blocker / "log"))
    line = app_mod.record_error(raised())
    assert "Boom" in line and "saved" not in line
    assert blocker.read_text(encoding="utf-8") == "a file where the folder should be"


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX links and FIFOs")
def test_a_link_or_fifo_in_place_of_the_log_is_not_followed(tmp_path, log_dir, elsewhere):
    log_dir.mkdir(parents=True)
    target = tmp_path / "victim.txt"
    target.write_text("keep me", encoding="utf-8")
    (log_dir / "error.log").symlink_to(target)
    line = app_mod.record_error(raised())
    assert target.read_text(encoding="utf-8") == "keep me" and "saved" not in line
    (log_dir / "error.log").unlink()
    os.mkfifo(log_dir / "error.log")
    line = app_mod.record_error(raised())  # no reader: must not block
    assert "saved" not in line


def test_one_line_even_for_a_long_multi_line_message(log_dir, elsewhere):
    line = app_mod.record_error(raised("first\nsecond\r\nthird " + "x" * 10_000))
    assert "\n" not in line and "\r" not in line and len(line) < 300 + len(str(log_dir))
    assert "first second third" in line
    assert "x" * 5000 in (log_dir / "error.log").read_text(encoding="utf-8")


def test_the_log_is_rotated_and_capped(log_dir, elsewhere):
    big = "y" * 20_000
    for _ in range(60):
        app_mod.record_error(raised(big))
    files = sorted(p.name for p in log_dir.iterdir())
    assert files == ["error.log", "error.log.1"]
    for name in files:
        assert (log_dir / name).stat().st_size <= app_mod.ERROR_LOG_MAX_BYTES
    assert big in (log_dir / "error.log").read_text(encoding="utf-8")  # the newest is kept


def test_a_huge_traceback_is_cut(log_dir, elsewhere):
    def deep(n):
        if n == 0:
            raise Boom("deep")
        deep(n - 1)

    try:
        deep(900)
    except Boom as exc:
        app_mod.record_error(exc)
    text = (log_dir / "error.log").read_text(encoding="utf-8")
    assert len(text) <= app_mod.ERROR_ENTRY_MAX_CHARS + 200 and "Boom: deep" in text


def test_main_prints_one_line_and_exits_1(log_dir, elsewhere, monkeypatch, capsys):
    class Exploding:
        def __init__(self, _args):
            raise Boom("window failed\nwith details")

    monkeypatch.setattr(app_mod, "App", Exploding)
    assert app_mod.main(["--settings", str(log_dir.parent / "s.json")]) == 1
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "Boom: window failed with details" in err[0]
    assert "Traceback" in (log_dir / "error.log").read_text(encoding="utf-8")


def test_a_report_names_the_rules_engine_that_ran(log_dir, elsewhere):
    """Issue 43 item 4: pure Python or compiled (mypyc), so a report from a build can be told
    apart from one of the reference engine."""
    import game.engine

    app_mod.record_error(raised())
    first = (log_dir / "error.log").read_text(encoding="utf-8").splitlines()[0]
    assert first.endswith(f" (engine: {game.engine.ENGINE})")


def test_an_engine_that_did_not_load_compiled_is_logged_with_why(log_dir, elsewhere, monkeypatch):
    """Issue 43 item 4: the compiled engine asked for or found but not loaded; the pure one
    runs (the same games), and the log and the console say why, without a traceback."""
    import game.engine

    why = "the compiled engine did not load (ImportError: bad ELF); the pure-Python engine runs"
    monkeypatch.setattr(game.engine, "ENGINE_WARNING", why)
    assert app_mod.note_engine_warning() == f"rules engine: {why}"
    assert f"rules engine: {why}" in (log_dir / "error.log").read_text(encoding="utf-8")
    app_mod.record_error(raised())
    assert f"(engine: {game.engine.ENGINE}; {why})" in (log_dir / "error.log").read_text("utf-8")


def test_nothing_is_logged_when_the_engine_loaded_as_chosen(log_dir, elsewhere, monkeypatch):
    import game.engine

    monkeypatch.setattr(game.engine, "ENGINE_WARNING", None)
    assert app_mod.note_engine_warning() is None
    assert not (log_dir / "error.log").exists()
