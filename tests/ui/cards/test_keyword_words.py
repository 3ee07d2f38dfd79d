"""Frenzy worded once (issue 42, finding 16): the card face, the zoom, How to play, the card
gallery and speech take a keyword's meaning from one source (game.cards.text.keyword_meaning)."""

from __future__ import annotations

import pytest

from game.cards import load_cards
from game.cards.text import keyword_meaning, keyword_name
from game.common import i18n

DB = load_cards()


@pytest.fixture
def lang(request):
    i18n.set_language(request.param)
    yield request.param
    i18n.set_language("en")


@pytest.mark.parametrize("lang", ["en", "de"], indirect=True)
def test_frenzy_says_the_same_on_card_zoom_how_to_play_gallery_and_speech(lang):
    from game.engine import from_position
    from game.speech.words import card_details
    from game.ui.cards.cardface import _rules_text, zoom_reminders
    from game.ui.screens.gallery import keyword_explanations
    from game.ui.screens.howto import translated, words_of
    from game.ui.screens.howto_text import PAGES

    meaning = keyword_meaning("Frenzy", lang)
    assert meaning
    luchataur = next(d for d in DB.defs if d.name == "Luchataur")  # Frenzy, no ability text
    face, _reminder = _rules_text("", luchataur.keywords, short=True, lang=lang)
    assert face.endswith(meaning), face  # the card at table size
    zoom = dict(zoom_reminders(luchataur, lang))
    assert list(zoom.values()) == [meaning]  # the zoom
    keywords = next(sections for title, sections in PAGES if title == "Keywords")
    how_to = dict(translated(keywords))[keyword_name("Frenzy") if lang == "en" else
                                        i18n._("Frenzy")]
    assert how_to.startswith(meaning)  # How to play
    assert words_of(keyword_explanations()["Frenzy"]).startswith(meaning)  # the gallery
    g = from_position(DB, [{"play": ["Luchataur"], "hand": ["Spider Owl"]}, {"hand": ["Bee Bear"]}])
    cid = g.plays[0][0]
    assert card_details(g.view(0), cid).endswith(meaning)  # speech
