"""The Settings' text size (issue 25, item 4): 100% to 200%, apart from the window's size.

At 100% no text on the 1280x720 screen is smaller than 16 px; at 150% none is smaller than 24,
at 200% none smaller than 32, and at every size nothing is cut off or overlaps: every screen,
the 1v1 table (crowded, a decision, the Mindbug offer) and the 2v2 table, in 960x540 and
1920x1080 windows (a window of 1280x720 or larger draws the same screen; 960x540 raises the
smallest size to 18 px at 100%). The checks are test_layout_overlap's (its Recorder).
"""

from __future__ import annotations

import math
from dataclasses import replace

import pytest

from game.common.i18n import _ as translated
from game.engine import from_position
from game.ui.core.match_config import MatchConfig
from game.ui.kit import legible
from game.ui.match.scene import MatchScene
from game.ui.table import layout
from tests.support.layout_check import (
    CARD_TEXT,
    DB,
    Recorder,
    _four_panels,
    _other_scene_problems,
    _settle_on_person,
    _table_panels,
    crowded_game,
    cut_labels,  # noqa: F401
    draw,
    four_table_scene,
    problems,
    too_small,
)


@pytest.fixture
def app(layout_app):
    """The window of the layout checks, in English and German (tests/ui/conftest.py)."""
    return layout_app


#: (text size in per cent, window scale): 0.75 is a 960x540 window, 1.5 a 1920x1080 one.
SIZES = [(100, 0.75), (100, 1.5), (125, 1.0), (150, 0.75), (150, 1.5), (175, 1.0), (200, 0.75), (200, 1.5)]


@pytest.fixture
def text_size(request):
    legible.set_text_scale(request.param)
    yield request.param
    legible.set_text_scale(100)




def _window(monkeypatch, window_scale: float) -> None:
    from game.ui.core.context import AppContext

    monkeypatch.setattr(AppContext, "window_scale", property(lambda self: window_scale))


def test_the_text_size_raises_the_smallest_size_and_keeps_headings():
    """legible: 16 px at 100% (more in a small window), 32 at 200%; larger text keeps its size,
    and asking twice gives the same size."""
    try:
        assert legible.legible(12) == 16 and legible.legible(12, 0.75) == 18 and legible.legible(40) == 40
        legible.set_text_scale(200)
        assert legible.legible(12) == 32 and legible.legible(12, 0.75) == 32 and legible.legible(46) == 46
        assert legible.legible(legible.legible(20, 0.75), 0.75) == legible.legible(20, 0.75)
        legible.set_text_scale(150)
        assert legible.legible(16, 1.5) == 24 and legible.enlarged(20) and not legible.enlarged(30)
    finally:
        legible.set_text_scale(100)


@pytest.mark.parametrize(("text_size", "window_scale"), SIZES, indirect=["text_size"])
def test_every_screen_fits_at_every_text_size(app, monkeypatch, text_size, window_scale):
    """Every screen beside the table (and the tables the other-scene walk opens): no text below
    the size's smallest, none cut off or over another, no button label cut."""
    from game.common import i18n

    if text_size in (125, 175) and i18n.language() == "en":  # the suite's time: German is the stricter
        pytest.skip("125% and 175% are walked in German (longer words); English at 100/150/200%")
    sizes: list[int] = []

    def check(rec: Recorder) -> list[str]:
        sizes.extend(size for size, module in rec.sizes if module not in CARD_TEXT)
        return cut_labels(rec)

    found = _other_scene_problems(app, monkeypatch, window_scale, check)
    assert not found, "\n".join(found)
    # The figure (pytest -s prints it): the smallest text drawn on any screen, card faces aside.
    least = min(sizes)
    print(f"\nsmallest text at {text_size}% in a {round(1280 * window_scale)}x{round(720 * window_scale)} "
          f"window: {least} px on the 1280x720 screen, {least * window_scale:.1f} px on screen")
    assert least >= math.ceil(16 * text_size / 100 - 1e-9)


def _buttons_over_cards(scene, zones=("play",)) -> list[str]:
    """The decision's buttons over a card on the table, or in your hand (as last drawn)."""
    return [f"the button {b.text!r} at {b.rect} covers {scene.card_name(sp.cid)} at {sp.rect()}"
            for b in scene.row.buttons for sp in scene.sprites.values()
            if sp.zone in zones and sp.rect().colliderect(b.rect)]


def _person_table(app, g, names=("You", "Computer (Medium)")) -> MatchScene:
    scene = MatchScene(app.ctx, MatchConfig(mode="ai", ai_level="random", names=names, seed=1), game=g)
    app.ctx.scenes.replace(scene)
    _settle_on_person(app, scene)
    return scene


@pytest.mark.parametrize(("text_size", "window_scale"), SIZES, indirect=["text_size"])
def test_the_1v1_table_fits_at_every_text_size(app, monkeypatch, text_size, window_scale):
    """1v1: a crowded table with a long log, a block and the Mindbug offer."""
    _window(monkeypatch, window_scale)
    found = []
    scene = _person_table(app, crowded_game())
    for i in range(40):
        scene.table.log_line(f"Turn {i}: Sharky Crab-Dog-Mummypus attacks and Gorillion blocks it.")
    # Words over the rightmost card (Frenzy's second attack, ux-04): on the table, off the log.
    from game.ui.kit import fonts
    from game.ui.table import render

    right = max((sp for sp in scene.sprites.values() if sp.zone == "play"), key=lambda sp: sp.x)
    words = render.floater_text(translated("Frenzy: second attack!"))
    at = render.floater_rect(fonts.render_outlined(words, 40, (255, 200, 0), (0, 0, 0), 2, bold=True).get_size(),
                             (int(right.x), int(right.y) - 30))
    found += [f"the floating {words!r} at {at} crosses {p}" for p in _table_panels() if at.colliderect(p)]
    rec = draw(app)
    found += [f"crowded: {p}" for p in too_small(rec, window_scale) + problems(rec, _table_panels()) + cut_labels(rec)]
    frame = scene.frame
    for seat in (0, 1):  # "Thinking..." under either name
        monkeypatch.setattr(scene, "frame", lambda seat=seat: replace(frame(), thinking=seat))
        rec = draw(app)
        found += [f"thinking: {p}" for p in too_small(rec, window_scale) + problems(rec, _table_panels())]
    monkeypatch.setattr(scene, "frame", frame)
    g = from_position(DB, [{"hand": ["Killer Bee"], "play": ["Bee Bear", "Spider Owl"], "deck": []},
                           {"hand": [], "play": ["Gorillion"], "deck": []}], turn=1)
    g.respond(g.option_for("attack Gorillion"))
    scene = _person_table(app, g)
    rec = draw(app)
    found += [f"block: {p}" for p in too_small(rec, window_scale) + problems(rec, _table_panels()) + cut_labels(rec)]
    found += [f"block: {p}" for p in _buttons_over_cards(scene)]
    # A lone blocker is a button too: beside "Don't block (lose 1 life)" wider than the table at 200%.
    g = from_position(DB, [{"hand": ["Killer Bee"], "play": ["Giraffodile"], "deck": []},
                           {"hand": [], "play": ["Rhino Turtle"], "deck": []}], turn=1)
    g.respond(g.option_for("attack Rhino Turtle"))
    scene = _person_table(app, g)
    rec = draw(app)
    found += [f"lone blocker: {p}" for p in too_small(rec, window_scale) + problems(rec, _table_panels())
              + cut_labels(rec)]
    found += [f"lone blocker: the button {b.rect} leaves the table" for b in scene.row.buttons
              if b.rect.left < layout.TABLE_X0 or b.rect.right > layout.TABLE_X1]
    # Your turn with your creatures out and a hand card picked: the gold "Play ..." (issue 42:
    # it covered your own creature at 200% in a 960x540 window).
    g = from_position(DB, [{"hand": ["Killer Bee", "Tiger Squirrel"], "deck": [],
                            "play": ["Gorillion", "Bee Bear", "Spider Owl"]},
                           {"hand": ["Turbo Bug"], "deck": [], "play": ["Luchataur", "Shark Dog"]}], turn=0)
    scene = _person_table(app, g)
    scene.select(next(c for c in scene.choices if c.option.verb == "play"))  # clicked: picked up
    for _step in range(30):
        app.step()
    draw(app)
    found += [f"play: {p}" for p in _buttons_over_cards(scene, ("play", "hand"))]
    # The Mindbug offer with creatures on both sides: the prompt is lines, not a column of a word
    # or two (issue 42), and neither it nor its buttons cover a creature or the hand.
    g = from_position(DB, [{"hand": ["Killer Bee"], "deck": [], "play": ["Gorillion", "Bee Bear", "Spider Owl",
                                                                           "Shark Dog", "Lone Yeti"]},
                           {"hand": ["Sharky Crab-Dog-Mummypus"], "deck": [], "play": ["Turbo Bug", "Luchataur"]}],
                      turn=1)
    g.respond(g.pending.options[0])
    scene = _person_table(app, g)
    rec = draw(app)
    found += [f"mindbug: {p}" for p in too_small(rec, window_scale) + problems(rec, _table_panels()) + cut_labels(rec)]
    covers = [(f"the prompt {scene.prompt_rect}", scene.prompt_rect.inflate(0, -4))]
    covers += [(f"the button {b.text!r}", b.rect) for b in scene.row.buttons]
    found += [f"mindbug: {what} covers {scene.card_name(sp.cid)} at {sp.rect()}"
              for what, r in covers for sp in scene.sprites.values()
              if sp.zone in ("play", "hand") and sp.rect().colliderect(r)]
    if scene.prompt_rect.w < 400:
        found.append(f"mindbug: the prompt is a column {scene.prompt_rect.w} px wide")
    assert not found, "\n".join(sorted(set(found)))


@pytest.mark.parametrize(("text_size", "window_scale"), SIZES, indirect=["text_size"])
@pytest.mark.parametrize("table", ["crowded", "eliminated", "mindbug"])
def test_the_2v2_table_fits_at_every_text_size(app, monkeypatch, table, text_size, window_scale):
    """2v2: the crowded table, eliminated seats (an opponent's attack: the prompt's lines reach
    the side rows at 150%/200%, the attacker's tag goes on its card's upper edge) and the Mindbug
    offer coming round."""
    scene, _d = four_table_scene(app, monkeypatch, table, window_scale)
    rec = draw(app)
    found = too_small(rec, window_scale) + problems(rec, _four_panels()) + cut_labels(rec)
    for sp in scene.sprites.values():
        if sp.zone == "play" or (sp.zone == "hand" and sp.seat == scene.bottom):
            found += [f"card {scene.card_name(sp.cid)} at {sp.rect()} is over the panel {p}"
                      for p in _four_panels() if sp.rect().colliderect(p)]
    assert not found, "\n".join(sorted(set(found)))


@pytest.mark.parametrize("text_size", [100], indirect=True)
def test_the_settings_row_changes_the_text_size_at_once(app, monkeypatch, text_size):
    """Settings, Display, Text size: each press takes the next size (100% to 200%, round) and
    applies it at once; the title under Settings lays itself out again for it, no restart."""
    from game.ui.screens.settings import SettingsScene
    from game.ui.screens.title import TitleScene

    _window(monkeypatch, 1.0)
    app.ctx.scenes.replace(TitleScene(app.ctx))
    settings = SettingsScene(app.ctx)
    app.ctx.scenes.push(settings)
    row = settings.open_row("Text size")
    seen = []
    for _ in range(5):
        settings.row.buttons[row].action()
        seen.append((app.ctx.settings.text_scale, legible.text_scale(), settings.row.buttons[row].text))
    assert seen == [(125, 1.25, "125%"), (150, 1.5, "150%"), (175, 1.75, "175%"), (200, 2.0, "200%"),
                    (100, 1.0, "100%")]
    for _ in range(4):
        settings.row.buttons[row].action()
    rec = draw(app)
    assert not too_small(rec, 1.0) + problems(rec) + cut_labels(rec)
    app.ctx.scenes.pop()
    rec = draw(app)
    found = too_small(rec, 1.0) + problems(rec) + cut_labels(rec)
    assert not found, "\n".join(found)


@pytest.mark.parametrize("text_size", [100, 150, 200], indirect=True)
def test_a_full_slider_keeps_its_knob_clear_of_its_value(app, text_size):
    """At 100% volume the knob ends before "100 %" begins, at every text size."""
    import pygame

    from game.ui.kit import widgets

    slider = widgets.VolumeSlider(pygame.Rect(700, 300, 420, 50), 1.0, lambda v: None)
    rec = Recorder()
    slider.draw(rec)
    value = next(r for text, r in rec.texts if text.startswith("100"))
    assert slider.track().right + 11 < value.left


@pytest.mark.parametrize("text_size", [200], indirect=True)
def test_the_replay_viewers_log_title_is_whole_at_200_percent(app, text_size):
    """The log panel cuts a title that does not fit at its smallest size (hud.log_panel);
    German "Wiederholung" did, so the panel has its own word."""
    from game.common.i18n import pgettext
    from game.ui.kit import fonts

    title = pgettext("log panel title", "Replay")
    for window_scale in (0.75, 1.0, 1.5):
        smallest = legible.legible(11, window_scale)
        assert fonts.text_width(title, smallest, bold=True) <= layout.LOG_PANEL[2] - 24, title


@pytest.mark.parametrize(("text_size", "window_scale"), [(100, 0.75), (150, 0.75), (150, 1.5), (200, 0.75), (200, 1.5)],
                         indirect=["text_size"])
def test_the_replay_viewer_fits_at_every_text_size(app, monkeypatch, text_size, window_scale):
    """The replay viewer at its start and at the Mindbug moment (a played card shown large):
    no step button over the prompt, the card or a creature (access-02, access-03), no text cut
    or over another, no break inside a word."""
    from game.ui.records.viewer import ReplayScene
    from tests.support.layout_check import _finished_record, _replay_problems

    _window(monkeypatch, window_scale)
    app.step()
    viewer = ReplayScene(app.ctx, _finished_record())
    app.ctx.scenes.replace(viewer)
    app.step()
    found = [f"the start: {p}" for p in _replay_problems(viewer, draw(app), window_scale)]
    for _step in range(400):
        app.step()
        if viewer.table.model.stage is not None and not viewer.animating:
            break
        if not viewer.animating:
            viewer.step_event()
    assert viewer.table.model.stage is not None
    rec = draw(app)
    found += [f"the Mindbug moment: {p}" for p in _replay_problems(viewer, rec, window_scale)]
    prompt = viewer.painter.prompt_rect
    found += [f"the Mindbug moment: the button {b.text!r} at {b.rect} covers the prompt {prompt}"
              for b in viewer.buttons if prompt is not None and b.rect.colliderect(prompt)]
    assert not found, "\n".join(dict.fromkeys(found))


def test_the_settings_stay_under_the_pointer(app, monkeypatch):
    """Finding 11: a click on Text size or Language changes words, never where a tab, a row or
    Done is; at 200% the tabs stay one row."""
    from game.common import i18n
    from game.ui.screens.settings import SettingsScene

    _window(monkeypatch, 0.75)
    places = {}
    try:
        for language in ("en", "de"):
            i18n.set_language(language)
            for size in (100, 125, 150, 175, 200):
                legible.set_text_scale(size)
                for page in range(len(SettingsScene(app.ctx).pages)):
                    settings = SettingsScene(app.ctx)
                    settings.show_page(page)
                    places.setdefault(page, set()).add(tuple(tuple(b.rect) for b in settings.row.buttons))
    finally:
        legible.set_text_scale(100)
        i18n.set_language("en")
    moved = {page: len(rects) for page, rects in places.items() if len(rects) > 1}
    assert not moved, f"the buttons move with the text size or the language on the pages {moved}"
    settings = SettingsScene(app.ctx)
    tabs = [b.rect for b in settings.row.buttons[len(settings.rows):-1]]
    assert len({r.y for r in tabs}) == 1, tabs


@pytest.mark.parametrize("text_size", [150, 175, 200], indirect=True)
def test_card_names_follow_the_text_size(app, text_size):
    """At 200% a hand card's name is at least as large as the 100% body text in a 960x540
    window (18 px on the 1280x720 screen: 13.5 real pixels), in both languages, and whole at
    every larger text size: a name that needs more lines breaks at a space, a hyphen or a
    hyphenation point, never cut with "…" ("Schnec…" / "schleu…" at 200% in German)."""
    from game.common import i18n
    from game.ui.cards.cardface import HAND_FACE_W, _Layout, _name_box, name_lines
    from game.ui.kit import fonts, textlayout

    assert HAND_FACE_W == layout.HAND_W

    legible.set_text_scale(100)
    body = legible.legible(12, 0.75)  # the smallest body text at 100% in a 960x540 window
    legible.set_text_scale(text_size)
    box = _name_box(_Layout(layout.HAND_W, 0))
    found = []
    for d in DB.defs:
        name = d.name_de if i18n.language() == "de" and d.name_de else d.name
        size, lines = name_lines(name, layout.HAND_W)
        if text_size == 200 and size < body:
            found.append(f"{name}: {size} px")
        if any(t.endswith(textlayout.ELLIPSIS) for t in lines):
            found.append(f"{name}: cut {lines}")
        found += [f"{name}: {t!r} wider than the banner" for t in lines
                  if fonts.text_width(t, size) > box.w]
        found += [f"{name}: {p}" for p in textlayout.bad_breaks(name, lines)]
        lay = _Layout(layout.HAND_W, len(d.keywords), len(lines), size)
        if lay.art.h < lay.h // 6:
            found.append(f"{name}: its picture {lay.art.h} px high")
    assert not found, found


@pytest.mark.parametrize(("text_size", "window_scale"), [(100, 1.0), (200, 0.75)], indirect=["text_size"])
def test_a_dragged_cards_label_keeps_clear_of_a_lessons_banner(app, monkeypatch, text_size, window_scale):
    """Finding 7: a card dragged up under lesson 3's banner: its label ("Release to play") is
    drawn under the banner, never over the lesson's instruction."""
    import pygame

    from game.learn.tutorial import list_lessons
    from game.ui.learn import progress
    from game.ui.learn.lesson_match import LessonMatch
    from tests.support.table_drag import post

    _window(monkeypatch, window_scale)
    lesson = LessonMatch(app.ctx, list_lessons(), 2, progress.load())
    app.ctx.scenes.replace(lesson)
    for _step in range(60):
        app.step()
    card = next(sp for sp in lesson.sprites.values() if sp.zone == "hand" and sp.seat == lesson.bottom)
    start = card.rect().center
    post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1))
    for i in range(1, 7):
        pos = (start[0], start[1] + (60 - start[1]) * i // 6)
        post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(1, 0, 0)))
    app.step()
    assert lesson.input.press is not None and lesson.input.press["dragging"]
    rec = draw(app)
    assert lesson.banner_rect is not None
    banner = [r for text, r in rec.texts if lesson.banner_rect.contains(r)]
    labels = [(text, r) for text, r in rec.texts if not lesson.banner_rect.contains(r)
              and any(r.colliderect(b) for b in banner)]
    assert banner and not labels, labels
    post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(start[0], 60), button=1))


@pytest.mark.parametrize(("text_size", "window_scale"), [(100, 1.0), (150, 1.5), (200, 0.75), (200, 1.5)],
                         indirect=["text_size"])
def test_a_lessons_banner_covers_no_card_and_shows_every_line(app, monkeypatch, text_size, window_scale):
    """Issue 42: every lesson's banner at its start stays off the opponent's creatures at every
    text size (above them, or beside them where that shows more of its lines); what does not
    fit is shown a page at a time (every line of it, none cut, at least three lines a page), and
    a click on the banner turns its page."""
    import re

    import pygame

    from game.learn.tutorial import list_lessons
    from game.ui.kit import textlayout
    from game.ui.learn import progress
    from game.ui.learn.lesson_match import LessonMatch

    _window(monkeypatch, window_scale)
    lessons = list_lessons()
    found = []
    for index in range(len(lessons)):
        lesson = LessonMatch(app.ctx, lessons, index, progress.load())
        app.ctx.scenes.replace(lesson)
        for _step in range(200):
            app.step()
            if not lesson.table.moving and lesson.waiting_for_student():
                break
        heading, line = lesson.banner()
        pages = lesson.banner_pages()
        # As many lines a page as fit: at 200% the room above a creature held one (six pages of
        # a line each in lesson 2); beside it a page holds several.
        found += [f"lesson {index + 1}: page {n + 1} of {len(pages)} shows {len(page)} line(s)"
                  for n, page in enumerate(pages[:-1]) if len(page) < 3]
        shown = []
        for page in range(len(pages)):
            rec = draw(app)
            box = lesson.banner_rect
            found += [f"lesson {index + 1}, page {page + 1}: the banner {box} covers {lesson.card_name(sp.cid)} "
                      f"at {sp.rect()}" for sp in lesson.sprites.values()
                      if sp.zone == "play" and sp.seat != lesson.bottom and sp.rect().colliderect(box)]
            at = max(i for i, (kind, r) in enumerate(rec.boxes) if kind == "panel" and r == box)
            after = rec.order.index(("box", at))
            words = [rec.texts[i][0] for kind, i in rec.order[after:] if kind == "text" and box.contains(rec.texts[i][1])]
            found += [f"lesson {index + 1}: {text!r} is cut" for text in words
                      if text.endswith(textlayout.ELLIPSIS) and (len(pages) > 1 or text[:-1] not in heading)]
            shown += [text for text in words if not re.fullmatch(r"\d+/\d+", text)]
            if len(pages) > 1:
                pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=box.center, button=1))
                pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=box.center, button=1))
                app.step()
        said = "".join(shown).replace(" ", "").replace("-", "")
        if line.replace(" ", "").replace("-", "") not in said:
            found.append(f"lesson {index + 1}: the banner never shows all of {line!r}: {said!r}")
    assert not found, "\n".join(found)
