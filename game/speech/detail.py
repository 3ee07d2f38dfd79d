"""How much speech says (issue 45, the speech settings): each source's words and level, for
the Settings' rows and the keys that change them during a match."""

from __future__ import annotations

from collections.abc import Mapping

from game.common.i18n import N_, _
from game.common.settings import SPEECH_LEVELS, SPEECH_SOURCES

SOURCE_WORDS = {"events": N_("Speech: the game's events"), "options": N_("Speech: the options"),
                "prompts": N_("Speech: the decisions' prompts"),
                "moves": N_("Speech: the computer's moves")}
LEVEL_WORDS = {"full": N_("Full"), "short": N_("Short"), "off": N_("Off")}
RATE = N_("Speech rate: {rate}")
assert set(SOURCE_WORDS) == set(SPEECH_SOURCES) and set(LEVEL_WORDS) == set(SPEECH_LEVELS)


def level_of(detail: Mapping[str, str], source: str) -> str:
    level = detail.get(source, "full")
    return level if level in LEVEL_WORDS else "full"


def next_level(level: str) -> str:
    """Full, then Short, then Off, then Full again."""
    i = SPEECH_LEVELS.index(level) if level in SPEECH_LEVELS else -1
    return SPEECH_LEVELS[(i + 1) % len(SPEECH_LEVELS)]


def detail_line(detail: Mapping[str, str], source: str) -> str:
    """"Speech: the options: Short", as the Settings' row and the key say it."""
    return _("{setting}: {value}").format(setting=_(SOURCE_WORDS[source]),
                                          value=_(LEVEL_WORDS[level_of(detail, source)]))
