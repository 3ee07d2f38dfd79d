"""The records scenes speak their contents (issue 25): the Replays list says the selected row's
words as Up/Down reach it, the replay viewer says each step's event lines and the line under the
table, Statistics says each line of figures as Up/Down reach it (and Enter on a recent game
opens it). Keys only, a recording speech sink."""

from __future__ import annotations

import pygame
import pytest

from game.persist import record as rec
from game.persist.summary import result_line
from game.speech.sinks import RecordingSink
from game.ui.core.speech_out import ScreenSpeech
from game.ui.records.replay_list import ReplaysScene
from game.ui.records.statistics import StatsScene
from game.ui.records.viewer import ReplayScene
from tests.support.records import finished_record  # noqa: E402


def tap(app, k: int, mod: int = 0) -> None:
    for down in (True, False):
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN if down else pygame.KEYUP, key=k, mod=mod,
                                             unicode="", scancode=0))
        app.step()


def settle(app, scene) -> None:
    for _ in range(2000):
        if not scene.animating:
            app.step()
            return
        app.step()
    raise AssertionError("never came to rest")


@pytest.fixture
def app(tmp_path, monkeypatch, open_window):
    monkeypatch.setenv("MINDBUG_DATA_DIR", str(tmp_path / "data"))
    app = open_window("--speed", "20", first_frame=True)
    app.voice = RecordingSink()
    app.ctx.speech = ScreenSpeech(True, None, app.ctx.settings, system=lambda language: app.voice)
    return app


@pytest.fixture
def kept(app):
    record = finished_record(seed=12)
    for i, level in enumerate(("hard", "easy")):
        seats = (rec.SeatInfo("person", None, "You"), rec.SeatInfo("computer", level, f"Bot {level}"))
        app.ctx.store.save_replay(rec.GameRecord("1v1", "ai", record.seed, seats, record.choices,
                                                 cards=record.cards, date=f"2026-01-0{i + 1}T10:00:00Z",
                                                 result=record.result))
    return record


def test_the_replays_list_says_the_selected_row(app, kept):
    scene = ReplaysScene(app.ctx)
    app.ctx.scenes.push(scene)
    settle(app, scene)
    said = app.voice.lines
    assert "Replays" in said
    assert said[-1].startswith("1 of 2: ") and "vs Easy" in said[-1], said[-3:]  # newest first
    tap(app, pygame.K_DOWN)
    assert said[-1].startswith("2 of 2: ") and "vs Hard" in said[-1], said[-1]
    assert result_line(scene.entries[1].record) in said[-1]
    tap(app, pygame.K_TAB)  # the buttons
    assert said[-1] == "Copy code"
    tap(app, pygame.K_UP)  # back to the list: its row again, and Enter opens it
    assert said[-1].startswith("1 of 2: ")
    tap(app, pygame.K_RETURN)
    assert isinstance(app.ctx.scenes.top, ReplayScene)


def test_the_viewer_says_each_step_and_what_comes_next(app, kept):
    viewer = ReplayScene(app.ctx, kept)
    app.ctx.scenes.push(viewer)
    settle(app, viewer)
    said = app.voice.lines
    assert said[-1].startswith("Replay. Turn 1 of ") and "next:" in said[-1], said[-1]
    for _ in range(6):  # event by event: each step's lines, then the line under the table
        k, e = viewer.position
        expected = [line for line in [viewer.event_line(k, e)] if line]
        before = len(said)
        tap(app, pygame.K_RIGHT)
        settle(app, viewer)
        new = said[before:]
        assert new, "a step said nothing"
        for line in expected:
            assert line in new[-1], (line, new)
        assert new[-1].endswith(viewer.prompt()[0]), (new[-1], viewer.prompt()[0])
    before = len(said)
    tap(app, pygame.K_HOME)  # a jump: the line under the table alone
    assert said[before:] and said[-1] == viewer.prompt()[0]


def test_statistics_say_each_line_and_open_a_recent_game(app, kept):
    scene = StatsScene(app.ctx)
    app.ctx.scenes.push(scene)
    settle(app, scene)
    said = app.voice.lines
    assert "Statistics" in said
    tap(app, pygame.K_DOWN)
    assert said[-1] == "From the 2 kept games", said[-1]
    heard = []
    for _ in range(len(scene.lines()) - 1):
        tap(app, pygame.K_DOWN)
        heard.append(said[-1])
    assert any(line.startswith("Easy: games 1, ") for line in heard), heard
    assert any(line.startswith("Hard: games 1, ") for line in heard), heard
    assert any(line.startswith("Recent game 1 of 2: ") for line in heard), heard
    assert any(": played " in line and "side won" in line for line in heard), heard
    scene.draw(pygame.Surface((1280, 720)))
    assert len(scene.line_rects) == len(scene.lines())  # every line has its ring's place
    first_recent = next(i for i, line in enumerate(scene.lines()) if line.startswith("Recent game 1"))
    for _ in range(scene.cursor - first_recent):
        tap(app, pygame.K_UP)
    assert said[-1].startswith("Recent game 1 of 2: ")
    tap(app, pygame.K_RETURN)
    assert isinstance(app.ctx.scenes.top, ReplayScene)


def test_statistics_say_the_team_games_apart_in_their_level_row(app, kept):
    record = finished_record(seed=5, rules="2v2")
    seats = (rec.SeatInfo("person", None, "You"), rec.SeatInfo("computer", "easy", "Bot A"),
             rec.SeatInfo("computer", "easy", "Mate"), rec.SeatInfo("computer", "easy", "Bot B"))
    app.ctx.store.save_replay(rec.GameRecord("2v2", "ai", record.seed, seats, record.choices,
                                             cards=record.cards, date="2026-01-03T10:00:00Z",
                                             result=record.result))
    scene = StatsScene(app.ctx)
    app.ctx.scenes.push(scene)
    settle(app, scene)
    easy = next(line for line in scene.lines() if line.startswith("Easy: "))
    assert easy.startswith("Easy: games 1, ") and "; teams (2v2): games 1, " in easy, easy
    scene.draw(pygame.Surface((1280, 720)))
    assert len(scene.line_rects) == len(scene.lines())


def test_statistics_at_200_percent_show_one_table_and_the_line_walk_follows_it(app, kept):
    """At a larger text size the three tables take turns, full width, under tabs: Page Down and
    the number keys switch them, and the line walk switches to the table of the line it reaches
    (its ring drawn there, the other tables' lines not drawn)."""
    from game.ui.kit import legible

    legible.set_text_scale(200)
    try:
        scene = StatsScene(app.ctx)
        app.ctx.scenes.push(scene)
        settle(app, scene)
        assert scene.one_at_a_time and scene.section == 0
        scene.draw(pygame.Surface((1280, 720)))
        assert len(scene.line_rects) == len(scene.lines())
        drawn = [i for i, r in enumerate(scene.line_rects) if r.w]
        assert drawn == [0, *scene._section_lines()[0]], drawn  # the summary and the levels alone
        tap(app, pygame.K_PAGEDOWN)
        assert scene.section == 1
        tap(app, pygame.K_3)
        assert scene.section == 2
        tap(app, pygame.K_1)
        first_recent = scene._section_lines()[1][0]
        for _ in range(first_recent + 1):  # from nothing: the summary, the levels, the matches
            tap(app, pygame.K_DOWN)
        assert scene.cursor == first_recent and scene.section == 1
        assert app.voice.lines[-1].startswith("Recent game 1 of 2: ")
        scene.draw(pygame.Surface((1280, 720)))
        assert scene.line_rects[first_recent].w and not scene.line_rects[1].w
    finally:
        legible.set_text_scale(100)
    scene.draw(pygame.Surface((1280, 720)))
    # Side by side again: every line drawn but the cards table's rows past what fits over its
    # note (that table scrolls to follow the ring).
    assert not scene.one_at_a_time
    cards_table = set(scene._section_lines()[2])
    assert all(r.w for i, r in enumerate(scene.line_rects) if i not in cards_table)
    assert scene.line_rects[min(cards_table)].w
