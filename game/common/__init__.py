"""The foundation every layer may use: words (i18n), the user's folders, the
game's own files read and written defensively, safe text, settings and
command-line argument types.

Imports: the standard library, platformdirs, filelock; nothing else of the game.
"""
