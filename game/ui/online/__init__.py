"""Play online in the window (issue 46): a server anyone runs (``python -m game.server``),
rooms made and joined by invite code, the game played through the network seat's match.

Ranked with the screens, above the LAN's network seat (it reuses its session contract, its
controller, its match scene and its outage box): it may import core, kit, cards, table, match,
net (game.ui.net) and game.server's client; screens reach it only through ``ctx.nav``
(``play_online``, ``online_match``).

- ``session``: ``OnlineSession``, a ``game.server.client.OnlineClient`` on a thread of its own
  (its asyncio loop); each state message handed to the window's thread in order
- ``lobby``: the Play online screen (the server, your name, make a room, join by code)
- ``room``: the room before its game (connecting, the fingerprint on first contact, the invite
  code big with Copy, the seats, the time waited)
- ``match``: ``OnlineMatchScene``, the network seat's match with the server's words
- ``words``: the refusals and the outages in a player's words
"""
