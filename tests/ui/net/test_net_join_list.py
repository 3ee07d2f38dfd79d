"""Join a game lists the games found on this network: a window hosting over loopback is found
(zeroconf on loopback only), a click on it fills in the address (never the code: it is not
announced), and without zeroconf the list says in one line how to get it."""

from __future__ import annotations

import pygame
import pytest

from game.net import discovery
from game.ui.net.join import JoinScene, found_row
from tests.support.net_window import step_until


def click(app, pos) -> None:
    for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        app.ctx.scenes.top.handle(pygame.event.Event(kind, pos=pos, button=1))


def test_without_zeroconf_the_list_says_what_to_do_in_a_players_words(open_window, monkeypatch):
    monkeypatch.setattr(discovery, "available", lambda: False)
    app = open_window(first_frame=True)
    app.ctx.nav.join_game()
    scene = app.ctx.scenes.top
    assert isinstance(scene, JoinScene) and scene.browser is None
    assert "type the host's address" in scene.browse_note  # what to do instead
    assert "pip" not in scene.browse_note and discovery.INSTALL_HINT not in scene.browse_note
    app.step()  # drawn with the note, and the typed address still joins (tests/ui/test_net_window)


def test_a_hosted_game_is_found_and_a_click_fills_in_its_address(open_window, monkeypatch):
    pytest.importorskip("zeroconf")
    import game.ui.net.hosted as hosted_mod
    from game.ui.net.hosting import HostSetupScene

    monkeypatch.setattr(hosted_mod, "DEFAULT_PORT", 0)
    monkeypatch.setattr(hosted_mod, "lan_address", lambda: "127.0.0.1")
    monkeypatch.setattr(discovery, "INTERFACES", ["127.0.0.1"])
    host_app = open_window(first_frame=True)
    setup = HostSetupScene(host_app.ctx, "1v1")
    host_app.ctx.scenes.push(setup)
    setup.name = f"Ada{id(setup) % 100000}"  # tests in parallel hear each other's games
    setup.start()
    lobby = host_app.ctx.scenes.top
    hosted = lobby.hosted
    assert hosted.announcer is not None
    app = open_window(first_frame=True)
    app.ctx.nav.join_game()
    scene = app.ctx.scenes.top
    try:
        def ours():
            return [i for i, g in enumerate(scene.found) if g.host_name == setup.name]

        step_until(app, lambda: ours(), "the hosted game in the list", timeout=15)
        game = scene.found[ours()[0]]
        assert game.address == f"127.0.0.1:{hosted.port}" and game.free == 1
        scene.values[1] = ""
        click(app, found_row(ours()[0]).center)
        assert scene.values[0] == game.address and scene.values[2] == "" and scene.focus == 1
        app.step()
    finally:
        lobby.cancel()
        hosted.thread.join(10)
    assert hosted.announcer is None  # withdrawn with the game
    scene.back()
    assert scene.browser is None  # the list stops listening with the screen
