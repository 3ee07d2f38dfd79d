"""Rules text generated from compiled abilities, so the words match what the engine does.

English comes from each effect's own ``text()``; German from the phrases in text_de.py. Both
are assembled here the same way, so the two languages always describe the same abilities.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from game.common import i18n
from game.engine.carddefs import KEYWORDS_DE, CardDef
from game.engine.constant_effects import ConstantEffect
from game.engine.effects import TriggeredEffect

from .text_de import (
    KEYWORD_REMINDERS_DE,
    KEYWORD_SHORT_DE,
    TRIGGER_WORDS_DE,
    effect_text_de,
    keyword_de,
)

TRIGGER_WORDS = {"play": "Play", "attack": "Attack", "defeated": "Defeated"}
LANGUAGES = ("en", "de")

# What each keyword means: the one source of these words for the card face (short), the zoom
# and the card gallery (full), How to play (full, then how to use it) and speech (full). A
# keyword whose meaning fits the card says it the same way in both (Frenzy: once, not three
# ways). German: text_de.py, in the German rules' words.
KEYWORD_REMINDERS: dict[str, str] = {
    "Frenzy": "Can attack twice in your turn.",
    "Hunter": "When it attacks, you may choose the enemy creature that blocks.",
    "Poisonous": "Defeats any creature it fights, whatever its power.",
    "Sneaky": "Can only be blocked by Sneaky creatures.",
    "Tough": "If it would be defeated while ready, it is exhausted instead.",
}
# The same, short enough for a card at table size.
KEYWORD_SHORT: dict[str, str] = {
    "Frenzy": KEYWORD_REMINDERS["Frenzy"],
    "Hunter": "Picks its blocker.",
    "Poisonous": "Defeats what it fights.",
    "Sneaky": "Only Sneaky can block it.",
    "Tough": "Exhausted instead of defeated.",
}


def keyword_name(keyword: str) -> str:
    """A keyword ("Tough") by its official name in the current language ("Zäh")."""
    return KEYWORDS_DE.get(keyword, keyword) if i18n.language() == "de" else keyword


def keyword_meaning(keyword: str, lang: str = "en", short: bool = False) -> str:
    """What ``keyword`` (its English name) means, in ``lang``; "" for no keyword of the game."""
    if lang == "de":
        return (KEYWORD_SHORT_DE if short else KEYWORD_REMINDERS_DE).get(keyword, "")
    return (KEYWORD_SHORT if short else KEYWORD_REMINDERS).get(keyword, "")


@dataclass(frozen=True)
class _Language:
    triggers: dict[str, str]
    effect_text: Callable[[TriggeredEffect | ConstantEffect], str]
    keyword: Callable[[str], str]
    and_word: str


_LANG = {
    "en": _Language(TRIGGER_WORDS, lambda e: e.text(), lambda k: k, "and"),
    "de": _Language(TRIGGER_WORDS_DE, effect_text_de, keyword_de, "und"),
}


def _language(lang: str) -> _Language:
    try:
        return _LANG[lang]
    except KeyError:
        raise ValueError(f"unknown language {lang!r}; expected one of {', '.join(LANGUAGES)}") from None


def _merge_constants(constants, lang: _Language) -> list[str]:
    """One sentence per constant effect, except that a power bonus and a keyword grant with
    the same condition on the same creatures read as one ("has +5 power and Frenzy")."""
    sentences = []
    skip = set()
    for i, e in enumerate(constants):
        if i in skip:
            continue
        text = lang.effect_text(e)
        nxt = constants[i + 1] if i + 1 < len(constants) else None
        if (
            e.name == "power_bonus"
            and nxt is not None
            and nxt.name == "grant_keywords"
            and nxt.affects == e.affects
            and nxt.while_ == e.while_
            and not nxt.max_power
        ):
            joined = f" {lang.and_word} ".join(lang.keyword(k) for k in nxt.keywords)
            text = f"{text[:-1]} {lang.and_word} {joined}."
            skip.add(i + 1)
        sentences.append(text)
    return sentences


def card_text(card: CardDef, lang: str = "en") -> str:
    """The rules text of a card in ``lang`` ("en" or "de"); empty for a creature without an
    ability."""
    language = _language(lang)
    parts = []
    for ability in (card.on_play, card.on_attack, card.on_defeated):
        if ability is not None:
            body = " ".join(language.effect_text(e) for e in ability.effects)
            parts.append(f"{language.triggers[ability.trigger]}: {body}")
    parts.extend(_merge_constants(card.constant, language))
    return " ".join(parts)


def card_name(card: CardDef, lang: str = "en") -> str:
    """The card's name in ``lang`` (the German name from the card data)."""
    _language(lang)
    return (card.name_de or card.name) if lang == "de" else card.name


def card_keywords(card: CardDef, lang: str = "en") -> tuple[str, ...]:
    """The card's printed keywords in ``lang``."""
    language = _language(lang)
    return tuple(language.keyword(k) for k in card.keywords)
