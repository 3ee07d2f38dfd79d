"""A hosted game left unfinished is offered by the title's Continue and in Games in progress
(as a network game, with who played), whichever of the saved games began last; choosing it
hosts it again on its port and the same seats rejoin by their tickets. Real loopback sockets;
the remote player is a thread of the test."""

from __future__ import annotations

import random
import time
from dataclasses import replace
from types import SimpleNamespace

import pytest

from game.net.saves import HostSave, SeatState, read_host_save
from game.persist.record import GameRecord, SeatInfo, card_fingerprint
from game.persist.store import SavedGame
from game.ui.net.hosting import LobbyScene
from game.ui.net.kept import hosted_save
from game.ui.net.match import NetMatchScene
from game.ui.screens.games_in_progress import GamesScene, describe
from game.ui.screens.title import TitleScene, saved_games
from tests.support.net_lobby import free_port, open_lobby, remote
from tests.support.net_window import answer, step_until


def test_the_titles_continue_hosts_the_unfinished_network_game_again(open_window, tmp_path,
                                                                    monkeypatch):
    import game.ui.net.hosted as hosted_mod

    port = free_port()
    monkeypatch.setattr(hosted_mod, "DEFAULT_PORT", port)
    app = open_window("--speed", "100", first_frame=True)
    lobby = open_lobby(app)
    hosted = lobby.hosted
    basil, thread = remote(hosted.port, tmp_path / "b", code=hosted.code)
    step_until(app, lambda: lobby.start_button.enabled, "Basil seated")
    lobby.begin()
    step_until(app, lambda: isinstance(app.ctx.scenes.top, NetMatchScene), "the match")
    scene, rng = app.ctx.scenes.top, random.Random(4)
    end = time.monotonic() + 60
    while scene.ctl.decision_no < 6 and not scene.ctl.over and time.monotonic() < end:
        app.step()
        answer(scene, rng)
    assert not scene.ctl.over
    app.ctx.nav.title()  # the host's window leaves
    hosted.thread.join(10)
    step_until(app, lambda: basil.status == "reconnecting...", "Basil to notice")
    saved, _told = hosted_save(app.ctx.store.root)
    assert saved is not None and saved.port == port  # the save names its port
    # Another port by default now: the game still comes back on its own.
    monkeypatch.setattr(hosted_mod, "DEFAULT_PORT", 0)

    app.ctx.nav.title()
    title = app.ctx.scenes.top
    assert isinstance(title, TitleScene)
    assert [b.text for b in title.row.buttons[:2]] == ["Continue", "Games in progress"]
    assert title.continue_line.startswith("Network game, 1 vs 1: Ada, Basil, turn ")
    app.step()  # drawn
    title.row.buttons[1].action()
    games = app.ctx.scenes.top
    assert isinstance(games, GamesScene) and len(games.rows) == 1
    assert describe(games.rows[0]).startswith("Network game, 1 vs 1: Ada, Basil, turn ")
    app.step()
    games._back()

    app.ctx.scenes.top.row.buttons[0].action()  # the title's Continue
    assert isinstance(app.ctx.scenes.top, LobbyScene)
    step_until(app, lambda: isinstance(app.ctx.scenes.top, NetMatchScene), "the match again")
    scene = app.ctx.scenes.top
    assert scene.session.hosted.port == port
    assert scene.ctl.seat == 0 and scene.ctl.decision_no >= 6
    end = time.monotonic() + 120
    while not scene.over_shown and time.monotonic() < end:
        app.step()
        answer(scene, rng)
        if not scene.animating:
            time.sleep(0.003)
    assert scene.over_shown, (basil.status, scene.session.status, scene.session.lines[-5:])
    thread.join(30)
    assert basil.over_line == scene.session.over_line  # Basil rejoined by his ticket
    assert basil.replay_path.read_bytes() == scene.session.replay_path.read_bytes()
    app.ctx.nav.title()
    assert app.ctx.scenes.top.continue_line is None  # finished: not offered again
    # Each computer's replay opens from the seat it played (the file itself is the same).
    from game.persist.store import read_record

    record = read_record(basil.replay_path, verify=True)
    app.ctx.nav.replay(record)
    assert app.ctx.scenes.top.view_seat == 0 and app.ctx.scenes.top._bottom() == 0
    app.ctx.scenes.pop()
    monkeypatch.setattr(app.ctx.store, "root", tmp_path / "b")  # as on Basil's computer
    app.ctx.nav.replay(record)
    assert app.ctx.scenes.top.view_seat == 1 and app.ctx.scenes.top._bottom() == 1
    app.step()
    app.ctx.scenes.pop()


def _record(mode: str, date: str) -> GameRecord:
    seats = (SeatInfo("person", None, "Ada"), SeatInfo("computer", "easy", "Computer"))
    return GameRecord(rules="1v1", mode=mode, seed=7, seats=seats, cards=card_fingerprint(),
                      date=date, game_id="0123456789abcdef")


def _ctx(tmp_path, local: GameRecord | None):
    games = [SavedGame("g1", local, False)] if local is not None else []
    store = SimpleNamespace(root=tmp_path, saved_games=lambda: (list(games), None))
    return SimpleNamespace(store=store)


@pytest.mark.quick  # the file's test in the quick tier (its first plays whole games)
def test_the_newest_of_the_local_and_the_hosted_game_is_continued(tmp_path, monkeypatch):
    import game.ui.net.kept as kept_mod

    net = _record("network", "2026-11-30T10:00:00Z")
    hosted = HostSave("abc123", net, [SeatState(True, "person", None, "Ada"),
                                      SeatState(True, "person", None, "Basil")])
    monkeypatch.setattr(kept_mod, "hosted_save", lambda root: (hosted, None))
    older = _record("ai", "2026-11-29T10:00:00Z")
    game, line, _message, count = saved_games(_ctx(tmp_path, older))
    assert game is hosted and line.startswith("Network game, 1 vs 1: Ada, Basil") and count == 2
    newer = replace(older, date="2026-12-01T10:00:00Z")
    game, line, _message, count = saved_games(_ctx(tmp_path, newer))
    assert game is newer and not line.startswith("Network game") and count == 2
    game, _line, _message, count = saved_games(_ctx(tmp_path, None))
    assert game is hosted and count == 1
    monkeypatch.setattr(kept_mod, "hosted_save", lambda root: (None, None))
    assert saved_games(_ctx(tmp_path, older))[0] is older


def test_a_save_of_an_earlier_version_has_no_port_and_a_bad_port_is_refused(tmp_path):
    import json

    from game.net.saves import host_save_text
    from game.persist.record import RecordError

    net = _record("network", "2026-11-30T10:00:00Z")
    seats = [SeatState(True, "person", None, "Ada"), SeatState(True, "person", None, "Basil")]
    data = json.loads(host_save_text(HostSave("abc123", net, seats, port=5151)))
    path = tmp_path / "host-abc123.json"
    for port, ok in ((5151, 5151), (None, None), ("absent", None)):
        kept = dict(data)
        if port == "absent":
            del kept["port"]
        else:
            kept["port"] = port
        path.write_text(json.dumps(kept), encoding="utf-8")
        assert read_host_save(path).port == ok
    for bad in (0, 70000, -1, True, 1.5, "5151", 10 ** 12):
        path.write_text(json.dumps({**data, "port": bad}), encoding="utf-8")
        try:
            read_host_save(path)
        except RecordError as exc:
            assert "port" in str(exc)
        else:
            raise AssertionError(f"port {bad!r} accepted")


def test_the_seat_played_here_is_believed_only_when_it_fits_the_game(tmp_path):
    from game.net.saves import played_path, remember_played, seat_played_here

    seats = (SeatInfo("person", None, "Ada"), SeatInfo("computer", "easy", "Computer"))
    record = GameRecord(rules="1v1", mode="network", seed=7, seats=seats, date="2026-11-30")
    assert seat_played_here(tmp_path, record) is None  # nothing noted: the usual side
    remember_played(tmp_path, record, 0)
    assert seat_played_here(tmp_path, record) == 0
    other = replace(record, seed=8)
    assert seat_played_here(tmp_path, other) is None  # another game's note is not this one's
    path = played_path(tmp_path, record)
    remember_played(tmp_path, record, 1)  # a computer client's seat (join --computer)
    assert seat_played_here(tmp_path, record) == 1
    for text in ('{"format": "mindbug-net-played", "seat": 2}',  # no such seat in a 1v1
                 '{"format": "mindbug-net-played", "seat": -1}',
                 '{"format": "mindbug-net-played", "seat": true}',
                 '{"format": "other", "seat": 0}', "[]", "{", "\udcff"):
        path.write_text(text, encoding="utf-8", errors="surrogateescape")
        assert seat_played_here(tmp_path, record) is None, text
    path.write_bytes(b"\xff\xfe" * 5000)
    assert seat_played_here(tmp_path, record) is None


def test_games_in_progress_lists_the_hosted_game_and_discard_forgets_it(open_window):
    from game.net.saves import host_save_text
    from game.ui.net.kept import hosted_root

    app = open_window(first_frame=True)
    root = hosted_root(app.ctx.store.root)
    net = replace(_record("network", "2026-11-30T10:00:00Z"), game_id="")
    saved = HostSave("abc123", net, [SeatState(True, "person", None, "Ada"),
                                     SeatState(True, "person", None, "Basil")], port=5151)
    path = root / "network" / "host-abc123.json"
    path.parent.mkdir(parents=True)
    path.write_text(host_save_text(saved), encoding="utf-8")
    own = root / "network" / "own-abc123-0.json"  # this window's ticket for seat 1
    own.write_text("{}", encoding="utf-8")
    app.ctx.nav.games_in_progress()
    games = app.ctx.scenes.top
    assert isinstance(games, GamesScene) and len(games.rows) == 1
    assert describe(games.rows[0]) == "Network game, 1 vs 1: Ada, Basil, turn 1"
    app.step()
    games.discard(games.rows[0])
    assert not path.exists() and not own.exists() and games.rows == []
    assert games.message == "The game was discarded."


def test_a_damaged_hosted_save_is_set_aside_and_said_as_a_local_one_is(open_window, tmp_path,
                                                                       monkeypatch):
    """Issue 41 item 7: it was set aside without a word (and set aside again, renamed once more,
    at every look); the same damage in a local save says "A saved game could not be continued:
    ... It was kept as ..."."""
    from game.net.saves import network_dir
    from game.ui.net.hosting import HostSetupScene
    from game.ui.net.kept import hosted_root

    data = tmp_path / "data"
    monkeypatch.setenv("MINDBUG_DATA_DIR", str(data))
    app = open_window(first_frame=True)
    folder = network_dir(hosted_root(data))
    folder.mkdir(parents=True)
    damaged = b'{"format": "mindbug-net-host", "version": 1, "game": "J\xf6rg"}'
    for where in ("title", "games", "host setup"):
        (folder / "host-abc.json").write_bytes(damaged)
        if where == "title":
            app.ctx.nav.title()
            said = app.ctx.scenes.top.message
        else:
            app.ctx.scenes.push(GamesScene(app.ctx) if where == "games" else
                                HostSetupScene(app.ctx))
            said = app.ctx.scenes.top.message
        assert said.startswith("A saved game could not be continued: host-abc.json cannot be "
                               "used: "), (where, said)
        [aside] = folder.glob("host-abc.broken-*.json")
        assert f"It was kept as {aside.name}." in said and aside.read_bytes() == damaged
        app.step()  # drawn with the message
        app.ctx.nav.title()  # said once: the file set aside is not read (and renamed) again
        assert app.ctx.scenes.top.message is None and aside.is_file()
        aside.unlink()
