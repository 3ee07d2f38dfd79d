"""Play online in the window: a real server on loopback (TLS, a self-signed certificate pinned on
first contact), the title's Play online, a room made by clicks, its code joined by a headless bot,
the game played to its end in the window; a wrong code and an unreachable server said in words.

Checked besides: every face the table draws is one this seat may see (against the engine's own
view of the seat at that decision, rebuilt from the server's record), and nothing on the screens
is a developer's line.
"""

from __future__ import annotations

import random
import time

import pygame

from game.persist.rebuild import fresh_game, steps
from game.ui.online.lobby import FIELDS, OnlineScene
from game.ui.online.match import OnlineMatchScene
from game.ui.online.room import RoomScene
from tests.support.menu_events import click
from tests.support.net_window import answer, step_until
from tests.support.online_window import BotThread, ServerThread

TIMEOUT = 120.0


def typed(app, text: str) -> None:
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=text))
    app.step()


def key(app, k: int, mod: int = 0) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode="", scancode=0))
    app.step()


def button(scene, words: str):
    return next(b for b in scene.row.buttons if b.text == words)


def open_online(app, port: int) -> OnlineScene:
    """The title's Play online, the server and a name typed into their fields."""
    title = app.ctx.scenes.top
    click(app, button(title, "Play online").rect.center)
    scene = app.ctx.scenes.top
    assert isinstance(scene, OnlineScene)
    click(app, FIELDS[0].center)
    key(app, pygame.K_a, pygame.KMOD_CTRL)
    typed(app, f"127.0.0.1:{port}")
    click(app, FIELDS[1].center)
    key(app, pygame.K_a, pygame.KMOD_CTRL)
    typed(app, "Ada")
    return scene


def drawn_leaks(faces: list, record: object, seat: int) -> list:
    """The faces (decision_no, card, zone, seat of the card) ``seat`` may not see."""
    game, _opening = fresh_game(record)
    unseen = {0: set(game.view(seat).unseen)}
    for i, _events, g in steps(record):
        unseen[i + 1] = set(g.view(seat).unseen)
    assert all(unseen[n] for n, *_rest in faces if n in unseen)  # something was hidden
    return [f for f in faces if (f[2] == "hand" and f[3] != seat) or f[1] in unseen.get(f[0], ())]


def test_a_room_made_in_the_window_is_joined_by_code_and_played_to_its_end(open_window, tmp_path):
    from game.persist.store import read_record
    from game.ui.table import render

    server = ServerThread(tmp_path / "server")
    bot = None
    try:
        app = open_window("--speed", "100", first_frame=True)
        lobby = open_online(app, server.port)
        click(app, button(lobby, "Make a room").rect.center)
        room = app.ctx.scenes.top
        assert isinstance(room, RoomScene)
        step_until(app, lambda: room.session.code is not None and room.seated_at is not None,
                   "the room made", 30)
        code = room.session.code
        # First contact: the server's fingerprint is shown, as the server printed it.
        assert room.session.first_contact
        assert room.session.fingerprint.replace(":", "").lower() == server.fingerprint
        assert "Waiting for an opponent" in room._status()
        bot = BotThread(tmp_path / "basil", server.port, code.lower())
        step_until(app, lambda: isinstance(app.ctx.scenes.top, OnlineMatchScene), "the match",
                   30)
        scene = app.ctx.scenes.top
        seat = scene.ctl.seat
        assert seat == 0 and scene.session.code == code
        faces: list = []

        def on_face(stage, sp) -> None:
            if stage is scene.table:
                faces.append((scene.ctl.decision_no, sp.cid, sp.zone, sp.seat))

        render.FACE_HOOKS.append(on_face)
        rng = random.Random(3)
        picks = 0
        try:
            end = time.monotonic() + TIMEOUT
            while not scene.over_shown and time.monotonic() < end:
                app.step()
                picks += answer(scene, rng)
                if not scene.animating:
                    time.sleep(0.003)
            assert scene.over_shown, f"the game did not end: {scene.session.lines[-5:]}"
        finally:
            render.FACE_HOOKS.remove(on_face)
        bot.thread.join(30)
        assert bot.error is None and bot.result == 0
        assert picks > 3
        record = scene.ctl.record()
        assert record is not None and record.finished
        theirs = read_record(bot.client.replay_path, verify=True)
        assert record.choices == theirs.choices
        assert any(zone == "hand" and s == seat for _n, _c, zone, s in faces)
        assert not drawn_leaks(faces, record, seat)
        assert app.ctx.settings.online_last == f"127.0.0.1:{server.port}"
    finally:
        server.stop()


def test_a_wrong_code_and_an_unreachable_server_are_said_in_words(open_window, tmp_path):
    server = ServerThread(tmp_path / "server")
    try:
        app = open_window(first_frame=True)
        lobby = open_online(app, server.port)
        click(app, FIELDS[2].center)
        typed(app, "abc")
        key(app, pygame.K_RETURN)
        assert lobby.message is not None and "six letters" in lobby.message
        typed(app, "-234")
        key(app, pygame.K_RETURN)  # a well-formed code no room has
        step_until(app, lambda: app.ctx.scenes.top is lobby and lobby.message, "the refusal", 30)
        assert lobby.message.startswith("No room has that code")
        assert lobby.values[2] == "abc-234"  # left as typed, to be mended
        port = server.port
    finally:
        server.stop()
    key(app, pygame.K_RETURN)  # the server is gone now
    step_until(app, lambda: app.ctx.scenes.top is lobby and "reached" in (lobby.message or ""),
               "unreachable", 30)
    assert lobby.message == (f"The server at 127.0.0.1:{port} cannot be reached. Check the "
                             "address and that the server is running, then try again.")
