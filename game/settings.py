"""Player settings: what they are, where they live, and how they survive a crash.

Settings are a small JSON file in the user's config folder (platformdirs). Writes go to a
temporary file that replaces the old one in one step, so a crash mid-write never leaves a
half-written file. A file that cannot be read is renamed aside and the defaults are used,
with a message the UI can show.
"""

from __future__ import annotations

import json
import os
import tempfile
import time
from dataclasses import asdict, dataclass, fields
from pathlib import Path

AI_LEVELS = ("random", "easy", "medium", "hard", "expert")
ANIM_SPEEDS = (0.5, 1.0, 1.5, 2.0, 3.0)
AI_PAUSES = (0.0, 0.4, 0.8, 1.2, 2.0)


@dataclass
class Settings:
    anim_speed: float = 1.0  # 1.0 = normal; 2.0 = animations take half as long
    ai_pause: float = 0.8  # seconds an AI move takes at least, so a person can follow
    fullscreen: bool = False
    sound: bool = True
    volume: float = 0.35  # quiet by default
    ai_level: str = "medium"
    player_names: tuple[str, str] = ("Player 1", "Player 2")
    rules: str = "1v1"  # the last new game's rules
    # The last 2v2 seats in turn order (you, left, teammate, right): "person:NAME" or "computer:LEVEL".
    seats_2v2: tuple[str, ...] = ("person:Player 1", "computer:medium", "computer:medium",
                                  "computer:medium")

    def validated(self) -> Settings:
        """A copy with every field inside its legal range (a hand-edited file may be odd)."""
        return Settings(
            anim_speed=min(max(float(self.anim_speed), 0.25), 5.0),
            ai_pause=min(max(float(self.ai_pause), 0.0), 5.0),
            fullscreen=bool(self.fullscreen),
            sound=bool(self.sound),
            volume=min(max(float(self.volume), 0.0), 1.0),
            ai_level=self.ai_level if self.ai_level in AI_LEVELS else "medium",
            player_names=tuple(str(n)[:16] or f"Player {i + 1}"
                               for i, n in enumerate(self.player_names[:2])),
            rules=self.rules if self.rules in ("1v1", "2v2") else "1v1",
            seats_2v2=_valid_seats(self.seats_2v2),
        )


def _valid_seats(seats: object) -> tuple[str, ...]:
    """Four "person:NAME" / "computer:LEVEL" entries, else the default seats."""
    default = Settings.__dataclass_fields__["seats_2v2"].default
    if not isinstance(seats, (list, tuple)) or len(seats) != 4:
        return default
    out = []
    for s in seats:
        kind, _, value = str(s).partition(":")
        if kind == "person" and value.strip():
            out.append(f"person:{value.strip()[:16]}")
        elif kind == "computer" and value in AI_LEVELS:
            out.append(f"computer:{value}")
        else:
            return default
    return tuple(out)


def default_path() -> Path:
    import platformdirs

    return Path(platformdirs.user_config_dir("mindbug-desktop", appauthor=False)) / "settings.json"


def _from_dict(data: object) -> Settings:
    if not isinstance(data, dict):
        raise ValueError("settings file does not hold an object")
    known = {f.name for f in fields(Settings)}
    kwargs = {k: v for k, v in data.items() if k in known}
    if "player_names" in kwargs:
        names = kwargs["player_names"]
        if not (isinstance(names, list) and len(names) == 2):
            raise ValueError("player_names must be a list of two names")
        kwargs["player_names"] = tuple(names)
    return Settings(**kwargs).validated()


def load(path: Path | None = None) -> tuple[Settings, str | None]:
    """Read the settings. Returns (settings, message); message is None unless something was wrong."""
    path = path or default_path()
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return Settings(), None
    except OSError as exc:
        return Settings(), f"Could not read settings ({exc.strerror}); using defaults."
    try:
        return _from_dict(json.loads(text)), None
    except (ValueError, TypeError):
        aside = path.with_name(f"{path.stem}.corrupt-{time.strftime('%Y%m%d-%H%M%S')}{path.suffix}")
        try:
            os.replace(path, aside)
            where = f" The old file was kept as {aside.name}."
        except OSError:
            where = ""
        return Settings(), f"Your settings file could not be read, so the defaults are used.{where}"


def save(settings: Settings, path: Path | None = None) -> None:
    """Write atomically: a temp file in the same folder, then os.replace over the old file."""
    path = path or default_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    data = asdict(settings)
    data["player_names"] = list(settings.player_names)
    fd, tmp = tempfile.mkstemp(prefix=".settings-", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            json.dump(data, fh, indent=2)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise
