"""The host's lobby and the hosted game's life: the name typed for seat 1, Start only once
every network seat is taken (and held until pressed), a seat freed when its player leaves the
lobby, the question before leaving a network game, and a hosted game left midway continued
from Host a game with the same seats rejoining (the remote one by itself, it kept trying).
Real loopback sockets; the remote players are threads of the test."""

from __future__ import annotations

import random
import socket
import time

import pygame

from game.ui.match.leave_prompt import LeavePrompt, ask_leave
from game.ui.net.hosting import HostSetupScene
from game.ui.net.kept import hosted_save
from game.ui.net.match import NetMatchScene
from tests.support.net_lobby import free_port, open_lobby, remote
from tests.support.net_window import answer, step_until


def test_start_waits_for_every_seat_and_a_player_leaving_the_lobby_frees_his(
        open_window, tmp_path, monkeypatch):
    import game.ui.net.hosted as hosted_mod

    monkeypatch.setattr(hosted_mod, "DEFAULT_PORT", 0)
    app = open_window(first_frame=True)
    lobby = open_lobby(app, "Ada")
    hosted = lobby.hosted
    assert hosted.session.seats[0]["name"] == "Ada"  # the name typed, not the settings'
    assert app.ctx.settings.network_name == "Ada"  # and offered again next time
    assert app.ctx.settings.player_names[0] == "Player 1"  # hot seat's names are not changed
    app.step()
    assert not lobby.start_button.enabled
    basil, thread = remote(hosted.port, tmp_path / "b", level=None, code=hosted.code)
    step_until(app, lambda: lobby.start_button.enabled, "Basil seated")
    basil.stop()  # he leaves the lobby: his seat is free again
    thread.join(10)
    step_until(app, lambda: not lobby.start_button.enabled, "the seat freed")
    assert hosted.session.seats[1]["taken"] is False
    lobby.begin()  # pressed anyway (Enter): nothing begins
    cleo, thread = remote(hosted.port, tmp_path / "c", "Cleo", code=hosted.code)
    step_until(app, lambda: lobby.start_button.enabled, "Cleo seated")
    # The host seats her before her own client has read its welcome: wait for that, not a race.
    step_until(app, lambda: cleo.status != "connecting", "Cleo's welcome")
    assert hosted.session.seats[1]["name"] == "Cleo" and cleo.status == "waiting"
    lobby.begin()
    step_until(app, lambda: isinstance(app.ctx.scenes.top, NetMatchScene), "the match")
    scene = app.ctx.scenes.top
    # Leaving asks first, and says what it does to a hosted game.
    ask_leave(app.ctx, app.ctx.nav.title)
    prompt = app.ctx.scenes.top
    assert isinstance(prompt, LeavePrompt) and "stops for everyone" in prompt.lines[0]
    prompt.answer_stay()
    assert app.ctx.scenes.top is scene
    ask_leave(app.ctx, app.ctx.nav.title)
    app.ctx.scenes.top.answer_leave()
    hosted.thread.join(10)
    assert not hosted.thread.is_alive()
    cleo.stop()
    thread.join(10)


def test_a_lobby_and_a_join_gone_before_the_match_leave_no_thread_running(open_window,
                                                                           monkeypatch):
    """The stack replaced (or the window closed) in the host's lobby and in Join a game, with
    a seat taken: the hosted game stops and the joined one is left, every thread of theirs ends
    (they went on, and their clients woke windows of later tests)."""
    import game.ui.net.hosted as hosted_mod
    from game.net import discovery
    from game.ui.net.join import JoinScene

    monkeypatch.setattr(hosted_mod, "DEFAULT_PORT", 0)
    monkeypatch.setattr(discovery, "available", lambda: False)
    app = open_window(first_frame=True)
    lobby = open_lobby(app, "Ada")
    hosted = lobby.hosted
    join = JoinScene(app.ctx, f"127.0.0.1:{hosted.port}", "Basil", hosted.code or "")
    app.ctx.scenes.push(join)
    join.join()
    joined = join.session
    assert joined is not None
    step_until(app, lambda: joined.status == "waiting", "Basil seated")
    app.ctx.nav.title()
    assert joined.join(10) and hosted.session.join(10)
    hosted.thread.join(10)
    assert not hosted.thread.is_alive()


def test_a_client_is_told_its_seat_waits(open_window, tmp_path):
    from game.ui.net.session import NetSession
    from tests.support.net_window import start_host, wait_for

    host, port, thread, _lines = start_host(tmp_path)
    app = open_window(first_frame=True)
    session = NetSession("127.0.0.1", port, "Ada", "ABC234", store_root=tmp_path / "client")
    session.start()
    try:
        wait_for(lambda: session.status == "playing" and session.states, "the game")
        scene = NetMatchScene(app.ctx, session)
        app.ctx.scenes.replace(scene)
        ask_leave(app.ctx, app.ctx.nav.title)
        prompt = app.ctx.scenes.top
        assert isinstance(prompt, LeavePrompt) and "seat waits for you" in prompt.lines[0]
    finally:
        session.stop()
        host.stop()
        thread.join(10)


def test_a_hosted_game_left_midway_continues_and_every_computer_keeps_the_replay(
        open_window, tmp_path, monkeypatch):
    import game.ui.net.hosted as hosted_mod

    monkeypatch.setattr(hosted_mod, "DEFAULT_PORT", free_port())
    app = open_window("--speed", "100", first_frame=True)
    lobby = open_lobby(app)
    hosted = lobby.hosted
    basil, thread = remote(hosted.port, tmp_path / "b", code=hosted.code)
    step_until(app, lambda: lobby.start_button.enabled, "Basil seated")
    lobby.begin()
    step_until(app, lambda: isinstance(app.ctx.scenes.top, NetMatchScene), "the match")
    scene, rng = app.ctx.scenes.top, random.Random(3)
    end = time.monotonic() + 60
    while scene.ctl.decision_no < 6 and not scene.ctl.over and time.monotonic() < end:
        app.step()
        answer(scene, rng)
    assert not scene.ctl.over
    app.ctx.nav.title()  # the host's window leaves (the question answered yes)
    hosted.thread.join(10)
    step_until(app, lambda: basil.status == "reconnecting...", "Basil to notice")
    root = app.ctx.store.root
    saved, _told = hosted_save(root)
    assert saved is not None and saved.seats[0].name == "Ada"
    assert hosted.port == hosted_mod.DEFAULT_PORT
    setup = HostSetupScene(app.ctx)
    app.ctx.scenes.push(setup)
    assert setup.saved is not None
    from game.ui.net.hosting import saved_line

    assert saved_line(setup.saved).startswith("Left unfinished: 1 vs 1, Ada, Basil, in turn ")
    app.step()  # drawn with the Continue button and that line
    setup.resume()
    step_until(app, lambda: isinstance(app.ctx.scenes.top, NetMatchScene), "the match again")
    scene = app.ctx.scenes.top
    assert scene.ctl.seat == 0 and scene.ctl.decision_no >= 6
    said = [text for text, _color in scene.table.log]
    assert any(t.startswith("In the game from turn") for t in said), said
    assert not any("goes first" in t for t in said)  # not known to a seat that came back
    end = time.monotonic() + 120
    while not scene.over_shown and time.monotonic() < end:
        app.step()
        answer(scene, rng)
        if not scene.animating:
            time.sleep(0.003)
    assert scene.session.hosted.port == hosted.port  # the same port: Basil finds it again
    assert scene.over_shown, (basil.status, scene.session.status, scene.session.lines[-5:],
                              scene.session.hosted.lines[-5:], scene.ctl.pending)
    thread.join(30)
    assert basil.over_line == scene.session.over_line
    # The same replay, byte for byte, on the host, in the host's window and on Basil's computer.
    kept = [p.read_bytes() for p in (scene.session.replay_path, basil.replay_path,
                                     scene.session.hosted.host.replay_path)]
    assert kept[0] == kept[1] == kept[2]
    assert hosted_save(root) == (None, None)  # finished: not offered again
    app.ctx.nav.title()


def test_two_people_here_and_one_elsewhere_play_a_2v2_with_the_curtain_among_them(
        open_window, tmp_path, monkeypatch):
    """2v2: Ada and Cleo at the hosting window (a team: seats 1 and 3), Basil's computer on
    another computer, a computer of the host. Each person here plays through a session of
    their own: the curtain goes up between them, and the table only ever holds what one of
    them may see (each session's view is the host's view of that seat)."""
    import game.ui.net.hosted as hosted_mod
    from game.ui.match.curtain import CurtainScene
    from game.ui.net.controller import SharedScreenController

    monkeypatch.setattr(hosted_mod, "DEFAULT_PORT", 0)
    app = open_window("--speed", "100", first_frame=True)
    app.ctx.settings.player_names = ["Ada", "", "Cleo", ""]
    setup = HostSetupScene(app.ctx, "2v2")
    app.ctx.scenes.push(setup)
    setup._cycle(2)  # seat 3: a person here
    setup._cycle(3)
    setup._cycle(3)  # seat 4: a computer (the first level: random)
    assert setup.here_seats() == {2: "Cleo"}
    setup.start()
    lobby = app.ctx.scenes.top
    hosted = lobby.hosted
    assert hosted.local_seats == [0, 2]
    step_until(app, lambda: len(hosted.session.seats) == 4, "the lobby's seats")
    assert hosted.session.seats[2]["name"] == "Cleo" and hosted.session.seats[2]["taken"]
    assert not hosted.session.seats[1]["taken"]  # reserved seats are not the stranger's
    basil, thread = remote(hosted.port, tmp_path / "b", code=hosted.code)
    # The host seats him before his own client has read its welcome: wait for both, not a race.
    step_until(app, lambda: lobby.start_button.enabled and basil.seat is not None,
               "every seat taken")
    assert basil.seat == 1
    lobby.begin()
    step_until(app, lambda: isinstance(app.ctx.scenes.top, (NetMatchScene, CurtainScene)),
               "the match")
    scene = next(s for s in app.ctx.scenes.stack if isinstance(s, NetMatchScene))
    assert isinstance(scene.ctl, SharedScreenController) and scene.config.mode == "hotseat"
    rng, curtains, seats_shown = random.Random(9), 0, set()
    end = time.monotonic() + 150
    while not scene.over_shown and time.monotonic() < end:
        app.step()
        top = app.ctx.scenes.top
        if isinstance(top, CurtainScene):
            top.wait = 0
            top._reveal()
            curtains += 1
            continue
        d = scene.ctl.pending
        if d is not None and d.seat in scene.ctl.humans and scene.decision_serial == d.serial \
                and scene.choices and not scene.table.moving:
            # The decider's own view: it holds its own hand, never the other person's.
            assert scene.ctl.game is scene.ctl.states[d.seat].view.state
            seats_shown.add(d.seat)
            scene.submit(rng.choice(scene.choices).option)
        elif not scene.animating:
            time.sleep(0.003)
    assert scene.over_shown
    assert curtains >= 2 and seats_shown == {0, 2}
    thread.join(30)
    assert basil.over_line == scene.session.over_line
    app.ctx.nav.title()
    hosted.thread.join(10)
    assert not hosted.thread.is_alive()


def test_each_person_here_types_a_name(open_window):
    app = open_window(first_frame=True)
    setup = HostSetupScene(app.ctx, "2v2")
    app.ctx.scenes.push(setup)
    setup._cycle(2)  # seat 3: a person here; its name field takes what is typed
    assert setup.focus == 2 and setup.here_seats() == {2: "Player 3"}  # the placeholder
    for ch in "Cleo":
        setup.handle(pygame.event.Event(pygame.TEXTINPUT, text=ch))
    setup._cycle(3)  # seat 4 too, then Ada clicks her own field back and types
    setup.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(700, 186), button=1))
    assert setup.focus == 0
    setup.name = "Ada"
    assert setup.here_seats() == {2: "Cleo", 3: "Player 4"} and setup.name == "Ada"
    app.step()  # drawn with the two name fields
    setup._set_rules("1v1")
    assert setup.here_seats() == {} and setup.focus == 0


def test_a_busy_port_leaves_no_game_to_continue(open_window, monkeypatch):
    """The default port taken by another program: the game is hosted on another port, and the
    game that could not listen leaves no save (it would be offered as Continue) nor tickets."""
    import game.ui.net.hosted as hosted_mod

    busy = socket.socket()
    busy.bind(("127.0.0.1", 0))
    busy.listen(1)
    monkeypatch.setattr(hosted_mod, "DEFAULT_PORT", busy.getsockname()[1])
    try:
        app = open_window(first_frame=True)
        lobby = open_lobby(app)
        hosted = lobby.hosted
        assert hosted.port != busy.getsockname()[1]
        root = app.ctx.store.root
        saves = list((root / "network" / "hosted" / "network").glob("host-*.json"))
        assert [p.name for p in saves] == [f"host-{hosted.host.save.game_id}.json"]
        tickets = list((root / "network" / "hosted" / "network").glob("own-*.json"))
        assert all(hosted.host.save.game_id in p.name for p in tickets) and tickets
        lobby.cancel()
        hosted.thread.join(10)
    finally:
        busy.close()
