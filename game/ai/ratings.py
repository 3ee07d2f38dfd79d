"""The measured Elo rating of each level, as the new-game screen shows it.

``data/ai-ratings.json`` is written by ``python -m game.sim --ladder ... --ratings-out``
(docs/ai.md has the command); it keeps the command, the date and the pairs behind the
ratings. A level missing from it has no measured rating, and none is made up.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import NamedTuple

from game.common.resources import data_path

FILE_NAME = "ai-ratings.json"


class Rating(NamedTuple):
    elo: int
    low: int
    high: int
    games: int


_cache: dict[str, Rating] | None = None


def load_ratings(path: Path | None = None) -> dict[str, Rating]:
    """level -> its rating (Random = 0); {} when the file is missing or unreadable (the screen
    then says the ratings are not measured, and the game plays on). The game's own file is
    read once (the screen draws every frame)."""
    global _cache
    if path is None:
        if _cache is None:
            _cache = _read_default()
        return _cache
    return _read(path)


def _read_default() -> dict[str, Rating]:
    try:
        path = data_path(FILE_NAME)
    except FileNotFoundError:
        return {}
    return _read(path)


def _read(path: Path) -> dict[str, Rating]:
    try:
        with open(path, encoding="utf-8") as f:
            ratings = json.load(f)["ratings"]
        return {
            str(name): Rating(int(r["elo"]), int(r["ci95"][0]), int(r["ci95"][1]),
                              int(r.get("games", 0)))
            for name, r in ratings.items()
        }
    except (OSError, ValueError, KeyError, TypeError, IndexError):
        return {}
