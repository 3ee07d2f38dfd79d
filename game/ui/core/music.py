"""Music: the pieces in assets/music/ (composed in build/music/pieces.py, rendered to Ogg Vorbis
by build/render_music.py), one at a time, following the screen shown.

Three pieces loop: "menu" under the title and the menus, "table" in a game, "tension" in a
game while a side is at 1 life; two stings play once: "win" and "loss" when a game ends
(``table_piece`` chooses among the table's). Each scene names the piece it wants
(``Scene.music``, or None to keep what plays under it, as a box over the table does); the app
asks ``follow`` once a frame. A change fades the piece playing out and then the new one in
(SDL_mixer streams one piece at a time, and starting one while another fades would wait for
the fade), a sting after a short fade, without fading in: it is the ending's accent. Like the
effects, music is a nicety: with no audio device, the mixer not open yet, or a missing file,
nothing plays and nothing fails. Its volume is its own (Settings: Music), apart from the
effects'.
"""

from __future__ import annotations

import logging
from collections.abc import Iterable
from pathlib import Path

import pygame

from game.common.resources import asset_path

log = logging.getLogger(__name__)

LOOPS = ("menu", "table", "tension")
STINGS = ("win", "loss")
PIECES = LOOPS + STINGS
FADE_MS = 700  # a loop's fade out, and the next loop's fade in
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


class Music:
    def __init__(self, enabled: bool = True, volume: float = 0.25) -> None:
        self.enabled = bool(enabled)
        self.volume = _clamp(volume)
        self.loaded: str | None = None  # the piece in the mixer (playing, fading or finished)
        self.fading = False  # the loaded piece is fading out: the next one waits for silence
        self.wanted: str | None = None  # what the screen asked for last (None: silence)
        self.broken = False  # the mixer refused once: stay silent, do not ask every frame

    @property
    def playing(self) -> str | None:
        """The piece playing (or a sting played) and not on its way out; None: silence."""
        return None if self.fading else self.loaded

    def follow(self, wanted: str | None) -> None:
        """Play ``wanted`` (a piece's name) if it is not playing already; None keeps the
        current one. Called every frame: a fade in progress goes on from here."""
        if self.broken:
            return
        if wanted is not None:
            self.wanted = wanted
        target = self.wanted if self.enabled and self.volume > 0 else None
        if target == self.loaded and not self.fading:
            return
        try:
            if not pygame.mixer.get_init():
                return  # the effects open the device after the first frame; until then, wait
            if self.loaded is not None and not self.fading:
                fade = STING_FADE_MS if target in STINGS else FADE_MS
                pygame.mixer.music.fadeout(fade)
                self.fading = True
            if self.fading:
                if pygame.mixer.music.get_busy():
                    return  # still fading out: the next piece starts once it is silent
                self.loaded, self.fading = None, False
            if target is None:
                return
            pygame.mixer.music.load(str(piece_path(target)))
            pygame.mixer.music.set_volume(self.volume)
            if target in STINGS:
                pygame.mixer.music.play(loops=0)
            else:
                pygame.mixer.music.play(loops=-1, fade_ms=FADE_MS)
        except (pygame.error, FileNotFoundError, OSError, AttributeError, NotImplementedError) as exc:
            log.info("music off: %s", exc)
            self.broken = True
            return
        self.loaded = target

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
