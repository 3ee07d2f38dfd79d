"""Pace (issue 25, item 3): "Wait for me after each computer move" holds the table after every
event of a computer seat until a key is pressed, with speech on or off; with speech, also until
the line is spoken. A person's own moves never wait. Time is simulated: nothing sleeps."""

from __future__ import annotations

import sys
from pathlib import Path

import pygame

from game.speech.sinks import RecordingSink
from game.ui.core.match_config import MatchConfig
from game.ui.core.speech_out import ScreenSpeech
from game.ui.match import narration
from game.ui.match.scene import MatchScene

sys.path.insert(0, str(Path(__file__).resolve().parents[3]))
from bench.fuzz_ui import simulate  # noqa: E402

FRAME = 1 / 60


def tap(app, k: int) -> None:
    for down in (True, False):
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN if down else pygame.KEYUP, key=k, mod=0,
                                             unicode="", scancode=0))
        app.step()


def frames(app, seconds: float) -> None:
    for _ in range(round(seconds / FRAME)):
        app.step()


class SlowVoice(RecordingSink):
    """A voice that is still speaking until the test says it has finished."""

    def __init__(self) -> None:
        super().__init__()
        self.speaking = False

    def speak(self, text: str, interrupt: bool = False) -> None:
        super().speak(text, interrupt)
        self.speaking = True

    def busy(self) -> bool:
        return self.speaking


def open_match(open_window, voice=None) -> tuple[object, MatchScene]:
    app = open_window("--speed", "20")
    simulate(app, FRAME * 1000)
    app.ctx.settings.wait_for_me = True
    if voice is not None:
        app.ctx.settings.speech = True
        app.ctx.speech = ScreenSpeech(True, None, app.ctx.settings, system=lambda language: voice)
    # Seed 4: the computer (seat 1) goes first.
    scene = MatchScene(app.ctx, MatchConfig(mode="ai", ai_level="random",
                                            names=("You", "Computer (Random)"), seed=4))
    app.ctx.scenes.replace(scene)
    assert scene.ctl.game.active == 1, "the test needs the computer to start"
    return app, scene


def until_held(app, scene, limit: float = 10.0, voice: SlowVoice | None = None) -> None:
    for _ in range(round(limit / FRAME)):
        if voice is not None:
            voice.speaking = False  # every line so far has been heard
        app.step()
        if scene.narration.narrator.holding:
            return
    raise AssertionError("the table never waited")


def test_the_table_waits_for_a_key_after_each_computer_move_and_never_for_mine(open_window):
    app, scene = open_match(open_window)
    assert app.ctx.speech is None  # the Pace works with speech off
    moves = 0
    for _ in range(3):
        until_held(app, scene)
        decisions, queued = scene.ctl.decision_no, len(scene.table.queue)
        frames(app, 3.0)  # nothing goes on while it waits
        assert scene.ctl.decision_no == decisions and len(scene.table.queue) == queued
        assert scene.ctl.worker is None and scene.prompt_text()[0] == narration.WAITING
        tap(app, pygame.K_LSHIFT)  # any key
        assert not scene.narration.narrator.holding
        assert scene.prompt_text()[0] != narration.WAITING
        moves += 1
        d = scene.ctl.pending
        if d is not None and scene.ctl.is_human(d.seat):
            break
    # My own decision: answered by keys, and my move plays through without a wait.
    for _ in range(round(10 / FRAME)):
        d = scene.ctl.pending
        if d is not None and scene.ctl.is_human(d.seat) and scene.decision_serial == d.serial \
                and not scene.table.moving and not scene.narration.narrator.holding:
            break
        if scene.narration.narrator.holding:
            tap(app, pygame.K_LSHIFT)
        app.step()
    mine = scene.ctl.decision_no
    tap(app, pygame.K_TAB)
    tap(app, pygame.K_RETURN)
    assert scene.ctl.decision_no == mine + 1
    for _ in range(round(0.5 / FRAME)):  # my play and my draw animate
        app.step()
        seat = getattr(scene.narration.narrator, "holding", False)
        if seat:
            last = scene.narration.narrator._turns[-1][-1]
            assert getattr(last, "seat", 1) != 0, f"held after my own move {last}"
    assert moves >= 1


def test_with_speech_the_table_also_waits_for_the_line_to_be_spoken(open_window):
    voice = SlowVoice()
    app, scene = open_match(open_window, voice)
    decisions = scene.ctl.decision_no
    frames(app, 2.0)  # the opening is still being said: the computer does not start
    assert scene.ctl.decision_no == decisions and scene.ctl.worker is None
    until_held(app, scene, voice=voice)
    voice.speaking = True  # the computer's move is being said
    tap(app, pygame.K_LSHIFT)
    decisions, queued = scene.ctl.decision_no, len(scene.table.queue)
    frames(app, 2.0)  # released, but the words are still coming
    assert scene.ctl.decision_no == decisions and len(scene.table.queue) == queued
    voice.speaking = False
    frames(app, 2.0)
    assert scene.ctl.decision_no > decisions or len(scene.table.queue) < queued \
        or scene.narration.narrator.holding


def test_switched_on_in_the_middle_of_a_match_it_holds_from_the_next_move(open_window):
    app, scene = open_match(open_window)
    app.ctx.settings.wait_for_me = False
    scene.narration.narrator = None  # as a match started with the Pace off
    scene.table.held = scene.table.on_play = None
    app.step()
    assert scene.narration.narrator is None
    app.ctx.settings.wait_for_me = True  # Settings, from the pause menu
    until_held(app, scene)
    assert scene.narration.narrator.pace == "key"
    app.ctx.settings.wait_for_me = False  # and off again: the table plays on by itself
    tap(app, pygame.K_LSHIFT)
    frames(app, 0.5)
    assert scene.narration.narrator.pace == "off" and not scene.narration.narrator.holding


def test_the_hold_is_said_and_the_reading_keys_read_the_table_during_it(open_window):
    """Issue 45: the hold says how to go on (in full once, then short); T, C, R, L and I read
    while it holds instead of releasing it; Enter goes on."""
    from game.speech.narrator import HOLD, HOLD_SHORT

    voice = RecordingSink()
    app, scene = open_match(open_window, voice)
    until_held(app, scene)
    assert voice.lines[-1] == HOLD and scene.prompt_text()[0] == HOLD
    for key in (pygame.K_t, pygame.K_c, pygame.K_l, pygame.K_i, pygame.K_r):
        said = len(voice.lines)
        tap(app, key)
        assert scene.narration.narrator.holding, pygame.key.name(key)
        assert len(voice.lines) >= said + (key != pygame.K_i), pygame.key.name(key)
    assert voice.lines[-5].startswith("You: "), voice.lines[-5:]  # T: the table, yours first
    tap(app, pygame.K_RETURN)
    assert not scene.narration.narrator.holding
    for _ in range(round(20 / FRAME)):
        app.step()
        n = scene.narration.narrator
        if n.holding:
            break
        d = scene.ctl.pending
        if d is not None and scene.ctl.is_human(d.seat) and scene.decision_serial == d.serial \
                and not scene.table.moving:
            tap(app, pygame.K_TAB)
            tap(app, pygame.K_RETURN)
    assert scene.narration.narrator.holding and voice.lines[-1] == HOLD_SHORT
