"""Speech outside the match (issue 25): the flags, the Settings' switches (saved and validated
like every setting), and every scene's focused button said as the keyboard reaches it."""

from __future__ import annotations

import json

import pygame

from game.app import parse_args
from game.common import settings as settings_mod
from game.speech.sinks import RecordingSink
from game.ui.core.speech_out import ScreenSpeech, focused_label
from game.ui.screens.settings import SettingsScene
from game.ui.screens.title import TitleScene


def tap(app, k: int) -> None:
    for down in (True, False):
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN if down else pygame.KEYUP, key=k, mod=0,
                                             unicode="", scancode=0))
        app.step()


def test_the_flags_are_the_apps_own(tmp_path):
    args = parse_args(["--speech", "--speech-log", str(tmp_path / "said.txt")])
    assert args.speech and args.speech_log == str(tmp_path / "said.txt")
    plain = parse_args([])
    assert not plain.speech and plain.speech_log is None


def test_the_speech_log_hears_the_title_and_settings_by_keyboard(open_window, tmp_path):
    log = tmp_path / "said.txt"
    app = open_window("--speech-log", str(log), first_frame=True)
    assert isinstance(app.ctx.scenes.top, TitleScene)
    labels = []
    for _ in range(3):
        tap(app, pygame.K_TAB)
        labels.append(focused_label(app.ctx.scenes.top))
    said = log.read_text(encoding="utf-8").splitlines()
    assert labels[0] and said[-3:] == labels, (said, labels)
    settings = SettingsScene(app.ctx)
    app.ctx.scenes.push(settings)
    app.step()
    tap(app, pygame.K_TAB)
    said = log.read_text(encoding="utf-8").splitlines()
    assert said[-3:] == ["Settings", "Page Down or Ctrl+Tab goes to the next page; Enter changes "
                         "the setting in focus; Esc saves and goes back.", "Animation speed: 1x"]


def test_the_speech_and_pace_switches_are_saved_and_checked(open_window, tmp_path):
    app = open_window(first_frame=True)
    voice = RecordingSink()
    app.ctx.speech = ScreenSpeech(False, None, app.ctx.settings, system=lambda language: voice)
    scene = SettingsScene(app.ctx)
    app.ctx.scenes.push(scene)
    for label in ("Speech", "Wait for me after each computer move"):
        row = scene.open_row(label)
        assert scene.row.buttons[row].text == "Off"
        scene.row.buttons[row].action()
        assert scene.row.buttons[row].text == "On"
    assert app.ctx.speech.voiced and voice.lines == []  # the voice opens at once
    row = scene.open_row("Speech volume")  # on another page: shown first
    slider = scene.row.buttons[row]
    slider.set(0.5)
    assert voice.volume == 0.5 and app.ctx.settings.speech_volume == 0.5
    assert voice.lines[-1] == "Speech volume"  # heard at its new level
    scene._done()
    saved = json.loads((tmp_path / "settings.json").read_text(encoding="utf-8"))
    assert saved["speech"] is True and saved["wait_for_me"] is True and saved["speech_volume"] == 0.5
    values, bad = settings_mod.check_fields({"speech": "yes", "speech_volume": float("nan"),
                                             "wait_for_me": 1})
    assert (values["speech"], values["speech_volume"], values["wait_for_me"]) == (False, 1.0, False)
    assert sorted(reason.split()[0] for reason in bad) == ["speech", "speech_volume", "wait_for_me"]


def test_no_speech_service_is_one_line_and_silence(open_window):
    app = open_window(first_frame=True)
    from game.speech.sinks import NullSink

    app.ctx.speech = ScreenSpeech(True, None, app.ctx.settings, system=lambda language: NullSink())
    assert app.ctx.speech.message.startswith(
        "No screen reader or speech service found: speech stays silent. For a voice: ")
    assert not app.ctx.speech.voiced and app.ctx.speech.unheard
    app.ctx.speech.say("nothing")  # and nothing breaks


def test_no_voice_at_the_start_is_said_on_the_terminal_with_a_sound_and_on_the_title(
        open_window, capsys, monkeypatch):
    """Issue 45: a blind player whose speech finds no voice hears why: a line on the terminal,
    the notice's own sound once the window is up, and the title says how to get a voice (the
    suite's MINDBUG_SPEECH=none is a system with no voice)."""
    played: list[str] = []
    monkeypatch.setattr("game.ui.core.sound.Sounds.play", lambda self, name: played.append(name))
    app = open_window("--speech")
    err = capsys.readouterr().err
    assert "No screen reader or speech service found" in err and "For a voice: " in err
    app.step()
    assert played == ["no_voice"]
    title = app.ctx.scenes.top
    assert isinstance(title, TitleScene) and "For a voice: " in (title.message or "")
    app.step()
    assert played == ["no_voice"]  # once


def test_a_found_voice_starts_quietly(open_window, capsys, monkeypatch):
    monkeypatch.delenv("MINDBUG_SPEECH")
    monkeypatch.setattr("game.speech.sinks.system_sink", lambda language, output="auto": RecordingSink())
    played: list[str] = []
    monkeypatch.setattr("game.ui.core.sound.Sounds.play", lambda self, name: played.append(name))
    open_window("--speech", first_frame=True)
    assert capsys.readouterr().err == "" and played == []


def test_lists_and_the_seat_list_say_what_each_focused_row_shows(open_window, tmp_path):
    """Keyboard alone, the speech log: a lesson or puzzle row says its words and whether it is
    done (drawn only as a colour); the 2v2 seat list says whose seat a button belongs to."""
    log = tmp_path / "said.txt"
    app = open_window("--speech-log", str(log), first_frame=True)

    def said_after(go, keys: int) -> list[str]:
        app.ctx.nav.title()
        app.step()
        go()
        app.step()
        before = len(log.read_text(encoding="utf-8").splitlines())
        for _ in range(keys):
            tap(app, pygame.K_TAB)
        return log.read_text(encoding="utf-8").splitlines()[before:]

    lessons = said_after(lambda: app.ctx.nav.tutorial(), 2)
    assert lessons[0].startswith("Lesson 2 ") and lessons[1].startswith("Lesson 3 "), lessons
    seats = said_after(lambda: app.ctx.nav.new_game(False, "2v2"), 3)
    assert seats == ["1. You: Person", "1. You: name: Player 1", "2. Left opponent: Computer"], seats
    levels = said_after(lambda: app.ctx.nav.new_game(False, "1v1"), 3)
    # each with what the note under the buttons shows of it (issue 45): how it plays, how strong
    assert [line.split(". ")[0] for line in levels] == ["Random", "Easy", "Medium, selected"], levels
    assert "Beats Easy about" in levels[2], levels


def test_the_card_gallery_says_the_chosen_card_in_full(open_window, tmp_path):
    log = tmp_path / "said.txt"
    app = open_window("--speech-log", str(log), first_frame=True)
    app.ctx.nav.gallery()
    app.step()
    gallery = app.ctx.scenes.top
    tap(app, pygame.K_RIGHT)
    said = log.read_text(encoding="utf-8").splitlines()
    card = gallery.cards[gallery.selected]
    assert said[-4] == "Cards" and said[-3].startswith("Every card of the game") and said[-1].startswith(f"{card.name} (power {card.power}"), said[-3:]


def test_the_speech_output_and_rate_are_chosen_in_settings_and_take_effect_at_once(open_window, tmp_path):
    app = open_window(first_frame=True)
    opened: list[str] = []
    voices: list[RecordingSink] = []

    def system(language, output="auto"):
        opened.append(output)
        voices.append(RecordingSink())
        voices[-1].set_rate = lambda value: setattr(voices[-1], "rate", value) or True
        return voices[-1]

    app.ctx.speech = ScreenSpeech(True, None, app.ctx.settings, system=system)
    scene = SettingsScene(app.ctx)
    app.ctx.scenes.push(scene)
    row = scene.open_row("Speech output")
    assert scene.row.buttons[row].text == "Automatic"
    scene.row.buttons[row].action()
    assert scene.row.buttons[row].text == "Screen reader"
    assert opened == ["auto", "screen_reader"] and voices[-1].lines == ["Screen reader"]
    scene.row.buttons[row].action()
    assert opened[-1] == "own_voice" and voices[-1].lines == ["The game's own voice"]
    rate = scene.row.buttons[scene.open_row("Speech rate")]
    rate.set(0.8)
    assert voices[-1].rate == 0.8 and voices[-1].lines[-1] == "Speech rate"
    scene._done()
    saved = json.loads((tmp_path / "settings.json").read_text(encoding="utf-8"))
    assert saved["speech_output"] == "own_voice" and saved["speech_rate"] == 0.8
    values, bad = settings_mod.check_fields({"speech_output": "telepathy", "speech_rate": 3})
    assert (values["speech_output"], values["speech_rate"]) == ("auto", 0.5) and len(bad) == 2


def test_the_start_greets_with_the_games_name_and_each_screen_says_what_it_is_for(open_window, tmp_path):
    """Issue 45: the first words are the game's name, then the title and what it is for (not
    "Play vs Computer"); every screen says its title and its purpose as it comes up."""
    log = tmp_path / "said.txt"
    app = open_window("--speech-log", str(log), first_frame=True)
    said = log.read_text(encoding="utf-8").splitlines()
    assert said[:2] == ["Welcome to Mindbug: First Contact.", "Title"], said[:3]
    assert said[2].startswith("Play a game, learn the game, or change the settings.")

    def entered(go) -> list[str]:
        before = len(log.read_text(encoding="utf-8").splitlines())
        go()
        app.step()
        return log.read_text(encoding="utf-8").splitlines()[before:]

    vs = entered(lambda: app.ctx.nav.new_game(False, "1v1"))
    assert vs[:2] == ["Play vs Computer", "Choose the computer's level, then Start Game."], vs
    hot = entered(lambda: app.ctx.nav.new_game(True, "1v1"))
    assert hot[0] == "Two Players on This Computer" and "curtain" in hot[1], hot
    stats = entered(lambda: app.ctx.nav.title())
    assert stats[0] == "Title" and "Welcome" not in " ".join(stats)  # greeted once


def test_a_screens_first_focus_queues_behind_its_title_and_a_key_cuts_in(open_window):
    """Issue 45 (found with a real Speech Dispatcher): the title's gold default was said with an
    interrupt on the first frame, so the greeting, the title and its purpose were never heard."""
    voice = RecordingSink()
    app = open_window(first_frame=True)
    app.ctx.speech = ScreenSpeech(True, None, app.ctx.settings, system=lambda language: voice)
    app.step()
    assert voice.lines[0] == "Welcome to Mindbug: First Contact." and len(voice.lines) >= 4
    assert voice.interrupts == 1  # only the greeting starts afresh
    tap(app, pygame.K_TAB)
    assert voice.interrupts == 2  # a key moved the focus: it cuts in
