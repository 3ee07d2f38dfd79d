"""Speech through the window (issue 25): whole games played with keyboard events only.

The real window runs headless with a recording speech sink; no mouse event is ever posted.
At every person's decision the player Tabs through every option (each is said as focus reaches
it), then to the one they pick, and presses Enter; a card picker is walked the same way; a
hot-seat curtain is lifted with Tab and Enter. The controller's ``respond`` is watched: before
any decision is answered, its ask must have been said since the last answer (for a person's
own decision with every option's line). Every utterance, when it is spoken, is checked against
the engine: it may name a card only if the seat listening (hot seat: the seat in front of the
curtain, or every person at the table while it is down) can locate it now, or an event showed
it to every person at the screen. Time is simulated: nothing sleeps.
"""

from __future__ import annotations

import random
import sys
import threading
from collections.abc import Callable
from pathlib import Path

import pygame
import pytest

from game.speech import words as speech_words
from game.ui.core.match_config import MatchConfig, computer, person
from game.ui.match.card_picker import CardPicker
from game.ui.match.curtain import CurtainScene
from game.ui.match.scene import MatchScene

sys.path.insert(0, str(Path(__file__).resolve().parents[3]))
from tests.support.speech_keys import (  # noqa: F401
    CARD_FIELDS,  # noqa: F401
    FRAME,
    CheckingSink,
    _event_cards,
    frames,
    key,
    open_speaking_window,
    tap,
)

READING_KEYS = (pygame.K_t, pygame.K_c, pygame.K_l, pygame.K_r)
#: The board by zones (issue 45): the other hands' counts (C twice), the creatures of each side,
#: the piles, life and Mindbugs; the arrows into each, a card's lines (I, Down), Esc out.
ZONE_WALK = (pygame.K_c, pygame.K_c, pygame.K_RIGHT, pygame.K_b, pygame.K_RIGHT, pygame.K_o,
             pygame.K_RIGHT, pygame.K_i, pygame.K_DOWN, pygame.K_o, pygame.K_RIGHT, pygame.K_p,
             pygame.K_LEFT, pygame.K_p, pygame.K_RIGHT, pygame.K_i, pygame.K_m, pygame.K_RIGHT,
             pygame.K_ESCAPE)












class Watch:
    """Wraps the controller's ``respond``: was the decision announced (with its options) first?"""

    def __init__(self, scene: MatchScene, sink: CheckingSink) -> None:
        self.scene, self.sink = scene, sink
        self.mark = len(sink.lines)  # utterances since the last answer start here
        self.answered = self.own = 0
        self.missing: list[str] = []
        self.picker: list[str] | None = None  # a card picker's cards, as its buttons say them
        ctl = scene.ctl
        inner = ctl.respond

        def respond(option):
            self.before(option)
            events = inner(option)
            sink.saw(events, scene.narration.narrator.audience)
            self.mark = len(sink.lines)
            return events

        ctl.respond = respond

    def before(self, option) -> None:
        sc, n = self.scene, self.scene.narration.narrator
        d = sc.ctl.game.pending
        said = self.sink.lines[self.mark:]
        view = n._view()
        ask = " ".join(speech_words.decision_lines(view, n.seats, n.speaker))
        self.answered += 1
        if not any(ask in line for line in said):
            self.missing.append(f"decision {d.kind} of seat {d.seat}: {ask!r} not in {said[-4:]}")
            return
        if d.seat != n.speaker:
            return
        self.own += 1
        picker, self.picker = self.picker, None
        if picker is not None:  # the picker's focus speaker says each card as Tab selects it
            self.missing += [f"picker card {words!r} not said" for words in picker if words not in said]
            return
        offered = n._options
        for i, opt in enumerate(offered):
            line = speech_words.option_line(view, opt, n.seats, i, len(offered))
            if line not in said:
                self.missing.append(f"option {line!r} of {d.kind} not said")




def play_by_keyboard(app, sink: CheckingSink, config: MatchConfig, seed: int,
                     max_frames: int = 60_000,
                     until: Callable[[Watch], bool] | None = None) -> tuple[MatchScene, Watch]:
    """Plays the game to its end by keys, or only until ``until(watch)`` holds."""
    scene = MatchScene(app.ctx, config)
    sink.scene = scene
    sink.saw(scene.ctl.opening, scene.narration.narrator.audience)
    sink.check(sink.lines[:sink.unchecked])
    watch = Watch(scene, sink)
    app.ctx.scenes.replace(scene)
    rng = random.Random(seed)
    posted: list[int] = []
    real_post = pygame.event.post

    def post(ev):  # the proof that no mouse event is ever sent
        # by this test: a thread another test left behind in this worker (a network session's
        # wake-up) may post too (seen under coverage's slower runs)
        if threading.current_thread() is threading.main_thread():
            posted.append(ev.type)
        return real_post(ev)

    pygame.event.post = post
    try:
        for _ in range(max_frames):
            if until is not None and until(watch):
                return scene, watch
            if scene.ctl.over and scene.narration.over_said and not scene.table.queue:
                break
            top = app.ctx.scenes.top
            if isinstance(top, CurtainScene):
                frames(app, 0.6)
                tap(app, pygame.K_TAB)
                tap(app, pygame.K_RETURN)
                frames(app, 0.5)  # Enter does nothing for a moment after a reveal
                continue
            if isinstance(top, CardPicker):
                watch.picker = [c.words() for c in top.cards]
                count = len(top.cards) + len(top.others)
                for _i in range(count):  # every card and button said once
                    tap(app, pygame.K_TAB)
                for _i in range(rng.randrange(len(top.cards))):
                    tap(app, pygame.K_TAB)  # round again to the card picked
                tap(app, pygame.K_RETURN)
                continue
            d = scene.ctl.pending
            if top is scene and d is not None and scene.ctl.is_human(d.seat) \
                    and scene.decision_serial == d.serial and not scene.table.moving:
                app.step()  # the narration announces the decision in this frame
                for k in READING_KEYS:  # the table, my hand, the last turn, repeat
                    tap(app, k)
                if watch.answered % 3 == 0:  # every third decision: every zone, walked
                    for k in ZONE_WALK:
                        tap(app, k)
                    assert scene.narration.narrator.zone is None and app.ctx.scenes.top is scene
                tap(app, pygame.K_d, mod=rng.choice((0, pygame.KMOD_SHIFT)))  # a discard pile...
                assert type(app.ctx.scenes.top).__name__ == "DiscardViewer"
                tap(app, pygame.K_ESCAPE)  # ...said, and closed by a key
                n = len(scene.choices)
                for _i in range(n):  # hear every option
                    tap(app, pygame.K_TAB)
                if isinstance(app.ctx.scenes.top, CardPicker):
                    continue
                for _i in range(rng.randrange(n) + 1):
                    tap(app, pygame.K_TAB)
                tap(app, pygame.K_i)  # the focused option's card, in full
                tap(app, pygame.K_RETURN)
                tap(app, pygame.K_c)  # my hand again: the screen may have changed hands
                tap(app, pygame.K_t)
                continue
            app.step()
    finally:
        pygame.event.post = real_post
    assert scene.ctl.over, "the game did not end"
    assert set(posted) <= {pygame.KEYDOWN, pygame.KEYUP}, "only keys may drive the game"
    return scene, watch


# The computers play Easy: what is checked (every decision announced, no hidden card named)
# does not need Medium's search, which cost most of these games' time.
GAMES = {
    "1v1 vs the computer": (MatchConfig(mode="ai", ai_level="easy", names=("You", "Computer (Easy)"),
                                        seed=11), 1),
    "hot seat": (MatchConfig(mode="hotseat", ai_level="easy", names=("Ann", "Bo"), seed=12), 2),
    "2v2 vs computers": (MatchConfig.for_seats([person("You"), computer("easy"), computer("easy"),
                                                computer("easy")], "2v2", 13), 3),
}


@pytest.mark.parametrize("name", list(GAMES))
def test_a_whole_game_by_keyboard_is_announced_and_names_no_hidden_card(open_window, name):
    config, seed = GAMES[name]
    app, sink = open_speaking_window(open_window)
    scene, watch = play_by_keyboard(app, sink, config, seed)
    assert watch.own >= 5 and watch.answered > watch.own or config.mode == "hotseat"
    assert watch.own >= 5
    assert not watch.missing, watch.missing[:5]
    assert not sink.leaks, sink.leaks[:5]
    end = next(ev for ev in scene.ctl.end_events if type(ev).__name__ == "GameOver")
    over = speech_words.event_line(end, scene.ctl.game, scene.narration.narrator.seats)
    assert over and over.startswith("Game over") and over in sink.lines[-3:], (over, sink.lines[-3:])
    assert any(line.startswith("Turn 1:") for line in sink.lines)
    if config.mode == "hotseat":
        assert any("The curtain is down: Ann" in line for line in sink.lines)
        assert any("The curtain is down: Bo" in line for line in sink.lines)


@pytest.mark.quick  # the file's test in the quick tier (its first plays whole games)
def test_a_planted_leak_and_a_silent_decision_are_caught(open_window, monkeypatch):
    """The checks can fail: the narration keeps the last player as the speaker after the
    screen changed hands (so "my hand" reads their hand to the next), and decisions go
    unannounced."""
    from game.speech.narrator import Narrator
    from game.ui.match import narration

    follow = narration.MatchNarration._follow_curtain

    def keeps_the_speaker(self):
        revealed = self.sc.revealed
        if revealed is None:
            self._speaker_seen = None  # never tells the narrator the hand went face down
        else:
            follow(self)

    monkeypatch.setattr(narration.MatchNarration, "_follow_curtain", keeps_the_speaker)
    monkeypatch.setattr(Narrator, "decision", lambda self, options=None: "")
    config, seed = GAMES["hot seat"]
    app, sink = open_speaking_window(open_window)
    # Played until both are caught (to the end if one never is, and then the test fails).
    _scene, watch = play_by_keyboard(app, sink, config, seed,
                                     until=lambda watch: bool(sink.leaks and watch.missing))
    assert sink.leaks and watch.missing
