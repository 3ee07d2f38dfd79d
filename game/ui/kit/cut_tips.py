"""The whole text of a cut one, shown on hover (issue 42, item 1).

A text that does not fit its room is cut with "…" (``fonts.fit_width``, a button's label at its
smallest legible size); the player reads the whole of it by resting the pointer on it. One
mechanism for every screen:

- ``fonts.fit_width`` remembers each text it cut (``remember``: the cut text -> the whole one);
- ``widgets.text``, ``widgets.text_in`` and ``Button.draw``, which draw nearly every text of
  the game, tell where a cut text was drawn (``drawn`` / ``note``);
- the window (game.app) starts each drawn frame with ``begin_frame``, draws the tip over the
  finished frame (``cut_tip_box.draw_tip``: this module draws nothing, so that the fonts, which
  tell it their cuts, do not import their own users), and tells ``point`` where the pointer is: when the text under it changes
  the frame is drawn again.

A screen tells what a tip must never cover (``keep_clear``: the table's cards and its game log);
the tip goes above, below or beside the cut text, inside the window, where it covers none of it.

The card faces are drawn ahead into pictures; a card's whole name is in its zoom (right-click)
and in speech, as everything cut is.
"""

from __future__ import annotations

from collections import OrderedDict

import pygame

#: The cut texts remembered (the most recent): enough for every screen's texts at once.
REMEMBERED = 512

_whole: OrderedDict[str, str] = OrderedDict()
_places: list[tuple[pygame.Rect, str]] = []  # where a cut text was drawn this frame, its whole text
_clear: list[pygame.Rect] = []  # what a tip must not cover this frame (cards, the game log)
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


def keep_clear(*rects: pygame.Rect) -> None:
    """This frame shows ``rects`` (card faces, the game log): a tip is placed off them."""
    _clear.extend(pygame.Rect(r) for r in rects)


def kept_clear() -> list[pygame.Rect]:
    """What the frame drawn asked a tip not to cover."""
    return list(_clear)


def begin_frame() -> None:
    """A new frame is drawn: the places of the last one are gone."""
    _places.clear()
    _clear.clear()


def forget() -> None:
    """A new window: no tip shown, no pointer known, no places."""
    global _pointer, _shown
    _places.clear()
    _clear.clear()
    _pointer = _shown = None


def place_under(pos: tuple[int, int] | None) -> tuple[pygame.Rect, str] | None:
    """Where the cut text at ``pos`` was drawn (the last drawn, on top) and its whole text."""
    if pos is None:
        return None
    for rect, whole in reversed(_places):
        if rect.collidepoint(pos):
            return rect, whole
    return None


def under(pos: tuple[int, int] | None) -> str | None:
    """The whole text of the cut text at ``pos`` (the last drawn, on top), if any."""
    place = place_under(pos)
    return None if place is None else place[1]


def point(pos: tuple[int, int] | None) -> bool:
    """The pointer is at ``pos`` (table pixels; None: it left the window). True when the text
    to show changes: the frame must be drawn again."""
    global _pointer
    _pointer = pos
    return under(pos) != _shown


def showing(pos: tuple[int, int] | None) -> str | None:
    """The frame is drawn with the tip of the text under ``pos`` (the pointer): that text, kept
    so that ``point`` knows when it changes."""
    global _shown
    _shown = under(pos)
    return _shown


def pointer() -> tuple[int, int] | None:
    """Where the pointer was last told to be (None: outside the window)."""
    return _pointer


__all__ = ["begin_frame", "drawn", "forget", "keep_clear", "kept_clear", "note", "place_under", "point",
           "pointer", "remember", "showing", "under", "whole_of"]
