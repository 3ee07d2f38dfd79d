"""The save and replay file format: a game as its seed and the exact choices made in it.

A game is deterministic from its seed and its choices, so that is all a file holds (plus who
sat where, for the title's "Continue" line and the statistics). One format serves both the
autosave of a running game and the replay of a finished one; a replay adds ``result`` and
both carry ``date``. JSON only, read through game.common.safe_files. Example::

    {"format": "mindbug-game", "version": 1, "cards": "77f3390d4f8bc560", "rules": "1v1",
     "mode": "ai", "seed": 7, "date": "2026-11-30T16:40:02Z",
     "seats": [{"kind": "person", "level": null, "name": "You"},
               {"kind": "computer", "level": "hard", "name": "Computer (Hard)"}],
     "choices": [{"by": 0, "verb": "play", "card": 12, "seat": null,
                  "label": "play Killer Bee"}, ...],
     "result": {"winner": 0, "reason": "life", "turns": 14}}

``id`` (optional) names one game from its first decision to its replay: its save file is
``saves/game-ID.json`` and its replay's name ends in ``-ID``, so a game is never kept twice.

``choices`` are option identities: ``verb``, ``card`` (card id) and ``seat`` are the engine's
Option fields, ``by`` the seat that decided; ``label`` is only for people reading the file.

Format 2 adds two optional fields (a format 1 file reads as before): ``"assisted": true`` for a
game in which a move was taken back (game.persist.takeback), and ``start`` for a game played on
from a moment of another game (game.persist.branch describes it); an older build, which would
replay such a game from its seed alone, refuses the file as made by a newer version.

Format 3 is a 2v2 game of the variant's other set-ups (game.engine.variants)::

    "setup": {"mindbugs": 1, "sets": 2}

(Mindbugs per player, First Contact sets shuffled together). A game of the default set-up
(2 Mindbugs, one set) is written without it, as format 2, exactly as before; a file without
it is such a game. An older build, which would deal one set with 2 Mindbugs, refuses a format 3
file as made by a newer version.
"""

from __future__ import annotations

import functools
import hashlib
import json
import secrets
import time
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from game.cards import load_cards
from game.common.safe_files import UnreadableFile, parse_json
from game.common.settings import AI_LEVELS

if TYPE_CHECKING:
    from game.engine import CardDB, Option
    from game.engine.variants import Setup

from game.common import safe_text
from game.engine.variants import Setup

FORMAT = "mindbug-game"
VERSION = 2  # what a game of the default set-up is written as
SETUP_VERSION = 3  # a game of another set-up: the newest format read
MODES = ("ai", "hotseat", "demo", "network")
RULES = ("1v1", "2v2")
KINDS = ("person", "computer")
VERBS = ("play", "attack", "hunt", "block", "choose", "resolve", "opponent",
         "mindbug", "pass", "no hunt", "no block", "end turn", "done")
MAX_CARD_ID = 1000  # far above any box; guards the engine's option tables from absurd ids
MAX_CHOICES = 20000
MAX_NAME = safe_text.NAME_MAX
MAX_LABEL = 120
GAME_ID_CHARS = frozenset("0123456789abcdef")
GAME_ID_LENGTH = 16


def valid_game_id(value: object) -> bool:  # any JSON: checked here
    """A game id as ``new_game_id`` makes them: 16 lowercase hex digits (safe in a file name)."""
    return isinstance(value, str) and len(value) == GAME_ID_LENGTH and set(value) <= GAME_ID_CHARS


def new_game_id() -> str:
    return secrets.token_hex(GAME_ID_LENGTH // 2)


class RecordError(ValueError):
    """A save or replay that cannot be used; ``str()`` is one line for a player."""


@dataclass(frozen=True)
class SeatInfo:
    kind: str  # "person" or "computer"
    level: str | None  # the computer's level; None for a person
    name: str


@dataclass(frozen=True)
class Choice:
    by: int  # the seat that decided
    verb: str
    card: int | None
    seat: int | None  # the engine Option's seat (only "opponent SEAT" has one)
    label: str = ""


@dataclass(frozen=True)
class Result:
    winner: int  # the winning team
    reason: str  # the engine's GameOver reason
    turns: int


@dataclass(frozen=True)
class GameRecord:
    rules: str
    mode: str
    seed: int
    seats: tuple[SeatInfo, ...]
    choices: tuple[Choice, ...] = ()
    cards: str = ""  # the card-data fingerprint; "" means "this build's"
    date: str = ""
    result: Result | None = None
    version: int = VERSION
    assisted: bool = False  # a move was taken back (statistics keep such games apart)
    start: Start | None = None  # where a game played on from another game's moment began
    game_id: str = ""  # "" for a file made before games had ids
    mindbugs: int = 2  # Mindbugs per player (2v2 may play with 1)
    sets: int = 1  # First Contact sets shuffled into the deck (2v2 may play with 2)

    @property
    def setup(self) -> Setup:
        """The engine's set-up of this game (what start_game deals with)."""

        return Setup(self.mindbugs, self.sets)

    @property
    def default_setup(self) -> bool:
        return (self.mindbugs, self.sets) == (2, 1)

    @property
    def finished(self) -> bool:
        return self.result is not None

    def with_choice(self, choice: Choice) -> GameRecord:
        return replace(self, choices=(*self.choices, choice))


@functools.lru_cache(maxsize=1)
def card_fingerprint() -> str:
    """A short hash of the compiled card data: a file made with other cards replays differently."""
    return fingerprint_of(load_cards())


def fingerprint_of(db: CardDB) -> str:
    # The compiled definitions' repr covers every field that can change a game (powers,
    # keywords, effects, copies, the order of the box) and ignores YAML comments and layout.
    return hashlib.sha256(repr(db.defs).encode("utf-8")).hexdigest()[:16]


def now_stamp() -> str:
    return time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())


# ---------------------------------------------------------------------------------------------
# To JSON
# ---------------------------------------------------------------------------------------------
def to_data(record: GameRecord) -> dict:
    data: dict = {
        "format": FORMAT,
        "version": record.version if record.default_setup else max(record.version, SETUP_VERSION),
        "cards": record.cards or card_fingerprint(),
        "rules": record.rules,
        "mode": record.mode,
        "seed": record.seed,
        "date": record.date or now_stamp(),
        # Cleaned as written: a name the reader would refuse must never make the game's own
        # save unusable (the rule is game.common.safe_text's, on both sides).
        "seats": [{"kind": s.kind, "level": s.level, "name": safe_text.clean(s.name, MAX_NAME)}
                  for s in record.seats],
        "choices": [{"by": c.by, "verb": c.verb, "card": c.card, "seat": c.seat,
                     "label": safe_text.clean(c.label, MAX_LABEL)} for c in record.choices],
    }
    if not record.default_setup:
        data["setup"] = {"mindbugs": record.mindbugs, "sets": record.sets}
    if record.game_id:
        data["id"] = record.game_id
    if record.result is not None:
        r = record.result
        data["result"] = {"winner": r.winner, "reason": r.reason, "turns": r.turns}
    if record.assisted:
        data["assisted"] = True
    if record.start is not None:

        data["start"] = start_to_data(record.start)
    return data


def dumps(record: GameRecord) -> str:
    # One choice per line: small, and a person can still read and diff the file.
    data = to_data(record)
    choices = data.pop("choices")
    head = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
    lines = ",\n".join(json.dumps(c, ensure_ascii=False, separators=(",", ":")) for c in choices)
    return head[:-1] + ',"choices":[\n' + lines + "\n]}\n"


# ---------------------------------------------------------------------------------------------
# From JSON (every field checked; the first problem is the message)
# ---------------------------------------------------------------------------------------------
def _int(value: object, what: str, lo: int, hi: int) -> int:  # any JSON: checked here
    if isinstance(value, bool) or not isinstance(value, int) or not lo <= value <= hi:
        raise RecordError(f"{what} is not a whole number from {lo} to {hi}")
    return value


def _opt_int(value: object, what: str, lo: int, hi: int) -> int | None:  # any JSON: checked here
    return None if value is None else _int(value, what, lo, hi)


def _str(value: object, what: str, allowed: tuple[str, ...] | None = None,  # any JSON: checked here
         limit: int = MAX_NAME) -> str:
    """A text field, refused unless game.common.safe_text accepts it (returned in NFC).

    Refused, not repaired: every writer of this format keeps to the same rule, so a name with
    a NUL, an escape sequence or forty stacked accents is damage or tampering, and the file is
    set aside with this message like any other broken file, rather than played on with a name
    the file does not hold."""
    if not isinstance(value, str) or len(value) > limit:
        raise RecordError(f"{what} is not a short text")
    reason = safe_text.problem(value, limit)
    if reason is not None:
        raise RecordError(f"{what} {reason}")
    if allowed is not None and value not in allowed:
        raise RecordError(f"{what} {value[:20]!r} is not one of {', '.join(allowed)}")
    return safe_text.checked(value, limit)


def from_data(data: object, check_cards: bool = True) -> GameRecord:  # any JSON: checked here
    """A record from parsed JSON; RecordError (one line) for anything wrong."""
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise RecordError("it is not a Mindbug save or replay")
    version = data.get("version")
    if isinstance(version, int) and not isinstance(version, bool) and version > SETUP_VERSION:
        raise RecordError(f"it was made by a newer version of the game (format {version}; "
                          f"this one reads up to {SETUP_VERSION})")
    version = _int(version, "the format version", 1, SETUP_VERSION)
    cards = _str(data.get("cards"), "the card-data fingerprint", limit=64)
    if check_cards and cards != card_fingerprint():
        raise RecordError("it was made with different card data (another version of the cards)")
    rules = _str(data.get("rules"), "the rules", RULES)
    mode = _str(data.get("mode"), "the mode", MODES)
    seed = _int(data.get("seed"), "the seed", 0, 2**63 - 1)
    date = _str(data.get("date", ""), "the date")
    n_seats = 2 if rules == "1v1" else 4
    seats = data.get("seats")
    if not isinstance(seats, list) or len(seats) != n_seats:
        raise RecordError(f"it does not list {n_seats} seats")
    seat_infos = tuple(_seat(s, i) for i, s in enumerate(seats))
    choices = data.get("choices")
    if not isinstance(choices, list) or len(choices) > MAX_CHOICES:
        raise RecordError("its list of choices is missing or too long")
    parsed = tuple(_choice(c, i, n_seats) for i, c in enumerate(choices))
    game_id = data.get("id", "")
    if game_id != "" and not valid_game_id(game_id):
        raise RecordError("its game id is not 16 hex digits")
    result = None
    if data.get("result") is not None:
        r = data["result"]
        if not isinstance(r, dict):
            raise RecordError("its result is not readable")
        result = Result(_int(r.get("winner"), "the winner", 0, 1),
                        _str(r.get("reason"), "the reason"),
                        _int(r.get("turns"), "the number of turns", 0, 100000))
    assisted = data.get("assisted")
    if assisted is None:  # absent (format 1) or null: not assisted
        assisted = False
    if not isinstance(assisted, bool):
        raise RecordError("its 'assisted' mark is not true or false")
    start = None
    if data.get("start") is not None:

        start = start_from_data(data["start"], n_seats)
    mindbugs, sets = read_setup(data.get("setup"), rules)
    return GameRecord(rules=rules, mode=mode, seed=seed, seats=seat_infos, choices=parsed,
                      cards=cards, date=date, result=result, version=version,
                      assisted=assisted, start=start,
                      game_id=game_id, mindbugs=mindbugs, sets=sets)


def read_setup(value: object, rules: str) -> tuple[int, int]:  # any JSON: checked here
    """Mindbugs per player and sets of the file's ``setup`` (absent: the default, 2 and 1)."""
    if value is None:
        return 2, 1
    if not isinstance(value, dict) or set(value) - {"mindbugs", "sets"}:
        raise RecordError("its set-up is not readable")
    mindbugs = _int(value.get("mindbugs", 2), "its Mindbugs per player", 1, 2)
    sets = _int(value.get("sets", 1), "its number of sets", 1, 2)
    if rules != "2v2" and (mindbugs, sets) != (2, 1):
        raise RecordError("its set-up (1 Mindbug each or two sets) is for 2v2 games only")
    return mindbugs, sets


def _seat(value: object, i: int) -> SeatInfo:  # any JSON: checked here
    if not isinstance(value, dict):
        raise RecordError(f"seat {i + 1} is not readable")
    kind = _str(value.get("kind"), f"seat {i + 1}'s kind", KINDS)
    level = value.get("level")
    if kind == "computer":
        level = _str(level, f"seat {i + 1}'s level", AI_LEVELS)
    elif level is not None:
        raise RecordError(f"seat {i + 1} is a person with a computer level")
    return SeatInfo(kind, level, _str(value.get("name"), f"seat {i + 1}'s name"))


def _choice(value: object, i: int, n_seats: int) -> Choice:  # any JSON: checked here
    what = f"choice {i + 1}"
    if not isinstance(value, dict):
        raise RecordError(f"{what} is not readable")
    verb = _str(value.get("verb"), f"{what}'s verb", VERBS)
    card = _opt_int(value.get("card"), f"{what}'s card", 0, MAX_CARD_ID)
    seat = _opt_int(value.get("seat"), f"{what}'s seat", 0, n_seats - 1)
    by = _int(value.get("by"), f"{what}'s deciding seat", 0, n_seats - 1)
    label = _str(value.get("label", ""), f"{what}'s label", limit=MAX_LABEL)
    # The shape of the option must fit its verb, or the engine's option() could not build it.
    if verb in ("play", "attack", "hunt", "block", "choose", "resolve") and card is None:
        raise RecordError(f"{what} ({verb}) names no card")
    if verb == "opponent" and seat is None:
        raise RecordError(f"{what} (opponent) names no seat")
    return Choice(by, verb, card, seat, label)


# ---------------------------------------------------------------------------------------------
# A game played on from a moment of another
# ---------------------------------------------------------------------------------------------
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


# ---------------------------------------------------------------------------------------------
# The file's ``start`` field: where a game played on from another began (game.persist.branch)
# ---------------------------------------------------------------------------------------------
def start_to_data(start: Start) -> dict:
    data: dict = {"seed": start.seed, "date": start.date, "seat": start.seat,
                  "deal": "same" if start.same_deal else "fresh",
                  "choices": [{"by": c.by, "verb": c.verb, "card": c.card, "seat": c.seat,
                               "label": c.label} for c in start.choices]}
    if start.start is not None:
        data["start"] = start_to_data(start.start)
    return data


def start_from_data(value: object, n_seats: int, depth: int = 0) -> Start:  # any JSON: checked here
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


def loads(text: str, name: str = "file", check_cards: bool = True) -> GameRecord:
    try:
        data = parse_json(text, "it")  # the caller names the file
    except UnreadableFile as exc:
        raise RecordError(_truncated_hint(text, str(exc))) from None
    return from_data(data, check_cards)


def _truncated_hint(text: str, message: str) -> str:
    # A save cut short by a crash or a full disk is the usual broken file: say so plainly.
    stripped = text.rstrip()
    if stripped.startswith("{") and not stripped.endswith("}"):
        return "it is cut short (truncated)"
    return message


def options_equal(choice: Choice, option: Option) -> bool:
    return (choice.verb, choice.card, choice.seat) == (option.verb, option.card, option.seat)


__all__ = ["FORMAT", "SETUP_VERSION", "VERSION", "Choice", "Start", "GameRecord", "RecordError", "Result", "SeatInfo",
           "card_fingerprint", "dumps", "fingerprint_of", "from_data", "loads",
           "new_game_id", "now_stamp", "valid_game_id", "options_equal", "to_data"]
