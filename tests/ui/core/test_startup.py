"""Start-up: the first frame comes before the heavy modules and the saved-game check; what the
first frame does not need follows right after it."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]

# Modules the title's first frame does not need: the rules engine and card data (with YAML),
# the computer players, the card pictures, the table, the save format and store (the tutorial
# offer needs only the data folder: game.common.paths), and the learning and replay screens.
HEAVY = ("game.engine", "game.cards", "game.ai", "yaml", "game.ui.cards.art", "game.ui.match.scene",
         "game.ui.table.layout", "game.persist", "game.ui.learn.lists", "game.ui.records.replay_list",
         "game.ui.records.statistics", "game.scenarios")

PROBE = """
import json, sys
import pygame, pygame.pkgdata
from game.app import App, parse_args

seen = []
resources = []  # files pygame loads from its own package (its default window icon)
real_flip, real_resource = pygame.display.flip, pygame.pkgdata.getResource

def flip():
    if not seen:  # what was imported when the first frame was presented
        seen.append({"modules": sorted(m for m in sys.modules if m.startswith(tuple(sys.argv[2:]))),
                     "resources": list(resources)})
    real_flip()

def get_resource(name, *args):
    resources.append(name)
    return real_resource(name, *args)

pygame.display.flip = flip
pygame.pkgdata.getResource = get_resource
app = App(parse_args(["--settings", sys.argv[1], "--windowed"]))
app.step()
app.close()
print(json.dumps(seen[0]))
"""


def first_frame_probe(tmp_path) -> dict:
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
               MINDBUG_DATA_DIR=str(tmp_path / "data"))
    proc = subprocess.run([sys.executable, "-c", PROBE, str(tmp_path / "s.json"), *HEAVY],
                          cwd=ROOT, env=env, capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr[-2000:]
    return json.loads(proc.stdout.splitlines()[-1])


def test_the_first_frame_is_presented_before_the_engine_and_the_ai_are_imported(tmp_path):
    imported = first_frame_probe(tmp_path)["modules"]
    assert imported == [], f"imported before the first frame: {imported}"


def test_the_window_gets_the_card_back_icon_without_pygame_loading_its_own_first(tmp_path):
    """set_mode loads pygame's snake icon (a file read and decode) unless an icon is set first."""
    assert first_frame_probe(tmp_path)["resources"] == []


def test_the_first_start_offer_is_on_the_first_frame_and_remembered_after_it(
        tmp_path, monkeypatch):
    from game.app import App, parse_args
    from game.ui.learn import progress as progress_mod
    from game.ui.screens.title import TitleScene

    monkeypatch.setenv("MINDBUG_DATA_DIR", str(tmp_path / "data"))
    learn = progress_mod.default_path()
    app = App(parse_args(["--settings", str(tmp_path / "s.json"), "--windowed"]))
    try:
        title = app.ctx.scenes.top
        assert isinstance(title, TitleScene) and title.offer  # drawn on the first frame
        assert not learn.exists()  # the write (an fsync) waits for the first frame
        assert not TitleScene(app.ctx).offer  # yet it is made once, not by every title
        app.step()
        assert progress_mod.load().offered  # asked once: the next start does not ask again
        assert not TitleScene(app.ctx).offer
    finally:
        app.close(quit_pygame=False)


def unfinished_record():
    from game.ui.core.match_config import MatchConfig
    from game.ui.match.controller import MatchController

    ctl = MatchController(MatchConfig(mode="demo", ai_level="random", seed=6))
    for _ in range(6):
        ctl.start_ai()
        ctl.worker._thread.join()
        ctl.respond(ctl.take_ai_option())
    assert not ctl.over
    return ctl.record()


def test_the_saved_game_is_looked_for_after_the_first_frame_and_continue_then_offered(
        tmp_path, monkeypatch):
    from game.app import App, parse_args
    from game.persist.store import Store
    from game.ui.screens.title import TitleScene

    monkeypatch.setenv("MINDBUG_DATA_DIR", str(tmp_path / "data"))
    store = Store()
    store.root.mkdir(parents=True, exist_ok=True)
    store.autosave_path.write_text(store.autosave_text(unfinished_record()), encoding="utf-8")
    reads = []
    real_load = Store.saved_games
    app = None

    def saved_games(self):
        reads.append(app.ctx.frames if app is not None else 0)
        return real_load(self)

    monkeypatch.setattr(Store, "saved_games", saved_games)
    app = App(parse_args(["--settings", str(tmp_path / "s.json"), "--windowed"]))
    try:
        title = app.ctx.scenes.top
        assert isinstance(title, TitleScene)
        assert title.row.buttons[0].text != "Continue"  # not looked for yet
        app.step()
        assert reads == [1]  # once, with the first frame already on screen
        assert title.row.buttons[0].text == "Continue" and title.continue_line
        assert title.dirty  # the next frame shows it
        app.step()
        assert app.ctx.frames == 2
    finally:
        app.close(quit_pygame=False)


def test_a_demo_game_draws_no_card_face_or_back_inside_a_frame_once_they_are_drawn_ahead(
        tmp_path, monkeypatch):
    import threading

    from game.app import App, parse_args
    from game.ui.cards import cardface
    from game.ui.core.match_config import MatchConfig
    from game.ui.match.scene import MatchScene

    in_frames = []
    real_draw_face, real_draw_back = cardface._draw_face, cardface._draw_back

    def draw_face(card, width, lang="en"):
        if threading.current_thread() is threading.main_thread():
            in_frames.append((getattr(card, "name", "?"), width))
        return real_draw_face(card, width, lang)

    def draw_back(width):
        if threading.current_thread() is threading.main_thread():
            in_frames.append(("back", width))
        return real_draw_back(width)

    monkeypatch.setattr(cardface, "_draw_face", draw_face)
    monkeypatch.setattr(cardface, "_draw_back", draw_back)
    app = App(parse_args(["--settings", str(tmp_path / "s.json"), "--windowed", "--speed", "40",
                          "--max-fps", "1000"]))
    try:
        app.ctx.demo = True
        scene = MatchScene(app.ctx, MatchConfig(mode="demo", ai_level="random", seed=5))
        app.ctx.scenes.replace(scene)
        app.step()  # the first frame: the faces are then drawn ahead, in a thread
        assert app.warmer.wait(120)
        in_frames.clear()  # the warm-up is over: from here on every face must be ready
        for _ in range(20000):
            if scene.ctl.over:
                break
            app.step()
        assert scene.ctl.over
        assert in_frames == []
    finally:
        app.close(quit_pygame=False)


def test_the_bundle_check_reads_a_process_cpu_time_to_tell_load_from_a_slower_start(monkeypatch):
    """build/check_bundle.py prints the CPU time to READY beside the wall time (Linux)."""
    import importlib.util

    spec = importlib.util.spec_from_file_location("check_bundle", ROOT / "build" / "check_bundle.py")
    check_bundle = importlib.util.module_from_spec(spec)
    monkeypatch.setitem(sys.modules, "check_bundle", check_bundle)  # its dataclass looks itself up
    spec.loader.exec_module(check_bundle)
    if not Path(f"/proc/{os.getpid()}/stat").exists():
        assert check_bundle.cpu_seconds(os.getpid()) is None
        return
    spent = check_bundle.cpu_seconds(os.getpid())
    assert spent is not None and spent > 0  # this test process has run for a while
    gone = subprocess.Popen([sys.executable, "-c", "pass"])
    gone.wait()
    assert check_bundle.cpu_seconds(gone.pid) is None  # a process that is gone: no figure
