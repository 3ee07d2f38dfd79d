"""The foundation every layer may use: words (i18n), the user's folders, the
game's own files read and written defensively, safe text, settings and
command-line argument types.

Layer 0 (tests/tools/test_layers.py checks it): imports the standard library, platformdirs, filelock; nothing else
of the game (not even game.engine, the other foundation).
"""
