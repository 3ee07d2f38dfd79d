"""The menus driven with pygame events: clicks, keys with text, a scene's button by its words."""

from __future__ import annotations

import pygame  # noqa: E402

from game.app import App  # noqa: E402


def click(app: App, pos) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
    app.step()


def key(app: App, k: int, text: str = "") -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode=text, scancode=0))
    app.step()


def button(scene, text: str):
    return next(b for b in scene.row.buttons if b.text == text)
