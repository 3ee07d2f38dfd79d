"""The statistics screen keeps 2v2 games of another set-up (1 Mindbug each, two sets) out of
the level rows and says how many there are, in English and German."""

from __future__ import annotations

import pygame

from game.common import i18n
from game.persist.stats import LevelStats, Statistics
from game.ui.records.statistics import StatsScene


def _summary(app) -> str:
    scene = StatsScene(app.ctx)
    scene.loaded = True
    scene.loading = None
    scene.stats = Statistics(team_levels={"hard": LevelStats("hard", games=2, wins=2)},
                             setup_levels={(1, 2): {"hard": LevelStats("hard", games=3, wins=1)}},
                             games=5)
    scene.draw(pygame.Surface((1280, 720)))
    return scene.summary()


def test_the_summary_says_the_other_set_ups_games_are_counted_apart(open_window) -> None:
    app = open_window(first_frame=True)
    assert _summary(app) == "From the 5 kept games · 3 of other 2v2 set-ups, counted apart"
    i18n.set_language("de")
    try:
        assert "3 aus anderen 2v2-Aufbauten, getrennt gezählt" in _summary(app)
    finally:
        i18n.set_language("en")
