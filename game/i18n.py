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
from collections.abc import Callable
from pathlib import Path

DOMAIN = "mindbug"
LOCALE_DIR = Path(__file__).resolve().parent / "locale"
#: The languages the game speaks, by code, with each language's own name for the settings.
LANGUAGES: dict[str, str] = {"en": "English", "de": "Deutsch"}
DEFAULT = "en"

_translations: gettext.NullTranslations = gettext.NullTranslations()
_language = DEFAULT
_listeners: list[Callable[[str], None]] = []


def _(message: str) -> str:
    """``message`` in the current language."""
    return _translations.gettext(message)


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
                code = part[:2].lower()
                if code in LANGUAGES:
                    return code
            return DEFAULT
    if environ is not None:
        return DEFAULT
    try:
        platform_locale = locale.getlocale()[0] or ""
    except ValueError:
        platform_locale = ""
    code = platform_locale[:2].lower()
    return code if code in LANGUAGES else DEFAULT
