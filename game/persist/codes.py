"""Replay codes: a finished game as a short text a player can paste into a chat.

A game is its seed and its choices, and every choice is one of the few options the engine
offered at that point, so a choice is stored as its position in that list. All positions
together are one mixed-radix number (position i has base = the number of options at decision
i): about log2(options) bits per decision, nothing for a decision with one option, and no
length field, because the game's end says where the choices stop. A choice naming another
copy of an offered card (rule 19: the player picked the physical copy) adds one digit for
which copy. Decoding therefore replays the game through the engine to learn each base.

Bytes (before the text encoding)::

    version  1 byte   1, or 2 for a conceded game, or 3 for a 2v2 game of another set-up
                      (CODE_VERSION); a game played to its end is written as version 1, so its
                      code is the same as before version 2
    flags    1 byte   bit 0 rules (0 = 1v1, 1 = 2v2), bits 1-2 mode, bit 3 has a date;
                      version 2: bit 4 conceded, bit 5 the team that won by the concession;
                      version 3: bit 6 one Mindbug per player, bit 7 two sets shuffled together
                      (an older build refuses such a code as made by a newer version, rather
                      than replaying it with the default set-up)
    cards    3 bytes  the first bytes of the card-data fingerprint (other cards, other game)
    seats    per seat: 1 byte kind/level, 1 byte name (index into COMMON_NAMES, 0 = text
             follows: 1 length byte + UTF-8, at most MAX_NAME characters)
    seed     unsigned LEB128 varint (at most 2**63 - 1)
    date     varint, seconds since 2024-01-01 UTC (only if flags bit 3)
    count    varint, how many choices (only if conceded: the game's end does not say it)
    choices  the mixed-radix number, big-endian, no leading zero byte (the rest)
    check    4 bytes  CRC-32 of everything before it

The text is Crockford's base32 (digits and capitals without I L O U; lower case, I, L and O
are read as their look-alikes; hyphens and spaces are ignored), so a code survives being read
aloud or typed. CRC-32 catches every change of one or two adjacent characters (an error burst
of at most 32 bits, and one character is 5 bits), which the tests check exhaustively for some
codes; random damage slips through once in four billion, and then the replay must still
end exactly where the choices run out.

Only a finished game gets a code: the seed of a game still under way would give away every
hidden card. A game given up is finished too: its code carries the concession (who won by it)
and the number of choices before it, and decodes to the same conceded record. Decoding treats the text as hostile: bounded length before anything is done,
every field checked, the replay capped; every failure is a CodeError with one line.
"""

from __future__ import annotations

import calendar
import time
import unicodedata
import zlib
from typing import TYPE_CHECKING

from game.common.i18n import N_, _
from game.engine import option
from game.persist.rebuild import CONCEDED, check_result, choice_of, fresh_game, game_over_reason
from game.persist.record import (
    MAX_CHOICES,
    MODES,
    RULES,
    Choice,
    GameRecord,
    RecordError,
    Result,
    SeatInfo,
    card_fingerprint,
)

if TYPE_CHECKING:
    from game.engine import CardDB, Option, State

CODE_VERSION = 3  # the newest format read; versions 1 (no concession) and 2 are still read
CONCEDED_FLAG, CONCEDED_WINNER = 0x10, 0x20  # version 2 flags: given up, and who won by it
ONE_MINDBUG_FLAG, TWO_SETS_FLAG = 0x40, 0x80  # version 3 flags: the 2v2 game's set-up
MAX_CODE_CHARS = 1200  # a long 2v2 game is a few hundred characters; beyond this it is not one
MAX_NAME = 20  # characters of a custom name kept in a code (longer names are cut)
LEVELS = ("random", "easy", "medium", "hard", "expert")  # game.common.settings.AI_LEVELS, in code order
CARDS_BYTES = 3
CHECK_BYTES = 4
ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"  # Crockford base32
_DECODE = {ch: i for i, ch in enumerate(ALPHABET)}
_DECODE.update({ch.lower(): i for ch, i in list(_DECODE.items())})
_DECODE.update({"O": 0, "o": 0, "I": 1, "i": 1, "L": 1, "l": 1})
_IGNORED = frozenset("- \t\r\n")
EPOCH = calendar.timegm((2024, 1, 1, 0, 0, 0))
MAX_SEED = 2**63 - 1

_TITLES = ("Random", "Easy", "Medium", "Hard", "Expert")
#: Names the window gives seats by itself: one byte each in a code instead of the text.
COMMON_NAMES = ("", "You", "Computer", "Player 1", "Player 2", "Player 3", "Player 4",
                *(f"Computer ({t})" for t in _TITLES),
                *(f"{who} ({t})" for who in ("Ada", "Basil", "Cleo", "Dex") for t in _TITLES))
_NAME_INDEX = {name: i for i, name in enumerate(COMMON_NAMES) if name}


#: What a player reads of a code that does not decode (the detail is for the command line and
#: the log: a player cannot mend a byte out of range, only paste the code again).
DAMAGED = N_("the replay code is damaged or mistyped")
#: A record that cannot be written as a code (a fault of the record, not of the player).
UNWRITABLE = N_("this game cannot be written as a replay code")


class CodeError(ValueError):
    """A replay code that cannot be made or opened. ``str()`` is one English line with the
    detail (the command line, the log); ``reason()`` is the player's words in the current
    language (the window): ``reason_id`` an ``N_`` text, formatted with ``fields``."""

    def __init__(self, detail: str, reason_id: str = DAMAGED, **fields: object) -> None:  # formatted into the message
        super().__init__(detail)
        self.reason_id = reason_id
        self.fields = fields

    def reason(self) -> str:
        return _(self.reason_id).format(**self.fields)


# ---------------------------------------------------------------------------------------------
# Base32 and small fields
# ---------------------------------------------------------------------------------------------
def to_text(data: bytes) -> str:
    bits = int.from_bytes(data, "big") if data else 0
    n_bits = 8 * len(data)
    n_chars = -(-n_bits // 5)
    bits <<= 5 * n_chars - n_bits  # pad the last character with zero bits
    return "".join(ALPHABET[(bits >> (5 * (n_chars - 1 - i))) & 31] for i in range(n_chars))


def from_text(text: str) -> bytes:
    if not isinstance(text, str):
        raise CodeError("a replay code is text")
    if len(text) > 2 * MAX_CODE_CHARS:
        raise CodeError(f"it is too long for a replay code ({len(text)} characters)",
                        N_("it is too long for a replay code ({count} characters)"), count=len(text))
    values = []
    for pos, ch in enumerate(text):
        if ch in _IGNORED:
            continue
        v = _DECODE.get(ch)
        if v is None:
            shown = ch if ch.isprintable() else f"U+{ord(ch):04X}"
            raise CodeError(f"{shown!r} (character {pos + 1}) cannot be part of a replay code",
                            N_("{character} (character {position}) cannot be part of a replay code"),
                            character=repr(shown), position=pos + 1)
        values.append(v)
    if not values:
        raise CodeError("the replay code is empty", N_("the replay code is empty"))
    if len(values) > MAX_CODE_CHARS:
        raise CodeError(f"it is too long for a replay code ({len(values)} characters)",
                        N_("it is too long for a replay code ({count} characters)"), count=len(values))
    n_bits = 5 * len(values)
    n_bytes = n_bits // 8
    pad = n_bits - 8 * n_bytes
    bits = 0
    for v in values:
        bits = (bits << 5) | v
    # A character set only for padding, or padding bits that are not zero, is damage: without
    # this check a changed last character could still read as the same bytes.
    if pad >= 5 or bits & ((1 << pad) - 1):
        raise CodeError("the replay code is damaged or mistyped (its length or last character is wrong)")
    return (bits >> pad).to_bytes(n_bytes, "big")


def _varint(value: int) -> bytes:
    out = bytearray()
    while True:
        byte = value & 0x7F
        value >>= 7
        if value:
            out.append(byte | 0x80)
        else:
            out.append(byte)
            return bytes(out)


class _Reader:
    def __init__(self, data: bytes) -> None:
        self.data = data
        self.pos = 0

    def byte(self, what: str) -> int:
        if self.pos >= len(self.data):
            raise CodeError(f"the replay code ends before its {what}")
        self.pos += 1
        return self.data[self.pos - 1]

    def take(self, n: int, what: str) -> bytes:
        if self.pos + n > len(self.data):
            raise CodeError(f"the replay code ends inside its {what}")
        self.pos += n
        return self.data[self.pos - n:self.pos]

    def varint(self, what: str, limit: int) -> int:
        value = shift = 0
        for _byte_no in range(10):  # 10 x 7 bits covers 2**63; more is damage
            byte = self.byte(what)
            value |= (byte & 0x7F) << shift
            shift += 7
            if not byte & 0x80:
                if value > limit or (byte == 0 and shift > 7):  # too big, or not the shortest form
                    raise CodeError(f"the replay code's {what} is out of range")
                return value
        raise CodeError(f"the replay code's {what} is out of range")

    def rest(self) -> bytes:
        return self.data[self.pos:]


# ---------------------------------------------------------------------------------------------
# The choices as one number
# ---------------------------------------------------------------------------------------------
def card_count(game: State) -> int:
    """How many card ids the game has: every card is in exactly one zone (public API only)."""
    zones = (game.hands, game.decks, game.discards, game.plays)
    return len(game.out) + sum(len(zone[s]) for zone in zones for s in range(game.n_seats))


def _copies(game: State, offered: Option, n_cards: int) -> list[int | None]:
    """The card ids the engine accepts for ``offered`` (rule 19: any interchangeable copy),
    the offered one first. ``resolve`` names the very card that triggered, never a copy."""
    if offered.card is None or offered.verb == "resolve":
        return [offered.card]
    others = [c for c in range(n_cards)
              if c != offered.card and game.interchangeable(offered.card, c)]
    return [offered.card, *others]


def _digits_of(record: GameRecord, db: CardDB | None) -> tuple[list[tuple[int, int]], State, list]:
    """(digit, base) pairs of a record's choices, the finished game and its last events."""
    game, _opening = fresh_game(record, db)
    n_cards = card_count(game)
    digits: list[tuple[int, int]] = []
    events: list = []
    for i, choice in enumerate(record.choices):
        d = game.pending
        if d is None:
            raise CodeError(f"choice {i + 1} comes after the game ended")
        if d.seat != choice.by:
            raise CodeError(f"choice {i + 1} was made by the wrong seat")
        picked = None
        for k, offered in enumerate(d.options):
            if offered.verb != choice.verb or offered.seat != choice.seat:
                continue
            ids = _copies(game, offered, n_cards)
            if choice.card in ids:
                digits.append((k, len(d.options)))
                if len(ids) > 1:
                    digits.append((ids.index(choice.card), len(ids)))
                picked = option(choice.verb, choice.card, choice.seat)
                break
        if picked is None:
            raise CodeError(f"choice {i + 1} is not a legal choice at that point of the game")
        events = game.respond(picked, serial=d.serial)
    return digits, game, events


def _number(digits: list[tuple[int, int]]) -> int:
    number = 0
    for digit, base in reversed(digits):
        number = number * base + digit
    return number


# ---------------------------------------------------------------------------------------------
# Encoding
# ---------------------------------------------------------------------------------------------
def encode(record: GameRecord, db: CardDB | None = None) -> str:
    """The replay code of a finished game; CodeError for a game still under way (its code would
    give away the hidden cards) or a record whose choices do not replay."""
    if record.result is None:
        raise CodeError("a game still under way has no replay code (it would give away the "
                        "hidden cards); finish it first",
                        N_("a game still under way has no replay code (it would give away the hidden "
                           "cards); finish it first"))
    try:
        digits, game, _events = _digits_of(record, db)
    except RecordError as exc:
        raise CodeError(str(exc), UNWRITABLE) from None
    r = record.result
    conceded = r.reason == CONCEDED
    if conceded:  # the choices stop where a side gave the game up (rebuild's own check)
        try:
            check_result(record, game)
        except RecordError as exc:
            raise CodeError(str(exc), UNWRITABLE) from None
    elif game.winner is None:
        raise CodeError("its choices stop before the end of the game",
                        N_("its choices stop before the end of the game"))
    elif (game.winner, game.turn_no) != (r.winner, r.turns):
        raise CodeError("it replays to a different end than its result says", UNWRITABLE)
    if record.rules not in RULES or record.mode not in MODES[:4]:  # two bits of the flags
        raise CodeError("its rules or mode are unknown", UNWRITABLE)
    flags = RULES.index(record.rules) | MODES.index(record.mode) << 1
    stamp = _date_seconds(record.date)
    if stamp is not None:
        flags |= 8
    if conceded:
        flags |= CONCEDED_FLAG | (CONCEDED_WINNER if r.winner == 1 else 0)
    if record.mindbugs == 1:
        flags |= ONE_MINDBUG_FLAG
    if record.sets == 2:
        flags |= TWO_SETS_FLAG
    version = 3 if not record.default_setup else 2 if conceded else 1
    out = bytearray([version, flags])
    out += _cards_bytes(record.cards or card_fingerprint())
    for s in record.seats:
        out += _seat_bytes(s)
    out += _varint(record.seed)
    if stamp is not None:
        out += _varint(stamp)
    if conceded:
        out += _varint(len(record.choices))
    number = _number(digits)
    out += number.to_bytes((number.bit_length() + 7) // 8, "big")
    out += zlib.crc32(bytes(out)).to_bytes(CHECK_BYTES, "big")
    text = to_text(bytes(out))
    if len(text) > MAX_CODE_CHARS:
        raise CodeError(f"the game is too long for a replay code ({len(text)} characters)",
                        N_("the game is too long for a replay code ({count} characters)"), count=len(text))
    return text


def _cards_bytes(fingerprint: str) -> bytes:
    try:
        return bytes.fromhex(fingerprint[:2 * CARDS_BYTES])
    except ValueError:
        raise CodeError("its card-data fingerprint is not readable", UNWRITABLE) from None


def _seat_bytes(seat: SeatInfo) -> bytes:
    if (seat.kind == "computer") != (seat.level in LEVELS):
        raise CodeError(f"a seat's level {str(seat.level)[:20]!r} does not fit its kind", UNWRITABLE)
    level = LEVELS.index(seat.level) + 1 if seat.level in LEVELS else 0
    head = (seat.kind == "computer") << 7 | level
    name = code_name(seat.name)
    index = _NAME_INDEX.get(name)
    if index is not None:
        return bytes([head, index])
    raw = name.encode("utf-8")
    return bytes([head, 0, len(raw)]) + raw


def code_name(name: str) -> str:
    """The name a code keeps: printable characters only, single spaces, at most MAX_NAME
    characters (what the decoder accepts; "?" if nothing is left)."""
    kept = "".join(ch if unicodedata.category(ch)[0] not in "CZ" else " " for ch in name)
    kept = " ".join(kept.split())[:MAX_NAME].rstrip()
    return kept or "?"


def _date_seconds(date: str) -> int | None:
    try:
        seconds = calendar.timegm(time.strptime(date, "%Y-%m-%dT%H:%M:%SZ")) - EPOCH
    except (ValueError, OverflowError):
        return None
    return seconds if 0 <= seconds < 2**40 else None


# ---------------------------------------------------------------------------------------------
# Decoding
# ---------------------------------------------------------------------------------------------
def decode(text: str, db: CardDB | None = None) -> GameRecord:
    """The finished game a replay code holds; CodeError (one line) for anything wrong."""
    data = from_text(text)
    if len(data) < 2 + CARDS_BYTES + CHECK_BYTES:
        raise CodeError("it is too short for a replay code")
    body, check = data[:-CHECK_BYTES], data[-CHECK_BYTES:]
    if zlib.crc32(body).to_bytes(CHECK_BYTES, "big") != check:
        raise CodeError("the replay code is damaged or mistyped (its check does not match)")
    r = _Reader(body)
    version = r.byte("version")
    if version > CODE_VERSION:
        raise CodeError(f"the replay code was made by a newer version of the game (code "
                        f"format {version}; this one reads up to {CODE_VERSION})",
                        N_("the replay code was made by a newer version of the game"))
    if version < 1:
        raise CodeError("the replay code's format is unknown")
    flags = r.byte("flags")
    known = 0x0F | (CONCEDED_FLAG | CONCEDED_WINNER if version >= 2 else 0) \
        | (ONE_MINDBUG_FLAG | TWO_SETS_FLAG if version >= 3 else 0)
    if flags & ~known or (flags >> 1 & 3) >= len(MODES) or \
            (flags & CONCEDED_WINNER and not flags & CONCEDED_FLAG):
        raise CodeError("the replay code's flags are unknown")
    rules = RULES[flags & 1]
    mindbugs = 1 if flags & ONE_MINDBUG_FLAG else 2
    sets = 2 if flags & TWO_SETS_FLAG else 1
    if version >= 3 and ((mindbugs, sets) == (2, 1) or rules != "2v2"):
        raise CodeError("the replay code's set-up is unknown")
    mode = MODES[flags >> 1 & 3]
    fingerprint = card_fingerprint()
    if r.take(CARDS_BYTES, "card data").hex() != fingerprint[:2 * CARDS_BYTES]:
        raise CodeError("the replay code was made with different card data (another version "
                        "of the cards)",
                        N_("the replay code was made with different card data (another version of the cards)"))
    seats = tuple(_read_seat(r, i) for i in range(2 if rules == "1v1" else 4))
    seed = r.varint("seed", MAX_SEED)
    date = ""
    if flags & 8:
        date = time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(EPOCH + r.varint("date", 2**40)))
    given_up: tuple[int, int] | None = None  # (the winning team, how many choices) if conceded
    if flags & CONCEDED_FLAG:
        given_up = (1 if flags & CONCEDED_WINNER else 0, r.varint("number of choices", MAX_CHOICES))
    rest = r.rest()
    if rest[:1] == b"\x00":
        raise CodeError("the replay code's choices are not in their shortest form")
    number = int.from_bytes(rest, "big")
    record = GameRecord(rules=rules, mode=mode, seed=seed, seats=seats, cards=fingerprint,
                        date=date, mindbugs=mindbugs, sets=sets)
    return _replay_number(record, number, db, given_up)


def _read_seat(r: _Reader, i: int) -> SeatInfo:
    what = f"seat {i + 1}"
    head = r.byte(what)
    computer, level_no = head >> 7, head & 0x7F
    if computer:
        if not 1 <= level_no <= len(LEVELS):
            raise CodeError(f"the replay code's {what} has no computer level")
        kind, level = "computer", LEVELS[level_no - 1]
    else:
        if level_no:
            raise CodeError(f"the replay code's {what} is a person with a computer level")
        kind, level = "person", None
    index = r.byte(f"{what}'s name")
    if index >= len(COMMON_NAMES):
        raise CodeError(f"the replay code's {what} has an unknown name")
    if index:
        return SeatInfo(kind, level, COMMON_NAMES[index])
    size = r.byte(f"{what}'s name")
    try:
        name = r.take(size, f"{what}'s name").decode("utf-8")
    except UnicodeDecodeError:
        raise CodeError(f"the replay code's {what} name is not readable text") from None
    if name != code_name(name) or name in _NAME_INDEX:
        raise CodeError(f"the replay code's {what} name is not in its short printable form")
    return SeatInfo(kind, level, name)


def _replay_number(record: GameRecord, number: int, db: CardDB | None,
                   given_up: tuple[int, int] | None = None) -> GameRecord:
    """Play the digits of ``number`` until the game ends (or, ``given_up`` = (winner, count),
    for the count of choices after which it was conceded); the record with its choices."""
    game, _opening = fresh_game(record, db)
    n_cards = card_count(game)
    choices: list[Choice] = []
    events: list = []
    while game.winner is None and (given_up is None or len(choices) < given_up[1]):
        if len(choices) >= MAX_CHOICES or game.pending is None:
            raise CodeError("the replay code's game does not end")
        d = game.pending
        number, k = divmod(number, len(d.options))
        offered = d.options[k]
        ids = _copies(game, offered, n_cards)
        card = offered.card
        if len(ids) > 1:
            number, j = divmod(number, len(ids))
            card = ids[j]
        picked = option(offered.verb, card, offered.seat)
        choices.append(choice_of(game, picked))
        events = game.respond(picked, serial=d.serial)
    if given_up is not None:
        if game.winner is not None or len(choices) != given_up[1]:
            raise CodeError("the replay code's game ends before it was given up")
        result = Result(given_up[0], CONCEDED, game.turn_no)
    elif game.winner is None:
        raise CodeError("the replay code's game does not end")
    else:
        result = Result(game.winner, game_over_reason(events) or "", game.turn_no)
    if number:
        raise CodeError("the replay code holds more choices than its game has")
    return GameRecord(rules=record.rules, mode=record.mode, seed=record.seed, seats=record.seats,
                      choices=tuple(choices), cards=record.cards, date=record.date, result=result,
                      mindbugs=record.mindbugs, sets=record.sets)


def same_game(a: GameRecord, b: GameRecord) -> bool:
    """Whether two records hold the same game (labels and the card fingerprint's spelling aside):
    what a code keeps of a record."""
    def key(r: GameRecord) -> tuple:
        seats = tuple((s.kind, s.level, code_name(s.name)) for s in r.seats)
        return (r.rules, r.mode, r.seed, r.mindbugs, r.sets, seats,
                tuple((c.by, c.verb, c.card, c.seat) for c in r.choices), r.result)
    return key(a) == key(b)
