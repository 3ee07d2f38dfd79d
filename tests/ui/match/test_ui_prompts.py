"""Issue 12 items 1, 2 and 5: Enter takes the gold default on the new-game screens, the hot-seat
curtain words an extra turn as one, and the leave question replaces the pause menu."""

from __future__ import annotations

import pygame  # noqa: E402
import pytest  # noqa: E402

from game.app import App  # noqa: E402
from game.ui.core.match_config import MatchConfig  # noqa: E402
from game.ui.kit.menu_overlay import MenuOverlay  # noqa: E402
from game.ui.match.curtain import CurtainScene  # noqa: E402
from game.ui.match.leave_prompt import LeavePrompt  # noqa: E402
from game.ui.match.scene import MatchScene  # noqa: E402
from game.ui.screens.new_game import NewGameScene  # noqa: E402
from game.ui.screens.title import TitleScene  # noqa: E402
from tests.support.menu_events import button, click, key  # noqa: E402

pytestmark = pytest.mark.window(first_frame=True, keep_ai_pause=True)



def _new_game(app: App, which: str) -> NewGameScene:
    click(app, button(app.ctx.scenes.top, which).rect.center)
    scene = app.ctx.scenes.top
    assert isinstance(scene, NewGameScene)
    return scene


def _started(app: App) -> bool:
    return any(isinstance(s, MatchScene) for s in app.ctx.scenes.stack)


# Item 1: Enter on the new-game screens ------------------------------------------------------
@pytest.mark.parametrize("which", ["Play vs Computer", "Team Game (2 vs 2)"])
def test_enter_with_nothing_focused_starts_the_game(app, which):
    _new_game(app, which)
    key(app, pygame.K_RETURN)
    assert _started(app)


def test_enter_on_a_picked_level_starts_with_that_level(app):
    scene = _new_game(app, "Play vs Computer")
    click(app, button(scene, "Hard").rect.center)
    key(app, pygame.K_KP_ENTER)
    match = next(s for s in app.ctx.scenes.stack if isinstance(s, MatchScene))
    assert match.config.ai_level == "hard"


def test_enter_in_a_name_field_ends_editing_and_a_second_enter_starts(app):
    scene = _new_game(app, "Two Players (Hot Seat)")
    click(app, scene.name_rects[0].center)
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text="Ann"))
    app.step()
    key(app, pygame.K_RETURN)
    assert scene.editing is None and not _started(app)
    assert scene.row.buttons[scene.row.focus].text == "Start Game"  # the next Enter's target, shown
    key(app, pygame.K_RETURN)
    assert _started(app)
    assert app.ctx.settings.player_names[0] == "Ann"


def test_tab_then_enter_still_presses_the_focused_button(app):
    scene = _new_game(app, "Play vs Computer")
    key(app, pygame.K_TAB)  # the first level, "Random"
    key(app, pygame.K_RETURN)
    assert not _started(app) and scene.level == "random"
    key(app, pygame.K_RIGHT)
    assert scene.row.buttons[scene.row.focus].text == "Easy"


# Item 5: the leave question replaces the pause menu ------------------------------------------
def _paused_match(app: App) -> MatchScene:
    scene = MatchScene(app.ctx, MatchConfig(mode="ai", ai_level="random", seed=3))
    app.ctx.scenes.replace(scene)
    for _ in range(5):
        app.step()
    key(app, pygame.K_ESCAPE)
    assert app.ctx.scenes.top.title == "Paused"
    return scene


def _quit_to_menu(app: App) -> None:
    click(app, button(app.ctx.scenes.top, "Quit to main menu").rect.center)


def test_the_leave_question_replaces_the_pause_menu(app):
    scene = _paused_match(app)
    _quit_to_menu(app)
    assert isinstance(app.ctx.scenes.top, LeavePrompt)
    shown = app.ctx.scenes.visible()
    assert not [s for s in shown if isinstance(s, MenuOverlay) and not isinstance(s, LeavePrompt)], \
        "the pause menu's buttons show through the question"
    assert shown == [scene, app.ctx.scenes.top]


@pytest.mark.parametrize("k", [pygame.K_ESCAPE, pygame.K_n])
def test_keep_playing_returns_to_the_game(app, k):
    scene = _paused_match(app)
    _quit_to_menu(app)
    key(app, k)
    assert app.ctx.scenes.stack == [scene]  # "Keep playing" as it says: no pause menu left over


def test_leave_from_the_pause_menu_reaches_the_title(app):
    _paused_match(app)
    _quit_to_menu(app)
    key(app, pygame.K_y)
    assert isinstance(app.ctx.scenes.top, TitleScene)


# Item 1 (issue 12): the hot-seat curtain's words for each situation ---------------------------
def _hot_seat(app: App) -> MatchScene:
    app.ctx.settings.anim_speed = 20.0
    scene = MatchScene(app.ctx, MatchConfig(mode="hotseat", names=("Ann", "Bo"), seed=5))
    app.ctx.scenes.replace(scene)
    return scene


def _next_curtain(app: App, scene: MatchScene, answer) -> CurtainScene:
    """Run frames, answering every revealed decision with ``answer(decision)``, until a curtain."""
    for _ in range(3000):
        top = app.ctx.scenes.top
        if isinstance(top, CurtainScene):
            return top
        app.step()
        d = scene.ctl.pending
        if d is not None and scene.decision_serial == d.serial and scene.revealed == d.seat:
            scene.submit(answer(d))
    raise AssertionError("no curtain came up")


def _lift(app: App, curtain: CurtainScene) -> None:
    curtain.update(1.0)  # armed
    curtain.button.action()
    app.step()


def _first_play_then_mindbug(d):
    """Play a card; the other player takes it with a Mindbug; anything else: the first option."""
    for verb in ("play", "mindbug"):
        chosen = next((o for o in d.options if o.verb == verb), None)
        if chosen is not None:
            return chosen
    return d.options[0]


def test_the_curtain_words_an_extra_turn_after_a_mindbug(app):
    scene = _hot_seat(app)
    first = _next_curtain(app, scene, _first_play_then_mindbug)
    assert first.note == "It is your turn."
    _lift(app, first)
    offer = _next_curtain(app, scene, _first_play_then_mindbug)
    assert scene.ctl.pending.kind == "mindbug"
    assert offer.note == "A card was played: you may use a Mindbug."  # an answer in Ann's turn
    player = scene.ctl.game.active
    _lift(app, offer)
    again = _next_curtain(app, scene, _first_play_then_mindbug)
    d = scene.ctl.pending
    assert d.kind == "action" and d.seat == player  # the same player, after the Mindbug
    assert again.note == "Your card was taken with a Mindbug: you take another turn."


def test_the_curtain_after_an_extra_turn_is_an_ordinary_turn_again(app):
    """Bo uses both his Mindbugs (two extra turns for Ann); Ann's next card finds him without
    one, so his own turn comes up behind the curtain: an ordinary turn, worded as one."""
    scene = _hot_seat(app)
    notes = []
    for _ in range(8):
        curtain = _next_curtain(app, scene, _first_play_then_mindbug)
        notes.append((scene.ctl.pending.kind, curtain.note))
        _lift(app, curtain)
    extra = ("action", "Your card was taken with a Mindbug: you take another turn.")
    assert extra in notes, notes
    after = notes[notes.index(extra) + 1:]
    assert ("action", "It is your turn.") in after, notes


def test_every_curtain_says_why_it_is_up():
    """A frenzy, a hunt or an order decision handed over had an empty line under the name."""
    from types import SimpleNamespace

    from game.ui.match import seats as match_seats

    game = SimpleNamespace(n_seats=2, active=0, team_of=lambda s: s)
    ctl = SimpleNamespace(game=game, name=lambda s: "Ann", extra_turn=False)
    sc = SimpleNamespace(ctl=ctl, card_name=lambda c: "Shark Dog")
    for kind in ("frenzy", "hunt", "order"):
        d = SimpleNamespace(kind=kind, seat=0, source=3, purpose=kind)
        assert match_seats.curtain_note(sc, d), kind
