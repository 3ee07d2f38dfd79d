"""Whole network games on loopback: a host process, client processes, real sockets."""

from __future__ import annotations

import json
import subprocess
import sys
import time

from tests.support.net_helpers import (
    ROOT,
    CaptureProxy,
    Proc,
    join,
    local_game,
    replay_files,
    start_host,
)


def test_a_1v1_game_ends_alike_everywhere_and_every_computer_keeps_the_same_replay(tmp_path):
    seed = 41
    host, port = start_host(tmp_path / "host", "--rules", "1v1", "--seed", str(seed),
                            "--seat", "computer:random", "--seat", "remote")
    client = join(tmp_path / "ada", port, "Ada", "easy", "--agent-seed", "3")
    try:
        assert client.wait() == 0 and host.wait() == 0
    finally:
        client.kill()
        host.kill()
    line = host.wait_line("GAME OVER")
    assert client.wait_line("GAME OVER") == line
    g, choices = local_game("1v1", seed, [("random", seed), ("easy", 3)])
    assert line == f"GAME OVER winner={g.winner} turns={g.turn_no}"
    [mine] = replay_files(tmp_path / "ada")
    [theirs] = replay_files(tmp_path / "host")
    assert mine.read_bytes() == theirs.read_bytes()
    kept = json.loads(mine.read_text())
    assert kept["mode"] == "network" and kept["seats"][1]["name"] == "Ada"
    assert [(c["verb"], c["card"], c["seat"]) for c in kept["choices"]] == choices
    verified = subprocess.run([sys.executable, "-m", "game.replay", str(mine), "--verify"],
                              cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert verified.returncode == 0, verified.stderr
    assert verified.stdout.strip() == f"OK winner={g.winner} turns={g.turn_no}"
    assert not list((tmp_path / "host" / "network").glob("host-*.json"))  # a replay now
    assert not list((tmp_path / "ada" / "network").glob("ticket-*.json"))


def test_a_2v2_game_with_two_remote_seats_ends_alike_everywhere(tmp_path):
    seed = 8
    host, port = start_host(tmp_path / "host", "--rules", "2v2", "--seed", str(seed),
                            "--seat", "remote", "--seat", "computer:random", "--seat", "remote",
                            "--seat", "computer:easy")
    ada = join(tmp_path / "ada", port, "Ada", "random", "--agent-seed", "1")
    ada.wait_line("SEATED seat=0")
    cleo = join(tmp_path / "cleo", port, "Cleo", "easy", "--agent-seed", "2")
    try:
        assert ada.wait() == 0 and cleo.wait() == 0 and host.wait() == 0
    finally:
        for p in (ada, cleo, host):
            p.kill()
    line = host.wait_line("GAME OVER")
    assert ada.wait_line("GAME OVER") == line == cleo.wait_line("GAME OVER")
    g, _ = local_game("2v2", seed, [("random", 1), ("random", seed), ("easy", 2), ("easy", seed)])
    names = ["Ada", "Computer 2 (Random)", "Cleo", "Computer 4 (Easy)"]
    assert line == (f"GAME OVER winner=team{g.winner} ({names[g.winner]} & "
                    f"{names[g.winner + 2]}) turns={g.turn_no}")
    texts = {p.read_bytes() for d in ("host", "ada", "cleo") for p in replay_files(tmp_path / d)}
    assert len(texts) == 1


def test_a_client_killed_mid_game_rejoins_its_seat_and_the_game_ends_as_it_would_have(tmp_path):
    seed = 5
    host, port = start_host(tmp_path / "host", "--rules", "1v1", "--seed", str(seed),
                            "--seat", "remote", "--seat", "computer:easy")
    # The client's first connection hears 6 messages (welcome, state, seats, then the game's
    # first states) and then nothing: it is killed at that point and started again.
    proxy = CaptureProxy(port, cut_after=6)
    args = (tmp_path / "ada", proxy.port, "Ada", "easy", "--agent-seed", "9")
    client = join(*args)
    again = None
    try:
        client.wait_line("SEATED seat=0")
        deadline = time.monotonic() + 60
        while proxy.messages < 6 and time.monotonic() < deadline:
            time.sleep(0.02)
        time.sleep(0.3)
        client.kill()  # SIGKILL: no goodbye, as a crash or a pulled cable
        assert host.wait_line("MISSING seat=0 name=Ada")
        assert host.p.poll() is None  # the host waits for the seat
        again = join(*args)
        assert again.wait_line("BACK seat=0")
        assert again.wait() == 0 and host.wait() == 0
    finally:
        for p in (client, again, host):
            if p is not None:
                p.kill()
        proxy.close()
    g, choices = local_game("1v1", seed, [("easy", 9), ("easy", seed)])
    line = f"GAME OVER winner={g.winner} turns={g.turn_no}"
    assert host.wait_line("GAME OVER") == line == again.wait_line("GAME OVER")
    [kept] = replay_files(tmp_path / "ada")
    data = json.loads(kept.read_text())
    assert [(c["verb"], c["card"], c["seat"]) for c in data["choices"]] == choices


def test_a_host_killed_mid_game_resumes_from_its_save_and_the_client_rejoins(tmp_path):
    seed = 17
    host, port = start_host(tmp_path / "host", "--rules", "1v1", "--seed", str(seed),
                            "--seat", "computer:easy", "--seat", "remote")
    proxy = CaptureProxy(port, cut_after=7)  # the client then hangs at a decision of its own
    client = join(tmp_path / "ada", proxy.port, "Ada", "easy", "--agent-seed", "6")
    again = None
    try:
        client.wait_line("SEATED seat=1")
        deadline = time.monotonic() + 60
        while proxy.messages < 7 and time.monotonic() < deadline:
            time.sleep(0.02)
        time.sleep(0.5)  # the host's save of the last decision is on disk
        host.kill()  # SIGKILL: the host's computer crashed
        assert client.wait_line("RECONNECTING...")
        again = Proc(["host", "--bind", "127.0.0.1", "--port", str(port), "--resume"],
                     tmp_path / "host")
        assert again.wait_line("READY port=") == f"READY port={port}"
        assert again.wait_line("BACK seat=1 name=Ada")
        assert client.wait() == 0 and again.wait() == 0
    finally:
        for p in (client, host, again):
            if p is not None:
                p.kill()
        proxy.close()
    g, choices = local_game("1v1", seed, [("easy", seed), ("easy", 6)])
    line = f"GAME OVER winner={g.winner} turns={g.turn_no}"
    assert again.wait_line("GAME OVER") == line == client.wait_line("GAME OVER")
    [kept] = replay_files(tmp_path / "ada")
    assert [(c["verb"], c["card"], c["seat"]) for c in json.loads(kept.read_text())["choices"]] \
        == choices
    assert [p.read_bytes() for p in replay_files(tmp_path / "host")] == [kept.read_bytes()]


def test_the_game_over_line_is_the_demos_own(tmp_path):
    """A host whose seats are all its own computers plays the very game ``python -m game
    --demo`` plays with that seed and level (the same seeds per decision), and says so in the
    same words."""
    import os

    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
               MINDBUG_DATA_DIR=str(tmp_path / "demo"), PYTHONPATH=str(ROOT))
    # Seed 8: a game of 27 decisions (Easy against Easy), each with its own seeds to agree on.
    demo = subprocess.run([sys.executable, "-m", "game", "--demo", "--level", "easy", "--seed",
                           "8", "--speed", "40", "--max-fps", "1000", "--settings",
                           str(tmp_path / "s.json"), "--exit-after-game"], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=300)
    host, _port = start_host(tmp_path / "host", "--seed", "8", "--seat", "computer:easy",
                             "--seat", "computer:easy")
    try:
        assert host.wait() == 0
    finally:
        host.kill()
    assert demo.stdout.splitlines()[-1] == host.wait_line("GAME OVER")
