"""What the player has done of the tutorial and the puzzles, remembered across runs. No pygame.

A small JSON file of its own, ``learn.json`` in the user data folder (beside the saves; the
``MINDBUG_DATA_DIR`` override applies): which puzzles are solved, which lessons are done, and
whether the first-start offer of the tutorial was made. It is not kept in the settings:
progress is not a preference (a player resetting a broken settings file should not lose it,
nor the other way round), and it only ever grows by whole entries.

Read and written through ``game.common.safe_files``: a damaged file is set aside
(``learn.corrupt-DATE.json``) with a one-line message and progress starts afresh; a failed
write is a message too, never a crash. A file from a newer version (a higher ``version``) is
left exactly as it is and this copy saves nothing into it.

Two copies of the game may share the data folder: a save takes the file's lock, re-reads it
and writes the union of what is on disk and what this copy has (progress only grows), so
neither copy's solved puzzle is lost. Keys this version does not know are kept untouched.
"""

from __future__ import annotations

import json
import logging
import re
from dataclasses import dataclass, field
from pathlib import Path

from game.common import safe_files
from game.common.i18n import _
from game.common.paths import data_dir

log = logging.getLogger(__name__)

FILE_NAME = "learn.json"
VERSION = 1
MAX_BYTES = 256 * 1024
MAX_ENTRIES = 1000
STALE_TEMP_AGE = 60.0  # seconds; a younger temp file may belong to another copy's save
_KEY = re.compile(r"^[A-Za-z0-9_.-]{1,80}$")  # a file stem: what Puzzle.key / Lesson.key are


def default_path() -> Path:
    return data_dir() / FILE_NAME


@dataclass
class Progress:
    solved: set[str] = field(default_factory=set)  # puzzle keys
    lessons: set[str] = field(default_factory=set)  # lesson keys
    offered: bool = False  # the title has asked "New to Mindbug?"
    path: Path | None = None
    message: str | None = None  # what went wrong reading or writing, for a banner
    read_only: bool = False  # the file is a newer version's: never written by this one

    def to_json(self, extra: dict | None = None) -> str:
        """The file's text; ``extra``: keys a newer version wrote, kept as they are."""
        data = {"version": VERSION, "solved": sorted(self.solved),
                "lessons": sorted(self.lessons), "tutorial_offered": self.offered}
        data.update((k, v) for k, v in (extra or {}).items() if k not in data)
        return json.dumps(data, indent=1, allow_nan=False)

    def save(self) -> str | None:
        """Merge with the file under its lock and write it in one step; returns a message
        instead of raising."""
        if self.read_only:
            return None
        path = self.path or default_path()
        try:
            with safe_files.file_lock(path):
                solved, lessons, offered, extra = _on_disk(path)
                self.solved |= solved
                self.lessons |= lessons
                self.offered = self.offered or offered
                safe_files.atomic_write_text(path, self.to_json(extra))
        except OSError as exc:
            self.message = _("Could not save your progress: {reason}").format(
                reason=getattr(exc, "strerror", None) or exc)
            return self.message
        return None

    def mark_solved(self, key: str) -> str | None:
        if key in self.solved:
            return None
        self.solved.add(key)
        return self.save()

    def mark_lesson(self, key: str) -> str | None:
        if key in self.lessons:
            return None
        self.lessons.add(key)
        return self.save()

    def mark_offered(self) -> str | None:
        if self.offered:
            return None
        self.offered = True
        return self.save()


def _keys(data: dict, name: str) -> set[str]:
    value = data.get(name, [])
    if not isinstance(value, list) or len(value) > MAX_ENTRIES:
        raise ValueError(f"`{name}` must be a list")
    if not all(isinstance(k, str) and _KEY.match(k) for k in value):
        raise ValueError(f"`{name}` holds something that is not a puzzle or lesson name")
    return set(value)


def _show(value: object) -> str:  # any JSON from the progress file: checked here
    """A value from the file, short enough for a message line."""
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


class NewerVersion(ValueError):
    """The file was written by a newer version of the game: it is left as it is."""


KNOWN_KEYS = ("version", "solved", "lessons", "tutorial_offered")


def parse(data: object) -> tuple[set[str], set[str], bool]:  # any JSON from the progress file: checked here
    """(solved, lessons, offered) from the file's JSON data; ValueError if it is not ours."""
    if not isinstance(data, dict):
        raise ValueError("not a JSON object")
    version = data.get("version", VERSION)
    if isinstance(version, int) and not isinstance(version, bool) and version > VERSION:
        raise NewerVersion(f"version {version}")
    if version != VERSION:
        raise ValueError(f"unknown version {_show(version)}")
    offered = data.get("tutorial_offered", False)
    if not isinstance(offered, bool):
        raise ValueError("`tutorial_offered` must be true or false")
    return _keys(data, "solved"), _keys(data, "lessons"), offered


def _on_disk(path: Path) -> tuple[set[str], set[str], bool, dict]:
    """(solved, lessons, offered, unknown keys) of the file as it is now, under its lock.

    A file damaged since it was read is set aside (nothing lost) and counts as empty; one a
    newer version wrote meanwhile is never replaced (OSError).
    """
    try:
        data = safe_files.load_json(path, max_bytes=MAX_BYTES)
        if data is None:
            return set(), set(), False, {}
        solved, lessons, offered = parse(data)
    except NewerVersion as exc:
        raise OSError(_("the progress file is from a newer version of the game ({version})")
                      .format(version=exc)) from None
    except (safe_files.UnreadableFile, ValueError) as exc:
        log.warning("progress file damaged since it was read (%s); set aside as %s", exc,
                    safe_files.set_aside(path))
        return set(), set(), False, {}
    assert isinstance(data, dict)  # parse refuses anything else
    return solved, lessons, offered, {k: v for k, v in data.items() if k not in KNOWN_KEYS}


def load(path: Path | None = None) -> Progress:
    """The progress in ``path`` (default: the data folder's learn.json); never raises."""
    path = Path(path) if path is not None else default_path()
    # what an interrupted save left beside it (the data folder is the game's own)
    safe_files.remove_stale_temps(path, older_than=STALE_TEMP_AGE)
    try:
        data = safe_files.load_json(path, max_bytes=MAX_BYTES)
        if data is None:
            return Progress(path=path)
        solved, lessons, offered = parse(data)
    except NewerVersion as exc:
        message = _("Your tutorial and puzzle progress was saved by a newer version of the game "
                    "({version}); it is left as it is and progress made now is not saved.").format(
            version=exc)
        return Progress(offered=True, path=path, message=message, read_only=True)
    except (safe_files.UnreadableFile, ValueError) as exc:
        aside = safe_files.set_aside(path)
        if aside is not None:
            message = _("Your tutorial and puzzle progress could not be read ({reason}); it was "
                        "set aside as {name} and starts afresh.").format(reason=exc, name=aside.name)
        else:
            message = _("Your tutorial and puzzle progress could not be read ({reason}); it "
                        "starts afresh.").format(reason=exc)
        # A damaged file: the offer is not made again (the player has seen the title before).
        return Progress(offered=True, path=path, message=message)
    return Progress(solved, lessons, offered, path)
