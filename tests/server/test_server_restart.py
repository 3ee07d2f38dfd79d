"""``python -m game.server`` as a process: it prints its fingerprint and READY, a SIGTERM keeps
the running game (seed + choices) and exits 0, and the next start resumes it: the player comes
back by the room's code (the same certificate, so the pin holds) and the game finishes."""

from __future__ import annotations

import asyncio
import json
import signal
import sqlite3

import pytest

import game.server.__main__ as server_main
import game.server.client as client_module
from game.cards import load_cards
from game.persist.record import from_data, loads
from game.server import tls
from game.server.__main__ import parse
from tests.support.net_helpers import Proc
from tests.support.online import bot


def _server(data, *args: str) -> tuple[Proc, int, str]:
    proc = Proc(["--data", str(data / "server"), *args], data, module="game.server")
    fingerprint = proc.wait_line("FINGERPRINT sha256=").split("=", 1)[1]
    port = int(proc.wait_line("READY port=").split("=")[1])
    return proc, port, fingerprint


def _stop(proc: Proc) -> int:
    proc.p.send_signal(signal.SIGTERM)
    return proc.wait()


def _table(data, sql: str) -> list[tuple]:
    db = sqlite3.connect(data / "server" / "server.sqlite3")
    try:
        return db.execute(sql).fetchall()
    finally:
        db.close()


def test_a_stopped_server_keeps_its_running_game_and_the_next_start_resumes_it(tmp_path):
    first, port, fingerprint = _server(tmp_path, "--port", "0")
    ada = bot(tmp_path / "ada", port, "Ada", level=None)
    try:
        async def begin() -> str:
            await ada.connect()
            code = await ada.create("1v1", ["person", "computer:random"])
            while ada.decision_no < 6:  # Ada picks the first option; the computer answers
                pending = ada.view.state.pending if ada.view is not None else None
                if ada.status == "playing" and pending is not None and pending.seat == ada.seat:
                    ada.pick(pending.options[0])
                await ada.step()
            return code

        loop = asyncio.new_event_loop()
        code = loop.run_until_complete(asyncio.wait_for(begin(), 60))
        played = ada.decision_no
        assert _stop(first) == 0
        assert "STOPPED" in first.lines
        kept = _table(tmp_path, "SELECT code, data FROM running")
        assert [c for c, _ in kept] == [code]
        record = from_data(json.loads(kept[0][1])["record"])
        assert len(record.choices) >= played

        second, again, fingerprint_again = _server(tmp_path, "--port", str(port))
        try:
            assert again == port and fingerprint_again == fingerprint
            assert "RESUMED 1 games" in second.lines
            ada.level = "random"  # the rest is played by a computer for Ada
            assert loop.run_until_complete(asyncio.wait_for(ada.play(), 60)) == 0
            loop.close()
            replay = loads(ada.replay_path.read_text(encoding="utf-8"))
            assert replay.choices[:len(record.choices)] == record.choices
            assert replay.seed == record.seed
        finally:
            assert _stop(second) == 0
        assert _table(tmp_path, "SELECT COUNT(*) FROM running") == [(0,)]
        assert _table(tmp_path, "SELECT code FROM finished") == [(code,)]
        # The log tells the story and names no card (a hidden card is never logged).
        log = (tmp_path / "server" / "server.log").read_text(encoding="utf-8")
        for line in ("READY port=", f"ROOM {code}", "STOPPED: 1 running games kept",
                     "RESUMED 1 games", f"SEATED room={code} seat=0", "GAME OVER winner="):
            assert line in log, line
        assert not {d.name for d in load_cards().defs if d.name in log}
    finally:
        first.kill()


@pytest.mark.parametrize("args, words", [
    (["--port", "-1"], "a port is a number from 0 to 65535"),
    (["--port", "65536"], "a port is a number from 0 to 65535"),
    (["--port", "x"], "'x' is not a number"),
    (["--config", "CONFIG"], "the config has no setting 'colour'"),
    (["--config", "MISSING"], "does not exist"),
    (["--cert", "CONFIG"], "--cert and --key together"),
])
def test_the_command_line_says_what_is_wrong_in_one_line(tmp_path, capsys, args, words):
    config = tmp_path / "server.json"
    config.write_text('{"port": 5150, "colour": "blue"}', encoding="utf-8")
    args = [str(config) if a == "CONFIG" else str(tmp_path / "none.json") if a == "MISSING"
            else a for a in args]
    with pytest.raises(SystemExit) as ended:
        parse(args)
    assert ended.value.code == 2
    err = capsys.readouterr().err
    assert words in err and "Traceback" not in err


def test_a_config_file_sets_what_no_flag_gives(tmp_path):
    config = tmp_path / "server.json"
    config.write_text('{"port": 6000, "bind": "127.0.0.1", "max_rooms": 5, "idle_timeout": 9.5}',
                      encoding="utf-8")
    got = parse(["--config", str(config), "--port", "0"])
    assert (got.port, got.bind, got.limits.max_rooms, got.limits.idle_timeout) == \
        (0, "127.0.0.1", 5, 9.5)


def test_without_the_server_extra_both_ends_say_how_to_install_it(tmp_path, monkeypatch, capsys):
    monkeypatch.setattr(tls, "available", lambda: False)
    monkeypatch.setattr(server_main, "available", lambda: False)
    monkeypatch.setattr(client_module, "available", lambda: False)
    assert asyncio.run(server_main.serve(parse(["--data", str(tmp_path), "--port", "0"]))) == 1
    assert "pip install -e '.[server]'" in capsys.readouterr().err
    with pytest.raises(client_module.MissingExtra, match=r"\[server\]"):
        bot(tmp_path / "ada", 1, "Ada")
    assert not (tmp_path / "server.sqlite3").exists()
