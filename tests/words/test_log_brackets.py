"""The log's lines never put brackets inside brackets: a computer's name carries its level in
them ("Computer (Medium)"), so a line never puts a player's name in brackets (issue 42)."""

from __future__ import annotations

import pytest

from game.common import i18n
from game.engine import events
from game.words import texts

NAMES = ("You", "Computer (Medium)", "Basil (Hard)", "Computer B (Easy)", "Ann")


def depth(text: str) -> int:
    """How deep the text's round brackets go (1: none inside another)."""
    deepest = level = 0
    for ch in text:
        level += ch == "("
        deepest = max(deepest, level)
        level -= ch == ")"
    return deepest


@pytest.fixture(params=["en", "de"])
def language(request):
    i18n.set_language(request.param)
    yield request.param
    i18n.set_language("en")


def test_depth_sees_a_bracket_inside_a_bracket():
    assert depth("Deathweaver (Computer (Medium))") == 2
    assert depth("Computer (Medium) (extra turn)") == 1


def test_who_starts_names_each_player_outside_brackets(language):
    seen = [(i18n.display_name(name), card) for name, card in zip(NAMES, ("Turbo Bug", "Deathweaver",
                                                                         "Shark Dog", "Snail Hydra", "Luchataur"))]
    line = texts.reveals(seen)
    assert depth(line) <= 1, line
    assert line.startswith("Wer beginnt: " if language == "de" else "Who starts: "), line
    assert ("mit" if language == "de" else "with") in line.split(), line
    for name, _card in seen:
        assert name in line


def test_an_extra_turn_keeps_the_players_level_in_the_only_brackets(language):
    for name in NAMES:
        shown = i18n.display_name(name)
        line = texts.describe(events.TurnStarted(1, 4, True), lambda _seat, s=shown: s, str,
                              lambda _seat, s=shown: s)
        assert line is not None and shown in line
        assert ("Zug" if language == "de" else "Turn") in line, line
        assert ("zusätzlicher" if language == "de" else "extra") in line, line
        assert depth(line) <= 1 and line.count("(") <= shown.count("("), line
