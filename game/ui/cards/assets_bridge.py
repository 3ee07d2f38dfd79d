"""The card renderer and sounds, or simple stand-ins while they are not available.

Card faces and sounds belong to their own modules (cardface.py, sound.py). The table only
needs ``face(card_def, width)``, ``back(width)``, ``zoom(card_def)`` and ``play(name)``; if the
real modules fail to import, these placeholders keep the game playable.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable, Iterable
from functools import partial
from typing import TYPE_CHECKING, Any

import pygame

from game.common import i18n
from game.ui.core.sound import Sounds
from game.ui.kit import fonts

if TYPE_CHECKING:
    from game.ui.cards.cardface import CardRenderer as FaceRenderer
    from game.ui.cards.cardlike import CardLike
    from game.ui.core.contracts import CardRenderer, SoundPlayer

log = logging.getLogger(__name__)

CARD_RATIO = 88 / 63  # height / width of a poker-sized card


def card_height(width: int) -> int:
    return round(width * CARD_RATIO)


class PlaceholderRenderer:
    """Plain framed rectangles with the name and power: enough to play with."""

    def __init__(self) -> None:
        self._cache: dict[tuple, pygame.Surface] = {}

    def face(self, card_def: CardLike, width: int) -> pygame.Surface:
        key = ("face", getattr(card_def, "name", "?"), width)
        if key not in self._cache:
            self._cache[key] = self._draw_face(card_def, width)
        return self._cache[key]

    def back(self, width: int) -> pygame.Surface:
        key = ("back", width)
        if key not in self._cache:
            surf = pygame.Surface((width, card_height(width)), pygame.SRCALPHA, 32)
            pygame.draw.rect(surf, (70, 40, 110), surf.get_rect(), border_radius=width // 12)
            pygame.draw.rect(surf, (200, 170, 255), surf.get_rect().inflate(-8, -8), 2,
                             border_radius=width // 14)
            self._cache[key] = surf
        return self._cache[key]

    def zoom(self, card_def: CardLike) -> pygame.Surface:
        return self.face(card_def, 300)

    def _draw_face(self, card_def: CardLike, width: int) -> pygame.Surface:
        h = card_height(width)
        surf = pygame.Surface((width, h), pygame.SRCALPHA, 32)
        pygame.draw.rect(surf, (235, 228, 210), surf.get_rect(), border_radius=width // 12)
        pygame.draw.rect(surf, (40, 40, 40), surf.get_rect(), 2, border_radius=width // 12)
        size = max(9, width // 9)
        name = str(getattr(card_def, "name", "?"))
        y = 6
        for line in fonts.wrap(name, fonts.font(size, True), width - 30):
            surf.blit(fonts.render_text(line, size, (20, 20, 20), True), (6, y))
            y += size + 2
        power = fonts.render_text(str(getattr(card_def, "power", "")), size * 2, (150, 20, 20), True)
        surf.blit(power, (width - power.get_width() - 5, 4))
        kws = ", ".join(getattr(card_def, "keywords", ()) or ())
        if kws:
            surf.blit(fonts.render_text(kws.upper(), max(8, size - 2), (60, 60, 120), True), (6, y + 4))
        text = str(getattr(card_def, "text", "") or "")
        ty = h // 2
        small = max(8, width // 12)
        for line in fonts.wrap(text, fonts.font(small), width - 12):
            if ty + small > h - 4:
                break
            surf.blit(fonts.render_text(line, small, (30, 30, 30)), (6, ty))
            ty += small + 1
        return surf


class SilentSounds:
    def __init__(self, enabled: bool = False, volume: float = 0.0) -> None:
        self.enabled = enabled
        self.volume = volume

    def play(self, name: str) -> None:
        return None

    def set_volume(self, volume: float) -> None:
        self.volume = volume


class LanguageRenderer:
    """The card renderer in the window's current language: faces and the zoom are asked for
    in ``game.common.i18n.language()`` at draw time (the renderer's cache key holds the language)."""

    def __init__(self, renderer: FaceRenderer) -> None:
        self.renderer = renderer

    def face(self, card_def: CardLike, width: int) -> pygame.Surface:
        return self.renderer.face(card_def, width, i18n.language())

    def zoom(self, card_def: CardLike) -> pygame.Surface:
        return self.renderer.zoom(card_def, i18n.language())

    def back(self, width: int) -> pygame.Surface:
        return self.renderer.back(width)

    def __getattr__(self, name: str) -> Any:  # preload(), the cache, ...
        return getattr(self.renderer, name)


def make_renderer() -> CardRenderer:
    try:
        from game.ui.cards.cardface import CardRenderer

        return LanguageRenderer(CardRenderer())
    except Exception as exc:  # the real renderer is optional: never crash the table over it
        log.info("card renderer unavailable (%s); using placeholders", exc)
        return PlaceholderRenderer()


class FaceWarmer:
    """Draws every card face ahead of need, a few milliseconds at a time, so no frame of a game
    waits 5-18 ms for a face seen for the first time.

    The first step loads the cards (after the first frame: start-up is not slowed). Table sizes
    come first (hand, play), then the large ones (the played card, the zoom). ``step(budget)``
    starts a face only if the faces drawn so far suggest it fits in ``budget`` seconds.
    """

    def __init__(self, renderer: CardRenderer, widths: tuple[int, ...],
                 defs: Callable[[bool], list | None] | None = None, zooms: bool = True) -> None:
        self.renderer = renderer
        self.zooms = zooms  # the large faces for hover and right-click too
        self.widths = widths  # the table's card widths (see warm_widths): the table knows them
        # defs(idle): the card definitions, or None while they cannot be had cheaply now
        self._defs = defs or _load_defs
        self._jobs: list[tuple[Callable[[], object], int]] | None = None  # a job: its result is ignored
        self._cost: dict[int, float] = {}  # width -> typical time to draw a face that wide (s)
        self.drawn = 0

    @property
    def done(self) -> bool:
        return self._jobs is not None and not self._jobs

    def _build(self, idle: bool) -> bool:
        defs = self._defs(idle)
        if defs is None:
            return False
        face = getattr(self.renderer, "face", None)
        zoom = getattr(self.renderer, "zoom", None) if self.zooms else None
        jobs: list[tuple[Callable[[], object], int]] = (  # a job: its result is ignored
            [(partial(face, d, w), w) for w in self.widths for d in defs] if face else [])
        jobs += [(partial(zoom, d), 300) for d in defs] if zoom else []
        self._jobs = jobs[::-1]  # popped from the end: table sizes first
        return True

    def step(self, budget: float, idle: bool = True) -> int:
        """Draw faces for at most about ``budget`` seconds; returns how many were drawn."""
        if self._jobs is None:
            self._build(idle)
            return 0  # finding the cards was this step's work
        start = time.perf_counter()
        n = 0
        while self._jobs:
            job, width = self._jobs[-1]
            left = budget - (time.perf_counter() - start)
            # An idle frame always draws one (nothing moves to stutter); a busy one only what fits.
            if self._cost.get(width, 0.004) > left and not (idle and n == 0 and budget > 0):
                break
            t = time.perf_counter()
            try:
                job()
            except Exception:  # a face that cannot be drawn is drawn (and reported) when used
                pass
            took = time.perf_counter() - t
            # A running average: one slow face (the machine was busy) must not block the rest.
            self._cost[width] = took if width not in self._cost else 0.7 * self._cost[width] + 0.3 * took
            self._jobs.pop()
            n += 1
        self.drawn += n
        return n


def _load_defs(idle: bool) -> list | None:
    """The card definitions from the card file: only in an idle frame (parsing takes a while)."""
    if not idle:
        return None
    from game.cards import load_cards

    return list(load_cards().defs)


def make_sounds(enabled: bool, volume: float) -> SoundPlayer:
    try:
        return Sounds(enabled, volume)
    except Exception as exc:
        log.info("sounds unavailable (%s); playing silently", exc)
        return SilentSounds(enabled, volume)


def warm_widths(sprite_sizes: Iterable[int]) -> tuple[int, ...]:
    """The widths to draw ahead: the 1v1 table's first (hand, play area, piles, the large played
    card), then every other width a layout uses (``sprite_sizes``: the 2v2 rows and seat plates)."""
    first = (104, 92, 58, 190)
    return first + tuple(w for w in sprite_sizes if w not in first)
