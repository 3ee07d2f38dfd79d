"""The one rule for names and labels (game.common.safe_text), and the font layer's fit to a width."""

from __future__ import annotations

import random
import unicodedata

import pytest

from game.common import safe_text
from game.common.safe_text import MAX_MARKS, checked, clean, printable, problem

REFUSED = {
    "NUL": "A\x00B",
    "ESC sequence": "\x1b[2J\x1b]0;pwned\x07",
    "C1 CSI": "Ann\x9b31m",
    "DEL": "Ann\x7f",
    "bidi override": "Ann\u202eevil",
    "bidi isolate": "Ann\u2066x",
    "zero-width space": "An\u200bn",
    "BOM": "\ufeffAnn",
    "line separator": "Ann\u2028Bob",
    "lone surrogate": "\ud800",
    "low surrogate": "x\udcff",
    "noncharacter FFFF": "\uffff",
    "noncharacter FDD0": "Ann\ufdd0",
    "private use": "\ue000",
    "stacked accents": "e" + "\u0301" * 39,
    "four marks": "q" + "\u0301\u0302\u0303\u0304",
    "too long": "x" * 41,
}
ACCEPTED = ["Ann", "Zoë", "Zoe\u0308", "Computer (Hard)", "Ŝebastiáno", "Ярослава", "李小龙",
            "שָּׁלוֹם", "Nguyễn Thị", "महेश्वरी", "می\u200cخواهم", "x" * 40, "Ann & Bob", ""]


@pytest.mark.parametrize("name", REFUSED.values(), ids=REFUSED.keys())
def test_a_refused_name_says_why_without_repeating_it(name):
    reason = problem(name)
    assert reason is not None
    assert name not in reason or name == ""
    assert all(ch.isprintable() for ch in reason)
    with pytest.raises(ValueError):
        checked(name)


@pytest.mark.parametrize("name", ACCEPTED)
def test_real_names_of_many_scripts_are_accepted_in_nfc(name):
    assert problem(name) is None
    assert checked(name) == unicodedata.normalize("NFC", name)


def test_the_mark_cap_counts_marks_on_one_letter_not_in_the_name():
    assert problem("q" + "\u0301" * MAX_MARKS) is None
    assert problem("q" + "\u0301" * (MAX_MARKS + 1)) is not None  # "q" has no composed form
    assert problem(("e" + "\u0301\u0300") * 10) is None  # many letters, each lightly accented


def test_the_limit_is_counted_in_characters_of_the_composed_form():
    assert problem("e\u0308" * 40) is None  # 80 code points, 40 letters "ë"
    assert problem("Zoë", limit=3) is None and problem("Zoë!", limit=3) is not None


def test_clean_makes_any_text_acceptable():
    rng = random.Random(5)
    pool = [chr(c) for c in (0, 7, 9, 10, 27, 127, 0x9b, 0x301, 0x302, 0x303, 0x304, 0x5bc,
                             0x200b, 0x200d, 0x202e, 0x2028, 0xd800, 0xdfff, 0xe000, 0xfeff,
                             0xfffe, 0xffff, 0x1f600, 0x10ffff)] + list("aZë ")
    for _ in range(3000):
        text = "".join(rng.choice(pool) for _ in range(rng.randrange(0, 60)))
        limit = rng.randrange(1, 45)
        out = clean(text, limit)
        assert problem(out, limit) is None, (text, out)
    assert clean("Ann\x1b[31m\tBob") == "Ann[31m Bob"
    assert clean("e" + "\u0301" * 39) == "\u00e9" + "\u0301" * MAX_MARKS  # NFC first: é + 3


def test_clean_takes_the_short_way_only_where_the_long_way_gives_the_same():
    # Text with nothing to clean is only cut (the window's common case, thousands a screen);
    # whatever the text, the result is the character-by-character one.
    from game.common.safe_text import _clean_each_character

    rng = random.Random(6)
    pool = list("aZ -.") + ["\u00eb", "\u00e9", "e\u0301", "\u00a0", "\u200d", "\u212b", "\u1100",
                           "\u1161", "\uac00", "\u11a8", "\u0915\u094d", "\x7f", "\t", "\u00df"]
    for _ in range(2000):
        text = "".join(rng.choice(pool) for _ in range(rng.randrange(0, 30)))
        limit = rng.randrange(1, 45)
        assert clean(text, limit) == _clean_each_character(text, limit), text
    for _ in range(300):
        text = "".join(chr(rng.randrange(32, 127)) for _ in range(rng.randrange(0, 60)))
        assert clean(text, 40) == text[:40]


def test_printable_is_one_line_that_a_terminal_cannot_act_on():
    shown = printable("\x1b[2J\x9b\u202eA\x00\ud800\n\\" + "e" + "\u0301" * 9)
    assert shown.isascii() or all(ch.isprintable() for ch in shown)
    assert "\x1b" not in shown and "\n" not in shown and "\x00" not in shown
    assert shown.startswith("\\x1b[2J\\x9b\\u202eA\\x00\\ud800\\n\\\\e")
    shown.encode("utf-8")  # no surrogate left: it can be written anywhere
    assert printable("Zoë & Ann (Hard)") == "Zoë & Ann (Hard)"


def test_the_rule_module_is_pure():
    source = open(safe_text.__file__, encoding="utf-8").read()
    assert "pygame" not in source.split('"""', 2)[2]


# --- The font layer: names are drawn through the same rule and fitted to their room -----------
@pytest.fixture
def fonts():
    import pygame

    pygame.font.init()
    from game.ui.kit import fonts as module

    return module


def test_fit_width_cuts_with_an_ellipsis_and_never_strands_an_accent(fonts):
    name = "Ŝebastiáno" + "e\u0301\u0302" * 10
    for width in (20, 60, 120, 200):
        shown = fonts.fit_width(name, width, 22, bold=True)
        assert fonts.text_width(shown, 22, True) <= width or shown == fonts.ELLIPSIS
        assert shown.endswith(fonts.ELLIPSIS)
        assert not unicodedata.category(shown[-2:-1] or "a").startswith("M") or \
            name.startswith(shown[:-1])
        assert name.startswith(shown[:-1].rstrip())
    assert fonts.fit_width("Ann", 200, 22) == "Ann"


def test_the_font_layer_never_builds_a_glyph_column_taller_than_a_line(fonts):
    # The cost driver of the 2.39 GB viewer: every accent on "e" stacks one more row of glyph
    # pixels on every surface the name is drawn on (39 accents: 26 times a line's height).
    plain = fonts.render_text("e", 48)
    stacked = fonts.render_text("e" + "\u0301" * 39, 48)
    assert stacked.get_height() <= (1 + MAX_MARKS) * plain.get_height()
    assert stacked.get_width() <= 2 * plain.get_width()


@pytest.mark.parametrize("text", ["A\x00B", "x\udcffy", "\x1b[31mred"])
def test_the_font_layer_draws_text_that_crashed_it(fonts, text):
    assert fonts.render_text(text, 20).get_width() > 0
    assert fonts.text_width(text, 20) > 0
