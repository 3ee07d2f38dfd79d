"""game.common.safe_files: bounded reading of regular files only, lenient decoding, strict JSON,
atomic writes that never replace a special file, and set-aside for regular files only."""

from __future__ import annotations

import codecs
import os
import sys
import threading
import time

import pytest

from game.common import safe_files as F

posix_only = pytest.mark.skipif(sys.platform == "win32", reason="POSIX special files")


def soon(fn, *args, seconds: float = 5.0):
    """Call fn in a thread: a hang (a FIFO, /dev/zero) fails the test instead of the run."""
    out: list = []

    def call():
        try:
            out.append(("ok", fn(*args)))
        except BaseException as exc:  # noqa: BLE001 - handed back to the test
            out.append(("err", exc))

    t = threading.Thread(target=call, daemon=True)
    t.start()
    t.join(seconds)
    assert out, f"{fn.__name__} hung"
    kind, value = out[0]
    if kind == "err":
        raise value
    return value


# --- reading ----------------------------------------------------------------------------------

def test_missing_file_is_none(tmp_path):
    assert F.read_bytes(tmp_path / "nope") is None
    assert F.load_json(tmp_path / "nope") is None


def test_reads_a_regular_file(tmp_path):
    p = tmp_path / "a.json"
    p.write_bytes(b'{"a": [1, 2.5, "x"]}')
    assert F.load_json(p) == {"a": [1, 2.5, "x"]}


def test_size_cap(tmp_path):
    p = tmp_path / "big"
    p.write_bytes(b"x" * 1001)
    with pytest.raises(F.UnreadableFile, match="too large"):
        F.read_bytes(p, max_bytes=1000)
    assert F.read_bytes(p, max_bytes=1001) == b"x" * 1001


@posix_only
def test_fifo_is_refused_without_blocking(tmp_path):
    p = tmp_path / "fifo"
    os.mkfifo(p)
    with pytest.raises(F.UnreadableFile, match="not a regular file"):
        soon(F.read_bytes, p)


@posix_only
@pytest.mark.parametrize("target", ["/dev/zero", "/dev/null", "/dev/urandom"])
def test_link_to_a_device_is_refused(tmp_path, target):
    p = tmp_path / "link"
    p.symlink_to(target)
    with pytest.raises(F.UnreadableFile, match="not a regular file"):
        soon(F.read_bytes, p)


def test_folder_is_refused(tmp_path):
    with pytest.raises(F.UnreadableFile):
        F.read_bytes(tmp_path)


def test_message_is_one_line_without_the_folder(tmp_path):
    p = tmp_path / "x.json"
    p.write_bytes(b"\xff\xfe\xfd")
    with pytest.raises(F.UnreadableFile) as info:
        F.read_text(p)
    assert "\n" not in str(info.value) and str(tmp_path) not in str(info.value)


# --- decoding ---------------------------------------------------------------------------------

@pytest.mark.parametrize("codec", ["utf-8", "utf-8-sig", "utf-16", "utf-16-le", "utf-16-be"])
def test_unicode_encodings_with_a_bom(codec):
    text = '{"name": "Jörg 🐝"}'
    data = text.encode(codec)
    if codec in ("utf-16-le", "utf-16-be"):  # as Notepad writes them: BOM first
        bom = codecs.BOM_UTF16_LE if codec.endswith("le") else codecs.BOM_UTF16_BE
        data = bom + data
    assert F.decode_text(data) == text


@pytest.mark.parametrize("data", [
    "Jörg".encode("latin-1"),  # not guessed: refused
    b"\x80\x81",
    b"ok\x00then binary",
    codecs.BOM_UTF16_LE + b"\x00\xd8",  # a lone surrogate
])
def test_undecodable_is_refused(data):
    with pytest.raises(F.UnreadableFile):
        F.decode_text(data, "f")


# --- JSON -------------------------------------------------------------------------------------

@pytest.mark.parametrize("text", [
    "NaN", "[Infinity]", '{"a": -Infinity}', "1e400", "[-1e999]",
    "9" * 400, "-" + "9" * 41, "9" * 5000,
    "[" * 100_000 + "]" * 100_000,
    '{"a": ' * 40 + "1" + "}" * 40,
    "{", "", "[1,]", "{'a': 1}",
])
def test_bad_json_is_refused(text):
    with pytest.raises(F.UnreadableFile):
        F.parse_json(text, "f")


def test_depth_counts_brackets_outside_strings_only():
    assert F.parse_json('{"a": "' + "[" * 100 + '"}', "f") == {"a": "[" * 100}
    assert F.parse_json('["\\"[[[[", 1]', "f", max_depth=1) == ['"[[[[', 1]
    with pytest.raises(F.UnreadableFile, match="nested"):
        F.parse_json("[[[1]]]", "f", max_depth=2)


def test_large_but_sane_numbers_are_fine():
    assert F.parse_json(str(2**63), "f") == 2**63
    assert F.parse_json("1e300", "f") == 1e300


def test_finite_number():
    assert F.finite_number(3) == 3.0 and F.finite_number(0.5) == 0.5
    for bad in (True, False, None, "1", float("nan"), float("inf"), 10**400, [1]):
        assert F.finite_number(bad) is None


# --- writing ----------------------------------------------------------------------------------

def test_atomic_write_replaces_and_leaves_no_temp(tmp_path):
    p = tmp_path / "sub" / "s.json"
    F.atomic_write_text(p, "one")
    F.atomic_write_text(p, "two")
    assert p.read_text(encoding="utf-8") == "two"
    assert [q.name for q in p.parent.iterdir()] == ["s.json"]


def test_failed_write_removes_its_temp_and_keeps_the_old_file(tmp_path, monkeypatch):
    p = tmp_path / "s.json"
    p.write_text("old", encoding="utf-8")

    def boom(*_args):
        raise OSError("disk full")

    monkeypatch.setattr(F.os, "replace", boom)
    with pytest.raises(OSError):
        F.atomic_write_text(p, "new")
    assert p.read_text(encoding="utf-8") == "old"
    assert [q.name for q in tmp_path.iterdir()] == ["s.json"]


@posix_only
def test_never_replaces_a_special_file(tmp_path):
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    link = tmp_path / "link"
    link.symlink_to("/dev/null")
    for p in (fifo, link, tmp_path / "dir"):
        if p.name == "dir":
            p.mkdir()
        with pytest.raises(OSError, match="not a regular file"):
            F.atomic_write_text(p, "x")
    assert link.is_symlink() and fifo.exists() and not fifo.is_file()
    assert sorted(q.name for q in tmp_path.iterdir()) == ["dir", "fifo", "link"]
    before = os.stat("/dev/null")
    with pytest.raises(OSError):
        F.atomic_write_text(F.Path("/dev/null"), "x")
    assert os.stat("/dev/null").st_ino == before.st_ino


def test_remove_stale_temps_only_touches_its_own_old_files(tmp_path):
    p = tmp_path / "settings.json"
    old = time.time() - 3600
    names = [".settings-a1.tmp", ".settings-b2.tmp", ".settings-young.tmp", ".other-x.tmp",
             "settings-x.tmp", ".settings-x.json"]
    for n in names:
        (tmp_path / n).write_text("x", encoding="utf-8")
        if n != ".settings-young.tmp":
            os.utime(tmp_path / n, (old, old))
    if sys.platform != "win32":
        (tmp_path / ".settings-link.tmp").symlink_to(tmp_path / ".other-x.tmp")
    assert F.remove_stale_temps(p, older_than=60) == 2
    left = sorted(q.name for q in tmp_path.iterdir())
    assert ".settings-a1.tmp" not in left and ".settings-b2.tmp" not in left
    assert ".settings-young.tmp" in left and ".other-x.tmp" in left


def test_remove_stale_temps_in_a_missing_folder(tmp_path):
    assert F.remove_stale_temps(tmp_path / "no" / "such.json") == 0


# --- setting aside ----------------------------------------------------------------------------

def test_set_aside_renames_a_regular_file_beside_it(tmp_path):
    p = tmp_path / "s.json"
    p.write_text("bad", encoding="utf-8")
    aside = F.set_aside(p)
    assert aside is not None and aside.parent == tmp_path and not p.exists()
    assert aside.name.startswith("s.corrupt-") and aside.suffix == ".json"
    assert aside.read_text(encoding="utf-8") == "bad"
    p.write_text("bad again", encoding="utf-8")  # the same second: a distinct name
    second = F.set_aside(p)
    assert second is not None and second != aside and aside.exists()


@posix_only
def test_set_aside_leaves_special_files_alone(tmp_path):
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    link = tmp_path / "link"
    link.symlink_to(tmp_path / "target")
    (tmp_path / "target").write_text("x", encoding="utf-8")
    folder = tmp_path / "dir"
    folder.mkdir()
    for p in (fifo, link, folder, F.Path("/dev/null"), tmp_path / "missing"):
        assert F.set_aside(p) is None
    assert sorted(q.name for q in tmp_path.iterdir()) == ["dir", "fifo", "link", "target"]
    assert os.path.exists("/dev/null")
