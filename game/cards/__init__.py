"""Card files (YAML) compiled into the engine's frozen card definitions, and the cards' text
(English and German, the keywords' names and meanings).

Layer 1 (tests/tools/test_layers.py checks it): may import game.common, game.engine and PyYAML; never game.words
(the same layer), pygame or game.ui.
"""

from .loader import CardFileError, load_cards, load_cards_text
from .text import card_text

__all__ = ["CardFileError", "card_text", "load_cards", "load_cards_text"]
