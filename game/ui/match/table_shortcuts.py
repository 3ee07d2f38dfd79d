"""The match scene's shortcuts to its table (a TableStage: model, sprites, animations) and to
the large card (a TableZoom), by the names the match's parts, its frame and the tests read and
set: a base class of ``MatchScene``, kept apart from the scene's flow of decisions."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

if TYPE_CHECKING:
    from collections import deque

    from game.ui.core.context import AppContext
    from game.ui.core.contracts import EngineEvent
    from game.ui.kit.tween import Tweener
    from game.ui.match.input_state import InputState, Press
    from game.ui.table.animator import EventAnimator
    from game.ui.table.hover_zoom import TableZoom
    from game.ui.table.model import TableModel
    from game.ui.table.render import TableRenderer
    from game.ui.table.sprites import CardSprite, SpriteKey
    from game.ui.table.stage import TableStage


class TableShortcuts:
    """What the match scene reads of its table, its input state and its painter by name."""

    ctx: AppContext
    dirty: bool
    table: TableStage
    input: InputState
    card_zoom: TableZoom
    painter: TableRenderer

    @property
    def bottom(self) -> int:
        return self.table.bottom

    @property
    def model(self) -> TableModel:
        return self.table.model

    @property
    def sprites(self) -> dict[SpriteKey, CardSprite]:
        return self.table.sprites

    @property
    def tweener(self) -> Tweener:
        return self.table.tweener

    @property
    def anim(self) -> EventAnimator:
        return self.table.anim

    @property
    def queue(self) -> deque[EngineEvent]:
        return self.table.queue

    @property
    def log(self) -> list[tuple[str, tuple]]:
        return self.table.log

    @property
    def attacker(self) -> int | None:
        return self.table.attacker

    @attacker.setter
    def attacker(self, cid: int | None) -> None:
        self.table.attacker = cid

    @property
    def press(self) -> Press | None:
        return self.input.press

    # The large card (a TableZoom): the frame and the tests read and set it by these names.
    @property
    def hover_key(self) -> SpriteKey | None:
        return self.card_zoom.hover_key

    @property
    def zoom_key(self) -> SpriteKey | None:
        return self.card_zoom.zoom_key

    @zoom_key.setter
    def zoom_key(self, key: SpriteKey | None) -> None:
        self.card_zoom.zoom_key = key

    @property
    def zoom_pinned(self) -> bool:
        return self.card_zoom.pinned

    @property
    def key_map(self) -> dict[str, str]:
        return self.ctx.settings.keys

    def redraw(self) -> None:
        """Draw a new frame (the parts of the match ask for one after changing what it shows)."""
        self.dirty = True

    @property
    def prompt_rect(self) -> pygame.Rect | None:
        return self.painter.prompt_rect

    @property
    def zoom_rect(self) -> pygame.Rect | None:
        """Where the large card was last drawn (None: no large card on screen)."""
        return self.painter.zoom_box

    def face_up_hands(self) -> set[int]:
        return set(self.table.face_up)

    def card_name(self, cid: int) -> str:
        return self.table.card_name(cid)

    def team_name(self, team: int) -> str:
        return self.table.team_name(team)

    def resync(self, duration: float | None = None) -> None:
        """Snap to the engine's truth: the model from the current view, every sprite to its slot."""
        if duration is None:
            self.table.resync()
        else:
            self.table.resync(duration)
        self.dirty = True
