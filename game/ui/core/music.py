"""Music: the two loops in assets/music/ (menus, table; made by ``game.ui.cards.assetgen``),
one at a time, following the screen shown.

Each scene names the loop it wants (``Scene.music``: "menu", "table", or None to keep what
plays under it, as a box over the table does); the app asks ``follow`` once a frame, and a
change fades the old loop out and the new one in. Like the effects, music is a nicety: with no
audio device, the mixer not open yet, or a missing file, nothing plays and nothing fails. Its
volume is its own (Settings: Music), apart from the effects'.
"""

from __future__ import annotations

import logging

import pygame

from game.common.resources import asset_path

log = logging.getLogger(__name__)

LOOPS = ("menu", "table")
FADE_MS = 700


class Music:
    def __init__(self, enabled: bool = True, volume: float = 0.25) -> None:
        self.enabled = bool(enabled)
        self.volume = _clamp(volume)
        self.playing: str | None = None  # the loop playing now (None: silence)
        self.broken = False  # the mixer refused once: stay silent, do not ask every frame

    def follow(self, wanted: str | None) -> None:
        """Play ``wanted`` (a loop's name) if it is not playing already; None keeps the current."""
        if wanted is None or self.broken:
            return
        if not self.enabled or self.volume <= 0:
            wanted = None
        if wanted == self.playing:
            return
        try:
            if not pygame.mixer.get_init():
                return  # the effects open the device after the first frame; until then, wait
            if wanted is None:
                pygame.mixer.music.fadeout(FADE_MS)
            else:
                pygame.mixer.music.load(str(asset_path("music", f"{wanted}.wav")))
                pygame.mixer.music.set_volume(self.volume)
                pygame.mixer.music.play(loops=-1, fade_ms=FADE_MS)
        except (pygame.error, FileNotFoundError, OSError, AttributeError, NotImplementedError) as exc:
            log.info("music off: %s", exc)
            self.broken = True
            return
        self.playing = wanted

    def set_volume(self, volume: float) -> None:
        self.volume = _clamp(volume)
        if self.volume <= 0:
            return  # follow() fades it out at the next frame
        try:
            if pygame.mixer.get_init():
                pygame.mixer.music.set_volume(self.volume)
        except (pygame.error, AttributeError):
            pass

    def set_enabled(self, enabled: bool) -> None:
        self.enabled = bool(enabled)


def _clamp(v: float) -> float:
    try:
        return min(1.0, max(0.0, float(v)))
    except (TypeError, ValueError):
        return 0.0
