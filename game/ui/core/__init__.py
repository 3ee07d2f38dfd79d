"""The window's machinery: the scene base and the scene stack (with the hooks it broadcasts),
the context every scene gets, the navigator's Protocol (``ctx.nav``), the contracts of the card
renderer, the sounds and a game seat (``seat.GameSeat``), the save services (store, writer,
locks, --quit-after), what a match is made of (``match_config``), the window and its viewport,
the presenter, sounds, the AI's thread.

Imports: game.common, game.engine, game.persist, game.ai; nothing above it in game.ui.
"""
