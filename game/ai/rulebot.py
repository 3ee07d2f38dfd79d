"""The rule-based opponents (Medium, and Easy with deliberate slips).

Each option is scored by a one-step look-ahead on a few determinized copies of the seat's view:
apply the option, let every decision up to the start of the next turn be answered by a greedy
model of its seat (the opponent's Mindbug and block choices included), then evaluate. The
Mindbug tactics of the rules text come out of that model: a strong card played into an
opponent who still has a Mindbug is scored as stolen when stealing pays for them, a Mindbug is
spent when the swing beats the value of keeping it, and blocks weigh the creature against the
life point.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field, replace

from game.engine import Decision, Kind, Option, State, View

from .base import BaseAgent
from .evaluate import Evaluator, Weights

#: The keywords a beginner forgets.
FORGETTABLE = ("Poisonous", "Tough", "Sneaky")
#: Scores at or below this in a world mean the option lost the game there (a loss scores -1000).
_LOST = -999.0
_WON = 999.0

# How many decisions the look-ahead answers before it gives up on reaching the next turn
# (a turn is a handful of decisions; this only guards against odd loops).
_MAX_REPLY_STEPS = 40


@dataclass
class RuleConfig:
    #: Determinized worlds each option is scored on (averaged).
    worlds: int = 10
    #: Whether the look-ahead expects other seats to use Mindbugs (Easy forgets they can).
    expect_mindbugs: bool = True
    #: Chance that a decision is a beginner's slip: one of the ``slip_top`` best-scored
    #: options other than the best, picked at random (never one that loses before the next
    #: turn in more sampled worlds than the best, never instead of a sure win; see ``choose``).
    slip_rate: float = 0.0
    slip_top: int = 3
    #: Chance that a decision is taken forgetting the opponents' open Mindbugs (the look-ahead
    #: then expects no Mindbug to be used against the seat).
    forget_mindbug_rate: float = 0.0
    #: Chance that a decision is taken forgetting one keyword of FORGETTABLE: a block is then
    #: judged by power alone, any other decision by an evaluation blind to that keyword.
    forget_keyword_rate: float = 0.0
    #: Easy spends a Mindbug on any card at least this strong, look-ahead or not (0 = off).
    impulsive_mindbug_power: int = 0
    #: At its own Mindbug decisions, value keeping the Mindbug by the strongest card the
    #: opponents have left (``Evaluator.threat_value``) instead of the evaluation's flat value.
    #: The flat value was below any creature's doubled swing, so Medium took every offer, down
    #: to an opening Snail Thrower (issue 13, finding 2).
    mindbug_by_threat: bool = False
    weights: Weights = field(default_factory=Weights)


class RuleBot(BaseAgent):
    """One-step look-ahead with a greedy reply model (see the module docstring)."""

    name = "medium"

    def __init__(self, seed: int = 0, config: RuleConfig | None = None, name: str | None = None):
        super().__init__(seed)
        self.cfg = config or RuleConfig()
        if name:
            self.name = name
        self.ev = Evaluator(self.cfg.weights)
        self._blind: dict[str, Evaluator] = {}

    # -- the decision -------------------------------------------------------------------------

    def choose(self, view: View | None, decision: Decision, rng: random.Random) -> Option:
        assert view is not None, "the rule bot reads the view (uses_view), drivers build it"
        options = decision.options
        if len(options) == 1:
            return options[0]
        cfg = self.cfg
        kind = decision.kind
        # Every habit's dice are rolled first and always, so the generator advances the same way
        # whatever the hidden cards are (the honesty test relies on decisions being a function
        # of the view).
        slip = rng.random()
        slip_pick = rng.random()
        forget_mb = rng.random() < cfg.forget_mindbug_rate
        forget_kw = rng.random() < cfg.forget_keyword_rate
        keyword = FORGETTABLE[rng.randrange(len(FORGETTABLE))]
        if kind == Kind.MINDBUG and cfg.impulsive_mindbug_power:
            impulsive = self._impulsive_mindbug(view, decision)
            if impulsive is not None:
                return impulsive
        expect = cfg.expect_mindbugs and not forget_mb
        totals, lost, won = self._look_ahead(view, decision, rng, expect, self.ev)
        best = max(range(len(options)), key=lambda i: (totals[i], -i))
        if won[best] == cfg.worlds or decision.purpose == "discard":
            # A sure win is never slipped away, and even a beginner knows their worst card.
            return options[best]
        choice = best
        if forget_kw:
            if kind == Kind.BLOCK:
                choice = _power_block(view.state, decision)
            else:
                blind = self._blind_evaluator(keyword)
                blind_totals, _, _ = self._look_ahead(view, decision, rng, expect, blind)
                choice = max(range(len(options)), key=lambda i: (blind_totals[i], -i))
        elif slip < cfg.slip_rate:
            ranked = sorted(range(len(options)), key=lambda i: (-totals[i], i))
            others = ranked[1 : cfg.slip_top]
            if others:
                choice = others[int(slip_pick * len(others))]
        if lost[choice] > lost[best]:
            # A beginner's slip costs a little, never the game at one click.
            return options[best]
        return options[choice]

    def score_options(self, view: View, decision: Decision, rng: random.Random) -> list[float]:
        """Summed evaluation of each option over the determinized worlds, for the seat's team."""
        return self._look_ahead(view, decision, rng, self.cfg.expect_mindbugs, self.ev)[0]

    def _look_ahead(
        self, view: View, decision: Decision, rng: random.Random, expect: bool, ev: Evaluator
    ) -> tuple[list[float], list[int], list[int]]:
        """Per option: the evaluation summed over the worlds, the worlds in which it lost the
        game before the next turn, and those in which it won."""
        me = view.seat
        team = view.state.team_of(me)
        start_turn = view.state.turn_no
        n = len(decision.options)
        totals = [0.0] * n
        lost = [0] * n
        won = [0] * n
        keep = None
        if decision.kind == Kind.MINDBUG and self.cfg.mindbug_by_threat:
            keep = next((i for i, o in enumerate(decision.options) if o.verb == "pass"), None)
        for _ in range(self.cfg.worlds):
            world = view.determinize(rng)
            world.record_events = False
            if keep is not None:
                # The pass option keeps one more Mindbug than the take: count it at what it
                # may still steal rather than the flat value the evaluation gave it.
                totals[keep] += ev.threat_value(world, me) - ev.mindbug_value(world, me, 1)
            for i, option in enumerate(decision.options):
                s = world.clone()
                s.respond(option)
                self._play_to_next_turn(s, me, start_turn, expect, ev)
                value = ev.score(s, team)
                totals[i] += value
                if value <= _LOST:
                    lost[i] += 1
                elif value >= _WON:
                    won[i] += 1
        return totals, lost, won

    def _blind_evaluator(self, keyword: str) -> Evaluator:
        """An evaluation that forgot what ``keyword`` is worth."""
        ev = self._blind.get(keyword)
        if ev is None:
            weights = replace(self.cfg.weights, keyword=dict(self.cfg.weights.keyword))
            weights.keyword[keyword] = 0.0
            ev = self._blind[keyword] = Evaluator(weights)
        return ev

    # -- the look-ahead -----------------------------------------------------------------------

    def _play_to_next_turn(
        self, s: State, me: int, start_turn: int, expect: bool, ev: Evaluator
    ) -> None:
        """Answer decisions greedily until a new turn's main action (or the end)."""
        for _ in range(_MAX_REPLY_STEPS):
            if s.winner is not None:
                return
            d = s.pending
            assert d is not None  # a game without a winner waits for a decision
            if s.turn_no != start_turn and d.kind == Kind.ACTION:
                return
            options = d.options
            if len(options) == 1:
                s.respond(options[0])
                continue
            if d.kind == Kind.MINDBUG and d.seat != me and not expect:
                s.respond(_pass_option(options))
                continue
            s.respond(self._greedy(s, d, ev))

    def _greedy(self, s: State, d: Decision, ev: Evaluator) -> Option:
        """The option whose immediate result the deciding seat's team likes best."""
        team = s.team_of(d.seat)
        best: Option | None = None
        best_score = -1e18
        for option in d.options:
            c = s.clone()
            c.respond(option)
            value = ev.score(c, team)
            if value > best_score:
                best, best_score = option, value
        assert best is not None  # a decision offers an option, and every score beats -1e18
        return best

    # -- Easy's habits ------------------------------------------------------------------------

    def _impulsive_mindbug(self, view: View, decision: Decision) -> Option | None:
        """Take any strong-looking card at once (a beginner's habit); None = think instead."""
        card = decision.source
        if card is None or card < 0:
            return None
        if view.state.card(card).power >= self.cfg.impulsive_mindbug_power:
            for option in decision.options:
                if option.verb == "mindbug":
                    return option
        return None


def _pass_option(options: tuple[Option, ...]) -> Option:
    for option in options:
        if option.verb == "pass":
            return option
    return options[-1]


def _power_block(s: State, d: Decision) -> int:
    """A keyword-blind block (the index of the option): the weakest creature that out-powers
    the attacker, else no block, as if Poisonous and Tough did not exist."""
    attacker = d.source
    power = s.power(attacker) if attacker is not None and attacker >= 0 else 0
    choice = None
    choice_power = 99
    no_block = len(d.options) - 1
    for i, option in enumerate(d.options):
        if option.card is None:
            no_block = i
            continue
        p = s.power(option.card)
        if power < p < choice_power:
            choice, choice_power = i, p
    return no_block if choice is None else choice
