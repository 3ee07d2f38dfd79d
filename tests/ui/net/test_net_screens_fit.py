"""The network screens fit, in English and in German: Host a game (2v2 with a person here and
the line of a game left unfinished), the lobby with four seats, Join a game with games found on
the network, and the network line over a 2v2 table. Uses test_layout_overlap's recorder: no
text leaves the screen, overlaps another or crosses a button's edge."""

from __future__ import annotations

import pygame
import pytest

from game.net.discovery import FoundGame
from tests.support.layout_check import draw, problems
from tests.support.net_screens import lobby_game, saved_game


@pytest.fixture
def app(layout_app):
    """The window of the layout checks, in English and German (tests/ui/conftest.py)."""
    return layout_app



def test_host_a_game_fits(app):  # noqa: F811 - the fixture
    from game.ui.net.hosting import HostSetupScene

    scene = HostSetupScene(app.ctx, "2v2")
    scene.saved = saved_game()
    scene._cycle(2)  # a person here, with a name field
    scene._build()
    scene.name = "Bartholomew von Wolkenstein"
    app.ctx.scenes.push(scene)
    assert problems(draw(app)) == []
    scene.message = "The game cannot be hosted here: Address already in use"
    assert problems(draw(app)) == []


def test_the_lobby_fits(app):  # noqa: F811
    from game.ui.net.hosting import LobbyScene

    hosted = lobby_game()
    app.ctx.scenes.push(LobbyScene(app.ctx, hosted))
    assert problems(draw(app)) == []


def test_join_with_games_found_fits(app, monkeypatch):  # noqa: F811
    from game.net import discovery
    from game.ui.net.join import JoinScene

    monkeypatch.setattr(discovery, "available", lambda: False)
    scene = JoinScene(app.ctx, "192.168.100.200:51515", "Maximiliane Mustermann", "K7M2QX")
    app.ctx.scenes.push(scene)
    assert problems(draw(app)) == []  # the line saying how to get the list
    scene.found = [FoundGame(f"k{i}", f"192.168.100.{200 + i}:5151", name, rules, free, seats,
                             joinable)
                   for i, (name, rules, free, seats, joinable) in enumerate([
                       ("Bartholomew von Wolkenstein-Rotenfels", "2v2", 3, 4, True),
                       ("Ada", "1v1", 0, 2, True), ("Cleo", "2v2", 1, 4, False),
                       ("Dora", "1v1", 1, 2, True)])]
    scene.message = "That is not this game's join code: ask the host for the code on their screen."
    assert problems(draw(app)) == []
    scene.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=(10, 10), rel=(0, 0), buttons=(0,)))


def test_the_team_game_screen_offers_hosting_a_2v2_and_still_fits(app):  # noqa: F811
    from game.ui.net.hosting import HostSetupScene

    app.ctx.nav.new_game(hot_seat=False, rules="2v2")
    screen = app.ctx.scenes.top
    host = next(b for b in screen.row.buttons if b.text == "Host a game")
    assert next(b for b in screen.row.buttons if b.text == "Join a game")
    assert problems(draw(app)) == []
    host.action()
    setup = app.ctx.scenes.top
    assert isinstance(setup, HostSetupScene) and setup.rules == "2v2"
