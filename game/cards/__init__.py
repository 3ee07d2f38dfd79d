"""Card files (YAML) compiled into the engine's frozen card definitions."""

from .loader import CardFileError, load_cards, load_cards_text
from .text import card_text

__all__ = ["CardFileError", "card_text", "load_cards", "load_cards_text"]
