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
from dataclasses import dataclass
from math import floor
from typing import TYPE_CHECKING, Any

from game.common.i18n import _
from game.persist.record import (
    MAX_CHOICES,
    VERSION,
    Choice,
    GameRecord,
    RecordError,
    SeatInfo,
    _choice,
    _int,
    _str,
    card_fingerprint,
    now_stamp,
)

if TYPE_CHECKING:
    from game.engine import CardDB

#: How many games deep a chain of "played on from" may go in a file (each one rebuilds the last).
MAX_DEPTH = 8
DEALS = ("fresh", "same")


@dataclass(frozen=True)
class Start:
    seed: int  # the seed of the game it came from
    date: str  # that game's date (with the seed, it names the replay file)
    choices: tuple[Choice, ...]  # that game's choices up to the moment
    seat: int  # the seat whose view the fresh deal keeps
    same_deal: bool = False  # True: the recorded order of the hidden cards was kept
    start: Start | None = None  # that game's own start, if it was played on from another


class PlayFromError(ValueError):
    """No game can start from that moment; ``str()`` is one line for a player."""


@dataclass
class Branch:
    record: GameRecord  # the new game's record (no choices yet): save it like any other
    game: Any  # the engine State it starts from
    at: int  # the decision of the other game it starts at (later than asked: see the module)


# ---------------------------------------------------------------------------------------------
# The file's ``start`` field
# ---------------------------------------------------------------------------------------------
def start_to_data(start: Start) -> dict:
    data: dict = {"seed": start.seed, "date": start.date, "seat": start.seat,
                  "deal": "same" if start.same_deal else "fresh",
                  "choices": [{"by": c.by, "verb": c.verb, "card": c.card, "seat": c.seat,
                               "label": c.label} for c in start.choices]}
    if start.start is not None:
        data["start"] = start_to_data(start.start)
    return data


def start_from_data(value: object, n_seats: int, depth: int = 0) -> Start:
    """A Start from parsed JSON; RecordError (one line) for anything wrong."""
    if depth >= MAX_DEPTH:
        raise RecordError(f"it was played on from games more than {MAX_DEPTH} deep")
    if not isinstance(value, dict):
        raise RecordError("its starting point is not readable")
    seed = _int(value.get("seed"), "the starting point's seed", 0, 2**63 - 1)
    date = _str(value.get("date", ""), "the starting point's date")
    seat = _int(value.get("seat"), "the starting point's seat", 0, n_seats - 1)
    deal = _str(value.get("deal"), "the starting point's deal", DEALS)
    choices = value.get("choices")
    if not isinstance(choices, list) or len(choices) > MAX_CHOICES:
        raise RecordError("the starting point's list of choices is missing or too long")
    try:
        parsed = tuple(_choice(c, i, n_seats) for i, c in enumerate(choices))
    except RecordError as exc:
        raise RecordError(f"the starting point's {exc}") from None
    inner = value.get("start")
    parent = None if inner is None else start_from_data(inner, n_seats, depth + 1)
    return Start(seed, date, parsed, seat, deal == "same", parent)


def parent_record(record: GameRecord) -> GameRecord:
    """The game ``record`` was played on from, as far as it had gone at that moment."""
    start = record.start
    if start is None:
        raise ValueError("this game was not played on from another")
    return GameRecord(rules=record.rules, mode=record.mode, seed=start.seed, seats=record.seats,
                      choices=start.choices, cards=record.cards, date=start.date,
                      start=start.start)


def link(record: GameRecord) -> tuple[str, int, int] | None:
    """(date, seed, decision) of the moment this game started from, or None for a whole game."""
    if record.start is None:
        return None
    return record.start.date, record.start.seed, len(record.start.choices)


# ---------------------------------------------------------------------------------------------
# Rebuilding
# ---------------------------------------------------------------------------------------------
def history(record: GameRecord, db: CardDB) -> tuple[Any, list]:
    """The game after all of ``record``'s choices, and every event since the first deal (through
    the games it was played on from), in order."""
    from game.engine import start_game
    from game.persist.rebuild import apply_choice

    if record.start is None:
        game, events = start_game(db, seed=record.seed, rules=record.rules)
    else:
        game, events = _started(record, db)
    for i, choice in enumerate(record.choices):
        events.extend(apply_choice(game, choice, i))
    return game, events


def _started(record: GameRecord, db: CardDB) -> tuple[Any, list]:
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
    if game.pending.seat != start.seat:
        raise RecordError(f"at its starting point seat {start.seat + 1} does not decide")
    return fresh_deal(game, start.seat, events, random.Random(record.seed)), events


def start_position(record: GameRecord, db: CardDB) -> Any:
    """The position a game played on from another starts at (rebuild.fresh_game calls this)."""
    return _started(record, db)[0]


# ---------------------------------------------------------------------------------------------
# The fresh deal
# ---------------------------------------------------------------------------------------------
#: The fields of the engine's events that hold card ids (AbilitySuppressed.by is a card too).
_CARD_FIELDS = ("card", "cards", "attacker", "blocker", "target", "by")


def seen_cards(events: list, seat: int) -> set[int]:
    """Every card the seat was shown: the card ids in its masked events (the starting reveal,
    plays, its own draws, steals it took part in, an eliminated player's cards...)."""
    from game.engine.events import HIDDEN, mask_event

    seen: set[int] = set()
    for event in events:
        seen.update(c for c in _card_ids(mask_event(event, seat)) if c != HIDDEN)
    return seen


def _card_ids(event: object) -> list[int]:
    out: list[int] = []
    for name in _CARD_FIELDS:
        value = getattr(event, name, None)
        if isinstance(value, int) and not isinstance(value, bool):
            out.append(value)
        elif isinstance(value, tuple):
            out.extend(v for v in value if isinstance(v, int))
    return out


def fresh_deal(game: Any, seat: int, events: list, rng: random.Random) -> Any:
    """A new state for ``game``'s position: what ``seat`` cannot locate dealt afresh with
    ``rng``; every card the seat saw leave the game (the starting reveal, an eliminated
    player's cards) stays out of it.

    ``View.determinize`` deals every card the view cannot locate, the out-of-game pile
    included: the view does not know which of those the seat watched go out. So the deal is
    repaired: a hidden hand or pile place that received such a card takes instead a card drawn
    uniformly from the rest of the out-of-game pile. Both steps treat the other cards alike,
    so every deal consistent with what the seat saw stays equally likely.
    """
    from game.engine.events import HIDDEN

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
    from game.persist.rebuild import apply_choice, load_db

    db = db if db is not None else load_db()
    n = 2 if record.rules == "1v1" else 4
    if type(seat) is not int or not 0 <= seat < n:
        raise PlayFromError(_("There is no seat {number} in this game.").format(number=seat))
    if type(at) is not int or not 0 <= at <= len(record.choices):
        raise PlayFromError(_("This game has no such moment."))
    game, events = history(_upto(record, at), db)
    if game.winner is not None:
        raise PlayFromError(_("The game is over at this moment."))
    while not same_deal and game.winner is None and game.pending.seat != seat:
        if at == len(record.choices):
            break
        events.extend(apply_choice(game, record.choices[at], at))
        at += 1
    if game.winner is not None or game.pending.seat != seat and not same_deal:
        raise PlayFromError(_("This seat has no decision left in the recorded game."))
    if seed is None:
        seed = random.SystemRandom().getrandbits(32)
    seats = tuple(seats) if seats is not None else default_seats(record.rules, seat, level)
    _check_seats(seats, n)
    start = Start(record.seed, record.date, record.choices[:at], seat, same_deal, record.start)
    new = GameRecord(rules=record.rules, mode=mode_of(seats), seed=seed, seats=tuple(seats),
                     cards=record.cards or card_fingerprint(), date=now_stamp(), version=VERSION,
                     start=start)
    if same_deal:
        return Branch(new, game, at)
    return Branch(new, fresh_deal(game, seat, events, random.Random(seed)), at)


def _check_seats(seats: tuple[SeatInfo, ...], n: int) -> None:
    """The seats must be ones a record can hold (a programming error otherwise)."""
    from game.common.settings import AI_LEVELS

    if len(seats) != n:
        raise ValueError(f"{n} seats are needed, not {len(seats)}")
    for s in seats:
        if s.kind == "person" and s.level is None:
            continue
        if s.kind != "computer" or s.level not in AI_LEVELS:
            raise ValueError(f"{s!r} is neither a person nor a computer of a level")


def _upto(record: GameRecord, at: int) -> GameRecord:
    from dataclasses import replace

    return replace(record, choices=record.choices[:at], result=None)


__all__ = ["Branch", "PlayFromError", "Start", "default_seats", "fresh_deal", "history", "link",
           "mode_of", "parent_record", "play_from", "seen_cards", "start_from_data",
           "start_position", "start_to_data"]
