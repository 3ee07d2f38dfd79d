"""The user data folder for saves, replays and learning progress: platformdirs' folder, or
MINDBUG_DATA_DIR (tests, portable use).

A module of its own, apart from ``game.persist.store``: the title's first frame needs the
folder (the tutorial offer reads ``learn.json``) but not the save format, the engine-bound
replay code or hashlib that the store imports (~10 ms).
"""

from __future__ import annotations

import os
from pathlib import Path

import platformdirs

ENV_DIR = "MINDBUG_DATA_DIR"


def data_dir() -> Path:
    """The folder for saves and replays; MINDBUG_DATA_DIR overrides it (tests, portable use)."""
    override = os.environ.get(ENV_DIR)
    if override:
        return Path(override)

    return Path(platformdirs.user_data_dir("mindbug-desktop", appauthor=False))
