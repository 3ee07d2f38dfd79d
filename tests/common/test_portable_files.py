"""What differs for files on Windows and macOS, played here on Linux: the name rules, a replace
over a file that Windows says is in use, the bytes a text file is written as, line endings
in the files the game reads, the user folders, and locks through the filelock library."""

from __future__ import annotations

import _pyio
import argparse
import random
import re
import subprocess
from pathlib import Path

import pytest

from game.common import cli_args, portable_fs, safe_files
from game.common.portable_names import (
    MACOS,
    PORTABLE,
    POSIX,
    WINDOWS,
    case_collisions,
    current_system,
    is_portable,
    name_problem,
    portable_name,
)

ROOT = Path(__file__).resolve().parents[2]


# -- the name rules ---------------------------------------------------------------------------
@pytest.mark.parametrize("name", [
    "CON", "con.json", "Nul.txt", "aux", "PRN.tar.gz", "COM1.json", "lpt9", "COM\u00b9.log",
    "CONIN$", "conout$.txt", "nul .json",
])
def test_windows_device_names_are_refused_whatever_the_case_and_extension(name):
    assert "device name" in name_problem(name, WINDOWS)
    assert name_problem(name, PORTABLE) is not None
    assert name_problem(name, POSIX) is None  # Linux holds them fine


@pytest.mark.parametrize("name", ["replay:1.json", "a<b", "a>b", 'say"hi"', "back\\slash",
                                  "pipe|x", "what?", "star*", "tab\there", "bell\x07"])
def test_windows_forbidden_characters_are_refused(name):
    assert "Windows refuses" in name_problem(name, WINDOWS)


def test_a_colon_is_refused_on_macos_but_fine_on_linux():
    assert name_problem("a:b.json", MACOS) is not None
    assert name_problem("a:b.json", POSIX) is None


@pytest.mark.parametrize("name", ["notes.", "notes ", "replay.json.", "x. "])
def test_trailing_dots_and_spaces_are_refused_on_windows(name):
    assert "dot or a space" in name_problem(name, WINDOWS)


@pytest.mark.parametrize("name", ["settings.json", "replay-20261201-175400-7.json", "CONSOLE.txt",
                                  "com10.json", "nully", ".hidden", "Spieler Jürgen.json",
                                  "settings.corrupt-20261201-175400.json", "con_.json"])
def test_ordinary_names_pass_everywhere(name):
    for system in (WINDOWS, MACOS, POSIX, PORTABLE):
        assert name_problem(name, system) is None, (name, system)


@pytest.mark.parametrize("name", ["", ".", "..", "a/b", "nul\x00byte", "x" * 256, "ü" * 128])
def test_what_no_system_holds(name):
    for system in (WINDOWS, MACOS, POSIX):
        assert name_problem(name, system) is not None


@pytest.mark.parametrize(("name", "mapped"), [
    ("CON.json", "CON_.json"), ("nul", "nul_"), ("replay:1.json", "replay_1.json"),
    ("notes. ", "notes"), ("a<b>c", "a_b_c"), ("...", "file"), ("", "file"), ("ok.json", "ok.json"),
])
def test_portable_name_maps_to_the_nearest_portable_name(name, mapped):
    assert portable_name(name) == mapped


def test_portable_name_always_gives_a_portable_name_and_keeps_good_ones():
    rng = random.Random(30)
    alphabet = 'abcXYZ09 .:<>"|?*\\/\x00\x01\x1fäü€😀' + "CONULPTM"
    for _ in range(3000):
        name = "".join(rng.choice(alphabet) for _ in range(rng.randint(0, 300)))
        mapped = portable_name(name)
        assert is_portable(mapped), (name, mapped)
        assert portable_name(mapped) == mapped  # idempotent
    long = "ä" * 200 + ".json"
    assert portable_name(long).endswith(".json") and is_portable(portable_name(long))


def test_case_collisions_are_found():
    assert case_collisions(["Heart.png", "heart.png", "other"]) == [("Heart.png", "heart.png")]
    assert case_collisions(["a", "b"]) == []
    assert case_collisions(["\u00fc.json", "u\u0308.json"]) == [("\u00fc.json", "u\u0308.json")]


def test_current_system_names_each_platform():
    assert current_system("win32") == WINDOWS
    assert current_system("darwin") == MACOS
    assert current_system("linux") == POSIX


# -- where the names are applied ---------------------------------------------------------------
def test_a_file_to_write_named_on_the_command_line_obeys_windows_rules_there():
    parse = cli_args.output_file(WINDOWS)
    with pytest.raises(argparse.ArgumentTypeError, match="device name on Windows"):
        parse(r"C:\Users\Ann\CON.json")
    with pytest.raises(argparse.ArgumentTypeError, match="Windows refuses"):
        parse("game:1.json")
    assert parse(r"games\final.json") == Path(r"games\final.json")  # accepted
    assert cli_args.output_file(POSIX)("game:1.json") == Path("game:1.json")


def test_the_command_line_uses_this_systems_rules(capsys):
    from game.app import parse_args

    args = parse_args(["--record", "ok.json", "--settings", "s.json"])
    assert args.record == Path("ok.json") and args.settings == Path("s.json")
    for flag in ("--record", "--settings"):
        with pytest.raises(SystemExit) as exc:
            parse_args([flag, ".."])  # no file name at all, on any system
        assert exc.value.code == 2
        assert f"{flag}: must name a file" in capsys.readouterr().err


def test_names_built_from_data_are_portable(tmp_path):
    """Replay names come from the record's date and seed, set-aside names from the damaged
    file's name: whatever a file holds, the name written is one every system accepts."""
    from game.persist.record import GameRecord
    from game.persist.store import Store

    store = Store(tmp_path)
    for date, seed in [("2026-12-01T17:54:00Z", 0), ("", 2**63 - 1), ("CON:NUL<>", 7),
                       ("9" * 40, 12), ("\x00\x01", 3)]:
        record = GameRecord(rules="1v1", mode="ai", seed=seed, seats=(), choices=(), date=date)
        assert is_portable(store.replay_name(record)), (date, seed)
    for stem in ["settings", "learn", "autosave", "my settings", "x.y"]:
        path = tmp_path / f"{stem}.json"
        path.write_text("{", encoding="utf-8")
        aside = safe_files.set_aside(path, "corrupt")
        assert aside is not None and is_portable(aside.name), aside


def test_every_file_the_project_ships_has_a_portable_name():
    """A checkout on Windows or macOS gets every file: none may need a name those refuse, and
    no two may differ only in case (one would overwrite the other)."""
    try:
        listed = subprocess.run(["git", "ls-files", "-z"], cwd=ROOT, capture_output=True,
                                check=True).stdout.decode("utf-8").split("\0")
    except (OSError, subprocess.CalledProcessError):
        pytest.skip("not a git checkout")
    files = [f for f in listed if f]
    bad = [(f, part, name_problem(part)) for f in files for part in f.split("/")
           if name_problem(part) is not None]
    assert bad == []
    folders: dict[str, list[str]] = {}
    for f in files:
        parent, _, name = f.rpartition("/")
        folders.setdefault(parent, []).append(name)
    assert [(p, c) for p, names in folders.items() for c in case_collisions(names)] == []


# -- replacing a file Windows says is in use ------------------------------------------------
def busy(times: int, winerror: int = 32):
    """A stand-in for os.replace that fails like Windows while another handle is open."""
    calls = []

    def rename(src, dst):
        calls.append((src, dst))
        if len(calls) <= times:
            exc = PermissionError(13, "The process cannot access the file because it is being "
                                      "used by another process")
            exc.winerror = winerror
            raise exc
        Path(src).replace(dst)

    return rename, calls


def test_a_busy_target_is_retried_on_windows(tmp_path):
    src, dst = tmp_path / "new", tmp_path / "settings.json"
    src.write_text("new", encoding="utf-8")
    dst.write_text("old", encoding="utf-8")
    rename, calls = busy(3)
    slept = []
    portable_fs.replace(src, dst, windows=True, rename=rename, sleep=slept.append)
    assert dst.read_text(encoding="utf-8") == "new" and len(calls) == 4
    assert slept == list(portable_fs.RETRY_DELAYS[:3])


def test_windows_gives_up_after_the_bounded_retries(tmp_path):
    rename, calls = busy(100)
    slept = []
    with pytest.raises(PermissionError):
        portable_fs.replace(tmp_path / "a", tmp_path / "b", windows=True, rename=rename,
                            sleep=slept.append)
    assert len(calls) == len(portable_fs.RETRY_DELAYS) + 1 and sum(slept) < 1.5


def test_no_retry_for_a_real_permission_problem_or_off_windows(tmp_path):
    rename, calls = busy(1, winerror=1920)  # not a sharing error: waiting would not help
    with pytest.raises(PermissionError):
        portable_fs.replace(tmp_path / "a", tmp_path / "b", windows=True, rename=rename,
                            sleep=lambda s: None)
    assert len(calls) == 1
    rename, calls = busy(1)
    with pytest.raises(PermissionError):  # on Linux and macOS a PermissionError is real
        portable_fs.replace(tmp_path / "a", tmp_path / "b", windows=False, rename=rename,
                            sleep=lambda s: None)
    assert len(calls) == 1


def test_atomic_writes_and_set_aside_go_through_the_retry(tmp_path, monkeypatch):
    """safe_files replaces through portable_fs: a target busy twice is still written."""
    real = portable_fs.replace
    rename, calls = busy(2)
    monkeypatch.setattr(safe_files, "_replace", lambda a, b: real(
        a, b, windows=True, rename=rename, sleep=lambda s: None))
    target = tmp_path / "settings.json"
    safe_files.atomic_write_text(target, '{"sound": true}\n')
    assert target.read_text(encoding="utf-8") == '{"sound": true}\n' and len(calls) == 3
    rename2, calls2 = busy(2)
    monkeypatch.setattr(safe_files, "_replace", lambda a, b: real(
        a, b, windows=True, rename=rename2, sleep=lambda s: None))
    aside = safe_files.set_aside(target)
    assert aside is not None and aside.exists() and not target.exists() and len(calls2) == 3


# -- text written and read ------------------------------------------------------------------
class _WindowsOs:
    """The os module as Windows' text mode sees it: lines end in \\r\\n."""

    linesep = "\r\n"

    def __getattr__(self, name):
        import os

        return getattr(os, name)


def test_text_files_are_written_with_lf_on_windows_too(tmp_path, monkeypatch):
    """Python's text mode writes os.linesep for every \\n unless told newline="\\n": a save
    written on Windows would differ in bytes from the same save written on Linux."""
    monkeypatch.setattr(_pyio, "os", _WindowsOs())
    monkeypatch.setattr(safe_files.os, "fdopen", lambda fd, *a, **kw: _pyio.open(fd, *a, **kw))
    path = tmp_path / "autosave.json"
    safe_files.atomic_write_text(path, '{\n  "a": 1\n}\n')
    assert path.read_bytes() == b'{\n  "a": 1\n}\n'


def crlf(text: str) -> bytes:
    return text.replace("\r\n", "\n").replace("\n", "\r\n").encode("utf-8")


def test_files_with_windows_line_endings_read_the_same(tmp_path):
    """A checkout on Windows (git's autocrlf) or a file saved by Notepad has \\r\\n: the card
    file, the lessons, the puzzles and a settings file must mean the same."""
    from game.cards import load_cards
    from game.common import settings
    from game.learn import puzzles, tutorial

    cards = tmp_path / "cards.yaml"
    cards.write_bytes(crlf((ROOT / "data" / "cards.yaml").read_text(encoding="utf-8")))
    assert load_cards(cards).defs == load_cards().defs

    puzzle_src = sorted((ROOT / "data" / "puzzles").glob("*.yaml"))[0]
    puzzle = tmp_path / puzzle_src.name
    puzzle.write_bytes(crlf(puzzle_src.read_text(encoding="utf-8")))
    assert _fields(puzzles.load_puzzle(puzzle)) == _fields(puzzles.load_puzzle(puzzle_src))

    lesson_src = sorted((ROOT / "data" / "tutorial").glob("*.yaml"))[0]
    lesson = tmp_path / lesson_src.name
    lesson.write_bytes(crlf(lesson_src.read_text(encoding="utf-8")))
    assert _fields(tutorial.load_lesson(lesson)) == _fields(tutorial.load_lesson(lesson_src))

    settings_file = tmp_path / "settings.json"
    settings_file.write_bytes(b"\xef\xbb\xbf" + crlf('{\n  "sound": false,\n  "volume": 0.5\n}\n'))
    loaded, message = settings.load(settings_file)
    assert message is None and loaded.sound is False and loaded.volume == 0.5


def _fields(obj) -> dict:
    """The parsed content, without the file's own path (the copies live elsewhere)."""
    return {k: v for k, v in vars(obj).items() if not isinstance(v, Path)}


def test_git_checks_text_files_out_with_lf_everywhere():
    """.gitattributes keeps data files LF on a Windows checkout (autocrlf would make CRLF)."""
    try:
        out = subprocess.run(["git", "check-attr", "eol", "--", "data/cards.yaml",
                              "tests/scenarios/x.yaml", "README.md"], cwd=ROOT,
                             capture_output=True, text=True, check=True).stdout
    except (OSError, subprocess.CalledProcessError):
        pytest.skip("not a git checkout")
    assert out.count("eol: lf") == 3, out
    binary = subprocess.run(["git", "check-attr", "text", "--", "assets/sounds/click.wav",
                             "game/locale/de/LC_MESSAGES/mindbug.mo"], cwd=ROOT,
                            capture_output=True, text=True, check=True).stdout
    assert binary.count("text: unset") == 2, binary


# -- the user folders ---------------------------------------------------------------------------
def written_names() -> list[str]:
    from game.common.settings import default_path
    from game.persist.store import Store
    from game.ui.learn.progress import FILE_NAME

    store = Store(Path("data"))
    return [default_path().name, store.autosave_path.name, store.replays_dir.name, FILE_NAME]


def test_on_windows_and_macos_settings_share_the_data_folder_without_a_clash(monkeypatch):
    """platformdirs gives Windows and macOS one folder for settings and data (Linux two):
    the files the game writes there must still be distinct, also case-insensitively."""
    import platformdirs.macos
    import platformdirs.windows

    monkeypatch.setattr(platformdirs.windows, "get_win_folder",
                        lambda csidl: r"C:\Users\Ann\AppData\Local")
    for cls in (platformdirs.windows.Windows, platformdirs.macos.MacOS):
        dirs = cls("mindbug-desktop", appauthor=False)
        assert dirs.user_config_dir == dirs.user_data_dir  # one folder there
        assert dirs.user_log_dir != dirs.user_data_dir
    names = written_names()
    assert len(names) == len(set(names)) and case_collisions(names) == []
    assert all(is_portable(n) for n in names + ["error.log", "error.log.1"])


# -- locks ------------------------------------------------------------------------------------
def test_locks_go_through_filelock_never_a_system_module():
    """fcntl exists only on POSIX and msvcrt only on Windows: the game locks through filelock,
    which picks the right one. No module of the game imports either itself."""
    direct = re.compile(r"^\s*(import|from)\s+(fcntl|msvcrt)\b", re.MULTILINE)
    offenders = [str(p.relative_to(ROOT)) for p in (ROOT / "game").rglob("*.py")
                 if direct.search(p.read_text(encoding="utf-8"))]
    assert offenders == []


def test_filelock_locks_here_as_it_will_there(tmp_path):
    filelock = pytest.importorskip("filelock")
    path = tmp_path / "settings.json.lock"
    assert is_portable(path.name)
    with filelock.FileLock(path, timeout=0):
        with pytest.raises(filelock.Timeout):
            filelock.FileLock(path, timeout=0).acquire()
    with filelock.FileLock(path, timeout=0):  # released: free again
        pass



def test_a_busy_file_is_deleted_once_windows_lets_go(tmp_path):
    """The autosave is deleted when a game ends; on Windows a scanner reading it blocks that."""
    path = tmp_path / "autosave.json"
    path.write_text("{}", encoding="utf-8")
    calls = []

    def unlink(p):
        calls.append(p)
        if len(calls) <= 2:
            exc = PermissionError(13, "being used by another process")
            exc.winerror = 32
            raise exc
        Path(p).unlink()

    assert portable_fs.remove(path, windows=True, unlink=unlink, sleep=lambda s: None)
    assert not path.exists() and len(calls) == 3
    assert portable_fs.remove(path, windows=True, sleep=lambda s: None) is False  # gone: fine


def test_the_store_and_the_writer_delete_through_the_retry(tmp_path, monkeypatch):
    from game.persist.store import Store
    from game.persist.writer import BackgroundWriter

    deleted = []
    monkeypatch.setattr(portable_fs, "remove", lambda p, **kw: deleted.append(Path(p)))
    store = Store(tmp_path)
    store.saves.path("0123456789abcdef").parent.mkdir(parents=True, exist_ok=True)
    store.saves.path("0123456789abcdef").write_text("{}")
    store.saves.remove("0123456789abcdef")  # a discarded game in progress
    writer = BackgroundWriter()
    writer.remove(tmp_path / "other.json")
    assert writer.flush() and writer.last_error is None
    writer.close()
    assert deleted == [store.saves.path("0123456789abcdef"), tmp_path / "other.json"]
