"""The daily deal (game/persist/daily.py): a pure date+version -> seed, the first attempt of a
day counts once (also across a crash and Continue), the streak, the damaged record set aside,
and the shareable line in English and German."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from dataclasses import replace
from datetime import date, timedelta
from functools import cache
from pathlib import Path

import pytest

from game.ai.demo_games import play_demo
from game.common import i18n
from game.persist import daily
from game.persist.codes import encode
from game.persist.daily import DailyBook, DayEntry, DayResult, Outcome, deal_for, share_line, streak
from game.persist.rebuild import rebuild
from game.persist.record import SeatInfo

ROOT = Path(__file__).resolve().parents[2]
DAY = date(2026, 12, 1)


@pytest.fixture(autouse=True)
def english_again():
    yield
    i18n.set_language("en")


def test_fixed_dates_give_fixed_seeds_on_every_machine():
    assert deal_for(DAY, "test-version").seed == 4850048577329699407
    assert deal_for(date(2027, 1, 1), "test-version").seed == 850192416751765669
    assert deal_for(date(2026, 12, 5), "test-version").level == "expert"  # a Saturday
    assert deal_for(DAY, "test-version").level == "medium"  # a Tuesday
    # Another process with another string-hash seed draws the same deal (no hash()).
    out = subprocess.run([sys.executable, "-c", "from datetime import date; from game.persist."
                          "daily import deal_for; print(deal_for(date(2026, 12, 1), 'test-version')"
                          ".seed)"], capture_output=True, text=True, timeout=60, cwd=ROOT,
                         env=dict(os.environ, PYTHONPATH=str(ROOT), PYTHONHASHSEED="12345"))
    assert out.stdout.strip() == "4850048577329699407"


def test_different_dates_and_versions_give_different_deals():
    seeds = {deal_for(DAY + timedelta(days=k), "v").seed for k in range(3 * 366)}
    assert len(seeds) == 3 * 366
    assert deal_for(DAY, "v").seed != deal_for(DAY, "w").seed
    assert all(0 <= s < 2**63 for s in seeds)
    assert daily.daily_version() == daily.daily_version() and "/" in daily.daily_version()


@cache
def daily_game(seed: int):
    """A finished game of the deal's seed with a person in seat 0 (the computer played both
    sides; the record is what a person's game looks like)."""
    record = play_demo(seed, "1v1", ("easy",))
    seats = (SeatInfo("person", None, "You"), SeatInfo("computer", "hard", "Computer (Hard)"))
    return replace(record, mode="ai", seats=seats)


def test_the_first_attempt_counts_once_also_after_a_crash_and_continue(tmp_path):
    path = tmp_path / "daily.json"
    deal = deal_for(DAY, "v")
    book, message = DailyBook.load(path)
    assert message is None and book.days == {}
    first = book.begin(deal)
    assert first.counts
    assert json.loads(path.read_text())["days"]["2026-12-01"]["status"] == "playing"
    # The process dies; the next one loads the book and the player presses Continue (no begin).
    book, _ = DailyBook.load(path)
    record = daily_game(deal.seed)
    outcome = book.finish(record, code=encode(record))
    assert outcome.counts
    team_life = rebuild(record).game.life[0]
    assert outcome.result == DayResult(record.result.winner == 0, record.result.turns,
                                       max(0, team_life), encode(record))
    saved, _ = DailyBook.load(path)
    assert saved.entry(DAY).status == "done" and saved.entry(DAY).result == outcome.result
    # Later the same day: practice, and the day's result stays the first one's.
    again = saved.begin(deal)
    assert not again.counts
    practice = saved.finish(replace(record, result=replace(record.result, winner=1)))
    assert not practice.counts
    final, _ = DailyBook.load(path)
    assert final.entry(DAY).result == outcome.result and final.entry(DAY).practice == 1


def test_starting_again_gives_the_unfinished_first_attempt_up(tmp_path):
    path = tmp_path / "daily.json"
    deal = deal_for(DAY, "v")
    book, _ = DailyBook.load(path)
    assert book.begin(deal).counts
    assert not book.begin(deal).counts  # a new game, not Continue: the first one is gone
    won = daily_game(deal.seed)
    assert not book.finish(won).counts
    reloaded, _ = DailyBook.load(path)
    assert reloaded.entry(DAY).status == "abandoned" and reloaded.entry(DAY).result is None
    assert reloaded.streak(DAY).current == 0 and reloaded.streak(DAY).played == 1


def test_other_games_are_not_the_daily(tmp_path):
    book, _ = DailyBook.load(tmp_path / "daily.json")
    book.begin(deal_for(DAY, "v"))
    assert book.finish(daily_game(12345)) is None
    assert book.entry(DAY).status == "playing"


def won(day: str, win: bool = True) -> tuple[str, DayEntry]:
    return day, DayEntry(1, "hard", "done", result=DayResult(win, 9, 3, ""))


def test_the_streak_counts_won_days_up_to_today():
    days = dict([won("2026-11-20"), won("2026-11-21"), won("2026-11-22"), won("2026-11-23"),
                 won("2026-11-24"), won("2026-11-25", False), won("2026-11-28"),
                 won("2026-11-29"), won("2026-11-30")])
    assert streak(days, DAY) == daily.Streak(current=3, best=5, played=9, won=8)  # not yet today
    assert streak({**days, "2026-12-01": DayEntry(1, "hard", "playing")}, DAY).current == 3
    assert streak(dict([*days.items(), won("2026-12-01")]), DAY).current == 4
    assert streak(dict([*days.items(), won("2026-12-01", False)]), DAY).current == 0
    assert streak({**days, "2026-12-01": DayEntry(1, "hard", "abandoned")}, DAY).current == 0
    assert streak(days, date(2026, 12, 2)).current == 0  # yesterday was missed
    assert streak({}, DAY) == daily.Streak(0, 0, 0, 0)


GOOD = {"format": "mindbug-daily", "version": 1, "days": {"2026-12-01": {
    "seed": 5, "level": "hard", "status": "done", "practice": 0,
    "result": {"won": True, "turns": 9, "life": 3, "code": "ABC"}}}}


def bad_files() -> dict[str, bytes]:
    def edit(**entry) -> bytes:
        data = json.loads(json.dumps(GOOD))
        data["days"]["2026-12-01"].update(entry)
        return json.dumps(data).encode()

    return {
        "not json": b"{\"format\": ",
        "not utf-8": b"\xff\xfe\xfa",
        "nan": json.dumps(GOOD).replace('"turns": 9', '"turns": NaN').encode(),
        "huge number": json.dumps(GOOD).replace('"seed": 5', '"seed": ' + "9" * 60).encode(),
        "deep": b"[" * 100000 + b"]" * 100000,
        "too large": b" " * (daily.MAX_FILE_BYTES + 1),
        "other format": json.dumps({**GOOD, "format": "x"}).encode(),
        "bad day": json.dumps({**GOOD, "days": {"2026-13-01": GOOD["days"]["2026-12-01"]}}).encode(),
        "bad level": edit(level="godlike"),
        "bad status": edit(status="won"),
        "seed as text": edit(seed="5"),
        "bool turns": edit(result={"won": True, "turns": True, "life": 3, "code": ""}),
        "done without result": edit(result=None),
        "code with junk": edit(result={"won": True, "turns": 9, "life": 3, "code": "a\nb"}),
        "too many days": json.dumps({**GOOD, "days": {
            (date(2020, 1, 1) + timedelta(days=k)).isoformat(): GOOD["days"]["2026-12-01"]
            for k in range(daily.MAX_DAYS + 1)}}).encode(),
    }


@pytest.mark.parametrize("name", sorted(bad_files()))
def test_a_damaged_record_is_set_aside_with_one_line(tmp_path, name):
    path = tmp_path / "daily.json"
    path.write_bytes(bad_files()[name])
    book, message = DailyBook.load(path)
    assert book.days == {} and message and "\n" not in message and "kept as" in message
    assert not path.exists() and len(list(tmp_path.glob("daily.broken-*.json"))) == 1
    assert book.begin(deal_for(DAY, "v")).counts  # and the day can be played


def test_a_good_record_reads_back(tmp_path):
    path = tmp_path / "daily.json"
    path.write_text(json.dumps(GOOD))
    book, message = DailyBook.load(path)
    assert message is None and book.entry(DAY).result == DayResult(True, 9, 3, "ABC")


def test_a_full_disk_does_not_stop_the_game(tmp_path):
    folder = tmp_path / "daily.json"
    folder.mkdir()  # a folder where the file should be: every write fails
    book = DailyBook(folder)
    assert book.begin(deal_for(DAY, "v")).counts and book.error


def test_the_share_line_in_english_and_german():
    outcome = Outcome(DAY, "hard", DayResult(True, 9, 3, "0467FWSS"), counts=True)
    assert share_line(outcome) == ("Mindbug daily 2026-12-01 vs Hard: won in 9 turns, 3 life "
                                   "left. Replay code: 0467FWSS")
    lost = Outcome(DAY, "expert", DayResult(False, 1, 0, ""), counts=False)
    assert share_line(lost) == "Mindbug daily 2026-12-01 vs Expert: lost in 1 turn (practice)"
    i18n.set_language("de")
    assert share_line(outcome) == ("Mindbug-Tagesspiel 2026-12-01 gegen Schwer: in 9 Zügen "
                                   "gewonnen, 3 Leben übrig. Wiederholungscode: 0467FWSS")
    assert share_line(lost) == ("Mindbug-Tagesspiel 2026-12-01 gegen Experte: in 1 Zug "
                                "verloren (Übung)")
