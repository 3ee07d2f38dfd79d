"""A game rebuilt from its record: the seed through ``start_game``, then every choice through
``respond``, exactly as it was played. Only the engine's public API is used.

A game played on from a moment of another (game.persist.branch) starts where that one stood:
the other game is rebuilt first (``history``), and with a fresh deal what the seat could not
see is dealt again (``fresh_deal``)."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from math import floor
from typing import TYPE_CHECKING

from game.cards import load_cards
from game.engine import EngineError, GameOverError, option, start_game
from game.engine.events import HIDDEN, mask_event
from game.persist.record import Choice, GameRecord, RecordError, Result

if TYPE_CHECKING:
    from game.engine import CardDB, Option, State
    from game.engine.events import Event


@dataclass
class Rebuilt:
    game: State  # the engine State after the replayed choices
    opening: list  # events of the deal and the start reveal
    events: list[list]  # events returned by each choice's respond, in order


def load_db() -> CardDB:
    return load_cards()


def fresh_game(record: GameRecord, db: CardDB | None = None) -> tuple[State, list]:
    """The game of ``record`` before any choice, and its opening events (none for a game
    played on from a moment of another game: it starts where that one stood)."""
    db = db if db is not None else load_db()
    if record.start is not None:
        return start_position(record, db), []
    return start_game(db, seed=record.seed, rules=record.rules, setup=record.setup)


def apply_choice(game: State, choice: Choice, index: int) -> list:
    """Respond with ``choice``; RecordError naming the choice (1-based) if the game refuses it."""
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


CONCEDED = "conceded"  # a Result's reason when a side gave the game up (no engine GameOver)


def check_result(record: GameRecord, game: State) -> None:
    """A finished record must end where its result says; RecordError if it does not."""
    if record.result is None:
        return
    if record.result.reason == CONCEDED:  # given up: the choices stop where it was given up
        if game.winner is not None:
            raise RecordError("it says the game was conceded, but its choices play to the end")
        if record.result.turns != game.turn_no or record.result.winner not in (0, 1):
            raise RecordError(f"it says the game was conceded in turn {record.result.turns}, "
                              f"its choices stop in turn {game.turn_no}")
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
    pending = game.pending
    assert pending is not None, "a choice answers a pending decision"
    return Choice(pending.seat, option.verb, option.card, option.seat, label)


def game_over_reason(events: list) -> str | None:
    for ev in reversed(events):
        if type(ev).__name__ == "GameOver":
            return ev.reason
    return None


@dataclass(frozen=True)
class Answered:
    """One decision answered, as a record keeps it: the choice, the engine's events, and the
    result when that answer ended the game."""

    choice: Choice
    events: list
    result: Result | None


def answer(game: State, option: Option) -> Answered:
    """Answer the pending decision of ``game`` with ``option`` and say what a record keeps of
    it: the one piece of record keeping the local game (game.ui.match.controller) and the
    network host (game.net.host) share, so both write the same choices and results. On an
    engine error the state is unchanged and the error goes to the caller, nothing recorded."""
    pending = game.pending
    if pending is None:
        raise GameOverError("the game is over: there is no decision to answer")
    choice = choice_of(game, option)
    events = game.respond(option, serial=pending.serial)
    result = None
    if game.winner is not None:
        result = Result(game.winner, game_over_reason(events) or "life", game.turn_no)
    return Answered(choice, events, result)


# ---------------------------------------------------------------------------------------------
# A game played on from another
# ---------------------------------------------------------------------------------------------
def parent_record(record: GameRecord) -> GameRecord:
    """The game ``record`` was played on from, as far as it had gone at that moment."""
    start = record.start
    if start is None:
        raise ValueError("this game was not played on from another")
    return GameRecord(rules=record.rules, mode=record.mode, seed=start.seed, seats=record.seats,
                      choices=start.choices, cards=record.cards, date=start.date,
                      start=start.start, mindbugs=record.mindbugs, sets=record.sets)


# ---------------------------------------------------------------------------------------------
# Rebuilding
# ---------------------------------------------------------------------------------------------
def history(record: GameRecord, db: CardDB) -> tuple[State, list[Event]]:
    """The game after all of ``record``'s choices, and every event since the first deal (through
    the games it was played on from), in order."""
    if record.start is None:
        game, events = start_game(db, seed=record.seed, rules=record.rules, setup=record.setup)
    else:
        game, events = _started(record, db)
    for i, choice in enumerate(record.choices):
        events.extend(apply_choice(game, choice, i))
    return game, events


def _started(record: GameRecord, db: CardDB) -> tuple[State, list[Event]]:
    start = record.start
    assert start is not None  # only a record played on from another game comes here
    try:
        game, events = history(parent_record(record), db)
    except RecordError as exc:
        raise RecordError(f"its starting point cannot be rebuilt: {exc}") from None
    if game.winner is not None:
        raise RecordError("its starting point comes after the end of the game")
    if start.same_deal:
        return game, events
    pending = game.pending
    assert pending is not None  # a game without a winner waits for a decision
    if pending.seat != start.seat:
        raise RecordError(f"at its starting point seat {start.seat + 1} does not decide")
    return fresh_deal(game, start.seat, events, random.Random(record.seed)), events


def start_position(record: GameRecord, db: CardDB) -> State:
    """The position a game played on from another starts at (``fresh_game`` calls this)."""
    return _started(record, db)[0]


# ---------------------------------------------------------------------------------------------
# The fresh deal
# ---------------------------------------------------------------------------------------------
#: The fields of the engine's events that hold card ids (AbilitySuppressed.by is a card too).
_CARD_FIELDS = ("card", "cards", "attacker", "blocker", "target", "by")


def seen_cards(events: list, seat: int) -> set[int]:
    """Every card the seat was shown: the card ids in its masked events (the starting reveal,
    plays, its own draws, steals it took part in, an eliminated player's cards...)."""
    seen: set[int] = set()
    for event in events:
        seen.update(c for c in _card_ids(mask_event(event, seat)) if c != HIDDEN)
    return seen


def _card_ids(event: object) -> list[int]:  # any engine event
    out: list[int] = []
    for name in _CARD_FIELDS:
        value = getattr(event, name, None)
        if isinstance(value, int) and not isinstance(value, bool):
            out.append(value)
        elif isinstance(value, tuple):
            out.extend(v for v in value if isinstance(v, int))
    return out


def fresh_deal(game: State, seat: int, events: list[Event], rng: random.Random) -> State:
    """A new state for ``game``'s position: what ``seat`` cannot locate dealt afresh with
    ``rng``; every card the seat saw leave the game (the starting reveal, an eliminated
    player's cards) stays out of it.

    ``View.determinize`` deals every card the view cannot locate, the out-of-game pile
    included: the view does not know which of those the seat watched go out. So the deal is
    repaired: a hidden hand or pile place that received such a card takes instead a card drawn
    uniformly from the rest of the out-of-game pile. Both steps treat the other cards alike,
    so every deal consistent with what the seat saw stays equally likely.
    """
    view = game.view(seat)
    world = view.determinize(rng)
    unseen = set(view.unseen)
    stay_out = {c for c in seen_cards(events, seat) if c in unseen} & set(game.out)
    if not stay_out:
        return world
    spare = sorted(c for c in world.out if c not in stay_out)
    masked = view.state
    places: list[tuple[list[int], int, int | None]] = []  # (list, index, owner or None) of every place the deal filled
    for s, hand in enumerate(masked.hands):
        places += [(world.hands[s], i, s) for i, c in enumerate(hand) if c == HIDDEN]
    for s in range(len(masked.decks)):
        places += [(world.decks[s], i, None) for i in range(len(world.decks[s]))]
    moved_out = []
    for cards, i, owner in places:
        if cards[i] in stay_out:
            pick = spare.pop(floor(rng.random() * len(spare)))
            moved_out.append(cards[i])
            world.known[cards[i]] = 0
            cards[i] = pick
            world.known[pick] = 0 if owner is None else 1 << owner
    if moved_out:
        world.out = sorted(spare + [c for c in world.out if c in stay_out] + moved_out)
    return world
