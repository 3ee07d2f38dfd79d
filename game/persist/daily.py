"""The daily deal (logic only, no pygame): one 1v1 deal a day against the computer, the same
for every player of the same version, and a small record of how each day went.

- The deal of a day is a pure function of the UTC date and a version text (``deal_for``): a
  SHA-256 of both, never Python's ``hash()`` (which differs per process), so every machine
  gets the same seed. The computer's level is part of the deal (it follows the weekday).
- The first attempt of a day is the one that counts; later ones are practice. ``begin`` is
  called once when a daily game starts and writes the record at once, so a crash followed by
  Continue resumes the counted attempt instead of starting a second "first" one. Starting
  the day's deal again while its counted attempt is unfinished gives that attempt up (the
  game has one autosave, so the first attempt is gone then): it counts as not won.
- ``daily.json`` in the data folder, replaced atomically (game.common.safe_files); read bounded and
  strictly, and a damaged one is set aside with a message, never a crash.
- The streak: consecutive days, up to today, whose counted attempt was won. Today not yet
  played (or still under way) does not break it.
"""

from __future__ import annotations

import hashlib
import json
import re
from dataclasses import dataclass, field, replace
from datetime import date, datetime, timedelta, timezone
from pathlib import Path
from typing import TYPE_CHECKING

from game.common.i18n import LEVEL_NAMES, _, ngettext
from game.common.safe_files import UnreadableFile, atomic_write_text, load_json, set_aside
from game.common.settings import AI_LEVELS
from game.persist.rebuild import rebuild
from game.persist.record import GameRecord, card_fingerprint
from game.persist.stats import person_team

if TYPE_CHECKING:
    from game.persist.store import Store

FORMAT = "mindbug-daily"
VERSION = 1
DEAL_VERSION = 1  # bump when the way a deal is drawn changes
MAX_FILE_BYTES = 256 << 10
MAX_DAYS = 800  # a bit over two years kept; older days are dropped when writing
#: The computer's level by weekday (Monday first): the week gets harder towards its end.
WEEK_LEVELS = ("medium", "medium", "hard", "hard", "hard", "expert", "expert")
STATUSES = ("playing", "done", "abandoned")
_DAY = re.compile(r"\d{4}-\d{2}-\d{2}\Z")
_CODE = re.compile(r"[0-9A-Z]{1,1200}\Z")


@dataclass(frozen=True)
class DailyDeal:
    day: date
    seed: int
    level: str  # the computer's level (game.common.settings.AI_LEVELS)
    rules: str = "1v1"


def daily_version() -> str:
    """What "the same version" means for the deal: the card data and the way deals are drawn
    (players with the same cards and engine get the same game from the same seed)."""
    return f"{card_fingerprint()}/{DEAL_VERSION}"


def deal_for(day: date, version: str) -> DailyDeal:
    """The deal of ``day`` (a UTC date) for ``version``: pure, the same on every machine."""
    digest = hashlib.sha256(f"mindbug-daily:{version}:{day.isoformat()}".encode()).digest()
    seed = int.from_bytes(digest[:8], "big") >> 1  # 63 bits: what a record's seed holds
    return DailyDeal(day, seed, WEEK_LEVELS[day.weekday()])


def today_utc(now: datetime | None = None) -> date:
    return (now or datetime.now(timezone.utc)).astimezone(timezone.utc).date()


@dataclass(frozen=True)
class DayResult:
    won: bool
    turns: int
    life: int  # the person's life left at the end
    code: str  # the replay code ("" if the game had none)


@dataclass(frozen=True)
class DayEntry:
    seed: int
    level: str
    status: str  # "playing" (the counted attempt is under way), "done", "abandoned"
    practice: int = 0  # attempts after the first
    result: DayResult | None = None


@dataclass(frozen=True)
class Attempt:
    deal: DailyDeal
    counts: bool  # the first attempt of the day; False: practice


@dataclass(frozen=True)
class Outcome:
    day: date
    level: str
    result: DayResult
    counts: bool


@dataclass(frozen=True)
class Streak:
    current: int
    best: int
    played: int  # days with a counted attempt
    won: int


class DailyError(ValueError):
    """A daily record that cannot be used (one line)."""


@dataclass
class DailyBook:
    """The days played, and where they are kept (``path`` None: nothing is written)."""

    path: Path | None = None
    days: dict[str, DayEntry] = field(default_factory=dict)
    #: Why the last write failed, in the OS's words (the game goes on; the window may say so).
    error: str | None = None

    # -- the record on disk ------------------------------------------------------------------
    @classmethod
    def load(cls, path: Path) -> tuple[DailyBook, str | None]:
        """The book in ``path`` (empty if there is none); a damaged file is set aside and the
        second value says so in a line for the player."""
        path = Path(path)
        try:
            data = load_json(path, MAX_FILE_BYTES)
            days = {} if data is None else from_data(data)
        except (UnreadableFile, DailyError) as exc:
            aside = set_aside(path, "broken")
            if aside is None:
                message = _("The daily record could not be read ({reason}); it starts afresh.")
            else:
                message = _("The daily record could not be read ({reason}); it was kept as "
                            "{name} and starts afresh.")
            return cls(path), message.format(reason=exc, name=aside.name if aside else "")
        return cls(path, days), None

    def save(self) -> bool:
        """Write the book atomically; False (and ``error`` set) if the disk refuses."""
        if self.path is None:
            return True
        try:
            atomic_write_text(self.path, json.dumps(to_data(self.days), separators=(",", ":")))
        except OSError as exc:
            self.error = str(exc.strerror or exc)
            return False
        self.error = None
        return True

    # -- attempts ----------------------------------------------------------------------------
    def begin(self, deal: DailyDeal) -> Attempt:
        """A daily game starts (call once per new game, not on Continue): written at once."""
        key = deal.day.isoformat()
        entry = self.days.get(key)
        if entry is None:
            self.days[key] = DayEntry(deal.seed, deal.level, "playing")
            counts = True
        else:
            status = "abandoned" if entry.status == "playing" else entry.status
            self.days[key] = replace(entry, status=status, practice=min(entry.practice + 1, 9999))
            counts = False
        self.save()
        return Attempt(deal, counts)

    def finish(self, record: GameRecord, code: str = "") -> Outcome | None:
        """A game ended: if it is a day's deal, its outcome (and, for the counted attempt, the
        day's result, written at once); None for any other game."""
        if record.result is None or record.rules != "1v1" or not record.default_setup:
            return None  # the deal is today's rules: 1v1, one set, 2 Mindbugs each
        key = next((k for k, e in self.days.items() if e.seed == record.seed), None)
        if key is None:
            return None
        entry = self.days[key]
        team = person_team(record)
        life = _life_left(record, team)
        result = DayResult(team is not None and record.result.winner == team,
                           record.result.turns, life, code)
        counts = entry.status == "playing"
        if counts:
            self.days[key] = replace(entry, status="done", result=result)
            self.save()
        return Outcome(date.fromisoformat(key), entry.level, result, counts)

    def entry(self, day: date) -> DayEntry | None:
        return self.days.get(day.isoformat())

    def streak(self, today: date) -> Streak:
        return streak(self.days, today)


def _life_left(record: GameRecord, team: int | None) -> int:
    if team is None:
        return 0
    try:
        return max(0, rebuild(record).game.life[team])
    except Exception:  # a share line must not fail for want of the life figure
        return 0


def streak(days: dict[str, DayEntry], today: date) -> Streak:
    """The current and best run of won days, and how many days were played and won."""
    won_days = {date.fromisoformat(k) for k, e in days.items()
                if e.status == "done" and e.result is not None and e.result.won}
    played = sum(1 for e in days.values() if e.status != "playing")
    best = run = 0
    previous = None
    for d in sorted(won_days):
        run = run + 1 if previous is not None and d - previous == timedelta(days=1) else 1
        best = max(best, run)
        previous = d
    today_entry = days.get(today.isoformat())
    day = today if today in won_days or today_entry is None or today_entry.status == "playing" \
        else None
    current = 0
    if day is not None:
        if day not in won_days:
            day -= timedelta(days=1)
        while day in won_days:
            current += 1
            day -= timedelta(days=1)
    return Streak(current, best, played, len(won_days))


# ---------------------------------------------------------------------------------------------
# The shareable line
# ---------------------------------------------------------------------------------------------
def share_line(outcome: Outcome) -> str:
    """"Mindbug daily 2026-12-01 vs Hard: won in 9 turns, 3 life left. Replay code: ..."."""
    level = _(LEVEL_NAMES.get(outcome.level, outcome.level))
    r = outcome.result
    if r.won:
        line = ngettext("Mindbug daily {date} vs {level}: won in {count} turn, {life} life left",
                        "Mindbug daily {date} vs {level}: won in {count} turns, {life} life left",
                        r.turns)
    else:
        line = ngettext("Mindbug daily {date} vs {level}: lost in {count} turn",
                        "Mindbug daily {date} vs {level}: lost in {count} turns", r.turns)
    line = line.format(date=outcome.day.isoformat(), level=level, count=r.turns, life=r.life)
    if not outcome.counts:
        line += " " + _("(practice)")
    if r.code:
        line += ". " + _("Replay code: {code}").format(code=r.code)
    return line


# ---------------------------------------------------------------------------------------------
# JSON
# ---------------------------------------------------------------------------------------------
def to_data(days: dict[str, DayEntry]) -> dict:
    kept = sorted(days)[-MAX_DAYS:]
    out = {}
    for key in kept:
        e = days[key]
        item: dict = {"seed": e.seed, "level": e.level, "status": e.status, "practice": e.practice}
        if e.result is not None:
            r = e.result
            item["result"] = {"won": r.won, "turns": r.turns, "life": r.life, "code": r.code}
        out[key] = item
    return {"format": FORMAT, "version": VERSION, "days": out}


def from_data(data: object) -> dict[str, DayEntry]:  # any JSON: checked here
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise DailyError("it is not a Mindbug daily record")
    if data.get("version") != VERSION:
        raise DailyError("it is of an unknown version")
    days = data.get("days")
    if not isinstance(days, dict) or len(days) > MAX_DAYS:
        raise DailyError("its list of days is missing or too long")
    return {key: _entry(key, value) for key, value in days.items()}


def _int(value: object, what: str, hi: int) -> int:  # any JSON: checked here
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= hi:
        raise DailyError(f"{what} is not a whole number from 0 to {hi}")
    return value


def _entry(key: object, value: object) -> DayEntry:  # any JSON: checked here
    if not isinstance(key, str) or not _DAY.match(key):
        raise DailyError("a day is not a date")
    try:
        date.fromisoformat(key)
    except ValueError:
        raise DailyError(f"{key} is not a date") from None
    if not isinstance(value, dict):
        raise DailyError(f"the entry of {key} is not readable")
    level, status = value.get("level"), value.get("status")
    if level not in AI_LEVELS or status not in STATUSES:
        raise DailyError(f"the entry of {key} has an unknown level or status")
    result = value.get("result")
    if result is not None:
        if not isinstance(result, dict) or not isinstance(result.get("won"), bool):
            raise DailyError(f"the result of {key} is not readable")
        code = result.get("code")
        if not isinstance(code, str) or (code and not _CODE.match(code)):
            raise DailyError(f"the replay code of {key} is not readable")
        result = DayResult(result["won"], _int(result.get("turns"), "turns", 100000),
                           _int(result.get("life"), "life", 1000), code)
    if (status == "done") != (result is not None):
        raise DailyError(f"the entry of {key} does not fit its status")
    return DayEntry(_int(value.get("seed"), "the seed", 2**63 - 1), level, status,
                    _int(value.get("practice", 0), "practice", 9999), result)


def daily_path(store: Store) -> Path:
    """Where the book lives: beside the autosave in the data folder."""
    return Path(store.root) / "daily.json"
