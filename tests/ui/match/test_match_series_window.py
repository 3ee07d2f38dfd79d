"""Matches in the window (issue 27 item 3): New game offers a single game, best of 3 or best of
5; each game's end is counted in the match file at once; the game-over box gives the score and
"Next game" until one side has won; the score is at the top of the log; a game of a match that
is continued (the window lost mid-game) finds its match and its score again."""

from __future__ import annotations

import pygame  # noqa: E402
import pytest  # noqa: E402

from game.persist.match import MatchSeries, match_path, read_tag  # noqa: E402
from game.ui.match import series as series_mod  # noqa: E402
from game.ui.match.scene import MatchScene  # noqa: E402
from game.ui.screens.new_game import NewGameScene  # noqa: E402
from tests.support.match_play import play_out  # noqa: E402
from tests.support.series_window import game_over_box, key, start_best_of

pytestmark = pytest.mark.window('--speed', '50', '--seed', '11', first_frame=True)










def test_the_length_button_cycles_and_is_reached_by_keyboard(app):
    screen = NewGameScene(app.ctx, hot_seat=False, rules="1v1")
    app.ctx.scenes.push(screen)
    texts = []
    for _ in range(len(screen.row.buttons)):
        key(app, pygame.K_TAB)
        texts.append(screen.row.buttons[screen.row.focus].text)
    assert "Single game" in texts
    while screen.row.buttons[screen.row.focus].text != "Single game":
        key(app, pygame.K_TAB)
    key(app, pygame.K_RETURN)
    assert screen.length == 3 and any(b.text == "Best of 3" for b in screen.row.buttons)
    screen._cycle_length()
    screen._cycle_length()
    assert screen.length == 1


def test_a_best_of_three_is_played_to_its_end_with_the_score_between_games(app):
    scene = start_best_of(app, 3)
    series = scene.config.series
    assert series is not None and series.length == 3 and series.current is not None
    assert match_path(app.ctx.store).exists()  # written before the first move
    assert series_mod.box_height(scene.config, scene.team_name) > 0  # the score on the table
    for number in range(1, 4):
        assert scene.config.seed == series.current.seed
        play_out(app, scene)
        box = game_over_box(app)
        saved, message = MatchSeries.load(match_path(app.ctx.store))
        assert message is None and len(saved.games) == number  # counted at once
        assert saved.score == series.score
        assert any("Best of 3:" in line for line in box.lines)
        app.ctx.writer.flush(10.0)
        replay = scene.ctl.saver.replay_path
        assert read_tag(replay.read_text(encoding="utf-8")).game == number
        if series.over:
            labels = [b.text for b in box.row.buttons]
            assert "Next game" not in labels and "Rematch" not in labels
            assert any("wins the match" in line for line in box.lines)
            assert max(series.score) == 2
            return
        assert [b.text for b in box.row.buttons][0] == "Next game"
        box.row.buttons[0].action()
        app.step()
        scene = app.ctx.scenes.top
        assert isinstance(scene, MatchScene) and scene.config.series is series
        assert series.current is not None and series.game_no == number + 1
    raise AssertionError("a best of 3 ended after 3 games at most")


def test_a_game_of_a_match_continued_after_the_window_went_keeps_its_match(app, open_window):
    scene = start_best_of(app, 3)
    play_out(app, scene)
    game_over_box(app).row.buttons[0].action()  # Next game
    app.step()
    second = app.ctx.scenes.top
    assert isinstance(second, MatchScene)
    play_out(app, second, stop_after=second.ctl.decision_no + 6)
    seed, score = second.config.seed, second.config.series.score
    app.ctx.writer.flush(10.0)
    app.close(quit_pygame=False)  # the window goes away mid-game

    again = open_window("--speed", "50", first_frame=True)
    record, _message = again.ctx.store.load_autosave()
    assert record is not None and record.seed == seed
    assert again.ctx.nav.resume(record) is None
    again.step()
    resumed = again.ctx.scenes.top
    assert isinstance(resumed, MatchScene)
    assert resumed.config.series is not None and resumed.config.series.score == score
    play_out(again, resumed)
    box = game_over_box(again)
    assert any("Best of 3:" in line for line in box.lines)
    saved, _ = MatchSeries.load(match_path(again.ctx.store))
    assert len(saved.games) == 2


def test_statistics_count_a_decided_match(app):
    from game.ui.records.statistics import StatsScene

    scene = start_best_of(app, 3)
    series = scene.config.series
    while True:
        play_out(app, scene)
        box = game_over_box(app)
        if series.over:
            break
        box.row.buttons[0].action()
        app.step()
        scene = app.ctx.scenes.top
    app.ctx.writer.flush(10.0)
    stats = StatsScene(app.ctx)
    assert stats.loading.wait(30)
    stats.update(0.0)
    won = 1 if series.winner == 0 else 0
    assert stats.matches.played == 1 and stats.matches.won == won
    assert stats.matches_line() == f"Matches (best of 3 or 5): 1 played, {won} won"
