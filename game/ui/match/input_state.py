"""The match input's own state between events (the press, the focus, the browse ring, the
drop's reason): its own module so the parts that read it (browse, hints, the drop overlay, the
decision panel, narration) need not import the input's handlers."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TypedDict

import pygame

from game.ui.match.choices import Choice
from game.ui.match.drop_zones import DropZone
from game.ui.table.sprites import SpriteKey


class Press(TypedDict):
    """The mouse went down on a card: a click if it comes up near there, else a drag."""

    key: SpriteKey  # the card's sprite
    pos: tuple[int, int]  # where the mouse went down
    off: tuple[float, float]  # the sprite's corner from the mouse (it follows the drag so)
    choice: Choice | None  # what a click on it answers (None: it only says why not)
    dragging: bool
    zones: list[DropZone]  # where it may be dropped
    reason: str  # said when it is dropped elsewhere
    mouse: tuple[int, int]  # where the mouse is now


@dataclass
class InputState:
    """The input's own state between events."""

    press: Press | None = None  # mouse down on a card: maybe a click, maybe a drag
    swallow_up: bool = False
    discard_press: int | None = None
    seat_press: int | None = None  # 2v2: the opponent whose area the mouse went down on
    hand_cursor: bool = False
    focus_index: int = -1
    hint: str | None = None  # why the last drop sprang back
    discard_seat: int | None = None  # the other seat whose pile Shift+D opened last
    browse: SpriteKey | None = None  # the card the browse ring is on (game.ui.match.browse)
    intent: int | None = None  # a Hunter dropped on its prey: pick it when asked
    intent_sure: bool = False  # ...and the drop could mean nothing else: pick it without asking
    advised_prey: int | None = None  # the prey of a drop that could mean more: gold when asked
    seat_intent: tuple[SpriteKey, int] | None = None  # 2v2: (an attacker, the opponent it was dropped on)
    log_drag: tuple[int, int] | None = None  # (mouse y, scroll) when a drag on the log began
    pointer: tuple[int, int] | None = None  # where the mouse last moved (a plate pile's words)
    tip: tuple[str, pygame.Rect] | None = None  # the plate pile's words shown at the last move, if any
    zones: list[DropZone] = field(default_factory=list)
    keyboard: bool = False  # the last input was a key (not a click): the prompt names the keys
