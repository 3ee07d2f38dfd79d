"""The window as a network seat: a headless host (a thread of this test, real loopback sockets,
port 0) with a computer seat and a remote seat, and the window's match scene taking the remote
seat as a person, answering through its own choices (the buttons and cards it offers).

Checked: the game reaches the host's GAME OVER, the replay the host sent is kept and opens;
no card face the seat may not see is drawn (every face the table draws, against the engine's
view of that seat at that decision, rebuilt from the host's record); a refused join says why.
"""

from __future__ import annotations

import random
import time

import pytest

from game.ui.net.match import NetMatchScene
from game.ui.net.session import NetSession
from tests.support.net_window import answer, start_host, step_until, wait_for

TIMEOUT = 120.0








def test_a_whole_game_reaches_the_hosts_game_over_and_draws_only_the_seats_cards(
        open_window, tmp_path):
    from game.ui.table import render

    host, port, thread, host_lines = start_host(tmp_path)
    app = open_window("--speed", "100", first_frame=True)
    session = NetSession("127.0.0.1", port, "Ada", "abc-234", store_root=tmp_path / "client")
    session.start()
    wait_for(lambda: session.status == "playing" and session.states, "the game to begin")
    scene = NetMatchScene(app.ctx, session)
    app.ctx.scenes.replace(scene)
    seat = scene.ctl.seat
    assert seat == 1
    faces: list[tuple[int, int, str, int]] = []

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
        assert scene.over_shown, f"the game did not end: {session.lines[-5:]}"
    finally:
        render.FACE_HOOKS.remove(on_face)
    thread.join(30)
    over = next(line for line in host_lines if line.startswith("GAME OVER"))
    assert session.over_line == over
    assert picks > 3
    # The game-over box offers the kept replay, the same game as the host's.
    record = scene.ctl.record()
    assert record is not None and record.finished
    assert record.choices == host.record.choices
    assert (tmp_path / "client").exists() and session.replay_path.is_file()
    # Every face drawn: never another seat's hand, never a card this seat could not locate
    # at that decision (the engine's own view, rebuilt from the host's record).
    assert any(zone == "hand" and s == seat for _n, _c, zone, s in faces)  # its own hand
    assert not drawn_leaks(faces, host.record, seat)
    session.stop()
    assert session.join(10)


def drawn_leaks(faces: list, record: object, seat: int) -> list:
    """The faces (decision_no, card, zone, seat of the card) ``seat`` may not see: another
    seat's hand card, or a card the engine's view of ``seat`` at that decision cannot locate."""
    from game.persist.rebuild import fresh_game, steps

    game, _opening = fresh_game(record)
    unseen = {0: set(game.view(seat).unseen)}
    for i, _events, g in steps(record):
        unseen[i + 1] = set(g.view(seat).unseen)
    assert all(unseen[n] for n, *_rest in faces if n in unseen)  # something was hidden
    return [f for f in faces if (f[2] == "hand" and f[3] != seat) or f[1] in unseen.get(f[0], ())]


def test_the_face_audit_catches_a_planted_leak(open_window, tmp_path, monkeypatch):
    """A hostile host that sends the other seat's hand as cards in play: the audit above must
    see them drawn (else it could not fail)."""
    import game.net.referee as referee_mod  # the host's views are encoded there
    from game.ui.table import render

    host, port, thread, _lines = start_host(tmp_path)
    honest = referee_mod.encode_view

    def hostile(view: object) -> dict:  # the computer's hand shown as if it were in play
        data = honest(view)
        data["plays"][0] = [*host.game.hands[0], *data["plays"][0]]
        return data

    monkeypatch.setattr(referee_mod, "encode_view", hostile)
    app = open_window("--speed", "100", first_frame=True)
    session = NetSession("127.0.0.1", port, "Ada", "ABC234", store_root=tmp_path / "client")
    session.start()
    try:
        wait_for(lambda: session.status == "playing" and session.states, "the game to begin")
        scene = NetMatchScene(app.ctx, session)
        app.ctx.scenes.replace(scene)
        faces: list = []

        def on_face(stage, sp) -> None:
            if stage is scene.table:
                faces.append((scene.ctl.decision_no, sp.cid, sp.zone, sp.seat))

        render.FACE_HOOKS.append(on_face)
        try:
            for _ in range(5):
                scene.dirty = True
                app.step()
        finally:
            render.FACE_HOOKS.remove(on_face)
        assert drawn_leaks(faces, host.record, scene.ctl.seat)
    finally:
        session.stop()
        host.stop()
        thread.join(10)


def test_a_wrong_code_is_refused_with_its_reason(tmp_path):
    host, port, thread, _lines = start_host(tmp_path)
    session = NetSession("127.0.0.1", port, "Eve", "WRONG1", store_root=tmp_path / "client")
    session.start()
    try:
        wait_for(lambda: session.status == "refused", "the refusal")
        assert "join code" in session.status_line()
        assert session.status_line().startswith("Refused: ")
    finally:
        session.stop()
        host.stop()
        thread.join(10)


@pytest.mark.quick  # the file's test in the quick tier (its first plays whole games)
@pytest.mark.parametrize("text", ["", "host", "host:", "host:0", "host:99999", ":5151", "a:b"])
def test_a_bad_address_is_a_line_to_show(text):
    from game.ui.net.session import parse_address

    with pytest.raises(ValueError, match="with its port after a colon"):
        parse_address(text)


def test_an_address_is_read():
    from game.ui.net.session import parse_address

    assert parse_address(" 192.168.1.20:5151 ") == ("192.168.1.20", 5151)
    assert parse_address("[::1]:80") == ("::1", 80)




def test_join_from_the_command_line_opens_the_match(open_window, tmp_path):
    host, port, thread, _lines = start_host(tmp_path)
    app = open_window("--join", f"127.0.0.1:{port}", "--name", "Ada", "--code", "abc234")
    try:
        step_until(app, lambda: isinstance(app.ctx.scenes.top, NetMatchScene), "the match")
        scene = app.ctx.scenes.top
        assert scene.ctl.raw_name(1) == "Ada" and scene.ctl.seat == 1
        app.ctx.nav.title()  # leaving stops the client
        assert scene.session.join(10)
    finally:
        host.stop()
        thread.join(10)


def test_a_refusal_is_shown_on_the_join_screen_and_the_fields_stay(open_window, tmp_path):
    from game.ui.net.join import JoinScene

    host, port, thread, _lines = start_host(tmp_path)
    app = open_window("--join", f"127.0.0.1:{port}", "--name", "Eve", "--code", "WRONG2")
    try:
        scene = app.ctx.scenes.top
        assert isinstance(scene, JoinScene)
        step_until(app, lambda: scene.message is not None, "the refusal")
        assert "join code" in scene.message and scene.session is None
        assert scene.values == [f"127.0.0.1:{port}", "Eve", "WRONG2"]
        scene.values[0] = "nowhere"
        scene.join()
        assert "with its port after a colon" in scene.message and scene.session is None
    finally:
        host.stop()
        thread.join(10)


def test_a_dropped_connection_rejoins_its_seat_and_the_game_ends_as_the_hosts(open_window,
                                                                               tmp_path):
    import socket

    host, port, thread, host_lines = start_host(tmp_path, seed=11)
    app = open_window("--speed", "100", first_frame=True)
    session = NetSession("127.0.0.1", port, "Ada", "ABC234", store_root=tmp_path / "client")
    session.start()
    wait_for(lambda: session.status == "playing" and session.states, "the game to begin")
    scene = NetMatchScene(app.ctx, session)
    app.ctx.scenes.replace(scene)
    rng = random.Random(8)
    picks, dropped = 0, False
    end = time.monotonic() + TIMEOUT
    while not scene.over_shown and time.monotonic() < end:
        app.step()
        picks += answer(scene, rng)
        if picks == 4 and not dropped:  # the cable is pulled: the host sees the seat go
            dropped = True
            session.client.sock.shutdown(socket.SHUT_RDWR)
        if not scene.animating:
            time.sleep(0.003)
    assert scene.over_shown, session.lines[-5:]
    assert any(line.startswith("RECONNECTING") for line in session.lines)
    assert any(line.startswith("BACK seat=1") for line in session.lines)
    thread.join(30)
    assert session.over_line == next(x for x in host_lines if x.startswith("GAME OVER"))
    session.stop()
    assert session.join(10)
