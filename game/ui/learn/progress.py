"""What the player has done of the tutorial and the puzzles, remembered across runs. No pygame.

A small JSON file of its own, ``learn.json`` in the user data folder (beside the saves; the
``MINDBUG_DATA_DIR`` override applies): which puzzles are solved, which lessons are done, and
whether the first-start offer of the tutorial was made. It is not kept in the settings:
progress is not a preference (a player resetting a broken settings file should not lose it,
nor the other way round), and it only ever grows by whole entries.

Read and written through ``game.safe_files``: a damaged file is set aside
(``learn.corrupt-DATE.json``) with a one-line message and progress starts afresh; a failed
write is a message too, never a crash.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from pathlib import Path

from game import safe_files
from game.i18n import _

FILE_NAME = "learn.json"
VERSION = 1
MAX_BYTES = 256 * 1024
MAX_ENTRIES = 1000
_KEY = re.compile(r"^[A-Za-z0-9_.-]{1,80}$")  # a file stem: what Puzzle.key / Lesson.key are


def default_path() -> Path:
    from game.paths import data_dir  # not the store: it imports the save format (~10 ms)

    return data_dir() / FILE_NAME


@dataclass
class Progress:
    solved: set[str] = field(default_factory=set)  # puzzle keys
    lessons: set[str] = field(default_factory=set)  # lesson keys
    offered: bool = False  # the title has asked "New to Mindbug?"
    path: Path | None = None
    message: str | None = None  # what went wrong reading or writing, for a banner

    def to_json(self) -> str:
        return json.dumps({"version": VERSION, "solved": sorted(self.solved),
                           "lessons": sorted(self.lessons), "tutorial_offered": self.offered},
                          indent=1)

    def save(self) -> str | None:
        """Write the file in one step; returns a message instead of raising."""
        path = self.path or default_path()
        try:
            safe_files.atomic_write_text(path, self.to_json())
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


def parse(data: object) -> tuple[set[str], set[str], bool]:
    """(solved, lessons, offered) from the file's JSON data; ValueError if it is not ours."""
    if not isinstance(data, dict):
        raise ValueError("not a JSON object")
    if data.get("version", VERSION) != VERSION:
        raise ValueError(f"unknown version {data.get('version')!r}")
    offered = data.get("tutorial_offered", False)
    if not isinstance(offered, bool):
        raise ValueError("`tutorial_offered` must be true or false")
    return _keys(data, "solved"), _keys(data, "lessons"), offered


def load(path: Path | None = None) -> Progress:
    """The progress in ``path`` (default: the data folder's learn.json); never raises."""
    path = Path(path) if path is not None else default_path()
    try:
        data = safe_files.load_json(path, max_bytes=MAX_BYTES)
        if data is None:
            return Progress(path=path)
        solved, lessons, offered = parse(data)
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
