"""The window: pygame scenes over the engine, in folders by layer.

Ranks, lowest first; a module imports only from its own folder or a lower rank:
``core`` (scene stack, context, window, presenter, sound) < ``kit`` (theme, fonts, widgets) <
``cards`` (card faces and art) < ``table`` (the table every game screen shows) < ``match`` =
``records`` (the match scene and its parts; replays and statistics) < ``learn`` (lessons and
puzzles) = ``net`` (a network seat) < ``screens`` (title, new game, settings, how to play) <
``routes`` (the one module that knows every screen; only game.app imports it).

Layer 8 (tests/tools/test_layers.py checks it): below all of them, it may import game.common, game.engine,
game.cards, game.words, game.scenarios, game.learn, game.persist, game.ai, game.net,
game.speech and game.server (its client, for playing online); only game.app imports the window.
"""
