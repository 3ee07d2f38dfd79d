"""Typed errors of the engine's public interface.

Every error the engine raises on purpose is an EngineError, and also the built-in error a
Python caller would expect (TypeError for a value of the wrong shape, ValueError/IndexError
for a value out of range), so `except ValueError` keeps working. None of them changes state.
"""


class EngineError(Exception):
    """Base of every error the engine raises on purpose."""


class InvalidOptionError(EngineError, TypeError):
    """Malformed option: respond()/label() given something that is not an Option, or an
    Option built from values no option can have (unknown verb, card id that is not an int)."""


class IllegalOptionError(EngineError, ValueError):
    """A well-formed option that the pending decision does not offer."""


class StaleOptionError(IllegalOptionError):
    """An option meant for an earlier decision."""


class GameOverError(IllegalOptionError):
    """respond() was called after the game ended."""


class MaskedStateError(IllegalOptionError):
    """respond() on a view's masked state: its hidden cards are placeholders, so no move can
    be applied to it. Determinize the view (View.determinize) and respond on that state."""


class CardIdError(EngineError, ValueError, IndexError):
    """A card id that names no card of this game (wrong type, negative, too large), or a card
    that is not where the call needs it (power() of a card that is not in play)."""


class SeatError(EngineError, ValueError, IndexError):
    """A seat number that is not a seat of this game."""


class SetupError(EngineError, ValueError):
    """A position that cannot be set up (unknown card, bad seat, a team already at 0 life...)."""
