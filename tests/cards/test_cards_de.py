"""German card text: generated from the ability objects, in the German rules' words, and it fits."""

from __future__ import annotations

import itertools  # noqa: E402
import re  # noqa: E402
import typing  # noqa: E402
from dataclasses import fields  # noqa: E402
from pathlib import Path  # noqa: E402

import pygame  # noqa: E402
import pytest  # noqa: E402

from game.cards import load_cards  # noqa: E402
from game.cards.__main__ import main as cards_main  # noqa: E402
from game.cards.text import card_keywords, card_name, card_text  # noqa: E402
from game.cards.text_de import PHRASES, TRIGGER_WORDS_DE, effect_text_de, hyphenation_points  # noqa: E402
from game.engine.carddefs import KEYWORDS, KEYWORDS_DE  # noqa: E402
from game.engine.constant_effects import CONSTANT  # noqa: E402
from game.engine.effects import TRIGGERED  # noqa: E402
from game.ui.cards.cardface import TABLE_WIDTH, CardRenderer, _Layout, name_lines, text_lines  # noqa: E402

DB = load_cards()

# Words that would mean English leaked into a German text. German words that happen to be
# English too ("in", "die" is not English, "hat" is not) are left out on purpose.
ENGLISH = {
    "a", "an", "the", "and", "or", "of", "to", "with", "from", "into", "on", "if", "is", "it",
    "its", "their", "that", "than", "this", "each", "all", "up", "you", "your", "opponent",
    "opponent's", "creature", "creatures", "enemy", "other", "power", "life", "card", "cards",
    "discard", "pile", "play", "attack", "defeated", "defeat", "take", "control",
    "gain", "gains", "lose", "loses", "has", "have", "while", "during", "turn", "only",
    "more", "less", "fewer", "random", "put", "effects", "cannot", "block", "becomes",
    "frenzy", "hunter", "poisonous", "sneaky", "tough", "choice", "drops", "higher", "side",
}


def words(text: str) -> list[str]:
    return [w.lower() for w in re.findall(r"[\w']+", text)]


def leaked(text: str) -> set[str]:
    return {w for w in words(text) if w in ENGLISH}


def rules_de() -> str | None:
    """The German rules text from the shared folder beside the checkout, wherever that is."""
    for parent in Path(__file__).resolve().parents:
        path = parent / "shared" / "rules" / "mindbug-rules-de.txt"
        if path.is_file():
            return path.read_text(encoding="utf-8")
    return None


# --- the generated texts ------------------------------------------------------------------


@pytest.mark.parametrize("card", DB.defs, ids=lambda d: d.name)
def test_every_card_has_german_text_exactly_where_it_has_english(card):
    german = card_text(card, "de")
    assert bool(german) == bool(card.text)
    if german:
        assert german != card.text
        assert german.endswith(".")
    assert card_name(card, "de") == card.name_de
    assert card_keywords(card, "de") == tuple(KEYWORDS_DE[k] for k in card.keywords)


def test_all_32_cards_are_covered():
    assert len(DB.defs) == 32
    assert sum(bool(card_text(d, "de")) for d in DB.defs) == sum(bool(d.text) for d in DB.defs)


@pytest.mark.parametrize("card", DB.defs, ids=lambda d: d.name)
def test_no_english_word_leaks_into_a_german_card(card):
    assert not leaked(card_text(card, "de")), card_text(card, "de")
    assert not leaked(" ".join(card_keywords(card, "de")))


def test_the_leak_check_catches_english():
    # The check above must be able to fail: the English texts are full of these words.
    assert all(leaked(d.text) for d in DB.defs if d.text)


def test_triggers_read_as_in_the_german_rules():
    texts = {d.name: card_text(d, "de") for d in DB.defs}
    assert texts["Axolotl Healer"].startswith("Ausspielen: ")
    assert texts["Chameleon Sniper"].startswith("Angreifen: ")
    assert texts["Explosive Toad"].startswith("Besiegt: ")
    # a power bonus and a keyword grant on the same condition read as one sentence
    assert texts["Lone Yeti"] == "Solange diese Kreatur deine einzige ist, hat sie +5 Stärke und Raserei."
    assert texts["Snail Thrower"].endswith("haben Jäger und Giftig.")


def test_every_registered_effect_has_a_german_phrase():
    assert set(TRIGGERED) | set(CONSTANT) <= set(PHRASES)


def _variants(cls):
    """Every combination of the effect's Literal fields, with counts of 1 and 2."""
    hints = typing.get_type_hints(cls)
    choices = {}
    for f in fields(cls):
        hint = hints[f.name]
        if typing.get_origin(hint) is typing.Literal:
            choices[f.name] = typing.get_args(hint)
        elif hint is int:
            choices[f.name] = (1, 2) if f.name in ("amount", "count", "to") else (0, 4)
        elif hint is bool:
            choices[f.name] = (False, True)
        elif f.name == "keywords":
            choices[f.name] = (("Hunter",), tuple(KEYWORDS))
    names = list(choices)
    for combo in itertools.product(*(choices[n] for n in names)):
        yield cls(**dict(zip(names, combo)))


@pytest.mark.parametrize("cls", [*TRIGGERED.values(), *CONSTANT.values()], ids=lambda c: c.name)
def test_every_variant_of_every_effect_reads_in_german(cls):
    # Not only the variants the 32 cards use: a new card built from the same effects must not
    # show English or a broken phrase either.
    for effect in _variants(cls):
        text = effect_text_de(effect)
        assert text and text[0].isupper() and text.endswith("."), (effect, text)
        assert not leaked(text), (effect, text)
        assert "  " not in text, (effect, text)


def test_singular_and_plural():
    from game.engine.effects import Discard, GainLife, StealRandom

    assert effect_text_de(GainLife(amount=1)) == "Du erhältst 1 Lebenspunkt."
    assert effect_text_de(GainLife(amount=2)) == "Du erhältst 2 Lebenspunkte."
    assert effect_text_de(Discard(who="opponent", count=1)) == "Der Gegner wirft eine Karte seiner Wahl ab."
    assert effect_text_de(StealRandom(count=1)) == "Stiehl eine zufällige Handkarte des Gegners."


# --- the German rules -------------------------------------------------------------------


@pytest.mark.skipif(rules_de() is None, reason="the shared German rules are not beside the checkout")
def test_keyword_and_trigger_names_are_the_ones_of_the_german_rules():
    text = rules_de()
    # The rules list each keyword as "- Name" and write it in capitals where they refer to it.
    for german in KEYWORDS_DE.values():
        assert f"- {german}\n" in text, german
        assert german.upper() in text, german
    assert set(KEYWORDS_DE) == set(KEYWORDS)
    for word in TRIGGER_WORDS_DE.values():
        assert f"{word}:" in text, word


@pytest.mark.skipif(rules_de() is None, reason="the shared German rules are not beside the checkout")
def test_the_glossary_words_the_cards_use_come_from_the_german_rules():
    text = rules_de().lower()
    used = " ".join(card_text(d, "de") for d in DB.defs).lower()
    for term in ("lebenspunkt", "stärke", "ablagestapel", "gegnerische kreatur", "wirft",
                 "kontrolle", "handkarte", "besiege", "ausspiel-effekte", "verbündete kreaturen"):
        assert term in used and term in text, term


# --- the command line ---------------------------------------------------------------------


def test_command_line_prints_every_card_in_german(capsys):
    assert cards_main(["--lang", "de"]) == 0
    out = capsys.readouterr().out
    for d in DB.defs:
        assert d.name_de in out
        if d.text:
            assert card_text(d, "de") in out
            assert d.text not in out
    assert "(keine Fähigkeit)" in out


def test_command_line_prints_english_by_default(capsys):
    assert cards_main([]) == 0
    out = capsys.readouterr().out
    assert all(d.name in out and d.text in out for d in DB.defs)


def test_command_line_rejects_an_unknown_language(capsys):
    with pytest.raises(SystemExit) as err:
        cards_main(["--lang", "fr"])
    assert err.value.code == 2
    assert "invalid choice" in capsys.readouterr().err


def test_command_line_reports_a_missing_card_file(tmp_path, capsys):
    assert cards_main(["--file", str(tmp_path / "none.yaml")]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "cannot read the card file" in err


# --- it fits on the card --------------------------------------------------------------------


@pytest.fixture(scope="module", autouse=True)
def _fonts():
    pygame.display.init()
    pygame.font.init()
    yield


@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize("card", DB.defs, ids=lambda d: d.name)
def test_text_fits_at_table_size_without_cut_words(card, lang):
    body, size, lines = text_lines(card, TABLE_WIDTH, lang)
    if not body:
        return
    whole = set(body.replace("\n", " ").split())
    assert all(w in whole for line in lines for w in line.split()), lines  # no word split
    assert not lines[-1].endswith("..."), lines  # nothing cut off
    smallest = _Layout(TABLE_WIDTH, len(card.keywords)).text_sizes[1]
    assert size >= smallest


@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize("card", DB.defs, ids=lambda d: d.name)
def test_name_is_readable_at_table_size(card, lang):
    size, lines = name_lines(card_name(card, lang), TABLE_WIDTH)
    assert size >= max(7, round(TABLE_WIDTH * 0.08)), (size, lines)
    assert len(lines) <= 2


def test_a_long_compound_name_breaks_at_a_syllable_with_a_hyphen():
    assert name_lines("Schneckenschleuder", TABLE_WIDTH)[1] == ["Schnecken-", "schleuder"]
    word = "Schneckenschleuder"
    assert [word[:i] for i in hyphenation_points(word)] == ["Schne", "Schnecken", "Schneckenschleu"]
    other = "Kompostdrache"
    assert [other[:i] for i in hyphenation_points(other)] == ["Kom", "Kompost", "Kompostdra"]
    assert hyphenation_points("Yeti") == []


def test_the_german_face_differs_and_keeps_the_picture():
    renderer = CardRenderer()
    card = DB.by_name("Spider Owl")  # one-line name in both languages: the same layout
    en = renderer.face(card, TABLE_WIDTH)
    de = renderer.face(card, TABLE_WIDTH, "de")
    assert en.get_size() == de.get_size()
    assert pygame.image.tobytes(en, "RGBA") != pygame.image.tobytes(de, "RGBA")
    assert renderer.face(card, TABLE_WIDTH, "de") is de  # cached per language
    # the picture and the frame colour come from the English name: the same in both languages
    art = _Layout(TABLE_WIDTH, len(card.keywords)).art
    middle = art.inflate(-art.w // 2, -art.h // 2)
    assert pygame.image.tobytes(en.subsurface(middle), "RGBA") == pygame.image.tobytes(
        de.subsurface(middle), "RGBA"
    )
