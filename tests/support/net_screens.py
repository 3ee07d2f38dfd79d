"""The network screens for the layout walks (tests.support.layout_check): Host a game (1 vs 1,
and 2 vs 2 with a person here and a game left unfinished), the lobby with four seats, and Join
a game with games found on the network. No socket is opened: the lobby's game and the found
games are made up."""

from __future__ import annotations

from collections.abc import Iterator
from types import SimpleNamespace

import pytest

from game.net.discovery import FoundGame
from game.net.saves import HostSave, SeatState
from game.persist.record import GameRecord, SeatInfo, card_fingerprint, now_stamp


def saved_game() -> HostSave:
    seats = [SeatState(True, "person", None, "Bartholomew", "0" * 64),
             SeatState(True, "person", None, "Maximiliane", "1" * 64),
             SeatState(True, "person", None, "Cleo", "2" * 64),
             SeatState(False, "computer", "hard", "Computer 4 (Hard)")]
    record = GameRecord(rules="2v2", mode="network", seed=1, seats=tuple(
        SeatInfo(s.kind, s.level, s.name) for s in seats), cards=card_fingerprint(),
        date=now_stamp())
    return HostSave("abc", record, seats)


def lobby_game() -> SimpleNamespace:
    """A hosted 2v2 game as the lobby reads it: a seat taken, one dropped, one free, a computer."""
    seats = [{"name": "Bartholomew", "kind": "person", "level": None, "remote": True,
              "taken": True, "connected": True},
             {"name": "Maximiliane Mustermann", "kind": "person", "level": None, "remote": True,
              "taken": True, "connected": False},
             {"name": "Player 3", "kind": "person", "level": None, "remote": True,
              "taken": False, "connected": False},
             {"name": "Computer 4 (Expert)", "kind": "computer", "level": "expert",
              "remote": False, "taken": True, "connected": True}]
    session = SimpleNamespace(seats=seats, status="waiting", states=[], stop=lambda: None,
                              status_line=lambda: "Waiting for players: 1 seat is still free.")
    return SimpleNamespace(address="192.168.100.200:51515", code="K7M2QX", session=session,
                           sessions={0: session}, can_start=False, ready=False,
                           announcer=object(), announce_seats=lambda: None)


def found_games() -> list[FoundGame]:
    return [FoundGame(f"k{i}", f"192.168.100.{200 + i}:5151", name, rules, free, seats, joinable)
            for i, (name, rules, free, seats, joinable) in enumerate([
                ("Bartholomew von Wolkenstein-Rotenfels", "2v2", 3, 4, True),
                ("Ada", "1v1", 0, 2, True), ("Cleo", "2v2", 1, 4, False),
                ("Dora", "1v1", 1, 2, True)])]


def net_screens(ctx) -> Iterator[tuple[str, object, bool]]:
    """(name, scene, draw only the top scene), as layout_check's walk takes them."""
    from game.net import discovery
    from game.ui.net.hosting import HERE, HostSetupScene, LobbyScene
    from game.ui.net.join import JoinScene

    yield "host a game, 1 vs 1", HostSetupScene(ctx, "1v1"), False
    host = HostSetupScene(ctx, "2v2", (1, 2))  # the longest set-up line
    host.saved = saved_game()
    host.others[1] = HERE  # a person here, with a name field
    host._build()
    host.name = "Bartholomew von Wolkenstein"
    yield "host a game, 2 vs 2", host, False
    yield "the lobby", LobbyScene(ctx, lobby_game()), False
    with pytest.MonkeyPatch.context() as m:  # nothing looks for games on the network
        m.setattr(discovery, "available", lambda: False)
        join = JoinScene(ctx, "192.168.100.200:51515", "Maximiliane Mustermann", "K7M2QX")
        found = JoinScene(ctx, "", "Ada", "")
    yield "join a game", join, False
    found.browse_note, found.found = None, found_games()
    yield "join a game, games found", found, False
