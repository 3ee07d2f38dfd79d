"""AI opponents: every agent chooses an option from its seat's view of the game.

``make_agent(level, seed)`` builds one of ``LEVELS``; drivers call ``agent.act(view, decision)``
(or ``agent.choose(view, decision, rng)``) with ``state.view(seat)`` and the pending decision.
``demo_games`` plays seeded computer games to records; ``moments`` analyses a record.

Layer 5 (tests/tools/test_layers.py checks it): may import game.common, game.engine, game.cards, game.words,
game.scenarios, game.learn, game.persist; never game.net, game.speech, pygame or game.ui.
"""

from .base import Agent, BaseAgent, RandomAgent
from .evaluate import Evaluator, Weights
from .ismcts import ISMCTSAgent, SearchConfig
from .levels import LEVELS, make_agent
from .rulebot import RuleBot, RuleConfig

__all__ = [
    "LEVELS",
    "Agent",
    "BaseAgent",
    "Evaluator",
    "ISMCTSAgent",
    "RandomAgent",
    "RuleBot",
    "RuleConfig",
    "SearchConfig",
    "Weights",
    "make_agent",
]
