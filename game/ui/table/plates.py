"""The 2v2 table's seat plates, team box and play-area name tabs.

Every word on them keeps ``hud.LEGIBLE_PX`` real pixels at any window size: in a small window
they reflow (a status on two lines, the Mindbug tokens beside the name, a name without its
level or role) rather than shrink. No input here: the renderer passes what each plate shows.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

from game.common.i18n import _
from game.ui.kit import fonts, marks, theme, widgets
from game.ui.table import hud, layout

if TYPE_CHECKING:
    from game.ui.core.contracts import CardRenderer


#: Small windows: the x of the first Mindbug token on a seat plate, beside the name.
PLATE_TOKENS_X = 148
EMBLEM = 16  # a team emblem's size: plates, tabs, the team box


@dataclass
class PlateInfo:
    """What one 2v2 seat plate shows."""

    name: str
    role: str  # "you", "teammate", "left", "right"
    team_row: int  # 0 = the bottom seat's team, 1 = the other
    status: str  # a short line under the name: whose turn, deciding, thinking, out
    active: bool
    deciding: bool
    out: bool
    mindbugs: int
    token_flip: float
    deck: int
    discard: int
    hand: int
    pick: bool = False  # offered as "the opponent" in the pending choice
    pick_focus: bool = False  # ...and its button has the focus or the mouse
    slots: int = 2  # Mindbug tokens the seat started with


def small_name(pos: str, name: str, out: bool, scale: float) -> tuple[str, bool, int]:
    """(text, bold, size) of a plate's name in the small layout, where it shares its line with
    the Mindbug tokens: whole, or without its "(level)" (``hud.name_that_fits``)."""
    p = layout.plate(pos)
    rect = pygame.Rect(p.rect)
    name_w = PLATE_TOKENS_X - 10 - 3 - (p.name[0] - rect.x) if not out else rect.w - 20
    size = fonts.fit_size(name, name_w, hud.legible(20, scale), hud.legible(11, scale), bold=True)
    text, bold = hud.name_that_fits(name, name_w, size)
    return text, bold, size


def plate_names(names: dict[str, tuple[str, bool]], scale: float) -> dict[str, str]:
    """The names the plates show, by position, from (name, out): the same form on every plate.
    If one plate has to drop its name's "(level)", every plate does ("Dex (Medium)" beside a bare
    "Basil" read as two kinds of seat)."""
    if not hud.enlarged(14, scale):
        return {pos: name for pos, (name, _out) in names.items()}
    cut = any(small_name(pos, name, out, scale)[0] != name and " (" in name
              for pos, (name, out) in names.items())
    return {pos: name.partition(" (")[0] if cut else name for pos, (name, _out) in names.items()}


def seat_plate(surface: pygame.Surface, pos: str, info: PlateInfo, renderer: CardRenderer,
               scale: float = 1.0) -> None:
    """A 2v2 seat: name, status, draw and discard pile, Mindbugs, hand count (its hidden hand
    is drawn as small card sprites over the fan spot).

    Every word keeps LEGIBLE_PX on screen; in a small window (``scale`` < 1) the plate reflows
    rather than shrinking its text: the Mindbug tokens move up beside the name and the status
    may take two lines. Each pile shows its count on itself (``plate_counts``)."""
    p = layout.plate(pos)
    rect = pygame.Rect(p.rect)
    team_color = theme.team_colours()[info.team_row]
    pygame.draw.rect(surface, team_color, pygame.Rect(rect.x + 2, rect.y + 10, 4, rect.h - 20),
                     border_radius=2)
    if info.pick:
        color = theme.SELECT if info.pick_focus else theme.ACCENT
        pygame.draw.rect(surface, color, rect.inflate(4, 4), 4, border_radius=14)
    elif info.deciding or info.active:
        color = theme.SELECT if info.deciding and not info.active else theme.ACCENT
        pygame.draw.rect(surface, color, rect, 3 * theme.LINE, border_radius=14)
    if info.active:  # not by colour alone: the turn arrow, as in 1v1
        hud.turn_arrow(surface, rect.y + 17)
    # The team's emblem (a disc or a diamond), as on its row's tab and its line in the team box.
    marks.team_emblem(surface, (rect.right - 9, rect.bottom - 9), EMBLEM - 2, info.team_row, team_color)
    small = hud.enlarged(14, scale)  # a small window or a larger text size: the plate reflows
    name_color = theme.TEXT_DIM if info.out else (theme.ACCENT if info.active else theme.TEXT)
    if small:  # the name shares its line with the tokens
        name, bold, size = small_name(pos, info.name, info.out, scale)
        widgets.text(surface, name, size, (p.name[0], rect.y + 3), name_color, bold=bold)
    else:
        size = fonts.fit_size(info.name, 160, 20, hud.legible(11), bold=True)
        widgets.text(surface, hud.fit_label(info.name, 160, size, True), size, p.name, name_color, bold=True)
    status_color = theme.DANGER if info.out else (theme.SELECT if info.deciding else theme.TEXT_DIM)
    below = plate_status(surface, p, info.status, status_color, scale)
    if info.out:
        _plate_out(surface, p, info, below, scale)
        return
    for i in range(max(info.slots, info.mindbugs)):
        used = i >= info.mindbugs
        squash = 1.0
        if i == info.mindbugs and info.token_flip > 0:
            squash = abs(1 - 2 * info.token_flip)
            used = info.token_flip > 0.5
        if small:
            center, tsize = (rect.x + PLATE_TOKENS_X + 15 * i, rect.y + 15), 20  # overlapping, as coins
        else:
            center, tsize = (p.mindbugs[0] + 32 * i, p.mindbugs[1]), 26
        hud.mindbug_token(surface, center, used, squash, size=tsize)
    _mini_pile(surface, p.deck, info.deck, renderer)
    if not info.discard:
        hud.empty_slot(surface, p.discard, layout.MINI_W)


def plate_counts(surface: pygame.Surface, pos: str, info: PlateInfo, scale: float = 1.0) -> None:
    """The count on each pile of a seat plate: drawn after the cards, which lie on the plate
    (the hidden hand's fan, the discard pile)."""
    p = layout.plate(pos)
    piles = [(p.discard, info.discard)]
    if not info.out:
        piles.append((p.deck, info.deck))
        if info.role != "you" or info.hand == 0:  # your own hand lies on the table
            piles.append((p.hand, info.hand))
    for center, n in piles:
        pile_count(surface, center, n, scale)


def plate_status(surface: pygame.Surface, p: layout.Plate, text: str, color, scale: float = 1.0,
                 size: int = 14) -> int:
    """The short state under a plate's name; in a small window at the legible size, on two
    lines when it needs them (the piles sit below). Returns the y under it."""
    if not text:
        return p.status[1]
    if not hud.enlarged(size, scale):
        return widgets.text(surface, text, size, p.status, color).bottom
    size = hud.legible(size, scale)
    width = p.rect[2] - 2 * (p.status[0] - p.rect[0])
    if hud.large_panel(scale):  # a larger text size: one line under the name, its words cut
        top = p.rect[1] + 3 + fonts.render_text("Ag", size, bold=True).get_height()
        return widgets.text(surface, hud.fit_label(text, width, size), size, (p.status[0], top), color).bottom
    lines = fonts.wrap(text, fonts.font(size), width)
    if len(lines) > 2:
        lines = [lines[0], hud.fit_label(" ".join(lines[1:]), width, size)]
    y = p.rect[1] + 26
    for line in lines:
        y = widgets.text(surface, hud.fit_label(line, width, size), size, (p.status[0], y), color).bottom
    return y


def pile_count(surface: pygame.Surface, center: tuple[int, int], n: int, scale: float) -> None:
    """A pile's count on its lower edge, on a dark pill: the pile itself says which pile it is
    (stacked backs, a fan, a face), and a word under each of three piles side by side would
    not fit at a legible size."""
    size = hud.legible(14, scale)
    img = fonts.render_outlined(str(n), size, theme.TEXT, (0, 0, 0), 2, bold=True)
    bottom = center[1] + int(layout.card_h(layout.MINI_W)) // 2 + 4
    r = img.get_rect(midbottom=(center[0], bottom))
    pill = r.inflate(8, -2)
    pygame.draw.rect(surface, (12, 14, 18), pill, border_radius=9)
    pygame.draw.rect(surface, theme.PANEL_EDGE, pill, 1, border_radius=9)
    surface.blit(img, r)


def _plate_out(surface: pygame.Surface, p: layout.Plate, info: PlateInfo, top: int,
               scale: float = 1.0) -> None:
    """An eliminated seat: greyed, with the reason (left of its discard pile, which stays
    readable at the right)."""
    if hud.large_panel(scale):  # a larger text size: the status says it is out; no room for why
        return
    size = hud.legible(12, scale)
    wide = p.rect[0] + p.rect[2] - 8 - p.status[0]
    narrow = p.discard[0] - layout.MINI_W // 2 - 6 - p.status[0]
    pile_top = p.discard[1] - layout.card_h(layout.MINI_W) / 2
    y, line = top + 2, ""
    lines: list[tuple[str, int]] = []
    for word in _("could not play or attack").split():
        width = wide if y + fonts.font(size).get_linesize() <= pile_top else narrow
        if line and fonts.text_width(f"{line} {word}", size) > width:
            lines.append((line, y))
            y += fonts.font(size).get_linesize()
            line = word
        else:
            line = f"{line} {word}".strip()
    lines.append((line, y))
    for text, ty in lines:
        widgets.text(surface, text, size, (p.status[0], ty), theme.TEXT_DIM)


def _mini_pile(surface: pygame.Surface, center: tuple[int, int], n: int, renderer: CardRenderer) -> None:
    if n:
        back = renderer.back(layout.MINI_W)
        for k in range(min(3, n)):
            surface.blit(back, back.get_rect(center=(center[0] - k * 2, center[1] - k * 2)))
    else:
        hud.empty_slot(surface, center, layout.MINI_W)


def team_box(surface: pygame.Surface, teams: list[tuple[str, int, float]], scale: float = 1.0) -> None:
    """Both teams' shared life, one line each: (names, life, pulse); the bottom's team first.
    Each name keeps a legible size in a small window: it drops its "(level)" or is cut."""
    x0, _y, w, _h = layout.TEAM_BOX
    large = hud.large_panel(scale)  # a larger text size: the heart and the emblem, the names on the plates
    for row, (names, life, pulse) in enumerate(teams):
        cx, cy = layout.team_life_pos(row)
        grow = 1.0 + 0.35 * pulse
        hud.heart(surface, (cx, cy), int(40 * grow), theme.DANGER)
        widgets.text(surface, str(life), int(22 * grow), (cx, cy - 3), (255, 255, 255), bold=True,
                     anchor="center")
        x = cx + 26
        width = x0 + w - 8 - EMBLEM - x
        marks.team_emblem(surface, (x0 + w - 4 - EMBLEM // 2, cy), EMBLEM, row, theme.team_colours()[row])
        if large:
            continue
        first, _amp, second = names.partition(" & ")
        least = hud.legible(9, scale)
        lines = []
        for name, tail in ((first, " &" if second else ""), (second, "")):
            if name:
                size = fonts.fit_size(name + tail, width, max(15, least), least, bold=True)
                room = width - fonts.text_width(tail, size, True)
                lines.append((hud.fit_label(name, room, size, True) + tail, size))
        step = max(18, max(s for _t, s in lines) + 2)
        top = cy - 17 - (step - 18) // 2  # two lines centred on the heart
        for i, (line, size) in enumerate(lines):
            widgets.text(surface, line, size, (x, top + step * i), theme.team_colours()[row], bold=True)


def row_tab(surface: pygame.Surface, pos: str, text: str | tuple[str, ...], color, out: bool = False,
            pick: bool = False, split: float | None = None, focus: bool = False,
            scale: float = 1.0, team_row: int | None = None) -> None:
    """The owner's name over a 2v2 play area, and its state (greyed when out, lit when it may
    be picked as "the opponent"). The side lanes are drawn here, where ``split`` puts them.

    ``text`` may be several wordings, longest first: the first that fits over the lane is
    shown (a narrow lane, or a small window's larger text, takes a shorter one; the last is
    cut if even it does not fit)."""
    x, y, w, h = layout.row_rect(pos, split)
    rect = pygame.Rect(x, y, w, h)
    if pos in ("left", "right"):
        surface.blit(hud.lane_image(rect.size), rect)
    if out:
        surface.blit(hud.shade(rect.size, 110), rect)
    if pick:
        pygame.draw.rect(surface, theme.SELECT if focus else theme.ACCENT, rect, 4, border_radius=14)
    size = hud.legible(15, scale)
    words = (text,) if isinstance(text, str) else tuple(text)
    room = rect.w - 24 - (EMBLEM + 6 if team_row is not None else 0)
    label = next((t for t in words if fonts.text_width(t, size, True) <= room), None)
    if label is None:
        label = hud.fit_label(words[-1], room, size, True)
    img = fonts.render_outlined(label, size, theme.TEXT_DIM if out else color, (0, 0, 0), 2, bold=True)
    r = img.get_rect()
    # Just above the lane, so the cards never cover it.
    if pos == "right":
        r.bottomright = (rect.right - 10, rect.y - 1)
    else:
        r.bottomleft = (rect.x + 10 + (EMBLEM + 6 if team_row is not None else 0), rect.y - 1)
    surface.blit(img, r)
    if team_row is not None:  # the team's emblem before the name
        marks.team_emblem(surface, (r.left - 6 - EMBLEM // 2, r.centery), EMBLEM, team_row,
                          theme.TEXT_DIM if out else color)


def tab_band(pos: str, split: float | None = None, scale: float = 1.0) -> pygame.Rect:
    """The strip just above a 2v2 play area where ``row_tab`` writes its owner's name: a label
    drawn over the table (a drag's "Release to attack") keeps out of it."""
    x, y, w, _h = layout.row_rect(pos, split)
    h = fonts.font(hud.legible(15, scale), bold=True).get_linesize() + 4  # with the outline
    return pygame.Rect(x, y - 1 - h, w, h)


def tab_words(role: str, name: str, suffix: str = "") -> tuple[str, ...]:
    """A play area's tab, longest wording first: "Left opponent: Basil (Random)", then without
    the level, then the name alone (the team colour and the place still say whose row)."""
    head, sep, _level = name.partition(" (")
    names = (name, head) if sep else (name,)
    return tuple(f"{role}: {n}{suffix}" for n in names) + tuple(f"{n}{suffix}" for n in names)
