"""The learning content as data: the tutorial's lessons and the puzzles, read
from scenario files and checked.

Imports: game.common, game.cards, game.engine; never pygame or game.ui.
"""
