"""The play keys as the window uses them: a key event's action under the player's key map
(``Settings.keys``, game.common.keymap), each action's words and its key as shown ("D").

Only a lower-case letter or a digit can be bound, and pygame's key code of such a key is its
character's code point, so no display is needed to turn a name into a code.
"""

from __future__ import annotations

from collections.abc import Mapping

from game.common import keymap
from game.common.i18n import N_, _

#: Each action's words on the Keys page and in How to play (English msgids).
LABELS: dict[str, str] = {
    "discard": N_("Discard piles (Shift: the other players')"),
    "browse": N_("Look over the cards on the table"),
    "hint": N_("Hint"),
    "repeat": N_("Speech: the last line again"),
    "table": N_("Speech: read the table"),
    "hand": N_("Speech: your cards in hand (again: the next hand's count)"),
    "last_turn": N_("Speech: the last turn"),
    "details": N_("Speech: the focused card in full (then Up, Down: line by line)"),
    "creatures": N_("Speech: your creatures (the arrows walk them)"),
    "others": N_("Speech: the other players' creatures (again: the next player's)"),
    "piles": N_("Speech: the discard piles (again: the next pile)"),
    "life": N_("Speech: life and Mindbugs"),
    "slower": N_("Speech: slower"),
    "faster": N_("Speech: faster"),
    "detail_source": N_("Speech: the next source (events, options, prompts, moves)"),
    "detail_level": N_("Speech: how much that source says"),
}
assert set(LABELS) == set(keymap.DEFAULT_KEYS), "every play key needs its words"


def name_of(keys: Mapping[str, str], action: str) -> str:
    """The key ``action`` is bound to, as shown and said: "D", "7"."""
    return keys.get(action, keymap.DEFAULT_KEYS[action]).upper()


def code(keys: Mapping[str, str], action: str) -> int:
    """The pygame key code ``action`` is bound to."""
    return ord(keys.get(action, keymap.DEFAULT_KEYS[action]))


def action_of(keys: Mapping[str, str], key: int) -> str | None:
    """The action a pressed key (a pygame key code) is bound to, if any."""
    return next((a for a, _default in keymap.ACTIONS if code(keys, a) == key), None)


def key_name(key: int) -> str | None:
    """A pressed key's name if it may be bound (a letter or a digit), else None."""
    if not 0 <= key < 0x110000:
        return None
    name = chr(key)
    return name if name in keymap.BINDABLE else None


def label(action: str) -> str:
    return _(LABELS[action])
