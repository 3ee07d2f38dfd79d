"""Card faces drawn ahead of need in a background thread, a running match's own cards first.

A face seen for the first time costs 5-30 ms to draw (its picture is painted at that size), more
than a frame has to spare. ``FaceWarming`` draws every face ahead, one right after each frame
went out. A match that starts while it is still at work (a game begun straight from the title)
gets its own cards next, soonest seen first (``prefer``); the faces no card of the match needs
(the other cards, the large zooms) then wait for the moments the table is still, since each one
drawn takes the interpreter from the frames of a moving table (its pygame calls hold the GIL).
"""

from __future__ import annotations

import threading
from typing import TYPE_CHECKING

# Imported here, in the main thread (this module is imported after the first frame), never first
# inside the drawing thread: the German card text and the picture painter.
from game.cards import text_de  # noqa: F401
from game.ui.cards import art  # noqa: F401

if TYPE_CHECKING:
    from game.engine import CardDef, State
    from game.ui.cards.assets_bridge import FaceWarmer

IDLE_PACE = 0.01  # seconds between faces drawn ahead while no frame is being sent
SOON_CARDS = 12  # a match's next cards, drawn ahead at the 1v1 table's sizes before the rest
SOON_WIDTHS = (104, 190, 92, 58)  # the hand, the large played card, the play area, a pile


def match_cards(game: State, defs: list[CardDef]) -> list[CardDef]:
    """The cards of a match in the order they will be seen: the hands, then each deck from the
    top, then the cards already played or discarded (drawing ahead fills a cache and shows
    nothing, so it may know them all). Empty if the state does not say (a stand-in)."""
    try:
        ids = [cid for seat in range(game.n_seats) for cid in game.hands[seat]]
        decks = [list(reversed(game.decks[seat])) for seat in range(game.n_seats)]
        for i in range(max((len(d) for d in decks), default=0)):
            ids += [d[i] for d in decks if i < len(d)]
        for seat in range(game.n_seats):
            ids += list(game.plays[seat]) + list(game.discards[seat])
        names = list(dict.fromkeys(game.card(cid).name for cid in ids))
    except Exception:  # an engine or a view without these: nothing to put first
        return []
    by_name = {getattr(d, "name", ""): d for d in defs}
    return [by_name[name] for name in names if name in by_name]


class FaceWarming:
    """Draws card faces ahead of need in a background thread, so that no frame waits 5-30 ms for
    a face seen for the first time.

    The card lists are read in the calling (main) thread, with the imports they need, so the
    thread only draws. Python's short GIL switch interval (set by App) lets the frame loop get
    the interpreter back within about 1 ms.
    """

    def __init__(self, warmers: list[FaceWarmer]) -> None:
        self.warmer = warmers[-1]  # the one that draws everything
        for warmer in warmers:
            warmer.step(1e-6, idle=True)  # finds the cards (and imports the card data) here
        # Job lists drawn one after the other; True: only while the table is still (see prefer).
        self._queue: list[tuple[FaceWarmer, bool]] = [(w, False) for w in warmers]
        self._all = list(warmers)
        self._lock = threading.Lock()  # the queue is replaced by the main thread (prefer)
        self.deferring = False  # a match is running: the faces it does not need wait for stillness
        self.moving = False  # something on screen is animating (the frame loop says, every pass)
        self._stop = threading.Event()
        self._sent = threading.Event()  # a frame just went out: the most time before the next
        self._thread = threading.Thread(target=self._run, name="face-warmer", daemon=True)
        self._thread.start()

    def prefer(self, first: list[FaceWarmer], when_still: list[FaceWarmer]) -> None:
        """A match began: its faces ``first``; ``when_still`` (its zooms) and everything queued
        before wait, while the match runs (``deferring``), for the moments nothing on screen
        moves (``moving``, set by the frame loop: a time without frames is no sign of that on a
        busy machine, where a moving table's frames can be 100 ms apart)."""
        for warmer in (*first, *when_still):
            warmer.step(1e-6, idle=True)  # finds its cards here, in the main thread
        with self._lock:
            rest = [(w, True) for w, _ in self._queue]
            self._queue = [(w, False) for w in first] + [(w, True) for w in when_still] + rest
            self._all += [*first, *when_still]
        self.deferring = True
        self._sent.set()  # the thread may be waiting for a still moment: look again

    def _next(self) -> tuple[FaceWarmer, bool] | None:
        with self._lock:
            self._queue = [job for job in self._queue if not job[0].done]
            return self._queue[0] if self._queue else None

    def _run(self) -> None:
        # (Not at a lower OS priority: descheduled while holding the GIL, it would stall frames.)
        back = getattr(self.warmer.renderer, "back", None)
        if back is not None:
            for width in self.warmer.widths:
                if self._stop.is_set():
                    return
                try:  # the face-down cards: a back costs ~4 ms the first time too
                    back(width)
                except Exception:  # drawn (and reported) when used
                    pass
        while not self._stop.is_set():
            # One face right after a frame has gone out, when the loop has most of a frame's
            # time to spare; drawn at any moment, a face's longer pygame calls (which hold the
            # GIL) landed inside frames and made the worst ones 50-60 ms. A window that draws
            # nothing (waiting for input) sends no frames: then one face every IDLE_PACE seconds.
            self._sent.wait(IDLE_PACE)
            self._sent.clear()
            job = self._next()  # after the wait: a match may have begun meanwhile (prefer)
            if job is None:
                return
            warmer, when_still = job
            if when_still and self.deferring and self.moving:
                continue  # the match's table is moving: this face is not needed by it
            warmer.step(1e-6, idle=True)  # one face per call

    def frame_sent(self) -> None:
        """The frame loop has just sent a frame (see ``_run``)."""
        self._sent.set()

    @property
    def done(self) -> bool:
        return all(w.done for w in self._all)

    @property
    def drawn(self) -> int:
        return sum(w.drawn for w in self._all)

    def wait(self, timeout: float | None = None) -> bool:
        """Block until every face is drawn (tests, benches); True if done."""
        self._thread.join(timeout)
        return self.done

    def stop(self) -> None:
        self._stop.set()
        self._sent.set()
        self._thread.join(timeout=5)
