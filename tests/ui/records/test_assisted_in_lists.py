"""Issue 26: a game with a move taken back (or played on from a replay) says "assisted" in the
replay list, and the statistics count it apart from the unaided games (one line under the
title), read in the background like every other figure."""

from __future__ import annotations

from dataclasses import replace

import pytest

from game.persist import record as rec
from game.ui.records.replay_list import ReplaysScene
from game.ui.records.statistics import StatsScene, assisted_line
from tests.support.records import finished_record

pytestmark = pytest.mark.window('--speed', '20', first_frame=True)


@pytest.fixture
def kept(app):
    record = finished_record(seed=12)
    seats = (rec.SeatInfo("person", None, "You"), rec.SeatInfo("computer", "hard", "Bot"))
    whole = rec.GameRecord("1v1", "ai", record.seed, seats, record.choices, cards=record.cards,
                           date="2026-01-01T10:00:00Z", result=record.result)
    app.ctx.store.save_replay(whole)
    app.ctx.store.save_replay(replace(whole, date="2026-01-02T10:00:00Z", assisted=True))
    return whole


def drawn_texts(app, scene, monkeypatch):
    from game.ui.kit import widgets

    seen = []
    real = widgets.text

    def spy(surface, text, *a, **kw):
        seen.append(text)
        return real(surface, text, *a, **kw)

    monkeypatch.setattr(widgets, "text", spy)
    scene.draw(app.screen)
    return seen


def test_the_replay_list_marks_the_assisted_game(app, kept, monkeypatch):
    scene = ReplaysScene(app.ctx)
    app.ctx.scenes.push(scene)
    assert scene.loading.wait(30)
    app.step()
    assert [bool(e.record.assisted) for e in scene.entries] == [True, False]
    texts = drawn_texts(app, scene, monkeypatch)
    assert sum("assisted" in t for t in texts) == 1


def test_statistics_count_the_assisted_game_apart(app, kept, monkeypatch):
    scene = StatsScene(app.ctx)
    app.ctx.scenes.push(scene)
    assert scene.loading.wait(30)
    app.step()
    assert scene.stats.games == 1 and scene.assisted.games == 1
    assert any(assisted_line(scene.assisted) in t for t in drawn_texts(app, scene, monkeypatch))


def test_the_assisted_games_have_their_own_tables_a_key_away(app, kept, monkeypatch):
    scene = StatsScene(app.ctx)
    app.ctx.scenes.push(scene)
    assert scene.loading.wait(30)
    app.step()
    assert [r.date for r in scene.shown.recent] == [kept.date], "the unaided game alone"
    import pygame

    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_a, mod=0, unicode="a"))
    app.step()
    assert scene.showing_assisted and scene.shown is scene.assisted
    assert [r.date for r in scene.shown.recent] == ["2026-01-02T10:00:00Z"]
    assert sum(s.games for s in scene.shown.levels.values()) == 1
    texts = drawn_texts(app, scene, monkeypatch)
    assert any(t.startswith("The 1 assisted game alone") for t in texts)
    assert "Unaided games (A)" in [b.text for b in scene.row.buttons]
    scene.open_recent(0)
    assert app.ctx.scenes.top.record.assisted, "a click on a recent row opens that assisted game"


def test_no_unaided_game_says_where_the_assisted_ones_are(app, monkeypatch):
    record = finished_record(seed=12)
    seats = (rec.SeatInfo("person", None, "You"), rec.SeatInfo("computer", "hard", "Bot"))
    app.ctx.store.save_replay(rec.GameRecord("1v1", "ai", record.seed, seats, record.choices,
                                             cards=record.cards, date="2026-01-02T10:00:00Z",
                                             result=record.result, assisted=True))
    scene = StatsScene(app.ctx)
    app.ctx.scenes.push(scene)
    assert scene.loading.wait(30)
    app.step()
    texts = drawn_texts(app, scene, monkeypatch)
    assert "No unaided game yet: A shows the assisted ones." in texts
    assert "No finished games yet." not in texts
