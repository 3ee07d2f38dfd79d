"""F12's screenshots: numbered PNGs that never overwrite a picture already in the folder.

The numbers continue after the highest one in the folder (a new start does not begin at 0000
again), and each file is created exclusively (``safe_files.write_new``): another copy of the
game taking the same number meanwhile only moves this one on to the next.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import TYPE_CHECKING

import pygame

from game.common import safe_files

if TYPE_CHECKING:
    import pygame

PREFIX = "mindbug-"
_NUMBERED = re.compile(rf"^{PREFIX}(\d{{1,9}})\.png$")
MAX_TRIES = 100  # names taken between the scan and the create; then give up on this picture


def next_number(folder: Path) -> int:
    """One more than the highest ``mindbug-NNNN.png`` in ``folder`` (0 if there is none)."""
    highest = -1
    try:
        for entry in Path(folder).iterdir():
            match = _NUMBERED.match(entry.name)
            if match:
                highest = max(highest, int(match.group(1)))
    except OSError:
        pass
    return highest + 1


def save(surface: pygame.Surface, folder: Path, number: int | None = None) -> tuple[Path, int] | None:
    """Save ``surface`` as the first free ``mindbug-NNNN.png`` from ``number`` on (default: after
    the highest in the folder). Returns (path, the number to try next time), or None."""
    folder = Path(folder)
    if number is None:  # the first picture of this run
        # what a save cut off by a crash left (".mindbug-NNNN-XXXX.tmp", older than a minute)
        safe_files.remove_stale_temps(folder / "mindbug.png")
        number = next_number(folder)
    for _ in range(MAX_TRIES):
        path = folder / f"{PREFIX}{number:04d}.png"
        try:
            safe_files.write_new(path, lambda fh: pygame.image.save(surface, fh, "png"))
        except FileExistsError:
            number = max(number + 1, next_number(folder))
            continue
        except (OSError, pygame.error):
            return None
        return path, number + 1
    return None
