"""The one way text is broken into lines and cut to a width (issue 42, item 1).

Every screen measures its text with the font it draws it in (``fonts.wrap`` and
``fonts.fit_width`` measure, this module decides where lines end). A line ends only where a
reader expects it to:

- at a space (or an explicit newline);
- after a hyphen the text already has ("Crab-Dog-" / "Mummypus");
- at a real hyphenation point of the current language, with a hyphen added ("Schild-" /
  "wanzen"): the points come from the LibreOffice hyphenation dictionaries that ``pyphen``
  ships, so German compounds break between syllables, never inside one;
- or, when not even one syllable fits, the line is cut and ends in "…" (the whole text stays the
  widget's own text: hover, the zoom and speech read that, never the cut one).

A word is broken only when it is wider than a whole line; otherwise it moves to the next line
whole. Without ``pyphen`` installed, words break only at spaces and their own hyphens.

Tests observe every wrap (``observe``) and check each break with ``bad_breaks``.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from functools import lru_cache

from game.common import i18n

ELLIPSIS = "\u2026"
HYPHEN = "-"

Measure = Callable[[str], int]
#: Called with (text, lines) after every wrap while a test observes.
Observer = Callable[[str, list[str]], None]
_observers: list[Observer] = []

# The dictionary of each language the game speaks (pyphen's names for them).
_DICTIONARIES = {"en": "en_US", "de": "de_DE"}


def _points_of(hyphenated: str) -> tuple[int, ...]:
    """The break points of a word written with its hyphens ("cha-me-leon" -> (3, 5))."""
    points, at = [], 0
    for piece in hyphenated.split(HYPHEN)[:-1]:
        at += len(piece)
        points.append(at)
    return tuple(points)


# Words the dictionaries do not know or break badly: the invented card names (a hand card's
# name at 200% needs its syllables: "Chame-" / "leon"), written with their hyphens.
_OWN_POINTS: dict[str, dict[str, tuple[int, ...]]] = {
    "en": {w.replace(HYPHEN, ""): _points_of(w) for w in (
        "cha-me-leon", "lu-cha-taur", "kan-ga-sau-rus")},
    "de": {w.replace(HYPHEN, ""): _points_of(w) for w in (
        "kän-gu-sau-rus", "har-pyi-en-mut-ter", "steu-er-ein-trö-ter")},
}


@contextmanager
def observe(observer: Observer) -> Iterator[None]:
    """Calls ``observer(text, lines)`` for every text wrapped inside the ``with``."""
    _observers.append(observer)
    try:
        yield
    finally:
        _observers.remove(observer)


@lru_cache(maxsize=4)
def _dictionary(language: str):  # -> pyphen.Pyphen | None
    try:
        import pyphen
    except ImportError:  # breaks at spaces and hyphens only
        return None
    name = _DICTIONARIES.get(language, "en_US")
    try:
        return pyphen.Pyphen(lang=name)
    except KeyError:  # a bundle without that dictionary
        return None


@lru_cache(maxsize=8192)
def syllable_points(word: str, language: str) -> tuple[int, ...]:
    """Where ``word`` may be broken with an added hyphen, as indexes into ``word``: the
    dictionary's points inside its letters (punctuation around it and its own hyphens are not
    given to the dictionary)."""
    hyph = _dictionary(language)
    if hyph is None:
        return ()
    points: list[int] = []
    start = 0
    for part in word.split(HYPHEN):
        lo, hi = 0, len(part)
        while lo < hi and not part[lo].isalpha():
            lo += 1
        while hi > lo and not part[hi - 1].isalpha():
            hi -= 1
        core = part[lo:hi]
        own = _OWN_POINTS.get(language, {}).get(core.lower())
        if own is not None:
            points += [start + lo + p for p in own]
        elif len(core) >= 4:
            points += [start + lo + p for p in hyph.positions(core)]
        start += len(part) + 1
    return tuple(points)


def is_code(token: str) -> bool:
    """A token with digits in it (a replay code, "0467FWSS..."): not a word of any language, it
    may break after any character, with no hyphen (one would read as part of the code)."""
    return any(c.isdigit() for c in token) and sum(c.isalpha() for c in token) > 0 and len(token) > 12


def _pieces(word: str, language: str) -> list[tuple[int, bool]]:
    """Every place ``word`` may end a line, left to right: (index, a hyphen is added)."""
    if is_code(word):
        return [(i, False) for i in range(1, len(word))]
    own = [i + 1 for i, c in enumerate(word[:-1]) if c == HYPHEN and i > 0]
    added = [p for p in syllable_points(word, language) if p not in own]
    return sorted([(i, False) for i in own] + [(i, True) for i in added])


def _head(word: str, room: int, measure: Measure, language: str) -> tuple[str, str] | None:
    """The longest head of ``word`` ending at a break point that fits ``room`` (with its added
    hyphen), and the rest; None if no head fits."""
    best = None
    for at, add in _pieces(word, language):
        head = word[:at] + (HYPHEN if add else "")
        if measure(head) > room:
            break
        best = (head, word[at:])
    return best


def cut(text: str, width: int, measure: Measure) -> str:
    """``text`` whole if it fits ``width``, else its longest head that fits with "…" after it
    (never between a letter and its accents)."""
    if measure(text) <= width:
        return text
    lo, hi = 0, len(text)  # by bisection: names are measured often
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if measure(_letters(text, mid).rstrip() + ELLIPSIS) <= width:
            lo = mid
        else:
            hi = mid - 1
    return _letters(text, lo).rstrip() + ELLIPSIS


def _letters(text: str, n: int) -> str:
    """The first ``n`` characters of ``text``, shortened so no combining mark loses its letter."""
    while 0 < n < len(text) and unicodedata.category(text[n]).startswith("M"):
        n -= 1
    return text[:n]


def wrap(text: str, width: int, measure: Measure, language: str | None = None) -> list[str]:
    """``text`` in lines no wider than ``width`` by ``measure``: greedy, explicit newlines kept,
    a word wider than a line broken at its hyphens or hyphenation points, a syllable wider than
    a line cut with "…"."""
    lines = wrap_unobserved(text, width, measure, language)
    seen(text, lines)
    return lines


def seen(text: str, lines: list[str]) -> None:
    """Tells the observers (``observe``) of a wrap, also of one a cache gave again."""
    for observer in _observers:
        observer(text, lines)


def wrap_unobserved(text: str, width: int, measure: Measure, language: str | None = None) -> list[str]:
    """``wrap`` without telling the observers (for a cache of wraps: game.ui.kit.fonts)."""
    language = language or i18n.language()
    lines: list[str] = []
    for para in text.split("\n"):
        words = para.split()
        if not words:
            lines.append("")
            continue
        line = ""
        for word in words:
            trial = f"{line} {word}" if line else word
            if measure(trial) <= width:
                line = trial
                continue
            if measure(word) <= width:  # the word moves to the next line whole
                lines.append(line)
                line = word
                continue
            # Wider than any line: its first part fills what is left of this line.
            if line:
                head = _head(word, width - measure(line + " "), measure, language)
                if head is not None:
                    lines.append(f"{line} {head[0]}")
                    word = head[1]
                else:
                    lines.append(line)
            while measure(word) > width:
                head = _head(word, width, measure, language)
                if head is None:  # not one syllable fits: cut, and go on after the syllable
                    points = _pieces(word, language)
                    lines.append(cut(word, width, measure))
                    if not points:
                        word = ""
                        break
                    word = word[points[0][0]:]
                    continue
                lines.append(head[0])
                word = head[1]
            line = word
        if line or not lines:
            lines.append(line)
    return lines


def bad_breaks(text: str, lines: list[str], language: str | None = None) -> list[str]:
    """The line ends in ``lines`` (``text`` wrapped) that are not at a space, after the text's
    own hyphen, at a hyphenation point with a hyphen added, or cut with "…"; empty when every
    break is a good one. Independent of ``wrap``: a test's check of it."""
    language = language or i18n.language()
    found: list[str] = []
    rest = " ".join(text.split())
    pos = 0  # where the next line starts in ``rest``
    for i, line in enumerate(lines):
        while pos < len(rest) and rest[pos] == " ":
            pos += 1
        if not line:
            continue
        if line.endswith(ELLIPSIS):
            # A cut line: what it shows is a head of the text from here; the rest of that word
            # is skipped (to its next break point or space).
            head = line[:-1].rstrip()
            if not rest.startswith(head, pos):
                found.append(f"line {i + 1} {line!r} is not the text that follows")
                return found
            pos += len(head)
            end = rest.find(" ", pos)
            end = len(rest) if end < 0 else end
            nxt = lines[i + 1] if i + 1 < len(lines) else ""
            while pos < end and nxt and not rest.startswith(nxt.split(" ")[0].rstrip(HYPHEN), pos):
                pos += 1
            continue
        last = i + 1 == len(lines)
        if rest.startswith(line, pos):
            end = pos + len(line)
            start = rest.rfind(" ", 0, end) + 1
            stop = rest.find(" ", end)
            inside_code = is_code(rest[start:len(rest) if stop < 0 else stop])
            if not last and end < len(rest) and rest[end] != " " and rest[end - 1] != HYPHEN \
                    and not inside_code:
                found.append(f"{line!r} / {lines[i + 1]!r}: broken inside a word without a hyphen")
            pos = end
            continue
        if line.endswith(HYPHEN) and rest.startswith(line[:-1], pos):
            end = pos + len(line) - 1
            start = rest.rfind(" ", 0, end) + 1
            stop = rest.find(" ", end)
            word = rest[start:len(rest) if stop < 0 else stop]
            if end - start not in syllable_points(word, language):
                found.append(f"{line!r} / {lines[i + 1] if not last else ''!r}: "
                             f"{word!r} broken at {end - start}, not a hyphenation point")
            pos = end
            continue
        found.append(f"line {i + 1} {line!r} is not the text that follows")
        return found
    return found
