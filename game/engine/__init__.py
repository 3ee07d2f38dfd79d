"""The rules engine: pure Python, no pygame, no I/O, no global random.

See docs/engine-api.md for the surface every driver (UI, AI, scenarios, simulator) uses.

Layer 0 (tests/tools/test_layers.py checks it): imports the standard library only, nothing else of the game (not
even game.common, the other foundation). Its modules form the tree's one import circle (State,
its view and labels, the effects), deliberately.

ENGINE says which engine runs, "pure" or "compiled" (mypyc, built by
`python build/compile_engine.py`), and ENGINE_REASON why; MINDBUG_ENGINE=pure|compiled tells
it (game.engine._select). ENGINE_WARNING is None, or says why the compiled engine does not run
where it was asked for or could not be loaded (the programs print it and log it).
"""

from . import _select

#: chooses the engine and imports all of its modules, before anything else of the engine
ENGINE, ENGINE_REASON, ENGINE_WARNING = _select.load()

from . import events  # noqa: E402
from .carddefs import KEYWORDS, Ability, CardDB, CardDef, keyword_names  # noqa: E402
from .errors import (  # noqa: E402
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
from .events import HIDDEN, mask_event  # noqa: E402
from .labels import LabelError, parse_label  # noqa: E402
from .options import Decision, Kind, Option, option  # noqa: E402
from .setup import from_position, new_game, start_game  # noqa: E402
from .state import State  # noqa: E402
from .variants import DEFAULT_SETUP, MINDBUG_CHOICES, SET_CHOICES, Setup, check_setup  # noqa: E402
from .view import View  # noqa: E402

__all__ = [
    "DEFAULT_SETUP", "ENGINE", "ENGINE_REASON", "ENGINE_WARNING", "HIDDEN", "KEYWORDS", "MINDBUG_CHOICES",
    "SET_CHOICES", "Ability", "CardDB", "CardDef", "CardIdError", "Decision", "EngineError",
    "Setup", "check_setup",
    "GameOverError", "IllegalOptionError", "InvalidOptionError", "Kind", "LabelError",
    "MaskedStateError", "Option", "SeatError", "SetupError", "StaleOptionError", "State", "View",
    "events", "from_position",
    "keyword_names", "mask_event", "new_game", "option", "parse_label", "start_game",
]  # fmt: skip
