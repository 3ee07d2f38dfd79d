"""What every test shares: the headless window's drivers, a throwaway data folder, English
texts, and every scenario file under tests/scenarios/ collected as tests (one per scenario).

The SDL drivers are set here, before any test module imports pygame, so no test file needs its
own copy; ``open_window`` below opens the real window (``game.app.App``) for the UI tests."""

from __future__ import annotations

import atexit
import os
import shutil
import sys
import tempfile
from pathlib import Path

import pytest

from tests.support import loopback_guard

# Always the dummy drivers, also when the shell has a DISPLAY or a sound server: a test must never
# open a real window or play a sound. A test that needs a real screen's size sets its own
# (monkeypatch.setenv), and subprocesses inherit these.
os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
# Nor speak aloud: the system's speech service (spd-say, a screen reader) is never used by a test
# (game.speech.sinks.system_sink gives the silent sink); tests that need one pass their own.
os.environ["MINDBUG_SPEECH"] = "none"
# Saves and replays of test games go to a throwaway folder, never the player's data folder;
# the folder goes when the test process ends (each xdist worker makes its own).
if "MINDBUG_DATA_DIR" not in os.environ:
    _throwaway = tempfile.mkdtemp(prefix="mindbug-test-data-")
    os.environ["MINDBUG_DATA_DIR"] = _throwaway
    atexit.register(shutil.rmtree, _throwaway, ignore_errors=True)
# The tests read the window's English texts: a German machine's locale must not switch them
# (a settings file without a language follows the system's). tests/common/test_i18n.py sets its own.
os.environ["LANGUAGE"] = "en"
# Nothing a test does leaves this machine: the game's one switch (game/net/reach.py) keeps its
# hosts, clients and mDNS on 127.0.0.1 (subprocesses inherit it), and the guard refuses any
# socket of this process that would reach further; ``_stays_on_loopback`` fails the test.
os.environ["MINDBUG_LOOPBACK_ONLY"] = "1"
loopback_guard.install()

# Compiled modules are kept for the test run's processes (xdist's workers and the games, hosts
# and windows tests start as processes of their own) in a folder outside the repository: where
# the shell says PYTHONDONTWRITEBYTECODE (this kind of machine does), each of those processes
# compiled the game's 260 modules again, about a second of CPU each.
if os.environ.pop("PYTHONDONTWRITEBYTECODE", None) is not None:
    os.environ.setdefault("PYTHONPYCACHEPREFIX",
                          str(Path(tempfile.gettempdir()) / "mindbug-test-pycache"))

def pytest_xdist_auto_num_workers(config: pytest.Config) -> int:
    """``-n auto`` (the README's command): one worker more than the machine has cores. Many tests
    wait on a process of their own (a host, a server, a window killed and started again) or on a
    socket; with one worker per core, a core stood idle about a sixth of the run (2 cores: 798 s
    of CPU in 475 s). A third worker on this 2-core machine: 376 -> 328 s, the same tests."""
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()
    return (cores or 1) + 1


def pytest_collection(session: pytest.Session) -> None:
    """An xdist worker first writes its share of the compiled test modules (assertions
    rewritten, as pytest caches them) and game modules, then collects as usual.

    Every worker collects every test module. In a fresh clone nothing is compiled yet, so each
    worker rewrote the assertions of all 180 test modules itself, at the same moment as the
    other: about 11 s of CPU each, the largest part of collecting. Here worker i of n writes
    every n-th file first, and the collection that follows finds the other workers' files
    written (a file not yet there is rewritten again, as before: pytest writes each one
    atomically). Only an optimisation: where pytest's internals differ, collection does all."""
    workerinput = getattr(session.config, "workerinput", None)
    if workerinput is None or sys.dont_write_bytecode:
        return
    try:
        index = int(str(workerinput["workerid"]).removeprefix("gw"))
        count = int(workerinput["workercount"])
    except (KeyError, ValueError):
        return
    _compile_share(session.config, index, count)


def _compile_share(config: pytest.Config, index: int, count: int) -> None:
    import compileall

    try:
        from _pytest.assertion import assertstate_key, rewrite
    except ImportError:
        return
    tests = Path(__file__).parent
    modules = sorted([*tests.rglob("test_*.py"), *tests.rglob("conftest.py")])
    for source in modules[index::count]:
        try:
            state = config.stash[assertstate_key]
            cache_dir = rewrite.get_cache_dir(source)
            pyc = cache_dir / (source.name[:-3] + rewrite.PYC_TAIL)
            if rewrite._read_pyc(source, pyc) is None and rewrite.try_makedirs(cache_dir):
                rewrite._write_pyc(state, rewrite._rewrite_test(source, config)[1],
                                   os.stat(source), pyc)
        except Exception:  # pytest's internals changed, or a syntax error: collection says
            return
    game = tests.parent / "game"
    for source in sorted(game.rglob("*.py"))[index::count]:
        compileall.compile_file(source, quiet=2)


pytest_plugins = ["pytester"]  # tests/net/test_net_loopback_only.py runs a small suite of its own

SCENARIOS = Path(__file__).parent / "scenarios"


@pytest.fixture(autouse=True)
def _own_data_dir(tmp_path_factory, monkeypatch):
    """Each test gets an empty data folder: a game one test leaves unfinished (an autosave, the
    tutorial's progress) must not change what the next test's title shows."""
    monkeypatch.setenv("MINDBUG_DATA_DIR", str(tmp_path_factory.mktemp("data")))


@pytest.fixture(autouse=True)
def _stays_on_loopback():
    """Fails the test during which any socket tried to reach beyond loopback (even when the
    code under test caught the refusal)."""
    loopback_guard.take_violations()
    yield
    refused = loopback_guard.take_violations()
    assert not refused, f"a socket tried to reach beyond this machine: {refused}"


# A music piece or sound effect decoded once per test process, kept as its raw samples per
# mixer format: a window decodes the menu's or the table's piece (100 seconds of Ogg Vorbis,
# about 0.35 s of CPU each) in a thread as it first shows, and after its first frame the 15
# effects (22 kHz mono WAVs converted to the mixer's 44 kHz stereo, about 27 ms), which in
# hundreds of window tests was a large share of the suite's CPU. Each window still gets Sounds
# of its own, made from the samples (a copy), so a mixer closed and opened again between tests
# never meets a stale Sound.
_DECODED: dict[tuple[str, int, int, object], bytes] = {}


def _decode_once(path):
    import pygame

    stat = os.stat(path)  # a missing file raises as pygame would (the caller says so)
    key = (str(path), stat.st_mtime_ns, stat.st_size, pygame.mixer.get_init())
    raw = _DECODED.get(key)
    if raw is None:
        raw = _DECODED[key] = pygame.mixer.Sound(str(path)).get_raw()
    return pygame.mixer.Sound(buffer=raw)


@pytest.fixture(autouse=True)
def _test_window(request, monkeypatch):
    """Every window a test opens runs on simulated time (``bench.fuzz_ui.simulate``): each
    frame is 1/60 s of game time and nothing sleeps, neither the 60 fps wait before a frame
    goes out nor the idle wait for input (up to 250 ms a frame). A test spent most of its time
    in those waits, the core idle. Tests marked ``real_time`` keep the real clock. And it takes
    its music pieces and sound effects from ``_decode_once``."""
    app_module = sys.modules.get("game.app")  # a test module that opens windows imported it
    if app_module is None:
        return
    from bench.fuzz_ui import simulate
    from game.ui.core import music, sound

    simulated = request.node.get_closest_marker("real_time") is None
    real_init = app_module.App.__init__

    def init(self, *args, **kwargs):
        real_init(self, *args, **kwargs)
        if simulated:
            simulate(self)
        player = getattr(self.ctx, "music", None)
        if isinstance(player, music.Music) and player._load is music._decode:
            player._load = _decode_once
        effects = getattr(self.ctx, "sounds", None)
        if isinstance(effects, sound.Sounds) and effects._decode is sound._decode:
            effects._decode = _decode_once

    monkeypatch.setattr(app_module.App, "__init__", init)


@pytest.fixture
def open_window(tmp_path):
    """Opens the real window headless, ``open_window(*flags, first_frame=False, keep_ai_pause=False)``:
    ``App(parse_args(["--settings", <tmp_path>/settings.json, *flags]))``, the computers'
    pause between moves off unless ``keep_ai_pause``, one frame drawn if ``first_frame``
    (the app opens its save store after the first frame). Every window it opened is closed after
    the test; pygame stays initialised for the next test."""
    from game.app import App, parse_args

    opened = []

    def open_(*flags: str, first_frame: bool = False, keep_ai_pause: bool = False):
        app = App(parse_args(["--settings", str(tmp_path / "settings.json"), *flags]))
        if not keep_ai_pause:
            app.ctx.settings.ai_pause = 0.0
        if first_frame:
            app.step()
        opened.append(app)
        return app

    yield open_
    for app in reversed(opened):
        app.close(quit_pygame=False)


@pytest.fixture
def app(request, open_window):
    """The window of a test: ``open_window(*flags, **options)`` with the flags and options of the
    nearest ``window`` mark, e.g. a module's ``pytestmark = pytest.mark.window("--speed", "20",
    first_frame=True)``; without a mark, the window at its defaults. A module that needs more
    (a recording sink, a palette put back) keeps a fixture of its own."""
    mark = request.node.get_closest_marker("window")
    return open_window(*(mark.args if mark else ()), **(mark.kwargs if mark else {}))


def pytest_collection_modifyitems(config, items):
    """The quick tier (``python -m pytest -m quick``): one test of every test file and of every
    scenario file, so a quick run touches every folder and every module of tests: the test the
    file marks ``quick`` itself (a file whose first test plays whole games names a short one),
    else its first."""
    chosen = {item.path for item in items if item.get_closest_marker("quick")}
    for item in items:
        if item.path not in chosen:
            chosen.add(item.path)
            item.add_marker(pytest.mark.quick)


def pytest_collect_file(parent, file_path: Path):
    if file_path.suffix in (".yaml", ".yml") and SCENARIOS in file_path.parents:
        return ScenarioFile.from_parent(parent, path=file_path)
    return None


class ScenarioFile(pytest.File):
    def collect(self):
        from game.scenarios import run_file

        for i, result in enumerate(run_file(self.path)):
            yield ScenarioItem.from_parent(self, name=f"{i}:{result.name}", result=result)


class ScenarioItem(pytest.Item):
    def __init__(self, *, result, **kwargs):
        super().__init__(**kwargs)
        self.result = result

    def runtest(self):
        if not self.result.passed:
            raise ScenarioFailure(self.result.reason)

    def repr_failure(self, excinfo, style=None):
        if isinstance(excinfo.value, ScenarioFailure):
            return f"{self.path}: {excinfo.value}"
        return super().repr_failure(excinfo)

    def reportinfo(self):
        return self.path, 0, f"scenario: {self.result.name}"


class ScenarioFailure(Exception):
    pass
