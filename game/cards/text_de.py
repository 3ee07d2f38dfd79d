"""German rules text, generated from the same effect objects as the English text.

Nothing here is written per card: each effect class (by its registry name) has one phrase
built from its fields, and game/cards/text.py assembles a card's text from them exactly as it
does in English. The words follow the German rules (../shared/rules/mindbug-rules-de.txt):
the keywords Raserei, Jäger, Giftig, Raffiniert, Robust; the triggers Ausspielen, Angreifen,
Besiegt; Lebenspunkte, Stärke, Ablagestapel, gegnerische / verbündete Kreaturen, abwerfen,
stehlen, die Kontrolle übernehmen.
"""

from __future__ import annotations

from collections.abc import Callable

from game.engine.carddefs import KEYWORDS_DE
from game.engine.constant_effects import ConstantEffect
from game.engine.effects import TriggeredEffect

TRIGGER_WORDS_DE = {"play": "Ausspielen", "attack": "Angreifen", "defeated": "Besiegt"}

# Reminder text for cards whose own text is empty, long (the zoom) and short (table size);
# the same meaning as the English tables in game/cards/text.py, in the German rules' words.
KEYWORD_REMINDERS_DE: dict[str, str] = {
    "Frenzy": "Darf in deinem Zug zweimal angreifen.",
    "Hunter": "Greift sie an, darfst du die gegnerische Kreatur wählen, die sie blocken muss.",
    "Poisonous": "Besiegt im Kampf immer die gegnerische Kreatur.",
    "Sneaky": "Kann nur von Kreaturen mit Raffiniert geblockt werden.",
    "Tough": "Würde sie besiegt, wird sie stattdessen erschöpft, wenn sie es noch nicht ist.",
}
KEYWORD_SHORT_DE: dict[str, str] = {
    "Frenzy": KEYWORD_REMINDERS_DE["Frenzy"],  # one wording, as in English
    "Hunter": "Wählt ihren Blocker.",
    "Poisonous": "Besiegt, wen sie bekämpft.",
    "Sneaky": "Nur Raffiniert blockt sie.",
    "Tough": "Erschöpft statt besiegt.",
}
NO_ABILITY_DE = "Keine Fähigkeit: nur rohe Stärke."


def keyword_de(name: str) -> str:
    """The German keyword of an English one ("Hunter" -> "Jäger")."""
    return KEYWORDS_DE[name]


def _keywords(names) -> str:
    return " und ".join(keyword_de(k) for k in names)


def _life(amount: int) -> str:
    return "1 Lebenspunkt" if amount == 1 else f"{amount} Lebenspunkte"


def _cards(count: int) -> str:
    return "eine Karte" if count == 1 else f"{count} Karten"


def _power_range(min_power: int, max_power: int) -> str:
    if min_power and max_power:
        return f" mit Stärke {min_power} bis {max_power}"
    if min_power:
        return f" mit Stärke {min_power} oder mehr"
    if max_power:
        return f" mit Stärke {max_power} oder weniger"
    return ""


def _condition(during: str, alone: bool) -> str:
    """The leading clause of a conditional constant effect; the verb follows it (V2)."""
    if alone:
        return "Solange diese Kreatur deine einzige ist, "
    if during == "your_turn":
        return "Während deines Zuges "
    return ""


def _itself(cond: str) -> str:
    """The creature as the subject after a condition: "sie" once the condition named it."""
    return "sie" if "diese Kreatur" in cond else "diese Kreatur"


# --- triggered effects ------------------------------------------------------------------


def _gain_life(e) -> str:
    if e.who == "you":
        return f"Du erhältst {_life(e.amount)}."
    return f"Der Gegner erhält {_life(e.amount)}."


def _lose_life(e) -> str:
    if e.who == "you":
        return f"Du verlierst {_life(e.amount)}."
    return f"Der Gegner verliert {_life(e.amount)}."


def _cap_life(e) -> str:
    subject = "Du verlierst" if e.who == "you" else "Der Gegner verliert"
    return f"{subject} alle Lebenspunkte bis auf {e.to}."


def _match_life(e) -> str:
    return "Deine Lebenspunkte werden so hoch wie die des Gegners."


def _discard(e) -> str:
    if e.who == "you":
        return f"Wirf {_cards(e.count)} ab."
    return f"Der Gegner wirft {_cards(e.count)} seiner Wahl ab."


def _take_control(e) -> str:
    rng = _power_range(e.min_power, e.max_power)
    if e.count == 1:
        if e.up_to:
            return f"Du darfst die Kontrolle über eine gegnerische Kreatur{rng} übernehmen."
        return f"Übernimm die Kontrolle über eine Kreatur{rng}."
    amount = f"bis zu {e.count}" if e.up_to else str(e.count)
    return f"Übernimm die Kontrolle über {amount} gegnerische Kreaturen{rng}."


def _defeat(e) -> str:
    what = "eine Kreatur" if e.side == "any" else "eine gegnerische Kreatur"
    rng = _power_range(e.min_power, e.max_power)
    if e.only_if == "fewer_creatures":
        return f"Hast du weniger Kreaturen als der Gegner, besiege {what}{rng}."
    return f"Besiege {what}{rng}."


def _defeat_all(e) -> str:
    what = "Kreaturen" if e.side == "any" else "gegnerischen Kreaturen"
    return f"Besiege alle {what}{_power_range(e.min_power, e.max_power)}."


def _play_from_discard(e) -> str:
    pile = "deinem Ablagestapel" if e.whose == "you" else "dem Ablagestapel des Gegners"
    return f"Spiele eine Karte aus {pile} aus."


def _return_discard_to_hand(e) -> str:
    return "Nimm alle Karten aus deinem Ablagestapel auf die Hand."


def _steal_random(e) -> str:
    what = "eine zufällige Handkarte" if e.count == 1 else f"{e.count} zufällige Handkarten"
    return f"Stiehl {what} des Gegners."


# --- constant effects -------------------------------------------------------------------


def _power_bonus(e) -> str:
    cond = _condition(e.during, e.while_ == "alone")
    bonus = f"+{e.amount} Stärke"
    if e.affects == "self":
        return f"{cond}hat {_itself(cond)} {bonus}." if cond else f"Hat {bonus}."
    if cond:
        return f"{cond}haben andere verbündete Kreaturen {bonus}."
    return f"Andere verbündete Kreaturen haben {bonus}."


def _grant_keywords(e) -> str:
    names = _keywords(e.keywords)
    cond = _condition("always", e.while_ == "alone")
    if e.affects == "self":
        return f"{cond}hat {_itself(cond)} {names}." if cond else f"Hat {names}."
    rng = f" mit Stärke {e.max_power} oder weniger" if e.max_power else ""
    if cond:
        return f"{cond}haben andere verbündete Kreaturen{rng} {names}."
    return f"Andere verbündete Kreaturen{rng} haben {names}."


def _copy_enemy_keywords(e) -> str:
    names = [keyword_de(k) for k in e.keywords]
    if len(names) == 1:
        return f"Hat {names[0]}, solange eine gegnerische Kreatur {names[0]} hat."
    listed = ", ".join(names[:-1]) + " und " + names[-1]
    return f"Hat jedes Schlüsselwort aus {listed}, das eine gegnerische Kreatur hat."


def _block_restriction(e) -> str:
    who = "diese Kreatur" if e.attackers == "self" else "deine Kreaturen"
    return (
        f"Gegnerische Kreaturen mit Stärke {e.blocker_max_power} oder weniger können "
        f"{who} nicht blocken."
    )


def _suppress_play_effects(e) -> str:
    # A creature entering the opponent's play area is an enemy creature when its Play effect
    # would resolve (a card you Mindbug enters your side, so its effect still resolves).
    return "Ausspiel-Effekte gegnerischer Kreaturen werden nicht ausgelöst."


# One phrase per registry name (game/engine/effects.py): a new effect without a German
# phrase fails the test that renders every card, instead of showing English on a German face.
PHRASES: dict[str, Callable[[TriggeredEffect | ConstantEffect], str]] = {
    "gain_life": _gain_life,
    "lose_life": _lose_life,
    "cap_life": _cap_life,
    "match_life": _match_life,
    "discard": _discard,
    "take_control": _take_control,
    "defeat": _defeat,
    "defeat_all": _defeat_all,
    "play_from_discard": _play_from_discard,
    "return_discard_to_hand": _return_discard_to_hand,
    "steal_random": _steal_random,
    "power_bonus": _power_bonus,
    "grant_keywords": _grant_keywords,
    "copy_enemy_keywords": _copy_enemy_keywords,
    "block_restriction": _block_restriction,
    "suppress_play_effects": _suppress_play_effects,
}


def effect_text_de(effect: TriggeredEffect | ConstantEffect) -> str:
    """The German sentence of one effect object."""
    try:
        phrase = PHRASES[effect.name]
    except KeyError:
        raise KeyError(f"no German text for the effect {effect.name!r}") from None
    return phrase(effect)


# --- hyphenation ------------------------------------------------------------------------
# German names are often one long compound ("Schneckenschleuder") that a card banner cannot
# hold on one line at a readable size. A simplified German syllable rule finds where a hyphen
# may go: between two vowels, the consonants split so that the next syllable opens with the
# longest group a German word can start with (Schne-cken, Kompost-drache, Schnecken-schleuder);
# ch, ck, sch, ph and th are never cut.

_VOWELS = frozenset("aeiouäöüy")
_ONSETS = frozenset(
    "b c d f g h j k l m n p q r s t v w x z ß ch ck ph th sch schl schm schn schr schw "
    "bl br dr fl fr gl gn gr kl kn kr pf pfl pfr pl pr sp spr st str tr wr zw".split()
)


def hyphenation_points(word: str, shortest: int = 3) -> list[int]:
    """Indexes where ``word`` may be split with a hyphen, both parts ``shortest`` letters or more."""
    low = word.lower()
    points = []
    i = 0
    while i < len(low):
        if low[i] in _VOWELS or not low[i].isalpha():
            i += 1
            continue
        start = i  # a run of consonants
        while i < len(low) and low[i].isalpha() and low[i] not in _VOWELS:
            i += 1
        between_vowels = start > 0 and low[start - 1] in _VOWELS and i < len(low) and low[i] in _VOWELS
        if not between_vowels:
            continue
        # The longest tail of the run that can open a syllable starts the next line.
        cut = next((k for k in range(start, i) if low[k:i] in _ONSETS), None)
        if cut is not None and shortest <= cut <= len(low) - shortest:
            points.append(cut)
    return points
