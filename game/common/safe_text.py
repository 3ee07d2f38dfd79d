"""The one rule for a name or label that came from outside the program (a file, a text
field, the settings): what may be shown, and its safe form. Pure: no pygame, no files.

A name reaches the screen, the log, a terminal and the next file written. So it holds no
control characters (C0 and C1, NUL, ESC, DEL), no invisible format characters (bidi overrides
and isolates, zero-width spaces, BOM; only the joiners ZWJ/ZWNJ that Persian and Indic names
need), no line or paragraph separators, no lone surrogates, no noncharacters, unassigned or
private-use code points (the font has no glyph for them, and a surrogate cannot even be
encoded). A letter carries at most ``MAX_MARKS`` combining marks: every mark is drawn stacked
on the last, so "e" with 39 accents renders a glyph column 25 lines tall (the viewer that drew
such names used ten times the memory). Text is compared and kept in NFC, the composed form a
keyboard gives, so "Zoë" typed on one system is the same name read on another; the length
limit counts characters of that form.

``problem`` says what is wrong (None if nothing), ``checked`` returns the acceptable NFC form
or raises, ``clean`` makes any text acceptable (for what a person types), ``printable`` is for
terminals (every character a terminal would act on shown as an escape).
"""

from __future__ import annotations

import unicodedata

NAME_MAX = 40  # characters; the longest name any file or field of the game holds
MAX_MARKS = 3  # combining marks on one letter: Hebrew points + cantillation, Thai vowel + tone
JOINERS = frozenset("\u200c\u200d")  # ZWNJ, ZWJ: part of how Persian and Indic names are spelled
BAD_CATEGORIES = frozenset({"Cc", "Cs", "Co", "Cn", "Zl", "Zp"})


def _bad(ch: str) -> bool:
    cat = unicodedata.category(ch)
    return cat in BAD_CATEGORIES or (cat == "Cf" and ch not in JOINERS)


def _nfc(text: str) -> str:
    # NFC of a text holding a lone surrogate is well defined in CPython, but refuse them first
    # anyway: the callers never get to normalize what they will refuse.
    return unicodedata.normalize("NFC", text)


def _longest_mark_run(text: str) -> int:
    longest = run = 0
    for ch in text:
        if unicodedata.category(ch).startswith("M"):
            run += 1
            longest = max(longest, run)
        else:
            run = 0
    return longest


def problem(text: object, limit: int = NAME_MAX) -> str | None:  # any value: checked here
    """Why ``text`` may not be a name or label (one English line, never echoing the text), or
    None if it may: text, at most ``limit`` characters in NFC, with none of the characters the
    module's rule refuses."""
    if not isinstance(text, str):
        return "is not text"
    if len(text) > 4 * limit:  # cheap bound before normalizing what is far too long anyway
        return f"is longer than {limit} characters"
    bad = next((ch for ch in text if _bad(ch)), None)
    if bad is not None:
        return f"holds an invisible or control character (U+{ord(bad):04X})"
    nfc = _nfc(text)
    if len(nfc) > limit:
        return f"is longer than {limit} characters"
    if _longest_mark_run(nfc) > MAX_MARKS:
        return f"has more than {MAX_MARKS} accents on one letter"
    return None


def checked(text: object, limit: int = NAME_MAX) -> str:  # any value: checked here
    """The NFC form of an acceptable ``text``; ValueError (``problem``'s line) if it is not."""
    reason = problem(text, limit)
    if reason is not None:
        raise ValueError(reason)
    assert isinstance(text, str)  # problem() refuses anything else
    return _nfc(text)


def clean(text: str, limit: int = NAME_MAX) -> str:
    """``text`` made acceptable: refused characters dropped (a tab or a newline becomes a
    space), marks beyond ``MAX_MARKS`` on a letter dropped, NFC, cut to ``limit`` characters.
    ``problem(clean(t, n), n)`` is None for every string ``t``."""
    if _nothing_to_clean(text):
        # Most text the window measures and draws. (Wrapping measures every candidate line, so
        # this runs thousands of times a screen.)
        return text[:limit]
    return _clean_each_character(text, limit)


def _clean_each_character(text: str, limit: int) -> str:
    """``clean`` the long way, one character at a time."""
    kept = []
    run = 0
    for ch in _nfc("".join(" " if ch in "\t\n\r\u2028\u2029" else ch
                           for ch in text if not _is_surrogate(ch))):
        if _bad(ch):
            continue
        if unicodedata.category(ch).startswith("M"):
            run += 1
            if run > MAX_MARKS:
                continue
        else:
            run = 0
        kept.append(ch)
    out = _nfc("".join(kept))[:limit]
    # NFC may compose a kept mark with its letter and cutting may leave a run at the end; both
    # only shorten runs, but re-check rather than reason about every script's composition.
    while problem(out, limit) is not None and out:
        out = out[:-1]
    return out


def _nothing_to_clean(text: str) -> bool:
    """True if ``clean`` would only cut ``text``: nothing refused, no format character (not even
    a joiner), no mark, already NFC (a cut then leaves NFC too: only a mark or a Hangul vowel
    could compose with what went before, and a vowel that could is not in NFC text). Looked at
    by C loops (``map``, ``set``), not a Python loop over every character."""
    if text.isascii():
        return text.isprintable()
    categories = set(map(unicodedata.category, text))
    return not (categories & BAD_CATEGORIES or "Cf" in categories
                or any(c.startswith("M") for c in categories)) \
        and unicodedata.is_normalized("NFC", text)


def _is_surrogate(ch: str) -> bool:
    return "\ud800" <= ch <= "\udfff"


def printable(text: str) -> str:
    """``text`` for a terminal or a log line: every character a terminal could act on or that
    cannot be encoded (controls, ESC, bidi controls, surrogates, separators, unassigned) shown
    as a Python escape (``\\x1b``, ``\\u202e``, ``\\ud800``), as are marks beyond ``MAX_MARKS``
    on a letter, and a backslash doubled, so the output is one plain line that says exactly what the file holds."""
    out = []
    run = 0
    for ch in text:
        run = run + 1 if unicodedata.category(ch).startswith("M") else 0
        if ch == "\\":
            out.append("\\\\")
        elif ch == " " or (ch.isprintable() and not _bad(ch) and run <= MAX_MARKS):
            out.append(ch)
        else:
            out.append(ch.encode("unicode_escape", "backslashreplace").decode("ascii")
                       if not _is_surrogate(ch) else f"\\u{ord(ch):04x}")
    return "".join(out)


__all__ = ["MAX_MARKS", "NAME_MAX", "checked", "clean", "printable", "problem"]
