"""What a card face needs of a card: the engine's CardDef has it, and so has any stand-in (the
table's placeholder, a test's card that is in no set)."""

from __future__ import annotations

from typing import Protocol


class CardLike(Protocol):
    """The fields a face prints. A face reads ``trigger`` ("Play", "Attack", ...),
    ``name_de`` and ``text_de`` too where a card has them (``getattr``: a stand-in may not)."""

    @property
    def name(self) -> str: ...

    @property
    def power(self) -> int: ...

    @property
    def keywords(self) -> tuple[str, ...]: ...

    @property
    def text(self) -> str: ...
