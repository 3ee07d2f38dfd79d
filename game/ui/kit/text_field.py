"""What a typed field does with the keys besides the letters, the same in every field (a name
on the new-game screen, Join's address, name and code): Ctrl+A (Cmd+A) selects the whole text,
so the next letters replace it and Backspace empties it; Backspace alone takes the last letter;
Ctrl+Backspace empties the field."""

from __future__ import annotations

import pygame

from game.ui.kit import theme

FILL = (18, 22, 30)  # a field's inside: darker than the screen, the typed text light on it
CTRL = pygame.KMOD_CTRL | pygame.KMOD_META


def selects_all(event: pygame.event.Event) -> bool:
    """Ctrl+A (Cmd+A on a Mac): select the whole text of the field being typed in."""
    return event.type == pygame.KEYDOWN and event.key == pygame.K_a and bool(event.mod & CTRL)


def backspaced(value: str, selected: bool, event: pygame.event.Event) -> str:
    """The text after Backspace: empty when it was all selected or with Ctrl, else one letter less."""
    return "" if selected or event.mod & CTRL else value[:-1]


def typed(value: str, selected: bool, text: str) -> str:
    """The text after typing ``text``: it replaces a selected text, else it is added."""
    return text if selected else value + text


def draw_frame(surface: pygame.Surface, rect: pygame.Rect, focused: bool) -> None:
    """A field's box (its text is drawn inside it by its screen): the one look of Join's, the
    host's and the replay code's fields, and what the layout checks see as a field."""
    pygame.draw.rect(surface, FILL, rect, border_radius=8)
    pygame.draw.rect(surface, theme.SELECT if focused else theme.TEXT_DIM, rect, 2, border_radius=8)
