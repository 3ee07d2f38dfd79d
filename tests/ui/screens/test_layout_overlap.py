"""Nothing cut off, nothing overlapping: every scene and a crowded table, drawn on a surface
that records where each piece of text and each box lands (issue 12, item 5).

A piece of text must stay on screen, inside every panel or button it is drawn on, and clear
of every other piece of text; buttons must not overlap each other; cards on the table must
stay off the side panels and the log.
"""

from __future__ import annotations

import pygame  # noqa: E402
import pytest  # noqa: E402

from game.engine import from_position  # noqa: E402
from game.ui.core.match_config import MatchConfig  # noqa: E402
from game.ui.match.scene import MatchScene  # noqa: E402
from tests.support.layout_check import (  # noqa: F401  # noqa: F401
    _FINISHED_2V2,  # noqa: F401
    CARD_TEXT,
    DB,
    FOUR_TABLES,
    LEGIBLE_PX,
    NAMES,
    SCREEN,
    SIZES,
    SMALLEST_PX,
    TEXTS,
    WRAPS,
    Recorder,
    _every_other_scene,
    _finished_2v2,  # noqa: F401
    _finished_record,
    _four_panels,
    _game_over,
    _games_in_progress,
    _other_scene_problems,
    _over_a_match,
    _replay_moments,
    _replay_problems,
    _settle_on_person,
    _table_panels,
    bad_breaks,
    crowded_game,
    draw,
    four_table_scene,
    problems,
    too_small,
)


@pytest.fixture
def app(layout_app):
    """The window of the layout checks, in English and German (tests/ui/conftest.py)."""
    return layout_app





CURRENT: list[Recorder] = []












def test_every_menu_scene_fits(app):
    from game.ui.screens.howto import HowToPlayScene
    from game.ui.screens.howto_text import PAGES
    from game.ui.screens.new_game import NewGameScene
    from game.ui.screens.settings import SettingsScene
    from game.ui.screens.title import TitleScene

    found = []
    for scene in (TitleScene(app.ctx), TitleScene(app.ctx, "Could not load settings: a long message " * 2),
                  NewGameScene(app.ctx, False), NewGameScene(app.ctx, True), SettingsScene(app.ctx)):
        app.ctx.scenes.replace(scene)
        found += [f"{type(scene).__name__}: {p}" for p in problems(draw(app))]
    howto = HowToPlayScene(app.ctx)
    app.ctx.scenes.replace(howto)
    for i, (title, _) in enumerate(PAGES):
        howto._go(i)
        found += [f"How to Play, {title}: {p}" for p in problems(draw(app))]
    settings = SettingsScene(app.ctx)
    app.ctx.scenes.replace(settings)
    for i, page in enumerate(settings.pages):  # every page of the settings
        settings.show_page(i)
        found += [f"Settings, {page.title}: {p}" for p in problems(draw(app))]
    assert not found, "\n".join(found)


















@pytest.mark.parametrize("window_scale", [1.0, 0.85, 0.75])
def test_every_other_scene_fits_and_stays_legible_in_the_smallest_window(app, monkeypatch, window_scale):
    """Every screen beside the table (issue 12, item 6): in a 960x540 window (0.75) every text is
    at least LEGIBLE_PX real pixels high, and at every size it stays inside its panel or
    button, clear of every other text."""
    found = _other_scene_problems(app, monkeypatch, window_scale)
    assert not found, "\n".join(found)




@pytest.mark.parametrize("window_scale", [1.0, 0.75])
def test_a_crowded_table_fits(app, monkeypatch, window_scale):
    # 0.75: a 960x540 window, where the log switches to larger text
    from game.ui.core.context import AppContext

    monkeypatch.setattr(AppContext, "window_scale", property(lambda self: window_scale))
    g = crowded_game()
    scene = MatchScene(app.ctx, MatchConfig(mode="ai", ai_level="random", names=("You", "Computer"), seed=1), game=g)
    app.ctx.scenes.replace(scene)
    for _ in range(300):
        app.step()
        if not scene.table.moving and scene.decision_serial == g.pending.serial:
            break
    for i in range(60):  # a long log
        scene.table.log_line(f"Turn {i}: Sharky Crab-Dog-Mummypus attacks and Gorillion blocks it.")
    rec = draw(app)
    found = problems(rec, _table_panels())
    forbidden = _table_panels()
    for sp in scene.sprites.values():
        if sp.zone in ("play", "hand"):
            for p in forbidden:
                if sp.rect().colliderect(p):
                    found.append(f"card {scene.card_name(sp.cid)} at {sp.rect()} is over the panel {p}")
    assert not found, "\n".join(found)


def test_match_overlays_fit(app):
    from game.ui.match import menus as match_menus
    from game.ui.match.card_picker import CardPicker
    from game.ui.match.curtain import CurtainScene
    from game.ui.match.discard_viewer import DiscardViewer

    g = crowded_game()
    scene = MatchScene(app.ctx, MatchConfig(mode="ai", ai_level="random", names=("You", "Computer"), seed=1), game=g)
    app.ctx.scenes.replace(scene)
    app.step()
    found = []
    defs = list(DB.defs)
    overlays = [
        DiscardViewer(app.ctx, "Your discard pile", defs[:20]),
        CardPicker(app.ctx, "Grave Robber: choose a card to put into play (1 of 2).",
                   [(d, lambda: None) for d in defs[:8]], [("Done", lambda: None)]),
        CurtainScene(app.ctx, "Bartholomew", lambda: None, "You are being attacked: decide whether to block."),
    ]
    match_menus.open_pause_menu(scene)
    overlays.append(app.ctx.scenes.top)
    for ov in overlays:  # what each overlay draws itself (the table under it is dimmed on purpose)
        rec = Recorder()
        ov.draw(rec)
        found += [f"{type(ov).__name__}: {p}" for p in problems(rec)]
    assert not found, "\n".join(found)


@pytest.mark.parametrize("window_scale", [1.0, 0.75])
def test_the_mindbug_prompt_covers_no_creature(app, monkeypatch, window_scale):
    """1v1: the computer plays a card and you may Mindbug it; the prompt over the dimmed table
    must leave every creature in play readable (issue 12, item 5), upright or exhausted."""
    from game.ui.core.context import AppContext

    monkeypatch.setattr(AppContext, "window_scale", property(lambda self: window_scale))
    names = ["Gorillion", "Luchataur", "Bee Bear", "Spider Owl", "Killer Bee", "Turbo Bug", "Shark Dog"]
    g = from_position(DB, [
        {"hand": names[:5], "play": [names[5], (names[6], True), names[0]], "deck": names[1:3]},
        {"hand": ["Lone Yeti"], "deck": [], "play": [names[1], (names[2], True), names[3], names[4],
                                                      (names[5], True), names[6]]},
    ], turn=1)
    g.respond(g.option_for("play Lone Yeti"))  # the computer's move, made before the scene opens
    scene = MatchScene(app.ctx, MatchConfig(mode="ai", ai_level="random", names=("You", "Computer"), seed=1),
                       game=g)
    app.ctx.scenes.replace(scene)
    for _ in range(600):
        app.step()
        if scene.decision_serial == g.pending.serial and not scene.table.moving:
            break
    assert g.pending.kind == "mindbug" and scene.model.stage is not None
    rec = draw(app)
    prompt = scene.prompt_rect
    assert prompt is not None
    covers = [(f"the prompt {prompt}", prompt)] + [(f"the button {b.text!r}", b.rect)
                                                      for b in scene.row.buttons]
    covered = [f"{what} covers {scene.card_name(sp.cid)} at {sp.rect()}"
               for what, r in covers for sp in scene.sprites.values()
               if sp.zone == "play" and sp.rect().colliderect(r)]
    assert not covered, "\n".join(covered)
    assert not problems(rec, _table_panels())








@pytest.mark.parametrize("window_scale", [1.0, 0.75])
def test_text_stays_legible_in_the_smallest_window(app, monkeypatch, window_scale):
    """960x540 (0.75) draws the 1280x720 table smaller: every label on it is drawn large enough
    to be at least LEGIBLE_PX real pixels high, and still fits (the crowded table, with the
    computer thinking, a played card waiting for the Mindbug answer, and the hint shown)."""
    from game.ui.core.context import AppContext
    from game.ui.match import hints as hint_view

    monkeypatch.setattr(AppContext, "window_scale", property(lambda self: window_scale))
    g = crowded_game()
    scene = MatchScene(app.ctx, MatchConfig(mode="ai", ai_level="random", names=("You", "Computer (Medium)"),
                                            seed=1), game=g)
    app.ctx.scenes.replace(scene)
    for _ in range(300):
        app.step()
        if not scene.table.moving and scene.decision_serial == g.pending.serial:
            break
    for i in range(60):
        scene.table.log_line(f"Turn {i}: Sharky Crab-Dog-Mummypus attacks and Gorillion blocks it.")
    scene.log_view.scroll_by(-5)  # scrolled back: the "End: newest" hint shows
    found = []
    rec = draw(app)
    found += too_small(rec, window_scale) + problems(rec, _table_panels())
    hint_view.request(scene)  # the hint: "Thinking", then its line in the box over the log
    hint_view.update(scene)
    assert hint_view.thinking(scene)
    rec = draw(app)
    found += too_small(rec, window_scale) + problems(rec, _table_panels())
    scene.hints.worker._done.wait(120)
    app.step()
    rec = draw(app)
    assert hint_view.shown(scene) is not None
    found += too_small(rec, window_scale) + problems(rec, _table_panels())
    assert not found, "\n".join(sorted(set(found)))




def test_more_decisions_stay_legible_in_the_smallest_window(app, monkeypatch):
    """960x540: a block (buttons, the attacker's tag) and the Mindbug offer (a long prompt takes
    two lines rather than a smaller size), clear of every creature."""
    from game.ui.core.context import AppContext

    scale = 0.75
    monkeypatch.setattr(AppContext, "window_scale", property(lambda self: scale))
    found = []
    # A block: the computer attacks with Gorillion, you have two creatures that may block.
    g = from_position(DB, [{"hand": ["Killer Bee"], "play": ["Bee Bear", "Spider Owl"], "deck": []},
                           {"hand": [], "play": ["Gorillion"], "deck": []}], turn=1)
    g.respond(g.option_for("attack Gorillion"))
    scene = MatchScene(app.ctx, MatchConfig(mode="ai", ai_level="random", names=("You", "Computer (Expert)"),
                                            seed=1), game=g)
    app.ctx.scenes.replace(scene)
    assert _settle_on_person(app, scene).kind == "block"
    rec = draw(app)
    found += [f"block: {p}" for p in too_small(rec, scale) + problems(rec, _table_panels())]
    # The Mindbug offer.
    g = from_position(DB, [{"hand": ["Killer Bee"], "deck": []},
                           {"hand": ["Sharky Crab-Dog-Mummypus"], "deck": []}], turn=1)
    g.respond(g.pending.options[0])
    scene = MatchScene(app.ctx, MatchConfig(mode="ai", ai_level="random", names=("You", "Computer (Expert)"),
                                            seed=1), game=g)
    app.ctx.scenes.replace(scene)
    assert _settle_on_person(app, scene).kind == "mindbug"
    rec = draw(app)
    found += [f"mindbug: {p}" for p in too_small(rec, scale) + problems(rec, _table_panels())]
    found += [f"mindbug: the prompt {scene.prompt_rect} covers {scene.card_name(sp.cid)}"
              for sp in scene.sprites.values()
              if sp.zone in ("play", "hand") and sp.rect().colliderect(scene.prompt_rect)]
    assert not found, "\n".join(sorted(set(found)))









@pytest.mark.parametrize("window_scale", [0.75, 0.85, 1.0])
@pytest.mark.parametrize("table", list(FOUR_TABLES))
def test_the_2v2_table_stays_legible_in_the_smallest_window(app, monkeypatch, table, window_scale):
    """2v2 from 960x540 (0.75) up: every label at least LEGIBLE_PX real pixels high, inside its
    panel, clear of every other text, and no card over a plate or the log; with the names'
    levels, long German words, full hands, crowded rows, eliminated seats, the Mindbug offer
    and a computer thinking."""
    from dataclasses import replace

    scene, d = four_table_scene(app, monkeypatch, table, window_scale)
    if table == "eliminated":
        assert scene.model.eliminated[1] and scene.model.eliminated[2]
    if table == "mindbug":
        assert d.kind == "mindbug" and scene.model.stage is not None
    if table == "opponent":
        scene.submit(next(c.option for c in scene.choices if c.option.verb == "attack"))
        assert _settle_on_person(app, scene).kind == "opponent" and scene.pick_seats() == {1, 3}
    found = []
    rec = draw(app)
    found += too_small(rec, window_scale) + problems(rec, _four_panels())
    assert "Bartholomew" in [text for text, _r in rec.texts]
    frame = scene.frame
    monkeypatch.setattr(scene, "frame", lambda: replace(frame(), thinking=3))  # "Thinking..."
    rec = draw(app)
    found += too_small(rec, window_scale) + problems(rec, _four_panels())
    for sp in scene.sprites.values():
        if sp.zone == "play" or (sp.zone == "hand" and sp.seat == scene.bottom):
            found += [f"card {scene.card_name(sp.cid)} at {sp.rect()} is over the panel {p}"
                      for p in _four_panels() if sp.rect().colliderect(p)]
    assert not found, "\n".join(sorted(set(found)))


def test_hovering_a_hand_card_zooms_it_larger_in_the_smallest_window(app, monkeypatch):
    """The text on a hand card is the card's own (too small to read at 960x540, as on a real
    card across the table): resting the mouse on it shows the card large, larger than in a
    full-size window, so its text is as large on screen."""
    from game.ui.core.context import AppContext
    from game.ui.match.scene import HOVER_ZOOM_DELAY

    sizes = {}
    for scale in (1.0, 0.75):
        monkeypatch.setattr(AppContext, "window_scale", property(lambda self, s=scale: s))
        g = crowded_game()
        scene = MatchScene(app.ctx, MatchConfig(mode="ai", ai_level="random", names=("You", "Computer"),
                                                seed=1), game=g)
        app.ctx.scenes.replace(scene)
        _settle_on_person(app, scene)
        card = next(sp for sp in scene.sprites.values() if sp.zone == "hand" and sp.seat == 0)
        pos = (card.rect().right - 4, card.rect().centery + 20)  # the last card is whole
        card = scene.sprite_at(pos)
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
        app.step()
        scene.update(HOVER_ZOOM_DELAY + 0.1)
        assert scene.zoom_key == card.key
        blits = []
        real_blit = Recorder.blit

        def spy(self, source, dest, area=None, special_flags=0, blits=blits, real_blit=real_blit):
            blits.append(source.get_size())
            return real_blit(self, source, dest, area, special_flags)

        monkeypatch.setattr(Recorder, "blit", spy)
        draw(app)
        monkeypatch.setattr(Recorder, "blit", real_blit)
        sizes[scale] = max(blits, key=lambda s: s[0] * s[1] if s[0] < 1000 else 0)
    assert sizes[0.75][1] * 0.75 >= sizes[1.0][1] * 0.99, sizes  # as large on screen, or larger


def test_a_long_how_to_play_page_reflows_into_parts_in_the_smallest_window(app, monkeypatch):
    """960x540: the Controls page does not fit at a legible size, so it is shown in parts
    (never smaller text); Tab reads on through its parts before the next page, a click on
    the shown page's tab shows its next part, and at 1280x720 the page stays whole."""
    from game.ui.core.context import AppContext
    from game.ui.screens.howto import HowToPlayScene
    from game.ui.screens.howto_text import PAGES

    controls = [t for t, _s in PAGES].index("Controls")
    for scale, parts in ((1.0, 1), (0.75, 2)):
        monkeypatch.setattr(AppContext, "window_scale", property(lambda self, s=scale: s))
        howto = HowToPlayScene(app.ctx)
        app.ctx.scenes.replace(howto)
        howto._go(controls)
        assert len(howto.parts()) >= parts
        if parts == 1:
            continue
        n = len(howto.parts())
        for k in range(1, n):
            pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_TAB, mod=0, unicode="\t"))
            app.step()
            assert (howto.page, howto.part) == (controls, k)
        howto.tabs[controls].action()  # the shown page's tab: its next part, round again
        assert (howto.page, howto.part) == (controls, 0)
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_UP, mod=0, unicode=""))
        app.step()  # back: the previous page
        assert (howto.page, howto.part) == (controls - 1, len(howto.parts()) - 1)


def test_the_replay_bar_leaves_a_played_card_whole_in_the_smallest_window(app, monkeypatch):
    """960x540: the replay viewer's buttons grow to legible labels, but while a played card is
    shown large between their two groups (the Mindbug moment) they keep clear of it."""
    from game.ui.core.context import AppContext
    from game.ui.records.viewer import ReplayScene

    monkeypatch.setattr(AppContext, "window_scale", property(lambda self: 0.75))
    app.step()
    viewer = ReplayScene(app.ctx, _finished_record())
    app.ctx.scenes.replace(viewer)
    for _ in range(400):
        app.step()
        if viewer.table.model.stage is not None and not viewer.animating:
            break
        if not viewer.animating:
            viewer.step_event()
    staged = viewer.table.model.stage
    assert staged is not None
    draw(app)
    card = next(sp.rect() for sp in viewer.table.sprites.values() if sp.cid == staged)
    card = card.inflate(-8, 0)  # its border: the groups have always ended within 2 px of it
    assert not [(b.text, b.rect, card) for b in viewer.buttons if b.rect.colliderect(card)]






@pytest.mark.parametrize("rules", ["1v1", "2v2"])
@pytest.mark.parametrize("window_scale", [0.75, 1.0])
def test_the_replay_viewer_stays_legible_at_every_kind_of_step(app, monkeypatch, window_scale, rules):
    """960x540 (0.75) and 1280x720: at every kind of step a replay shows, the Mindbug moment
    included, every label of the replay viewer (its buttons too) is at least LEGIBLE_PX real
    pixels high and inside its button, and no button covers the card shown large, a creature
    in play or the prompt (the gap left by item 6 of issue 12; in 2v2 the buttons lay over the
    side rows and the last line)."""
    from game.ui.core.context import AppContext
    from game.ui.records.viewer import ReplayScene
    from tests.support.records import finished_record

    monkeypatch.setattr(AppContext, "window_scale", property(lambda self: window_scale))
    app.step()
    viewer = ReplayScene(app.ctx, finished_record(rules=rules))
    found, moments = [], []
    for moment in _replay_moments(app, viewer):
        moments.append(moment)
        found += [f"{moment}: {p}" for p in _replay_problems(viewer, draw(app), window_scale)]
    assert "the Mindbug moment" in moments and len(moments) > 8, moments
    assert not found, "\n".join(dict.fromkeys(found))


def test_the_replay_viewer_redraws_its_buttons_for_a_new_window_size_at_once(app, monkeypatch):
    """Found under Xvfb: a viewer opened in a large window and made 960x540 drew its old, small
    buttons (rebuilt only after the frame had taken them) until the next input."""
    from game.ui.core.context import AppContext
    from game.ui.records.viewer import ReplayScene

    scale = [1.0]
    monkeypatch.setattr(AppContext, "window_scale", property(lambda self: scale[0]))
    app.step()
    viewer = ReplayScene(app.ctx, _finished_record())
    app.ctx.scenes.replace(viewer)
    draw(app)
    scale[0] = 0.75
    rec = draw(app)
    assert not too_small(rec, 0.75), too_small(rec, 0.75)


@pytest.mark.parametrize("window_scale", [0.75, 1.0])
def test_every_view_of_a_2v2_replay_fits_its_button(app, monkeypatch, window_scale):
    """V walks the views (all face up, then each seat's): every View label fits its button at a
    legible size, in German too ("Sicht: Sicht von Computer (V)" is too long for the log
    panel's width at 960x540: the words alone say it)."""
    from game.ui.core.context import AppContext
    from game.ui.records.viewer import ReplayScene
    from tests.support.records import finished_record

    monkeypatch.setattr(AppContext, "window_scale", property(lambda self: window_scale))
    app.step()
    viewer = ReplayScene(app.ctx, finished_record(rules="2v2"))
    app.ctx.scenes.replace(viewer)
    found = []
    for _ in range(5):
        viewer.cycle_view()
        app.step()
        rec = draw(app)
        found += [f"view {viewer.view_seat}: {p}" for p in too_small(rec, window_scale) + problems(rec, _four_panels())]
    assert not found, "\n".join(dict.fromkeys(found))
