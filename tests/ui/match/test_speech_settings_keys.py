"""The speech settings by keys, and what issue 45's minor findings left unsaid (a blind player's
session, keys only): the detail keys change how much each source says and are saved, the rate
keys the voice's rate; the table's prompt names the keys once a key was used; the title says
the first start's offer and the daily streak with their buttons, New game each level's words."""

from __future__ import annotations

import pygame

from game.common import settings as settings_mod
from game.speech import words as speech_words
from game.speech.sinks import RecordingSink
from game.ui.core.match_config import MatchConfig
from game.ui.core.speech_out import ScreenSpeech
from game.ui.match import decision_panel
from game.ui.screens.new_game import NewGameScene
from tests.support.speech_keys import open_speaking_window, own_decision, start, tap

VS_EASY = MatchConfig(mode="ai", ai_level="easy", names=("You", "Computer (Easy)"), seed=31)


def said(app, sink, k: int) -> str:
    before = len(sink.lines)
    tap(app, k)
    return " | ".join(sink.lines[before:])


def test_the_detail_and_rate_keys_change_what_is_said_and_are_saved(open_window, tmp_path):
    app, sink = open_speaking_window(open_window)
    scene = start(app, sink, VS_EASY)
    assert own_decision(app, scene, kind="action")
    assert said(app, sink, pygame.K_8) == "Speech: the game's events: Full"
    assert said(app, sink, pygame.K_8) == "Speech: the options: Full"
    assert said(app, sink, pygame.K_9) == "Speech: the options: Short"
    assert app.ctx.settings.speech_detail["options"] == "short"
    option = said(app, sink, pygame.K_TAB)
    card = scene.choices[scene.input.focus_index].option.card
    view = scene.ctl.game.view(0)
    assert option == f"Play {speech_words.visible_name(view, card)}", option  # no facts, no count
    tap(app, pygame.K_9)
    assert said(app, sink, pygame.K_9) == "Speech: the options: Full"
    assert ", 2 of " in said(app, sink, pygame.K_TAB)
    assert said(app, sink, pygame.K_6).startswith("This speech output has no rate of its own")
    sink.set_rate = lambda value: True  # a voice with a rate of its own (SSIP, espeak-ng)
    assert said(app, sink, pygame.K_6) == "Speech rate: 70%" and app.ctx.settings.speech_rate == 0.7
    tap(app, pygame.K_5)
    assert said(app, sink, pygame.K_5) == "Speech rate: 50%"
    saved, _message = settings_mod.load(tmp_path / "settings.json")
    assert saved.speech_detail["options"] == "full" and saved.speech_rate == 0.5


def test_the_prompt_names_the_keys_after_a_key_and_the_drag_after_a_click(open_window):
    app, sink = open_speaking_window(open_window)
    scene = start(app, sink, VS_EASY)
    assert own_decision(app, scene, kind="action")
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(5, 5), button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(5, 5), button=1))
    app.step()
    assert "drag a card" in decision_panel.prompt_text(scene)[0]
    tap(app, pygame.K_t)  # a reading key is a key too
    text = decision_panel.prompt_text(scene)[0]
    assert text == "Your turn: Tab to a card to play it or to a creature to attack, then press Enter."


def test_the_title_says_the_offer_and_new_game_each_levels_words(open_window):
    app = open_window()
    voice = RecordingSink()
    app.ctx.speech = ScreenSpeech(True, None, app.ctx.settings, system=lambda language: voice)
    title = app.ctx.scenes.top
    title.daily_line = "Today: not played yet · streak 3"
    app.step()
    if title.offer:  # a first start: the offer's gold button, said with its question
        assert "New to Mindbug? Short lessons teach you the game. Take the tutorial" in voice.lines
    daily = title._entries[0].index("Daily deal")
    title.row.focus = daily
    app.step()
    assert voice.lines[-1] == "Daily deal. Today: not played yet · streak 3"
    scene = NewGameScene(app.ctx, hot_seat=False)
    app.ctx.scenes.push(scene)
    app.step()
    scene.row.focus = 0
    app.step()
    assert voice.lines[-1] == ("Random. Plays any move at random: a calm table to learn the controls "
                               "on. The gentlest opponent.")
    scene.row.focus = 1
    app.step()
    assert voice.lines[-1].startswith("Easy. ") and "Beats Random about" in voice.lines[-1]


def test_the_voice_row_asks_the_output_and_says_when_it_has_no_choice(open_window):
    from game.ui.screens.settings import SettingsScene

    app = open_window(first_frame=True)
    voice = RecordingSink()
    app.ctx.settings.speech = True
    app.ctx.speech = ScreenSpeech(True, None, app.ctx.settings, system=lambda language: voice)
    scene = SettingsScene(app.ctx)
    app.ctx.scenes.push(scene)
    row = scene.open_row("Which voice")
    assert scene.pages[scene.page].title == "Voice"
    scene.row.buttons[row].action()
    assert app.ctx.settings.speech_voice == "female" and voice.lines[-1] == "A woman's voice"
    assert scene.message == "This speech output has no choice of voice: set it in the screen reader."
    asked: list[str] = []
    voice.set_voice = lambda kind: asked.append(kind) or True  # an output with the choice
    scene.row.buttons[row].action()
    assert asked[-1] == "male" and scene.message is None
