"""The statistics screen keeps 1v1 and 2v2 games apart, each table under its own heads, and
writes its percentages in the player's language (issue 28 item 5)."""

from __future__ import annotations

import pygame

from game.common import i18n
from game.persist.stats import LevelStats, Statistics
from game.ui.records.statistics import StatsScene
from tests.support.text_spy import record_texts


def _drawn(app, monkeypatch) -> list[str]:
    scene = StatsScene(app.ctx)
    scene.loaded = True
    scene.loading = None
    scene.stats = Statistics(levels={"hard": LevelStats("hard", games=4, wins=1, best_streak=1)},
                             team_levels={"hard": LevelStats("hard", games=2, wins=2, best_streak=2)},
                             games=6)
    seen = record_texts(monkeypatch)
    scene.draw(pygame.Surface((1280, 720)))
    return seen


def test_the_computer_table_shows_1v1_and_2v2_apart_under_named_heads(open_window, monkeypatch):
    app = open_window(first_frame=True)
    seen = _drawn(app, monkeypatch)
    assert "One against one (1v1)" in seen and "Teams (2v2)" in seen
    assert seen.count("Games") == 2 and seen.count("Win rate") == 2 and "Best streak" in seen
    assert "25%" in seen and "100%" in seen  # the duels' 1 of 4, the team games' 2 of 2
    assert seen.count("4") >= 1 and "2" in seen


def test_german_percentages_have_their_space(open_window, monkeypatch):
    app = open_window(first_frame=True)
    i18n.set_language("de")
    try:
        seen = _drawn(app, monkeypatch)
    finally:
        i18n.set_language("en")
    assert "25\u00a0%" in seen and "100\u00a0%" in seen
