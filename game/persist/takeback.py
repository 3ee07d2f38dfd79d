"""Take a move back against the computer (no pygame): the game returns to the person's
previous decision, and again, back to the first.

Allowed only where one person plays computers (1v1, or 2v2 with three computers): in hot seat
another person saw the move, over a network the other side did, so there it is never offered
(``takeback_allowed``). A game with a takeback is marked ``assisted`` in its record and the
statistics keep it apart (game.persist.stats).

The deal stays the same: the record is cut just before the person's decision, so rebuilding
it gives exactly the position the person faced then (tests/persist/test_takeback.py compares
fingerprints). What came after is kept as a ``ReplyScript``: while the person repeats the
recorded choices, the computers answer as they did (instantly, and exactly, whatever their
level's search would do today); once the person chooses differently, the script ends and the
computers think again. The script lives only in memory and tells nothing the person has not
seen (it is the game they played); it is never saved: after a close the computers think again,
and with the window's per-decision seeds (game.ui.match.controller.decision_seed) they then
answer the same as long as the AI is the one that played the game.

A controller consumes it like this::

    taken = take_back(record, steps=1, script=script)   # script: the live one, if any
    game, record, script = taken.game, taken.record, taken.script
    ...
    if computer to decide:
        option = script.reply(game)                      # None: ask the agent as usual
    choice = choice_of(game, option); game.respond(option)
    script.observe(choice)                               # after every answered decision
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from game.common.i18n import _
from game.engine import EngineError, option
from game.persist.rebuild import rebuild
from game.persist.record import Choice, GameRecord

if TYPE_CHECKING:
    from game.engine import CardDB, Option, State


class TakebackError(ValueError):
    """No move can be taken back; ``str()`` is one line for a player."""


def person_seat(record: GameRecord) -> int | None:
    """The one person's seat in a game of one person against computers; None otherwise."""
    people = [s for s, info in enumerate(record.seats) if info.kind == "person"]
    if len(people) != 1 or any(info.kind != "computer" for s, info in enumerate(record.seats)
                               if s != people[0]):
        return None
    return people[0]


def takeback_allowed(record: GameRecord, networked: bool = False) -> bool:
    """Whether "take back" may be offered: one person against computers only, not hot seat,
    never over a network, and the person has decided at least once."""
    if networked or record.mode != "ai":
        return False
    seat = person_seat(record)
    return seat is not None and any(c.by == seat for c in record.choices)


def takeback_points(record: GameRecord) -> list[int]:
    """The indices in ``record.choices`` of the person's decisions, oldest first."""
    seat = person_seat(record)
    return [] if seat is None else [i for i, c in enumerate(record.choices) if c.by == seat]


class ReplyScript:
    """The recorded rest of a game after a takeback, for the computers to follow while the
    person repeats it."""

    def __init__(self, tail: tuple[Choice, ...], person: int) -> None:
        self.tail = tuple(tail)
        self.person = person
        self.position = 0
        self.live = bool(self.tail)

    @property
    def remaining(self) -> tuple[Choice, ...]:
        """The recorded choices not yet repeated (nothing once the person deviated)."""
        return self.tail[self.position:] if self.live else ()

    def reply(self, game: State) -> Option | None:
        """The computer's recorded answer to ``game``'s pending decision, or None (the script
        ended, or it is the person's decision): then the computer thinks."""
        pending = game.pending
        if not self.live or pending is None or pending.seat == self.person:
            return None
        choice = self.remaining[0] if self.remaining else None
        if choice is None or choice.by != pending.seat:
            self.live = False
            return None
        try:
            answer = option(choice.verb, choice.card, choice.seat)
        except (EngineError, TypeError, ValueError):
            self.live = False
            return None
        if answer not in pending.options and not _a_copy_of_one(game, answer, pending.options):
            self.live = False
            return None
        return answer

    def observe(self, choice: Choice) -> None:
        """Tell the script each answered decision (the person's and the computers'), in order."""
        if not self.live:
            return
        expected = self.remaining[0] if self.remaining else None
        if expected is not None and (expected.by, expected.verb, expected.card, expected.seat) == (
                choice.by, choice.verb, choice.card, choice.seat):
            self.position += 1
            self.live = self.position < len(self.tail)
        else:
            self.live = False


def _a_copy_of_one(game: State, answer: Option, options: tuple[Option, ...]) -> bool:
    # respond accepts the same verb naming another copy of an offered card (rule 19), and the
    # record keeps the copy that was named.
    if answer.card is None:
        return False
    try:
        return any(o.verb == answer.verb and o.card is not None
                   and game.interchangeable(o.card, answer.card) for o in options)
    except (LookupError, TypeError, ValueError):
        return False


@dataclass
class TakenBack:
    record: GameRecord  # cut just before the person's decision; assisted, no result
    game: State  # the rebuilt position, the person to decide
    script: ReplyScript  # what came after, for the computers to follow
    cut: int  # how many choices were kept


def take_back(record: GameRecord, steps: int = 1, script: ReplyScript | None = None,
              db: CardDB | None = None) -> TakenBack:
    """The game back at the person's ``steps``-th previous decision (1: the last one).

    ``script`` is the live script of an earlier takeback, if any: what it still holds of the
    recorded game is kept after the new cut, so taking back twice in a row, then repeating
    the moves, still replays the computers' recorded answers. TakebackError if none can be
    taken back (not a game against the computer, or not that many decisions of the person).
    """
    person = person_seat(record)
    if record.mode != "ai" or person is None:
        raise TakebackError(_("Moves can be taken back only in a game against the computer."))
    points = takeback_points(record)
    if type(steps) is not int or not 1 <= steps <= len(points):
        raise TakebackError(_("There is no earlier move of yours to take back."))
    cut = points[-steps]
    line = record.choices + (script.remaining if script is not None else ())
    cut_record = replace(record, choices=record.choices[:cut], result=None, assisted=True)
    game = rebuild(cut_record, db).game
    return TakenBack(cut_record, game, ReplyScript(line[cut:], person), cut)


__all__ = ["ReplyScript", "TakebackError", "TakenBack", "person_seat", "take_back",
           "takeback_allowed", "takeback_points"]
