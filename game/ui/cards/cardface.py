"""Card faces and backs, drawn from card data.

``CardRenderer.face(card, width)`` works with any object that has the CardDef fields the face
shows (``name``, ``power``, ``keywords``, ``text``; ``trigger`` is optional), so the table can
draw cards before the rules engine lands. Faces are cached per card and width: the table asks
for the same few sizes every frame.

Layout, top to bottom: name banner; the picture with the power badge on its top-left corner;
a row of keyword chips; the rules text box. Shapes are drawn at twice the size and
smooth-scaled (antialiased rounded corners); text and icons are drawn at the final size so
small type stays crisp.
"""

from __future__ import annotations

import importlib
import math
import threading
from collections.abc import Iterable
from functools import lru_cache
from typing import Any

import pygame

from game.common import i18n
from game.ui.cards import name_layout
from game.ui.cards.cardlike import CardLike
from game.ui.cards.reminder_strip import with_reminders
from game.ui.kit import bands, fonts, icons, legible


class _Later:
    """A module imported on first use. The card data (rules engine, YAML) and the picture
    generator cost ~0.1 s to import, and the title's first frame needs only the card back."""

    def __init__(self, name: str) -> None:
        self._name = name

    def __getattr__(self, attr: str) -> Any:  # the lazily imported module's attribute
        return getattr(importlib.import_module(self._name), attr)


art = _Later("game.ui.cards.art")
text_de = _Later("game.cards.text_de")
card_text = _Later("game.cards.text")  # what each keyword means: the one source

RGB = tuple[int, int, int]
CARD_RATIO = 1.4  # height / width (5:7)
ZOOM_WIDTH = 300
TABLE_WIDTH = 110
HAND_FACE_W = 104  # a card in the hand (table.layout.HAND_W): its name never below the floor

INK: RGB = (28, 20, 36)
PAPER: RGB = (246, 238, 220)
GOLD: RGB = (236, 190, 84)
BODY_BOTTOM: RGB = (26, 20, 40)
TEXT_INK: RGB = (40, 30, 46)
TRIGGER_INK: RGB = (150, 40, 70)
_SS = 2


def card_size(width: int) -> tuple[int, int]:
    """(width, height) of a card drawn ``width`` pixels wide."""
    return int(width), round(int(width) * CARD_RATIO)


def _mix(a: RGB, b: RGB, t: float) -> RGB:
    """Linear blend of two colours (the same as art.mix, which the card back must not import)."""
    return (int(a[0] + (b[0] - a[0]) * t), int(a[1] + (b[1] - a[1]) * t),
            int(a[2] + (b[2] - a[2]) * t))


def _rounded_mask(size: tuple[int, int], radius: int) -> pygame.Surface:
    """A white antialiased rounded rectangle, used to clip pictures to rounded corners."""
    big = pygame.Surface((size[0] * _SS, size[1] * _SS), pygame.SRCALPHA, 32)
    pygame.draw.rect(big, (255, 255, 255, 255), big.get_rect(), border_radius=radius * _SS)
    return pygame.transform.smoothscale(big, size)


def _clip_rounded(surf: pygame.Surface, radius: int) -> pygame.Surface:
    out = surf.copy()
    out.blit(_rounded_mask(surf.get_size(), radius), (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
    return out


class _Layout:
    """Every rectangle of a face at one width, computed once (all proportional to the width)."""

    def __init__(self, width: int, n_keywords: int, name_lines: int = 1, name_size: int = 0):
        w, h = card_size(width)
        self.w, self.h = w, h
        self.radius = max(3, round(w * 0.07))
        self.border = max(2, round(w * 0.028))
        m = max(4, round(w * 0.055))
        self.margin = m
        # A name that needs two lines gets a taller banner; the picture gives up the height. A
        # name larger than the face's own proportion (a larger text size) gets the height its
        # lines need.
        extra = round(w * 0.085) if name_lines > 1 else 0
        need = name_lines * (name_size + max(1, round(name_size * 0.2))) + 2 if name_size else 0
        extra = max(extra, need - round(w * 0.165))
        # A larger text size: the banner takes the face's whole width inside its border (a
        # name's word is as wide as the type makes it; the picture keeps the margin).
        side = self.border + 1 if name_floor(w) else m
        self.name = pygame.Rect(side, m, w - 2 * side, round(w * 0.165) + extra)
        art_w = w - 2 * m
        art_h = round(art_w * 0.63) - extra
        # A small face at a larger text size shows its name, power and keywords large, and the
        # picture where its rules text was: that text would be unreadably small; the zoom
        # (hover, right-click) and speech give it whole.
        self.rules = not names_only(w)
        if not self.rules:
            kw = max(10, round(w * 0.11)) + max(2, round(w * 0.02)) if n_keywords else 0
            art_h = max(art_h, h - m - kw - self.name.bottom - max(2, round(w * 0.025)) - m)
        self.art = pygame.Rect(m, self.name.bottom + max(2, round(w * 0.025)), art_w, art_h)
        self.badge_r = max(8, round(w * 0.125))
        self.badge_c = (self.art.left + self.badge_r - round(w * 0.02), self.art.top + self.badge_r - round(w * 0.015))
        top = self.art.bottom + max(2, round(w * 0.025))
        if n_keywords:
            self.keywords = pygame.Rect(m, top, w - 2 * m, max(10, round(w * 0.11)))
            top = self.keywords.bottom + max(2, round(w * 0.02))
        else:
            self.keywords = pygame.Rect(m, top, w - 2 * m, 0)
        self.text = pygame.Rect(m, top, w - 2 * m, h - m - top if self.rules else 0)
        # Where the rules text goes, and its font sizes: shrink from the first to the second.
        self.text_inner = self.text.inflate(-2 * max(3, round(w * 0.04)), -max(4, round(w * 0.045)))
        self.text_sizes = (max(7, round(w * 0.066)), max(6, round(w * 0.042)))


def _fields(card: CardLike) -> tuple[str, int, tuple[str, ...], str, str]:
    name = str(getattr(card, "name", "?"))
    power = int(getattr(card, "power", 0) or 0)
    keywords = tuple(str(k) for k in (getattr(card, "keywords", ()) or ()))
    text = str(getattr(card, "text", "") or "").strip()
    trigger = str(getattr(card, "trigger", "") or "")
    return name, power, keywords, text, trigger


def _localized(card: CardLike, lang: str, name: str, text: str) -> tuple[str, str]:
    """The name and rules text shown in ``lang``; pictures and icons keep the English keys."""
    if lang != "de":
        return name, text
    from game.cards.text import card_text
    from game.engine.carddefs import CardDef

    if isinstance(card, CardDef):
        return card.name_de or name, card_text(card, "de")
    return str(getattr(card, "name_de", "") or name), str(getattr(card, "text_de", "") or text)


#: A drawn face's cache key: what the face shows (name, power, keywords, text, trigger), the
#: width, the language and the text scale; a zoom's key begins with "zoom".
FaceKey = tuple[str | int | float | tuple[str, ...], ...]


class CardRenderer:
    """Draws and caches card faces and backs. One instance serves the whole table."""

    max_faces = 600

    def __init__(self) -> None:
        self._faces: dict[FaceKey, pygame.Surface] = {}
        self._backs: dict[int, pygame.Surface] = {}
        # Faces are also drawn ahead in a background thread (game.app): the cache's dict is
        # changed under this lock; the drawing itself needs none (each face is a new surface).
        self._lock = threading.Lock()

    def face(self, card_def: CardLike, width: int, lang: str = "en") -> pygame.Surface:
        """The face of ``card_def`` drawn ``width`` px wide (height = 1.4 x width), cached;
        ``lang`` "de" shows the German name, keywords and rules text."""
        key = (*_fields(card_def), int(width), lang, legible.text_scale())
        with self._lock:
            surf = self._faces.pop(key, None)
        if surf is None:
            surf = _draw_face(card_def, int(width), lang)
            with self._lock:
                # Bounded: a tween that animates the width asks for a new size every frame.
                while len(self._faces) >= self.max_faces:
                    self._faces.pop(next(iter(self._faces)))
        with self._lock:
            self._faces[key] = surf  # (re)inserted last: the dict doubles as an LRU order
        return surf

    def preload(self, card_defs: Iterable[CardLike], widths: Iterable[int], lang: str = "en") -> None:
        """Draw faces ahead of time (e.g. behind a menu) so no frame waits for them later."""
        widths = tuple(widths)
        for d in card_defs:
            for w in widths:
                self.face(d, w, lang)

    def zoom(self, card_def: CardLike, lang: str = "en") -> pygame.Surface:
        """A large face for hover / right-click, where the rules text is fully readable; below it,
        what each keyword means (the face itself has room for that only when it has no text)."""
        face = self.face(card_def, ZOOM_WIDTH, lang)
        notes = zoom_reminders(card_def, lang)
        if not notes:
            return face
        key = ("zoom", lang, legible.text_scale(), *_fields(card_def))
        with self._lock:
            surf = self._faces.get(key)
        if surf is None:
            surf = with_reminders(face, notes)
            with self._lock:
                self._faces[key] = surf
        return surf

    def back(self, width: int) -> pygame.Surface:
        """The face-down back of every card."""
        width = int(width)
        surf = self._backs.get(width)
        if surf is None:
            surf = _draw_back(width)
            self._backs[width] = surf
        return surf

    def clear(self) -> None:
        """Forget cached faces (e.g. after a language switch changed the texts)."""
        with self._lock:
            self._faces.clear()
            self._backs.clear()


# ---------------------------------------------------------------------------------------------
# Face


def _draw_frame(lay: _Layout, accent: RGB) -> pygame.Surface:
    """Card body, name banner, picture slot and text box: shapes only, supersampled."""
    s = _SS
    big = pygame.Surface((lay.w * s, lay.h * s), pygame.SRCALPHA, 32)
    full = big.get_rect()
    pygame.draw.rect(big, INK, full, border_radius=lay.radius * s)
    inner = full.inflate(-2 * lay.border * s, -2 * lay.border * s)
    # Body: the creature's accent colour at the top fading into deep night at the bottom.
    top = _mix(accent, (70, 40, 110), 0.55)
    body = bands.rows(inner.size, [_mix(top, BODY_BOTTOM, y / inner.height) for y in range(inner.height)])
    body.blit(_rounded_mask_big(inner.size, (lay.radius - lay.border) * s), (0, 0),
              special_flags=pygame.BLEND_RGBA_MULT)
    big.blit(body, inner.topleft)
    # A thin gold pinstripe just inside the border.
    pygame.draw.rect(big, (*GOLD, 170), inner.inflate(-2 * s, -2 * s), width=max(1, s),
                     border_radius=(lay.radius - lay.border) * s)

    def box(r: pygame.Rect, fill: RGB, radius: int, edge: RGB = INK, ew: int = 1) -> None:
        rr = pygame.Rect(r.x * s, r.y * s, r.w * s, r.h * s)
        pygame.draw.rect(big, edge, rr.inflate(2 * ew * s, 2 * ew * s), border_radius=(radius + ew) * s)
        pygame.draw.rect(big, fill, rr, border_radius=radius * s)

    rad = max(2, lay.radius // 2)
    box(lay.name, _mix(accent, PAPER, 0.6), rad)
    # soft top highlight on the banner
    hl = pygame.Rect(lay.name.x * s + 3 * s, lay.name.y * s + 2 * s, lay.name.w * s - 6 * s, lay.name.h * s // 3)
    shine = pygame.Surface(hl.size, pygame.SRCALPHA, 32)
    pygame.draw.rect(shine, (255, 255, 255, 80), shine.get_rect(), border_radius=rad * s)
    big.blit(shine, hl.topleft)
    box(lay.art, INK, rad, edge=INK, ew=1)
    if lay.text.h > 0:
        box(lay.text, PAPER, rad, edge=_mix(GOLD, INK, 0.35), ew=1)
    return pygame.transform.smoothscale(big, (lay.w, lay.h))


@lru_cache(maxsize=64)
def _rounded_mask_big(size: tuple[int, int], radius: int) -> pygame.Surface:
    m = pygame.Surface(size, pygame.SRCALPHA, 32)
    pygame.draw.rect(m, (255, 255, 255, 255), m.get_rect(), border_radius=max(0, radius))
    return m


def _name_box(lay: _Layout) -> pygame.Rect:
    # A larger text size: the name takes the banner's whole width.
    return lay.name.inflate(-4 if name_floor(lay.w) else -max(4, lay.w // 20), -2)


def name_lines(name: str, width: int) -> tuple[int, list[str]]:
    """Font size and lines of a card name: one line if it fits at a readable size, else two
    (more at a larger text size: ``_floor_lines``).

    Two lines are split where the longer line is shortest ("Sharky Crab-" / "Dog-Mummypus"),
    which allows the largest type.
    """
    size, lines = _name_lines(name, width, legible.text_scale(), i18n.language())
    return size, list(lines)


@lru_cache(maxsize=1024)
def _name_lines(name: str, width: int, _scale: float, _language: str) -> tuple[int, tuple[str, ...]]:
    """``name_lines`` once per text size and language (a face's layout and drawing both ask)."""
    size, lines = _laid_out_name(name, width)
    return size, tuple(lines)


def _laid_out_name(name: str, width: int) -> tuple[int, list[str]]:
    box_w = _name_box(_Layout(width, 0)).w
    start = max(8, round(width * 0.105))
    minimum = max(7, round(width * 0.08))
    floor = name_floor(width)
    if floor > minimum:  # a larger text size: never below its floor; more lines, then "…"
        # A hand's name never goes below the floor (at 200% the 100% body text) and may take
        # four lines (the picture shrinks); a face that shows only names three; others two,
        # a few sizes below the floor first.
        hand = width >= HAND_FACE_W
        return name_layout.floor_lines(name, box_w, max(start, floor), floor,
                                       floor if hand else round(floor * 0.85),
                                       4 if hand else 3 if names_only(width) else 2)
    size = fonts.fit_size(name, box_w, start, minimum)
    if fonts.text_width(name, size) <= box_w:
        return size, [name]
    splits = [i + 1 for i, ch in enumerate(name) if ch in " -"]
    # One long word ("Schneckenschleuder") breaks at a syllable, with a hyphen.
    hyphenate = not splits
    if hyphenate:
        splits = text_de.hyphenation_points(name)
    if not splits:
        return max(6, fonts.fit_size(name, box_w, start, 6)), [name]

    def parts(i: int) -> list[str]:
        head = name[:i].strip()
        return [head + "-" if hyphenate else head, name[i:].strip()]

    split = min(splits, key=lambda i: max(fonts.text_width(t, start) for t in parts(i)))
    lines = parts(split)
    size = start
    while size > 6 and max(fonts.text_width(t, size) for t in lines) > box_w:
        size -= 1
    return size, lines


def name_floor(width: int) -> int:
    """The least size of a card name on a face ``width`` px wide at the text size: none at 100%
    (the face's own proportions), 9 px times the text scale above it (18 at 200%: as tall as the
    100% body text), on every face smaller than the zoom."""
    scale = legible.text_scale()
    return round(9 * scale) if scale > 1.0 and width < ZOOM_WIDTH else 0


def names_only(width: int) -> bool:
    """A face this wide shows no rules text at the text size (150% and up on a card in a row;
    the played card shown large keeps it)."""
    return legible.text_scale() >= 1.5 and width < 150


def _face_layout(name: str, width: int, n_keywords: int) -> _Layout:
    size, lines = name_lines(name, width)
    return _Layout(width, n_keywords, len(lines), size if name_floor(width) else 0)


def _draw_name(surf: pygame.Surface, lay: _Layout, name: str) -> None:
    box = _name_box(lay)
    size, lines = name_lines(name, lay.w)
    rendered = [fonts.render_text(t, size, INK) for t in lines]
    # tight leading for two-line names, but with a clear gap so the lines never touch
    step = size + max(1, round(size * 0.2))
    total = step * (len(rendered) - 1) + rendered[-1].get_height()
    y = box.centery - total / 2 + 1
    for r in rendered:
        surf.blit(r, r.get_rect(midtop=(box.centerx, round(y))))
        y += step


def _draw_badge(surf: pygame.Surface, lay: _Layout, power: int) -> None:
    """The power in a gold-rimmed gem: the most important number on the card."""
    r = lay.badge_r
    s = 4
    d = (2 * r + 4) * s
    big = pygame.Surface((d, d), pygame.SRCALPHA, 32)
    c = (d // 2, d // 2)
    pygame.draw.circle(big, INK, c, (r + 2) * s)
    pygame.draw.circle(big, GOLD, c, (r + 0.5) * s)
    pygame.draw.circle(big, _mix(GOLD, INK, 0.35), c, (r - 1.5) * s)
    pygame.draw.circle(big, (150, 34, 52), c, (r - 2.2) * s)
    pygame.draw.circle(big, (196, 58, 70), (c[0] - r * s * 0.12, c[1] - r * s * 0.14), (r - 4) * s)
    pygame.draw.ellipse(big, (255, 255, 255, 60),
                        pygame.Rect(c[0] - r * s * 0.55, c[1] - r * s * 0.8, r * s * 1.1, r * s * 0.6))
    gem = pygame.transform.smoothscale(big, (d // s, d // s))
    surf.blit(gem, gem.get_rect(center=lay.badge_c))
    text = str(power)
    size = round(r * (1.25 if len(text) == 1 else 1.0))
    num = fonts.render_outlined(text, size, (255, 250, 236), INK, max(1, r // 9))
    surf.blit(num, num.get_rect(center=(lay.badge_c[0], lay.badge_c[1] + 1)))


def _draw_keywords(surf: pygame.Surface, lay: _Layout, keywords: tuple[str, ...],
                   lang: str = "en") -> None:
    box = lay.keywords
    if not keywords or box.h <= 0:
        return
    icon = box.h
    pad = max(2, icon // 5)
    gap = max(3, icon // 3)

    def label(k: str) -> str:
        return text_de.KEYWORDS_DE.get(k, k) if lang == "de" else k

    def chip_w(k: str, words: bool) -> int:
        return icon + (pad + fonts.text_width(label(k), size) + pad * 2 if words else 0)

    def row_w(words: bool) -> int:
        return sum(chip_w(k, words) for k in keywords) + gap * (len(keywords) - 1)

    # Words if they fit at a readable size, else icons alone (the zoom always has room).
    size = max(7, round(box.h * 0.62))
    while size > max(7, round(box.h * 0.45)) and row_w(True) > box.w:
        size -= 1
    words = row_w(True) <= box.w
    x = box.centerx - row_w(words) / 2
    for k in keywords:
        w = chip_w(k, words)
        if words:
            chip = pygame.Rect(round(x + icon / 2), box.y + round(icon * 0.12), w - icon // 2, icon - round(icon * 0.24))
            col = icons.KEYWORD_COLORS.get(k, (110, 110, 120))
            pygame.draw.rect(surf, INK, chip.inflate(2, 2), border_radius=chip.h // 2)
            pygame.draw.rect(surf, _mix(col, INK, 0.15), chip, border_radius=chip.h // 2)
            words_img = fonts.render_text(label(k), size, (255, 250, 240))
            surf.blit(words_img, words_img.get_rect(midleft=(round(x + icon + pad), chip.centery)))
        ic = icons.keyword_icon(k, icon)
        surf.blit(ic, (round(x), box.y))
        x += w + gap


def _rules_text(text: str, keywords: tuple[str, ...], short: bool = True,
               lang: str = "en") -> tuple[str, bool]:
    """What the text box says, and whether it is a reminder (drawn in italics).

    A creature without rules text explains its keywords instead, in the short reminders: the
    same words on the table's card and on the zoom's face (issue 28); the zoom explains each
    keyword in full below the face (``zoom_reminders``).
    """
    if text:
        return text, False
    if lang == "de":
        table = text_de.KEYWORD_SHORT_DE if short else text_de.KEYWORD_REMINDERS_DE
        reminders = [f"{text_de.KEYWORDS_DE[k]}: {table[k]}" for k in keywords if k in table]
        return "\n".join(reminders), True
    table = card_text.KEYWORD_SHORT if short else card_text.KEYWORD_REMINDERS
    reminders = [f"{k}: {table[k]}" for k in keywords if k in table]
    return "\n".join(reminders), True


def zoom_reminders(card: CardLike, lang: str = "en") -> list[tuple[str, str]]:
    """(keyword, reminder) pairs the zoom adds under the face, in ``lang``: each keyword's full
    meaning (the face itself gives only the short words, or none when it has rules text)."""
    _name, _power, keywords, _text, _trigger = _fields(card)
    if lang == "de":
        return [(text_de.KEYWORDS_DE[k], text_de.KEYWORD_REMINDERS_DE[k]) for k in keywords
                if k in text_de.KEYWORD_REMINDERS_DE]
    return [(k, card_text.KEYWORD_REMINDERS[k]) for k in keywords if k in card_text.KEYWORD_REMINDERS]


def layout_text(text: str, width: int, height: int, start: int, minimum: int,
                italic: bool = False) -> tuple[int, list[str]]:
    """The largest font size in [minimum, start] at which ``text`` wraps into the box.

    At ``minimum`` it may still not fit: the last line that fits then ends with "...".
    """
    size = start
    while True:
        fnt = fonts.font(size, italic=italic)
        lines = fonts.wrap(text, fnt, width)
        if len(lines) * fnt.get_linesize() <= height or size <= minimum:
            break
        size -= 1
    fnt = fonts.font(size, italic=italic)
    fit = max(1, height // fnt.get_linesize())
    if len(lines) > fit:
        lines = lines[:fit]
        last = lines[-1]
        while last and fonts.text_width(last + "...", size, italic=italic) > width:
            last = last[:-1]
        lines[-1] = last.rstrip() + "..."
    return size, lines


def text_lines(card: CardLike, width: int, lang: str = "en") -> tuple[str, int, list[str]]:
    """What a face ``width`` px wide prints in its text box: the full text, the font size and
    the wrapped lines (a check that long words fit: none split, no "..." at the end)."""
    name, _power, keywords, text, _trigger = _fields(card)
    shown_name, text = _localized(card, lang, name, text)
    lay = _face_layout(shown_name, width, len(keywords))
    body, italic = _rules_text(text, keywords, lang=lang)
    if not body or not lay.rules:
        return "", 0, []
    box = lay.text_inner
    size, lines = layout_text(body, box.w, box.h, *lay.text_sizes, italic)
    return body, size, lines


def _draw_text(surf: pygame.Surface, lay: _Layout, text: str, keywords: tuple[str, ...],
               lang: str = "en") -> None:
    body, italic = _rules_text(text, keywords, lang=lang)
    box = lay.text_inner
    if not body:
        body = text_de.NO_ABILITY_DE if lang == "de" else "No ability: just raw power."
        italic = True
    size, lines = layout_text(body, box.w, box.h, *lay.text_sizes, italic)
    fnt = fonts.font(size, italic=italic)
    line_h = fnt.get_linesize()
    y = box.y + max(0, (box.h - line_h * len(lines)) // 2)
    prefix = _trigger_prefix(body)
    colour = (90, 76, 96) if italic else TEXT_INK
    for i, line in enumerate(lines):
        x = box.x
        if i == 0 and prefix and line.startswith(prefix):
            # The trigger word ("Play:", "Attack:") in its own colour, so it reads first.
            head = fonts.render_text(prefix, size, TRIGGER_INK, italic=italic)
            surf.blit(head, (x, y))
            x += head.get_width()
            line = line[len(prefix):]
        surf.blit(fonts.render_text(line, size, colour, italic=italic), (x, y))
        y += line_h


def _trigger_prefix(text: str) -> str:
    head, sep, _ = text.partition(":")
    if sep and 0 < len(head) <= 14 and " " not in head.strip():
        return head + sep
    return ""


def _draw_face(card: CardLike, width: int, lang: str = "en") -> pygame.Surface:
    name, power, keywords, text, _trigger = _fields(card)
    shown_name, text = _localized(card, lang, name, text)
    lay = _face_layout(shown_name, width, len(keywords))
    accent = art.palette_accent(name)
    surf = _draw_frame(lay, accent)
    picture = art.creature_art(card, lay.art.w, lay.art.h)
    surf.blit(_clip_rounded(picture, max(2, lay.radius // 2)), lay.art.topleft)
    _draw_name(surf, lay, shown_name)
    _draw_badge(surf, lay, power)
    _draw_keywords(surf, lay, keywords, lang)
    if lay.rules:
        _draw_text(surf, lay, text, keywords, lang)
    return surf


# ---------------------------------------------------------------------------------------------
# Back


def _draw_back(width: int) -> pygame.Surface:
    """Deep purple with gold rays, a ring and the Mindbug bug in the middle."""
    w, h = card_size(width)
    s = _SS
    big = pygame.Surface((w * s, h * s), pygame.SRCALPHA, 32)
    radius = max(3, round(w * 0.07))
    border = max(2, round(w * 0.028))
    full = big.get_rect()
    pygame.draw.rect(big, INK, full, border_radius=radius * s)
    inner = full.inflate(-2 * border * s, -2 * border * s)
    cx, cy = inner.w / 2, inner.h / 2
    top, bottom = (92, 44, 140), (34, 18, 64)
    body = bands.rows(inner.size, [_mix(top, bottom, abs(y - cy) / cy) for y in range(inner.h)])
    rays = pygame.Surface(inner.size, pygame.SRCALPHA, 32)
    reach = inner.h
    for i in range(24):
        a0 = 2 * math.pi * i / 24
        a1 = a0 + math.pi / 24
        pts = [(cx, cy), (cx + reach * math.cos(a0), cy + reach * math.sin(a0)),
               (cx + reach * math.cos(a1), cy + reach * math.sin(a1))]
        pygame.draw.polygon(rays, (255, 220, 140, 28), pts)
    body.blit(rays, (0, 0))
    ring_r = inner.w * 0.36
    pygame.draw.circle(body, (*GOLD, 255), (cx, cy), ring_r + 3 * s)
    pygame.draw.circle(body, (48, 24, 84), (cx, cy), ring_r)
    for k in range(3):  # inner concentric hairlines
        pygame.draw.circle(body, (*GOLD, 90), (cx, cy), ring_r * (0.82 - 0.12 * k), max(1, s))
    body.blit(_rounded_mask_big(inner.size, (radius - border) * s), (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
    big.blit(body, inner.topleft)
    pygame.draw.rect(big, GOLD, inner.inflate(-4 * s, -4 * s), width=max(1, s),
                     border_radius=max(1, radius - border - 2) * s)
    corner = round(w * 0.06) * s
    for dx, dy in ((1, 1), (-1, 1), (1, -1), (-1, -1)):
        corner_x = inner.centerx + dx * (inner.w / 2 - corner * 1.6)
        corner_y = inner.centery + dy * (inner.h / 2 - corner * 1.6)
        pygame.draw.polygon(big, GOLD, [(corner_x, corner_y - corner * 0.7), (corner_x + corner * 0.7, corner_y),
                                         (corner_x, corner_y + corner * 0.7), (corner_x - corner * 0.7, corner_y)])
    out = pygame.transform.smoothscale(big, (w, h))
    bug = icons.mindbug_token(round(w * 0.62))
    out.blit(bug, bug.get_rect(center=(w / 2, h / 2)))
    if w >= 70:
        title = fonts.render_outlined("MINDBUG", max(7, round(w * 0.11)), GOLD, INK, max(1, w // 80))
        out.blit(title, title.get_rect(center=(w / 2, h * 0.85)))
        sub = fonts.render_outlined("FIRST CONTACT", max(6, round(w * 0.055)), (220, 200, 240), INK, 1)
        out.blit(sub, sub.get_rect(center=(w / 2, h * 0.15)))
    return out
