"""The play keys a player may rebind (issue 25): which actions there are, their default keys,
and the one rule every key map follows, for the settings file and the Keys page alike.

A key is named as pygame names it (``pygame.key.name``): a lower-case letter or a digit. Only
those may be bound: the keys that work everywhere (Esc, Tab, Enter, Space, the arrows, PageUp,
PageDown, Home, End, F11, Ctrl+Z) stay fixed, so a rebinding can never take them away. Shift+
the discard key opens the other seats' piles. Pure: no pygame (the window turns names into key
codes, game.ui.core.keys).
"""

from __future__ import annotations

import string
from collections.abc import Mapping

#: Every rebindable action in the order the Keys page lists it, with its default key.
ACTIONS: tuple[tuple[str, str], ...] = (
    ("discard", "d"),  # your discard pile (Shift: the other seats')
    ("browse", "v"),  # look over every visible card on the table
    ("hint", "h"),  # the Hint button
    ("repeat", "r"),  # speech: the last line again
    ("table", "t"),  # speech: the table
    ("hand", "c"),  # speech: your cards in hand
    ("last_turn", "l"),  # speech: the last turn
    ("details", "i"),  # speech: the focused (or browsed) card in full; Up/Down: line by line
    ("creatures", "b"),  # speech, the board by zones: your creatures (the arrows walk them)
    ("others", "o"),  # ...the other players' creatures (again: the next player's)
    ("piles", "p"),  # ...the discard piles (yours first; again: the next one)
    ("life", "m"),  # ...life and Mindbugs
    ("slower", "5"),  # speech: a slower rate (where the output has one)
    ("faster", "6"),  # speech: a faster rate
    ("detail_source", "8"),  # speech: the next source of speech (events, options, ...)...
    ("detail_level", "9"),  # ...and how much it says (full, short, off)
)
DEFAULT_KEYS: dict[str, str] = dict(ACTIONS)
BINDABLE: frozenset[str] = frozenset(string.ascii_lowercase + string.digits)


def defaults() -> dict[str, str]:
    """A fresh copy of the default key map."""
    return dict(DEFAULT_KEYS)


def checked(value: object) -> dict[str, str]:  # any JSON from the settings: checked here
    """``value`` as a key map, or ValueError with one clear reason: not an object, a key that is
    not a letter or a digit, two actions on one key. An action the map leaves out keeps its
    default key (a file from before that action still loads); an action this version does not
    know is a newer version's: not used, not judged (``newer`` keeps it in the file)."""
    if not isinstance(value, Mapping):
        raise ValueError(f"must map actions to keys, not {_show(value)}")
    out = defaults()
    for action, key in value.items():
        if action not in DEFAULT_KEYS:
            continue
        if not isinstance(key, str) or key.lower() not in BINDABLE:
            raise ValueError(f"gives {action} the key {_show(key)}: a key is one letter or digit")
        out[action] = key.lower()
    clash = conflict(out)
    if clash is not None:
        raise ValueError(f"gives {clash[0]} and {clash[1]} the same key {out[clash[0]]!r}")
    return out


def newer(value: object, keys: Mapping[str, str]) -> dict[str, object]:  # any JSON from the settings: checked here
    """The actions of a newer version in a file's key map ``value``, to be written back as they
    are, but for one whose key an action of ``keys`` holds now (the newer version then gives
    that action its default key instead of finding a clash and resetting every key)."""
    if not isinstance(value, Mapping):
        return {}
    taken = set(keys.values())
    return {action: key for action, key in value.items() if action not in DEFAULT_KEYS
            and not (isinstance(key, str) and key.lower() in taken)}


def conflict(keys: Mapping[str, str]) -> tuple[str, str] | None:
    """The first two actions that share a key, if any."""
    seen: dict[str, str] = {}
    for action, _default in ACTIONS:
        key = keys.get(action)
        if key is None:
            continue
        if key in seen:
            return seen[key], action
        seen[key] = action
    return None


def holder(keys: Mapping[str, str], key: str, but: str | None = None) -> str | None:
    """The action bound to ``key`` (other than ``but``), if any."""
    return next((a for a, k in keys.items() if k == key and a != but), None)


def _show(value: object) -> str:  # any JSON from the settings: checked here
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."
