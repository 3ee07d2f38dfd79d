"""The card file: the real data, and clear file:line errors for broken files."""

from __future__ import annotations

import os
import sys
import time
from pathlib import Path

import pytest

from game.cards import CardFileError, load_cards, load_cards_text
from game.common.resources import data_path

SHARED = Path(__file__).resolve().parents[3] / "shared" / "cards" / "first-contact.yaml"


def test_first_contact_has_32_cards_and_48_copies():
    db = load_cards()
    assert len(db.defs) == 32
    assert sum(d.copies for d in db.defs) == 48
    assert len(db.box()) == 48
    assert all(d.name_de and d.text is not None for d in db.defs)


@pytest.mark.skipif(not SHARED.exists(), reason="shared card facts not beside the repository")
def test_cards_agree_with_the_shared_card_facts():
    import yaml

    facts = yaml.safe_load(SHARED.read_text(encoding="utf-8"))
    db = load_cards()
    assert {f["name"] for f in facts} == {d.name for d in db.defs}
    for f in facts:
        d = db.by_name(f["name"])
        assert (d.power, set(d.keywords), d.copies, d.name_de) == (
            f["power"], set(f["keywords"]), f["copies"], f["name_de"]
        ), d.name
        assert d.trigger == (None if f["trigger"] == "none" else f["trigger"]), d.name


def test_every_card_with_an_ability_has_rules_text():
    for d in load_cards().defs:
        assert bool(d.text) == (d.trigger is not None), d.name


GOOD = data_path("cards.yaml").read_text(encoding="utf-8")


def broken(old: str, new: str) -> str:
    assert old in GOOD, old
    return GOOD.replace(old, new, 1)


def line_of(text: str, needle: str) -> int:
    return text[: text.index(needle)].count("\n") + 1


CASES = [
    # (what to change, to what, text expected in the message, where the line is)
    ("    copies: 2\n    on_play:\n      - gain_life", "    copies: 2\n    on_pley:\n      - gain_life",
     ["card 'Axolotl Healer'", "key 'on_pley'", "did you mean 'on_play'"], "on_pley"),
    ("- gain_life: {who: you, amount: 2}", "- gain_lifes: {who: you, amount: 2}",
     ["unknown effect 'gain_lifes'", "did you mean 'gain_life'"], "gain_lifes"),
    ("keywords: [Poisonous]\n    copies: 2\n    on_play:\n      - gain",
     "keywords: [Poisonus]\n    copies: 2\n    on_play:\n      - gain",
     ["unknown keyword 'Poisonus'", "did you mean 'Poisonous'"], "Poisonus"),
    ("name_de: Brummbär\n    power: 8", "name_de: Brummbär\n    power: eight",
     ["card 'Bee Bear'", "key 'power'", "whole number"], "power: eight"),
    ("{who: you, amount: 2}", "{who: you, amount: 2, amout: 3}",
     ["unknown parameter", "did you mean 'amount'"], "amout"),
    ("{who: you, amount: 2}", "{who: yuo, amount: 2}", ["'yuo' is not one of"], "yuo"),
    ("    - Bee Bear\n", "    - Bea Bear\n", ["unknown card 'Bea Bear'", "did you mean 'Bee Bear'"],
     "Bea Bear"),
    ("name_de: Hirnfliege\n    power: 4", "name_de: Hirnfliege\n    power: 4\n    power: 5",
     ["duplicate key 'power'"], "power: 5"),
]


@pytest.mark.parametrize("old,new,words,marker", CASES)
def test_broken_card_file_names_file_line_card_and_key(old, new, words, marker):
    text = broken(old, new)
    with pytest.raises(CardFileError) as err:
        load_cards_text(text, "cards-broken.yaml")
    message = str(err.value)
    assert message.startswith(f"cards-broken.yaml:{line_of(text, marker)}:"), message
    for word in words:
        assert word in message, message


def test_yaml_syntax_error_names_the_line(tmp_path):
    path = tmp_path / "cards.yaml"
    path.write_text(GOOD.replace("power: 10", "power: [10", 1), encoding="utf-8")
    with pytest.raises(CardFileError) as err:
        load_cards(path)
    assert str(err.value).startswith(f"{path}:")


def test_missing_file_is_a_clear_error(tmp_path):
    with pytest.raises(CardFileError, match="cannot read"):
        load_cards(tmp_path / "nope.yaml")


def test_yaml_tags_cannot_run_code():
    text = GOOD.replace("name: First Contact", "name: !!python/object/apply:os.system ['true']", 1)
    with pytest.raises(CardFileError):
        load_cards_text(text, "evil.yaml")


def test_a_new_card_made_of_existing_effects_needs_only_yaml():
    text = broken(
        "    - Urchin Hurler\n",
        "    - Urchin Hurler\n    - Test Wasp\n",
    ) + (
        "\n  - name: Test Wasp\n    power: 3\n    keywords: [Sneaky]\n    copies: 1\n"
        "    on_attack:\n      - lose_life: {who: opponent, amount: 2}\n"
    )
    db = load_cards_text(text, "more.yaml")
    wasp = db.by_name("Test Wasp")
    assert wasp.text == "Attack: The opponent loses 2 life."
    assert sum(d.copies for d in db.defs) == 49


# --- hostile card files (issue 11, item 3): a clear file:line message, fast, never a crash ----

BOMB = (
    "x: &a [lol, lol, lol, lol, lol, lol, lol, lol, lol]\n"
    + "".join(f"x{i}: &{chr(98 + i)} [{', '.join([f'*{chr(97 + i)}'] * 9)}]\n" for i in range(8))
)


def bomb_in_a_name() -> tuple[str, int]:
    """The billion-laughs anchors as a top-level key, then a card's name pointing at them."""
    anchors = BOMB.replace("x", "bomb_", 1)
    anchors = "\n".join(f"  {line}" for line in anchors.splitlines())
    text = broken("set:\n  name: First Contact\n",
                  "set:\n  name: First Contact\n  laughs:\n" + anchors + "\n")
    text = text.replace("  - name: Bee Bear\n", "  - name: *i\n", 1)
    return text, line_of(text, "*i")


def test_alias_bomb_in_a_card_name_is_refused_fast():
    text, line = bomb_in_a_name()
    start = time.monotonic()
    with pytest.raises(CardFileError) as err:
        load_cards_text(text, "bomb.yaml")
    assert time.monotonic() - start < 2
    message = str(err.value)
    assert message.startswith("bomb.yaml:") and "aliases expand" in message
    assert len(message) < 200


@pytest.mark.parametrize("old,new,words,marker", [
    ("power: 8\n    copies: 1", "power: 8\n    copies: 100000000",
     ["card 'Bee Bear'", "key 'copies'", "from 1 to 10", "100000000"], "copies: 100000000"),
    ("name_de: Brummbär\n    power: 8", "name_de: Brummbär\n    power: " + "1" + "0" * 30,
     ["card 'Bee Bear'", "key 'power'", "from 1 to 99"], "power: 1000"),
    ("name_de: Brummbär\n    power: 8", "name_de: Brummbär\n    power: 0",
     ["key 'power'", "from 1 to 99"], "power: 0"),
    ("    name_de: Brummbär\n", "    name_de: " + "B" * 70 + "\n",
     ["key 'name_de'", "1 to 60 characters"], "name_de: BBB"),
    ("{who: you, amount: 2}", "{who: you, amount: 100000000}",
     ["gain_life: must be from 0 to 99"], "amount: 100000000"),
    ("keywords: [Poisonous]\n    copies: 2", "keywords: [[Poisonous]]\n    copies: 2",
     ["unknown keyword ['Poisonous']"], "keywords: [[Poisonous]]"),
    ("keywords: [Poisonous]\n    copies: 2", "keywords: [Poisonous]\n    ? [a, b]\n    : 1\n    copies: 2",
     ["a key must be text or a number"], "? [a, b]"),
    ("    - Bee Bear\n", "    - [Bee Bear]\n", ["set lists ['Bee Bear'], not a card name"],
     "- [Bee Bear]"),
])
def test_values_beyond_what_a_card_set_can_mean(old, new, words, marker):
    text = broken(old, new)
    with pytest.raises(CardFileError) as err:
        load_cards_text(text, "cards-broken.yaml")
    message = str(err.value)
    assert message.startswith(f"cards-broken.yaml:{line_of(text, marker)}:"), message
    for word in words:
        assert word in message, message


def test_a_long_card_name_is_refused():
    text = GOOD.replace("Bee Bear", "Bee " + "e" * 100 + "r")  # in the set list and the card
    with pytest.raises(CardFileError, match="1 to 60 characters"):
        load_cards_text(text, "long.yaml")


def test_too_many_copies_in_total(monkeypatch):
    from game.cards import loader

    monkeypatch.setattr(loader, "MAX_BOX", 47)  # the real box has 48 cards
    with pytest.raises(CardFileError, match="add up to 48 cards; at most 47"):
        load_cards_text(GOOD, "many.yaml")


def test_deep_nesting_is_a_message_not_a_recursion_error():
    text = GOOD.replace("power: 10", "power: " + "[" * 5000 + "]" * 5000, 1)
    with pytest.raises(CardFileError, match="nested more than"):
        load_cards_text(text, "deep.yaml")


def test_a_byte_that_is_not_utf8_names_its_line(tmp_path):
    path = tmp_path / "cards.yaml"
    text = GOOD.replace("name_de: Brummbär", "name_de: Brummb\udce4r", 1)
    path.write_bytes(text.encode("utf-8", "surrogateescape"))
    with pytest.raises(CardFileError) as err:
        load_cards(path)
    assert str(err.value).startswith(f"{path}:{line_of(GOOD, 'name_de: Brummbär')}:")
    assert "0xe4" in str(err.value) and "UTF-8" in str(err.value)


def test_utf16_card_file_is_read(tmp_path):
    path = tmp_path / "cards.yaml"
    path.write_bytes(GOOD.encode("utf-16"))
    assert len(load_cards(path).defs) == 32


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX special files")
def test_special_files_are_not_read(tmp_path):
    link = tmp_path / "zero.yaml"
    link.symlink_to("/dev/zero")
    fifo = tmp_path / "fifo.yaml"
    os.mkfifo(fifo)
    for path in (link, fifo, tmp_path):
        start = time.monotonic()
        with pytest.raises(CardFileError, match="not a regular file"):
            load_cards(path)
        assert time.monotonic() - start < 2


def test_a_huge_card_file_is_refused(tmp_path):
    path = tmp_path / "cards.yaml"
    path.write_text(GOOD + "#" * (2 << 20), encoding="utf-8")
    with pytest.raises(CardFileError, match="too large"):
        load_cards(path)
