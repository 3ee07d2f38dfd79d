"""One utterance as one clean line: what a speech service is given and a log file holds.

A minimal local form of the project's text rule (game/common/safe_text.py on another branch, not in
this tree yet): control, format and separator characters, surrogates and unassigned code
points are dropped (a tab or a line break becomes a space), runs of spaces collapse, and the
line is cut to ``LIMIT`` characters. After the merge ``one_line`` may call
``safe_text.clean(text, LIMIT)`` and keep only the whitespace folding.
"""

from __future__ import annotations

import unicodedata

LIMIT = 2000  # characters: the longest line (reading a full 2v2 table) is far below this
_BAD = frozenset({"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"})
_JOINERS = frozenset("\u200c\u200d")  # ZWNJ/ZWJ: part of how some names are spelled
_SPACES = frozenset("\t\n\r\v\f\x85\u2028\u2029")


def one_line(text: object, limit: int = LIMIT) -> str:  # object: anything may be said (str()'d)
    """``text`` as one line a screen reader or a log file may take: never a line break, a
    terminal escape, a bidi override or an unencodable surrogate; at most ``limit`` characters."""
    if not isinstance(text, str):
        text = "" if text is None else str(text)
    kept = []
    for ch in text[: 4 * limit]:
        if ch in _SPACES:
            kept.append(" ")
        elif unicodedata.category(ch) not in _BAD or ch in _JOINERS:
            kept.append(ch)
    line = " ".join(unicodedata.normalize("NFC", "".join(kept)).split())
    return line[:limit].rstrip()
