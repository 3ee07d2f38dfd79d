"""What differs for the process and its window on Windows and macOS, played here on Linux:
closing signals, display scaling, the full-screen shortcut, fonts and a missing sound device."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
import types
from pathlib import Path

import pygame
import pytest

from game.common import exit_signals
from game.common.portable_names import MACOS, POSIX, WINDOWS
from game.ui.core import window_conventions

ROOT = Path(__file__).resolve().parents[3]


# -- signals -------------------------------------------------------------------------------
def fake_signal_module(*names: str) -> types.SimpleNamespace:
    numbers = {"SIGINT": 2, "SIGTERM": 15, "SIGHUP": 1, "SIGBREAK": 21}
    handlers: dict[int, object] = {}
    module = types.SimpleNamespace(**{n: numbers[n] for n in names}, handlers=handlers)
    module.signal = lambda number, handler: handlers.__setitem__(number, handler)
    return module


def test_each_system_gets_its_own_closing_signals():
    windows = fake_signal_module("SIGINT", "SIGTERM", "SIGBREAK")  # Windows' signal module
    posix = fake_signal_module("SIGINT", "SIGTERM", "SIGHUP")
    assert exit_signals.install(windows) == [15, 21]
    assert exit_signals.install(posix) == [15, 1]
    with pytest.raises(SystemExit) as exc:
        windows.handlers[21](21, None)
    assert exc.value.code == 128 + 21


def test_no_handler_from_another_thread():
    import threading

    got: list[list[int]] = []
    thread = threading.Thread(target=lambda: got.append(exit_signals.install()))
    thread.start()
    thread.join()
    assert got == [[]]


@pytest.mark.skipif(sys.platform == "win32", reason="no other program can send these there")
@pytest.mark.parametrize("signame", ["SIGTERM", "SIGHUP"])
def test_a_closing_signal_ends_the_game_at_once_and_keeps_the_save(tmp_path, signame):
    """Before: SIGHUP (the terminal closed) ended the game on the spot, exit -1, no
    ``finally``; SIGTERM (a logout, ``kill``) became SDL's window-close event, which in a match
    asks "leave the game?" on screen, a question nobody answers while logging out. Now both
    close at once the way ``main``'s ``finally`` does, the queued save flushed: exit 128+N."""
    from game.persist import record as rec

    number = getattr(signal, signame)
    data = tmp_path / "data"
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
               MINDBUG_DATA_DIR=str(data), PYTHONPATH=str(ROOT))
    proc = subprocess.Popen(
        [sys.executable, "-m", "game", "--demo", "--level", "easy", "--seed", "5",
         "--speed", "1", "--max-fps", "1000", "--settings", str(data / "s.json")],
        cwd=tmp_path, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    def autosave() -> Path:  # the game's own save (one file per game in progress)
        return next(iter(sorted((data / "saves").glob("game-*.json"))), data / "saves" / "none")

    deadline = time.monotonic() + 60
    try:
        while time.monotonic() < deadline and proc.poll() is None:
            try:
                if len(rec.loads(autosave().read_text(encoding="utf-8")).choices) >= 2:
                    break
            except (OSError, rec.RecordError):
                pass
            time.sleep(0.1)
        proc.send_signal(number)
        out, err = proc.communicate(timeout=30)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.communicate()
    assert proc.returncode == 128 + number, (proc.returncode, err[-2000:])
    assert "Traceback" not in err
    saved = rec.loads(autosave().read_text(encoding="utf-8"))
    assert len(saved.choices) >= 2 and saved.result is None


# -- display scaling and the window's size ----------------------------------------------------
def test_windows_is_declared_dpi_aware_and_the_others_need_no_hint():
    assert window_conventions.sdl_hints(WINDOWS) == {"SDL_WINDOWS_DPI_AWARENESS": "permonitorv2"}
    assert window_conventions.sdl_hints(MACOS) == {} == window_conventions.sdl_hints(POSIX)


def test_a_player_set_hint_wins(monkeypatch, tmp_path):
    """The hint is applied with setdefault: SDL_WINDOWS_DPI_AWARENESS=unaware from the
    player (blurry but as large as before) is kept."""
    from game import app as app_mod

    monkeypatch.setattr(app_mod, "current_system", lambda: WINDOWS)
    monkeypatch.setenv("SDL_WINDOWS_DPI_AWARENESS", "unaware")
    app = app_mod.App(app_mod.parse_args(["--settings", str(tmp_path / "s.json"), "--windowed"]))
    try:
        assert os.environ["SDL_WINDOWS_DPI_AWARENESS"] == "unaware"
    finally:
        app.close(quit_pygame=False)


@pytest.mark.parametrize("desktop", [(3840, 2160), (2880, 1620), (1920, 1080)])
def test_a_scaled_screen_leaves_room_for_its_larger_bars(monkeypatch, desktop):
    """DPI aware on a 4K screen at 200 %, the title and task bars are twice as many pixels
    high: the window's foot (the hand) must still end above the task bar."""
    from game import app as app_mod

    monkeypatch.setenv("SDL_VIDEODRIVER", "windows")  # a real screen's size, not the tests'
    monkeypatch.setattr(pygame.display, "get_desktop_sizes", lambda: [desktop])
    w, h = app_mod._opening_size()
    scale = desktop[1] / 1080
    assert h + 96 * scale <= desktop[1] and w + 16 * scale <= desktop[0]


# -- full screen ------------------------------------------------------------------------------
def test_full_screen_shortcuts_per_system():
    k = pygame
    ctrl_cmd = pygame.KMOD_CTRL | pygame.KMOD_GUI
    for system in (WINDOWS, MACOS, POSIX):
        assert window_conventions.is_fullscreen_shortcut(k.K_F11, 0, system, k)
    assert window_conventions.is_fullscreen_shortcut(k.K_f, ctrl_cmd, MACOS, k)
    assert not window_conventions.is_fullscreen_shortcut(k.K_f, pygame.KMOD_GUI, MACOS, k)
    assert not window_conventions.is_fullscreen_shortcut(k.K_f, ctrl_cmd, WINDOWS, k)
    assert not window_conventions.is_fullscreen_shortcut(k.K_f, 0, MACOS, k)


def test_control_command_f_toggles_full_screen_in_the_mac_app(monkeypatch, tmp_path):
    from game import app as app_mod

    monkeypatch.setattr(app_mod, "current_system", lambda: MACOS)
    app = app_mod.App(app_mod.parse_args(["--settings", str(tmp_path / "s.json"), "--windowed"]))
    toggles: list[bool] = []
    monkeypatch.setattr(app.ctx, "toggle_fullscreen", lambda: toggles.append(True))
    try:
        app.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_f,
                                      mod=pygame.KMOD_CTRL | pygame.KMOD_GUI))
        app.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_F11))  # no mod attribute
        assert toggles == [True, True]
    finally:
        app.close(quit_pygame=False)


# -- fonts and sound ----------------------------------------------------------------------------
def test_text_uses_the_font_file_pygame_ships_not_a_system_font():
    """The same TTF on every system (no SysFont lookup, which differs per system and finds
    nothing in a bare Windows or macOS install); it has the German letters."""
    from game.ui.kit import fonts

    path = fonts.font_file()
    assert path.is_file() and path.suffix == ".ttf"
    assert Path(pygame.__file__).resolve().parent in path.parents
    font = fonts.font(24)
    assert all(m is not None for m in font.metrics("ÄÖÜäöüß€"))
    src = "\n".join(p.read_text(encoding="utf-8") for p in (ROOT / "game").rglob("*.py"))
    assert "SysFont" not in src and "match_font" not in src


def test_a_system_without_a_sound_device_plays_silently(monkeypatch):
    """A Windows VM or a Mac mini without speakers: the mixer cannot open a device."""
    from game.ui.core import sound

    def no_device(*args, **kwargs):
        raise pygame.error("WASAPI can't find requested audio endpoint: Element not found.")

    monkeypatch.setattr(pygame.mixer, "get_init", lambda: None)
    monkeypatch.setattr(pygame.mixer, "init", no_device)
    sounds = sound.Sounds(enabled=True)
    assert sounds.available is False
    sounds.play("attack")  # nothing, and no exception


def test_printing_to_a_windows_code_page_pipe_never_raises(monkeypatch):
    """Windows writes a pipe in cp1252: the one line about an error, with a German word or a
    check mark in it, must still come out (escaped), not raise UnicodeEncodeError."""
    import io

    from game.common import console_text

    raw = io.BytesIO()
    pipe = io.TextIOWrapper(raw, encoding="cp1252")
    monkeypatch.setattr(sys, "stderr", pipe)
    monkeypatch.setattr(sys, "stdout", None)  # a windowed bundle has no stdout at all
    console_text.tolerate_unencodable()
    print("Spielstand f\u00fcr J\u00fcrgen \u2713 \u8a9e", file=sys.stderr)
    print("READY")  # to no stdout: nothing, and no error
    pipe.flush()
    assert raw.getvalue() == "Spielstand für Jürgen \\u2713 \\u8a9e\n".encode("cp1252")
