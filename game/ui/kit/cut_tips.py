"""The whole text of a cut one, shown on hover (issue 42, item 1).

A text that does not fit its room is cut with "…" (``fonts.fit_width``, a button's label at its
smallest legible size); the player reads the whole of it by resting the pointer on it. One
mechanism for every screen:

- ``fonts.fit_width`` remembers each text it cut (``remember``: the cut text -> the whole one);
- ``widgets.text``, ``widgets.text_in`` and ``Button.draw``, which draw nearly every text of
  the game, tell where a cut text was drawn (``drawn`` / ``note``);
- the window (game.app) starts each drawn frame with ``begin_frame``, draws ``draw_tip`` over
  the finished frame, and tells ``point`` where the pointer is: when the text under it changes
  the frame is drawn again.

The card faces are drawn ahead into pictures; a card's whole name is in its zoom (right-click)
and in speech, as everything cut is.
"""

from __future__ import annotations

from collections import OrderedDict

import pygame

from game.ui.kit import theme

#: The cut texts remembered (the most recent): enough for every screen's texts at once.
REMEMBERED = 512
TIP_W = 620  # the widest a tip gets before it wraps (1280x720 screen pixels)

_whole: OrderedDict[str, str] = OrderedDict()
_places: list[tuple[pygame.Rect, str]] = []  # where a cut text was drawn this frame, its whole text
_pointer: tuple[int, int] | None = None
_shown: str | None = None  # the whole text under the pointer when the frame was drawn


def remember(cut: str, whole: str) -> None:
    """``cut`` is ``whole`` cut with "…" (kept for the last REMEMBERED cuts)."""
    if cut == whole:
        return
    _whole[cut] = whole
    _whole.move_to_end(cut)
    while len(_whole) > REMEMBERED:
        _whole.popitem(last=False)


def whole_of(text: str) -> str | None:
    """The whole text ``text`` was cut from, if it is a cut text."""
    return _whole.get(text)


def drawn(text: str, rect: pygame.Rect) -> None:
    """``text`` was drawn at ``rect``: if it is a cut text, its whole one is shown on hover."""
    whole = _whole.get(text)
    if whole is not None:
        note(rect, whole)


def note(rect: pygame.Rect, whole: str) -> None:
    """The text drawn at ``rect`` is cut: ``whole`` is shown when the pointer rests on it."""
    _places.append((pygame.Rect(rect), whole))


def begin_frame() -> None:
    """A new frame is drawn: the places of the last one are gone."""
    _places.clear()


def forget() -> None:
    """A new window: no tip shown, no pointer known, no places."""
    global _pointer, _shown
    _places.clear()
    _pointer = _shown = None


def under(pos: tuple[int, int] | None) -> str | None:
    """The whole text of the cut text at ``pos`` (the last drawn, on top), if any."""
    if pos is None:
        return None
    for rect, whole in reversed(_places):
        if rect.collidepoint(pos):
            return whole
    return None


def point(pos: tuple[int, int] | None) -> bool:
    """The pointer is at ``pos`` (table pixels; None: it left the window). True when the text
    to show changes: the frame must be drawn again."""
    global _pointer
    _pointer = pos
    return under(pos) != _shown


def draw_tip(surface: pygame.Surface) -> str | None:
    """Over the finished frame: the whole text under the pointer in a box beside it (kept on
    the screen). Returns the text shown."""
    global _shown
    from game.ui.kit import fonts
    from game.ui.kit.legible import legible

    _shown = whole = under(_pointer)
    if whole is None or _pointer is None:
        return None
    size = legible(17)
    lines = fonts.wrap(whole, fonts.font(size), TIP_W)
    pitch = fonts.font(size).get_height() + 2
    w = max(fonts.text_width(line, size) for line in lines) + 24
    h = pitch * len(lines) + 16
    box = pygame.Rect(_pointer[0] + 14, _pointer[1] + 22, w, h)
    screen = surface.get_rect()
    if box.right > screen.right - 4:
        box.right = screen.right - 4
    if box.bottom > screen.bottom - 4:  # above the pointer instead
        box.bottom = _pointer[1] - 8
    box.clamp_ip(screen)
    # solid: the cut text under it must not show through the whole one
    pygame.draw.rect(surface, theme.PANEL[:3], box, border_radius=8)
    pygame.draw.rect(surface, theme.ACCENT, box, 2, border_radius=8)
    y = box.y + 8
    for line in lines:
        surface.blit(fonts.render_text(line, size, theme.TEXT), (box.x + 12, y))
        y += pitch
    return whole


__all__ = ["begin_frame", "draw_tip", "drawn", "forget", "note", "point", "remember", "under", "whole_of"]
