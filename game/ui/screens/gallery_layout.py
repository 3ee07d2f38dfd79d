"""Measured text for the card gallery and the daily deal at a large text size (issue 25, item 4):
a line's real height, text wrapped into at most so many lines, and a column of lines and
pictures that scrolls inside its panel."""

from __future__ import annotations

import re
from dataclasses import dataclass, field

import pygame

from game.ui.kit import fonts, theme
from game.ui.kit.legible import legible


def line_height(size: int, bold: bool = False) -> int:
    """The height of a line of text drawn at ``size`` (at least the legible size), as drawn."""
    return fonts.render_text("Ag", legible(size), bold=bold).get_height()


def lines(text: str, size: int, width: int, most: int = 0, bold: bool = False) -> list[str]:
    """``text`` wrapped at ``size`` (at least the legible size) into ``width``; with ``most``, at
    most that many lines, the last cut with an ellipsis if the text goes on."""
    size = legible(size)
    out = fonts.wrap(text, fonts.font(size, bold), width)
    if most and len(out) > most:  # the last line shown runs on, cut where it leaves the width
        at = 0
        for line in out[:most - 1]:  # each line is a piece of the text (a long word's too)
            at = text.index(line, at) + len(line)
        out = [*out[:most - 1], fonts.fit_width(" ".join(text[at:].split()), width, size, bold)]
    return out


def name_lines(name: str, size: int, width: int, most: int = 2, bold: bool = True) -> list[str]:
    """A name on as few lines as it needs (at most ``most``, the last cut with an ellipsis if it
    runs on), broken between words or after a hyphen ("Sharky Crab-" / "Dog-Mummypus")."""
    size = legible(size)
    pieces = re.findall(r"\S+?-(?=\S)|\S+\s*", name)  # a word, or a word's part up to a hyphen
    out: list[list[str]] = [[]]
    for piece in pieces:
        if out[-1] and fonts.text_width("".join([*out[-1], piece]).rstrip(), size, bold) > width:
            out.append([])
        out[-1].append(piece)
    if any(fonts.text_width("".join(x).rstrip(), size, bold) > width for x in out[:most]):
        return lines(name, size, width, most, bold)  # a piece alone too wide: broken in it
    if len(out) <= most:
        return ["".join(x).rstrip() for x in out]
    shown = ["".join(x).rstrip() for x in out[:most - 1]]
    rest = "".join(piece for x in out[most - 1:] for piece in x).rstrip()
    return [*shown, fonts.fit_width(rest, width, size, bold)]


@dataclass
class Column:
    """Lines of text and pictures at their places (y from the column's top) that are drawn in a
    view: all of them if they fit, else those wholly inside the view after ``scroll``."""

    items: list[tuple] = field(default_factory=list)  # ("text", s, size, color, bold, x, y) | ("image", surf, x, y)
    bottom: int = 0

    def text(self, s: str, size: int, x: int, y: int, color, bold: bool = False) -> int:
        """A line at (x, y); returns the y under it (its drawn height)."""
        h = line_height(size, bold)
        if s:
            self.items.append(("text", s, legible(size), color, bold, x, y, h))
        self.bottom = max(self.bottom, y + h)
        return y + h

    def image(self, surf: pygame.Surface, x: int, y: int) -> int:
        self.items.append(("image", surf, x, y, surf.get_height()))
        self.bottom = max(self.bottom, y + surf.get_height())
        return y + surf.get_height()

    def room(self, view_h: int) -> int:
        """How far the column can scroll in a view ``view_h`` high (0: it fits)."""
        return max(0, self.bottom - view_h)

    def draw(self, surface: pygame.Surface, view: pygame.Rect, scroll: int) -> None:
        """The items in ``view`` (x as placed, y from view.top), ``scroll`` pixels up: a line only
        if it is wholly in the view, a picture cut at the view's edges."""
        clip = surface.get_clip()
        surface.set_clip(view.clip(clip) if clip else view)
        try:
            for item in self.items:
                y = view.y + item[-2] - scroll
                h = item[-1]
                if item[0] == "text":
                    if y >= view.y and y + h <= view.bottom:
                        _kind, s, size, color, bold, x, _y, _h = item
                        surface.blit(fonts.render_text(s, size, color, bold), (x, y))
                elif y < view.bottom and y + h > view.y:
                    surface.blit(item[1], (item[2], y))
        finally:
            surface.set_clip(clip)


def enlarged_text(size: int, asked: int) -> bool:
    """Is text asked at ``asked`` drawn at ``size`` larger than a 100% screen would (its layout
    for 100% then gives way to one with more room for each line)?"""
    return size > max(asked, 18)  # 18: a small window at 100% keeps the 100% layout


def arrow(surface: pygame.Surface, tip_side: tuple[int, int], up: bool) -> None:
    """A small triangle centred at ``tip_side``: more to read above (``up``) or below."""
    x, y = tip_side
    d = -6 if up else 6
    pygame.draw.polygon(surface, theme.ACCENT, [(x - 7, y - d), (x + 7, y - d), (x, y + d)])
