"""The gold default a player can trust (issue 42, deliverable 2): one rule (game.ui.kit.gold)
on every screen: never a button that destroys, never a Mindbug the hint did not advise, never
against a lesson's instruction, and on the first start the tutorial's offer."""

from __future__ import annotations

import pygame
import pytest

from game.cards import load_cards
from game.engine import from_position
from game.learn.tutorial import list_lessons
from game.ui.core.match_config import MatchConfig
from game.ui.kit import gold
from game.ui.kit.menu_overlay import MenuOverlay
from game.ui.learn import progress as progress_mod
from game.ui.learn.lesson_match import LessonMatch
from game.ui.match import hints as hint_view
from game.ui.match import menus
from game.ui.match.leave_prompt import LeavePrompt
from game.ui.match.scene import MatchScene
from game.ui.screens.games_in_progress import GamesScene
from game.ui.screens.title import OFFER_YES, TitleScene

pytestmark = pytest.mark.window('--speed', '50', first_frame=True)

DB = load_cards()


def key(app, k: int) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0))
    app.step()


def settle(app, scene: MatchScene, limit: int = 3000) -> None:
    for _ in range(limit):
        app.step()
        d = scene.ctl.pending
        if d is not None and scene.ctl.is_human(d.seat) and scene.decision_serial == d.serial \
                and not scene.table.moving and not scene.queue:
            return
    raise AssertionError("the person was never asked")


def golden(buttons) -> list[str]:
    return [b.text for b in buttons if b.primary]


# --- the rule itself ----------------------------------------------------------------------------
def test_the_rule_skips_what_destroys_and_unadvised_mindbugs_and_puts_advice_first():
    plain, mindbug = gold.PLAIN, gold.Offer(spends_mindbug=True)
    assert gold.choose([mindbug, plain]) == 1
    assert gold.choose([gold.Offer(spends_mindbug=True, advised=True), plain]) == 0
    assert gold.choose([gold.DESTROYS, plain]) == 1
    assert gold.choose([gold.Offer(destroys=True, advised=True), plain]) == 1  # never, even advised
    assert gold.choose([plain, gold.ADVISED]) == 1
    assert gold.choose([gold.Offer(loses=True), plain]) == 1
    assert gold.choose([gold.Offer(loses=True, advised=True), plain]) == 0
    assert gold.choose([gold.DESTROYS]) is None
    assert gold.choose([]) is None


# --- the Mindbug question -----------------------------------------------------------------------
def _mindbug_asked(app, card: str, mode: str = "ai") -> MatchScene:
    """The other seat plays ``card`` (its only card) first: the person is asked about a Mindbug."""
    g = from_position(DB, [{"hand": ["Spider Owl", "Bee Bear"], "deck": ["Turbo Bug"]},
                           {"hand": [card], "deck": ["Lone Yeti"]}], turn=1)
    names = ("You", "Computer") if mode == "ai" else ("Ann", "Bo")
    scene = MatchScene(app.ctx, MatchConfig(mode=mode, ai_level="random", names=names, seed=3), game=g)
    app.ctx.scenes.replace(scene)
    if mode == "hotseat":
        from tests.support.curtain import lift_curtain

        lift_curtain(app, scene)
        scene.submit(g.option_for(f"play {card}"))
        lift_curtain(app, scene)
    else:
        settle(app, scene)
    assert g.pending.kind == "mindbug" and g.pending.seat == 0
    return scene


def test_vs_random_a_power_1_card_is_let_go_by_enter(app):
    scene = _mindbug_asked(app, "Chameleon Sniper")
    assert golden(scene.row.buttons) == ["Let it go"]
    g = scene.ctl.game
    sniper = g.pending.source
    key(app, pygame.K_RETURN)
    assert sniper in g.plays[1] and g.mindbugs[0] == 2  # let go: no Mindbug spent


def test_in_hot_seat_letting_it_go_is_gold(app):
    scene = _mindbug_asked(app, "Gorillion", mode="hotseat")
    assert golden(scene.row.buttons) == ["Let it go"]


def test_the_gold_follows_the_hint_on_a_mindbug(app):
    scene = _mindbug_asked(app, "Plated Scorpion")
    assert golden(scene.row.buttons) == ["Let it go"], "no hint asked yet: letting it go is gold"
    key(app, pygame.K_h)
    for _ in range(4000):
        app.step()
        if scene.hints.worker is None:
            break
    shown = hint_view.shown(scene)
    assert shown is not None
    hinted = next(c.text for c in scene.choices if c.option == shown.option)
    assert golden(scene.row.buttons) == [hinted]


def test_a_hint_that_says_let_it_go_keeps_the_gold_there(app):
    scene = _mindbug_asked(app, "Plated Scorpion")
    pass_option = next(c.option for c in scene.choices if c.option.verb == "pass")
    mindbug_option = next(c.option for c in scene.choices if c.option.verb == "mindbug")

    class Said:
        def __init__(self, option):
            self.option, self.win_rate, self.why = option, 0.5, None

    for option, expected in ((pass_option, "Let it go"), (mindbug_option, "Mindbug it! (2 left)")):
        scene.hints.serial, scene.hints.result = scene.ctl.pending.serial, Said(option)
        scene.advice_changed()
        assert golden(scene.row.buttons) == [expected]


# --- a lesson's instruction -----------------------------------------------------------------------
def test_lesson_5_the_gold_is_the_hunt_it_asks_for(app):
    lessons = list_lessons()
    index = next(i for i, lesson in enumerate(lessons) if lesson.key == "05-hunter")
    scene = LessonMatch(app.ctx, lessons, index, progress_mod.load())
    app.ctx.scenes.push(scene)
    settle(app, scene)
    g = scene.ctl.game
    key(app, pygame.K_RETURN)  # nothing gold on the action: Enter selects the card it asks for
    assert scene.selected is not None and g.label(scene.selected.option) == "attack Killer Bee"
    assert golden(scene.row.buttons) == ["Attack with Killer Bee"]
    key(app, pygame.K_RETURN)
    settle(app, scene)
    assert g.pending.kind == "hunt"
    assert golden(scene.row.buttons) == ["Hunt Ferret Bomber"]
    key(app, pygame.K_RETURN)
    assert scene.run.refused == 0 and scene.run.index == 2  # the lesson's move, taken by Enter


# --- boxes: what destroys is never gold -------------------------------------------------------------
def test_the_concede_question_has_keep_playing_gold(app):
    g = from_position(DB, [{"hand": ["Spider Owl"]}, {"hand": ["Bee Bear"]}])
    scene = MatchScene(app.ctx, MatchConfig(mode="ai", ai_level="random", names=("You", "Computer"),
                                            seed=3), game=g)
    app.ctx.scenes.replace(scene)
    settle(app, scene)
    menus._ask_give_up(scene, None, restart=False)
    box = app.ctx.scenes.top
    assert isinstance(box, MenuOverlay) and box.title == "Concede the game?"
    assert golden(box.row.buttons) == ["Keep playing (Esc)"]
    key(app, pygame.K_RETURN)
    assert app.ctx.scenes.top is scene and not scene.ctl.over
    menus._ask_give_up(scene, None, restart=True)
    assert golden(app.ctx.scenes.top.row.buttons) == ["Keep playing (Esc)"]


def test_leave_and_discard_are_never_gold(app):
    prompt = LeavePrompt(app.ctx, lambda: None)
    assert golden(prompt.row.buttons) == ["Keep playing (Esc)"]
    games = GamesScene(app.ctx)
    app.ctx.scenes.push(games)
    games.rows = [type("Row", (), {"playable": True, "hosted": None})()]
    from game.ui.screens import games_in_progress
    games_in_progress.describe = lambda row: "a game"  # the row above is a stand-in
    games.ask_discard(0)
    box = app.ctx.scenes.top
    assert box.title == "Discard this game?" and golden(box.row.buttons) == ["Keep it (Esc)"]


# --- the first start ------------------------------------------------------------------------------
def test_on_the_first_start_the_gold_is_the_tutorials_offer(app):
    title = app.ctx.scenes.top
    assert isinstance(title, TitleScene) and title.offer
    assert golden(title.row.buttons) == [OFFER_YES]
    key(app, pygame.K_RETURN)
    assert isinstance(app.ctx.scenes.top, LessonMatch) and app.ctx.scenes.top.index == 0


def test_after_the_offer_the_gold_is_the_first_entry(app):
    title = app.ctx.scenes.top
    next(b for b in title.row.buttons if b.text == "Not now").action()
    assert golden(title.row.buttons) == [title.row.buttons[0].text]
