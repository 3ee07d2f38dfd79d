"""A hint for a person: the move Hard would make in the current position, with its estimate.

The hint sees exactly what the person sees: it takes ``state.view(seat)``, the same view the
agents get, never the true state. Its choice is Hard's own ``choose`` (so it is, by
construction, the option Hard would play in that seat with that generator); the estimate is
the searched root's mean reward and visits for that option (``SearchResult.stats``), which the
search computes anyway and ``choose`` throws away. ``reason`` adds one short why, read off the
position the person sees (a fight the block wins, the last life it saves, an attack nobody
can block) or, failing that, off the search's figures (how the next best move fared).

Determinism: the caller passes a seed (the window uses the game seed, the seat and the number
of decisions so far), and the hint uses only its own ``random.Random`` and its own agent, so
asking for a hint never touches the game's generator or a computer player's, and the same
position always gets the same hint.
"""

from __future__ import annotations

import copy
import dataclasses
import random
import threading
from dataclasses import dataclass

from game.common.i18n import N_
from game.engine import Decision, Option, State, View
from game.engine.carddefs import POISONOUS, TOUGH

from .ismcts import ISMCTSAgent, SearchResult
from .keys import KeyMaker
from .levels import make_agent

#: Which level gives the hint (the brief: "ask Hard").
HINT_LEVEL = "hard"


@dataclass(frozen=True)
class OptionStat:
    """One root option of the search: how often it was tried and how it fared."""

    option: Option
    visits: int
    #: Mean reward of the deciding team for this option, in [0, 1] (a win chance estimate);
    #: None when no search ran over it (a forced move).
    win_rate: float | None


@dataclass(frozen=True)
class Hint:
    """The suggested option, its estimate, and every option the search looked at."""

    option: Option
    win_rate: float | None
    visits: int
    options: tuple[OptionStat, ...]
    why: Reason | None = None  # one short reason for the move (``reason``)


def analyse(agent: ISMCTSAgent, view: View, decision: Decision,
            rng: random.Random) -> list[OptionStat]:
    """Every option of ``decision`` with its visits and win rate, the one ``agent`` chooses
    first (the rest by visits). ``rng`` is consumed exactly as ``agent.choose`` would consume
    it, so the first entry is the agent's choice for that generator.

    When ``choose`` answers without a search (a forced move, a proven win, a discard by the
    look-ahead) the estimate comes from one extra plain search, on a generator derived from
    ``rng`` after the choice, so the choice itself is unchanged.
    """
    chosen = agent.choose(view, decision, rng)
    searched = agent.last_search
    keys = KeyMaker()
    vstate = view.state
    chosen_key = keys.key(vstate, chosen)
    stats = searched.stats if searched is not None else {}
    if chosen_key not in stats and len(decision.options) > 1:
        stats = _plain_search(agent, view, decision, random.Random(rng.getrandbits(64))).stats
    out: list[OptionStat] = []
    seen: set[tuple] = set()
    for option in decision.options:
        k = keys.key(vstate, option)
        if k in seen:
            continue  # an interchangeable copy: one entry per set
        seen.add(k)
        visits, mean = stats.get(k, (0, None))
        out.append(OptionStat(chosen if k == chosen_key else option, visits, mean))
    out.sort(key=lambda s: (s.option is not chosen, -s.visits))
    return out


def _plain_search(agent: ISMCTSAgent, view: View, decision: Decision,
                  rng: random.Random) -> SearchResult:
    """The level's search without the shortcuts that skip it (proofs, look-ahead discards)."""
    config = copy.copy(agent.cfg)
    config.solve_worlds = 0
    config.discard_by_lookahead = False
    return ISMCTSAgent(agent.seed, config, name=agent.name).search(view, decision, rng)


class HintCancelled(Exception):
    """The hint was no longer wanted (its decision passed): the search stopped early."""


class _CancellableRandom(random.Random):
    """The same numbers as ``random.Random(seed)``, but every draw first checks ``cancel``: a
    search (which draws all the time) then stops within an iteration once it is set."""

    def __init__(self, seed: int, cancel: threading.Event) -> None:
        self._cancel = cancel
        super().__init__(seed)

    def random(self) -> float:
        if self._cancel.is_set():
            raise HintCancelled
        return super().random()

    def getrandbits(self, k: int) -> int:
        if self._cancel.is_set():
            raise HintCancelled
        return super().getrandbits(k)


def hint(view: View, seed: int, level: str = HINT_LEVEL,
         cancel: threading.Event | None = None) -> Hint:
    """The hint for the decision pending in ``view`` (which must be the viewing seat's).

    Raises ``ValueError`` when the view's seat has nothing to decide, ``HintCancelled`` when
    ``cancel`` is set while it searches.
    """
    decision = view.state.pending
    if decision is None or decision.seat != view.seat or not decision.options:
        raise ValueError("a hint needs a decision of the viewing seat")
    agent = make_agent(level, seed, reproducible=True)  # no wall-clock cap: same hint always
    if not isinstance(agent, ISMCTSAgent):
        raise ValueError(f"a hint needs a searching level, not {level!r}")
    rng = random.Random(seed) if cancel is None else _CancellableRandom(seed, cancel)
    stats = analyse(agent, view, decision, rng)
    best = stats[0]
    found = Hint(best.option, best.win_rate, best.visits, tuple(stats))
    return dataclasses.replace(found, why=reason(view, found))


# ---------------------------------------------------------------------------------------------
# Why: one short reason for the suggested move
# ---------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Reason:
    """Why the hint suggests its move, as an English message id (the window translates it)
    and its fields: ``card`` a card id, ``percent`` a whole number."""

    words: str
    card: int | None = None
    percent: int | None = None


def _fight(state: State, a: int, b: int) -> tuple[bool, bool]:
    """(``a`` is defeated, ``b`` is defeated) if they fight now: power, Poisonous, Tough."""
    power, kw = (state.bc or state.board())[:2]
    a_dies = power[b] >= power[a] or bool(kw[b] & POISONOUS)
    b_dies = power[a] >= power[b] or bool(kw[a] & POISONOUS)
    if a_dies and kw[a] & TOUGH and a not in state.exhausted:
        a_dies = False
    if b_dies and kw[b] & TOUGH and b not in state.exhausted:
        b_dies = False
    return a_dies, b_dies


def _beats(state: State, a: int, b: int) -> bool:
    """``a`` defeats ``b`` in a fight now and survives it."""
    a_dies, b_dies = _fight(state, a, b)
    return b_dies and not a_dies


def reason(view: View, h: Hint) -> Reason | None:
    """One reason for ``h``'s move, from the position the person sees and the search's figures:
    a fight it wins, the last life it saves, an attack nobody can block; else how much better
    it did than the next best move. None when there is nothing to say (a forced move)."""
    state = view.state
    d = state.pending
    opt = h.option
    verb = getattr(opt, "verb", "")
    if d is None:
        return None
    seat = d.seat
    team = state.team_of(seat)
    try:
        told = _tactical(state, d, seat, team, verb, opt)
    except Exception:  # noqa: BLE001 - a reason is a courtesy: never let it break the hint
        told = None
    if told is not None:
        return told
    return _versus_next(h)


def _tactical(state: State, d: Decision, seat: int, team: int, verb: str, opt: Option) -> Reason | None:
    life = state.life[team]
    if verb == "block" and d.source is not None and opt.card is not None:
        attacker_dies, blocker_dies = _fight(state, d.source, opt.card)
        if attacker_dies and not blocker_dies:
            return Reason(N_("it wins the fight"))
        if life <= 1:
            return Reason(N_("it saves your last life"))
        if attacker_dies:
            return Reason(N_("it takes {card} down with it"), card=d.source)
        return Reason(N_("it saves a life"))
    if verb == "no block" and d.source is not None:
        blockers = [o.card for o in d.options if o.verb == "block" and o.card is not None]
        if blockers and all(_beats(state, d.source, b) for b in blockers):
            return Reason(N_("a blocker would only lose the fight"))
        return Reason(N_("your creatures are worth more than a life"))
    if verb == "attack" and opt.card is not None:
        foes = [s for s in range(state.n_seats) if state.team_of(s) != team and not state.eliminated[s]]
        blockers = [b for s in foes for b in state.legal_blockers(opt.card, seat, s)]
        enemy_life = state.life[1 - team]
        if not blockers:
            if enemy_life <= 1:
                return Reason(N_("nobody can block it: it wins the game"))
            return Reason(N_("nobody can block it"))
        if all(_beats(state, opt.card, b) for b in blockers):
            return Reason(N_("no blocker can beat it"))
        return None
    if verb == "hunt" and opt.card is not None and d.source is not None:
        hunter_dies, prey_dies = _fight(state, d.source, opt.card)
        if prey_dies and not hunter_dies:
            return Reason(N_("it defeats {card} and survives"), card=opt.card)
        return None
    if verb == "mindbug" and d.source is not None:
        return Reason(N_("{card} is worth a Mindbug"), card=d.source)
    if verb == "pass" and d.kind == "mindbug":
        return Reason(N_("keep your Mindbug for a better card"))
    return None


def _versus_next(h: Hint) -> Reason | None:
    """"the next best move has about 40%": the search's own comparison."""
    rates = [s.win_rate for s in h.options[1:] if s.win_rate is not None and s.visits > 0]
    if h.win_rate is None or not rates:
        return None
    percent = round(100 * max(rates))
    if round(100 * h.win_rate) - percent < 5:
        return Reason(N_("a close call: the next best move has about {percent}"), percent=percent)
    return Reason(N_("the next best move has only about {percent}"), percent=percent)
