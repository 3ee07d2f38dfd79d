"""Card faces, backs, creature art, icons and fonts, rendered headless."""

from __future__ import annotations

from dataclasses import dataclass, replace  # noqa: E402

import pygame  # noqa: E402
import pytest  # noqa: E402

from game.cards import load_cards  # noqa: E402
from game.cards import text as card_text
from game.ui.cards import art
from game.ui.cards.cardface import (
    TABLE_WIDTH,
    ZOOM_WIDTH,
    CardRenderer,
    _Layout,
    _rules_text,
    card_size,
    layout_text,
    name_lines,
)
from game.ui.kit import fonts, icons  # noqa: E402

LONG = (
    "Attack: Has Hunter while any enemy creature has Hunter; same separately for Sneaky, Frenzy "
    "and Poisonous (never copies Tough). Copies granted and conditional keywords too, and then "
    "some more words so that even the zoomed card has to shrink its font to fit all of this."
)


@dataclass(frozen=True)
class StandIn:
    """Only the CardDef fields a face needs: the renderer must not want more."""

    name: str
    power: int
    keywords: tuple[str, ...] = ()
    text: str = ""
    trigger: str | None = None
    name_de: str = ""
    copies: int = 1
    index: int = 0


@pytest.fixture(scope="module", autouse=True)
def _pygame():
    pygame.init()
    yield


@pytest.fixture(scope="module")
def defs():
    return list(load_cards().defs)


@pytest.fixture(scope="module")
def renderer():
    return CardRenderer()


def _opaque_fraction(surf: pygame.Surface) -> float:
    mask = pygame.mask.from_surface(surf, 127)
    return mask.count() / (surf.get_width() * surf.get_height())


@pytest.mark.parametrize("width", [TABLE_WIDTH, ZOOM_WIDTH, 64])
def test_every_card_renders_at_its_size(defs, renderer, width):
    assert len(defs) == 32
    for d in defs:
        face = renderer.face(d, width)
        assert face.get_size() == card_size(width)
        assert face.get_flags() & pygame.SRCALPHA
        # rounded corners are transparent, the middle is solid
        assert face.get_at((0, 0)).a == 0
        assert face.get_at((width // 2, face.get_height() // 2)).a == 255


def test_zoom_is_large_and_faces_are_cached(defs, renderer):
    d = defs[0]
    renderer.preload(defs[:3], (TABLE_WIDTH, 92))
    assert renderer.face(defs[2], 92) is renderer.face(defs[2], 92)
    assert renderer.zoom(d).get_width() == ZOOM_WIDTH
    assert renderer.face(d, TABLE_WIDTH) is renderer.face(d, TABLE_WIDTH)


def test_faces_and_pictures_differ_between_cards(defs, renderer):
    faces = {pygame.image.tobytes(renderer.face(d, TABLE_WIDTH), "RGBA") for d in defs}
    assert len(faces) == len(defs)
    # the pictures alone differ clearly, not by a pixel or two
    pics = [art.creature_art(d, 80, 56) for d in defs]
    for i, a in enumerate(pics):
        for b in pics[i + 1:]:
            assert _mean_abs_diff(a, b) > 12


def _mean_abs_diff(a: pygame.Surface, b: pygame.Surface) -> float:
    ba, bb = pygame.image.tobytes(a, "RGB"), pygame.image.tobytes(b, "RGB")
    step = 7  # a sample of the pixels is plenty and keeps the test fast
    total = sum(abs(ba[i] - bb[i]) for i in range(0, len(ba), step))
    return total / (len(ba) / step)


def test_art_is_deterministic_and_works_for_unknown_creatures():
    a = pygame.image.tobytes(art.creature_art("Spider Owl", 90, 63), "RGBA")
    art._render.cache_clear()
    b = pygame.image.tobytes(art.creature_art("Spider Owl", 90, 63), "RGBA")
    assert a == b
    odd = art.creature_art(StandIn("Quantum Wombat", 3, ("Frenzy", "Glorious")), 90, 63)
    assert odd.get_size() == (90, 63)


def test_keywords_change_the_picture():
    plain = StandIn("Killer Bee", 5)
    hunter = StandIn("Killer Bee", 5, ("Hunter",))
    a = pygame.image.tobytes(art.creature_art(plain, 90, 63), "RGB")
    b = pygame.image.tobytes(art.creature_art(hunter, 90, 63), "RGB")
    assert a != b


@pytest.mark.parametrize("width", [TABLE_WIDTH, ZOOM_WIDTH])
def test_text_fits_inside_its_box(defs, width):
    for d in [*defs, StandIn("Long Winded", 5, ("Hunter",), LONG)]:
        lay = _Layout(width, len(d.keywords))
        box = lay.text_inner
        start, minimum = lay.text_sizes
        size, lines = layout_text(d.text or "x", box.w, box.h, start, minimum)
        assert lay.text.contains(box)
        assert minimum <= size <= start
        assert len(lines) * fonts.font(size).get_linesize() <= box.h
        for line in lines:
            assert fonts.render_text(line, size).get_width() <= box.w, (d.name, line)
    # the layout stays inside the card
    for width in (TABLE_WIDTH, ZOOM_WIDTH):
        for n in (0, 1, 2):
            lay = _Layout(width, n)
            card = pygame.Rect(0, 0, *card_size(width))
            for r in (lay.name, lay.art, lay.keywords, lay.text):
                assert card.contains(r)
            assert lay.text.h > width * 0.2


@pytest.mark.parametrize("width", [92, TABLE_WIDTH, ZOOM_WIDTH])
def test_the_whole_text_of_every_card_fits_at_table_and_zoom_size(defs, width):
    for d in defs:
        lay = _Layout(width, len(d.keywords), len(name_lines(d.name, width)[1]))
        body, italic = _rules_text(d.text, d.keywords, short=width < 200)
        if not body:
            continue
        size, lines = layout_text(body, lay.text_inner.w, lay.text_inner.h, *lay.text_sizes, italic)
        assert not lines[-1].endswith("..."), (width, d.name)
        if width == ZOOM_WIDTH:
            assert size >= 13, d.name  # comfortably readable when zoomed


def test_overlong_text_is_cut_with_an_ellipsis_not_spilled():
    size, lines = layout_text(LONG * 3, 80, 30, 8, 6)
    assert size == 6
    assert lines[-1].endswith("...")
    assert all(fonts.text_width(t, size) <= 80 for t in lines)


def test_stand_in_objects_and_odd_values_render(renderer):
    cards = [
        StandIn("Sharky Crab-Dog-Mummypus", 5, (), LONG),
        StandIn("A Creature With An Extraordinarily Long Name Indeed", 10, ("Tough", "Poisonous")),
        StandIn("Nameless", 0, ("Frenzy", "Hunter", "Sneaky")),
        StandIn("X", 12, ("Mystery",), "Play: something."),
    ]
    for c in cards:
        for w in (TABLE_WIDTH, ZOOM_WIDTH):
            assert renderer.face(c, w).get_size() == card_size(w)


def test_same_name_different_text_is_a_different_face(renderer, defs):
    d = defs[1]
    other = replace(d, text="Play: Something else entirely.")
    assert renderer.face(d, TABLE_WIDTH) is not renderer.face(other, TABLE_WIDTH)


def test_back_renders_with_transparent_corners(renderer):
    for w in (TABLE_WIDTH, ZOOM_WIDTH, 40):
        back = renderer.back(w)
        assert back.get_size() == card_size(w)
        assert back.get_at((0, 0)).a == 0
        assert _opaque_fraction(back) > 0.95
    assert renderer.back(TABLE_WIDTH) is renderer.back(TABLE_WIDTH)


def test_icons():
    seen = set()
    for k in icons.KEYWORDS:
        surf = icons.keyword_icon(k, 24)
        assert surf.get_size() == (24, 24)
        assert surf.get_at((0, 0)).a == 0 and surf.get_at((12, 12)).a == 255
        seen.add(pygame.image.tobytes(surf, "RGBA"))
    assert len(seen) == len(icons.KEYWORDS)
    assert icons.keyword_icon("Unheard", 20).get_size() == (20, 20)
    ready, spent = icons.mindbug_token(32), icons.mindbug_token(32, spent=True)
    assert pygame.image.tobytes(ready, "RGBA") != pygame.image.tobytes(spent, "RGBA")
    assert icons.heart(30).get_size() == (30, 30)


def test_fonts_wrap_and_render():
    f = fonts.font(12)
    assert f is fonts.font(12)
    lines = fonts.wrap("one two three four five six seven eight nine ten", f, 60)
    assert len(lines) > 1
    assert all(fonts.text_width(t, 12) <= 60 for t in lines)
    # a word longer than the box is broken rather than spilled
    assert all(fonts.text_width(t, 12) <= 30 for t in fonts.wrap("Supercalifragilistic", f, 30))
    assert fonts.wrap("a\nb", f, 100) == ["a", "b"]
    assert fonts.render_text("Hi", 12) is fonts.render_text("Hi", 12)
    assert fonts.render_text("Hi", 12, pygame.Color(200, 10, 10)).get_width() > 0  # Color is unhashable
    assert fonts.render_outlined("7", 30, (255, 255, 255), (0, 0, 0), 2).get_width() > 0
    assert fonts.fit_size("Mysterious Mermaid", 60, 20, 6) < 20


def test_empty_text_renders_without_crashing():
    # pygame's smoothscale segfaults on 0-wide surfaces: render_text must never hand it one
    for size in (6, 12, 20, 30):
        assert fonts.render_text("", size).get_width() == 0


def test_face_cache_is_bounded(defs):
    r = CardRenderer()
    r.max_faces = 5
    for w in range(60, 72):
        r.face(defs[0], w)
    assert len(r._faces) <= 5
    assert r.face(defs[0], 71) is r.face(defs[0], 71)


@pytest.mark.parametrize("keyword", ["Hunter", "Sneaky", "Frenzy", "Tough", "Poisonous"])
def test_zoom_explains_keywords_of_cards_with_other_text(defs, renderer, keyword):
    from game.ui.cards.cardface import ZOOM_WIDTH, zoom_reminders

    with_text = [d for d in defs if keyword in d.keywords and d.text]
    assert with_text, f"no card with {keyword} and rules text"
    for d in with_text:
        assert (keyword, card_text.KEYWORD_REMINDERS[keyword]) in zoom_reminders(d)
        # the reminder strip sits under the face: the zoom is taller than the face alone
        assert renderer.zoom(d).get_height() > renderer.face(d, ZOOM_WIDTH).get_height() + 30


@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_keyword_reminder_reads_the_same_on_the_card_and_in_the_zoom(defs, renderer, lang):
    # issue 28: a creature with no rules text explains its keywords on its face; the table's
    # card and the zoom's face say the same words, and the zoom explains each one below.
    from game.ui.cards.cardface import TABLE_WIDTH, ZOOM_WIDTH, text_lines

    plain = [d for d in defs if d.keywords and not d.text]
    assert plain
    for d in plain:
        on_table, in_zoom = text_lines(d, TABLE_WIDTH, lang)[0], text_lines(d, ZOOM_WIDTH, lang)[0]
        assert on_table == in_zoom, (d.name, on_table, in_zoom)
        assert renderer.zoom(d, lang).get_height() > renderer.face(d, ZOOM_WIDTH, lang).get_height() + 30


def test_the_german_zoom_explains_keywords_too(defs, renderer):
    from game.cards.text_de import KEYWORD_REMINDERS_DE, KEYWORDS_DE
    from game.ui.cards.cardface import ZOOM_WIDTH, zoom_reminders

    d = next(d for d in defs if d.keywords and d.text)
    k = d.keywords[0]
    assert (KEYWORDS_DE[k], KEYWORD_REMINDERS_DE[k]) in zoom_reminders(d, "de")
    assert renderer.zoom(d, "de").get_height() > renderer.face(d, ZOOM_WIDTH, "de").get_height() + 30
