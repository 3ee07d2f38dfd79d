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


def test_the_table_models_handlers_belong_to_engine_events() -> None:
    from game.ui.table.model import HANDLERS, TableModel

    assert set(HANDLERS) <= engine_event_classes()
    for cls, handler in HANDLERS.items():
        assert handler is getattr(TableModel, "_on_" + cls.__name__)  # named for its event


def test_every_event_that_moves_a_card_changes_the_table_model() -> None:
    # An event whose fields name a card that changes place or count must reach the model (and
    # the game's end: the table shows "Game over." only once it has played it); the rest (a
    # fight, an offer declined, a trigger) only animate and log.
    from game.ui.table.model import HANDLERS

    only_shown = {events.GameStarted, events.StartReveal, events.MindbugDeclined,
                  events.AttackDeclared, events.Hunted, events.Blocked, events.NotBlocked,
                  events.Combat, events.AbilityTriggered, events.AbilitySuppressed,
                  events.NothingToDo, events.OpponentChosen}
    assert set(HANDLERS) | only_shown == engine_event_classes()
    assert not set(HANDLERS) & only_shown


def test_log_colours_belong_to_engine_events() -> None:
    assert set(animator.LOG_COLORS) <= engine_event_classes()
    assert animator.log_color(events.GameOver(0, "life")) == animator.LOG_COLORS[events.GameOver]
    assert animator.log_color("a line that is no event") == animator.theme.TEXT


def test_no_class_is_dispatched_by_its_name_in_the_window() -> None:
    # A rename of an engine class must break loudly: the window compares classes, not names.
    from pathlib import Path

    root = Path(__file__).resolve().parents[3] / "game" / "ui"
    hits = [f"{path}:{n}" for path in root.rglob("*.py")
            for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
            if "type(" in line and ").__name__" in line]
    assert hits == []
