"""The one line breaker (game/ui/kit/textlayout, issue 42): lines end at spaces, at the text's
own hyphens or at a hyphenation point of the language (with a hyphen added), never inside a
syllable; a syllable wider than a line is cut with "…"; and the check the layout tests use
(``bad_breaks``) tells every other break apart."""

from __future__ import annotations

import pytest

from game.ui.kit import textlayout
from game.ui.kit.textlayout import ELLIPSIS, bad_breaks, wrap


def chars(text: str) -> int:
    """A measure of 10 px a character: the breaks, not a font, under test."""
    return 10 * len(text)


def test_words_move_whole_when_they_fit_a_line():
    lines = wrap("Dein Gegner spielt Schildwanzen aus.", 130, chars, "de")
    assert lines == ["Dein Gegner", "spielt", "Schildwanzen", "aus."]
    assert bad_breaks("Dein Gegner spielt Schildwanzen aus.", lines, "de") == []


@pytest.mark.parametrize(("language", "word", "width", "first"), [
    ("de", "Schildwanzen", 80, "Schild-"),  # ux-11 broke it "Schildwanze" / "n"
    ("de", "Entscheidungen.", 80, "Ent-"),  # ... and "Entscheidung" / "en" in the log
    ("en", "opponent's", 60, "oppo-"),
])
def test_a_word_wider_than_a_line_breaks_at_a_hyphenation_point(language, word, width, first):
    lines = wrap(word, width, chars, language)
    assert lines[0] == first and all(chars(t) <= width for t in lines)
    assert "".join(t[:-1] if t.endswith("-") else t for t in lines) == word
    assert bad_breaks(word, lines, language) == []
    assert all(t.endswith("-") for t in lines[:-1])  # every break shows its hyphen


def test_a_name_breaks_after_its_own_hyphens_first():
    lines = wrap("Sharky Crab-Dog-Mummypus", 100, chars, "en")
    assert lines == ["Sharky", "Crab-Dog-", "Mummypus"]
    assert bad_breaks("Sharky Crab-Dog-Mummypus", lines, "en") == []


def test_a_syllable_wider_than_a_line_is_cut_with_an_ellipsis():
    lines = wrap("Wwwwwwwwwwww ok", 50, chars, "en")
    assert lines == ["Wwww" + ELLIPSIS, "ok"]
    assert bad_breaks("Wwwwwwwwwwww ok", lines, "en") == []


def test_newlines_are_kept():
    assert wrap("one\n\ntwo", 100, chars, "en") == ["one", "", "two"]


def test_the_check_finds_a_break_inside_a_word():
    """What the layout tests fail on: a mid-word break without a hyphen, a hyphen where the
    dictionary has no point, a line that is not the text."""
    assert bad_breaks("Schildwanzen aus", ["Schildwanze", "n aus"], "de")
    assert bad_breaks("Schildwanzen aus", ["Schildw-", "anzen aus"], "de")
    assert bad_breaks("Entscheidungen.", ["Entscheidung", "en."], "de")
    assert bad_breaks("Sharky Crab-Dog", ["Sharky Cr", "ab-Dog"], "en")
    assert bad_breaks("Schildwanzen aus", ["Schild-", "wanzen aus"], "de") == []


def test_every_wrap_is_observed():
    seen = []
    with textlayout.observe(lambda text, lines: seen.append((text, lines))):
        wrap("a b", 10, chars, "en")
    wrap("c d", 10, chars, "en")
    assert seen == [("a b", ["a", "b"])]


def test_cut_keeps_what_fits_and_marks_it():
    assert textlayout.cut("short", 100, chars) == "short"
    assert textlayout.cut("a longer name", 60, chars) == "a lon" + ELLIPSIS


def test_a_replay_code_breaks_between_characters_without_a_hyphen():
    """A code is no word: a hyphen in it would read as one of its characters."""
    code = "0467FWSSG40R20G6RF796B5X68RHRW3H2CPMZ0K0HGWKT"
    lines = wrap(f"Code: {code}", 200, chars, "de")
    assert lines[0].startswith("Code: 0467") and "".join(lines)[len("Code: "):] == code
    assert all(chars(t) <= 200 for t in lines)
    assert bad_breaks(f"Code: {code}", lines, "de") == []


def test_a_font_of_unknown_size_is_wrapped_by_its_own_measure():
    from game.ui.kit import fonts

    class SizeUnknown:  # not from fonts.font(): no point size to measure as render_text draws
        def size(self, text: str) -> tuple[int, int]:
            return 10 * len(text), 12

    seen: list[list[str]] = []
    with textlayout.observe(lambda text, lines: seen.append(lines)):
        assert fonts.wrap("ab cd ef", SizeUnknown(), 55) == ["ab cd", "ef"]
    assert seen == [["ab cd", "ef"]]


def test_a_kept_wrap_is_the_wrap_and_its_observers_see_it_again():
    from game.ui.kit import fonts

    text = "Sharky Crab-Dog-Mummypus attacks Gorillion, and the Tough shield breaks at once"
    fnt = fonts.font(18)
    seen: list[list[str]] = []
    with textlayout.observe(lambda text, lines: seen.append(lines)):
        first, again = fonts.wrap(text, fnt, 200), fonts.wrap(text, fnt, 200)
    measured = textlayout.wrap(text, 200, lambda line: fonts.text_width(line, 18))
    assert first == again == measured and len(measured) > 1 and seen == [measured, measured]
    again.append("changed")  # the caller's own list: the kept one stays
    assert fonts.wrap(text, fnt, 200) == measured
