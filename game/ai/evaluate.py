"""Static evaluation of a (determinized) game state from one team's side.

Scores are in "power points": a vanilla creature in play is worth its power plus a base, so
the weights below can be read against the cards. The search turns the difference between the
two teams into a win probability with a logistic curve.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass, field, replace

from game.engine import State
from game.engine.carddefs import keyword_names

# Life is worth more the less of it is left: the increments of LIFE_VALUE shrink. Life 0 never
# reaches the evaluation (the game is over then); very high life keeps growing slowly.
_LIFE_STEPS = (12.0, 8.0, 6.0, 4.0, 3.0, 2.5, 2.0, 1.5)
LIFE_VALUE = [0.0]
for _step in _LIFE_STEPS:
    LIFE_VALUE.append(LIFE_VALUE[-1] + _step)

KEYWORD_VALUE = {
    "Frenzy": 2.0,  # a second attack per turn
    "Hunter": 1.5,  # picks its fight
    "Poisonous": 2.5,  # trades with anything, a wall against big attackers
    "Sneaky": 2.0,  # mostly unblockable
    "Tough": 2.0,  # counted only while not exhausted: it is a spare life for the creature
}

# What a creature's ability is worth while it sits in play, beyond power and keywords (Play
# effects are spent by then; Attack, Defeated and constant abilities keep giving).
IN_PLAY_BONUS = {
    "Bee Bear": 2.0,
    "Chameleon Sniper": 3.0,
    "Deathweaver": 2.5,
    "Elephantopus": 3.0,
    "Explosive Toad": 3.0,
    "Goblin Werewolf": 3.5,  # 8 on its own turn, though `power` says 2 on the other's
    "Harpy Mother": 4.0,
    "Shark Dog": 3.0,
    "Sharky Crab-Dog-Mummypus": 1.0,
    "Shield Bugs": 0.5,  # its +1 is already in the other creatures' power
    "Snail Hydra": 2.0,
    "Snail Thrower": 1.5,
    "Strange Barrel": 2.0,
    "Turbo Bug": 3.0,
    "Tusked Extorter": 2.0,
    "Urchin Hurler": 1.0,
}


@dataclass
class Weights:
    creature_base: float = 2.0
    #: Flat value of a hand card when ``hand_by_card`` is off (hard-v1's evaluation).
    hand_card: float = 3.0
    #: Value hand cards by what they are: ``hand_base + hand_fraction * worth in play``, the
    #: worth part divided by ``1 + hand_mindbug_discount * m`` while the opponents hold ``m``
    #: Mindbugs (a big card may be stolen when played) and never below ``hand_base``. A flat
    #: value made every discard look alike, and with the roll-outs' Mindbugs the search even
    #: threw away its best card (issue 13, finding 1).
    hand_by_card: bool = True
    hand_base: float = 0.5
    hand_fraction: float = 0.3
    hand_mindbug_discount: float = 0.25
    deck_card: float = 1.0
    #: An unspent Mindbug: about what stealing a strong card later swings.
    mindbug: float = 9.0
    #: Opponent cards (hand + draw pile) at which a Mindbug keeps its full value; below that
    #: there is less left worth stealing.
    mindbug_full_at: int = 6
    #: What the rule bot expects a kept Mindbug to win later: this times the worth of the
    #: strongest card the opponents have left (``threat_value``). Used only at its own Mindbug
    #: decisions (see ``RuleConfig.mindbug_by_threat``).
    mindbug_steal: float = 1.2
    #: Power points per unit of the logistic's argument when turning scores into rewards.
    scale: float = 10.0
    keyword: dict[str, float] = field(default_factory=lambda: dict(KEYWORD_VALUE))
    in_play: dict[str, float] = field(default_factory=lambda: dict(IN_PLAY_BONUS))

    def updated(self, values: dict[str, float]) -> Weights:
        """A copy with some weights set: ``name`` for a field, ``keyword.NAME`` or
        ``in_play.NAME`` for a table entry (the tuned weights' format, data/ai-weights.json).
        An unknown name is a ValueError."""
        out = replace(self, keyword=dict(self.keyword), in_play=dict(self.in_play))
        for name, value in values.items():
            table, dot, key = name.partition(".")
            if dot and table in ("keyword", "in_play") and key in getattr(out, table):
                getattr(out, table)[key] = float(value)
            elif not dot and name not in ("keyword", "in_play") and hasattr(out, name):
                current = getattr(out, name)
                setattr(out, name, type(current)(value))
            else:
                raise ValueError(f"no weight {name!r}")
        return out


def life_value(life: int) -> float:
    if life < len(LIFE_VALUE):
        return LIFE_VALUE[max(life, 0)]
    return LIFE_VALUE[-1] + (life - len(LIFE_VALUE) + 1) * 1.0


class Evaluator:
    """Scores states for a team. One instance may serve many games (caches are per card def)."""

    def __init__(self, weights: Weights | None = None) -> None:
        self.w = weights or Weights()
        # Static value of each card definition in play, keyed by id(CardDef): card defs are
        # shared, immutable objects, and the keyword/ability part never changes.
        self._static: dict[int, float] = {}
        self._kw_cache: dict[tuple[tuple[str, ...] | frozenset[str], bool], float] = {}
        self._worth: dict[int, float] = {}
        #: 2 * keyword bits + exhausted -> _keywords_value of those names (seat_material's
        #: hot path reads the engine's keyword bits instead of building name tuples)
        self._kw_bits: dict[int, float] = {}

    def _card_static(self, state: State, cid: int) -> float:
        cdef = state.card(cid)
        key = id(cdef)
        value = self._static.get(key)
        if value is None:
            value = self.w.creature_base + self.w.in_play.get(cdef.name, 0.0)
            self._static[key] = value
        return value

    def _keywords_value(self, kws: Iterable[str], exhausted: bool) -> float:
        key = (kws if isinstance(kws, (tuple, frozenset)) else tuple(kws), exhausted)
        value = self._kw_cache.get(key)
        if value is None:
            table = self.w.keyword
            value = sum(table.get(k, 0.0) for k in kws if not (k == "Tough" and exhausted))
            self._kw_cache[key] = value
        return value

    def card_worth(self, state: State, cid: int) -> float:
        """What a card would be worth in play, from its printed power and keywords (>= 0)."""
        cdef = state.card(cid)
        key = id(cdef)
        value = self._worth.get(key)
        if value is None:
            w = self.w
            value = max(
                0.0,
                cdef.power
                + w.creature_base
                + w.in_play.get(cdef.name, 0.0)
                + sum(w.keyword.get(k, 0.0) for k in cdef.keywords),
            )
            self._worth[key] = value
        return value

    def hand_value(self, state: State, seat: int) -> float:
        """The seat's hand: each card by what it is, less while the opponents can steal it."""
        w = self.w
        hand = state.hands[seat]
        if not w.hand_by_card:
            return w.hand_card * len(hand)
        mb = state.mindbugs
        if state.n_seats == 2:
            mindbugs = mb[1 - seat]
        else:
            mindbugs = sum(mb[opp] for opp in state.opponents(seat))
        fraction = w.hand_fraction / (1.0 + w.hand_mindbug_discount * mindbugs)
        # card_worth is clamped at 0: a hand card is never a liability.
        worth_of = self._worth.get
        card = state.card
        total = 0.0
        for cid in hand:
            # A hidden card (-1) never reaches here: the search scores determinized states.
            cdef = card(cid)
            worth = worth_of(id(cdef))
            if worth is None:
                worth = self.card_worth(state, cid)
            total += worth
        total = w.hand_base * len(hand) + fraction * total
        return total

    def mindbug_value(self, state: State, seat: int, count: int | None = None) -> float:
        """The seat's unspent Mindbugs (or ``count`` of them)."""
        w = self.w
        mb = state.mindbugs[seat] if count is None else count
        if not mb:
            return 0.0
        # A Mindbug is only worth the cards the opponents still have to play.
        left = 0
        for opp in state.opponents(seat):
            left += len(state.hands[opp]) + len(state.decks[opp])
        return w.mindbug * mb * min(1.0, left / w.mindbug_full_at)

    def threat_value(self, state: State, seat: int) -> float:
        """What keeping one more Mindbug may win: a share of the doubled swing of stealing a
        card the seat's opponents still have in hand or draw pile. With ``m`` Mindbugs the
        best ``m - 1`` steals stay possible after spending one, so the one at stake is the
        ``m``-th strongest card."""
        worths = []
        for opp in state.opponents(seat):
            for zone in (state.hands[opp], state.decks[opp]):
                for cid in zone:
                    worths.append(self.card_worth(state, cid))
        rank = max(1, state.mindbugs[seat])
        if len(worths) < rank:
            return 0.0
        worths.sort(reverse=True)
        return self.w.mindbug_steal * worths[rank - 1]

    def creature_value(self, state: State, cid: int) -> float:
        return (
            state.power(cid)
            + self._card_static(state, cid)
            + self._keywords_value(state.keywords(cid), cid in state.exhausted)
        )

    def seat_material(self, state: State, seat: int) -> float:
        """Board, cards and Mindbugs of one seat (life is per team, counted separately)."""
        if state.eliminated[seat]:
            return 0.0
        w = self.w
        board = 0.0
        plays = state.plays[seat]
        if plays:
            # creature_value inlined (the search's evaluation runs this for every creature of
            # every leaf): the same terms added in the same order, so the same floats.
            power, kw = state.board()[:2]
            exhausted = state.exhausted
            cards = state.cards
            static = self._static
            kw_bits = self._kw_bits
            for cid in plays:
                value = static.get(id(cards[cid]))
                if value is None:
                    value = self._card_static(state, cid)
                tired = cid in exhausted
                key = 2 * kw[cid] + tired
                kw_value = kw_bits.get(key)
                if kw_value is None:
                    kw_value = kw_bits[key] = self._keywords_value(keyword_names(kw[cid]), tired)
                board += power[cid] + value + kw_value
        in_hand_and_deck = self.hand_value(state, seat) + w.deck_card * len(state.decks[seat])
        return board + in_hand_and_deck + self.mindbug_value(state, seat)

    def team_scores(self, state: State) -> list[float]:
        """Material + life per team (index = team)."""
        n = state.n_seats
        if n == 2:
            return [
                life_value(state.life[0]) + self.seat_material(state, 0),
                life_value(state.life[1]) + self.seat_material(state, 1),
            ]
        return [
            life_value(state.life[0]) + self.seat_material(state, 0) + self.seat_material(state, 2),
            life_value(state.life[1]) + self.seat_material(state, 1) + self.seat_material(state, 3),
        ]

    def score(self, state: State, team: int) -> float:
        """Advantage of ``team`` in power points (+-1000 for a finished game)."""
        if state.winner is not None:
            return 1000.0 if state.winner == team else -1000.0
        s = self.team_scores(state)
        return s[team] - s[1 - team]

    def rewards(self, state: State) -> tuple[float, float]:
        """Win-probability-like rewards in [0, 1] for team 0 and team 1 (they sum to 1)."""
        if state.winner is not None:
            return (1.0, 0.0) if state.winner == 0 else (0.0, 1.0)
        s = self.team_scores(state)
        x = (s[0] - s[1]) / self.w.scale
        if x > 30.0:
            return (1.0, 0.0)
        if x < -30.0:
            return (0.0, 1.0)
        r0 = 1.0 / (1.0 + math.exp(-x))
        return (r0, 1.0 - r0)
