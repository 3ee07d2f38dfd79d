"""Hosting a 2v2 of another set-up from the window: the new-game screen's set-up reaches the
host (its deal and record), its LAN announcement, and the words a player reads before hosting
and in the join list."""

from __future__ import annotations

import threading

from game.common import i18n
from game.net import discovery
from game.net.discovery import FoundGame
from game.net.seats import parse_seat_spec
from game.ui.net.hosted import HostedGame
from game.ui.net.hosting import setup_line
from game.ui.net.join import found_state


def test_a_window_hosted_game_deals_and_announces_its_set_up(tmp_path, monkeypatch) -> None:
    announced: list[tuple[int, int]] = []
    done = threading.Event()

    class Recorder:
        def __init__(self, name, rules, seats, port, address, setup=(2, 1)) -> None:
            announced.append(setup)
            done.set()

        def update(self, free: int) -> None:
            pass

        def close(self) -> None:
            pass

    monkeypatch.setattr(discovery, "available", lambda: True)
    monkeypatch.setattr(discovery, "Announcer", Recorder)
    others = [parse_seat_spec(s) for s in ("computer:random", "computer:random", "computer:random")]
    hosted = HostedGame("2v2", others, "Ada", tmp_path, port=0, bind="127.0.0.1", setup=(1, 2))
    try:
        assert done.wait(30) and announced == [(1, 2)]
        assert (hosted.host.record.mindbugs, hosted.host.record.sets) == (1, 2)
        assert len(hosted.host.game.cards) == 96 and hosted.host.game.mindbugs == [1, 1, 1, 1]
    finally:
        hosted.stop()
        hosted.thread.join(10)


def test_the_set_up_in_a_players_words_in_english_and_german() -> None:
    game = FoundGame("k", "10.0.0.1:5151", "Ada", "2v2", 3, 4, True, 1, 2)
    plain = FoundGame("k", "10.0.0.1:5151", "Ada", "2v2", 3, 4, True)
    try:
        assert found_state(game) == "2 vs 2, 1 Mindbug each, two sets, 3 seats free"
        assert found_state(plain) == "2 vs 2, 3 seats free"
        assert setup_line(2, 1) == "Set-up: 2 Mindbugs each, one set"
        i18n.set_language("de")
        assert found_state(game) == "2 gegen 2, 1 Mindbug pro Spieler, zwei Spiele, 3 Plätze frei"
        assert setup_line(1, 2) == "Aufbau: 1 Mindbug pro Spieler, zwei Spiele"
    finally:
        i18n.set_language("en")
