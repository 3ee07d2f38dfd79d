"""The pause menu's Concede and Restart (issue 28), in 1v1 and 2v2: each asks first (Enter
and Esc keep playing), a concession ends the game as a loss for the side that gave it up (the
game-over box says so, with its buttons), and the record is kept as a finished replay that
verifies; a restart does the same and deals a new game with the same seats."""

from __future__ import annotations

import pygame
import pytest

from game.persist.rebuild import CONCEDED, RecordError, check_result, rebuild
from game.persist.record import Result
from game.ui.core.match_config import MatchConfig, computer, person
from game.ui.match import menus
from game.ui.match.scene import MatchScene
from tests.support.pause_menu import _over_box, _pause_button, _settled
from tests.support.saved_match import button, click, key, start_match

pytestmark = pytest.mark.window('--speed', '20', first_frame=True)


def test_the_pause_menu_offers_restart_and_concede_in_a_game_against_the_computer(app):
    scene = start_match(app)
    _settled(app, scene)
    pause, _b = _pause_button(app, scene, "Resume")
    labels = [b.text for b in pause.row.buttons]
    assert labels == ["Resume", "Restart", "Concede", "How to play", "Settings", "Quit to main menu"]


def test_a_demo_can_restart_but_nobody_concedes(app):
    scene = start_match(app, mode="demo")
    app.step()
    pause, _b = _pause_button(app, scene, "Resume")
    labels = [b.text for b in pause.row.buttons]
    assert "Restart" in labels and "Concede" not in labels


def test_concede_asks_and_enter_keeps_playing(app):
    scene = start_match(app)
    _settled(app, scene)
    serial = scene.ctl.pending.serial
    _pause, concede = _pause_button(app, scene, "Concede")
    concede.action()
    app.step()
    ask = app.ctx.scenes.top
    assert ask.title == "Concede the game?" and ask.lines == ["This game counts as a loss."]
    key(app, pygame.K_RETURN)  # the focus starts on "Keep playing"
    assert app.ctx.scenes.top is scene and not scene.ctl.over
    assert scene.ctl.pending.serial == serial


def test_conceding_ends_the_game_as_a_loss_kept_as_a_replay_that_verifies(app):
    scene = start_match(app, seed=5)
    _settled(app, scene)
    turn = scene.ctl.game.turn_no
    _pause, concede = _pause_button(app, scene, "Concede")
    concede.action()
    app.step()
    click(app, button(app.ctx.scenes.top.row.buttons, "Concede").rect.center)
    assert scene.ctl.over and scene.ctl.winner == 1
    box = _over_box(app, scene)
    assert box.title == "You lose"
    assert box.lines[0] == "You gave the game up."
    assert scene.log[-1][0] == "You concede."  # the log's own line: no engine event says it
    assert [b.text for b in box.row.buttons] == ["Rematch", "Watch replay", "Moments that decided it",
                                                 "Copy code", "Main menu"]
    record = scene.ctl.record()
    assert record.result == Result(1, CONCEDED, turn)
    check_result(record, rebuild(record).game)  # the replay verifies as it stands
    [kept] = app.ctx.store.replays()
    assert kept.error is None and kept.record.result.reason == CONCEDED


def test_restart_gives_the_game_up_and_deals_a_new_one_with_the_same_seats(app):
    scene = start_match(app, seed=5)
    _settled(app, scene)
    _pause, restart = _pause_button(app, scene, "Restart")
    restart.action()
    app.step()
    ask = app.ctx.scenes.top
    assert ask.title == "Restart with a new deal?"
    button(ask.row.buttons, "Restart").action()
    app.step()
    new = app.ctx.scenes.top
    assert isinstance(new, MatchScene) and new is not scene
    assert new.config.mode == scene.config.mode and new.ctl.seed != scene.ctl.seed
    assert scene.ctl.record().result.reason == CONCEDED


def test_a_team_game_against_computers_is_conceded_by_the_persons_team(app):
    seats = [person("Ada"), computer("random"), computer("random"), computer("random")]
    scene = MatchScene(app.ctx, MatchConfig.for_seats(seats, "2v2", 7))
    app.ctx.scenes.replace(scene)
    _settled(app, scene)
    assert menus.conceding_team(scene) == scene.ctl.game.team_of(0)
    _pause, concede = _pause_button(app, scene, "Concede")
    concede.action()
    app.step()
    button(app.ctx.scenes.top.row.buttons, "Concede").action()
    box = _over_box(app, scene)
    assert box.title == "Your team loses"
    assert "Watch replay" in [b.text for b in box.row.buttons]
    assert scene.log[-1][0] == f"{scene.team_name(scene.ctl.game.team_of(0))} concede."


def test_hot_seat_concedes_for_the_person_deciding_now(app):
    scene = MatchScene(app.ctx, MatchConfig(mode="hotseat", names=("Ann", "Bo"), seed=11))
    app.ctx.scenes.replace(scene)
    for _ in range(200):
        app.step()
        top = app.ctx.scenes.top
        if top is not scene and hasattr(top, "_reveal"):
            top._reveal()
        if scene.ctl.pending is not None and not scene.table.moving and top is scene:
            break
    seat = scene.ctl.decider()
    assert menus.conceding_team(scene) == scene.ctl.game.team_of(seat)


def test_a_record_that_says_conceded_must_stop_where_it_was_given_up(app):
    scene = start_match(app, seed=5)
    _settled(app, scene)
    scene.ctl.concede(0)
    record = scene.ctl.record()
    game = rebuild(record).game
    check_result(record, game)
    with pytest.raises(RecordError):
        check_result(record.__class__(**{**record.__dict__, "result": Result(1, CONCEDED, game.turn_no + 1)}),
                     game)


def test_the_replay_of_a_conceded_game_ends_its_log_with_the_concession(app):
    from game.ui.records.viewer import ReplayScene

    scene = start_match(app, seed=5)
    _settled(app, scene)
    _pause, concede = _pause_button(app, scene, "Concede")
    concede.action()
    app.step()
    button(app.ctx.scenes.top.row.buttons, "Concede").action()
    viewer = ReplayScene(app.ctx, scene.ctl.record())
    viewer.goto(viewer.tl.n_choices)
    assert viewer.table.log[-1][0] == "You concede."
    viewer.goto(0)
    assert "You concede." not in [line for line, _c in viewer.table.log]
    viewer.goto(viewer.tl.n_choices - 1)
    while not viewer.at_end:  # stepped to the end, event by event: the line comes last
        viewer.step_event()
    assert viewer.table.log[-1][0] == "You concede."
