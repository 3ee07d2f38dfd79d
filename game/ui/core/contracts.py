"""What the window asks of the card renderer and the sounds: the two small contracts the
context's ``renderer`` and ``sounds`` fields are typed with (and the type of an engine event).

The real ones (game.ui.cards.cardface behind assets_bridge.LanguageRenderer, game.ui.core.sound)
and their stand-ins (assets_bridge.PlaceholderRenderer, SilentSounds) all fit them; a scene may
rely on nothing more.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol, TypeAlias

if TYPE_CHECKING:
    import pygame

    from game.engine import CardDef
    from game.engine.events import Event


class CardRenderer(Protocol):
    """Card pictures at a width in table pixels (the height follows the card's ratio)."""

    def face(self, card_def: CardDef, width: int) -> pygame.Surface: ...

    def back(self, width: int) -> pygame.Surface: ...

    def zoom(self, card_def: CardDef) -> pygame.Surface: ...


class SoundPlayer(Protocol):
    """Named sound effects; ``enabled`` is the setting, ``set_volume`` takes 0..1."""

    enabled: bool

    def play(self, name: str) -> None: ...

    def set_volume(self, volume: float) -> None: ...


class OfferRecord(Protocol):
    """The learning progress, as the title needs it: to write down that the tutorial was
    offered (game.ui.learn.progress implements it)."""

    def mark_offered(self) -> str | None:
        """The write's error message, or None (the title goes on either way)."""


#: An engine event (game.engine.events.Event, the union of its NamedTuple records). The window
#: logs, animates and masks them; it dispatches on their classes.
EngineEvent: TypeAlias = "Event"
