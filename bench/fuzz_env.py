"""What a UI fuzz run needs around it: a data folder of its own, and the window's modules
imported before anything is timed (used by ``bench/fuzz_ui.py``)."""

from __future__ import annotations

import contextlib
import os
import tempfile
from collections.abc import Iterator
from pathlib import Path

os.environ["MINDBUG_LOOPBACK_ONLY"] = "1"  # nothing a bench runs leaves this machine


def import_window_modules() -> None:
    """Every module of the window imported before the first timed frame: the first click into a
    scene imports its modules, which on a busy machine (other processes compiling too) took
    3-6 s and failed the frame limit by what Python's import costs, not by the window's work
    (start-up time is ``bench/startup.py``'s)."""
    import importlib
    import pkgutil

    import game.persist
    import game.ui

    for package in (game.ui, game.persist):
        for info in pkgutil.walk_packages(package.__path__, package.__name__ + "."):
            importlib.import_module(info.name)


@contextlib.contextmanager
def own_data_folder() -> Iterator[Path]:
    """Saves, replays and learning progress in an empty folder of the run's own: the player's
    real ones are never touched, and what a seed does does not depend on what earlier runs left."""
    from game.common.paths import ENV_DIR

    before = os.environ.get(ENV_DIR)
    with tempfile.TemporaryDirectory(prefix="mindbug-fuzz-data-") as folder:
        os.environ[ENV_DIR] = folder
        try:
            yield Path(folder)
        finally:
            if before is None:
                os.environ.pop(ENV_DIR, None)
            else:
                os.environ[ENV_DIR] = before
