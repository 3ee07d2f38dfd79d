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
from dataclasses import dataclass, field
from typing import Any

from game.engine import Kind

from .base import BaseAgent, Decision, Option, View
from .evaluate import Evaluator, Weights

State = Any

# How many decisions the look-ahead answers before it gives up on reaching the next turn
# (a turn is a handful of decisions; this only guards against odd loops).
_MAX_REPLY_STEPS = 40


@dataclass
class RuleConfig:
    #: Determinized worlds each option is scored on (averaged).
    worlds: int = 10
    #: Whether the look-ahead expects other seats to use Mindbugs (Easy forgets they can).
    expect_mindbugs: bool = True
    #: Chance that the main action is a random legal one (a new player's slip).
    slip_rate: float = 0.0
    #: Easy spends a Mindbug on any card at least this strong, look-ahead or not (0 = off).
    impulsive_mindbug_power: int = 0
    #: Chance that a block decision is made by a coin flip instead of the look-ahead.
    block_slip_rate: float = 0.0
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

    # -- the decision -------------------------------------------------------------------------

    def choose(self, view: View, decision: Decision, rng: random.Random) -> Option:
        options = decision.options
        if len(options) == 1:
            return options[0]
        cfg = self.cfg
        kind = decision.kind
        # The slips are drawn first and always, so the generator advances the same way whatever
        # the hidden cards are (the honesty test relies on decisions being a function of the view).
        slip = rng.random()
        pick = rng.randrange(len(options))
        if kind == Kind.ACTION and slip < cfg.slip_rate:
            return options[pick]
        if kind == Kind.BLOCK and slip < cfg.block_slip_rate:
            return options[pick]
        if kind == Kind.MINDBUG and cfg.impulsive_mindbug_power:
            impulsive = self._impulsive_mindbug(view, decision)
            if impulsive is not None:
                return impulsive
        scores = self.score_options(view, decision, rng)
        best = 0
        for i in range(1, len(options)):
            if scores[i] > scores[best]:
                best = i
        return options[best]

    def score_options(self, view: View, decision: Decision, rng: random.Random) -> list[float]:
        """Mean evaluation of each option over the determinized worlds, for the seat's team."""
        me = view.seat
        team = view.state.team_of(me)
        start_turn = view.state.turn_no
        totals = [0.0] * len(decision.options)
        keep = None
        if decision.kind == Kind.MINDBUG and self.cfg.mindbug_by_threat:
            keep = next((i for i, o in enumerate(decision.options) if o.verb == "pass"), None)
        for _ in range(self.cfg.worlds):
            world = view.determinize(rng)
            world.record_events = False
            if keep is not None:
                # The pass option keeps one more Mindbug than the take: count it at what it
                # may still steal rather than the flat value the evaluation gave it.
                flat = self.ev.w.mindbug * min(
                    1.0,
                    sum(len(world.hands[o]) + len(world.decks[o]) for o in world.opponents(me))
                    / self.ev.w.mindbug_full_at,
                )
                totals[keep] += self.ev.threat_value(world, me) - flat
            for i, option in enumerate(decision.options):
                s = world.clone()
                s.respond(option)
                self._play_to_next_turn(s, me, start_turn)
                totals[i] += self.ev.score(s, team)
        return totals

    # -- the look-ahead -----------------------------------------------------------------------

    def _play_to_next_turn(self, s: State, me: int, start_turn: int) -> None:
        """Answer decisions greedily until a new turn's main action (or the end)."""
        for _ in range(_MAX_REPLY_STEPS):
            if s.winner is not None:
                return
            d = s.pending
            if s.turn_no != start_turn and d.kind == Kind.ACTION:
                return
            options = d.options
            if len(options) == 1:
                s.respond(options[0])
                continue
            if d.kind == Kind.MINDBUG and d.seat != me and not self.cfg.expect_mindbugs:
                s.respond(_pass_option(options))
                continue
            s.respond(self._greedy(s, d))

    def _greedy(self, s: State, d: Decision) -> Option:
        """The option whose immediate result the deciding seat's team likes best."""
        team = s.team_of(d.seat)
        best = None
        best_score = -1e18
        for option in d.options:
            c = s.clone()
            c.respond(option)
            value = self.ev.score(c, team)
            if value > best_score:
                best, best_score = option, value
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


def _pass_option(options: Any) -> Option:
    for option in options:
        if option.verb == "pass":
            return option
    return options[-1]
