"""Issue 42 finding 3: a network seat told what happened when a connection drops.

Real loopback sockets, port 0, the window headless: a host on a thread of the test (a headless
``Host``, or the window's ``HostedGame``) and the window's match scene as the joined seat.
Checked on what is drawn (fonts' texts) and what is said (a recording voice): who left, that the
game is saved, the countdown of the reconnect tries, input off while the host cannot be reached
(a drag in flight goes back, no click or key answers the decision, nothing is queued for the
host), "Reconnected" and input back on, the end box when the tries run out, and on the host's
side who dropped and that the game waits and is saved.
"""

from __future__ import annotations

import dataclasses
import socket
import threading
import time

import pygame
import pytest

from game.net.host import Host
from game.net.seats import SeatSpec
from game.speech.sinks import RecordingSink
from game.ui.core.speech_out import ScreenSpeech
from game.ui.kit.menu_overlay import MenuOverlay
from game.ui.net import outage as outage_mod
from game.ui.net.match import NetMatchScene
from game.ui.net.session import NetSession
from tests.support.net_window import step_until, wait_for
from tests.support.text_spy import record_texts

CODE = "ABC234"


def start_host(tmp_path, rules: str):
    seats = [SeatSpec(remote=False, level="easy"), SeatSpec(remote=True)]
    if rules == "2v2":
        seats += [SeatSpec(remote=False, level="easy"), SeatSpec(remote=False, level="easy")]
    host = Host(rules, 11, seats, bind="127.0.0.1", port=0, code=CODE,
                store_root=tmp_path / "host", log=lambda line: None)
    port = host.listen()
    thread = threading.Thread(target=host.run, daemon=True)
    thread.start()
    return host, port, thread


def with_voice(app) -> RecordingSink:
    voice = RecordingSink()
    app.ctx.speech = ScreenSpeech(True, None, app.ctx.settings, system=lambda language: voice)
    return voice


def hand_choice(scene: NetMatchScene):
    """The sprite of a hand card the open decision offers, else None."""
    d = scene.ctl.pending
    if d is None or d.seat != scene.ctl.seat or scene.decision_serial != d.serial \
            or scene.queue or scene.table.moving:
        return None
    for c in scene.choices:
        sp = scene.sprites.get(c.key) if c.key is not None else None
        if sp is not None and sp.zone == "hand":
            return sp
    return None


def play_until_a_hand_card_is_offered(app, scene: NetMatchScene) -> object:
    """Answer this seat's other decisions (not with a Mindbug: the game stays simple) until a
    card of its hand may be played."""
    end = time.monotonic() + 60
    while time.monotonic() < end:
        app.step()
        sp = hand_choice(scene)
        if sp is not None:
            return sp
        d = scene.ctl.pending
        if d is not None and d.seat == scene.ctl.seat and scene.decision_serial == d.serial \
                and scene.choices and not scene.queue and not scene.table.moving:
            plain = [c for c in scene.choices if c.option.verb != "mindbug"] or scene.choices
            scene.submit(plain[0].option)
        time.sleep(0.003)
    raise AssertionError("no hand card was offered")


def mouse(kind: int, pos: tuple[int, int]) -> pygame.event.Event:
    if kind == pygame.MOUSEMOTION:
        return pygame.event.Event(kind, pos=pos, rel=(0, 0), buttons=(1, 0, 0))
    return pygame.event.Event(kind, pos=pos, button=1)


def key(k: int) -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0)


@pytest.mark.parametrize("rules", ["1v1", "2v2"])
def test_the_host_gone_turns_input_off_counts_down_and_ends_in_a_box(open_window, tmp_path,
                                                                    monkeypatch, rules):
    host, port, thread = start_host(tmp_path, rules)
    app = open_window("--speed", "100", first_frame=True)
    voice = with_voice(app)
    session = NetSession("127.0.0.1", port, "Bob", CODE, store_root=tmp_path / "client")
    session.start()
    try:
        wait_for(lambda: session.status == "playing" and session.states, "the game to begin")
        scene = NetMatchScene(app.ctx, session)
        app.ctx.scenes.replace(scene)
        card = play_until_a_hand_card_is_offered(app, scene)
        offered = scene.choices[0].option
        # A card picked up and dragged over the table when the host goes.
        x, y = (int(v) for v in card.center)
        scene.handle(mouse(pygame.MOUSEBUTTONDOWN, (x, y)))
        scene.handle(mouse(pygame.MOUSEMOTION, (x, y - 160)))
        assert scene.input.press is not None and scene.input.press["dragging"]
        decisions = scene.ctl.decision_no
        host.stop()
        thread.join(10)
        step_until(app, lambda: scene.outage is not None, "the outage to be seen")
        # The drag is over: the card back in the hand, nothing lit, no buttons.
        assert scene.input.press is None and not card.dragging and card.zone == "hand"
        assert not scene.choices and not scene.row.buttons
        assert all(sp.highlight is None for sp in scene.sprites.values())
        # What is drawn: who left, that the game is saved, the countdown, not "Your turn".
        monkeypatch.setattr(outage_mod, "clock", lambda: session.client.dropped_at + 25)
        texts = record_texts(monkeypatch)
        scene.dirty = True
        app.step()
        drawn = " ".join(texts)
        assert "Lost the connection to the host" in drawn
        assert "The host's computer keeps the game saved after every move." in drawn
        assert "Trying to reconnect: 4:35 left." in drawn
        assert "Leave the game (Esc)" in drawn
        assert "Menu (Esc)" not in texts  # Esc leaves now: no button says it opens a menu
        assert any("Lost the connection to the host" in str(row) for row in scene.table.log)
        assert "Offline" in texts
        assert "Your turn" not in drawn and "Connection lost: reconnecting..." not in drawn
        assert any("Lost the connection to the host" in line for line in voice.lines), voice.lines[-5:]
        # No click, no drop, no key answers the decision: nothing waits to be sent.
        for event in (mouse(pygame.MOUSEBUTTONDOWN, (x, y)), mouse(pygame.MOUSEBUTTONUP, (x, y)),
                      mouse(pygame.MOUSEBUTTONDOWN, (x, y)),
                      mouse(pygame.MOUSEMOTION, (x, y - 160)),
                      mouse(pygame.MOUSEBUTTONUP, (x, y - 160)),
                      key(pygame.K_TAB), key(pygame.K_RETURN), key(pygame.K_SPACE)):
            scene.handle(event)
            app.step()
        assert session.client.picks.empty() and scene.net_ctl.sent_serial is None
        assert scene.input.press is None and not scene.choices
        with pytest.raises(ValueError):
            scene.net_ctl.respond(offered)
        assert session.client.picks.empty() and scene.ctl.decision_no == decisions
        # The tries run out: the end box says what to do.
        session.client.limits = dataclasses.replace(session.client.limits, reconnect_window=0.0)
        step_until(app, lambda: isinstance(app.ctx.scenes.top, MenuOverlay), "the end box")
        box = app.ctx.scenes.top
        assert box.title == "The host did not come back"
        assert any("join it again with the same name" in line for line in box.lines)
        assert any("keeps the game saved" in line for line in box.lines)
        assert any("The host did not come back" in line for line in voice.lines)
        box.row.buttons[0].action()
        app.step()
        assert type(app.ctx.scenes.top).__name__ == "TitleScene"
    finally:
        session.stop()
        host.stop()
        thread.join(10)


def test_a_drop_then_reconnected_and_the_host_told_who_dropped(open_window, tmp_path,
                                                               monkeypatch):
    """The window hosts (Alice); Bob joins from "another computer" and loses his connection
    while the host stays: Bob's window names the host, Alice's names Bob and says the game
    waits and is saved; once Bob is back, "Reconnected" and his input is on again."""
    import game.net.client as client_mod
    import game.ui.net.hosted as hosted_mod

    monkeypatch.setattr(hosted_mod, "announce", lambda *a: None)

    class Seeded:  # seed 3: seat 1 (Bob) decides first, so the game waits on him
        def randrange(self, _stop: int) -> int:
            return 3

    monkeypatch.setattr(hosted_mod.random, "SystemRandom", Seeded)
    app = open_window("--speed", "100", first_frame=True)
    voice = with_voice(app)
    hosted = hosted_mod.HostedGame("1v1", [SeatSpec(remote=True)], "Alice", tmp_path / "alice",
                                   port=0, bind="127.0.0.1")
    bob = NetSession("127.0.0.1", hosted.port, "Bob", hosted.code, store_root=tmp_path / "bob")
    blocked = threading.Event()
    real_check = client_mod.check_destination

    def check(host: str) -> None:
        if blocked.is_set() and threading.current_thread().name == "net-client-bob":
            raise OSError("blocked by the test")
        real_check(host)

    monkeypatch.setattr(client_mod, "check_destination", check)
    bob.start()
    assert bob._thread is not None
    bob._thread.name = "net-client-bob"
    try:
        wait_for(lambda: hosted.can_start, "Bob seated")
        hosted.begin()
        wait_for(lambda: hosted.ready and bob.status == "playing" and bob.states, "the game")
        alice = NetMatchScene(app.ctx, hosted.session)
        app.ctx.scenes.replace(alice)
        app.step()
        texts = record_texts(monkeypatch)
        clock = [1000.0]  # the countdown's clock: the test's, not the wall's
        monkeypatch.setattr(outage_mod, "clock", lambda: clock[0])
        blocked.set()
        sock = bob.client.sock
        assert sock is not None
        sock.shutdown(socket.SHUT_RDWR)  # Bob's network fails; the host sees him go
        wait_for(lambda: bob.status == "reconnecting...", "Bob to lose the host")
        assert outage_mod.outage(bob, False, 0.0).title == "Lost the connection to Alice, the host"
        assert "Alice's computer keeps the game saved after every move." in \
            outage_mod.outage(bob, False, 0.0).lines
        step_until(app, lambda: alice.outage is not None, "Alice to see Bob gone")
        alice.dirty = True
        app.step()
        drawn = " ".join(texts)
        assert "Bob lost the connection" in drawn
        assert "The game waits for Bob to come back." in drawn
        assert "Bob's computer tries to reconnect: 5:00 left." in drawn  # the countdown, from the drop
        clock[0] += 25
        alice.update(0.0)
        texts.clear()
        app.step()
        assert "Bob's computer tries to reconnect: 4:35 left." in " ".join(texts)
        monkeypatch.setattr(outage_mod, "clock", time.monotonic)
        assert "It is saved after every move: you may leave and continue it later with " \
               "Host a game." in drawn
        assert any("Bob lost the connection" in line for line in voice.lines)
        assert not alice.input_off  # the host may still play what is not Bob's to decide
        assert alice.ctl.pending is not None and alice.ctl.pending.seat == 1
        assert "Waiting for Bob to come back..." in drawn
        assert "Bob is taking their turn..." not in drawn
        # The box holds a Leave (never the gold default): it asks, as the menu's leave does,
        # with what leaving does to the hosted game (saved); Esc keeps waiting.
        leave = alice.drop_leave_button
        assert "Leave the game" in drawn and not leave.primary and not leave.enter
        box = outage_mod.draw_box(pygame.Surface((1280, 720)), alice.outage, leave, 1.0)
        assert box.contains(leave.rect)
        for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            app.handle(pygame.event.Event(kind, pos=leave.rect.center, button=1))
        question = app.ctx.scenes.top
        assert type(question).__name__ == "LeavePrompt", question
        assert question._line(app.ctx) == ("The game stops for everyone. It is saved: continue it "
                                           "later with Host a game.")
        app.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode=""))
        assert app.ctx.scenes.top is alice and hosted.session.status == "playing"
        # Bob's window as it stands now (over Alice's: leaving hers would stop the host):
        # input off; then back.
        app.ctx.scenes.push(NetMatchScene(app.ctx, bob))
        bob_scene = app.ctx.scenes.top
        step_until(app, lambda: bob_scene.input_off, "Bob's outage")
        blocked.clear()
        texts.clear()
        try:
            step_until(app, lambda: not bob_scene.input_off, "Bob back")
        except AssertionError:
            raise AssertionError((bob.status, bob.lines[-6:], hosted.lines[-6:])) from None
        bob_scene.dirty = True
        app.step()
        assert "Reconnected" in texts
        assert any("Reconnected" in line for line in voice.lines)
        assert bob_scene.outage is None
    finally:
        bob.stop()
        hosted.stop()
        hosted.thread.join(10)


def test_the_countdown_reads_as_a_clock():
    assert outage_mod.countdown(300) == "5:00"
    assert outage_mod.countdown(65) == "1:05"
    assert outage_mod.countdown(0) == "0:00"


def _seats_session(missing: bool, seat: int = 0):
    """A session as outage() reads it: Alice hosts at seat 0, Bob (seat 1) dropped or not."""
    from types import SimpleNamespace

    from game.net.protocol import Limits

    seats = [{"name": "Alice", "kind": "person", "remote": True, "taken": True, "connected": True},
             {"name": "Bob", "kind": "person", "remote": True, "taken": True, "connected": not missing}]
    client = SimpleNamespace(limits=Limits(), dropped_at=None,
                             missing=[s["name"] for s in seats if not s["connected"]])
    return SimpleNamespace(status="playing", seats=seats, seat=seat, client=client)


def test_the_host_sees_who_dropped_a_countdown_and_what_to_do():
    """Issue 42, deliverable 5, the host's side: who left, how long their seat's computer keeps
    trying (a countdown from when the host saw them go), then that they may join again, and
    that the host may wait or leave (the game is saved)."""
    session = _seats_session(missing=True)
    dropped: dict[str, float] = {}
    outage_mod.note_missing(dropped, session.client.missing, 1000.0)
    outage_mod.note_missing(dropped, session.client.missing, 1010.0)  # still gone: kept from 1000
    assert dropped == {"Bob": 1000.0}
    now = outage_mod.outage(session, True, 1025.0, dropped)
    assert now is not None and now.kind == outage_mod.PLAYER_GONE
    assert now.title == "Bob lost the connection"
    assert now.lines == ("The game waits for Bob to come back.",
                         "Bob's computer tries to reconnect: 4:35 left.",
                         "It is saved after every move: you may leave and continue it later with "
                         "Host a game.")
    later = outage_mod.outage(session, True, 1000.0 + 301, dropped)
    assert later is not None
    assert "Bob's computer stopped trying; Bob can join again with the same name." in later.lines
    # A fellow player in 2v2 (not hosting) reads the same countdown and what it may do.
    other = outage_mod.outage(_seats_session(missing=True, seat=2), False, 1025.0, dropped)
    assert other is not None and "Bob's computer tries to reconnect: 4:35 left." in other.lines
    assert "You may wait, or leave and join again later with the same name." in other.lines
    outage_mod.note_missing(dropped, [], 1030.0)  # back: forgotten, a next drop counts anew
    assert dropped == {}
