"""A game rebuilt from its record: the seed through ``start_game``, then every choice through
``respond``, exactly as it was played. Only the engine's public API is used."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING

from game.persist.record import Choice, GameRecord, RecordError

if TYPE_CHECKING:
    from game.engine import CardDB, Option, State


@dataclass
class Rebuilt:
    game: State  # the engine State after the replayed choices
    opening: list  # events of the deal and the start reveal
    events: list[list]  # events returned by each choice's respond, in order


def load_db() -> CardDB:
    from game.cards import load_cards

    return load_cards()


def fresh_game(record: GameRecord, db: CardDB | None = None) -> tuple[State, list]:
    """The game of ``record`` before any choice, and its opening events (none for a game
    played on from a moment of another game: it starts where that one stood)."""
    from game.engine import start_game

    db = db if db is not None else load_db()
    if record.start is not None:
        from game.persist.branch import start_position

        return start_position(record, db), []
    return start_game(db, seed=record.seed, rules=record.rules)


def apply_choice(game: State, choice: Choice, index: int) -> list:
    """Respond with ``choice``; RecordError naming the choice (1-based) if the game refuses it."""
    from game.engine import EngineError, option

    what = f"choice {index + 1}" + (f" ({choice.label})" if choice.label else "")
    pending = game.pending
    if pending is None:
        raise RecordError(f"{what} comes after the game ended")
    if pending.seat != choice.by:
        raise RecordError(f"{what} was made by seat {choice.by + 1}, but seat "
                          f"{pending.seat + 1} had to decide")
    try:
        opt = option(choice.verb, choice.card, choice.seat)
        return game.respond(opt, serial=pending.serial)
    except (EngineError, LookupError, TypeError, ValueError):
        raise RecordError(f"{what} is not a legal choice at that point of the game") from None


def steps(record: GameRecord, db: CardDB | None = None) -> Iterator[tuple[int, list, State]]:
    """Replay ``record`` one choice at a time: yields (index, events, game) after each choice.
    The game object is the same mutable state every time (clone it to keep a snapshot)."""
    game, _opening = fresh_game(record, db)
    for i, choice in enumerate(record.choices):
        yield i, apply_choice(game, choice, i), game


def rebuild(record: GameRecord, db: CardDB | None = None, upto: int | None = None,
            on_choice: Callable[[int, State], None] | None = None) -> Rebuilt:
    """The game after the first ``upto`` choices (all by default). ``on_choice(i, game)`` is
    called before choice i is applied (the tests compare states there)."""
    game, opening = fresh_game(record, db)
    choices = record.choices if upto is None else record.choices[:upto]
    events = []
    for i, choice in enumerate(choices):
        if on_choice is not None:
            on_choice(i, game)
        events.append(apply_choice(game, choice, i))
    return Rebuilt(game, opening, events)


def check_result(record: GameRecord, game: State) -> None:
    """A finished record must end where its result says; RecordError if it does not."""
    if record.result is None:
        return
    if game.winner is None:
        raise RecordError(f"its choices stop before the end of the game "
                          f"(the file says team {record.result.winner + 1} won)")
    if game.winner != record.result.winner or game.turn_no != record.result.turns:
        raise RecordError(f"it replays to a different end (team {game.winner + 1} after "
                          f"{game.turn_no} turns, the file says team {record.result.winner + 1} "
                          f"after {record.result.turns})")


def choice_of(game: State, option: Option) -> Choice:
    """The record entry for answering the pending decision of ``game`` with ``option``
    (called before ``respond``, while the label still describes the decision)."""
    try:
        label = game.label(option)
    except Exception:  # a label is for reading only; never let it stop a save
        label = ""
    return Choice(game.pending.seat, option.verb, option.card, option.seat, label)


def game_over_reason(events: list) -> str | None:
    for ev in reversed(events):
        if type(ev).__name__ == "GameOver":
            return ev.reason
    return None
