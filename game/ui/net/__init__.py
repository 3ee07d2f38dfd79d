"""Play a seat of a game another computer hosts, in the window (issue 24).

Ranked just above the match (it makes a match scene): it may import core, kit, cards, table,
match and game.net; screens reach its scenes only through ``ctx.nav`` (the title and Games in
progress read ``kept``, the hosted game left unfinished, to offer it).

- ``session``: a ``game.net.client.Client`` on its own thread; each state message handed to the
  window's thread in order; the status line ("reconnecting...", who is missing, a refusal)
- ``controller``: ``NetController``, what the match scene asks of a game, answered from this
  seat's view only (it never holds another seat's hidden card: the host never sends one)
- ``match``: ``NetMatchScene``, the local match scene playing the host's game
- ``join``: the Join a game screen (address, name, join code; the wait for the other players)
- ``hosted``: ``HostedGame``, a ``game.net.host.Host`` on a thread of the window, joined over
  loopback by the person here (seat 1); ``hosting``: its seats screen and its lobby
- ``kept``: the hosted game left unfinished (its save, the line describing it, forgetting it),
  light enough for the title
"""
