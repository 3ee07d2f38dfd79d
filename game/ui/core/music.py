"""Music: the pieces in assets/music/ (composed in build/music/pieces.py, rendered to Ogg Vorbis
by build/render_music.py), following the screen shown.

Three pieces loop: "menu" under the title and the menus, "table" in a game, "tension" in a
game while a side is at 1 life; two stings play once: "win" and "loss" when a game ends
(``table_piece`` chooses among the table's). Each scene names the piece it wants
(``Scene.music``, or None to keep what plays under it, as a box over the table does); the app
asks ``follow`` once a frame.

A change is a true crossfade: the piece playing fades out while the next fades in over it. SDL
mixer streams only one piece (``pygame.mixer.music``), so each piece is a ``Sound`` decoded
whole and played on one of two channels kept for the music (the effects never take them). A
piece is decoded in a background thread when it is first wanted (the window never waits for
it; what plays goes on until it is ready), and only the pieces heard are kept: at most the one
coming in and the one fading out (some 18 MB each for a 100-second loop), the one that faded
out dropped once silent. A sting cuts in at once (the table fades out faster under it), without
a fade of its own: it is the ending's accent.

Like the effects, music is a nicety: with no audio device, the mixer not open yet, or a
missing file, nothing plays and nothing fails. Its volume is its own (Settings: Music), apart
from the effects'.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable, Iterable
from pathlib import Path

import pygame

from game.common.resources import asset_path

log = logging.getLogger(__name__)

LOOPS = ("menu", "table", "tension")
STINGS = ("win", "loss")
PIECES = LOOPS + STINGS
FADE_MS = 1500  # a loop's fade out, and the next loop's fade in over it (a crossfade)
STING_FADE_MS = 300  # the table fades out faster for a sting


def piece_path(name: str) -> Path:
    return asset_path("music", f"{name}.ogg")


def table_piece(life: Iterable[int], ending: str | None = None) -> str:
    """The piece for a game's table: the ending's sting once the game is over ("win" or
    "loss", see ``ending_sting``), "tension" while any side is at 1 life, else "table"."""
    if ending is not None:
        return ending
    return "tension" if any(points == 1 for points in life) else "table"


def ending_sting(winner: int, local_teams: Iterable[int]) -> str:
    """The sting at the end of a game, for the people at this screen: "loss" when they all
    play for one side and it lost; "win" when it won, when people of both sides share the
    screen (hot seat) and when nobody plays here (computers against each other)."""
    teams = set(local_teams)
    if len(teams) == 1 and winner not in teams:
        return "loss"
    return "win"


MUSIC_CHANNELS = 2  # the channels kept for the music: the piece coming in, the one going out


class _Voice:
    """A piece on one of the music's channels."""

    def __init__(self, name: str, sound: pygame.mixer.Sound, channel: pygame.mixer.Channel) -> None:
        self.name, self.sound, self.channel = name, sound, channel


class _Loading:
    """A piece being decoded in the background (``sound`` set once done, ``error`` if not)."""

    def __init__(self, name: str, load: Callable[[Path], pygame.mixer.Sound], background: bool) -> None:
        self.name = name
        self.sound: pygame.mixer.Sound | None = None
        self.error: Exception | None = None
        self.done = threading.Event()
        if background:
            threading.Thread(target=self._run, args=(load,), name=f"music-{name}", daemon=True).start()
        else:
            self._run(load)

    def _run(self, load: Callable[[Path], pygame.mixer.Sound]) -> None:
        try:
            self.sound = load(piece_path(self.name))
        except Exception as exc:  # a missing or unreadable file: silence, never a crash
            self.error = exc
        self.done.set()


def _decode(path: Path) -> pygame.mixer.Sound:
    return pygame.mixer.Sound(str(path))


class Music:
    def __init__(self, enabled: bool = True, volume: float = 0.25,
                 load: Callable[[Path], pygame.mixer.Sound] = _decode, background: bool = True) -> None:
        self.enabled = bool(enabled)
        self.volume = _clamp(volume)
        self.wanted: str | None = None  # what the screen asked for last (None: silence)
        self.broken = False  # the mixer refused once: stay silent, do not ask every frame
        self.current: _Voice | None = None  # the piece playing (or a sting played)
        self.leaving: _Voice | None = None  # the piece fading out under it
        self.loading: _Loading | None = None  # the piece being decoded, if any
        self._load, self._background = load, background
        self._channels: list[pygame.mixer.Channel] = []

    @property
    def playing(self) -> str | None:
        """The piece playing (or a sting played) and not on its way out; None: silence."""
        return self.current.name if self.current is not None else None

    def follow(self, wanted: str | None) -> None:
        """Play ``wanted`` (a piece's name) if it is not playing already; None keeps the
        current one. Called every frame: a crossfade starts once the new piece is decoded."""
        if self.broken:
            return
        if wanted is not None:
            self.wanted = wanted
        target = self.wanted if self.enabled and self.volume > 0 else None
        try:
            if not pygame.mixer.get_init():
                return  # the effects open the device after the first frame; until then, wait
            self._drop_silent()
            if target == self.playing:
                return
            if target is None:
                self._fade_out(FADE_MS)
                return
            sound = self._decoded(target)
            if sound is None:
                return  # still decoding: what plays goes on meanwhile
            self._fade_out(STING_FADE_MS if target in STINGS else FADE_MS)
            channel = self._free_channel()
            if target in STINGS:
                channel.play(sound, loops=0)
            else:
                channel.play(sound, loops=-1, fade_ms=FADE_MS)
            channel.set_volume(self.volume)
            self.current = _Voice(target, sound, channel)
        except (pygame.error, FileNotFoundError, OSError, AttributeError, NotImplementedError) as exc:
            log.info("music off: %s", exc)
            self.broken = True

    def _decoded(self, name: str) -> pygame.mixer.Sound | None:
        """``name`` decoded, or None while it is (one piece at a time; a piece no longer
        wanted is dropped when done, never kept)."""
        job = self.loading
        if job is not None and not job.done.is_set():
            return None
        if job is not None and job.name == name:
            self.loading = None
            if job.error is not None:
                raise FileNotFoundError(f"{name}: {job.error}")
            return job.sound
        self.loading = _Loading(name, self._load, self._background)
        return self._decoded(name) if self.loading.done.is_set() else None

    def _fade_out(self, ms: int) -> None:
        """The piece playing fades out (a piece still fading out before it stops at once: two
        pieces at most are ever held)."""
        if self.current is None:
            return
        if self.leaving is not None:
            self.leaving.channel.stop()
        self.current.channel.fadeout(ms)
        self.leaving, self.current = self.current, None

    def _drop_silent(self) -> None:
        """A piece that has faded out is let go (its decoded sound with it)."""
        if self.leaving is not None and not self.leaving.channel.get_busy():
            self.leaving = None

    def _free_channel(self) -> pygame.mixer.Channel:
        if not self._channels:
            pygame.mixer.set_reserved(MUSIC_CHANNELS)  # the effects' sounds never take them
            self._channels = [pygame.mixer.Channel(i) for i in range(MUSIC_CHANNELS)]
        used = self.leaving.channel if self.leaving is not None else None
        return next(c for c in self._channels if c is not used)

    def set_volume(self, volume: float) -> None:
        self.volume = _clamp(volume)
        if self.volume <= 0:
            return  # follow() fades it out at the next frame
        try:
            if pygame.mixer.get_init() and self.current is not None:
                self.current.channel.set_volume(self.volume)
        except (pygame.error, AttributeError):
            pass

    def set_enabled(self, enabled: bool) -> None:
        self.enabled = bool(enabled)


def _clamp(v: float) -> float:
    try:
        return min(1.0, max(0.0, float(v)))
    except (TypeError, ValueError):
        return 0.0
