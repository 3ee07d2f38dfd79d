"""The screens around the table: title, new game, settings, how to play, the daily deal,
the card gallery.

Imports: game.ui.learn, game.ui.match, game.ui.records and below.
"""
