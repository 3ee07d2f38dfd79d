"""The window's language: gettext catalogs under ``game/locale``, switched while the game runs.

Every text a player reads goes through ``_`` (or ``ngettext`` for counts). The English text is
the message id, so a missing catalog or a missing entry shows English, never a blank.

Texts are translated when drawn, not when a module is imported: a module-level constant is
marked with ``N_`` (so the extractor finds it) and passed through ``_`` where it is shown. That
is what lets the settings switch the language at once, without a restart.
"""

from __future__ import annotations

import gettext
import locale
import os
import re
from collections.abc import Callable
from pathlib import Path

DOMAIN = "mindbug"
LOCALE_DIR = Path(__file__).resolve().parents[1] / "locale"  # game/locale
#: The languages the game speaks, by code, with each language's own name for the settings.
LANGUAGES: dict[str, str] = {"en": "English", "de": "Deutsch"}
DEFAULT = "en"

_translations: gettext.NullTranslations = gettext.NullTranslations()
_language = DEFAULT
_listeners: list[Callable[[str], None]] = []


def _(message: str) -> str:
    """``message`` in the current language (an empty text stays empty: gettext would give the
    catalog's header for it)."""
    return _translations.gettext(message) if message else message


def ngettext(singular: str, plural: str, count: int) -> str:
    """The form of ``singular``/``plural`` the current language uses for ``count``."""
    return _translations.ngettext(singular, plural, count)


def pgettext(context: str, message: str) -> str:
    """``message`` in the current language, told apart from the same English text elsewhere."""
    return _translations.pgettext(context, message)


def N_(message: str) -> str:
    """Mark ``message`` for the extractor without translating it yet (module constants)."""
    return message


def language() -> str:
    """The code of the current language ("en", "de")."""
    return _language


def set_language(code: str) -> str:
    """Switch to ``code`` (an unknown code falls back to English); returns the code in use.

    A missing or unreadable catalog also falls back to English: the game stays playable.
    """
    global _translations, _language
    code = code if code in LANGUAGES else DEFAULT
    if code == DEFAULT:
        translations: gettext.NullTranslations = gettext.NullTranslations()
    else:
        try:
            translations = gettext.translation(DOMAIN, LOCALE_DIR, languages=[code])
        except (OSError, ValueError, UnicodeDecodeError):
            translations, code = gettext.NullTranslations(), DEFAULT
    _translations, _language = translations, code
    for listener in list(_listeners):
        listener(code)
    return code


def every_language(message: str) -> list[str]:
    """``message`` in each language the game speaks: a layout made for the longest of them does
    not move when the language is switched."""
    return [_catalog(code).gettext(message) if message else message for code in LANGUAGES]


def _catalog(code: str) -> gettext.NullTranslations:
    if code not in _catalogs:
        try:
            _catalogs[code] = gettext.translation(DOMAIN, LOCALE_DIR, languages=[code]) \
                if code != DEFAULT else gettext.NullTranslations()
        except (OSError, ValueError, UnicodeDecodeError):
            _catalogs[code] = gettext.NullTranslations()
    return _catalogs[code]


_catalogs: dict[str, gettext.NullTranslations] = {}


def on_change(listener: Callable[[str], None]) -> None:
    """Call ``listener(code)`` after every language switch (caches of rendered text)."""
    _listeners.append(listener)


def system_language(environ: dict[str, str] | None = None) -> str:
    """The game's language closest to the system's: German for any ``de`` locale, else English.

    Reads the variables gettext itself reads (LANGUAGE, LC_ALL, LC_MESSAGES, LANG), then the
    platform's locale (Windows and macOS set no variables).
    """
    env = os.environ if environ is None else environ
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = env.get(name, "")
        if value and value not in ("C", "POSIX"):
            for part in value.split(":"):
                code = locale_language(part)
                if code != DEFAULT or part.lower().startswith("en"):
                    return code
            return DEFAULT
    if environ is not None:
        return DEFAULT
    try:
        platform_locale = locale.getlocale()[0] or ""
    except ValueError:
        platform_locale = ""
    return locale_language(platform_locale)


#: Windows names its locales in English words ("German_Germany", "English_United States"),
#: not by code: the word before "_" is the language.
_WINDOWS_NAMES = {"german": "de", "deutsch": "de", "deu": "de", "english": "en", "eng": "en"}


def locale_language(name: str) -> str:
    """The game's language for one platform locale name: "de_DE.UTF-8", "de-AT", "German_Germany"."""
    word = name.split(".")[0].replace("-", "_").split("_")[0].strip().lower()
    code = _WINDOWS_NAMES.get(word, word[:2] if len(word) == 2 else "")
    return code if code in LANGUAGES else DEFAULT


#: Each language's decimal mark and the space before "%" ("51 %" in German, a no-break space).
_DECIMAL_MARK = {"en": ".", "de": ","}
_PERCENT_SPACE = {"en": "", "de": "\u00a0"}


def number(value: float, digits: int | None = None) -> str:
    """``value`` as the current language writes it: "1.5" in English, "1,5" in German.
    ``digits``: that many after the mark ("0.50"); None: as few as needed ("1.5", "2")."""
    text = f"{value:g}" if digits is None else f"{value:.{digits}f}"
    return text.replace(".", _DECIMAL_MARK.get(_language, "."))


def percent(fraction: float, digits: int = 0) -> str:
    """A fraction as a percentage in the current language: "51%", German "51 %"."""
    return number(100 * fraction, digits) + _PERCENT_SPACE.get(_language, "") + "%"


def card_name(card: object) -> str:  # a CardDef or a stand-in: read with getattr
    """A card's name in the current language (the German name from the card data)."""
    name = str(getattr(card, "name", "") or "")
    if _language == "de":
        return str(getattr(card, "name_de", "") or name)
    return name


# Names the game gives (not ones a player typed): shown in the current language.
# LEVEL_NAMES is the one table of the computer levels' names (English ids, marked for the
# catalog): the menus, the saves' summaries and the seat names all read it.
LEVEL_NAMES = {"random": N_("Random"), "easy": N_("Easy"), "medium": N_("Medium"),
               "hard": N_("Hard"), "expert": N_("Expert")}
_LEVEL_WORDS = {v.lower(): v for v in LEVEL_NAMES.values()}
_COMPUTER = re.compile(r"^Computer(?: ([AB]))? \((\w+)\)$")
_NAMED_COMPUTER = re.compile(r"^(Ada|Basil|Cleo|Dex) \((\w+)\)$")
_PLAYER = re.compile(r"^Player (\d+)$")
_TEAM = re.compile(r"^Team (\d+)$")


def level_name(level: str) -> str:
    """"medium" (or "Medium") -> "Medium" in the current language."""
    word = _LEVEL_WORDS.get(level.lower())
    return _(word) if word else level


def display_name(name: str) -> str:
    """A seat name as stored ("You", "Computer (Medium)", "Player 2") in the current language.

    Saves and replays keep the English names; a name a player typed is shown as typed."""
    if name in ("You", "Computer"):
        return _(name)
    m = _COMPUTER.match(name)
    if m and m.group(2).lower() in _LEVEL_WORDS:
        if m.group(1):
            return _("Computer {letter} ({level})").format(letter=m.group(1), level=level_name(m.group(2)))
        return _("Computer ({level})").format(level=level_name(m.group(2)))
    m = _NAMED_COMPUTER.match(name)
    if m and m.group(2).lower() in _LEVEL_WORDS:
        return f"{m.group(1)} ({level_name(m.group(2))})"
    m = _PLAYER.match(name)
    if m:
        return _("Player {number}").format(number=m.group(1))
    m = _TEAM.match(name)
    if m:
        return _("Team {number}").format(number=m.group(1))
    return name
