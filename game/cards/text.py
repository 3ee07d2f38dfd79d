"""Rules text generated from compiled abilities, so the words match what the engine does."""

from __future__ import annotations

from game.engine.carddefs import CardDef

TRIGGER_WORDS = {"play": "Play", "attack": "Attack", "defeated": "Defeated"}


def _merge_constants(constants) -> list[str]:
    """One sentence per constant effect, except that a power bonus and a keyword grant with
    the same condition on the same creatures read as one ("has +5 power and Frenzy")."""
    sentences = []
    skip = set()
    for i, e in enumerate(constants):
        if i in skip:
            continue
        text = e.text()
        nxt = constants[i + 1] if i + 1 < len(constants) else None
        if (
            e.name == "power_bonus"
            and nxt is not None
            and nxt.name == "grant_keywords"
            and nxt.affects == e.affects
            and nxt.while_ == e.while_
            and not nxt.max_power
        ):
            text = text[:-1] + " and " + " and ".join(nxt.keywords) + "."
            skip.add(i + 1)
        sentences.append(text)
    return sentences


def card_text(card: CardDef) -> str:
    """The English rules text of a card (empty for a creature without an ability)."""
    parts = []
    for ability in (card.on_play, card.on_attack, card.on_defeated):
        if ability is not None:
            body = " ".join(e.text() for e in ability.effects)
            parts.append(f"{TRIGGER_WORDS[ability.trigger]}: {body}")
    parts.extend(_merge_constants(card.constant))
    return " ".join(parts)
