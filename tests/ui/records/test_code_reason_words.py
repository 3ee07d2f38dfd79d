"""Issue 42: why a replay code cannot be opened or made is said in the player's language (the
code's CodeError carries its words as a translatable text; its str() stays the English detail
for the command line)."""

from __future__ import annotations

import pytest

from game.common import i18n
from game.persist.codes import CodeError, decode, encode
from game.persist.record import GameRecord, SeatInfo


@pytest.fixture
def german():
    i18n.set_language("de")
    yield
    i18n.set_language("en")


@pytest.mark.parametrize(("code", "german_words"), [
    ("", "der Wiederholungscode ist leer"),
    ("ABC!", "kann nicht Teil eines Wiederholungscodes sein"),
    ("ABCDEFGHJKMNPQRSTVWXYZ", "beschädigt oder vertippt"),
])
def test_a_code_that_does_not_open_says_why_in_german(german, code, german_words):
    with pytest.raises(CodeError) as caught:
        decode(code)
    assert german_words in caught.value.reason()
    assert "replay code" in str(caught.value)  # the command line's English detail


def test_a_game_under_way_has_no_code_in_german(german):
    seats = (SeatInfo("person", None, "You"), SeatInfo("computer", "easy", "Computer"))
    with pytest.raises(CodeError) as caught:
        encode(GameRecord(rules="1v1", mode="ai", seed=1, seats=seats, choices=()))
    assert caught.value.reason().startswith("ein laufendes Spiel hat keinen Wiederholungscode")


def test_the_code_box_shows_the_german_reason(german, open_window):
    from game.ui.records.code_entry import CodeEntry

    app = open_window(first_frame=True)
    i18n.set_language("de")  # the window took its settings' language
    entry = CodeEntry(app.ctx)
    app.ctx.scenes.push(entry)
    entry.type_text("ABCDEFGHJKMNPQRSTVWXYZ")
    entry.open()
    assert "beschädigt oder vertippt" in entry.message and "damaged" not in entry.message
