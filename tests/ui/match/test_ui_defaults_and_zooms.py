"""The play-test's loose ends (issue 12, second polish): each test fails on the code before
its fix. Driven headless with real pygame events, asserting on what is drawn or answered."""

from __future__ import annotations

import pygame
import pytest

from tests.support.table_2v2 import (
    answers,
    four,
    key,
    post,
    row_center,
    run_until,
    waiting_for_person,
)
from tests.support.text_spy import main_thread_spy

pytestmark = pytest.mark.window('--speed', '40', '--max-fps', '1000')



def _down(app, pos) -> None:
    post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)),
         pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    app.step()


def _up(app, pos) -> None:
    post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
    app.step()


def _asked_which_opponent(app):
    g, scene = four(app, [{"play": ["Tusked Extorter"], "hand": ["Gorillion"]}, {"hand": ["Bee Bear"]},
                          {"hand": ["Spider Owl"]}, {"hand": ["Luchataur"]}])
    scene.submit(next(c.option for c in scene.choices if c.option.verb == "attack"))
    run_until(app, scene, lambda: waiting_for_person(scene) and g.pending.kind == "opponent")
    return g, scene


# --- 1. Picking an opponent selects first, as a card does ---------------------------------------
def test_a_click_on_an_opponents_area_selects_them_and_a_second_click_confirms(app):
    g, scene = _asked_which_opponent(app)
    said = answers(scene)
    right = row_center(scene, "right")
    _down(app, right)
    assert said == [], "the mouse going down on an opponent's area answered at once"
    _up(app, right)
    assert said == []
    gold = [b.text for b in scene.row.buttons if b.primary]
    assert gold == [b.text for b in scene.row.buttons if b.focused] and len(gold) == 1 and "Dee" in gold[0]
    assert scene.frame().pick_focus == 3  # the picked opponent's area is lit brighter
    _down(app, right)
    _up(app, right)
    assert [(o.verb, o.seat) for o in said] == [("opponent", 3)]


def test_enter_takes_the_opponent_a_click_selected(app):
    g, scene = _asked_which_opponent(app)
    said = answers(scene)
    left = row_center(scene, "left")
    _down(app, left)
    _up(app, left)
    right = row_center(scene, "right")
    _down(app, right)  # changed their mind: the right one
    _up(app, right)
    assert said == []
    key(app, pygame.K_RETURN)
    assert [(o.verb, o.seat) for o in said] == [("opponent", 3)]


def test_a_press_on_one_opponent_released_on_the_other_picks_no_one(app):
    g, scene = _asked_which_opponent(app)
    said = answers(scene)
    _down(app, row_center(scene, "left"))
    _up(app, row_center(scene, "right"))
    assert said == [] and not any(b.focused for b in scene.row.buttons)


# --- 2. The gold default is a sensible move ----------------------------------------------------
def test_the_fight_rules_decide_whether_a_block_or_hunt_is_sensible():
    from game.ui.match.fight import Fighter, block_is_sensible, hunt_is_sensible

    rhino = Fighter(8, ("Frenzy", "Tough"))
    squirrel = Fighter(3, ("Sneaky",))
    assert not block_is_sensible(rhino, squirrel, life=3)  # loses the fight for nothing
    assert block_is_sensible(rhino, squirrel, life=1)  # ...unless the attack would end the game
    assert block_is_sensible(Fighter(5), Fighter(5), life=3)  # a trade
    assert block_is_sensible(Fighter(5), Fighter(9), life=3)  # a win
    assert block_is_sensible(Fighter(9), Fighter(2, ("Poisonous",)), life=3)  # Poisonous trades
    assert not block_is_sensible(Fighter(9, ("Tough",)), Fighter(2, ("Poisonous",)), life=3)  # Tough shrugs it off
    assert block_is_sensible(Fighter(9, ("Tough",), exhausted=True), Fighter(2, ("Poisonous",)), life=3)
    assert block_is_sensible(Fighter(9), Fighter(4, ("Tough",)), life=3)  # the blocker only exhausts
    assert not block_is_sensible(Fighter(9), Fighter(4, ("Tough",), exhausted=True), life=2)
    assert hunt_is_sensible(Fighter(5, ("Hunter",)), Fighter(3))
    assert not hunt_is_sensible(Fighter(5, ("Hunter",)), Fighter(5))  # a trade is the player's call
    assert not hunt_is_sensible(Fighter(3, ("Hunter",)), Fighter(2, ("Poisonous",)))
    assert not hunt_is_sensible(Fighter(5, ("Hunter",)), Fighter(4, ("Tough",)))  # it only exhausts


def _lone_blocker(app, attacker: str, blocker: str, life: int = 3):
    """Hot seat: Ann attacks with ``attacker``; Bo, holding ``blocker`` alone, is asked to block."""
    from game.engine import from_position
    from tests.support.curtain import lift_curtain
    from tests.support.table_2v2 import DB
    from tests.support.table_drag import start

    g = from_position(DB, [{"play": [attacker], "hand": ["Spider Owl"]},
                           {"play": [blocker], "hand": ["Bee Bear"], "life": life}])
    scene = start(app, g, mode="hotseat")
    lift_curtain(app, scene)
    scene.submit(next(c.option for c in scene.choices if c.option.verb == "attack"))
    lift_curtain(app, scene)
    assert g.pending.kind == "block" and g.pending.seat == 1
    return g, scene


def _gold(scene) -> list[str]:
    return [b.text for b in scene.row.buttons if b.primary]


def test_enter_does_not_lead_into_a_losing_block(app):
    g, scene = _lone_blocker(app, "Rhino Turtle", "Tiger Squirrel")
    assert _gold(scene) == ["Don't block (lose 1 life)"]
    said = answers(scene)
    scene.time += 1.0  # past the curtain's grace
    key(app, pygame.K_RETURN)
    assert [o.verb for o in said] == ["no block"]


def test_enter_blocks_when_the_block_wins_trades_or_saves_the_game(app):
    for attacker, blocker, life in (("Harpy Mother", "Gorillion", 3), ("Harpy Mother", "Lone Yeti", 3),
                                    ("Rhino Turtle", "Tiger Squirrel", 1)):
        g, scene = _lone_blocker(app, attacker, blocker, life)
        assert _gold(scene) == [f"Block with {blocker}"], (attacker, blocker, life)


# --- 4. The discard-pile viewer zooms a card, as the table and the card picker do -----------------
def _open_discard_viewer(app):
    from game.engine import from_position
    from game.ui.match.discard_viewer import DiscardViewer
    from game.ui.table import hud
    from tests.support.table_2v2 import DB, click
    from tests.support.table_drag import settle, start

    g = from_position(DB, [{"hand": ["Gorillion", "Spider Owl"], "discard": ["Killer Bee", "Bee Bear"]},
                           {"hand": ["Luchataur"], "mindbugs": 0}])
    scene = start(app, g)
    settle(app, scene)
    click(app, hud.discard_rect(True).center)
    viewer = app.ctx.scenes.top
    assert isinstance(viewer, DiscardViewer)
    return scene, viewer


def _zoomed(app, monkeypatch) -> list[str]:
    """The cards drawn large when the screen is drawn now."""
    seen: list[str] = []
    real = app.ctx.renderer.zoom
    monkeypatch.setattr(app.ctx.renderer, "zoom", main_thread_spy(real, lambda d, *a, **k: seen.append(d.name)))
    surface = pygame.Surface((1280, 720))
    for s in app.ctx.scenes.stack:
        s.dirty = True
    app.ctx.scenes.draw(surface)
    monkeypatch.setattr(app.ctx.renderer, "zoom", real)
    return seen


def test_resting_the_mouse_on_a_discarded_card_shows_it_large(app, monkeypatch):
    scene, viewer = _open_discard_viewer(app)
    i = [d.name for d in viewer.defs].index("Bee Bear")
    pos = viewer.rects[i].center
    post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    app.step()
    assert _zoomed(app, monkeypatch) == []  # not at once: only when the mouse rests
    viewer.update(0.6)
    assert _zoomed(app, monkeypatch) == ["Bee Bear"]
    post(pygame.event.Event(pygame.MOUSEMOTION, pos=(640, 600), rel=(0, 0), buttons=(0, 0, 0)))
    app.step()
    assert _zoomed(app, monkeypatch) == []  # the mouse left the card: the zoom closed
    assert app.ctx.scenes.top is viewer


def test_a_right_click_on_a_discarded_card_shows_it_large_and_leaves_the_viewer_open(app, monkeypatch):
    scene, viewer = _open_discard_viewer(app)
    i = [d.name for d in viewer.defs].index("Killer Bee")
    pos = viewer.rects[i].center
    post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)),
         pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=3),
         pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=3))
    app.step()
    assert app.ctx.scenes.top is viewer
    assert _zoomed(app, monkeypatch) == ["Killer Bee"]
    post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1),
         pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
    app.step()
    assert app.ctx.scenes.top is scene  # a click still closes it


def test_the_discard_viewer_is_given_only_public_cards_and_zooms_only_those(app, monkeypatch):
    """Hidden cards (negative ids in a masked view) never reach the viewer, so its zoom cannot
    show one: a hot-seat pile, seen by the player at the screen."""
    from game.engine import from_position
    from tests.support.table_2v2 import DB
    from tests.support.table_drag import start

    g = from_position(DB, [{"hand": ["Gorillion"], "discard": ["Killer Bee"]},
                           {"hand": ["Luchataur"], "discard": ["Bee Bear", "Spider Owl"]}])
    scene = start(app, g, mode="hotseat")
    scene.open_discard(1)
    viewer = app.ctx.scenes.top
    public = sorted(g.card(c).name for c in g.discards[1])
    assert sorted(d.name for d in viewer.defs) == public
    for i in range(len(viewer.defs)):
        viewer.zooms.right_click(i)
        assert _zoomed(app, monkeypatch) == [viewer.defs[i].name]


# --- 5. The replay viewer's "Event >" stays under the pointer at the Mindbug moment ----------------
@pytest.mark.parametrize("rules", ["1v1", "2v2"])
@pytest.mark.parametrize("window_scale", [1.0, 0.75])  # 0.75 is 960x540: larger labels
def test_event_buttons_stay_under_the_pointer_when_a_card_is_shown_large(app, monkeypatch, window_scale, rules):
    from game.ui.core.context import AppContext
    from game.ui.records.viewer import ReplayScene
    from tests.support.layout_check import _replay_moments
    from tests.support.records import finished_record

    monkeypatch.setattr(AppContext, "window_scale", property(lambda self: window_scale))
    app.step()
    viewer = ReplayScene(app.ctx, finished_record(rules=rules))
    before = None
    for _moment in _replay_moments(app, viewer):
        surface = pygame.Surface((1280, 720))
        viewer.draw(surface)  # the frame rebuilds the buttons for a card shown large
        steps = {b.text: pygame.Rect(b.rect) for b in viewer.buttons if b.text in ("< Event", "Event >")}
        # Every step and jump keeps a button, on the table or over the log panel.
        assert {"|<", "< Turn", "< Decision", "< Event", "Event >", "Decision >", "Turn >", ">|"} <= {
            b.text for b in viewer.buttons}
        if viewer.table.model.stage is None:
            before = steps
            continue
        assert before is not None
        for text, rect in steps.items():
            # The pointer that clicked it a step ago (its centre) still finds it.
            assert rect.collidepoint(before[text].center), (text, before[text], rect)
        return
    raise AssertionError("no Mindbug moment in the replay")


# --- 6. The log's header names the turn's player, not a seat that is put out before its turn ------
def test_the_log_header_never_names_a_seat_put_out_before_its_turn():
    from types import SimpleNamespace

    from game.engine import from_position
    from game.ui.table import render
    from game.ui.table.model import TableModel
    from tests.support.table_2v2 import DB

    names = ["Ann", "Basil", "Cy", "Dee"]
    # Basil (next after Ann) holds nothing and has nothing in play: when Ann's turn ends he is
    # put out (rule 23) and Cy's turn starts.
    g = from_position(DB, [{"hand": ["Gorillion", "Bee Bear"], "mindbugs": 0}, {"mindbugs": 0},
                           {"hand": ["Spider Owl"], "mindbugs": 0}, {"hand": ["Luchataur"], "mindbugs": 0}],
                      rules="2v2")
    model = TableModel.from_state(g)
    stage = SimpleNamespace(model=model, name=lambda s: names[s])
    titles = [render._log_title(stage)]
    events = g.respond(next(o for o in g.pending.options if o.verb == "play"))
    kinds = [type(ev).__name__ for ev in events]
    assert "PlayerEliminated" in kinds and g.eliminated[1], kinds
    for ev in events:
        model.apply(ev)
        titles.append(render._log_title(stage))
    assert titles[0] == "Turn 1: Ann" and titles[-1] == "Turn 2: Cy"
    assert not [t for t in titles if "Basil" in t], titles


# --- 7. 2v2 at every window size: a hand card's zoom off the seat plates, the prompt off the rows ----
LONG_PROMPT = "Bartholomew attacks with Sharky Crab-Dog-Mummypus: decide whether to block it or not."


def _four_table(app, monkeypatch, window_scale, table):
    from tests.support.layout_check import four_table_scene

    return four_table_scene(app, monkeypatch, table, window_scale)[0]


@pytest.mark.parametrize("window_scale", [0.75, 1.0])
@pytest.mark.parametrize("table", ["start", "crowded", "mindbug", "opponent"])
def test_a_hand_cards_zoom_keeps_off_the_seat_plates(app, monkeypatch, window_scale, table):
    from game.ui.table import layout

    scene = _four_table(app, monkeypatch, window_scale, table)
    plates = [pygame.Rect(layout.plate(pos).rect) for pos in ("top", "left", "right", "bottom")]
    hand = [sp for sp in scene.sprites.values() if sp.zone == "hand" and sp.seat == scene.bottom]
    assert hand, table
    found = []
    for sp in hand:
        scene.zoom_key = sp.key
        scene.draw(pygame.Surface((1280, 720)))
        box = scene.painter.zoom_box
        assert box is not None
        found += [f"{scene.card_name(sp.cid)}'s zoom {box} covers the plate {p}" for p in plates
                  if box.colliderect(p)]
    assert not found, "\n".join(found)


@pytest.mark.parametrize("window_scale", [0.75, 0.85, 1.0])
def test_a_two_line_prompt_keeps_off_the_side_rows(app, monkeypatch, window_scale):
    from game.ui.table import hud, layout

    scene = _four_table(app, monkeypatch, window_scale, "crowded")
    monkeypatch.setattr(scene, "prompt_text", lambda: (LONG_PROMPT, (255, 255, 255)))
    bands = []
    real = hud.prompt_line
    monkeypatch.setattr(hud, "prompt_line", lambda *a, **k: bands.append(real(*a, **k)) or bands[-1])
    scene.draw(pygame.Surface((1280, 720)))
    assert bands
    split = layout.side_split(scene.model, scene.bottom)
    # Where the side rows' cards lie: their lane less its margin (the lane is a card and 18 px).
    rows = [pygame.Rect(layout.row_rect(pos, split)).inflate(0, -18) for pos in ("left", "right")]
    assert not [(b, r) for b in bands for r in rows if b.colliderect(r)]
    cards = [sp.rect() for sp in scene.sprites.values() if sp.zone == "play"]
    assert not [(b, c) for b in bands for c in cards if b.colliderect(c)]


def test_frenzys_second_attack_is_the_default_only_when_no_blocker_would_win(app):
    """Luchataur (9, Frenzy) attacked once; asked whether to attack again, Enter ends the turn
    when the opponent holds a creature that would defeat it and live (Gorillion 10), and
    attacks again when none would."""
    from game.engine import from_position
    from game.ui.match.fight import Fighter, attack_is_sensible
    from tests.support.curtain import lift_curtain
    from tests.support.table_2v2 import DB
    from tests.support.table_drag import start

    assert not attack_is_sensible(Fighter(9, ("Frenzy",)), [Fighter(10)])
    assert attack_is_sensible(Fighter(9, ("Frenzy",)), [Fighter(9), Fighter(3, ("Poisonous",))])
    for defender, gold in (("Gorillion", "End turn"), ("Shield Bugs", "Attack again with Luchataur")):
        g = from_position(DB, [{"play": ["Luchataur"], "hand": ["Spider Owl"]},
                               {"play": [defender], "hand": ["Bee Bear"]}])
        scene = start(app, g, mode="hotseat")
        lift_curtain(app, scene)
        scene.submit(next(c.option for c in scene.choices if c.option.verb == "attack"))
        lift_curtain(app, scene)
        scene.submit(next(c.option for c in scene.choices if c.option.verb == "no block"))
        lift_curtain(app, scene)
        assert g.pending.kind == "frenzy"
        assert _gold(scene) == [gold], defender
