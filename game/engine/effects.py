"""The effect registry: every ability a card file may name, as a frozen dataclass. This module
holds the triggered effects; the constant ones are in game.engine.constant_effects.

A dataclass's fields are the schema of its YAML mapping (game/cards validates against them),
`start()` resolves a triggered effect on a State, and `text()` writes the rules text, so the
words a player reads come from the same object that acts.

Triggered effects run as work items of the State. One that needs a choice asks through
`g.ask(...)` with a continuation tuple `(function, ...)` that the State calls with the chosen
option: pending work is plain data, so a State can be cloned in the middle of an effect.

Compiled, the effect classes stay Python classes (`native_class=False`) with compiled methods.
The card loader's schema stays the same on both engines (test_engine_compiled.py checks it): a
field's annotation is quoted (compiled, `Literal[...]` would become a bare type), and a class
attribute that is no field is set by the registering decorator (docs/engine-speed.md).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, fields
from typing import TYPE_CHECKING, Any, ClassVar, Literal, TypeVar

from . import events as ev
from .draws import sample
from .options import CHOOSE, DONE, Kind, Option
from .reach import ANYTHING, COUNT, POWER, defeat_reads, targets_of
from .typed import CardId, EffectContext, Seat, mypyc_attr

if TYPE_CHECKING:

    from .carddefs import Ability
    from .reach import Aspect
    from .state import State
    from .typed import Continuation

TRIGGERED: dict[str, type[TriggeredEffect]] = {}
_T = TypeVar("_T", bound="TriggeredEffect")


def triggered(name: str, purpose: str | None = None) -> Callable[[type[_T]], type[_T]]:
    """Registers an effect class under its card-file name; its class attributes are set here
    (compiled, an attribute a dataclass's body assigns becomes a field)."""

    def register(cls: type[_T]) -> type[_T]:
        cls.name = name
        cls.purpose = purpose
        TRIGGERED[name] = cls
        return cls

    return register


def effect_fields(cls: type[Any]) -> dict[str, object]:  # any effect class: its fields and defaults
    """Field name -> default value of an effect class (the YAML schema)."""
    return {f.name: f.default for f in fields(cls)}


def _who(who: str) -> str:
    return "you" if who == "you" else "the opponent"


def _power_range(min_power: int, max_power: int) -> str:
    if min_power and max_power:
        return f" with power {min_power} to {max_power}"
    if min_power:
        return f" with power {min_power} or more"
    if max_power:
        return f" with power {max_power} or less"
    return ""


def _in_range(power: int, min_power: int, max_power: int) -> bool:
    return power >= min_power and (not max_power or power <= max_power)


def _seats(who: str, seat: Seat, opponents: list[Seat]) -> list[Seat]:
    """The seats an effect aimed at `who` may act on."""
    return [seat] if who == "you" else opponents


def _lives(g: State, who: str, seat: Seat, opponents: list[Seat]) -> set[Aspect]:
    return {("life", g.team_of(s)) for s in _seats(who, seat, opponents)}


def _nothing(g: State, ctx: EffectContext, what: str) -> None:
    """The ability of ``ctx``'s card had nothing to act on: one event says so (for the log),
    only when events are recorded (a playout records none)."""
    if g.ev is not None:
        g.ev.append(tuple.__new__(ev.NothingToDo, (ctx.seat, ctx.card, what)))


# --- triggered effects ------------------------------------------------------------------



@mypyc_attr(native_class=False)
class TriggeredEffect:
    name: ClassVar[str]
    #: NothingToDo.what when the effect has nothing to act on (None: it says nothing)
    purpose: ClassVar[str | None] = None

    @property
    def uses_opponent(self) -> bool:
        return getattr(self, "who", "you") == "opponent"

    def start(self, g: State, ctx: EffectContext) -> None:
        raise NotImplementedError

    # Ruling 26. `opponents` are the seats "the opponent" may be (ruling 25: any opponent
    # still in the game); an effect can act if it can for one of them. The answers may claim
    # too much (that only asks a question that was not needed), never too little.
    def can_act(self, g: State, seat: Seat, opponents: list[Seat]) -> bool:
        """Whether it has a target or a card to act on now."""
        return True

    def reads(self, g: State, seat: Seat, opponents: list[Seat]) -> set[Aspect]:
        """The aspects whose change could give it something to act on."""
        return set()

    def changes(self, g: State, seat: Seat, opponents: list[Seat]) -> set[Aspect]:
        """The aspects it may change when it acts (the effects it triggers included)."""
        return {ANYTHING}

    def text(self) -> str:
        raise NotImplementedError


@triggered("gain_life")
@dataclass(frozen=True)
class GainLife(TriggeredEffect):
    who: 'Literal["you", "opponent"]' = "you"
    amount: 'int' = 1

    def start(self, g: State, ctx: EffectContext) -> None:
        seat = ctx.seat if self.who == "you" else ctx.opponent
        assert seat is not None  # picked before an effect aimed at the opponent starts
        g.change_life(g.team_of(seat), self.amount)

    def can_act(self, g: State, seat: Seat, opponents: list[Seat]) -> bool:
        return bool(self.amount and _seats(self.who, seat, opponents))

    def changes(self, g: State, seat: Seat, opponents: list[Seat]) -> set[Aspect]:
        return _lives(g, self.who, seat, opponents)

    def text(self) -> str:
        verb = "gain" if self.who == "you" else "gains"
        return f"{_who(self.who).capitalize()} {verb} {self.amount} life."


@triggered("lose_life")
@dataclass(frozen=True)
class LoseLife(TriggeredEffect):
    who: 'Literal["you", "opponent"]' = "opponent"
    amount: 'int' = 1

    def start(self, g: State, ctx: EffectContext) -> None:
        seat = ctx.seat if self.who == "you" else ctx.opponent
        assert seat is not None  # picked before an effect aimed at the opponent starts
        g.change_life(g.team_of(seat), -self.amount)

    def can_act(self, g: State, seat: Seat, opponents: list[Seat]) -> bool:
        return bool(self.amount and _seats(self.who, seat, opponents))

    def changes(self, g: State, seat: Seat, opponents: list[Seat]) -> set[Aspect]:
        return _lives(g, self.who, seat, opponents)

    def text(self) -> str:
        verb = "lose" if self.who == "you" else "loses"
        return f"{_who(self.who).capitalize()} {verb} {self.amount} life."


@triggered("cap_life")
@dataclass(frozen=True)
class CapLife(TriggeredEffect):
    """Life drops to `to` if it is higher (Turbo Bug)."""

    who: 'Literal["you", "opponent"]' = "opponent"
    to: 'int' = 1

    def start(self, g: State, ctx: EffectContext) -> None:
        seat = ctx.seat if self.who == "you" else ctx.opponent
        assert seat is not None  # picked before an effect aimed at the opponent starts
        team = g.team_of(seat)
        if g.life[team] > self.to:
            g.set_life(team, self.to)

    def can_act(self, g: State, seat: Seat, opponents: list[Seat]) -> bool:
        return any(g.life[g.team_of(s)] > self.to for s in _seats(self.who, seat, opponents))

    def reads(self, g: State, seat: Seat, opponents: list[Seat]) -> set[Aspect]:
        return _lives(g, self.who, seat, opponents)

    def changes(self, g: State, seat: Seat, opponents: list[Seat]) -> set[Aspect]:
        return _lives(g, self.who, seat, opponents)

    def text(self) -> str:
        whose = "Your" if self.who == "you" else "The opponent's"
        return f"{whose} life drops to {self.to} if it is higher."


@triggered("match_life")
@dataclass(frozen=True)
class MatchLife(TriggeredEffect):
    """Your life becomes the opponent's (Mysterious Mermaid)."""

    @property
    def uses_opponent(self) -> bool:
        return True

    def start(self, g: State, ctx: EffectContext) -> None:
        opponent = ctx.opponent
        assert opponent is not None  # picked before an effect aimed at the opponent starts
        g.set_life(g.team_of(ctx.seat), g.life[g.team_of(opponent)])

    def can_act(self, g: State, seat: Seat, opponents: list[Seat]) -> bool:
        own = g.life[g.team_of(seat)]
        return any(g.life[g.team_of(o)] != own for o in opponents)

    def reads(self, g: State, seat: Seat, opponents: list[Seat]) -> set[Aspect]:
        return _lives(g, "you", seat, opponents) | _lives(g, "opponent", seat, opponents)

    def changes(self, g: State, seat: Seat, opponents: list[Seat]) -> set[Aspect]:
        return _lives(g, "you", seat, opponents)

    def text(self) -> str:
        return "Your life becomes equal to the opponent's life."


@triggered("discard", purpose="discard")
@dataclass(frozen=True)
class Discard(TriggeredEffect):
    """A player discards cards of their own choice, one decision per card (rule 14)."""

    who: 'Literal["you", "opponent"]' = "opponent"
    count: 'int' = 1

    def can_act(self, g: State, seat: Seat, opponents: list[Seat]) -> bool:
        return self.count > 0 and any(g.hands[s] for s in _seats(self.who, seat, opponents))

    def reads(self, g: State, seat: Seat, opponents: list[Seat]) -> set[Aspect]:
        return {("hand", s) for s in _seats(self.who, seat, opponents)}

    def changes(self, g: State, seat: Seat, opponents: list[Seat]) -> set[Aspect]:
        return {("discard", s) for s in _seats(self.who, seat, opponents)}

    def start(self, g: State, ctx: EffectContext) -> None:
        seat = ctx.seat if self.who == "you" else ctx.opponent
        assert seat is not None  # picked before an effect aimed at the opponent starts
        if self.count > 0 and not g.hands[seat]:
            _nothing(g, ctx, "discard")
        # One instruction: the hand refills only after the last card (rule 3).
        g.hold += 1
        self._next(g, ctx, seat, self.count)

    def _next(self, g: State, ctx: EffectContext, seat: Seat, left: int) -> None:
        hand = g.hands[seat]
        if left <= 0 or not hand:
            g.hold -= 1
            return
        options = [CHOOSE[c] for c in g.distinct_in(hand, seat)]
        g.ask(seat, Kind.CHOOSE, options, (_discard_chosen, self, ctx, seat, left), ctx.card, "discard")

    def text(self) -> str:
        cards = "a card" if self.count == 1 else f"{self.count} cards"
        if self.who == "you":
            return f"Discard {cards}."
        return f"The opponent discards {cards} of their choice."


def _discard_chosen(g: State, cont: Continuation, opt: Option) -> None:
    _, eff, ctx, seat, left = cont
    card = opt.card
    assert card is not None  # a "choose" option names a card
    g.discard_from_hand(seat, card)
    eff._next(g, ctx, seat, left - 1)


@triggered("take_control", purpose="take control")
@dataclass(frozen=True)
class TakeControl(TriggeredEffect):
    """Take control of creatures you do not control (rule 17: in 1v1, enemy creatures)."""

    count: 'int' = 1
    up_to: 'bool' = False
    min_power: 'int' = 0
    max_power: 'int' = 0


    def _eligible(self, g: State, seat: Seat) -> tuple[tuple[CardId, Seat], ...]:
        """(card, controller) of the creatures it may take: not `seat`'s, power in range."""
        power = (g.bc or g.board())[0]
        low, high = self.min_power, self.max_power
        return tuple([
            (c, s)
            for s, pl in enumerate(g.plays)
            if s != seat
            for c in pl
            if power[c] >= low and (not high or power[c] <= high)  # _in_range, without a call
        ])

    def can_act(self, g: State, seat: Seat, opponents: list[Seat]) -> bool:
        return bool(self.count > 0 and self._eligible(g, seat))

    def reads(self, g: State, seat: Seat, opponents: list[Seat]) -> set[Aspect]:
        out: set[Aspect] = {("side", s) for s in range(g.n) if s != seat}
        if (self.min_power or self.max_power) and any(
            pl for s, pl in enumerate(g.plays) if s != seat
        ):
            out.add(POWER)
        return out

    def changes(self, g: State, seat: Seat, opponents: list[Seat]) -> set[Aspect]:
        bc = g.bc or g.board()
        out = {("side", seat), COUNT}
        if bc[3] or bc[4]:  # a creature changing sides changes power only through these
            out.add(POWER)
        return out

    def start(self, g: State, ctx: EffectContext) -> None:
        # Ruling 24: the creatures are picked among those eligible now, all picks before any
        # changes control; taking one makes no other eligible or ineligible.
        eligible = self._eligible(g, ctx.seat)
        if not eligible or self.count <= 0:
            _nothing(g, ctx, "take control")
            return
        self._next(g, ctx, eligible, ())

    def _next(
        self,
        g: State,
        ctx: EffectContext,
        eligible: tuple[tuple[CardId, Seat], ...],
        picked: tuple[CardId, ...],
    ) -> None:
        left = [(c, s) for c, s in eligible if c not in picked]
        if len(picked) >= self.count or not left:
            self._take(g, ctx, picked)
            return
        options = [CHOOSE[c] for c in g.distinct(left)]
        if self.up_to:
            options.append(DONE)
        cont: Continuation = (_control_chosen, self, ctx, eligible, picked)
        g.ask(ctx.seat, Kind.CHOOSE, options, cont, ctx.card, "take control")

    def _take(self, g: State, ctx: EffectContext, picked: tuple[CardId, ...]) -> None:
        for c in picked:
            g.take_control(c, ctx.seat)

    def text(self) -> str:
        rng = _power_range(self.min_power, self.max_power)
        if self.count == 1 and not self.up_to:
            return f"Take control of a creature{rng}."
        amount = f"up to {self.count}" if self.up_to else str(self.count)
        return f"Take control of {amount} enemy creatures{rng}."


def _control_chosen(g: State, cont: Continuation, opt: Option) -> None:
    _, eff, ctx, eligible, picked = cont
    if opt is DONE:
        eff._take(g, ctx, picked)
        return
    card = opt.card
    assert card is not None  # a "choose" option names a card
    if card in picked:
        # The picked creature has not changed sides yet (ruling 24), so it is still a copy of
        # the one offered: the player named it again, meaning a copy not picked yet.
        card = next(c for c, _ in eligible if c not in picked and g.interchangeable(c, card))
    eff._next(g, ctx, eligible, (*picked, card))


@triggered("defeat", purpose="defeat")
@dataclass(frozen=True)
class Defeat(TriggeredEffect):
    """Defeat one creature: `any` side (rule 17) or an enemy one."""

    side: 'Literal["any", "enemy"]' = "enemy"
    min_power: 'int' = 0
    max_power: 'int' = 0
    only_if: 'Literal["always", "fewer_creatures"]' = "always"


    @property
    def uses_opponent(self) -> bool:
        return self.only_if == "fewer_creatures"

    def targets(self, g: State, seat: Seat) -> list[tuple[CardId, Seat]]:
        return targets_of(g, seat, self.side, self.min_power, self.max_power)

    def can_act(self, g: State, seat: Seat, opponents: list[Seat]) -> bool:
        if self.only_if == "fewer_creatures":
            mine = len(g.plays[seat])
            if not any(mine < len(g.plays[o]) for o in opponents):
                return False
        return bool(self.targets(g, seat))

    def reads(self, g: State, seat: Seat, opponents: list[Seat]) -> set[Aspect]:
        out = defeat_reads(g, seat, self.side, bool(self.min_power or self.max_power))
        if self.only_if == "fewer_creatures":
            out.add(COUNT)
        return out

    def changes(self, g: State, seat: Seat, opponents: list[Seat]) -> set[Aspect]:
        return _defeat_changes(g, self.targets(g, seat), frozenset())

    def start(self, g: State, ctx: EffectContext) -> None:
        seat = ctx.seat
        if self.only_if == "fewer_creatures":
            opponent = ctx.opponent
            assert opponent is not None  # picked before an effect aimed at the opponent starts
            if not len(g.plays[seat]) < len(g.plays[opponent]):
                _nothing(g, ctx, "condition")
                return
        targets = targets_of(g, seat, self.side, self.min_power, self.max_power)
        if targets:
            options = [CHOOSE[c] for c in g.distinct(targets)]
            g.ask(seat, Kind.CHOOSE, options, (_defeat_chosen,), ctx.card, "defeat")
        else:
            _nothing(g, ctx, "defeat")

    def text(self) -> str:
        what = "a creature" if self.side == "any" else "an enemy creature"
        sentence = f"defeat {what}{_power_range(self.min_power, self.max_power)}."
        if self.only_if == "fewer_creatures":
            return f"If you control fewer creatures than the opponent, {sentence}"
        return sentence.capitalize()


def _defeat_chosen(g: State, cont: Continuation, opt: Option) -> None:
    card = opt.card
    assert card is not None  # a "choose" option names a card
    g.defeat([card])


@triggered("defeat_all", purpose="defeat")
@dataclass(frozen=True)
class DefeatAll(TriggeredEffect):
    """Defeat every matching creature at once (Kangasaurus Rex)."""

    side: 'Literal["any", "enemy"]' = "enemy"
    min_power: 'int' = 0
    max_power: 'int' = 0


    def targets(self, g: State, seat: Seat) -> list[tuple[CardId, Seat]]:
        return targets_of(g, seat, self.side, self.min_power, self.max_power)

    def can_act(self, g: State, seat: Seat, opponents: list[Seat]) -> bool:
        return bool(self.targets(g, seat))

    def reads(self, g: State, seat: Seat, opponents: list[Seat]) -> set[Aspect]:
        return defeat_reads(g, seat, self.side, bool(self.min_power or self.max_power))

    def changes(self, g: State, seat: Seat, opponents: list[Seat]) -> set[Aspect]:
        return _defeat_changes(g, self.targets(g, seat), frozenset())

    def start(self, g: State, ctx: EffectContext) -> None:
        victims = [c for c, _ in targets_of(g, ctx.seat, self.side, self.min_power, self.max_power)]
        if victims:
            g.defeat(victims)
        else:
            _nothing(g, ctx, "defeat")

    def text(self) -> str:
        what = "creatures" if self.side == "any" else "enemy creatures"
        return f"Defeat all {what}{_power_range(self.min_power, self.max_power)}."


@triggered("play_from_discard", purpose="put into play")
@dataclass(frozen=True)
class PlayFromDiscard(TriggeredEffect):
    """Put a card from a discard pile into play on your side; its Play effect resolves."""

    whose: 'Literal["you", "opponent"]' = "you"

    @property
    def uses_opponent(self) -> bool:
        return self.whose == "opponent"

    def can_act(self, g: State, seat: Seat, opponents: list[Seat]) -> bool:
        return any(g.discards[s] for s in _seats(self.whose, seat, opponents))

    def reads(self, g: State, seat: Seat, opponents: list[Seat]) -> set[Aspect]:
        return {("discard", s) for s in _seats(self.whose, seat, opponents)}

    # changes: ANYTHING (the default): the creature it puts into play has a Play effect

    def start(self, g: State, ctx: EffectContext) -> None:
        owner = ctx.seat if self.whose == "you" else ctx.opponent
        assert owner is not None  # picked before an effect aimed at the opponent starts
        pile = g.discards[owner]
        if pile:
            options = [CHOOSE[c] for c in g.distinct_in(pile, owner)]
            cont: Continuation = (_discard_pile_chosen, ctx, owner)
            g.ask(ctx.seat, Kind.CHOOSE, options, cont, ctx.card, "put into play")
        else:
            _nothing(g, ctx, "put into play")

    def text(self) -> str:
        pile = "your" if self.whose == "you" else "the opponent's"
        return f"Put a card from {pile} discard pile into play on your side."


def _discard_pile_chosen(g: State, cont: Continuation, opt: Option) -> None:
    _, ctx, owner = cont
    card = opt.card
    assert card is not None  # a "choose" option names a card
    g.discards[owner].remove(card)
    g.enter_play(card, ctx.seat, "effect")


@triggered("return_discard_to_hand", purpose="return")
@dataclass(frozen=True)
class ReturnDiscardToHand(TriggeredEffect):
    """Move your whole discard pile into your hand (Giraffodile)."""


    def can_act(self, g: State, seat: Seat, opponents: list[Seat]) -> bool:
        return bool(g.discards[seat])

    def reads(self, g: State, seat: Seat, opponents: list[Seat]) -> set[Aspect]:
        return {("discard", seat)}

    def changes(self, g: State, seat: Seat, opponents: list[Seat]) -> set[Aspect]:
        return {("hand", seat)}

    def start(self, g: State, ctx: EffectContext) -> None:
        if not g.discards[ctx.seat]:
            _nothing(g, ctx, "return")
        g.return_discard_to_hand(ctx.seat)

    def text(self) -> str:
        return "Put all cards from your discard pile into your hand."


@triggered("steal_random", purpose="steal")
@dataclass(frozen=True)
class StealRandom(TriggeredEffect):
    """Take random cards from the opponent's hand (Strange Barrel)."""

    count: 'int' = 1
    @property
    def uses_opponent(self) -> bool:
        return True

    def can_act(self, g: State, seat: Seat, opponents: list[Seat]) -> bool:
        return self.count > 0 and any(g.hands[o] for o in opponents)

    def reads(self, g: State, seat: Seat, opponents: list[Seat]) -> set[Aspect]:
        return {("hand", o) for o in opponents}

    def changes(self, g: State, seat: Seat, opponents: list[Seat]) -> set[Aspect]:
        return {("hand", seat)}

    def start(self, g: State, ctx: EffectContext) -> None:
        opponent = ctx.opponent
        assert opponent is not None  # picked before an effect aimed at the opponent starts
        hand = g.hands[opponent]
        if not hand:
            _nothing(g, ctx, "steal")
            return
        picked = sample(g.rng(), hand, min(self.count, len(hand)))
        for card in picked:
            g.steal(card, opponent, ctx.seat)

    def text(self) -> str:
        cards = "a random card" if self.count == 1 else f"{self.count} random cards"
        return f"Take {cards} from the opponent's hand."


def _defeat_changes(
    g: State, targets: list[tuple[CardId, Seat]], seen: frozenset[CardId]
) -> set[Aspect]:
    """What defeating some of `targets` may change: discard piles, the count of creatures,
    power through the effects that read other creatures, and whatever the Defeated abilities
    of the victims change (they resolve before the group goes on, rule 10)."""
    out: set[Aspect] = {COUNT}
    if (g.bc or g.board())[4]:
        out.add(POWER)
    cards = g.cards
    for c, s in targets:
        out.add(("discard", s))
        ability = cards[c].on_defeated
        if ability is not None and c not in seen:
            out |= ability_changes(g, ability, s, seen | {c})
    return out


def ability_changes(
    g: State, ability: Ability, seat: Seat, seen: frozenset[CardId] = frozenset()
) -> set[Aspect]:
    """What an ability of `seat` may change when it resolves (ruling 26)."""
    opponents = g.opponents(seat)
    out: set[Aspect] = set()
    for e in ability.effects:
        if isinstance(e, (Defeat, DefeatAll)):
            out |= _defeat_changes(g, e.targets(g, seat), seen)
        else:
            out |= e.changes(g, seat, opponents)
    return out
