"""The zoom's strip of keyword reminders under a card face: each keyword in bold, then what
it does (``cardface.zoom_reminders`` says which, in the player's language)."""

from __future__ import annotations

import pygame

from game.ui.kit import fonts

REMINDER_SIZE = 15


def with_reminders(face: pygame.Surface, notes: list[tuple[str, str]]) -> pygame.Surface:
    """The face with a dark strip below it: each keyword in bold, then what it does."""
    w = face.get_width()
    pad = 10
    size = REMINDER_SIZE
    line_h = size + 4
    fnt = fonts.font(size)
    blocks = [(k, fonts.wrap(f"{k}: {text}", fnt, w - 2 * pad)) for k, text in notes]
    strip_h = pad * 2 + sum(len(lines) for _, lines in blocks) * line_h + 4 * (len(blocks) - 1)
    surf = pygame.Surface((w, face.get_height() + 6 + strip_h), pygame.SRCALPHA, 32)
    surf.blit(face, (0, 0))
    strip = pygame.Rect(0, face.get_height() + 6, w, strip_h)
    pygame.draw.rect(surf, (28, 24, 36), strip, border_radius=10)
    pygame.draw.rect(surf, (120, 104, 70), strip, 1, border_radius=10)
    y = strip.y + pad
    for k, lines in blocks:
        for i, line in enumerate(lines):
            x = pad
            if i == 0 and line.startswith(k + ":"):
                head = fonts.render_text(k + ":", size, (255, 200, 90), bold=True)
                surf.blit(head, (x, y))
                x += fonts.text_width(k + ": ", size, bold=True)
                line = line[len(k) + 1:].lstrip()
            surf.blit(fonts.render_text(line, size, (236, 232, 220)), (x, y))
            y += line_h
        y += 4
    return surf
