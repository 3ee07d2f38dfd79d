"""The screens around the table: title, new game, settings, how to play, games in progress.

They change screens only through ``ctx.nav``. Imports: game.ui.learn, game.ui.match,
game.ui.records and below.
"""
