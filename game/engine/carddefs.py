"""Frozen card definitions: what a card is, independent of any game."""

from __future__ import annotations

from dataclasses import dataclass, field

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


def keyword_names(bits: int) -> tuple[str, ...]:
    """Keyword names of a bit set, in the fixed order of KEYWORDS."""
    return tuple(name for name, bit in KEYWORDS.items() if bits & bit)


def keyword_bits(names) -> int:
    bits = 0
    for name in names:
        bits |= KEYWORDS[name]
    return bits


@dataclass(frozen=True, slots=True)
class Ability:
    """A triggered ability: effects resolved in order when `trigger` happens."""

    trigger: str
    effects: tuple
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
    constant: tuple = ()
    text: str = ""
    kw: int = field(default=0)

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

    def box(self) -> tuple[CardDef, ...]:
        """One entry per physical card, copies adjacent, in collector order: index = card id."""
        return tuple(d for d in self.defs for _ in range(d.copies))
