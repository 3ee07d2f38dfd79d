"""Sound effects: the WAVs in assets/sounds/ (made by ``game.ui.cards.assetgen``), played on demand.

Sound is a nicety, never a reason to crash: with no audio device, no mixer module, a missing
file or SDL_AUDIODRIVER=dummy, ``Sounds`` quietly does nothing.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from pathlib import Path

import pygame

from game.common.resources import asset_path

log = logging.getLogger(__name__)

SOUND_NAMES: tuple[str, ...] = (
    "play", "mindbug", "attack", "block", "defeat", "exhaust",
    "life_loss", "life_gain", "win", "loss", "click", "steal", "hit", "shield_break",
    "no_voice",  # speech asked for and no voice to be had (issue 45)
)


def _decode(path: Path) -> pygame.mixer.Sound:
    """An effect's samples in the mixer's format."""
    return pygame.mixer.Sound(str(path))


class Sounds:
    """The game's effects. ``play("attack")``; unknown names and missing audio are ignored."""

    def __init__(self, enabled: bool = True, volume: float = 0.3) -> None:
        self._enabled = bool(enabled)
        self._volume = _clamp(volume)
        self._sounds: dict[str, pygame.mixer.Sound] = {}
        self._available: bool | None = None  # None: the mixer is not opened yet
        # how a file becomes a Sound (the tests' windows, hundreds in one process, decode each
        # file once: tests/conftest.py)
        self._decode: Callable[[Path], pygame.mixer.Sound] = _decode

    @property
    def available(self) -> bool:
        self.load()
        return bool(self._available)

    def load(self) -> None:
        """Open the audio device and load the effects, once. Deferred until after the first
        frame (or the first sound): opening a device can take a tenth of a second, and longer
        where there is none, which the start of the game should not wait for."""
        if self._available is None:
            self._available = self._load()

    def _load(self) -> bool:
        try:
            if not pygame.mixer.get_init():
                pygame.mixer.init()
        except (pygame.error, NotImplementedError, AttributeError, OSError) as exc:
            log.info("sound off: no audio device (%s)", exc)
            return False
        for name in SOUND_NAMES:
            try:
                snd = self._decode(asset_path("sounds", f"{name}.wav"))
            except (pygame.error, FileNotFoundError, OSError) as exc:
                log.info("sound %r not loaded: %s", name, exc)
                continue
            snd.set_volume(self._volume)
            self._sounds[name] = snd
        return bool(self._sounds)

    @property
    def enabled(self) -> bool:
        return self._enabled

    @enabled.setter
    def enabled(self, value: bool) -> None:
        self.set_enabled(value)

    @property
    def volume(self) -> float:
        return self._volume

    @volume.setter
    def volume(self, value: float) -> None:
        self.set_volume(value)

    def names(self) -> tuple[str, ...]:
        """The effects that actually loaded."""
        self.load()
        return tuple(self._sounds)

    def play(self, name: str) -> None:
        """Play effect ``name`` once, if sound is on and the effect exists."""
        if not self._enabled:
            return
        self.load()
        snd = self._sounds.get(name)
        if snd is None:
            return
        try:
            snd.play()
        except pygame.error:  # the device went away mid-game: keep playing silently
            pass

    def set_enabled(self, enabled: bool) -> None:
        self._enabled = bool(enabled)
        if not self._enabled and self._sounds:
            try:
                pygame.mixer.stop()
            except pygame.error:
                pass

    def set_volume(self, volume: float) -> None:
        """Volume from 0.0 to 1.0 (values outside are clamped)."""
        self._volume = _clamp(volume)
        for snd in self._sounds.values():
            snd.set_volume(self._volume)


def _clamp(v: float) -> float:
    try:
        return max(0.0, min(1.0, float(v)))
    except (TypeError, ValueError):
        return 0.3
