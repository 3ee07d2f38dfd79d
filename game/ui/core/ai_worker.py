"""AI turns off the render path: the agent thinks in a thread over a view of the game.

The main loop polls ``done``; it never blocks on the agent, so the window keeps drawing and
answers quit and resize while the computer thinks. The agent only ever sees a view (what its
seat may know), never the real state.
"""

from __future__ import annotations

import logging
import random
import threading
import time
from typing import TYPE_CHECKING, Protocol

from game.ai import make_agent as real_make_agent

if TYPE_CHECKING:
    from game.engine import Decision, Option, View


class Chooser(Protocol):
    """All the worker asks of an agent (game.ai.base.Agent has more)."""

    def choose(self, view: View, decision: Decision, rng: random.Random) -> Option: ...


class RandomAgent:
    """Stand-in used only if game.ai cannot be imported: any legal option."""

    def choose(self, view: View, decision: Decision, rng: random.Random) -> Option:
        return rng.choice(list(decision.options))


def make_agent(level: str, seed: int | None) -> Chooser:
    try:
        return real_make_agent(level, seed, reproducible=True)
    except Exception as exc:  # a damaged install (e.g. data/ai-weights.json): still a game
        logging.getLogger(__name__).error("the %s computer player cannot start (%s); it plays "
                                          "random moves", level, exc)
        return RandomAgent()


class AiWorker:
    def __init__(self, agent: Chooser, view: View, seed: int) -> None:
        self.agent = agent
        self.view = view
        self.rng = random.Random(seed)
        self.started = time.monotonic()
        self.option: Option | None = None
        self.error: BaseException | None = None
        self._done = threading.Event()
        self._thread = threading.Thread(target=self._run, name="ai-worker", daemon=True)
        self._thread.start()

    def _run(self) -> None:
        try:
            decision = self.view.state.pending
            assert decision is not None, "the AI is asked only at a pending decision"
            self.option = self.agent.choose(self.view, decision, self.rng)
        except BaseException as exc:  # reported to the main thread, which falls back
            self.error = exc
        finally:
            self._done.set()

    @property
    def done(self) -> bool:
        return self._done.is_set()

    def elapsed(self) -> float:
        return time.monotonic() - self.started
