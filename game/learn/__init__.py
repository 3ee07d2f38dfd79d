"""The learning content as data: the tutorial's lessons and the puzzles, read
from scenario files and checked.

Layer 3 (tests/tools/test_layers.py checks it): may import game.common, game.engine, game.cards, game.words and
game.scenarios (a lesson or a puzzle is a scenario file: ``scenarios.runner.start_position``
sets its position up); never pygame or game.ui.
"""
