"""The computer deciding for a seat, reproducibly: its generator for each decision is a
function of a seed, the seat and how many decisions came before, never of what happened in
this process, so a client killed and restarted (or a host resumed from its save) goes on
exactly as it would have."""

from __future__ import annotations

import hashlib
import logging
import random
import threading
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from game.ai import Agent
    from game.engine import Option, View

from game.ai import RandomAgent, make_agent


def decision_seed(game_seed: int, seat: int, decision_no: int) -> int:
    """The seed a local game gives its computer for one decision (the window's own formula,
    game.ui.match.controller.decision_seed, which this package may not import)."""
    key = f"mindbug-ai:{game_seed}:{seat}:{decision_no}".encode()
    return int.from_bytes(hashlib.sha256(key).digest()[:8], "big")


_agents = threading.local()  # an agent may keep scratch state: one per thread, never shared


def agent_for(level: str) -> Agent:
    cache: dict[str, Agent] = _agents.__dict__.setdefault("by_level", {})
    agent = cache.get(level)
    if agent is None:
        try:
            agent = make_agent(level, 0, reproducible=True)
        except Exception as exc:  # a damaged install: still a game, with random moves
            logging.getLogger(__name__).error("the %s computer cannot start (%s)", level, exc)
            agent = RandomAgent()
        cache[level] = agent
    return agent


def decide(level: str, seed: int, seat: int, decision_no: int, view: View) -> Option:
    """The option the computer of ``level`` picks at ``view``'s own pending decision."""
    decision = view.state.pending
    if decision is None:
        raise ValueError("the computer decides only at a pending decision")
    rng = random.Random(decision_seed(seed, seat, decision_no))
    option: Option | None
    try:
        option = agent_for(level).choose(view, decision, rng)
    except Exception as exc:  # never let a computer's fault stop the game
        logging.getLogger(__name__).error("the %s computer failed (%s)", level, exc)
        option = None
    if option is None or option not in decision.options:
        option = decision.options[0]
    return option
