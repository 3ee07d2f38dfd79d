"""Take back in the window: the button and Ctrl+Z return to the person's previous decision
(the same position, fingerprint for fingerprint), again and again, in 1v1 and 2v2 against
computers; never offered in hot seat or a demo, nor with the setting off; the save is marked
assisted; the computers' recorded answers replay while the person repeats the moves."""

from __future__ import annotations

import pygame
import pytest

from game.common.settings import Settings, check_fields
from game.persist.position import fingerprint
from game.persist.record import loads
from game.ui.core.match_config import MatchConfig, computer, person
from game.ui.match import takeback
from game.ui.match.scene import MatchScene
from game.ui.match.takeback import ScriptedAgent

pytestmark = pytest.mark.window('--speed', '50', first_frame=True)


def settle(app, scene, limit=4000):
    for _ in range(limit):
        app.step()
        ctl = scene.ctl
        if ctl.over:
            return
        if ctl.is_human(ctl.decider()) and not scene.queue and not scene.anim.batch_open \
                and not scene.tweener.busy and scene.decision_serial == ctl.pending.serial:
            return
    raise AssertionError("the match never settled")


def start(app, config):
    scene = MatchScene(app.ctx, config)
    app.ctx.scenes.replace(scene)
    settle(app, scene)
    return scene


def one_v_one(seed=5):
    return MatchConfig(mode="ai", ai_level="random", names=("You", "Computer"), seed=seed)


def two_v_two(seed=8):
    seats = [person("You"), computer("random"), computer("random"), computer("random")]
    return MatchConfig.for_seats(seats, seed=seed)


def ctrl_z(app):
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_z, mod=pygame.KMOD_LCTRL,
                                         unicode="\x1a"))
    app.step()


def play_decisions(app, scene, count):
    """``count`` of the person's decisions (the first option each time); the fingerprint of the
    position at each, oldest first."""
    seen = []
    for _ in range(count):
        if scene.ctl.over:
            break
        seen.append(fingerprint(scene.ctl.game))
        scene.submit(scene.ctl.pending.options[0])
        settle(app, scene)
    return seen


@pytest.mark.parametrize("config", [one_v_one(), two_v_two()], ids=["1v1", "2v2"])
def test_take_back_returns_to_each_earlier_decision(app, config):
    scene = start(app, config)
    assert takeback.buttons(scene) == [], "nothing to take back before your first decision"
    seen = play_decisions(app, scene, 4)
    assert len(seen) == 4 and not scene.ctl.over
    for expected in reversed(seen):
        ctrl_z(app)
        scene = app.ctx.scenes.top
        assert isinstance(scene, MatchScene)
        settle(app, scene)
        assert fingerprint(scene.ctl.game) == expected
        assert scene.ctl.assisted and scene.ctl.record().assisted
    assert takeback.buttons(scene) == [], "back at the first decision: nothing more to take back"


def test_the_button_takes_back_and_the_save_says_assisted(app):
    scene = start(app, one_v_one(seed=11))
    seen = play_decisions(app, scene, 2)
    [button] = takeback.buttons(scene)
    assert button.rect.collidelist([scene.menu_button.rect, scene.hints.button.rect]) == -1
    button.action()
    scene = app.ctx.scenes.top
    settle(app, scene)
    assert fingerprint(scene.ctl.game) == seen[-1]
    lines = [text for text, _color in scene.table.log]
    assert lines[-1].startswith("Move taken back")
    assert not any(t.startswith("The game goes on where it was left") for t in lines), "not from a save"
    app.ctx.writer.flush(5.0)
    saved = loads(app.ctx.store.saves.path(scene.ctl.game_id).read_text(encoding="utf-8"))
    assert saved.assisted and len(saved.choices) == scene.ctl.decision_no
    assert app.ctx.store.saves.holds(scene.ctl.game_id), "the lock passed to the new scene"


def test_repeating_the_move_replays_the_computers_recorded_answers(app):
    scene = start(app, one_v_one(seed=13))
    play_decisions(app, scene, 3)
    before = scene.ctl.record().choices
    ctrl_z(app)
    ctrl_z(app)
    scene = app.ctx.scenes.top
    scripted = [a for a in scene.ctl.agents.values() if isinstance(a, ScriptedAgent)]
    assert scripted
    asked = []

    class Thinker:  # stands in for the computer's own search: it must not be asked
        def choose(self, view, decision, rng):
            asked.append(decision)
            return decision.options[0]

    for a in scripted:
        a.agent = Thinker()
    settle(app, scene)
    play_decisions(app, scene, 2)  # the same moves as before the takebacks
    assert scene.ctl.record().choices == before[:len(scene.ctl.record().choices)]
    assert asked == [], "the computers answered as recorded, without thinking"


def test_never_offered_in_hot_seat_or_a_demo(app):
    hot = MatchConfig(mode="hotseat", names=("Ann", "Ben"), seed=3)
    scene = MatchScene(app.ctx, hot)
    app.ctx.scenes.replace(scene)
    # Until the table settles, not a fixed count: an idle frame waits a quarter second for input.
    for _ in range(200):
        if scene.ctl.pending is not None and not (app.ctx.scenes.animating or app.ctx.scenes.dirty):
            break
        app.step()
    scene.ctl.respond(scene.ctl.pending.options[0])
    assert scene.ctl.choices and not takeback.allowed(scene)
    assert takeback.take_back(scene) is False and scene in app.ctx.scenes.stack
    assert not scene.ctl.assisted
    demo = MatchScene(app.ctx, MatchConfig(mode="demo", seed=3, ai_level="random"))
    app.ctx.scenes.replace(demo)
    demo.ctl.respond(demo.ctl.pending.options[0])
    assert not takeback.allowed(demo)


def test_the_setting_off_hides_it_and_ctrl_z_does_nothing(app):
    scene = start(app, one_v_one(seed=17))
    play_decisions(app, scene, 1)
    assert takeback.buttons(scene)
    app.ctx.settings.takebacks = False
    assert takeback.buttons(scene) == []
    ctrl_z(app)
    assert app.ctx.scenes.top is scene and not scene.ctl.assisted


def test_the_takebacks_setting_is_validated_and_on_the_settings_screen(app):
    from game.ui.screens.settings import SettingsScene

    assert Settings().takebacks is True
    values, bad = check_fields({"takebacks": 0})
    assert values["takebacks"] is True and bad and bad[0].startswith("takebacks")
    screen = SettingsScene(app.ctx)
    app.ctx.scenes.push(screen)
    row = screen.open_row("Take backs (Undo, Ctrl+Z)")
    screen.row.buttons[row].action()
    assert app.ctx.settings.takebacks is False and screen.row.buttons[row].text == "Off"
