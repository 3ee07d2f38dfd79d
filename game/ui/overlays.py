"""Scenes pushed over the match: hand-off curtain, pause menu, discard viewer, game over."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.ui import theme, widgets
from game.ui.backdrop import draw_backdrop
from game.ui.scene import Scene
from game.ui.widgets import Button, ButtonRow


class CurtainScene(Scene):
    """Hot seat: hides the whole table until the named player is at the screen."""

    opaque = True

    def __init__(self, ctx, name: str, on_reveal: Callable[[], None], note: str = "") -> None:
        super().__init__(ctx)
        self.name = name
        self.note = note
        self.on_reveal = on_reveal
        self.row = ButtonRow([Button(pygame.Rect(440, 420, 400, 64), f"I'm {name}: show my cards",
                                     self._reveal, primary=True)])
        self.row.move(1)

    def _reveal(self) -> None:
        self.ctx.scenes.remove(self)
        self.on_reveal()

    def handle(self, event: pygame.event.Event) -> bool:
        self.dirty = True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            self._reveal()  # a click anywhere: the curtain is only a hand-off
            return True
        return self.row.handle(event)

    def draw(self, surface: pygame.Surface) -> None:
        draw_backdrop(surface, self.ctx.renderer)
        widgets.text(surface, "Pass to", 34, (640, 230), theme.TEXT_DIM, anchor="center")
        widgets.text(surface, self.name, 72, (640, 300), theme.ACCENT, bold=True, anchor="center")
        if self.note:
            widgets.text(surface, self.note, 22, (640, 370), theme.TEXT, anchor="center")
        self.row.draw(surface)


class MenuOverlay(Scene):
    """A dimmed box with a title, optional lines of text and a column of buttons."""

    opaque = False

    def __init__(self, ctx, title: str, buttons: list[tuple[str, Callable[[], None]]],
                 lines: list[str] | None = None, color=theme.ACCENT, esc: Callable | None = None):
        super().__init__(ctx)
        self.title = title
        self.lines = lines or []
        self.color = color
        self.esc = esc
        top = 330 + 30 * len(self.lines)
        rects = widgets.column(640, top, [b[0] for b in buttons], width=360, height=52)
        self.row = ButtonRow([Button(r, t, a, primary=(i == 0))
                              for i, (r, (t, a)) in enumerate(zip(rects, buttons, strict=True))])
        self.box = pygame.Rect(0, 0, 560, top + len(buttons) * 66 - 170)
        self.box.center = (640, (210 + top + len(buttons) * 66) // 2)

    def handle(self, event: pygame.event.Event) -> bool:
        self.dirty = True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE and self.esc:
            self.esc()
            return True
        self.row.handle(event)
        return True  # modal: nothing reaches the table below

    def draw(self, surface: pygame.Surface) -> None:
        widgets.dim(surface, 140)
        widgets.panel(surface, self.box, alpha=235)
        widgets.text(surface, self.title, 46, (640, self.box.y + 50), self.color, bold=True,
                     anchor="center")
        for i, line in enumerate(self.lines):
            widgets.text(surface, line, 22, (640, self.box.y + 100 + 30 * i), theme.TEXT,
                         anchor="center")
        self.row.draw(surface)


class DiscardViewer(Scene):
    """Every card in a discard pile, face up, in a grid; any click or key closes it."""

    opaque = False

    def __init__(self, ctx, title: str, card_defs: list) -> None:
        super().__init__(ctx)
        self.title = title
        self.defs = card_defs

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type in (pygame.MOUSEBUTTONUP, pygame.KEYDOWN):
            self.ctx.scenes.remove(self)
        return True

    def draw(self, surface: pygame.Surface) -> None:
        widgets.dim(surface, 170)
        box = pygame.Rect(90, 60, 1100, 600)
        widgets.panel(surface, box, alpha=240)
        n = len(self.defs)
        widgets.text(surface, f"{self.title} ({n} card{'s' if n != 1 else ''})", 30,
                     (box.x + 24, box.y + 16), theme.ACCENT, bold=True)
        if not n:
            widgets.text(surface, "Empty.", 24, box.center, theme.TEXT_DIM, anchor="center")
        per_row = 9 if n <= 18 else 12
        w = 110 if n <= 18 else 82
        h = int(w * 88 / 63)
        for i, d in enumerate(self.defs):
            x = box.x + 24 + (i % per_row) * (w + 10)
            y = box.y + 70 + (i // per_row) * (h + 12)
            surface.blit(self.ctx.renderer.face(d, w), (x, y))
        widgets.text(surface, "Click anywhere to close", 16, (box.right - 16, box.bottom - 12),
                     theme.TEXT_DIM, anchor="bottomright")
