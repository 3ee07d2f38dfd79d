"""A card name's lines on a face at a larger text size: as few lines as it needs at a size
that never goes below the text size's floor, broken at spaces, the name's own hyphens and
the language's hyphenation points (game.ui.kit.textlayout), never cut while a split fits."""

from __future__ import annotations

import itertools

from game.common import i18n
from game.ui.kit import fonts, textlayout


def _line_ends(name: str) -> list[tuple[int, bool]]:
    """Every place a name may end a line, as (index, a hyphen is added): at a space, after the
    name's own hyphen, at a hyphenation point of the language shown ("Killer-" / "biene")."""
    ends = [(i + 1, False) for i, ch in enumerate(name) if ch in " -"]
    start = 0
    for word in name.split(" "):  # the dictionary is asked word by word
        ends += [(start + i, True) for i in textlayout.syllable_points(word, i18n.language())]
        start += len(word) + 1
    return sorted(set(ends))


def _split(name: str, ends: tuple[tuple[int, bool], ...]) -> list[str]:
    """``name`` in lines ending at ``ends`` (an added hyphen written, a space dropped)."""
    lines, start = [], 0
    for at, add in ends:
        lines.append(name[start:at].strip() + ("-" if add else ""))
        start = at
    return [*lines, name[start:].strip()]


def floor_lines(name: str, box_w: int, start: int, floor: int, least: int, most: int) -> tuple[int, list[str]]:
    """A name at a larger text size: one line from ``start`` down to the floor; else two lines,
    else up to ``most``, from the floor down to ``least``, each split where the widest line is
    narrowest, at spaces and the name's own hyphens before hyphenation points; a face smaller
    than a hand's may go a few sizes below the floor first. Cut with "…" only when no split
    fits (the zoom and speech give the name whole)."""
    size = fonts.fit_size(name, box_w, start, floor)
    if fonts.text_width(name, size) <= box_w:
        return size, [name]
    ends = _line_ends(name)
    if not ends:
        return floor, [fonts.fit_width(name, box_w, floor)]
    spaces = [e for e in ends if not e[1]]
    for allowed in (spaces, ends):  # breaks inside a word only where words alone do not fit
        for count in range(2, most + 1):
            for size in range(floor, least - 1, -1):
                fitting = []
                for cut_at in itertools.combinations(allowed, count - 1):
                    lines = _split(name, cut_at)
                    widest = max(fonts.text_width(t, size) for t in lines)
                    if widest <= box_w and all(lines):
                        fitting.append((sum(add for _at, add in cut_at), widest, lines))
                if fitting:
                    return size, min(fitting)[2]
    best = min(ends, key=lambda e: max(fonts.text_width(t, floor) for t in _split(name, (e,))))
    return floor, [fonts.fit_width(t, box_w, floor) for t in _split(name, (best,))]
