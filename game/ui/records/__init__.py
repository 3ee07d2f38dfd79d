"""Finished games: the replay viewer (with Play from here and the moments box), the replay
list (and its replay-code box), statistics.

Imports: game.ui.table and below.
"""
