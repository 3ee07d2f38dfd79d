"""Finished games: the replay viewer, the replay list (and its replay-code box), statistics.

Imports: game.ui.table and below.
"""
