"""The rules engine: pure Python, no pygame, no I/O, no global random.

See docs/engine-api.md for the surface every driver (UI, AI, scenarios, simulator) uses.

Layer 0 (tests/tools/test_layers.py checks it): imports the standard library only, nothing else of the game (not
even game.common, the other foundation). Its modules form the tree's one import circle (State,
its view and labels, the effects), deliberately.
"""

from . import events
from .carddefs import KEYWORDS, Ability, CardDB, CardDef, keyword_names
from .errors import (
    CardIdError,
    EngineError,
    GameOverError,
    IllegalOptionError,
    InvalidOptionError,
    MaskedStateError,
    SeatError,
    SetupError,
    StaleOptionError,
)
from .events import HIDDEN, mask_event
from .labels import LabelError, parse_label
from .options import Decision, Kind, Option, option
from .setup import from_position, new_game, start_game
from .state import State
from .variants import DEFAULT_SETUP, MINDBUG_CHOICES, SET_CHOICES, Setup, check_setup
from .view import View

__all__ = [
    "DEFAULT_SETUP", "HIDDEN", "KEYWORDS", "MINDBUG_CHOICES", "SET_CHOICES", "Ability", "CardDB",
    "CardDef", "CardIdError", "Decision", "EngineError", "Setup", "check_setup",
    "GameOverError", "IllegalOptionError", "InvalidOptionError", "Kind", "LabelError",
    "MaskedStateError", "Option", "SeatError", "SetupError", "StaleOptionError", "State", "View",
    "events", "from_position",
    "keyword_names", "mask_event", "new_game", "option", "parse_label", "start_game",
]  # fmt: skip
