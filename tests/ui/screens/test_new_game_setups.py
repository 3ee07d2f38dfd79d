"""The new-game screen's 2v2 set-up (the variant's text): Mindbugs per player (2 or 1) and the
deck (one set, or two sets shuffled together), chosen with the mouse and the keyboard, readable
at 100% and 200% text size in English and German, and dealt as chosen."""

from __future__ import annotations

import pygame
import pytest

from game.common import i18n
from game.ui.kit import legible
from game.ui.kit.widgets import label_lines
from game.ui.match.scene import MatchScene
from game.ui.screens.new_game import NewGameScene


@pytest.fixture
def app(open_window):
    return open_window("--speed", "40", "--max-fps", "1000")


def click(app, pos) -> None:
    for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        pygame.event.post(pygame.event.Event(kind, pos=pos, button=1))
    app.step()


def two_v_two(app) -> NewGameScene:
    app.step()
    scene = NewGameScene(app.ctx, hot_seat=False, rules="2v2")
    app.ctx.scenes.push(scene)
    app.step()
    return scene


def button(scene: NewGameScene, text: str):
    return next(b for b in scene.row.buttons if b.text == text)


def test_a_2v2_of_one_mindbug_each_and_two_sets_is_dealt_as_chosen(app) -> None:
    scene = two_v_two(app)
    click(app, button(scene, "2 Mindbugs each").rect.center)
    click(app, button(scene, "Deck: 1 set").rect.center)
    assert (scene.mindbugs, scene.sets) == (1, 2)
    assert button(scene, "1 Mindbug each") and button(scene, "Deck: 2 sets (96 cards)")
    click(app, button(scene, "Start Game").rect.center)
    top = app.ctx.scenes.top
    match = top if isinstance(top, MatchScene) else app.ctx.scenes.stack[-2]
    assert isinstance(match, MatchScene)
    game = match.ctl.game
    assert len(game.cards) == 96 and game.n_seats == 4
    assert game.mindbugs == [1, 1, 1, 1]
    record = match.ctl.record()
    assert (record.mindbugs, record.sets) == (1, 2)


def test_the_default_is_two_mindbugs_and_one_set(app) -> None:
    scene = two_v_two(app)
    assert (scene.mindbugs, scene.sets) == (2, 1)
    click(app, button(scene, "Start Game").rect.center)
    top = app.ctx.scenes.top
    match = top if isinstance(top, MatchScene) else app.ctx.scenes.stack[-2]
    assert len(match.ctl.game.cards) == 48 and match.ctl.game.mindbugs == [2, 2, 2, 2]


def test_the_keyboard_reaches_the_set_up(app) -> None:
    scene = two_v_two(app)
    for _ in range(len(scene.row.buttons)):  # the set-up is last in the Tab order
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_TAB, mod=0, unicode="\t"))
        app.step()
        if scene.row.buttons[scene.row.focus].text == "2 Mindbugs each":
            break
    assert scene.row.focus == len(scene.row.buttons) - 2
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r"))
    app.step()
    assert scene.mindbugs == 1


@pytest.mark.parametrize("language", ["en", "de"])
@pytest.mark.parametrize("size", [100, 200])
def test_the_set_up_reads_whole_and_clear_of_the_rest(app, language, size) -> None:
    i18n.set_language(language)
    legible.set_text_scale(size)
    try:
        scene = two_v_two(app)
        for cycle in (False, True):
            if cycle:
                click(app, button(scene, "2 Mindbugs each").rect.center)
                click(app, button(scene, "Deck: 1 set").rect.center)
            setup = scene.row.buttons[-2:]
            screen = pygame.Rect(0, 0, 1280, 720)
            for b in setup:
                assert screen.contains(b.rect), (b.text, b.rect)
                lines, px = label_lines(i18n._(b.text), b.rect, legible.legible(b.size), legible.legible(12))
                assert " ".join(lines) == i18n._(b.text), (language, size, lines)  # never cut
                assert px >= legible.legible(16), (b.text, px)
                for other in scene.row.buttons:
                    if other is not b:
                        assert not b.rect.colliderect(other.rect), (b.text, other.text)
    finally:
        legible.set_text_scale(100)
        i18n.set_language("en")


def test_a_variant_game_continued_from_its_save_keeps_its_set_up(app) -> None:
    from game.persist.record import dumps, loads
    from game.ui.core.match_config import config_for_record
    from game.ui.match.controller import MatchController

    scene = two_v_two(app)
    scene.mindbugs, scene.sets = 1, 2
    scene._start()
    top = app.ctx.scenes.top
    match = top if isinstance(top, MatchScene) else app.ctx.scenes.stack[-2]
    saved = loads(dumps(match.ctl.record()))
    resumed = MatchController(config_for_record(saved), resume=saved)
    assert resumed.setup == match.ctl.setup
    assert resumed.game.cards == match.ctl.game.cards and resumed.game.mindbugs == [1, 1, 1, 1]
    assert resumed.game.hands == match.ctl.game.hands and resumed.game.decks == match.ctl.game.decks


def test_the_next_new_game_starts_from_the_set_up_last_chosen(app) -> None:
    import json

    scene = two_v_two(app)
    click(app, button(scene, "2 Mindbugs each").rect.center)
    click(app, button(scene, "Deck: 1 set").rect.center)
    click(app, button(scene, "Start Game").rect.center)
    saved = json.loads(app.ctx.settings_path.read_text())
    assert (saved["mindbugs_2v2"], saved["sets_2v2"]) == (1, 2)
    again = NewGameScene(app.ctx, hot_seat=False, rules="2v2")
    assert (again.mindbugs, again.sets) == (1, 2)
