"""Finished games: the replay viewer, the replay list, statistics.

Imports: game.ui.table and below.
"""
