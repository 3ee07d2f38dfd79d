"""The scenario runner: `python -m game.scenarios PATH...` (see ../shared/scenario-format.md).

``runner.start_position(doc, path, db)`` is the public contract for the start of a scenario
document (the learning content builds its positions with it).

Layer 2 (tests/tools/test_layers.py checks it): may import game.common, game.engine, game.cards, game.words; never
game.learn (which is made of scenario files), pygame or game.ui.
"""

from .runner import Result, run_file, scenario_files

__all__ = ["Result", "run_file", "scenario_files"]
