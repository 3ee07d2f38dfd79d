"""Information-set Monte Carlo tree search (single-observer ISMCTS, Cowling et al. 2012).

Each iteration deals the cards the seat cannot see afresh (``view.determinize``: opponents'
hands, the order of every draw pile including the seat's own, the out-of-game cards), walks
one tree whose edges are *observable* option keys (see ``keys.py``), so every node gathers its
statistics over all the worlds that look the same to the seat, not over one guessed world.
Options that a sampled world does not offer (an opponent's card it did not deal) are handled
with availability counts in the UCB formula. Leaves are scored by a short random roll-out
followed by the static evaluation.

Why widening: with a fresh world every iteration, an opponent's main-action node (and the
seat's own node after a draw) meets options no earlier world offered, and "expand every untried
option first" then spent most visits on new one-visit children, so the tree stayed shallow (mean
4.1 edges per iteration against 5.1 for one fixed world, at Hard's budget) and lost to the
one-world search (43 of 100 games). Progressive widening below the root fixes the depth
(``bench/ai.py --depth`` prints it). Resampling still only ties one world in games: both deal
the unseen cards uniformly, so neither can use what the opponent's choices give away, and at
this budget search noise outweighs the sampling scheme (docs/ai.md has the measurements).

``resample=False`` is the "sample once, search that world" baseline (perfect-information MCTS
on a single determinization) kept for the comparison the benchmark reports.
"""

from __future__ import annotations

import math
import random
import time
from dataclasses import dataclass, field

from game.engine import Decision, Kind, Option, State, View

from .base import BaseAgent
from .evaluate import Evaluator, Weights
from .futile import futile_blocks, settle
from .keys import KeyMaker
from .playout import default_option
from .rulebot import RuleBot, RuleConfig

ACTION = Kind.ACTION



@dataclass
class SearchConfig:
    #: Iterations per decision (each one determinization, one descent, one evaluation).
    iterations: int = 2000
    #: Optional wall-clock cap in seconds. Off by default so results replay exactly from seeds.
    time_limit: float | None = None
    #: UCB exploration constant (rewards are in [0, 1]).
    exploration: float = 0.7
    #: Main actions the roll-out plays past the leaf (after settling the current turn's
    #: answers: Mindbug, block, hunt, frenzy) before the evaluation.
    rollout_steps: int = 2
    #: True: a fresh determinization every iteration (ISMCTS). False: one world for all.
    resample: bool = True
    #: Progressive widening factor below the root (None: expand every untried option first).
    widening: float | None = None
    #: Stop once the most visited root option cannot be overtaken in the iterations left (the
    #: choice is then the one the full budget would make, with the same seed).
    early_stop: bool = False
    #: The early stop's margin: stop once the leader's lead over the runner-up exceeds
    #: ``stop_margin`` times the iterations left. 1.0 is exact (no run of the remaining
    #: iterations could change the pick); below 1 it bets that the runner-up would not win
    #: every remaining visit, which UCB never gives it, and saves more time.
    stop_margin: float = 1.0
    #: Before searching, apply each root option in ``solve_worlds`` sampled worlds: an option
    #: that ends the game at once (no further choice) in all of them is a proven win (taken at
    #: once) or a proven loss (never searched, unless every option loses).
    solve_worlds: int = 0
    #: Answer "discard a card" decisions with the rule bot's one-turn look-ahead and the
    #: card-aware evaluation (see ``choose``).
    discard_by_lookahead: bool = False
    #: Leave out blocks that lose the blocker for nothing while taking the point is not
    #: decisive (``futile.py``): the roll-outs' noise can rank them a hair above no block.
    avoid_futile_blocks: bool = False
    weights: Weights = field(default_factory=Weights)


#: How often (in iterations) the early stop looks at the root's visit counts.
_STOP_CHECK_EVERY = 16
#: Decisions an option may run through on forced (single-option) answers while being proven.
_PROOF_STEPS = 60


class Node:
    """Statistics of one edge: reached by an option of the seat whose team is ``team``."""

    __slots__ = ("children", "visits", "value", "avail", "team")

    def __init__(self, team: int) -> None:
        self.children: dict[tuple, Node] = {}
        self.visits = 0
        self.value = 0.0  # sum of rewards for ``team``
        self.avail = 0  # times this edge was available when its parent was visited
        self.team = team


@dataclass
class SearchResult:
    option: Option
    iterations: int
    #: key -> (visits, mean reward for the deciding team), for the root's options.
    stats: dict[tuple, tuple[int, float]]
    #: Mean number of tree edges an iteration walked (how deep the tree grew).
    mean_depth: float = 0.0


class ISMCTSAgent(BaseAgent):
    """Hard and Expert: the search above with a level's budget."""

    name = "hard"

    def __init__(self, seed: int = 0, config: SearchConfig | None = None, name: str | None = None):
        super().__init__(seed)
        self.cfg = config or SearchConfig()
        if name:
            self.name = name
        self.ev = Evaluator(self.cfg.weights)
        #: Iterations run by the last ``choose`` (for benchmarks).
        self.last_iterations = 0
        #: What the last ``choose`` searched (the hint's statistics), None if it answered
        #: without a search (a forced move, a look-ahead discard).
        self.last_search: SearchResult | None = None
        self._rulebot: BaseAgent | None = None

    def choose(self, view: View | None, decision: Decision, rng: random.Random) -> Option:
        assert view is not None, "the search reads the view (uses_view), drivers build it"
        self.last_search = None
        options = decision.options
        if len(options) == 1:
            return options[0]
        if self.cfg.discard_by_lookahead and decision.purpose == "discard":
            # A hand card's worth shows turns later (a second big card is safe once the
            # opponent's Mindbug is spent); two-action roll-outs in which the roll-out opponent
            # steals every big card played saw the best card as a liability and threw it away
            # (issue 13, finding 1). The look-ahead scores what each card is.
            self.last_iterations = 0
            return self._discarder().choose(view, decision, rng)
        result = self.search(view, decision, rng)
        self.last_iterations = result.iterations
        self.last_search = result
        return result.option

    def _discarder(self) -> BaseAgent:
        if self._rulebot is None:
            self._rulebot = RuleBot(0, RuleConfig(worlds=10, weights=self.cfg.weights))
        return self._rulebot

    def _solve_root(
        self, view: View, root_options: dict[tuple, Option], rng: random.Random
    ) -> tuple[tuple | None, set[tuple]]:
        """(a proven winning key or None, the proven losing keys) over a few sampled worlds."""
        cfg = self.cfg
        me = view.state.team_of(view.seat)
        outcome: dict[tuple, int | None] = {}  # +1 win / -1 loss in every world so far, else None
        for _ in range(cfg.solve_worlds):
            world = view.determinize(rng)
            world.record_events = False
            for k, option in root_options.items():
                if k in outcome and outcome[k] is None:
                    continue
                s = settle(world, option, _PROOF_STEPS)
                if s.winner is None:
                    result = None
                else:
                    result = 1 if s.winner == me else -1
                if k in outcome and outcome[k] != result:
                    result = None
                outcome[k] = result
        win = next((k for k, r in outcome.items() if r == 1), None)
        return win, {k for k, r in outcome.items() if r == -1}

    def search(self, view: View, decision: Decision, rng: random.Random) -> SearchResult:
        cfg = self.cfg
        keys = KeyMaker()
        vstate = view.state
        # The real options, by key; in every determinization the pending decision is the same.
        root_options: dict[tuple, Option] = {}
        for option in decision.options:
            root_options.setdefault(keys.key(vstate, option), option)
        if cfg.solve_worlds and len(root_options) > 1:
            win, lost = self._solve_root(view, root_options, rng)
            if win is not None:
                return SearchResult(root_options[win], 0, {})
            if lost and len(lost) < len(root_options):
                root_options = {k: o for k, o in root_options.items() if k not in lost}
            if len(root_options) == 1:
                # Every other option loses at once: the decision is forced.
                return SearchResult(next(iter(root_options.values())), 0, {})
        if cfg.avoid_futile_blocks and len(root_options) > 1:
            futile = futile_blocks(view, decision, rng)
            if futile:
                root_options = {k: o for k, o in root_options.items() if o not in futile}
                if len(root_options) == 1:
                    return SearchResult(next(iter(root_options.values())), 0, {})
        # The root's step below runs only where the walk would have chosen among root_pairs:
        # at the view's own decision, when it offers a real choice.
        root_decision = (
            decision if vstate.pending is decision and len(decision.options) > 1 else None
        )
        root_pairs = list(root_options.items())
        key_of = keys.key
        fixed_key = keys.fixed.get  # most options' keys, built once (see KeyMaker)
        getrandbits = rng.getrandbits
        rewards_of = self.ev.rewards
        # Every option the search answers with is one the pending decision offers.
        advance = State.advance
        team_of = [vstate.team_of(seat) for seat in range(vstate.n_seats)]
        c = cfg.exploration
        log = math.log
        sqrt = math.sqrt
        rollout_steps = cfg.rollout_steps
        widening = cfg.widening
        depth_total = 0
        root = Node(-1)
        root_children = root.children
        root_team = team_of[decision.seat]
        world = None if cfg.resample else view.determinize(rng)
        deadline = None if cfg.time_limit is None else time.perf_counter() + cfg.time_limit
        done = 0
        for done in range(1, cfg.iterations + 1):
            if world is None:
                s = view.determinize(rng)
            else:
                s = world.clone()
            s.record_events = False
            node = root
            path = []
            leaf = False
            if s.pending is root_decision:
                # Every world starts at the view's own decision (the same object): its options'
                # keys, copies dropped and proven losses left out, are worked out once
                # (root_pairs), so the root's step is the loop below without the key work.
                fresh = None
                n_fresh = 0
                best = None
                best_option = None
                best_u = -1.0
                for k, option in root_pairs:
                    child = root_children.get(k)
                    if child is None:
                        n_fresh += 1  # the reservoir pick, as below
                        bits = n_fresh.bit_length()
                        r = getrandbits(bits)
                        while r >= n_fresh:
                            r = getrandbits(bits)
                        if r == 0:
                            fresh = (k, option)
                        continue
                    child.avail += 1
                    u = child.value / child.visits + c * sqrt(log(child.avail) / child.visits)
                    if u > best_u:
                        best_u, best, best_option = u, child, option
                if fresh is not None:  # the root always expands an untried option first
                    child = Node(root_team)
                    root_children[fresh[0]] = child
                    advance(s, fresh[1])
                    path.append(child)
                    leaf = True  # skip the walk below
                else:
                    # No untried option left: every one has a child, so one of them is best.
                    assert best is not None and best_option is not None
                    advance(s, best_option)
                    path.append(best)
                    node = best
            # Selection and expansion: walk down existing edges by UCB, add one new edge.
            while not leaf and s.winner is None:
                d = s.pending
                assert d is not None  # a game without a winner waits for a decision
                options = d.options
                if len(options) == 1:
                    advance(s, options[0])
                    continue
                children = node.children
                team = team_of[d.seat]
                fresh = None
                n_fresh = 0
                best = None
                best_option = None
                best_u = -1.0
                seen = set()
                for option in options:
                    known = fixed_key(option)
                    k = key_of(s, option) if known is None else known
                    if k in seen:
                        continue  # an interchangeable copy of an option already looked at
                    seen.add(k)
                    if node is root and k not in root_options:
                        continue
                    child = children.get(k)
                    if child is None:
                        # Reservoir-pick one untried option uniformly: rng.randrange(n_fresh)
                        # == 0, inlined (the same draws of the same generator, without two
                        # Python-level calls per untried option).
                        n_fresh += 1
                        bits = n_fresh.bit_length()
                        r = getrandbits(bits)
                        while r >= n_fresh:
                            r = getrandbits(bits)
                        if r == 0:
                            fresh = (k, option)
                        continue
                    child.avail += 1
                    u = child.value / child.visits + c * sqrt(log(child.avail) / child.visits)
                    if u > best_u:
                        best_u, best, best_option = u, child, option
                # Progressive widening below the root: a node whose worlds keep offering new
                # options (an opponent's hand, the seat's own next draw) adds a child only while
                # it has fewer than widening * sqrt(visits) of them, so it also grows deeper.
                if fresh is not None and (
                    best is None
                    or widening is None
                    or node is root
                    or len(children) < widening * sqrt(node.visits)
                ):
                    child = Node(team)
                    children[fresh[0]] = child
                    advance(s, fresh[1])
                    path.append(child)
                    break
                # Not widened here: no untried option, or enough children that a tried one is best.
                assert best is not None and best_option is not None
                advance(s, best_option)
                path.append(best)
                node = best
            depth_total += len(path)
            # Roll-out: settle the position up to the next main action (the leaf often sits
            # between a card played and the Mindbug answer, or an attack and its block), then
            # a few more moves, all by the cheap default policy; then evaluate.
            steps = rollout_steps
            while s.winner is None:
                d = s.pending
                assert d is not None  # (as above)
                if d.kind == ACTION:
                    if steps <= 0:
                        break
                    steps -= 1
                options = d.options
                if len(options) == 1:
                    advance(s, options[0])
                else:
                    advance(s, default_option(s, d, rng))
            rewards = rewards_of(s)
            for n in path:
                n.visits += 1
                n.value += rewards[n.team]
            if done % _STOP_CHECK_EVERY == 0:
                if deadline is not None and time.perf_counter() > deadline:
                    break
                if cfg.early_stop and _decided(
                    root.children, cfg.stop_margin * (cfg.iterations - done)
                ):
                    break
        stats = {
            k: (ch.visits, ch.value / ch.visits) for k, ch in root.children.items() if ch.visits
        }
        # Most visited wins; mean reward breaks ties; the engine's option order breaks the rest
        # (max keeps the first of equals).
        best_key = max(root_options, key=lambda k: stats.get(k, (0, 0.0)))
        return SearchResult(root_options[best_key], done, stats, depth_total / max(done, 1))


def _decided(children: dict[tuple, Node], remaining: float) -> bool:
    """True when the most visited child leads the next one by more than ``remaining`` visits,
    so no run of the remaining iterations can change which is most visited."""
    first = second = 0
    for child in children.values():
        v = child.visits
        if v > first:
            first, second = v, first
        elif v > second:
            second = v
    return first - second > remaining
