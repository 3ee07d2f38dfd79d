"""The window: pygame scenes over the engine, in folders by layer.

Ranks, lowest first; a module imports only from its own folder or a lower rank:
``core`` (scene stack, context, window, presenter, sound) < ``kit`` (theme, fonts, widgets) <
``cards`` (card faces and art) < ``table`` (the table every game screen shows) < ``match`` =
``records`` (the match scene and its parts; replays and statistics) < ``learn`` (lessons and
puzzles) < ``screens`` (title, new game, settings, how to play) < ``routes`` (the one module
that knows every screen; only game.app imports it).

Below all of them: game.common, game.words, game.engine, game.cards, game.persist, game.ai.
"""
