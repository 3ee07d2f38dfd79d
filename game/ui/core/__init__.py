"""The window's machinery: the scene stack, the context every scene gets,
the window and its viewport, the presenter, sounds, the AI's thread.

Imports: game.common, game.engine, game.persist, game.ai; nothing above it in game.ui.
"""
