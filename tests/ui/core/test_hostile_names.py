"""Names from files and from the keyboard, tried at every door a save or replay comes in by
(issue 22, findings 9-11 and 14): the title's Continue, --resume, --replay in the window, the
replay list, ``python -m game.replay FILE`` and ``--verify``; the name fields, the settings;
and the command lines when their reader goes away or a file is not a file.

Every bad name is written the way an attacker writes it: JSON escapes (``\\u0000``,
``\\ud800``) that pass the byte-level checks of safe_files."""

from __future__ import annotations

import json
import os
import resource
import subprocess
import sys
from dataclasses import replace
from pathlib import Path

import pygame  # noqa: E402
import pytest  # noqa: E402

from game.app import App, parse_args  # noqa: E402
from game.persist import record as rec  # noqa: E402
from game.persist.record import RecordError  # noqa: E402
from game.persist.store import read_record  # noqa: E402
from game.ui.core.match_config import MatchConfig  # noqa: E402
from game.ui.kit import fonts  # noqa: E402
from game.ui.match.controller import MatchController  # noqa: E402
from game.ui.records.replay_list import ReplaysScene  # noqa: E402
from game.ui.records.viewer import ReplayScene  # noqa: E402
from game.ui.screens.new_game import NewGameScene  # noqa: E402
from game.ui.screens.title import TitleScene  # noqa: E402

pytestmark = pytest.mark.window(first_frame=True, keep_ai_pause=True)

ROOT = Path(__file__).resolve().parents[3]
ESC = "\x1b"
BAD_NAMES = {
    "NUL": "A\x00B",
    "lone surrogate": "Ann\ud800",
    "terminal escapes": "\x1b[2J\x1b]0;pwned\x07",
    "C1 CSI": "Bob\x9b31m",
    "bidi override": "Ann\u202eevil",
    "noncharacter": "Ann\uffff",
    "stacked accents": "e" + "\u0301" * 39,
}
IDS = list(BAD_NAMES)
ALLOWED_MARKS = 3  # game.common.safe_text.MAX_MARKS, written out: these tests also run on the code before it


@pytest.fixture(scope="module")
def finished() -> rec.GameRecord:
    ctl = MatchController(MatchConfig(mode="demo", ai_level="random", seed=6, rules="2v2"))
    while not ctl.over:
        ctl.start_ai()
        ctl.worker._thread.join()
        ctl.respond(ctl.take_ai_option())
    return ctl.record()


def with_names(record: rec.GameRecord, name: str, unfinished: bool = False) -> str:
    """The record's JSON with every seat called ``name``, escaped as json.dumps does."""
    data = rec.to_data(record)
    for seat in data["seats"]:
        seat["name"] = name
    if unfinished:
        data.pop("result")
        data["choices"] = data["choices"][:6]
    return json.dumps(data)  # ensure_ascii: "\u0000", "\ud800" as escapes, as in the attack


def assert_plain(text: str) -> None:
    """A message a player or a terminal can be shown: no control, bidi or surrogate in it."""
    assert all(ch.isprintable() for ch in text), ascii(text)
    text.encode("utf-8")


# --- The file doors ------------------------------------------------------------------------------
@pytest.mark.parametrize("name", BAD_NAMES.values(), ids=IDS)
def test_read_record_refuses_a_bad_name_with_one_clear_line(tmp_path, finished, name):
    path = tmp_path / "r.json"
    path.write_text(with_names(finished, name), encoding="ascii")
    with pytest.raises(RecordError) as info:
        read_record(path)
    message = str(info.value)
    assert message.startswith("r.json cannot be used: seat 1's name ")
    assert_plain(message)


@pytest.mark.parametrize("name", BAD_NAMES.values(), ids=IDS)
def test_continue_is_not_offered_and_the_save_is_set_aside(app, finished, name):
    store = app.ctx.store
    store.root.mkdir(parents=True, exist_ok=True)
    store.autosave_path.write_text(with_names(finished, name, unfinished=True), encoding="ascii")
    title = TitleScene(app.ctx)
    assert title.row.buttons[0].text != "Continue"
    assert "seat 1's name" in title.message
    assert_plain(title.message)
    assert not store.autosave_path.exists() and list(store.root.glob("autosave.broken-*.json"))
    app.ctx.scenes.replace(title)
    app.step()  # the title with its banner draws


@pytest.mark.parametrize("name", ["A\x00B", "Ann\ud800", "e" + "\u0301" * 39],
                         ids=["NUL", "surrogate", "accents"])
def test_resume_flag_refuses_the_save_on_the_title(tmp_path, monkeypatch, finished, name):
    data = tmp_path / "data"
    data.mkdir()
    monkeypatch.setenv("MINDBUG_DATA_DIR", str(data))
    (data / "autosave.json").write_text(with_names(finished, name, unfinished=True), "ascii")
    a = App(parse_args(["--settings", str(tmp_path / "s.json"), "--resume"]))
    try:
        a.step()
        top = a.ctx.scenes.top
        assert isinstance(top, TitleScene) and "seat 1's name" in top.message
        assert list(data.glob("autosave.broken-*.json"))
    finally:
        a.close(quit_pygame=False)


@pytest.mark.parametrize("name", ["A\x00B", "Ann\ud800", "e" + "\u0301" * 39],
                         ids=["NUL", "surrogate", "accents"])
def test_replay_flag_with_a_bad_name_is_a_banner(tmp_path, monkeypatch, finished, name):
    monkeypatch.setenv("MINDBUG_DATA_DIR", str(tmp_path / "data"))
    bad = tmp_path / "bad.json"
    bad.write_text(with_names(finished, name), encoding="ascii")
    a = App(parse_args(["--settings", str(tmp_path / "s.json"), "--replay", str(bad)]))
    try:
        a.step()
        top = a.ctx.scenes.top
        assert isinstance(top, TitleScene)
        assert top.message.startswith("Cannot open the replay: bad.json cannot be used: seat 1's")
    finally:
        a.close(quit_pygame=False)


def test_the_replay_list_shows_bad_files_as_lines_and_draws(app, finished):
    store = app.ctx.store
    store.replays_dir.mkdir(parents=True, exist_ok=True)
    for i, name in enumerate(BAD_NAMES.values()):
        (store.replays_dir / f"replay-2026010{i}-000000-{i}.json").write_text(
            with_names(finished, name), encoding="ascii")
    # A file name is text from outside too: on Linux not even UTF-8 (a surrogate in Python).
    odd = os.fsencode(store.replays_dir) + b"/replay-20260109-000000-\xff\x1b[2J.json"
    with open(odd, "w", encoding="utf-8") as f:
        f.write("{not json")
    store.save_replay(replace(finished, seats=tuple(replace(s, name="Ann") for s in finished.seats)))
    listing = ReplaysScene(app.ctx)
    assert listing.loading.wait(30)  # the list is read in the background
    assert len(listing.entries) == len(BAD_NAMES) + 2
    assert sum(e.record is not None for e in listing.entries) == 1
    app.ctx.scenes.replace(listing)
    app.step()  # every row drawn: nothing here may crash the font
    for i, entry in enumerate(listing.entries):
        if entry.record is None:
            listing.open(i)
            app.step()
            assert listing.message


# --- The viewer, given a record in memory that never went through a file -----------------------
def test_the_viewer_draws_no_glyph_column_taller_than_its_lines(app, finished, monkeypatch):
    """Finding 10's cost driver: the size of the text surfaces the viewer renders for names."""
    zalgo = "e" + "\u0301" * 39
    record = replace(finished, seats=tuple(replace(s, name=zalgo) for s in finished.seats))
    tallest: list[tuple[int, int, str]] = []
    real = fonts._render_text.__wrapped__

    def spy(text, size, *rest):
        surf = real(text, size, *rest)
        tallest.append((surf.get_height(), size, text))
        return surf

    fonts._render_text.cache_clear()
    monkeypatch.setattr(fonts, "_render_text", spy)
    viewer = ReplayScene(app.ctx, record)
    app.ctx.scenes.replace(viewer)
    for _ in range(12):
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RIGHT, mod=0, unicode=""))
        app.step()
    named = [t for t in tallest if "\u0301" in t[2]]
    assert named, "the viewer drew no name"
    # a line of text is about 1.1 x its size high; one accent row more per allowed mark
    worst = max(h / size for h, size, _t in named)
    assert worst <= 1.2 + 0.7 * ALLOWED_MARKS, worst


# --- The keyboard and the settings ----------------------------------------------------------------
def test_a_name_field_takes_only_clean_text(app):
    scene = NewGameScene(app.ctx, hot_seat=True)
    app.ctx.scenes.replace(scene)
    scene._edit(0)
    for typed in ("\x1b[31m", "A\x00", "\u202e", "\ud800", "e" + "\u0301" * 20, "x" * 30):
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=typed))
        app.step()
    name = scene.names[0]
    assert name.startswith("[31mAé\u0301\u0301\u0301x")
    assert len(name) == 16


def test_a_settings_name_with_stacked_accents_falls_back_to_the_default(tmp_path):
    from game.common import settings

    path = tmp_path / "settings.json"
    path.write_text(json.dumps({"player_names": ["e" + "\u0301" * 20, "Bob"]}), encoding="utf-8")
    loaded, message = settings.load(path)
    assert loaded.player_names == settings.Settings().player_names
    assert message


# --- The command lines ------------------------------------------------------------------------------
def run(args: list[str], **kw) -> subprocess.CompletedProcess:
    env = dict(os.environ, PYTHONPATH=str(ROOT), PYTHONIOENCODING="utf-8")
    kw.setdefault("stdout", subprocess.PIPE)
    kw.setdefault("timeout", 120)
    return subprocess.run([sys.executable, *args], cwd=ROOT, stderr=subprocess.PIPE, env=env,
                          **kw)


@pytest.mark.parametrize("verify", [False, True], ids=["summary", "verify"])
@pytest.mark.parametrize("name", BAD_NAMES.values(), ids=IDS)
def test_replay_command_refuses_a_bad_name_in_one_plain_line(tmp_path, finished, name, verify):
    path = tmp_path / "r.json"
    path.write_text(with_names(finished, name), encoding="ascii")
    done = run(["-m", "game.replay", str(path)] + (["--verify"] if verify else []))
    assert done.returncode == 1 and done.stdout == b""
    err = done.stderr.decode("utf-8")
    assert err.startswith("mindbug replay: r.json cannot be used: seat 1's name ")
    assert err.count("\n") == 1 and "Traceback" not in err
    assert_plain(err.rstrip("\n"))


def test_replay_command_shows_a_hostile_file_name_escaped(tmp_path):
    path = os.fsencode(tmp_path) + b"/\x1b[2J\xff\xe2\x80\xae.json"
    with open(path, "w", encoding="utf-8") as f:
        f.write("{not json")
    done = run(["-m", "game.replay", path])
    err = done.stderr.decode("utf-8")
    assert done.returncode == 1 and "Traceback" not in err
    assert ESC not in err and "\u202e" not in err
    assert err.startswith("mindbug replay: \\x1b[2J\\udcff")


def test_the_summary_prints_names_and_dates_escaped(finished):
    from game.replay import summary

    record = replace(finished, date="2026\x1b[31m", seats=tuple(
        replace(s, name=n) for s, n in zip(finished.seats, ("\x1b]0;x\x07", "A\u202e", "\ud800",
                                                             "e" + "\u0301" * 9), strict=True)))
    for line in summary(record):
        assert_plain(line)


def closed_pipe_run(args: list[str]) -> subprocess.CompletedProcess:
    """``args`` with stdout a pipe nobody reads any more (``| head -0``)."""
    read, write = os.pipe()
    os.close(read)
    try:
        return run(args, stdout=write)
    finally:
        os.close(write)


@pytest.mark.parametrize("args", [
    ["-m", "game.replay", "{good}"],
    ["-m", "game.replay", "{good}", "--verify"],
    ["-m", "game.scenarios", str(ROOT / "tests" / "scenarios" / "keywords")],
    ["-m", "game.sim", "--games", "2"],
], ids=["replay", "replay --verify", "scenarios", "sim"])
def test_a_closed_pipe_ends_the_command_quietly(tmp_path, finished, args):
    good = tmp_path / "good.json"
    good.write_text(rec.dumps(finished), encoding="utf-8")
    args = [a.replace("{good}", str(good)) for a in args]
    done = closed_pipe_run(args)
    assert done.stderr == b""
    assert done.returncode == 141


def _limit_memory() -> None:  # a regression must not eat the shared machine: 1.5 GB at most
    resource.setrlimit(resource.RLIMIT_AS, (3 << 29, 3 << 29))


@pytest.mark.parametrize("what", ["/dev/zero", "fifo"])
def test_sim_results_that_are_not_a_file_are_refused_at_once(tmp_path, what):
    path = what
    if what == "fifo":
        path = str(tmp_path / "results.fifo")
        os.mkfifo(path)
    done = run(["-m", "game.sim", "--ladder", "random,easy", "--games", "0", "--results", path],
               preexec_fn=_limit_memory, timeout=30)  # noqa: PLW1509 (no threads started)
    err = done.stderr.decode("utf-8")
    assert done.returncode == 2, err
    assert "is not a regular file" in err and "Traceback" not in err


def test_scenario_names_reach_the_terminal_escaped(tmp_path):
    from game.scenarios import run_file

    path = tmp_path / "evil.yaml"
    path.write_text('name: "evil \\e[2J\\e]0;pwned\\a \\u202e name"\nplayers: [{}, {}]\n',
                    encoding="utf-8")
    (line,) = [r.line() for r in run_file(path)]
    assert line == "PASS evil \\x1b[2J\\x1b]0;pwned\\x07 \\u202e name"


def test_the_writer_never_writes_a_name_its_reader_refuses(finished):
    # A name that slipped in another way (a future door) must not make the game's own save
    # unusable: dumps cleans with the same rule that loads checks.
    seats = tuple(replace(s, name=n) for s, n in zip(
        finished.seats, ("A\x00B", "Ann\ud800", "e" + "\u0301" * 39, "\x1b[2JBob"), strict=True))
    again = rec.loads(rec.dumps(replace(finished, seats=seats)))
    assert [s.name for s in again.seats] == ["AB", "Ann", "\u00e9" + "\u0301" * ALLOWED_MARKS,
                                             "[2JBob"]


def test_a_huge_name_from_the_command_line_does_not_crash_the_window(tmp_path):
    """Found by bench/hostile_cli.py: ``--join 127.0.0.1:1 --name`` with 10,000 characters drew
    the whole name in the field and the font library crashed the process (SIGSEGV). Each
    field keeps what it could be typed with, and no line is drawn with more than a screen's
    worth of characters."""
    code = ("import pygame, sys\n"
            "from game.ui.kit import fonts\n"
            "pygame.init()\n"
            "surface = fonts.render_text('x' * 10000, 22)\n"
            "print(surface.get_width())\n")
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYTHONPATH=str(ROOT))
    drawn = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True,
                           text=True, timeout=120)
    assert drawn.returncode == 0, drawn.stderr[-500:]
    assert 0 < int(drawn.stdout.split()[-1]) < 8000
    from game.ui.net.join import LIMITS, JoinScene

    app = App(parse_args(["--settings", str(tmp_path / "s.json")]))
    try:
        scene = JoinScene(app.ctx, "1" * 500, "x" * 10_000, "c" * 500)
        assert [len(v) for v in scene.values] == list(LIMITS)
    finally:
        app.close(quit_pygame=False)
