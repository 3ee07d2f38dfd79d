"""Card files -> validated, frozen card definitions.

Every mistake in a card file is a CardFileError naming the file, the line, the card and the
key, with a "did you mean" where a close name exists. Nothing unknown is silently ignored.
"""

from __future__ import annotations

import dataclasses
import difflib
import typing
from pathlib import Path

from game.common.resources import data_path
from game.engine.carddefs import KEYWORDS, TRIGGERS, Ability, CardDB, CardDef, keyword_bits
from game.engine.constant_effects import CONSTANT
from game.engine.effects import TRIGGERED, effect_fields

from .text import card_text
from .yamllines import (
    LineDict,
    LineList,
    YamlFileError,
    line_of,
    load_yaml_text,
    read_yaml_file,
    show,
)

TOP_KEYS = {"set", "cards"}
SET_KEYS = {"name", "cards"}
CARD_KEYS = {
    "name": str, "name_de": str, "power": int, "keywords": list, "copies": int,
    "on_play": list, "on_attack": list, "on_defeated": list, "constant": list,
}  # fmt: skip
REQUIRED_CARD_KEYS = ("name", "power", "copies")

# What a card set can mean (the base set: power 1 to 10, 1 or 2 copies, 32 cards, names of at
# most 24 characters); anything beyond is a typo or a hostile file, refused before it can cost
# memory or time.
MAX_POWER = 99
MAX_COPIES = 10
MAX_CARDS = 500  # distinct cards in one set
MAX_BOX = 1000  # physical cards, all copies counted
MAX_NAME = 60  # characters in a card's (or the set's) name
MAX_AMOUNT = 99  # an effect's number (life, cards, power)


class CardFileError(YamlFileError):
    """A card file that cannot be used, with where and why."""

    def __init__(self, path, line, message, card=None, key=None):
        parts = []
        if card:
            parts.append(f"card {card!r}")
        if key:
            parts.append(f"key {key!r}")
        text = ": ".join(parts + [message])
        self.card = card
        self.key = key
        super().__init__(str(path), line, text)


def _did_you_mean(word: object, choices) -> str:  # any YAML value
    if not isinstance(word, str) or len(word) > 2 * MAX_NAME:  # nothing close to suggest
        return ""
    close = difflib.get_close_matches(str(word), list(choices), n=1, cutoff=0.5)
    return f" (did you mean {close[0]!r}?)" if close else ""


class _Compiler:
    def __init__(self, path: str):
        self.path = path

    def fail(self, node, key, message, card=None, line=None):
        raise CardFileError(self.path, line or line_of(node, key), message, card=card, key=key)

    def expect(self, value, kind, node, key, card):
        if kind is int and (isinstance(value, bool) or not isinstance(value, int)):
            self.fail(node, key, f"must be a whole number, not {show(value)}", card)
        if kind is str and not isinstance(value, str):
            self.fail(node, key, f"must be text, not {show(value)}", card)
        if kind is list and not isinstance(value, list):
            self.fail(node, key, f"must be a list, not {show(value)}", card)
        if kind is bool and not isinstance(value, bool):
            self.fail(node, key, f"must be true or false, not {show(value)}", card)

    def in_range(self, value: int, low: int, high: int, node, key, card, what: str = "") -> None:
        if not low <= value <= high:
            self.fail(node, key, f"{what}must be from {low} to {high}, not {show(value)}", card)

    def name_text(self, value: str, node, key, card) -> None:
        if not value.strip() or len(value) > MAX_NAME or "\n" in value:
            self.fail(node, key, f"must be one line of 1 to {MAX_NAME} characters, "
                                 f"not {show(value)}", card)

    def unknown_keys(self, node, allowed, card, what):
        for key in node:
            if key not in allowed:
                msg = f"unknown {what} key {show(key)}{_did_you_mean(key, allowed)}"
                self.fail(node, key, msg, card)

    def compile(self, doc) -> CardDB:
        if not isinstance(doc, LineDict):
            raise CardFileError(self.path, 1, "a card file is a mapping with 'set' and 'cards'")
        self.unknown_keys(doc, TOP_KEYS, None, "top-level")
        for key in TOP_KEYS:
            if key not in doc:
                raise CardFileError(self.path, doc.line, f"missing top-level key {key!r}")
        cards = doc["cards"]
        if not isinstance(cards, LineList):
            self.fail(doc, "cards", "must be a list of cards")
        if len(cards) > MAX_CARDS:
            self.fail(doc, "cards", f"a set has at most {MAX_CARDS} cards, not {len(cards)}")
        defs = {}
        for i, node in enumerate(cards):
            line = cards.item_lines[i]
            d = self.card(node, line)
            if d["name"] in defs:
                self.fail(node, "name", "a card with this name is defined twice", d["name"])
            defs[d["name"]] = d
        box = sum(d["copies"] for d in defs.values())
        if box > MAX_BOX:
            self.fail(doc, "cards", f"the copies add up to {box} cards; at most {MAX_BOX}")
        order = self.set_order(doc["set"], defs)
        built = tuple(self.build(defs[name], index) for index, name in enumerate(order))
        return CardDB(set_name=doc["set"]["name"], defs=built, source=self.path)

    def set_order(self, node, defs) -> list[str]:
        if not isinstance(node, LineDict):
            raise CardFileError(self.path, line_of(node), "'set' must be a mapping")
        self.unknown_keys(node, SET_KEYS, None, "set")
        for key in SET_KEYS:
            if key not in node:
                raise CardFileError(self.path, node.line, f"set: missing key {key!r}")
        self.expect(node["name"], str, node, "name", None)
        self.name_text(node["name"], node, "name", None)
        names = node["cards"]
        self.expect(names, list, node, "cards", None)
        seen = set()
        for i, name in enumerate(names):
            line = names.item_lines[i]
            if not isinstance(name, str):
                raise CardFileError(self.path, line, f"set lists {show(name)}, not a card name")
            if name not in defs:
                raise CardFileError(
                    self.path, line,
                    f"set lists unknown card {name!r}{_did_you_mean(name, defs)}",
                )  # fmt: skip
            if name in seen:
                raise CardFileError(self.path, line, f"set lists card {name!r} twice")
            seen.add(name)
        for name, d in defs.items():
            if name not in seen:
                raise CardFileError(self.path, d["line"], f"card {name!r} is not in set.cards")
        return list(names)

    def card(self, node, line) -> dict:
        if not isinstance(node, LineDict):
            raise CardFileError(self.path, line, "each card is a mapping of keys")
        name = node.get("name")
        # the card's label in messages; a name too long to be one is cut (and refused below)
        card = name[:MAX_NAME] if isinstance(name, str) else None
        self.unknown_keys(node, CARD_KEYS, card, "card")
        for key in REQUIRED_CARD_KEYS:
            if key not in node:
                raise CardFileError(self.path, node.line, f"missing key {key!r}", card=card)
        for key, kind in CARD_KEYS.items():
            if key in node:
                self.expect(node[key], kind, node, key, card)
        self.name_text(node["name"], node, "name", card)  # required, and a str (checked above)
        if "name_de" in node:
            self.name_text(node["name_de"], node, "name_de", card)
        self.in_range(node["power"], 1, MAX_POWER, node, "power", card)
        self.in_range(node["copies"], 1, MAX_COPIES, node, "copies", card)
        keywords = node.get("keywords", [])
        for kw in keywords:
            if not isinstance(kw, str) or kw not in KEYWORDS:
                msg = f"unknown keyword {show(kw)}{_did_you_mean(kw, KEYWORDS)}"
                self.fail(node, "keywords", msg, card)
        out = {
            "name": name,
            "name_de": node.get("name_de", name),
            "power": node["power"],
            "keywords": tuple(k for k in KEYWORDS if k in keywords),
            "copies": node["copies"],
            "line": node.line,
        }
        for trigger in TRIGGERS:
            key = f"on_{trigger}"
            if key in node:
                effects = self.effects(node[key], node, key, card, TRIGGERED)
                uses_opp = any(e.uses_opponent for e in effects)
                out[key] = Ability(trigger, effects, uses_opp)
        if "constant" in node:
            out["constant"] = self.effects(node["constant"], node, "constant", card, CONSTANT)
        return out

    def effects(self, items, parent, key, card, registry) -> tuple:
        if not items:
            self.fail(parent, key, "must list at least one effect", card)
        built = []
        for i, item in enumerate(items):
            line = items.item_lines[i]
            if not isinstance(item, LineDict) or len(item) != 1:
                raise CardFileError(
                    self.path, line, "each effect is a mapping with one effect name", card, key
                )
            (ename, params), = item.items()
            if not isinstance(ename, str) or ename not in registry:
                raise CardFileError(
                    self.path, line,
                    f"unknown effect {show(ename)}{_did_you_mean(ename, registry)}", card, key,
                )  # fmt: skip
            if params is None:
                params = LineDict()
                params.line, params.key_lines = line, {}
            if not isinstance(params, LineDict):
                raise CardFileError(
                    self.path, line, f"{ename}: parameters must be a mapping", card, key
                )
            built.append(self.effect(registry[ename], ename, params, card))
        return tuple(built)

    def effect(self, cls, ename, params, card):
        schema = effect_fields(cls)
        hints = typing.get_type_hints(cls)
        # YAML keys that are Python keywords are fields with a trailing underscore
        yaml_keys = {f.rstrip("_"): f for f in schema}
        values = {}
        for key, value in params.items():
            if key not in yaml_keys:
                msg = f"{ename}: unknown parameter {show(key)}{_did_you_mean(key, yaml_keys)}"
                self.fail(params, key, msg, card)
            field = yaml_keys[key]
            values[field] = self.param(value, hints[field], params, key, card, ename)
        return cls(**values)

    def param(self, value, hint, node, key, card, ename):
        origin = typing.get_origin(hint)
        if origin is typing.Literal:
            allowed = typing.get_args(hint)
            if not isinstance(value, (str, int)) or value not in allowed:
                msg = f"{ename}: {show(value)} is not one of {', '.join(map(str, allowed))}"
                self.fail(node, key, msg + _did_you_mean(value, allowed), card)
            return value
        if hint is bool:
            self.expect(value, bool, node, key, card)
            return value
        if hint is int:
            self.expect(value, int, node, key, card)
            self.in_range(value, 0, MAX_AMOUNT, node, key, card, f"{ename}: ")
            return value
        # keyword lists
        self.expect(value, list, node, key, card)
        for kw in value:
            if not isinstance(kw, str) or kw not in KEYWORDS:
                msg = f"{ename}: unknown keyword {show(kw)}{_did_you_mean(kw, KEYWORDS)}"
                self.fail(node, key, msg, card)
        return tuple(value)

    def build(self, d: dict, index: int) -> CardDef:
        fields = {k: v for k, v in d.items() if k != "line"}
        card = CardDef(index=index, kw=keyword_bits(d["keywords"]), **fields)
        return dataclasses.replace(card, text=card_text(card))


def load_cards_text(text: str, path: str = "<cards>") -> CardDB:
    try:
        doc = load_yaml_text(text, path)
    except YamlFileError as e:
        raise CardFileError(e.path, e.line, e.message) from None
    return _Compiler(path).compile(doc)


def load_cards(path: str | Path | None = None) -> CardDB:
    """The card database from `path` (default: the game's data/cards.yaml)."""
    if path is None:
        path = data_path("cards.yaml")
    path = Path(path)
    try:
        text = read_yaml_file(path)
    except FileNotFoundError:
        raise CardFileError(path, None, "cannot read the card file: it does not exist") from None
    except YamlFileError as e:
        raise CardFileError(e.path, e.line, e.message) from None
    # The same text compiles to the same (immutable) cards: the window, the save files and the
    # face warmer all ask for them at start-up, and compiling costs ~50 ms each time.
    key = (str(path), text)
    if _last_load[0] != key:
        _last_load[:] = [key, load_cards_text(text, str(path))]
    return _last_load[1]


_last_load: list = [None, None]  # [(path, text), CardDB] of the last file compiled
