"""Card faces drawn ahead (game.ui.cards.warming): after frames, a match's own cards first, and
while a match moves the faces it does not need wait for a still table."""

from __future__ import annotations

import threading

from game.engine import new_game
from game.ui.cards import warming
from tests.support.engine_helpers import db


class Jobs:
    """A stand-in FaceWarmer: ``n`` faces called ``label``; each drawn one is recorded."""

    renderer = None
    widths = ()

    def __init__(self, label: str, n: int, drawn: list[str], signal: threading.Semaphore) -> None:
        self.label, self.left, self.drawn_list, self.signal = label, n, drawn, signal
        self.drawn = 0
        self.found = False  # the first step (in the main thread) finds the cards

    @property
    def done(self) -> bool:
        return self.found and self.left == 0

    def step(self, budget: float, idle: bool = False) -> int:
        if threading.current_thread() is threading.main_thread():
            self.found = True
            return 0
        self.left -= 1
        self.drawn += 1
        self.drawn_list.append(self.label)
        self.signal.release()
        return 1


def test_faces_are_drawn_ahead_one_after_each_frame_sent(monkeypatch):
    """The face warmer draws a face right after a frame went out, not at any moment (its
    pygame calls hold the GIL: drawn inside frames they made the worst frames 50-60 ms)."""
    monkeypatch.setattr(warming, "IDLE_PACE", 30.0)  # no idle pace within the test
    drawn: list[str] = []
    signal = threading.Semaphore(0)
    jobs = Jobs("face", 10, drawn, signal)
    faces = warming.FaceWarming([jobs])  # type: ignore[list-item]
    try:
        assert not signal.acquire(timeout=0.3) and drawn == []  # no frame, no face
        for n in (1, 2, 3):
            faces.frame_sent()
            assert signal.acquire(timeout=5)
            assert len(drawn) == n
    finally:
        jobs.left = 0
        faces.stop()


def test_a_match_s_own_faces_come_first_and_the_rest_waits_for_a_still_table(monkeypatch):
    monkeypatch.setattr(warming, "IDLE_PACE", 30.0)  # only frames (and the test) wake the thread
    drawn: list[str] = []
    signal = threading.Semaphore(0)
    rest = Jobs("rest", 2, drawn, signal)
    faces = warming.FaceWarming([rest])  # type: ignore[list-item]
    faces.moving = True  # the match's table is moving
    try:
        faces.prefer([Jobs("match", 3, drawn, signal)],  # type: ignore[list-item]
                     [Jobs("zoom", 1, drawn, signal)])  # type: ignore[list-item]
        assert signal.acquire(timeout=5)  # a match began: its first face at once
        for _ in range(2):
            faces.frame_sent()
            assert signal.acquire(timeout=5)
        faces.frame_sent()
        assert not signal.acquire(timeout=0.1)  # still moving: the faces it does not need wait
        assert drawn == ["match"] * 3
        faces.moving = False  # the table comes to rest
        for _ in range(3):
            faces._sent.set()  # what the idle pace's timeout does (30 s here)
            assert signal.acquire(timeout=5)
        assert drawn == ["match"] * 3 + ["zoom"] + ["rest"] * 2
        faces._sent.set()
        assert faces.wait(5)  # nothing left: the thread ends
    finally:
        faces.stop()


def test_a_match_s_cards_soonest_seen_first():
    game = new_game(db(), 7)
    cards = warming.match_cards(game, list(game.db.defs))
    names = [d.name for d in cards]
    first_hand = list(dict.fromkeys(game.card(cid).name for cid in game.hands[0]))
    assert names[:len(first_hand)] == first_hand  # the hands first, then the decks from the top
    top_of_deck = game.card(game.decks[0][-1]).name
    assert top_of_deck in names
    in_match = {game.card(cid).name for seat in range(game.n_seats)
                for cid in (*game.hands[seat], *game.decks[seat])}
    assert set(names) == in_match  # only the match's own cards
    assert len(names) == len(set(names))
    assert warming.match_cards(object(), list(game.db.defs)) == []  # type: ignore[arg-type]
