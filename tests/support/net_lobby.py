"""The host's lobby in the window, with remote seats over loopback."""

from __future__ import annotations

import socket
import threading

import pygame

from game.net.client import Client
from game.ui.net.hosting import HostSetupScene, LobbyScene
from tests.support.net_window import step_until


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def open_lobby(app, name: str = "Ada") -> LobbyScene:
    setup = HostSetupScene(app.ctx, "1v1")
    app.ctx.scenes.push(setup)
    setup.name = ""
    for ch in name:  # typed into the name field
        setup.handle(pygame.event.Event(pygame.TEXTINPUT, text=ch))
    setup.start()
    lobby = app.ctx.scenes.top
    assert isinstance(lobby, LobbyScene)
    step_until(app, lambda: lobby.hosted.session.seats, "the lobby's seats")
    return lobby


def remote(port: int, root, name: str = "Basil", level: str | None = "easy",
           code: str | None = None) -> tuple[Client, threading.Thread]:
    client = Client("127.0.0.1", port, name, level=level, code=code, store_root=root,
                    log=lambda _line: None)
    thread = threading.Thread(target=client.run, daemon=True)
    thread.start()
    return client, thread
