"""The one interface every AI opponent implements, and the random baseline.

An agent sees only what its seat may see: the driver hands it ``state.view(seat)`` and the
pending decision, never the true state. Every agent owns a seeded ``random.Random`` so a game
between agents replays exactly from its seeds.
"""

from __future__ import annotations

import random
from typing import Protocol, runtime_checkable

from game.engine import Decision, Option, View


@runtime_checkable
class Agent(Protocol):
    """``choose(view, decision, rng)`` returns one of ``decision.options``.

    ``view`` is None only for an agent whose ``uses_view`` is False: drivers skip building a
    view nobody reads."""

    name: str
    rng: random.Random

    def choose(self, view: View | None, decision: Decision, rng: random.Random) -> Option: ...


class BaseAgent:
    """Common plumbing: a name, an own generator, and ``act`` that uses it."""

    name = "base"
    #: False for agents that never look at the view, so drivers may skip building it.
    uses_view = True

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed
        self.rng = random.Random(seed)

    def choose(self, view: View | None, decision: Decision, rng: random.Random) -> Option:
        raise NotImplementedError

    def act(self, view: View | None, decision: Decision) -> Option:
        """Choose with the agent's own generator (what a game driver calls)."""
        return self.choose(view, decision, self.rng)

    def __repr__(self) -> str:
        return f"{type(self).__name__}(name={self.name!r}, seed={self.seed})"


class RandomAgent(BaseAgent):
    """Uniformly random legal options: the baseline and a fuzzer."""

    name = "random"
    uses_view = False

    def choose(self, view: View | None, decision: Decision, rng: random.Random) -> Option:
        options = decision.options
        return options[rng.randrange(len(options))]
