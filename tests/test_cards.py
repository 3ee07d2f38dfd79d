"""The card file: the real data, and clear file:line errors for broken files."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.cards import CardFileError, load_cards, load_cards_text
from game.resources import data_path

SHARED = Path(__file__).resolve().parents[2] / "shared" / "cards" / "first-contact.yaml"


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
