"""2v2 plates name their seats the same way (issue 42, finding 22): "Dex (Medium)" never
beside a bare "Basil"."""

from __future__ import annotations

import pygame

from game.ui.table import plates

NAMES = {"bottom": ("You", False), "top": ("Basil (Medium)", False), "left": ("Dex (Medium)", False),
         "right": ("Cleo (Medium)", False)}


def test_every_plate_keeps_or_drops_the_level_together():
    pygame.font.init()
    mixed_before = False
    for scale in (0.5, 0.6, 0.75, 0.9, 1.0, 1.25, 1.5):
        one_by_one = {pos: plates.small_name(pos, name, out, scale)[0] for pos, (name, out) in NAMES.items()}
        levels = {pos: "(" in text for pos, text in one_by_one.items() if pos != "bottom"}
        mixed_before |= len(set(levels.values())) > 1
        shown = plates.plate_names(NAMES, scale)
        kept = {pos: "(" in text for pos, text in shown.items() if pos != "bottom"}
        assert len(set(kept.values())) == 1, (scale, shown)
    assert mixed_before, "the plates' own fitting mixed the forms at some size (the finding)"


def test_the_start_of_a_2v2_game_takes_two_log_lines(open_window):
    from game.ui.core.match_config import MatchConfig, computer, person
    from game.ui.match.scene import MatchScene

    app = open_window()
    config = MatchConfig.for_seats([person("Ann"), computer("medium"), computer("medium"),
                                    computer("medium")], seed=5)
    scene = MatchScene(app.ctx, config)
    lines = [text for text, _color in scene.table.log]
    assert len(lines) == 2, lines  # the reveals in one line, who goes first in the other
    assert lines[0].startswith("New game. Who starts: ") and "Ann with " in lines[0]
    assert lines[1].endswith("first.")
