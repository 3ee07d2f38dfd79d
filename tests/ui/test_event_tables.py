"""Every event class the engine defines has its motion and its sound at the table: the
animator's tables are keyed by the classes themselves, so a renamed or new event that the
tables do not know fails here instead of playing silently and without motion."""

from __future__ import annotations

import inspect

from game.engine import events
from game.ui.table import animator


def engine_event_classes() -> set[type]:
    return {cls for _name, cls in inspect.getmembers(events, inspect.isclass)
            if cls.__module__ == events.__name__ and issubclass(cls, tuple)}


def test_the_engine_defines_events() -> None:
    assert {events.Played, events.GameOver, events.TurnStarted} <= engine_event_classes()


def test_every_event_has_a_timing() -> None:
    assert set(animator.TIMING) == engine_event_classes()


def test_every_event_has_a_sound_or_an_explicit_none() -> None:
    assert set(animator.SOUNDS) == engine_event_classes()


def test_effects_belong_to_engine_events() -> None:
    assert set(animator.EFFECTS) <= engine_event_classes()
    for cls, effect in animator.EFFECTS.items():
        assert effect.__name__ == "_fx_" + cls.__name__  # the method is named for its event


def test_the_sounds_are_ones_the_game_has() -> None:
    from game.ui.core.sound import SOUND_NAMES

    assert {s for s in animator.SOUNDS.values() if s is not None} <= set(SOUND_NAMES)
