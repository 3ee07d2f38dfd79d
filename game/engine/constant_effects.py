"""The constant effects a card file may name, as frozen dataclasses: what a card in play does
to power and keywords for as long as it stays (State._compute_board applies them in stages).
The triggered effects, which resolve once, are in game.engine.effects."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar, Literal, TypeVar

from .carddefs import KEYWORDS
from .typed import CardId, Seat, mypyc_attr

if TYPE_CHECKING:
    from .state import State

CONSTANT: dict[str, type[ConstantEffect]] = {}
_C = TypeVar("_C", bound="ConstantEffect")


def constant(
    name: str, stage: int = -1, reads_others: bool = False, suppresses_play: bool = False
) -> Callable[[type[_C]], type[_C]]:
    """Registers a constant effect class under its name in the card files, with its class
    attributes (see game.engine.effects.triggered: not in the dataclass's body)."""

    def register(cls: type[_C]) -> type[_C]:
        cls.name = name
        cls.stage = stage
        cls.reads_others = reads_others
        cls.suppresses_play = suppresses_play
        CONSTANT[name] = cls
        return cls

    return register


# --- constant effects ----------------------------------------------------------------------
# Stage 0 changes power, stage 1 grants keywords (it may look at power), stage 2 copies
# keywords (it looks at the keywords granted before).


@mypyc_attr(native_class=False)
class ConstantEffect:
    name: ClassVar[str]
    stage: ClassVar[int] = -1  # -1: not part of the power/keyword computation
    #: Deathweaver's effect sets this (CardDef.suppresses_play reads it)
    suppresses_play: ClassVar[bool] = False

    # overridden by effects with conditions; class attributes keep the check cheap (effects
    # with a `while_` field set `while_alone` per instance when built: State._compute_board
    # reads it for every constant effect in play, where a property cost a call)
    during: str = "always"
    while_alone: ClassVar[bool] = False
    #: Whether what it does depends on which other creatures are in play (it changes other
    #: creatures, holds only while alone, or copies them). A board without such an effect
    #: stays right when a creature without constant effects enters or leaves play (rule 18);
    #: set per instance like while_alone.
    reads_others: ClassVar[bool] = False
    #: GrantKeywords' keyword bits and CopyEnemyKeywords' mask, set per instance by their
    #: __post_init__ (declared here: a dataclass would take them for fields of the schema)
    bits: ClassVar[int] = 0
    mask: ClassVar[int] = 0

    def apply(self, g: State, src: CardId, seat: Seat, power: list[int], kw: list[int]) -> None:
        raise NotImplementedError

    def text(self) -> str:
        raise NotImplementedError


def _condition_text(during: str, alone: bool) -> str:
    if alone:
        return "While it is your only creature, "
    if during == "your_turn":
        return "During your turn, "
    return ""


@constant("power_bonus", stage=0)
@dataclass(frozen=True)
class PowerBonus(ConstantEffect):
    amount: 'int' = 1
    affects: 'Literal["self", "other_allies"]' = "self"
    during: 'Literal["always", "your_turn"]' = "always"
    while_: 'Literal["always", "alone"]' = "always"

    def __post_init__(self) -> None:
        object.__setattr__(self, "while_alone", self.while_ == "alone")
        object.__setattr__(self, "reads_others", self.affects != "self" or self.while_alone)

    def apply(self, g: State, src: CardId, seat: Seat, power: list[int], kw: list[int]) -> None:
        if self.affects == "self":
            power[src] += self.amount
        else:
            for c in g.plays[seat]:
                if c != src:
                    power[c] += self.amount

    def text(self) -> str:
        cond = _condition_text(self.during, self.while_alone)
        who = "this creature has" if self.affects == "self" else "your other creatures have"
        if not cond and self.affects == "self":
            who = "Has"
        sentence = f"{cond}{who} +{self.amount} power."
        return sentence[0].upper() + sentence[1:]


@constant("grant_keywords", stage=1)
@dataclass(frozen=True)
class GrantKeywords(ConstantEffect):
    keywords: 'tuple[str, ...]' = ()
    affects: 'Literal["self", "other_allies"]' = "self"
    while_: 'Literal["always", "alone"]' = "always"
    max_power: 'int' = 0

    def __post_init__(self) -> None:
        # worked out once: the board's computation applies this for every creature it grants to
        object.__setattr__(self, "while_alone", self.while_ == "alone")
        object.__setattr__(self, "reads_others", self.affects != "self" or self.while_alone)
        bits = 0
        for name in self.keywords:
            bits |= KEYWORDS[name]
        object.__setattr__(self, "bits", bits)

    def apply(self, g: State, src: CardId, seat: Seat, power: list[int], kw: list[int]) -> None:
        bits = self.bits
        if self.affects == "self":
            kw[src] |= bits
            return
        for c in g.plays[seat]:
            if c != src and (not self.max_power or power[c] <= self.max_power):
                kw[c] |= bits

    def text(self) -> str:
        names = " and ".join(self.keywords)
        cond = _condition_text("always", self.while_alone)
        if self.affects == "self":
            sentence = f"{cond}this creature has {names}." if cond else f"Has {names}."
        else:
            rng = f" with power {self.max_power} or less" if self.max_power else ""
            sentence = f"{cond}your other creatures{rng} have {names}."
        return sentence[0].upper() + sentence[1:]


@constant("copy_enemy_keywords", stage=2, reads_others=True)
@dataclass(frozen=True)
class CopyEnemyKeywords(ConstantEffect):
    """Has each listed keyword that any enemy creature has (Sharky Crab-Dog-Mummypus)."""

    keywords: 'tuple[str, ...]' = ()

    def __post_init__(self) -> None:
        mask = 0
        for name in self.keywords:
            mask |= KEYWORDS[name]
        object.__setattr__(self, "mask", mask)

    def apply(self, g: State, src: CardId, seat: Seat, power: list[int], kw: list[int]) -> None:
        mask = self.mask
        team = seat % 2  # a seat's team (1v1: the seat itself)
        for s, pl in enumerate(g.plays):
            if s % 2 != team:
                for c in pl:
                    kw[src] |= kw[c] & mask

    def text(self) -> str:
        names = ", ".join(self.keywords[:-1]) + " and " + self.keywords[-1]
        return f"Has each of {names} that an enemy creature has."


@constant("block_restriction")
@dataclass(frozen=True)
class BlockRestriction(ConstantEffect):
    """Weak creatures cannot block this creature (`self`) or any of yours (`allies`)."""

    attackers: 'Literal["self", "allies"]' = "self"
    blocker_max_power: 'int' = 0

    def block_limit(self, src: CardId, seat: Seat, attacker: CardId, attacker_seat: Seat) -> int:
        """The highest power that cannot block `attacker` (0: every creature can, power being
        at least 1); worked out once per attack, not per blocker."""
        if self.attackers == "self":
            hit = attacker == src
        else:
            hit = attacker_seat == seat
        return self.blocker_max_power if hit else 0

    def text(self) -> str:
        if self.attackers == "self":
            return (
                f"Enemy creatures with power {self.blocker_max_power} or less "
                "cannot block this creature."
            )
        return f"The opponent cannot block with creatures with power {self.blocker_max_power} or less."


@constant("suppress_play_effects", suppresses_play=True)
@dataclass(frozen=True)
class SuppressPlayEffects(ConstantEffect):
    """Play effects of creatures entering the opponents' side do not resolve (Deathweaver)."""

    side: 'Literal["opponents"]' = "opponents"

    def text(self) -> str:
        return "Play effects of creatures entering play on the opponent's side do not resolve."
