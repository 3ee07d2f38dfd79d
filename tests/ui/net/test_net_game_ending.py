"""Issue 42 deliverable 3 over the network: a network game ends in the same ending scene as a
local one (the winners' creatures, the numbers, the reasons), with what a network game offers:
the host's replay and the main menu, never a rematch the host did not deal."""

from __future__ import annotations

import random
import threading
import time

from game.net.host import Host
from game.net.seats import SeatSpec
from game.ui.match.ending import EndingScene
from game.ui.net.match import NetMatchScene
from game.ui.net.session import NetSession


def test_a_network_game_ends_in_the_ending_scene(open_window, tmp_path):
    host = Host("1v1", 5, [SeatSpec(remote=False, level="easy"), SeatSpec(remote=True)],
                bind="127.0.0.1", port=0, code=None, store_root=tmp_path / "host",
                log=lambda line: None)
    port = host.listen()
    thread = threading.Thread(target=host.run, daemon=True)
    thread.start()
    app = open_window("--speed", "100", first_frame=True)
    session = NetSession("127.0.0.1", port, "Ada", None, store_root=tmp_path / "client")
    session.start()
    rng = random.Random(2)
    try:
        end = time.monotonic() + 30
        while not (session.status == "playing" and session.states):
            assert time.monotonic() < end, session.lines[-3:]
            time.sleep(0.01)
        scene = NetMatchScene(app.ctx, session)
        app.ctx.scenes.replace(scene)
        end = time.monotonic() + 120
        while not scene.over_shown and time.monotonic() < end:
            app.step()
            d = scene.ctl.pending
            if d is not None and d.seat == scene.ctl.seat and scene.decision_serial == d.serial \
                    and scene.choices and not scene.queue and not scene.table.moving:
                scene.submit(rng.choice(scene.choices).option)
            time.sleep(0.002)
        assert scene.over_shown, session.lines[-5:]
        top = app.ctx.scenes.top
        assert isinstance(top, EndingScene)
        labels = [b.text for b in top.row.buttons]
        assert labels == ["Watch replay", "Main menu"]
        won = scene.ctl.game.team_of(scene.ctl.seat) == scene.ctl.winner
        assert top.titles[0] == ("You win!" if won else "You lose")
        assert top.ending.mood == ("win" if won else "loss")
        # The numbers counted over the host's whole game: the table's rows as a local ending's.
        assert [row[0] for row in top.ending.table[1:]] == [
            "Cards played", "Mindbugs used", "Creatures defeated"]
        assert sum(int(v) for v in top.ending.table[1][1:]) > 0
        assert "The replay is kept in Replays." in top.ending.lines
        for _ in range(3):
            app.step()  # drawn as it arrives
    finally:
        session.stop()
        host.stop()
        thread.join(10)
