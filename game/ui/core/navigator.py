"""The one way to change screens: a scene asks ``ctx.nav`` for the screen it wants.

A Protocol here, in the lowest folder, so that every scene may use it; ``game/ui/routes.py``
implements it and is the one module that knows every screen's class (only game/app.py imports
it). A scene imports another scene's class only to subclass it, or to push an overlay its own
folder owns.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    from game.ai.moments import AnalysisJob as MomentsJob
    from game.net.saves import HostSave
    from game.persist.record import GameRecord
    from game.ui.core.match_config import MatchConfig


class Navigator(Protocol):
    """The moves between screens. ``title``, ``start_match`` and ``resume`` start the stack
    over; the others push a screen over the current one (its Back returns here)."""

    def title(self, message: str | None = None) -> None:
        """The title screen alone, with ``message`` (an error, a refusal) if any."""

    def start_match(self, config: MatchConfig) -> None:
        """A new match in place of everything shown."""

    def start_series(self, config: MatchConfig, length: int) -> None:
        """A match of ``length`` games (best of 3 or 5) with these seats: its first game."""

    def next_in_series(self, config: MatchConfig) -> None:
        """The next game of the match ``config`` is one of (the title once it is decided)."""

    def resume(self, record: GameRecord) -> str | None:
        """Continue a saved game; the reason it cannot be (another window holds it), else None
        (and nothing changes on screen then)."""

    def replay(self, record: GameRecord) -> None:
        """The replay viewer on a finished game, over this screen (ValueError: not laid out)."""

    def moments(self, record: GameRecord) -> None:
        """The replay viewer on a finished game with its moments box open (game over)."""

    def analyse_moments(self, record: GameRecord) -> MomentsJob:
        """Start the moments analysis of a game that just ended, in the background (the
        game-over box's "Biggest moment"); the moments box of the same game takes it over."""
        ...

    def drop_moments(self, record: GameRecord) -> None:
        """The game-over box is gone: stop that analysis unless a viewer took it over."""
        ...

    def new_game(self, hot_seat: bool, rules: str) -> None:
        """The new-game screen (vs computer, hot seat, or the 2v2 seats)."""

    def settings(self) -> None: ...

    def howto(self) -> None: ...

    def games_in_progress(self) -> None: ...

    def replays(self) -> None: ...

    def statistics(self) -> None: ...

    def tutorial(self, start: bool = False) -> None:
        """The lesson list; ``start``: and the first lesson not done yet, at once."""

    def puzzles(self) -> None: ...

    def daily(self) -> None:
        """The daily deal: today's deal, the level, today's result and the streak."""

    def start_daily(self, level: str) -> None:
        """Today's deal against ``level`` in place of everything shown: the attempt is written
        down at once (the first of the day counts), and its end reaches the daily record."""

    def gallery(self) -> None:
        """The card gallery: every card large, filters, figures from the kept games."""

    def join_game(self, address: str = "", name: str = "", code: str = "",
                  start: bool = False) -> None:
        """Join a game another computer hosts: the address, name and code (``start``: join at
        once, as ``python -m game --join`` does)."""

    def network_match(self, session: object) -> None:  # a NetSession (game.ui.net, above this layer)
        """The match of a seat joined over the network (``session``: a
        game.ui.net.session.NetSession, named loosely: that folder ranks above this one), in
        place of everything shown."""

    def host_game(self, rules: str = "1v1", setup: tuple[int, int] = (2, 1)) -> None:
        """Host a game on this network: the seats, then the lobby (address, code, seats)."""

    def continue_hosted(self, saved: HostSave) -> str | None:
        """Host again a game this computer hosted and left unfinished, on its port, its lobby
        over this screen: the same seats rejoin with their tickets. The reason it cannot be
        (the port refused), else None."""

    def network_game(self) -> None:
        """Play over the network: the choice between hosting a game here and joining one
        another computer hosts (a box over this screen)."""

    def play_online(self, server: str = "", code: str = "") -> None:
        """Play online: a server (the last used), make a room or join one by its code."""

    def online_match(self, session: object) -> None:  # an OnlineSession (game.ui.online, above)
        """The match of a seat in an online room (``session``: a
        game.ui.online.session.OnlineSession, named loosely as ``network_match``'s), in place of
        everything shown."""
