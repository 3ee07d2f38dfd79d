"""Play on from here: a new game that starts at a moment of a recorded one.

Any seat may be taken; the others are computers (or people). What the chosen seat could not
see at that moment stays hidden: the cards it cannot locate are dealt afresh from the new
game's seed, consistent with everything the seat has seen (the engine's view and
determinization, the machinery the AI searches with), unless the same deal is kept.

How such a game is recorded: an ordinary GameRecord (its own seed, seats, choices, result)
with a ``start`` that says where it began, so a rebuild is deterministic and never needs the
other file (which may be pruned)::

    "start": {"seed": 7, "date": "2026-11-30T16:40:02Z", "seat": 0, "deal": "fresh",
              "choices": [...the other game's choices up to that moment...],
              "start": {...only if that game was itself played on from another...}}

Rebuilding: the other game is rebuilt from ``seed`` and ``choices`` (through its own ``start``
if it has one); with ``"deal": "fresh"`` the seat's view of that position is determinized with
``random.Random(record.seed)``; then the record's own choices follow. ``seed`` and ``date``
name the game it came from (the replay file is ``replay-DATE-SEED.json``: ``link``).

A fresh deal needs the seat's own decision (another seat's options would depend on the cards
being dealt afresh), so from a moment where someone else decides the game starts at the
seat's next decision, the recorded choices in between kept (``Branch.at`` says where).
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from game.common.i18n import _
from game.common.settings import AI_LEVELS
from game.persist.rebuild import apply_choice, fresh_deal, history, load_db, parent_record
from game.persist.record import (
    VERSION,
    GameRecord,
    SeatInfo,
    Start,
    card_fingerprint,
    now_stamp,
)

if TYPE_CHECKING:
    from pathlib import Path

    from game.engine import CardDB, State


class PlayFromError(ValueError):
    """No game can start from that moment; ``str()`` is one line for a player."""


@dataclass
class Branch:
    record: GameRecord  # the new game's record (no choices yet): save it like any other
    game: State  # the position it starts from
    at: int  # the decision of the other game it starts at (later than asked: see the module)


def link(record: GameRecord) -> tuple[str, int, int] | None:
    """(date, seed, decision) of the moment this game started from, or None for a whole game."""
    if record.start is None:
        return None
    return record.start.date, record.start.seed, len(record.start.choices)


def origin_turn(record: GameRecord, db: CardDB | None = None) -> int | None:
    """The turn of the moment ``record`` was played on from (None: a whole game, or a start
    the rules no longer rebuild)."""
    if record.start is None:
        return None
    try:
        game, _events = history(parent_record(record), db if db is not None else load_db())
    except (LookupError, ValueError):  # RecordError, EngineError: no turn to name
        return None
    return int(game.turn_no)


def origin_files(replay_files: list[Path], record: GameRecord) -> list[Path]:
    """Which of ``replay_files`` (the store's ``replay-DATE-TIME-SEED[-ID][-N].json``) may be
    the game ``record`` was played on from: those of its seed, the one of its very date first,
    then the nearest in time. Only a candidate: ``is_origin`` tells (a window stamps a record
    when asked for it, so the replay written at the end of that game may carry a date a few
    seconds off the one the viewer gave to play from). [] for a whole game."""
    if record.start is None:
        return []
    seed = str(record.start.seed)
    wanted = "".join(ch for ch in record.start.date if ch.isdigit())[:14]
    found = []
    for p in replay_files:
        parts = p.name.removesuffix(".json").split("-")
        if len(parts) >= 4 and parts[0] == "replay" and parts[3] == seed:
            stamp = parts[1] + parts[2]
            found.append((stamp != wanted, _distance(stamp, wanted), p.name, p))
    return [p for *_key, p in sorted(found)]


def _distance(stamp: str, wanted: str) -> int:
    try:
        return abs(int(stamp) - int(wanted))
    except ValueError:
        return 1 << 62


def is_origin(candidate: GameRecord, record: GameRecord) -> bool:
    """Whether ``candidate`` is the game ``record`` was played on from: the same seed and rules,
    and its choices up to the moment are the ones ``record`` started from (through the same
    kind of start: a whole game, or one played on from another)."""
    start = record.start

    def moves(choices: tuple) -> list[tuple]:  # the labels are for reading only
        return [(c.by, c.verb, c.card, c.seat) for c in choices]

    return (start is not None and candidate.seed == start.seed and candidate.rules == record.rules
            and candidate.setup == record.setup
            and len(candidate.choices) >= len(start.choices)
            and moves(candidate.choices[:len(start.choices)]) == moves(start.choices)
            and (candidate.start is None) == (start.start is None))


# ---------------------------------------------------------------------------------------------
# Starting one
# ---------------------------------------------------------------------------------------------
def default_seats(rules: str, seat: int, level: str = "hard") -> tuple[SeatInfo, ...]:
    """The person at ``seat``, a computer of ``level`` everywhere else."""
    n = 2 if rules == "1v1" else 4
    computer = SeatInfo("computer", level, f"Computer ({level.capitalize()})")
    return tuple(SeatInfo("person", None, "You") if s == seat else computer for s in range(n))


def mode_of(seats: tuple[SeatInfo, ...]) -> str:
    people = sum(s.kind == "person" for s in seats)
    return "demo" if people == 0 else "ai" if people == 1 else "hotseat"


def play_from(record: GameRecord, at: int, seat: int, *, seats: tuple[SeatInfo, ...] | None = None,
              level: str = "hard", same_deal: bool = False, seed: int | None = None,
              db: CardDB | None = None) -> Branch:
    """A new game from the position before decision ``at`` of ``record`` (a replay or a save),
    with ``seat`` taken by the person (``seats`` overrides who sits where). ``seed`` is the new
    game's (None: a fresh one); PlayFromError for a moment no game can start from."""
    db = db if db is not None else load_db()
    n = 2 if record.rules == "1v1" else 4
    if type(seat) is not int or not 0 <= seat < n:
        raise PlayFromError(_("There is no seat {number} in this game.").format(number=seat))
    if type(at) is not int or not 0 <= at <= len(record.choices):
        raise PlayFromError(_("This game has no such moment."))
    game, events = history(_upto(record, at), db)
    if game.winner is not None:
        raise PlayFromError(_("The game is over at this moment."))
    while not same_deal and game.winner is None and _decider(game) != seat:
        if at == len(record.choices):
            break
        events.extend(apply_choice(game, record.choices[at], at))
        at += 1
    if game.winner is not None or _decider(game) != seat and not same_deal:
        raise PlayFromError(_("This seat has no decision left in the recorded game."))
    if seed is None:
        seed = random.SystemRandom().getrandbits(32)
    seats = tuple(seats) if seats is not None else default_seats(record.rules, seat, level)
    _check_seats(seats, n)
    start = Start(record.seed, record.date, record.choices[:at], seat, same_deal, record.start)
    new = GameRecord(rules=record.rules, mode=mode_of(seats), seed=seed, seats=tuple(seats),
                     cards=record.cards or card_fingerprint(), date=now_stamp(), version=VERSION,
                     start=start, mindbugs=record.mindbugs, sets=record.sets)
    if same_deal:
        return Branch(new, game, at)
    return Branch(new, fresh_deal(game, seat, events, random.Random(seed)), at)


def _decider(game: State) -> int:
    pending = game.pending
    assert pending is not None  # a game without a winner waits for a decision
    return pending.seat


def _check_seats(seats: tuple[SeatInfo, ...], n: int) -> None:
    """The seats must be ones a record can hold (a programming error otherwise)."""
    if len(seats) != n:
        raise ValueError(f"{n} seats are needed, not {len(seats)}")
    for s in seats:
        if s.kind == "person" and s.level is None:
            continue
        if s.kind != "computer" or s.level not in AI_LEVELS:
            raise ValueError(f"{s!r} is neither a person nor a computer of a level")


def _upto(record: GameRecord, at: int) -> GameRecord:
    return replace(record, choices=record.choices[:at], result=None)


__all__ = ["Branch", "PlayFromError", "default_seats", "is_origin", "link", "mode_of",
           "origin_files", "origin_turn", "play_from"]
