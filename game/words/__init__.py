"""The words a player reads (and hears) for the game's events, prompts and
moves: the table's log, its prompt line and speech share them.

Layer 1 (tests/tools/test_layers.py checks it): may import game.common, game.engine; never game.cards (the same
layer), pygame or game.ui.
"""
