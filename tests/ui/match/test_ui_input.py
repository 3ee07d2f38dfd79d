"""Acting directly on cards, the same way for every decision (issue 12, items 1-3 and 7).

Drag-to-target for every card-picking decision, lit drop zones, a drop in the wrong place
springs back with a reason, click-again confirms, Enter takes the gold default, repeated picks
count, and the attacker and defender are marked in every combat step.
"""

from __future__ import annotations

import pygame  # noqa: E402
import pytest  # noqa: E402

from game.app import App  # noqa: E402
from game.engine import events as E  # noqa: E402
from game.engine import from_position  # noqa: E402
from game.ui.match.input import plan  # noqa: E402
from game.ui.match.scene import MatchScene  # noqa: E402
from game.ui.table import hud  # noqa: E402
from tests.support.table_drag import DB, center, click, drag, key, post, settle, start

pytestmark = pytest.mark.window('--speed', '5')



















def forced_discard(app: App) -> tuple[object, MatchScene]:
    """The computer plays Ferret Bomber (we have no Mindbug): we must discard two cards."""
    g = from_position(DB, [{"hand": ["Gorillion", "Luchataur", "Bee Bear"], "mindbugs": 0},
                           {"hand": ["Ferret Bomber"]}], turn=1)
    scene = start(app, g)
    settle(app, scene)
    assert g.pending.kind == "choose" and g.pending.purpose == "discard" and g.pending.seat == 0
    return g, scene


def test_dragging_a_card_onto_the_discard_pile_discards_it(app):
    g, scene = forced_discard(app)
    first = g.hands[0][0]
    drag(app, center(scene, first), hud.discard_rect(True).center)
    settle(app, scene)
    assert first in g.discards[0]


def test_drop_zones_are_lit_while_dragging_and_a_miss_springs_back_with_a_reason(app):
    g, scene = forced_discard(app)
    card = g.hands[0][1]
    home = center(scene, card)
    drag(app, home, (600, 330), release=False)
    press = scene.input.press
    assert press is not None and press["dragging"]
    assert [z.rect for z in press["zones"]] == [hud.discard_rect(True)]
    scene.dirty = True
    app.step()  # the lit zone is drawn: the pile's centre turns gold-tinted
    px = app.screen.get_at(hud.discard_rect(True).midtop)
    assert px.r > px.b + 40
    post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(600, 330), button=1))
    app.step()
    settle(app, scene)
    assert card in g.hands[0] and g.pending.purpose == "discard"
    text, _ = scene.prompt_text()
    assert "discard pile" in text and "Drop" in text
    assert center(scene, card) == home


def test_repeated_picks_are_counted(app):
    g, scene = forced_discard(app)
    assert "(1 of 2)" in scene.prompt_text()[0]
    drag(app, center(scene, g.hands[0][0]), hud.discard_rect(True).center)
    settle(app, scene)
    assert g.pending.purpose == "discard"
    assert "(2 of 2)" in scene.prompt_text()[0]


def test_dragging_a_blocker_onto_the_attacker_blocks(app):
    g = from_position(DB, [{"play": ["Gorillion"], "hand": ["Spider Owl"]},
                           {"play": ["Luchataur"], "hand": []}], turn=1)
    scene = start(app, g)
    settle(app, scene)
    gorillion, attacker = g.plays[0][0], g.plays[1][0]
    drag(app, center(scene, gorillion), center(scene, attacker))
    settle(app, scene)
    assert attacker in g.discards[1] and g.life[0] == 3


def test_a_card_dropped_on_the_opponents_half_is_not_played(app):
    g = from_position(DB, [{"hand": ["Gorillion", "Luchataur"]}, {"hand": ["Bee Bear"], "mindbugs": 0}])
    scene = start(app, g)
    settle(app, scene)
    gorillion = g.hands[0][0]
    drag(app, center(scene, gorillion), (600, 120))
    settle(app, scene)
    assert gorillion in g.hands[0] and g.pending.kind == "action"
    assert "your side" in scene.prompt_text()[0]


def test_clicking_the_selected_card_again_confirms(app):
    g = from_position(DB, [{"hand": ["Gorillion", "Luchataur"]}, {"hand": ["Bee Bear"], "mindbugs": 0}])
    scene = start(app, g)
    settle(app, scene)
    luch = g.hands[0][1]
    click(app, center(scene, luch))
    assert scene.selected is not None
    click(app, center(scene, luch))
    settle(app, scene)
    assert luch in g.plays[0]


def test_a_hunter_dragged_onto_its_prey_attacks_and_hunts_it(app):
    g = from_position(DB, [{"play": ["Goblin Werewolf"], "hand": ["Bee Bear"]},
                           {"play": ["Spider Owl", "Gorillion"], "hand": ["Killer Bee"]}])
    scene = start(app, g)
    settle(app, scene)
    wolf, owl = g.plays[0][0], g.plays[1][0]
    drag(app, center(scene, wolf), center(scene, owl))
    settle(app, scene)
    assert owl in g.discards[1]  # hunted and defeated (8 against 1... Poisonous: both go)
    assert g.life[1] == 3


def test_enter_takes_the_gold_default(app):
    g = from_position(DB, [{"hand": ["Spider Owl"]}, {"hand": ["Gorillion"]}], turn=1)
    scene = start(app, g)
    settle(app, scene)
    gold = [b for b in scene.row.buttons if b.primary]
    assert [b.text for b in gold] == ["Let it go"]  # no Mindbug spent by Enter (issue 42)
    key(app, pygame.K_RETURN)
    settle(app, scene)
    assert g.mindbugs[0] == 2


def test_enter_right_after_the_curtain_lifts_does_nothing(app):
    g = from_position(DB, [{"hand": ["Gorillion"]}, {"hand": ["Bee Bear"]}])
    scene = start(app, g, mode="hotseat")
    for _ in range(5):
        app.step()
    app.ctx.scenes.top.update(1.0)  # the curtain arms once it has been on screen a moment
    click(app, (640, 450))  # "I'm Ann: show my cards"
    assert scene.revealed == 0
    scene.update(0.0)
    settle(app, scene)
    scene.revealed_at = scene.time  # a held Enter repeating straight after the reveal
    serial = g.pending.serial
    key(app, pygame.K_RETURN)
    key(app, pygame.K_RETURN)
    assert g.pending.serial == serial and not g.plays[0]


def test_the_hunter_is_marked_while_its_player_picks_the_prey(app):
    g = from_position(DB, [{"play": ["Goblin Werewolf"], "hand": ["Bee Bear"]},
                           {"play": ["Spider Owl", "Gorillion"], "hand": ["Killer Bee"]}])
    scene = start(app, g)
    settle(app, scene)
    wolf = g.plays[0][0]
    drag(app, center(scene, wolf), (600, 240))  # attack the player: the hunt question follows
    settle(app, scene)
    assert g.pending.kind == "hunt"
    assert scene.sprites[wolf].highlight == "attacker"


def test_attacker_and_defender_are_marked_through_the_fight(app):
    g = from_position(DB, [{"play": ["Gorillion"], "hand": ["Spider Owl"]},
                           {"play": ["Luchataur", "Bee Bear"], "hand": []}], turn=1)
    scene = start(app, g)
    settle(app, scene)
    gorillion, luch = g.plays[0][0], g.plays[1][0]
    scene.table.anim.play(E.Blocked(0, gorillion, luch))
    assert scene.sprites[luch].highlight == "attacker"
    assert scene.sprites[gorillion].highlight == "defender"
    assert (scene.table.attacker, scene.table.defender) == (luch, gorillion)


def move(app: App, pos) -> None:
    post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    app.step()


def test_the_log_keeps_the_whole_game_and_scrolls(app):
    g = from_position(DB, [{"hand": ["Gorillion", "Luchataur"]}, {"hand": ["Bee Bear"], "mindbugs": 0}])
    scene = start(app, g)
    settle(app, scene)
    for i in range(120):
        scene.table.log_line(f"Line {i}: You play Gorillion.")
    scene.dirty = True
    app.step()
    lv = scene.log_view
    assert len(lv.rows) >= 120 and lv.follow
    assert lv.rows[lv.scroll + lv.visible_rows - 1][0].startswith("Line 119")
    key(app, pygame.K_HOME)
    app.step()
    assert lv.scroll == 0 and lv.rows[0][0].startswith("New game")
    key(app, pygame.K_PAGEDOWN)
    assert lv.scroll > 0
    pygame.mouse.set_pos((1100, 300))
    before = lv.scroll
    post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-2, flipped=False, precise_x=0.0, precise_y=-2.0))
    app.step()
    assert lv.scroll == before + 6
    # a drag on the log scrolls it too: dragging down shows earlier lines
    post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(1100, 300), button=1),
         pygame.event.Event(pygame.MOUSEMOTION, pos=(1100, 300 + 5 * lv.row_h), rel=(0, 0), buttons=(1, 0, 0)),
         pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(1100, 300 + 5 * lv.row_h), button=1))
    app.step()
    assert lv.scroll == before + 1
    key(app, pygame.K_END)
    assert lv.follow


def test_hovering_a_card_name_in_the_log_shows_the_card(app):
    g = from_position(DB, [{"hand": ["Gorillion", "Luchataur"]}, {"hand": ["Bee Bear"], "mindbugs": 0}])
    scene = start(app, g)
    settle(app, scene)
    scene.table.log_line("Computer plays Bee Bear.")
    scene.dirty = True
    app.step()
    span = next(r for r, name in scene.log_view.spans if name == "Bee Bear")
    shown = []
    real_zoom = app.ctx.renderer.zoom
    app.ctx.renderer.zoom = lambda d: shown.append(d.name) or real_zoom(d)
    try:
        move(app, span.center)
        scene.dirty = True
        app.step()
    finally:
        app.ctx.renderer.zoom = real_zoom
    assert scene.log_view.hover_name == "Bee Bear" and "Bee Bear" in shown


def test_the_zoom_never_covers_the_log(app):
    from game.ui.table import layout
    from game.ui.table.zoom import zoom_rect

    g = from_position(DB, [{"hand": ["Gorillion"], "play": ["Bee Bear"] * 2 + ["Luchataur"] * 2 + ["Gorillion"]},
                           {"hand": ["Bee Bear"], "play": ["Spider Owl", "Killer Bee"]}])
    scene = start(app, g)
    settle(app, scene)
    log = pygame.Rect(layout.LOG_PANEL)
    for sp in scene.sprites.values():
        r = zoom_rect(app.ctx.renderer.zoom(DB.defs[0]).get_size(), sp.rect())
        assert not r.colliderect(log)
        assert pygame.Rect(0, 0, 1280, 720).contains(r)


def test_a_right_click_zoom_closes_when_the_mouse_leaves_the_card(app):
    g = from_position(DB, [{"hand": ["Gorillion", "Luchataur"]}, {"hand": ["Bee Bear"], "mindbugs": 0}])
    scene = start(app, g)
    settle(app, scene)
    card = g.hands[0][0]
    pos = center(scene, card)
    move(app, pos)
    post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=3),
         pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=3))
    app.step()
    assert scene.zoom_pinned and scene.zoom_key == card
    move(app, (600, 330))  # bare felt
    assert not scene.zoom_pinned and scene.zoom_key is None


def test_an_effect_target_is_dragged_where_the_effect_sends_it(app):
    # Tiger Squirrel: "Play: defeat an enemy creature with power 7 or more": drag the target
    # onto its owner's discard pile; the source can also be dragged onto the target.
    g = from_position(DB, [{"hand": ["Tiger Squirrel", "Bee Bear"]},
                           {"play": ["Gorillion", "Luchataur"], "hand": ["Spider Owl"], "mindbugs": 0}])
    scene = start(app, g)
    settle(app, scene)
    drag(app, center(scene, g.hands[0][0]), (600, 430))
    settle(app, scene)
    assert g.pending.kind == "choose" and g.pending.purpose == "defeat"
    gorillion = g.plays[1][0]
    zones, _ = plan(scene, g.pending.source)
    assert {z.card for z in zones} == set(g.plays[1])  # the source lights every target
    drag(app, center(scene, gorillion), hud.discard_rect(False).center)
    settle(app, scene)
    assert gorillion in g.discards[1]


def test_harpy_mothers_two_picks_are_counted():
    from game.ui.match.choices import StepCounter

    harpy = DB.by_name("Harpy Mother")

    class D:
        def __init__(self, serial):
            self.seat, self.kind, self.purpose, self.source, self.serial = 0, "choose", "take control", 7, serial

    steps = StepCounter()
    assert steps.observe(D(1), harpy, 5).label() == "(1 of up to 2)"
    assert steps.observe(D(2), harpy, 5).label() == "(2 of up to 2)"
    assert steps.observe(D(3), DB.by_name("Gorillion"), 5) is None


def test_a_card_that_cannot_be_used_springs_back_saying_why(app):
    g = from_position(DB, [{"play": ["Gorillion"], "hand": ["Spider Owl"]},
                           {"play": ["Luchataur"], "hand": []}], turn=1)
    scene = start(app, g)
    settle(app, scene)
    owl, attacker = g.hands[0][0], g.plays[1][0]
    home = center(scene, owl)
    drag(app, home, center(scene, attacker))
    settle(app, scene)
    assert g.pending.kind == "block" and owl in g.hands[0]
    assert "Spider Owl is not one of the choices" in scene.prompt_text()[0]
    assert center(scene, owl) == home
