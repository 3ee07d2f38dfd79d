"""The words a player reads (and hears) for the game's events, prompts and
moves: the table's log, its prompt line and speech share them.

Imports: game.common, game.engine; never pygame or game.ui.
"""
