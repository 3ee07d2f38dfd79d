"""Typed errors of the engine's decision interface."""


class EngineError(Exception):
    """Base of every error the engine raises on purpose."""


class InvalidOptionError(EngineError, TypeError):
    """The value given to respond() is not an option at all (malformed input)."""


class IllegalOptionError(EngineError, ValueError):
    """A well-formed option that the pending decision does not offer."""


class StaleOptionError(IllegalOptionError):
    """An option meant for an earlier decision."""


class GameOverError(IllegalOptionError):
    """respond() was called after the game ended."""


class SetupError(EngineError, ValueError):
    """A position that cannot be set up (unknown card, bad seat...)."""
