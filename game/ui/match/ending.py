"""The end of a match as a scene: a title across the screen, the winning side's creatures, the
game in numbers with icons, the biggest moment, and the buttons.

Everything is placed once, when the scene is made, for the text size and the language: the
biggest moment (found in the background) and a copied code's line arrive into room held for
them from the first frame, so nothing ever moves under the pointer. The title is one line: it
gets smaller down to a least size, then a shorter form takes its place. A defeat drains the
colour from the table and says so in large red letters; a win throws confetti. The entrance
(the title growing into its band, the colour draining) follows the animation speed and any key
or click ends it at once, doing what it does in the scene.

It is a ``CelebrationOverlay`` (title, lines, buttons, the same keys and the same ``watch``):
``lines`` holds the reasons, then (``moment_at``) the two lines of the biggest moment, then any
line said later (the copied code).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

from game.common.i18n import _, language
from game.ui.kit import fonts, theme, widgets
from game.ui.kit.celebration import CelebrationOverlay
from game.ui.kit.legible import legible, text_scale
from game.ui.kit.tween import ease_out_back
from game.ui.table import hud, layout

if TYPE_CHECKING:
    from game.engine import CardDef
    from game.ui.core.context import AppContext

SCREEN_W, SCREEN_H = 1280, 720
TOP, FOOT = 18, 708  # the scene's first and last pixel rows
WIDTH = 1160  # the widest anything is (the title's line)
TITLE_SIZE, TITLE_LEAST = 88, 44
GAP = 12
CARD_W, CARD_LEAST = 124, 76  # the winners' creatures, as wide as there is room for
BUTTON_H = 52
STAT_ICON = 26
# The creatures and the numbers stand between these: right of the seats' panel (life, Mindbugs,
# the 2v2 plates), which shows under the scene, to the right end of the title's line.
MIDDLE_X0 = layout.LEFT_PANEL[0] + layout.LEFT_PANEL[2] + GAP
MIDDLE_X1 = SCREEN_W - (SCREEN_W - WIDTH) // 2


@dataclass
class Ending:
    """What the scene shows: ``titles`` the title and its shorter forms (the first that fits one
    line at TITLE_LEAST is shown), ``table`` the summary (a head of names, then a label and a
    value per side), ``creatures`` the winning side's creatures on the table at the end."""

    titles: list[str]
    lines: list[str]
    table: list[list[str]]
    creatures: list[CardDef]
    mood: str  # "win" or "loss"
    color: tuple[int, int, int]
    moment_at: int | None = None  # where the biggest moment's two lines are in ``lines``


class EndingScene(CelebrationOverlay):
    def __init__(self, ctx: AppContext, ending: Ending, buttons: Sequence[tuple[str, Callable[[], object]]],  # a callback: its result is ignored
                 seed: int = 0, watch: Callable[[list[str]], bool] | None = None,
                 on_leave: Callable[[], None] | None = None) -> None:
        self.ending = ending
        self.titles = ending.titles
        self.creatures = ending.creatures
        self.moment_at = ending.moment_at
        self.fixed = len(ending.lines)  # lines after these are said later, in the held line
        self.laid_for: tuple | None = None
        self.grey: pygame.Surface | None = None  # the table without its colour (a defeat)
        self.backdrop: pygame.Surface | None = None  # the table under the scene, once arrived
        super().__init__(ctx, ending.titles[0], buttons, ending.lines, ending.color, mood=ending.mood,
                         seed=seed, table=ending.table, watch=watch, on_leave=on_leave)
        self.length = max(0.05, ctx.anim(1.2 if ending.mood == "loss" else 0.9))

    # -- layout ---------------------------------------------------------------------------------
    def _fit(self) -> None:
        """Placed once for the text size and the language (again only if they change)."""
        key = (language(), text_scale(), self.ctx.window_scale)
        if key == self.laid_for:
            return
        if self.laid_for is not None:  # the table under it is worded anew: draw it again
            self.backdrop, self.grey, self.opaque = None, None, False
        self.laid_for = key
        for tight in range(4):
            if self._place(tight):
                return

    def _place(self, tight: int) -> bool:
        """Every part top-down; ``tight`` 0..3 gives up room step by step (a smaller title, the
        creatures smaller then gone, closer rows). True when it all fits above FOOT."""
        scale = self.ctx.window_scale
        gap = GAP if tight < 2 else GAP // 2
        line = legible(22, scale)
        step = max(30, fonts.font(line).get_linesize() + 4)
        self.line_px, self.step_px = line, step
        # the title: one line, smaller, else its shorter form
        most = TITLE_SIZE if tight == 0 else 64
        self.title, self.title_size = self._title(most)
        self.title_lines = [_(self.title)]
        self.title_extra = 0
        title_h = fonts.font(self.title_size, True).get_linesize()
        y = TOP
        self.title_y = y + title_h // 2
        y += title_h + gap // 2
        # the reasons, wrapped under the title
        self.shown = [part for text in self._reasons() for part in fonts.wrap(_(text), fonts.font(line), 1040)]
        self.reasons_top = y
        y += step * len(self.shown) + gap
        # the middle: the creatures at the left, the numbers at the right
        stats = self._stats_box(scale, 8 if tight < 2 else 2)
        self.middle_top = y
        room = MIDDLE_X1 - MIDDLE_X0 - stats.w - 3 * GAP
        self.card_w = 0
        self.card_step = 0
        if self.creatures and tight < 3:
            n = len(self.creatures)
            # side by side, or overlapping like a hand when there are many (each one's power
            # and the start of its name show), smaller before too many are given up
            for width in range(CARD_W if tight == 0 else CARD_LEAST + 20, CARD_LEAST - 1, -8):
                self.card_w = width
                self.card_step = int(min(width + 10, (room - width) / max(1, n - 1)))
                if self.card_step >= width * 0.4:
                    break
            else:
                self.card_w = self.card_step = 0  # too many to show so that each can be told apart
        cards_h = int(layout.card_h(self.card_w)) if self.card_w else 0
        middle = max(stats.h, cards_h)
        self.text_cx, self.text_w = SCREEN_W // 2, WIDTH  # where the moment's lines are centred
        beside = tight == 3 and stats.w > 0  # no room left: the moment beside the numbers
        if self.card_w:
            row_w = (len(self.creatures) - 1) * self.card_step + self.card_w
            # centred between the seats' panel at the left (never over it) and the right edge
            left = MIDDLE_X0 + (MIDDLE_X1 - MIDDLE_X0 - (row_w + 3 * GAP + stats.w)) // 2
            self.cards_left = left
            stats.topleft = (left + row_w + 3 * GAP, y + (middle - stats.h) // 2)
        elif beside:
            stats.topright = (SCREEN_W - (SCREEN_W - WIDTH) // 2, y)
            self.text_w = WIDTH - stats.w - 2 * GAP
            self.text_cx = (SCREEN_W - WIDTH) // 2 + self.text_w // 2
        else:
            stats.midtop = (SCREEN_W // 2, y)
        self.stats = stats
        # the biggest moment (two lines) and the line a copied code says: held from the start
        held = (2 * step if self.moment_at is not None else 0) + step
        if beside:
            self.moment_top = y + max(0, (stats.h - held) // 2)
            middle = max(middle, held)
            y += middle + gap
        else:
            y += middle + gap
            self.moment_top = y
            y += held + gap // 2
        self.status_top = self.moment_top + held - step
        # the buttons: the gold one across, the others in one row under it
        self._place_buttons(y, gap)
        bottom = self.row.buttons[-1].rect.bottom if self.row.buttons else y
        if bottom > FOOT:
            return False
        down = (FOOT - bottom) // 2  # the whole scene in the middle of the screen
        for attr in ("title_y", "reasons_top", "middle_top", "moment_top", "status_top"):
            setattr(self, attr, getattr(self, attr) + down)
        self.stats.move_ip(0, down)
        for b in self.row.buttons:
            b.rect.move_ip(0, down)
        self.box = pygame.Rect(60, TOP + down, SCREEN_W - 120, bottom - TOP)
        return True

    def _title(self, most: int) -> tuple[str, int]:
        for title in self.titles:
            shown = _(title)
            size = fonts.fit_size(shown, WIDTH, most, TITLE_LEAST, bold=True)
            if fonts.text_width(shown, size, True) <= WIDTH:
                return title, size
        return self.titles[-1], TITLE_LEAST  # the shortest form, cut (never on two lines)

    def _reasons(self) -> list[str]:
        return self.lines[:self.moment_at] if self.moment_at is not None else self.lines[:self.fixed]

    def _moment(self) -> list[str]:
        if self.moment_at is None:
            return []
        return self.lines[self.moment_at:self.moment_at + 2]

    def _status(self) -> str:
        later = self.lines[self.fixed:]
        return later[-1] if later else ""

    def _stats_box(self, scale: float, spacing: int) -> pygame.Rect:
        """The numbers' panel: a head of the sides' names, then a row per number with its icon."""
        size = legible(20, scale)
        self.stat_size = size
        self.stat_row = max(34, fonts.font(size).get_linesize() + spacing)
        table = self.full_table
        if not table:
            self.label_w = self.col_w = 0
            return pygame.Rect(0, 0, 0, 0)
        self.label_w = max(fonts.text_width(_(row[0]), size) for row in table[1:]) + 8
        names = max(fonts.text_width(name, size, True) for name in table[0][1:])
        self.col_w = max(90, min(names + 16, 240))  # a longer name gets smaller, then is cut
        width = 20 + STAT_ICON + 10 + self.label_w + (len(table[0]) - 1) * self.col_w + 16
        return pygame.Rect(0, 0, width, 12 + len(table) * self.stat_row + 8)

    def _place_buttons(self, top: int, gap: int) -> None:
        """The gold button across, the others in rows under it: four to a row, fewer when a
        label would be cut even on two lines (long German words at a large text size)."""
        buttons = self.row.buttons
        if not buttons:
            return
        rest = buttons[1:]
        size = legible(22, self.ctx.window_scale)
        two = 2 * fonts.render_text("Ag", size, bold=True).get_height() + 8
        per_row, width, height = 1, 0, BUTTON_H
        for per_row in range(max(1, min(len(rest), 4)), 0, -1):
            width = min(300 if per_row > 2 else 420, (WIDTH - 20 - (per_row - 1) * 10) // per_row)
            one_line = [_cut(b.text, pygame.Rect(0, 0, width, BUTTON_H), size) for b in rest]
            height = BUTTON_H if not any(one_line) else two  # two lines for a label that needs them
            if not any(_cut(b.text, pygame.Rect(0, 0, width, height), size) for b in rest):
                break
        gold_w = max(380, min(WIDTH, fonts.text_width(_(buttons[0].text), size, True) + 60))
        buttons[0].rect = pygame.Rect(0, top, gold_w, BUTTON_H)
        buttons[0].rect.centerx = SCREEN_W // 2
        y = top + BUTTON_H + 10
        rows = [rest[i:i + per_row] for i in range(0, len(rest), per_row)]
        for row in rows:
            row_w = len(row) * width + (len(row) - 1) * 10
            x = (SCREEN_W - row_w) // 2
            for b in row:
                b.rect = pygame.Rect(x, y, width, height)
                x += width + 10
            y += height + 10

    # -- time -----------------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        super().update(dt)
        if self.mood == "loss" and self.t < self.length + dt:
            self.dirty = True

    # -- drawing --------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        self._fit()
        k = min(1.0, self.t / self.length)
        self._backdrop(surface, k)
        self._draw_title(surface, k)
        for i, text in enumerate(self.shown):
            widgets.text(surface, text, self.line_px, (SCREEN_W // 2, self.reasons_top + self.step_px * i + self.step_px // 2),
                         theme.TEXT, anchor="center")
        self._draw_creatures(surface, k)
        self._draw_stats(surface)
        self._draw_moment(surface)
        status = self._status()
        if status:
            widgets.text(surface, fonts.fit_width(status, self.text_w, self.line_px), self.line_px,
                         (self.text_cx, self.status_top + self.step_px // 2), theme.ACCENT, anchor="center")
        self.row.draw(surface, self.ctx.window_scale)
        self._draw_confetti(surface)

    def _backdrop(self, surface: pygame.Surface, k: float) -> None:
        """A defeat drains the table's colour and darkens it; a win dims it. Once the scene has
        arrived the table under it is kept as it was last drawn and the scene covers the screen
        (the table is not drawn again under it for each falling confetto: the frame budget)."""
        if self.backdrop is not None:
            surface.blit(self.backdrop, (0, 0))
            return
        if self.mood == "loss":
            if self.grey is None:
                self.grey = pygame.transform.grayscale(surface)
            grey = self.grey
            grey.set_alpha(int(255 * min(1.0, k * 1.5)))
            surface.blit(grey, (0, 0))
            widgets.dim(surface, int(195 * min(1.0, k * 1.5)))
        else:
            widgets.dim(surface, int(185 * min(1.0, k * 2)))
        if k >= 1.0:
            self.backdrop = surface.copy()
            self.opaque = True

    def _draw_title(self, surface: pygame.Surface, k: float) -> None:
        size = self.title_size
        band = pygame.Rect(0, 0, int(SCREEN_W * min(1.0, k * 2.0)), fonts.font(size, True).get_linesize() + 10)
        band.center = (SCREEN_W // 2, self.title_y)
        if band.w > 0:
            ribbon = pygame.Surface(band.size, pygame.SRCALPHA, 32)
            ribbon.fill((*self.color, 60 if self.mood != "loss" else 45))
            surface.blit(ribbon, band)
            for edge in (band.top, band.bottom - 2):
                pygame.draw.rect(surface, self.color, (band.x, edge, band.w, 2))
        grow = 0.6 + 0.4 * ease_out_back(min(1.0, k * 1.4))
        shown = fonts.fit_width(_(self.title), WIDTH, size, True)
        img = fonts.render_outlined(shown, max(TITLE_LEAST // 2, int(size * grow)), self.color, (0, 0, 0), 4, bold=True)
        surface.blit(img, img.get_rect(center=(SCREEN_W // 2, self.title_y)))

    def _draw_creatures(self, surface: pygame.Surface, k: float) -> None:
        if not self.card_w:
            return
        h = int(layout.card_h(self.card_w))
        middle = max(self.stats.h, h)
        top = self.middle_top + (middle - h) // 2
        for i, card in enumerate(self.creatures):
            # they come up one after the other as the scene arrives
            rise = int(40 * (1 - min(1.0, max(0.0, k * 1.6 - i * 0.12))))
            x = self.cards_left + i * self.card_step
            try:
                face = self.ctx.renderer.face(card, self.card_w)
            except Exception:  # a card that cannot be drawn is left out, never the scene
                continue
            surface.blit(face, (x, top + rise))

    def _draw_stats(self, surface: pygame.Surface) -> None:
        table = self.full_table
        if not table:
            return
        box = self.stats
        widgets.panel(surface, box, alpha=240)
        size = self.stat_size
        x_label = box.x + 20 + STAT_ICON + 10
        x_cols = x_label + self.label_w
        y = box.y + 12
        for c, name in enumerate(table[0][1:]):
            cx = x_cols + self.col_w * c + self.col_w // 2
            fit = fonts.fit_size(name, self.col_w - 8, size, legible(14, self.ctx.window_scale), bold=True)
            widgets.text(surface, fonts.fit_width(name, self.col_w - 8, fit, True), fit,
                         (cx, y + self.stat_row // 2), theme.ACCENT, bold=True, anchor="center")
        for r, row in enumerate(table[1:], start=1):
            cy = y + self.stat_row * r + self.stat_row // 2
            stat_icon(surface, row[0], (box.x + 20 + STAT_ICON // 2, cy), STAT_ICON)
            widgets.text(surface, _(row[0]), size, (x_label, cy), theme.TEXT, anchor="midleft")
            for c, value in enumerate(row[1:]):
                cx = x_cols + self.col_w * c + self.col_w // 2
                widgets.text(surface, value, size, (cx, cy), (255, 255, 255), bold=True, anchor="center")

    def _draw_moment(self, surface: pygame.Surface) -> None:
        """The two lines held for the biggest moment: each one line, smaller or cut to fit."""
        for i, text in enumerate(self._moment()):
            text = _(text).strip()
            if not text:
                continue
            size = fonts.fit_size(text, self.text_w, self.line_px, legible(12, self.ctx.window_scale))
            widgets.text(surface, fonts.fit_width(text, self.text_w, size), size,
                         (self.text_cx, self.moment_top + self.step_px * i + self.step_px // 2),
                         theme.TEXT if i else theme.ACCENT, anchor="center")


def _cut(label: str, rect: pygame.Rect, size: int) -> bool:
    """Whether a button's label would be cut (an ellipsis) in ``rect`` at ``size``."""
    return fonts.ELLIPSIS in "".join(widgets.label_lines(_(label), rect, size, size)[0])


# The summary's rows by their label (menus.summary): each has its icon.
def stat_icon(surface: pygame.Surface, label: str, center: tuple[int, int], size: int) -> None:
    x, y = center
    if label == "Mindbugs used":
        hud.mindbug_token(surface, center, used=False, size=size)
        return
    card = pygame.Rect(0, 0, int(size * 0.72), size)
    card.center = center
    if label == "Cards played":  # a card, and a second behind it
        pygame.draw.rect(surface, (90, 80, 120), card.move(-4, -3), border_radius=3)
        pygame.draw.rect(surface, (230, 220, 200), card, border_radius=3)
        pygame.draw.rect(surface, (60, 50, 80), card, 2, border_radius=3)
        return
    # Creatures defeated: a card broken by a red crack
    pygame.draw.rect(surface, (230, 220, 200), card, border_radius=3)
    pygame.draw.rect(surface, (60, 50, 80), card, 2, border_radius=3)
    pygame.draw.lines(surface, theme.DANGER, False, [(x - 2, card.top), (x + 3, y - 4), (x - 3, y + 3),
                                                    (x + 2, card.bottom)], 3)


def show_ending(ctx: AppContext, ending: Ending,
                buttons: Sequence[tuple[str, Callable[[], object]]]) -> None:  # a callback: its result is ignored
    """Push the ending scene of ``ending`` with ``buttons``: how a seat of another folder (the
    network match) ends its game the way a local one does."""
    ctx.scenes.push(EndingScene(ctx, ending, buttons))
