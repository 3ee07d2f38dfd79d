"""Buttons and small drawing helpers shared by the scenes."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import pygame

from game.common import i18n
from game.common.i18n import _
from game.ui.kit import cut_tips, fonts, marks, theme
from game.ui.kit.legible import legible


@dataclass
class Button:
    rect: pygame.Rect
    text: str
    action: Callable[[], object]  # what it returns, if anything, is ignored
    primary: bool = False
    enabled: bool = True
    hover: bool = False
    focused: bool = False  # keyboard focus (Tab / arrows)
    size: int = 22
    armed: bool = False
    enter: bool = False  # the default Enter takes: the Enter arrow is drawn on it (with primary)
    group: str = ""  # a set of buttons the table renderer places together ("low_row": under your creatures)

    def handle(self, event: pygame.event.Event) -> bool:
        """Hover tracking and clicks; returns True when the event was this button's."""
        if event.type == pygame.MOUSEMOTION:
            self.hover = self.rect.collidepoint(event.pos)
            return False
        # A press acts on release, and only if it also started on this button: a release left
        # over from a click elsewhere (one that made this button appear) does nothing.
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.armed = self.enabled and self.rect.collidepoint(event.pos)
            return self.armed
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            armed, self.armed = self.armed, False
            if armed and self.enabled and self.rect.collidepoint(event.pos):
                self.action()
                return True
        return False

    def draw(self, surface: pygame.Surface, scale: float = 1.0) -> None:
        """``scale``: how large the window shows the screen; the label shrinks to fit the
        button, but never below a size that stays legible there."""
        if self.primary:
            color = theme.BUTTON_PRIMARY_HOVER if (self.hover or self.focused) else theme.BUTTON_PRIMARY
        else:
            color = theme.BUTTON_HOVER if (self.hover or self.focused) else theme.BUTTON
        if not self.enabled:
            color = (45, 50, 58)
        shadow = self.rect.move(0, 3)
        pygame.draw.rect(surface, (0, 0, 0), shadow, border_radius=10)
        pygame.draw.rect(surface, color, self.rect, border_radius=10)
        line = theme.LINE
        edge = theme.SELECT if self.focused else (theme.PANEL_EDGE if theme.HIGH_CONTRAST else (255, 255, 255, 60))
        pygame.draw.rect(surface, edge, self.rect, (3 if self.focused else 1) * line, border_radius=10)
        fg = (20, 16, 8) if self.primary and self.enabled else (theme.TEXT if self.enabled else theme.TEXT_DIM)
        if self.primary and self.enabled:  # not by colour alone: a second, inner ring
            pygame.draw.rect(surface, fg, self.rect.inflate(-8, -8), 2 * line, border_radius=7)
        shown = _(self.text) if self.text else ""  # translated when drawn: the language may switch
        room, centre = self.rect.w - 20, self.rect.center
        arrow = self.enter and self.primary and self.enabled and self.rect.h >= 30
        if arrow:  # the Enter arrow at the left; the label beside it
            side = min(22, self.rect.h - 20)
            room -= side + 6
            centre = (centre[0] + (side + 6) // 2, centre[1])
        box = pygame.Rect(0, 0, room + 20, self.rect.h)
        box.center = centre
        lines, size = label_lines(shown, box, legible(self.size, scale), legible(12, scale))
        if lines[-1].endswith(fonts.ELLIPSIS):  # cut at its smallest legible size: whole on hover
            cut_tips.note(self.rect, shown)
        images = [fonts.render_text(t, size, fg, True) for t in lines]
        pitch = max(img.get_height() for img in images) if len(images) > 1 else 0
        left = centre[0]
        for i, label in enumerate(images):
            where = label.get_rect(center=(centre[0], centre[1] + round((i - (len(images) - 1) / 2) * pitch)))
            surface.blit(label, where)
            left = min(left, where.left)
        if arrow:
            icon = pygame.Rect(0, 0, side, side * 3 // 4)
            icon.midright = (left - 6, self.rect.centery)
            marks.enter_arrow(surface, icon, fg)


def label_lines(text: str, rect: pygame.Rect, start: int, least: int) -> tuple[list[str], int]:
    """A button's label and its size: on one line at the largest size from ``start`` down to
    ``least`` that fits (closer to the edges if need be), else on two lines if the button is tall
    enough for them, else without a trailing "(...)" (the key in "Menu (Esc)") or ", ..." if that fits, else
    cut with an ellipsis at ``least`` (a legible size is never given up)."""
    for pad in (20, 10):
        size = fonts.fit_size(text, rect.w - pad, start, least, bold=True)
        if fonts.text_width(text, size, True) <= rect.w - pad:
            return [text], size
    for size in range(start, least - 1, -1):
        lines = fonts.wrap(text, fonts.font(size, True), rect.w - 10)
        whole = " ".join(lines).split() == text.split()  # never a word broken in two
        if len(lines) == 2 and whole and 2 * fonts.render_text(text, size, bold=True).get_height() <= rect.h - 2:
            return lines, size
    heads = [text.partition(" (")[0]] if " (" in text and text.endswith(")") else []
    heads += [text.rpartition(", ")[0]] if ", " in text else []  # "Zurück, Strg+Z": the key after a comma
    for head in heads:
        for pad in (20, 10):
            size = fonts.fit_size(head, rect.w - pad, start, least, bold=True)
            if fonts.text_width(head, size, True) <= rect.w - pad:
                return [head], size
    return [fonts.fit_width(text, rect.w - 10, least, True)], least


class ButtonRow:
    """A set of buttons with keyboard focus: Tab/arrows move it, Enter presses."""

    def __init__(self, buttons: list[Button] | None = None) -> None:
        self.buttons: list[Button] = buttons or []
        self.focus = -1

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and self.buttons:
            if event.key in (pygame.K_TAB, pygame.K_DOWN, pygame.K_RIGHT):
                back = event.key == pygame.K_TAB and event.mod & pygame.KMOD_SHIFT
                self.move(-1 if back else 1)
                return True
            if event.key in (pygame.K_UP, pygame.K_LEFT):
                self.move(-1)
                return True
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE) and self.focus >= 0:
                self.buttons[self.focus].action()
                return True
        for b in self.buttons:
            if b.handle(event):
                return True
        return False

    def move(self, step: int) -> None:
        n = len(self.buttons)
        self.focus = (self.focus + step) % n if self.focus >= 0 else (0 if step > 0 else n - 1)
        for i, b in enumerate(self.buttons):
            b.focused = i == self.focus

    def draw(self, surface: pygame.Surface, scale: float = 1.0) -> None:
        for b in self.buttons:
            b.draw(surface, scale)


def scrolled_list(index: int, count: int, first: int, rows: int) -> tuple[int, int]:
    """(selected, first row shown) of a list of ``count`` rows, ``rows`` at a time, after asking
    for ``index``: the selection stays in the list and the window follows it."""
    selected = max(0, min(count - 1, index))
    if selected < first:
        first = selected
    elif selected >= first + rows:
        first = selected - rows + 1
    return selected, first


def column(center_x: int, top: int, texts: list[str], width: int = 320, height: int = 52,
           gap: int = 14) -> list[pygame.Rect]:
    """Rects for a vertical stack of buttons."""
    return [pygame.Rect(center_x - width // 2, top + i * (height + gap), width, height)
            for i in range(len(texts))]


def panel(surface: pygame.Surface, rect: pygame.Rect, alpha: int = 220, radius: int = 14) -> None:
    """A dark translucent box with a thin edge, the background of every dialog."""
    box = pygame.Surface(rect.size, pygame.SRCALPHA, 32)
    pygame.draw.rect(box, (*theme.PANEL, alpha), box.get_rect(), border_radius=radius)
    pygame.draw.rect(box, (*theme.PANEL_EDGE, 255), box.get_rect(), 2, border_radius=radius)
    surface.blit(box, rect)


def text(surface: pygame.Surface, s: str, size: int, pos: tuple[int, int], color=None,
         bold: bool = False, anchor: str = "topleft") -> pygame.Rect:
    """``s`` at ``size``, or at the smallest legible size if that is larger (the text size)."""
    img = fonts.render_text(s, legible(size), theme.TEXT if color is None else color, bold)
    r = img.get_rect(**{anchor: pos})
    surface.blit(img, r)
    cut_tips.drawn(s, r)
    return r


def text_in(surface: pygame.Surface, s: str, size: int, rect: pygame.Rect, color=None,
            bold: bool = False, align: str = "left") -> pygame.Rect:
    """``s`` on one line inside ``rect`` (vertically centred, ``align`` left, centre or right),
    measured at its legible size and cut with "…" if it is wider: the caller keeps the whole
    text for speech. Returns where it was drawn."""
    size = legible(size)
    shown = fonts.fit_width(s, max(1, rect.w), size, bold)
    img = fonts.render_text(shown, size, theme.TEXT if color is None else color, bold)
    anchor = {"left": "midleft", "centre": "center", "right": "midright"}[align]
    point = {"left": rect.midleft, "centre": rect.center, "right": rect.midright}[align]
    r = img.get_rect(**{anchor: point})
    surface.blit(img, r)
    if shown != s:
        cut_tips.note(r, s)
    return r


def line_height(size: int, bold: bool = False) -> int:
    """The height of one line of text at ``size`` (at least the legible size), as drawn."""
    return fonts.render_text("Ag", legible(size), bold=bold).get_height()


def paragraph(surface: pygame.Surface, s: str, size: int, rect: pygame.Rect, color=None,
              bold: bool = False, line_gap: int = 4) -> int:
    """Word-wrapped text in a rect; returns the y below the last line (``size``: at least the
    smallest legible size)."""
    size = legible(size)
    color = theme.TEXT if color is None else color
    y = rect.y
    for line in fonts.wrap(s, fonts.font(size, bold), rect.w):
        if line:
            surface.blit(fonts.render_text(line, size, color, bold), (rect.x, y))
        y += size + line_gap
    return y


def centred_lines(surface: pygame.Surface, s: str, size: int, center_x: int, y: int, width: int,
                  color=None, bottom: bool = False, line_gap: int = 4) -> None:
    """Word-wrapped text, each line centred on ``center_x``: from ``y`` down, or (``bottom``)
    ending at ``y`` (a message above a row of buttons)."""
    size = legible(size)
    lines = fonts.wrap(s, fonts.font(size), width)
    if bottom:
        y -= len(lines) * (size + line_gap)
    for line in lines:
        if line:
            text(surface, line, size, (center_x, y), color, anchor="midtop")
        y += size + line_gap


def dim(surface: pygame.Surface, alpha: int = 150) -> None:
    shade = pygame.Surface(surface.get_size(), pygame.SRCALPHA, 32)
    shade.fill((0, 0, 0, alpha))
    surface.blit(shade, (0, 0))


class VolumeSlider(Button):
    """A horizontal slider (0-100 %) that sits in a ButtonRow: click or drag on it, or Left/Right
    while it has the keyboard focus."""

    def __init__(self, rect: pygame.Rect, value: float, on_change: Callable[[float], None]) -> None:
        super().__init__(rect, "", lambda: None)
        self.value = value
        self.on_change = on_change
        self.dragging = False

    def set_from_x(self, x: int) -> None:
        track = self.track()
        self.set((x - track.x) / max(1, track.w))

    def set(self, value: float) -> None:
        value = round(min(1.0, max(0.0, value)) * 20) / 20  # steps of 5 %
        if value != self.value:
            self.value = value
            self.on_change(value)

    def track(self) -> pygame.Rect:
        # The knob (radius 11) stays clear of the widest value, "100 %", at the text's size.
        words = fonts.text_width(i18n.percent(1.0), legible(20), bold=True)
        return pygame.Rect(self.rect.x + 16, self.rect.centery - 3, self.rect.w - 16 - max(96, words + 12 + 11 + 14), 6)

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.rect.collidepoint(event.pos):
            self.dragging = True
            self.set_from_x(event.pos[0])
            return True
        if event.type == pygame.MOUSEMOTION:
            self.hover = self.rect.collidepoint(event.pos)
            if self.dragging:
                self.set_from_x(event.pos[0])
                return True
            return False
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.dragging:
            self.dragging = False
            return True
        return False

    def draw(self, surface: pygame.Surface, scale: float = 1.0) -> None:
        color = theme.BUTTON_HOVER if (self.hover or self.focused) else theme.BUTTON
        pygame.draw.rect(surface, (0, 0, 0), self.rect.move(0, 3), border_radius=10)
        pygame.draw.rect(surface, color, self.rect, border_radius=10)
        edge = theme.SELECT if self.focused else (255, 255, 255, 60)
        pygame.draw.rect(surface, edge, self.rect, 2 if self.focused else 1, border_radius=10)
        track = self.track()
        pygame.draw.rect(surface, (30, 34, 40), track, border_radius=3)
        filled = pygame.Rect(track.x, track.y, round(track.w * self.value), track.h)
        pygame.draw.rect(surface, theme.ACCENT, filled, border_radius=3)
        pygame.draw.circle(surface, (250, 250, 250), (filled.right, track.centery), 11)
        pygame.draw.circle(surface, theme.ACCENT, (filled.right, track.centery), 11, 3)
        text(surface, i18n.percent(round(self.value * 100) / 100), 20, (self.rect.right - 12, self.rect.centery),
                     theme.TEXT, bold=True, anchor="midright")
