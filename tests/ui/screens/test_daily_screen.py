"""The daily deal in the window (issue 27, item 1): the title's entry and line, the screen
(level, result, streak, Start, Copy), the attempt written before the first move, and the first
attempt counted once, also when the window goes away mid-game and the game is continued."""

from __future__ import annotations

import pygame  # noqa: E402
import pytest  # noqa: E402

from game.persist.codes import decode, same_game  # noqa: E402
from game.persist.daily import DailyBook, daily_path, daily_version, deal_for, today_utc  # noqa: E402
from game.ui.kit.clipboard import paste_text  # noqa: E402
from game.ui.match.scene import MatchScene  # noqa: E402
from game.ui.screens.daily import DailyScene  # noqa: E402
from game.ui.screens.title import DAILY, TitleScene  # noqa: E402
from tests.support.match_play import play_out

pytestmark = pytest.mark.window('--speed', '50', first_frame=True)


def key(app, k: int, mod: int = 0) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode=""))
    app.step()


def book_of(app) -> DailyBook:
    book, message = DailyBook.load(daily_path(app.ctx.store))
    assert message is None
    return book




def test_the_title_has_daily_deal_and_cards_before_quit_and_the_daily_line(app):
    title = TitleScene(app.ctx)
    labels = [b.text for b in title.row.buttons]
    assert labels.index("Daily deal") < labels.index("Quit")
    assert labels.index("Cards") == labels.index("Daily deal") + 1
    assert labels[:3] == ["Play vs Computer", "Two Players (Hot Seat)", "Team Game (2 vs 2)"]
    assert title.daily_line == "Today: not played yet · streak 0"
    app.ctx.scenes.replace(title)
    for _ in range(len(labels)):
        key(app, pygame.K_TAB)
        if title.row.buttons[title.row.focus].text == DAILY:
            break
    key(app, pygame.K_RETURN)
    assert isinstance(app.ctx.scenes.top, DailyScene)


def test_the_screen_picks_a_level_by_keyboard_and_start_writes_the_attempt_at_once(app):
    app.ctx.nav.daily()
    screen = app.ctx.scenes.top
    assert isinstance(screen, DailyScene)
    deal = deal_for(today_utc(), daily_version())
    assert screen.level == (deal.level if deal.level in ("easy", "medium", "hard", "expert") else "medium")
    app.step()
    key(app, pygame.K_TAB)  # the first level button: Easy
    key(app, pygame.K_RETURN)
    assert screen.level == "easy"
    assert [b.text for b in screen.row.buttons if b.primary] == ["Easy", "Start (counts)"]
    assert book_of(app).entry(today_utc()) is None  # nothing written by looking
    screen._start()
    match = app.ctx.scenes.top
    assert isinstance(match, MatchScene)
    assert match.ctl.seed == deal.seed and match.config.ai_level == "easy"
    assert match.config.on_finish is not None
    entry = book_of(app).entry(today_utc())  # written before the first move
    assert (entry.status, entry.level, entry.seed) == ("playing", "easy", deal.seed)
    app.ctx.nav.daily()
    assert app.ctx.scenes.top.row.buttons[4].text == "Start (practice)"


def test_first_attempt_counts_once_across_a_lost_window_and_continue(app, open_window):
    app.ctx.nav.start_daily("easy")
    scene = app.ctx.scenes.top
    play_out(app, scene, stop_after=6)
    assert not scene.ctl.over
    app.close(quit_pygame=False)  # the window goes (a crash: the book and the autosave stay)

    again = open_window("--speed", "50", first_frame=True)
    title = again.ctx.scenes.top
    assert isinstance(title, TitleScene) and title.row.buttons[0].text == "Continue"
    assert title.daily_line.startswith("Today: under way")
    title.row.buttons[0].action()  # Continue
    resumed = again.ctx.scenes.top
    assert isinstance(resumed, MatchScene) and resumed.config.on_finish is not None
    play_out(again, resumed)
    entry = book_of(again).entry(today_utc())
    assert entry.status == "done" and entry.practice == 0
    assert entry.result.won == (resumed.ctl.game.winner == 0)
    assert same_game(decode(entry.result.code), resumed.ctl.record())

    again.ctx.nav.title()  # Main menu: the result over the title, with its line
    shown = again.ctx.scenes.top
    assert isinstance(shown, DailyScene) and shown.outcome.counts
    line = shown.share_text()
    assert line.startswith(f"Mindbug daily {today_utc().isoformat()} vs Easy: ")
    assert entry.result.code in line
    shown.row.buttons[[b.text for b in shown.row.buttons].index("Copy")].action()
    assert paste_text()[0] == line or shown.message.startswith("The clipboard cannot")
    again.step()

    # Started again: practice; the counted result stays as it was.
    shown._start()
    practice = again.ctx.scenes.top
    assert isinstance(practice, MatchScene)
    play_out(again, practice)
    after = book_of(again).entry(today_utc())
    assert after.result == entry.result and after.status == "done" and after.practice == 1
    again.ctx.nav.title()
    assert isinstance(again.ctx.scenes.top, DailyScene) and not again.ctx.scenes.top.outcome.counts
    assert "(practice)" in again.ctx.scenes.top.share_text()
    again.ctx.scenes.top.draw(pygame.Surface((1280, 720)))


def test_a_rematch_after_a_daily_game_is_not_recorded(app):
    app.ctx.nav.start_daily("easy")
    scene = app.ctx.scenes.top
    play_out(app, scene)
    scene.rematch()
    other = app.ctx.scenes.top
    assert other.config.on_finish is None
    app.ctx.nav.title()
    assert isinstance(app.ctx.scenes.top, TitleScene)  # the daily result was forgotten by the rematch


def test_a_damaged_daily_record_is_a_message_never_a_crash(app):
    path = daily_path(app.ctx.store)
    path.write_bytes(b"\xff{not json" * 10)
    title = TitleScene(app.ctx)
    assert title.message and "daily record" in title.message
    assert title.daily_line == "Today: not played yet · streak 0"
    app.ctx.nav.daily()
    app.step()
    assert isinstance(app.ctx.scenes.top, DailyScene)
