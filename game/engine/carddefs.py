"""Frozen card definitions: what a card is, independent of any game."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .constant_effects import ConstantEffect
    from .effects import TriggeredEffect

FRENZY, HUNTER, POISONOUS, SNEAKY, TOUGH = 1, 2, 4, 8, 16
KEYWORDS: dict[str, int] = {
    "Frenzy": FRENZY,
    "Hunter": HUNTER,
    "Poisonous": POISONOUS,
    "Sneaky": SNEAKY,
    "Tough": TOUGH,
}
KEYWORDS_DE: dict[str, str] = {
    "Frenzy": "Raserei",
    "Hunter": "Jäger",
    "Poisonous": "Giftig",
    "Sneaky": "Raffiniert",
    "Tough": "Robust",
}
TRIGGERS = ("play", "attack", "defeated")


def _names_of(bits: int) -> tuple[str, ...]:
    return tuple(name for name, bit in KEYWORDS.items() if bits & bit)


#: keyword_names of every bit set (State.keywords() answers from it on the AI's hot path)
_NAMES = tuple(_names_of(bits) for bits in range(1 << len(KEYWORDS)))


def keyword_names(bits: int) -> tuple[str, ...]:
    """Keyword names of a bit set, in the fixed order of KEYWORDS."""
    if 0 <= bits < len(_NAMES):
        return _NAMES[bits]
    return _names_of(bits)


def keyword_bits(names: Iterable[str]) -> int:
    bits = 0
    for name in names:
        bits |= KEYWORDS[name]
    return bits


@dataclass(frozen=True, slots=True)
class Ability:
    """A triggered ability: effects resolved in order when `trigger` happens."""

    trigger: str
    effects: tuple[TriggeredEffect, ...]
    # In 2v2 the controller picks "the opponent" once, before the effects resolve.
    uses_opponent: bool = False


@dataclass(frozen=True, slots=True)
class CardDef:
    name: str
    name_de: str
    power: int
    keywords: tuple[str, ...]
    copies: int
    index: int
    on_play: Ability | None = None
    on_attack: Ability | None = None
    on_defeated: Ability | None = None
    constant: tuple[ConstantEffect, ...] = ()
    text: str = ""
    kw: int = field(default=0)
    #: Whether a constant effect stops Play effects on the opponents' side (Deathweaver): read
    #: for every creature entering play, so worked out once from `constant`.
    suppresses_play: bool = field(default=False, init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        suppresses = any(getattr(e, "suppresses_play", False) for e in self.constant)
        object.__setattr__(self, "suppresses_play", suppresses)

    @property
    def trigger(self) -> str | None:
        for ability in (self.on_play, self.on_attack, self.on_defeated):
            if ability is not None:
                return ability.trigger
        return "constant" if self.constant else None


@dataclass(frozen=True)
class CardDB:
    """All card definitions of a set, in collector order."""

    set_name: str
    defs: tuple[CardDef, ...]
    source: str = ""

    def by_name(self, name: str) -> CardDef:
        key = name.strip().lower()
        for d in self.defs:
            if d.name.lower() == key:
                return d
        raise KeyError(name)

    def box(self, sets: int = 1) -> tuple[CardDef, ...]:
        """One entry per physical card, copies adjacent, in collector order: index = card id.
        With ``sets`` copies of the game shuffled together, each card has copies x sets."""
        return tuple(d for d in self.defs for _ in range(d.copies * sets))
