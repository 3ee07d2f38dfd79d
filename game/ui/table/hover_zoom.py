"""The large card of a card grid (the card picker, the discard-pile viewer), as on the table:
resting the mouse on a card for a moment, or a right-click on it, shows it large beside it; the
zoom closes when the mouse leaves its card. Cards are numbered by their place in the grid.
``TableZoom`` is the same for the match's table, where cards are named by their sprite keys
and a right-click pins the zoom until the mouse leaves the card."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

from game.ui.kit import widgets
from game.ui.table.zoom import zoom_rect

if TYPE_CHECKING:
    from game.engine import CardDef
    from game.ui.core.contracts import CardRenderer
    from game.ui.table.sprites import SpriteKey


HOVER_ZOOM_DELAY = 0.55  # seconds, as on the table


class HoverZoom:
    """Which card of a grid is zoomed, and drawing it."""

    def __init__(self) -> None:
        self.hover: int | None = None  # the card under the mouse
        self.hover_time = 0.0
        self.zoom: int | None = None  # the card shown large

    def move(self, i: int | None) -> bool:
        """The mouse is over card ``i`` (None: no card). True when that changed."""
        if i == self.hover:
            return False
        self.hover = i
        self.hover_time = 0.0
        if self.zoom is not None and self.zoom != i:
            self.zoom = None  # a zoom closes when the mouse leaves its card
        return True

    def right_click(self, i: int | None) -> None:
        """A right-click shows card ``i`` large, or closes the zoom it is on."""
        self.zoom = None if i is None or i == self.zoom else i

    def close(self) -> None:
        self.zoom = None

    def update(self, dt: float) -> bool:
        """The hover clock; True when the zoom just opened."""
        if self.hover is None or self.zoom is not None:
            return False
        self.hover_time += dt
        if self.hover_time >= HOVER_ZOOM_DELAY:
            self.zoom = self.hover
            return True
        return False

    @property
    def waiting(self) -> bool:
        """The hover clock runs (the scene must keep updating)."""
        return self.hover is not None and self.zoom is None

    def draw(self, surface: pygame.Surface, renderer: CardRenderer, card_def: CardDef, card: pygame.Rect,
             scale: float, avoid: Sequence[pygame.Rect] = ()) -> None:
        """The zoomed ``card_def`` beside its grid rect ``card``, clear of ``avoid`` (buttons)."""
        try:
            img = renderer.zoom(card_def)
        except Exception:  # a renderer without a zoom (tests' stand-ins): no large card
            return
        r = zoom_rect(img.get_size(), card, scale, avoid)
        if r.size != img.get_size():
            img = pygame.transform.smoothscale(img, r.size)
        widgets.panel(surface, r.inflate(16, 16), alpha=230)
        surface.blit(img, r)


class ZoomingScene:
    """A scene's frame clock while it owns a ``HoverZoom`` as ``self.zooms`` (the card picker,
    the discard-pile viewer): redraw when the zoom changes, keep frames coming while its
    hover delay runs. Listed before ``Scene`` among the bases."""

    zooms: HoverZoom
    dirty: bool

    def update(self, dt: float) -> None:
        if self.zooms.update(dt):
            self.dirty = True

    @property
    def animating(self) -> bool:
        return self.zooms.waiting


@dataclass
class TableZoom:
    """The large card over the table: the card the mouse rests on (its zoom opens after a
    moment) and the card shown large, pinned by a right-click until the mouse leaves it."""

    hover_key: SpriteKey | None = None
    hover_time: float = 0.0
    zoom_key: SpriteKey | None = None
    pinned: bool = False

    def close(self) -> None:
        """No zoom and no hover (a drag begins, the screen changes hands)."""
        self.zoom_key, self.pinned, self.hover_key = None, False, None

    def unpin(self) -> None:
        self.pinned = False
        self.zoom_key = None

    def pin(self, key: SpriteKey) -> None:
        self.zoom_key = key
        self.pinned = True

    def rest_on(self, key: SpriteKey | None) -> None:
        """The mouse came to rest on ``key`` (None: on no card): its hover clock starts."""
        self.hover_key = key
        self.hover_time = 0.0
        if not self.pinned:
            self.zoom_key = None

    @property
    def waiting(self) -> bool:
        """The hover clock runs: the zoom opens when it reaches the delay."""
        return self.hover_key is not None and self.zoom_key is None

    def update(self, dt: float, delay: float) -> bool:
        """The hover clock; True when the zoom just opened."""
        if not self.waiting:
            return False
        self.hover_time += dt
        if self.hover_time >= delay:
            self.zoom_key = self.hover_key
            return True
        return False
