"""Play online: ``python -m game.server``, one process hosting many games for anyone.

Each game (a *room*: 1v1 or 2v2, any seats computers, ranked or friendly, found by a short
invite code) is refereed by the engine through the LAN host's protocol, pick checks and
per-seat views (``game.net``): a client is sent its own seat's view only. Every connection is
TLS (a certificate given, or a self-signed one whose SHA-256 fingerprint clients pin on first
contact); a player is known by an Ed25519 key kept in their data folder, which signs the
server's challenge, never by an account.

- ``messages``: the typed messages of the lobby (challenge, login, create, join, room) beside
  game.net's in-game ones
- ``tls``: the certificate made at first start, its fingerprint, the client's pins
- ``identity``: the player's key, the challenge it signs, the name through the one
  text-safety rule (game.common.safe_text)
- ``config``: the config file and flags
- ``store``: SQLite in the server's data folder: finished games, ratings, running games
- ``glicko``, ``ratings``: Glicko-2 (rating, RD, volatility) for ranked games
- ``matchmaking``: the quick-match queue (the ``MatchQueue`` protocol, ``LocalQueue``) and its
  widening window; ``quickmatch``: the server's desk for it and the leaderboard
- ``redisqueue``: the quick-match queue in Redis, one for several server processes
- ``cluster``: a process among several sharing one Redis: a pair handed to the other process
- ``timers``: a timed room's clock (decision time, bank) and the default choice;
  ``timekeeper``: the server's clocks; ``seams``: what those two use of the server
- ``room``: one game: its seats, its players' keys, its computers, its record
- ``server``: the asyncio process: connections, limits, rooms, shutdown and resume
- ``spectate``: spectators, a few decisions behind, with the public view (no hand, no pile)
- ``cover``: a dropped player's seat, played by a computer after its wait until they are back
- ``watching``: the server's handlers for those two (a mixin of ``server.Server``)
- ``client``: one player's connection to a server (bots in tests; the window later)

Layer 7 (tests/tools/test_layers.py checks it): may import game.common, game.engine, game.cards,
game.words, game.scenarios, game.learn, game.persist, game.ai, game.net and game.speech (the
server uses none of speech); never game.ui or pygame: the window may import the client.
"""
