"""The real match scene driven headless with pygame events: drag to play, the Mindbug prompt,
a block, the exhaust tween, and what hot seat may show."""

from __future__ import annotations

import pygame  # noqa: E402
import pytest  # noqa: E402

from game.engine import events as E  # noqa: E402
from game.engine import from_position  # noqa: E402
from game.ui.core.match_config import MatchConfig  # noqa: E402
from game.ui.match.scene import MatchScene  # noqa: E402
from tests.support.match_events import DB, click, drag, post, settle, start

pytestmark = pytest.mark.window('--speed', '5')















def button(scene: MatchScene, text_start: str):
    for b in scene.row.buttons:
        if b.text.startswith(text_start):
            return b
    raise AssertionError(f"no button {text_start!r} in {[b.text for b in scene.row.buttons]}")


def center(scene: MatchScene, cid: int) -> tuple[int, int]:
    return scene.sprites[cid].rect().center


def test_drag_hand_card_onto_table_plays_it(app):
    g = from_position(DB, [{"hand": ["Gorillion", "Luchataur"], "deck": ["Spider Owl"] * 3},
                           {"hand": ["Bee Bear"], "mindbugs": 0, "deck": ["Killer Bee"] * 3}])
    scene = start(app, g)
    settle(app, scene)
    gorillion = g.hands[0][0]
    assert scene.sprites[gorillion].highlight == "legal"
    drag(app, center(scene, gorillion), (600, 430))
    settle(app, scene)
    assert gorillion in g.plays[0]
    assert any("You play Gorillion" in line for line, _ in scene.log)
    assert scene.sprites[gorillion].zone == "play"


def test_every_copy_of_an_offered_card_is_playable(app):
    # The engine offers one option for interchangeable copies (rule 19); both copies light up
    # and the one the player drags is the one that is played.
    g = from_position(DB, [{"hand": ["Spider Owl", "Gorillion", "Spider Owl"]},
                           {"hand": ["Bee Bear"], "mindbugs": 0}])
    scene = start(app, g)
    settle(app, scene)
    first, second = g.hands[0][0], g.hands[0][2]
    assert scene.sprites[first].highlight == "legal"
    assert scene.sprites[second].highlight == "legal"
    drag(app, center(scene, second), (600, 430))
    settle(app, scene)
    assert second in g.plays[0] and first in g.hands[0]


def test_select_then_confirm_plays_too(app):
    g = from_position(DB, [{"hand": ["Gorillion", "Luchataur"]}, {"hand": ["Bee Bear"], "mindbugs": 0}])
    scene = start(app, g)
    settle(app, scene)
    luch = g.hands[0][1]
    click(app, center(scene, luch))
    assert scene.selected is not None and scene.sprites[luch].highlight == "selected"
    click(app, button(scene, "Play Luchataur").rect.center)
    settle(app, scene)
    assert luch in g.plays[0]


def test_mindbug_prompt_shows_the_card_and_takes_it(app):
    # The computer (seat 1) must play its only card; we hold two Mindbugs.
    g = from_position(DB, [{"hand": ["Spider Owl"]}, {"hand": ["Gorillion"]}], turn=1)
    scene = start(app, g)
    settle(app, scene)
    d = g.pending
    assert d.kind == "mindbug" and d.seat == 0
    gorillion = d.source
    assert scene.model.stage == gorillion  # shown large in the middle of the table
    text, _ = scene.prompt_text()
    assert "Mindbug" in text and "Gorillion" in text
    click(app, button(scene, "Mindbug it!").rect.center)
    settle(app, scene)
    assert gorillion in g.plays[0] and g.mindbugs[0] == 1
    assert scene.model.mindbugs[0] == 1


def test_keyboard_passes_on_mindbug(app):
    g = from_position(DB, [{"hand": ["Spider Owl"]}, {"hand": ["Gorillion"]}], turn=1)
    scene = start(app, g)
    settle(app, scene)
    # Tab to the second option ("Let it go") and confirm with Enter.
    for key in (pygame.K_TAB, pygame.K_TAB, pygame.K_RETURN):
        post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0))
    app.step()
    settle(app, scene)
    assert g.mindbugs[0] == 2
    assert g.plays[1]  # the computer kept its card


def test_block_by_clicking_a_blocker(app):
    # The computer attacks with Luchataur (9); we block with Gorillion (10).
    g = from_position(DB, [{"play": ["Gorillion"], "hand": ["Spider Owl"]},
                           {"play": ["Luchataur"], "hand": []}], turn=1)
    scene = start(app, g)
    settle(app, scene)
    d = g.pending
    assert d.kind == "block" and d.seat == 0
    gorillion = g.plays[0][0]
    attacker = g.plays[1][0]
    assert scene.sprites[attacker].highlight == "attacker"
    assert scene.sprites[gorillion].highlight == "legal"
    assert "attacks you" in scene.prompt_text()[0]
    click(app, center(scene, gorillion))
    click(app, button(scene, "Block with Gorillion").rect.center)
    settle(app, scene)
    assert attacker in g.discards[1]
    assert gorillion in g.plays[0]
    assert g.life[0] == 3


def test_attack_by_dragging_a_creature_upward(app):
    g = from_position(DB, [{"play": ["Gorillion"], "hand": []}, {"hand": ["Spider Owl"], "play": []}])
    scene = start(app, g)
    settle(app, scene)
    gorillion = g.plays[0][0]
    drag(app, center(scene, gorillion), (600, 150))
    settle(app, scene)
    assert g.life[1] == 2


def test_exhaust_tween_ends_at_90_degrees(app):
    g = from_position(DB, [{"play": ["Rhino Turtle"], "hand": ["Spider Owl"]}, {"hand": ["Bee Bear"]}])
    scene = start(app, g)
    settle(app, scene)
    turtle = g.plays[0][0]
    sprite = scene.sprites[turtle]
    assert sprite.angle == 0
    wait = scene.anim.play(E.Exhausted(0, turtle))
    assert wait > 0 and scene.tweener.busy
    angles = []
    for _ in range(200):
        scene.tweener.update(1 / 60)
        angles.append(sprite.angle)
        if not scene.tweener.busy:
            break
    assert sprite.angle == pytest.approx(90.0)
    assert 0 < min(a for a in angles if a > 0) < 90  # it turned, it did not jump


class SpyRenderer:
    """Wraps the card renderer and records every card face drawn."""

    def __init__(self, inner) -> None:
        self.inner = inner
        self.faces: list[str] = []

    def face(self, card_def, width):
        self.faces.append(card_def.name)
        return self.inner.face(card_def, width)

    def back(self, width):
        return self.inner.back(width)

    def zoom(self, card_def):
        self.faces.append(card_def.name)
        return self.inner.zoom(card_def)


def test_hot_seat_never_draws_the_other_hand(app):
    hands = [["Gorillion", "Luchataur", "Bee Bear"], ["Spider Owl", "Killer Bee", "Turbo Bug"]]
    g = from_position(DB, [{"hand": hands[0]}, {"hand": hands[1]}])
    spy = SpyRenderer(app.ctx.renderer)
    app.ctx.renderer = spy
    scene = start(app, g, mode="hotseat", names=("Ann", "Bo"))
    curtains = 0
    for _ in range(12):
        if g.winner is not None:
            break
        for _ in range(400):  # run until the curtain or a decision for the revealed player
            app.step()
            if app.ctx.scenes.top is not scene or (
                    scene.decision_serial == g.pending.serial and not scene.anim.batch_open):
                break
        if app.ctx.scenes.top is not scene:
            curtains += 1
            spy.faces.clear()
            app.ctx.scenes.top.dirty = True
            app.step()
            assert not set(spy.faces) & set(hands[0] + hands[1]), "a hand showed through the curtain"
            seat = g.pending.seat
            app.ctx.scenes.top.update(1.0)  # the curtain arms after it has been on screen a moment
            click(app, (640, 450))  # "I'm <name>: show my cards"
            assert scene.revealed == seat and scene.bottom == seat
            continue
        seat = g.pending.seat
        spy.faces.clear()
        scene.dirty = True
        app.step()
        other = set(hands[1 - seat]) - {g.card(c).name for s in (0, 1) for c in g.plays[s] + g.discards[s]}
        other -= {g.card(g.limbo).name} if g.limbo >= 0 else set()
        assert not set(spy.faces) & other, f"{other & set(spy.faces)} of the other hand was drawn"
        # Answer with the first option (a play, a pass), through the scene.
        scene.submit(g.pending.options[0])
    assert curtains >= 2


def test_game_over_offers_rematch_and_esc_pauses(app):
    from game.ui.kit.menu_overlay import MenuOverlay

    g = from_position(DB, [{"play": ["Gorillion"], "hand": ["Spider Owl"]}, {"hand": ["Bee Bear"], "life": 1}])
    scene = start(app, g)
    settle(app, scene)
    post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="", scancode=0))
    app.step()
    pause = app.ctx.scenes.top
    assert isinstance(pause, MenuOverlay) and pause.title == "Paused"
    click(app, button(pause, "Resume").rect.center)
    assert app.ctx.scenes.top is scene
    drag(app, center(scene, g.plays[0][0]), (600, 150))
    for _ in range(600):
        app.step()
        if app.ctx.scenes.top is not scene:
            break
    over = app.ctx.scenes.top
    assert isinstance(over, MenuOverlay) and over.title == "You win!"
    over.t = 0.0  # the box has just come: a click on Rematch during its entrance is a click on it
    click(app, button(over, "Rematch").rect.center)
    assert isinstance(app.ctx.scenes.top, MatchScene) and app.ctx.scenes.top is not scene


def test_after_every_batch_sprites_match_the_engine_view(app):
    """AI vs AI: whenever the table is at rest, one sprite per card, each exactly in its slot."""
    from game.ui.table import layout
    from game.ui.table.model import TableModel

    app.ctx.speed_override = 50.0
    app.ctx.demo = True
    scene = MatchScene(app.ctx, MatchConfig(mode="demo", ai_level="random", names=("A", "B"), seed=21))
    app.ctx.scenes.replace(scene)
    checks = 0
    for _ in range(6000):
        app.step()
        if app.ctx.scenes.top is not scene or not app.ctx.running:
            break
        at_rest = not scene.table.moving
        if not at_rest:
            continue
        model = TableModel.from_state(scene.ctl.game.view(scene.bottom).state)
        slots = layout.compute(model, scene.bottom, scene.face_up_hands())
        assert set(slots) == set(scene.sprites)
        for key, slot in slots.items():
            sp = scene.sprites[key]
            assert (round(sp.x), round(sp.y), round(sp.angle)) == (round(slot.x), round(slot.y), round(slot.angle))
            assert sp.lift == 0 or slot.zone == "hand"
        checks += 1
    assert scene.ctl.over and checks > 20


def test_click_skips_animations_and_discard_pile_opens(app):
    from game.ui.match.discard_viewer import DiscardViewer
    from game.ui.table import hud

    app.ctx.speed_override = 0.5  # slow: the batch is still playing when we click
    app.ctx.settings.ai_pause = 30.0  # and the computer does not answer straight after
    g = from_position(DB, [{"hand": ["Gorillion", "Spider Owl"], "discard": ["Killer Bee", "Bee Bear"]},
                           {"hand": ["Luchataur"], "mindbugs": 0}])
    scene = start(app, g)
    settle(app, scene)
    scene.submit(g.pending.options[0])
    app.step()
    assert scene.queue or scene.anim.batch_open
    click(app, (640, 330))
    assert not scene.queue and not scene.anim.batch_open and not scene.tweener.busy
    click(app, hud.discard_rect(True).center)
    viewer = app.ctx.scenes.top
    assert isinstance(viewer, DiscardViewer)
    assert sorted(d.name for d in viewer.defs) == ["Bee Bear", "Killer Bee"]
    click(app, (640, 360))
    assert app.ctx.scenes.top is scene


def test_a_stray_release_does_not_lift_the_curtain(app):
    from game.ui.match.curtain import CurtainScene

    g = from_position(DB, [{"hand": ["Gorillion"]}, {"hand": ["Bee Bear"]}])
    scene = start(app, g, mode="hotseat", names=("Ann", "Bo"))
    for _ in range(5):
        app.step()
    curtain = app.ctx.scenes.top
    assert isinstance(curtain, CurtainScene)
    post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(640, 450), button=1))
    app.step()
    assert app.ctx.scenes.top is curtain and scene.revealed is None
    curtain.update(1.0)  # on screen long enough to arm
    click(app, (640, 450))
    assert app.ctx.scenes.top is scene and scene.revealed == 0


def test_window_stays_responsive_while_the_ai_thinks(app):
    import threading
    import time

    release = threading.Event()

    class SlowAgent:
        def choose(self, view, decision, rng):
            assert view.seat == 1  # the agent works on its own seat's view, not the real state
            release.wait(10)
            return decision.options[0]

    g = from_position(DB, [{"hand": ["Spider Owl"]}, {"hand": ["Gorillion"]}], turn=1)
    scene = start(app, g)
    scene.ctl.agents[1] = SlowAgent()
    for _ in range(50):
        app.step()
        if scene.ctl.worker is not None:
            break
    assert scene.ctl.worker is not None
    frames, t0 = app.ctx.frames, time.perf_counter()
    for _ in range(10):
        app.step()
    assert app.ctx.frames - frames == 10  # drawing every frame: the thinking indicator turns
    assert time.perf_counter() - t0 < 1.0
    post(pygame.event.Event(pygame.QUIT))
    app.step()
    assert not app.ctx.running
    release.set()
