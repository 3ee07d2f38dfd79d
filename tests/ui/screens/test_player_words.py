"""Player words on player screens (issue 42, findings 8 and 13): no install commands, seeds,
decision counters, seat numbers or search names; the German of a save's discard and of hot
seat. Each failed before its fix."""

from __future__ import annotations

from pathlib import Path

from babel.messages.pofile import read_po

import game

LOCALE = Path(game.__file__).parent / "locale"

# Words a developer reads and a player should not: an install command, a seed, a decision
# counter, a seat number, the search's level name, "HOST:PORT".
DEVELOPER_WORDS = ("pip install", "lan extra", "HOST:PORT", "seed {seed}", "decision {index}",
                   "decision {number} of", "(decision {number})", "after {count} decision",
                   "take seat {number}", "as Hard saw it", "kept {kept}", "Rating details: D")


def _catalog(path: Path):
    with path.open("rb") as f:
        return read_po(f, locale="de")


def test_no_text_of_the_game_carries_developer_words():
    template = _catalog(LOCALE / "mindbug.pot")
    found = [m.id for m in template if m.id and any(w in str(m.id) for w in DEVELOPER_WORDS)]
    assert found == []


def test_german_discards_a_save_and_names_hot_seat_in_german():
    german = _catalog(LOCALE / "de" / "LC_MESSAGES" / "mindbug.po")
    assert german.get("Discard game").string == "Verwerfen"
    assert german.get("Discard").string == "Ablage"  # the pile's label stays
    english_left = [m.id for m in german if m.id and "Hot Seat" in str(m.string)]
    assert english_left == []


def test_the_join_screen_without_network_listing_speaks_to_a_player(open_window, monkeypatch):
    from game.net import discovery
    from game.ui.net.join import LABELS, JoinScene

    monkeypatch.setenv("MINDBUG_LOOPBACK_ONLY", "1")
    monkeypatch.setattr(discovery, "available", lambda: False)
    app = open_window()
    scene = JoinScene(app.ctx)
    assert scene.browse_note is not None
    assert "pip" not in scene.browse_note and "extra" not in scene.browse_note
    assert not any("HOST:PORT" in label for label in LABELS)


def test_a_moment_says_whose_chance_went_where_and_what_the_better_move_left():
    from game.ai.moments import Moment, Move, Point, moment_line

    chosen, better = Move("play", ""), Move("attack", "")
    point = Point(7, 4, chosen, 0.34, 0.34, better, 0.68)
    line = moment_line(Moment(point, 0.49, 0.34))
    assert "your chance to win went from 49% to 34%" in line
    assert line.endswith("would have left it at 68%")


# --- finding 12: names ----------------------------------------------------------------------------
def test_join_name_field_takes_ctrl_a_and_keeps_its_name_apart_from_hot_seat(open_window, monkeypatch):
    import pygame

    from game.ui.net.join import JoinScene, remember_name

    monkeypatch.setenv("MINDBUG_LOOPBACK_ONLY", "1")
    app = open_window()
    app.ctx.settings.player_names = ("Ann", "Bo")
    scene = JoinScene(app.ctx, address="127.0.0.1:5151", name="Old name")
    scene.focus = 1
    scene.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_a, mod=pygame.KMOD_CTRL, unicode="a"))
    scene.handle(pygame.event.Event(pygame.TEXTINPUT, text="Eve"))
    assert scene.values[1] == "Eve"  # Ctrl+A selected the whole name: typing replaced it
    scene.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_a, mod=pygame.KMOD_CTRL, unicode="a"))
    scene.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_BACKSPACE, mod=0, unicode=""))
    assert scene.values[1] == ""
    remember_name(app.ctx, "Eve")
    assert app.ctx.settings.player_names == ("Ann", "Bo")  # hot seat's Player 1 stays Ann
    assert JoinScene(app.ctx).values[1] == "Eve"  # offered again on Join


def test_2v2_setup_names_the_people_as_the_1v1_screen_does(open_window):
    from game.ui.screens.new_game import NewGameScene

    app = open_window()
    app.ctx.settings.player_names = ("Ann", "Bo")
    app.ctx.settings.seats_2v2 = ("person:Player 1", "computer:medium", "person:Player 3",
                                  "computer:medium")
    scene = NewGameScene(app.ctx, hot_seat=False, rules="2v2")
    assert [scene.names4[0], scene.names4[2]] == ["Ann", "Bo"]
    scene._toggle_kind(1)  # a third person at the table
    assert scene.names4[1] == "Player 3"  # the third person: the next name nobody has


# --- finding 24: the hot-seat result and the statistics ---------------------------------------------
def test_a_hot_seat_moment_names_the_player_in_the_third_person():
    from types import SimpleNamespace

    from game.ai.moments import Moment, Move, Point, biggest_lines
    from game.common import i18n

    robber = SimpleNamespace(name="Grave Robber", name_de="Grabräuber")
    point = Point(3, 5, Move("mindbug", "", robber), 0.3, 0.3, None, None)
    lines = biggest_lines(Moment(point, 0.6, 0.3), "Alice")
    assert lines[1] == "Alice used a Mindbug on Grave Robber"
    assert biggest_lines(Moment(point, 0.6, 0.3))[1] == "You used a Mindbug on Grave Robber"
    i18n.set_language("de")
    try:
        assert biggest_lines(Moment(point, 0.6, 0.3), "Alice")[1].startswith("Alice hat")
    finally:
        i18n.set_language("en")


def test_the_statistics_say_what_side_won_counts():
    from game.ui.records.statistics import side_won_note

    assert side_won_note().startswith("Side won: how often the side that played the card won")
