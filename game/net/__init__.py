"""Play over the network: the host is the referee, clients send the options they pick.

Only the host runs the engine. Each client receives the events and the view of its own seat
(never a hidden card of another seat, never a draw pile's order, never the cards out of the
game) and sends the option it picks for its own seat's decisions; the host checks every pick
with the engine. Everything here is headless: the window's host and join screens build on
``Host`` and ``Client``.

- ``protocol``: framing (length-prefixed JSON), limits, the message schema, the handshake facts
- ``viewcodec``: a seat's view and its events to wire data and back (data only, no pickle)
- ``seats``: tokens, join codes, names
- ``saves``: the host's save (record + seat tokens) and the client's ticket for rejoining
- ``players``: the computer deciding for a seat, reproducibly
- ``conn``: the connections a host serves (sockets, deadlines, limits, rates) and their loop
- ``host``, ``client``: the two ends; ``__main__``: ``python -m game.net host|join``

Layer 6 (tests/tools/test_layers.py checks it): may import game.common, game.engine, game.cards, game.words,
game.scenarios, game.learn, game.persist, game.ai; never game.speech (the same layer), game.ui
or pygame.

LAN discovery (zeroconf) is a later step: ``Host.announce`` is the hook where an announcer
would publish the port and the game's name (see docs/network.md).
"""
