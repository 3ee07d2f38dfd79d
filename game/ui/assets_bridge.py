"""The card renderer and sounds, or simple stand-ins while they are not available.

Card faces and sounds belong to their own modules (cardface.py, sound.py). The table only
needs ``face(card_def, width)``, ``back(width)``, ``zoom(card_def)`` and ``play(name)``; if the
real modules fail to import, these placeholders keep the game playable.
"""

from __future__ import annotations

import logging

import pygame

from game.ui import fonts

log = logging.getLogger(__name__)

CARD_RATIO = 88 / 63  # height / width of a poker-sized card


def card_height(width: int) -> int:
    return round(width * CARD_RATIO)


class PlaceholderRenderer:
    """Plain framed rectangles with the name and power: enough to play with."""

    def __init__(self) -> None:
        self._cache: dict[tuple, pygame.Surface] = {}

    def face(self, card_def: object, width: int) -> pygame.Surface:
        key = ("face", getattr(card_def, "name", "?"), width)
        if key not in self._cache:
            self._cache[key] = self._draw_face(card_def, width)
        return self._cache[key]

    def back(self, width: int) -> pygame.Surface:
        key = ("back", width)
        if key not in self._cache:
            surf = pygame.Surface((width, card_height(width)), pygame.SRCALPHA)
            pygame.draw.rect(surf, (70, 40, 110), surf.get_rect(), border_radius=width // 12)
            pygame.draw.rect(surf, (200, 170, 255), surf.get_rect().inflate(-8, -8), 2,
                             border_radius=width // 14)
            self._cache[key] = surf
        return self._cache[key]

    def zoom(self, card_def: object) -> pygame.Surface:
        return self.face(card_def, 300)

    def _draw_face(self, card_def: object, width: int) -> pygame.Surface:
        h = card_height(width)
        surf = pygame.Surface((width, h), pygame.SRCALPHA)
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


def make_renderer() -> object:
    try:
        from game.ui.cardface import CardRenderer

        return CardRenderer()
    except Exception as exc:  # the real renderer is optional: never crash the table over it
        log.info("card renderer unavailable (%s); using placeholders", exc)
        return PlaceholderRenderer()


def make_sounds(enabled: bool, volume: float) -> object:
    try:
        from game.ui.sound import Sounds

        return Sounds(enabled, volume)
    except Exception as exc:
        log.info("sounds unavailable (%s); playing silently", exc)
        return SilentSounds(enabled, volume)
