"""The 2v2 table driven headless with real pygame events: a person with three computer seats
to the end, hot seat with four people (the curtain on every change of decider, no hidden hand
ever drawn face up), "which opponent" by clicking a seat, crowded rows, the new-game screen."""

from __future__ import annotations

import json
import os

import pygame  # noqa: E402
import pytest  # noqa: E402

from game.app import App  # noqa: E402
from game.engine import from_position  # noqa: E402
from game.ui.core.match_config import MatchConfig, computer, person  # noqa: E402
from game.ui.match import input as match_input  # noqa: E402
from game.ui.match.card_picker import CardPicker  # noqa: E402
from game.ui.match.curtain import CurtainScene  # noqa: E402
from game.ui.match.scene import MatchScene  # noqa: E402
from game.ui.screens.new_game import NewGameScene  # noqa: E402
from game.ui.table import hud, layout, plates, render  # noqa: E402
from game.ui.table.model import TableModel  # noqa: E402
from tests.support.table_2v2 import (
    DB,
    answers,
    click,
    drag,
    four,
    hot_seat,
    key,
    lift_curtain,
    new_match,
    redraw,
    row_center,
    run_until,
    waiting_for_person,
)

pytestmark = pytest.mark.window('--speed', '40', '--max-fps', '1000')





@pytest.fixture
def faces():
    """Every card face the renderer draws: (hand seat or None, the seat at the bottom, revealed)."""
    seen: list[tuple] = []

    def hook(stage, sp):
        seen.append((sp.zone, sp.seat, sp.cid))

    render.FACE_HOOKS.append(hook)
    yield seen
    render.FACE_HOOKS.remove(hook)














def answer(app: App, scene: MatchScene, turn: int) -> None:
    """Answer the person's pending decision with the mouse (a card, a seat or a button)."""
    d = scene.ctl.pending
    top = app.ctx.scenes.top
    if isinstance(top, CardPicker):  # cards to pick that are not on the table: select, confirm
        click(app, top.rects[turn % len(top.rects)].center)
        click(app, top.rects[turn % len(top.rects)].center)
        return
    if d.kind == "opponent":
        seat = sorted(scene.pick_seats())[turn % len(scene.pick_seats())]
        pos = layout.position(scene.bottom, seat, 4)
        area = pygame.Rect(layout.row_rect(pos, layout.side_split(scene.model, scene.bottom))).center
        click(app, area)  # selects them...
        click(app, area)  # ...and a click on the selected one confirms
        return
    cards = [c for c in scene.choices if c.key is not None]
    if cards and (d.kind == "action" or turn % 2 == 0 or not scene.row.buttons):
        c = cards[turn % len(cards)]
        click(app, scene.sprites[c.key].rect().center)
        assert scene.selected is not None
        click(app, scene.row.buttons[0].rect.center)  # the confirm button
        return
    buttons = scene.row.buttons
    assert buttons, (d.kind, d.purpose, [c.option for c in scene.choices], type(top).__name__,
                     [(scene.sprites.get(c.key).zone if c.key in scene.sprites else None)
                      for c in scene.choices])
    click(app, buttons[turn % len(buttons)].rect.center)




def test_one_person_and_three_computers_play_to_the_end(app, faces):
    scene = new_match(app, [person("Ann"), computer("random"), computer("random"),
                            computer("random")], seed=11)
    assert scene.config.mode == "ai" and scene.bottom == 0 and scene.ctl.humans == {0}
    decisions = 0
    for _ in range(400):
        run_until(app, scene, lambda: scene.ctl.over or waiting_for_person(scene))
        if scene.ctl.over:
            break
        before = scene.ctl.pending.serial
        answer(app, scene, decisions)
        decisions += 1
        assert scene.ctl.pending is None or scene.ctl.pending.serial != before, \
            f"the click did not answer {scene.ctl.pending.kind}"
    assert scene.ctl.over, "the game did not finish"
    assert decisions > 3
    run_until(app, scene, lambda: scene.over_shown)
    overlay = app.ctx.scenes.top
    winners = " & ".join(scene.ctl.team_players(scene.ctl.game.winner))
    assert winners in " ".join(overlay.lines)
    assert overlay.title in ("Your team wins!", "Your team loses")
    # Only Ann's hand was ever drawn face up.
    assert {seat for zone, seat, _ in faces if zone == "hand"} <= {0}
    # Rematch keeps the seating.
    click(app, overlay.row.buttons[0].rect.center)
    again = app.ctx.scenes.top
    assert isinstance(again, MatchScene) and again is not scene
    assert again.config.seats == scene.config.seats


@pytest.mark.parametrize("people", [(0, 1, 2, 3), (0, 2), (0, 1)],
                         ids=["four people", "a team of two people", "one on each team"])
def test_hot_seat_curtain_on_every_change_of_decider(app, faces, people):
    """The curtain comes whenever another person decides, and also when the same person decides
    after computer seats played (their hand went face down meanwhile); a hand is drawn face up
    only for its owner, only while that person is the one deciding."""
    names = ["Ann", "Bob", "Cy", "Dee"]
    seats = [person(n) if i in people else computer("random", n) for i, n in enumerate(names)]
    scene = new_match(app, seats, seed=5)
    assert scene.config.mode == "hotseat"
    drawn: list[tuple] = []  # every hand face drawn, with who had the screen at that moment
    render.FACE_HOOKS.append(lambda stage, sp: sp.zone == "hand" and drawn.append(
        (sp.seat, scene.revealed, scene.curtain_up, scene.ctl.decider())))
    played: list[int] = []  # computer seats that decided since the last person's decision
    start_ai = scene.ctl.start_ai
    scene.ctl.start_ai = lambda: played.append(scene.ctl.decider()) or start_ai()
    curtains: list[str] = []
    last_person = None
    for turn in range(60):
        run_until(app, scene, lambda: scene.ctl.over or isinstance(app.ctx.scenes.top, CurtainScene)
                  or waiting_for_person(scene))
        if scene.ctl.over:
            break
        top = app.ctx.scenes.top
        decider = scene.ctl.decider()
        computers_played = bool(played)
        if isinstance(top, CurtainScene):
            assert decider != last_person or computers_played, "a needless curtain"
            assert top.name == names[decider]
            assert scene.face_up_hands() == set()
            curtains.append(top.name)
            redraw(app)
            top.update(1.0)  # the curtain arms once it has been on screen a moment
            click(app, top.row.buttons[0].rect.center)
            # The curtain is gone; a choice among cards off the table (a discard pile) opens
            # its picker for the person now deciding.
            assert app.ctx.scenes.top is scene or isinstance(app.ctx.scenes.top, CardPicker), \
                "the curtain did not lift"
            run_until(app, scene, lambda: waiting_for_person(scene))
        else:
            assert decider == last_person, "the decider changed without a curtain"
            assert not computers_played, "a hand came back face up without a curtain"
        last_person = decider
        assert scene.bottom == decider and scene.revealed == decider
        redraw(app)
        played.clear()
        answer(app, scene, turn)
    render.FACE_HOOKS.pop()
    assert len(curtains) >= len(people)
    assert {names.index(n) for n in curtains} == set(people), "every person got the screen"
    assert {seat for seat, *_ in drawn} == set(people), "each person's own hand was shown to them"
    for seat, revealed, curtain_up, decider in drawn:
        assert seat == revealed and not curtain_up
        assert scene.ctl.is_human(decider), "a hand was face up while a computer decided"


def test_which_opponent_lights_the_seats_and_a_click_on_one_picks_it(app):
    g = from_position(DB, [{"play": ["Tusked Extorter"], "hand": ["Gorillion"]},
                           {"hand": ["Bee Bear", "Spider Owl"]}, {"hand": ["Killer Bee"]},
                           {"hand": ["Bee Bear", "Luchataur"]}], rules="2v2")
    scene = new_match(app, [person("Ann"), computer("random"), computer("random"),
                            computer("random")], game=g)
    run_until(app, scene, lambda: waiting_for_person(scene))
    extorter = g.plays[0][0]
    click(app, scene.sprites[extorter].rect().center)
    click(app, scene.row.buttons[0].rect.center)  # "Attack with Tusked Extorter"
    run_until(app, scene, lambda: waiting_for_person(scene) and g.pending.kind == "opponent")
    assert scene.pick_seats() == {1, 3}
    assert scene.frame().pick_seats == {1, 3}
    texts = [b.text for b in scene.row.buttons]
    assert "Choose Basil (Random) (left)" in texts and "Choose Dex (Random) (right)" in texts
    assert "which opponent" in scene.prompt_text()[0]
    answered = []
    respond = scene.ctl.respond
    scene.ctl.respond = lambda option: answered.append(option) or respond(option)
    right = pygame.Rect(layout.row_rect("right", layout.side_split(scene.model, 0))).center
    click(app, right)  # selects Dex, as a click on a card selects it
    assert answered == []
    click(app, right)  # a click on the selected one confirms
    assert [(o.verb, o.seat) for o in answered] == [("opponent", 3)]
    run_until(app, scene, lambda: not scene.queue)
    assert any(line == "Ann picks Dex (Random)." for line, _ in scene.log)


@pytest.mark.quick  # the file's test in the quick tier (its first plays whole games)
def test_which_opponent_by_keyboard(app):
    g = from_position(DB, [{"play": ["Tusked Extorter"], "hand": ["Gorillion"]},
                           {"hand": ["Bee Bear", "Spider Owl"]}, {"hand": ["Killer Bee"]},
                           {"hand": ["Bee Bear", "Luchataur"]}], rules="2v2")
    scene = new_match(app, [person("Ann"), computer("random"), computer("random"),
                            computer("random")], game=g)
    run_until(app, scene, lambda: waiting_for_person(scene))
    key(app, pygame.K_TAB)  # the first option: attack with Tusked Extorter (selected)
    while scene.selected is None or scene.selected.option.verb != "attack":
        key(app, pygame.K_TAB)
    key(app, pygame.K_RETURN)
    run_until(app, scene, lambda: waiting_for_person(scene) and g.pending.kind == "opponent")
    answered = []
    respond = scene.ctl.respond
    scene.ctl.respond = lambda option: answered.append(option) or respond(option)
    key(app, pygame.K_TAB)
    key(app, pygame.K_TAB)
    focused = [b.text for b in scene.row.buttons if b.focused]
    assert focused == ["Choose Dex (Random) (right)"]
    assert scene.frame().pick_focus == 3  # the right opponent's area is lit brighter
    key(app, pygame.K_RETURN)
    assert [(o.verb, o.seat) for o in answered] == [("opponent", 3)]


def test_hunter_targets_lie_in_both_opponents_areas(app):
    g = from_position(DB, [{"play": ["Killer Bee"], "hand": ["Gorillion"]}, {"play": ["Bee Bear"]},
                           {"hand": ["Spider Owl"]}, {"play": ["Luchataur"]}], rules="2v2")
    scene = new_match(app, [person("Ann"), computer("random"), computer("random"),
                            computer("random")], game=g)
    run_until(app, scene, lambda: waiting_for_person(scene))
    click(app, scene.sprites[g.plays[0][0]].rect().center)
    click(app, scene.row.buttons[0].rect.center)  # "Attack with Killer Bee"
    run_until(app, scene, lambda: waiting_for_person(scene) and g.pending.kind == "hunt")
    bee_bear, luchataur = g.plays[1][0], g.plays[3][0]
    left, right = scene.sprites[bee_bear], scene.sprites[luchataur]
    assert left.highlight == "legal" and right.highlight == "legal"
    assert left.x < layout.TABLE_CX < right.x  # the left and the right opponent's areas
    assert "either opponent" in scene.prompt_text()[0]
    click(app, right.rect().center)
    click(app, scene.row.buttons[0].rect.center)  # "Hunt Luchataur"
    run_until(app, scene, lambda: not scene.table.moving)
    assert any("hunts Luchataur" in line for line, _ in scene.log)


def test_a_block_by_the_right_opponent(app):
    # Basil (seat 1) must attack; his left opponent Cy has no creature, so Ann, on his right,
    # is asked to block.
    g = from_position(DB, [{"play": ["Gorillion"], "hand": ["Bee Bear"]},
                           {"play": ["Luchataur"], "hand": [], "deck": []},
                           {"hand": ["Spider Owl"]}, {"hand": ["Killer Bee"]}], rules="2v2", turn=1)
    scene = new_match(app, [person("Ann"), computer("random", "Basil"), computer("random", "Cy"),
                            computer("random", "Dee")], game=g)
    run_until(app, scene, lambda: waiting_for_person(scene))
    assert g.pending.kind == "block" and g.pending.seat == 0
    luchataur, gorillion = g.plays[1][0], g.plays[0][0]
    assert scene.sprites[luchataur].highlight == "attacker"
    assert scene.sprites[gorillion].highlight == "legal"
    assert scene.prompt_text()[0].startswith("Basil attacks with Luchataur")
    assert any(b.text == "Don't block (team loses 1 life)" for b in scene.row.buttons)
    click(app, scene.sprites[gorillion].rect().center)
    click(app, scene.row.buttons[0].rect.center)  # "Block with Gorillion"
    run_until(app, scene, lambda: any("blocks with" in line for line, _ in scene.log))
    assert any("Ann blocks with Gorillion" in line for line, _ in scene.log)


def test_each_seats_discard_pile_opens_from_its_plate(app):
    g = from_position(DB, [{"hand": ["Gorillion"], "discard": ["Bee Bear"]},
                           {"hand": ["Spider Owl"], "discard": ["Killer Bee", "Luchataur"]},
                           {"hand": ["Rhino Turtle"]}, {"hand": ["Shark Dog"], "discard": ["Turbo Bug"]}],
                      rules="2v2")
    scene = new_match(app, [person("Ann"), computer("random", "Basil"), computer("random", "Cy"),
                            computer("random", "Dee")], game=g)
    run_until(app, scene, lambda: waiting_for_person(scene))
    for seat, expected in ((1, ["Killer Bee", "Luchataur"]), (3, ["Turbo Bug"])):
        x, y = layout.plate(layout.position(0, seat, 4)).discard
        click(app, (x, y))
        viewer = app.ctx.scenes.top
        assert viewer is not scene and viewer.title == f"{scene.ctl.name(seat)}'s discard pile"
        assert [d.name for d in viewer.defs] == expected
        click(app, (640, 360))  # any click closes it
        assert app.ctx.scenes.top is scene


def test_crowded_rows_fit_and_keep_a_readable_strip():
    plays = list(range(12))
    for n_seats, bottom_w in ((2, layout.PLAY_W), (4, layout.PLAY_W)):
        model = TableModel(n_seats=n_seats, hands=[[] for _ in range(n_seats)],
                           decks=[0] * n_seats, discards=[[] for _ in range(n_seats)],
                           plays=[plays] + [list(range(100 * s, 100 * s + 12))
                                            for s in range(1, n_seats)],
                           life=[3, 3], mindbugs=[2] * n_seats)
        slots = layout.compute(model, 0, {0})
        for seat in range(n_seats):
            row = sorted((slots[c] for c in model.plays[seat]), key=lambda s: s.x)
            if n_seats == 4:
                split = layout.side_split(model, 0)
                x0, x1, _, _ = layout.rows4(split)[layout.position(0, seat, 4)]
            else:
                x0, x1 = layout.TABLE_X0, layout.TABLE_X1
            assert row[0].x - row[0].w / 2 >= x0 - 0.5 and row[-1].x + row[-1].w / 2 <= x1 + 0.5
            strips = [b.x - a.x for a, b in zip(row, row[1:])]
            assert min(strips) >= 26, f"{n_seats} seats, seat {seat}: strips {min(strips):.1f}"
            assert row[0].w < bottom_w or seat != 0  # a crowded row shrinks first


def test_new_game_screen_remembers_the_2v2_seats(app):
    app.step()
    scene = NewGameScene(app.ctx, hot_seat=False)
    app.ctx.scenes.push(scene)
    app.step()
    click(app, next(b for b in scene.row.buttons if b.text.startswith("2 vs 2")).rect.center)
    assert scene.rules == "2v2"
    click(app, scene.row.buttons[4].rect.center)  # seat 3 (teammate): Computer -> Person
    assert scene.seats[2][0] == "person"
    click(app, scene.row.buttons[5].rect.center)  # ...whose name field takes typing
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text="Cy"))
    app.step()
    key(app, pygame.K_RETURN)
    assert scene.names4[2] == "Cy"
    click(app, scene.row.buttons[3].rect.center)  # seat 2's level: Medium -> Hard
    assert scene.seats[1] == ["computer", "hard"]
    click(app, next(b for b in scene.row.buttons if b.text == "Start Game").rect.center)
    top = app.ctx.scenes.top
    match = top if isinstance(top, MatchScene) else app.ctx.scenes.stack[-2]
    assert isinstance(match, MatchScene) and match.config.mode == "hotseat"
    assert match.ctl.humans == {0, 2} and match.config.rules == "2v2"
    saved = json.loads(app.ctx.settings_path.read_text())
    assert saved["rules"] == "2v2"
    assert saved["seats_2v2"] == ["person:Player 1", "computer:hard", "person:Cy",
                                  "computer:medium"]
    assert match.ctl.name(2) == "Cy"


def test_demo_2v2_plays_one_game_and_names_the_winning_team(tmp_path):
    import re
    import subprocess
    import sys
    from pathlib import Path

    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    proc = subprocess.run(
        [sys.executable, "-m", "game", "--demo", "--rules", "2v2", "--seed", "5",
         "--exit-after-game", "--speed", "40", "--max-fps", "1000", "--level", "random",
         "--settings", str(tmp_path / "s.json")],
        cwd=Path(__file__).resolve().parents[3], env=env, capture_output=True, text=True,
        timeout=300)
    assert proc.returncode == 0, proc.stderr[-2000:]
    lines = proc.stdout.splitlines()
    assert lines[0] == "READY"
    assert re.fullmatch(r"GAME OVER winner=team[01] \(\w+ \(Random\) & \w+ \(Random\)\) turns=\d+",
                        lines[-1]), lines[-1]


def test_settings_keep_valid_2v2_seats_only():
    from game.common.settings import Settings

    good = Settings(rules="2v2", seats_2v2=["person:Ann", "computer:hard", "person:Cy",
                                             "computer:easy"]).validated()
    assert good.rules == "2v2" and good.seats_2v2[1] == "computer:hard"
    for bad in (["person:Ann"], ["person:Ann", "computer:genius", "person:Cy", "computer:easy"],
                "person:Ann", None):
        assert Settings(seats_2v2=bad).validated().seats_2v2 == Settings().seats_2v2
    assert Settings(rules="3v3").validated().rules == "1v1"


def test_the_log_does_not_name_a_stolen_card_to_players_who_may_not_know_it(app):
    """Hot seat: the log stays on screen across hand-offs, so a card stolen from one opponent's
    hand is not named where the teammate of the thief (who may not know it) will read it."""
    from game.engine import events as E

    scene = new_match(app, [person("Ann"), computer("easy"), person("Cy"), computer("easy")])
    card = scene.ctl.game.hands[1][0]
    name = scene.card_name(card)
    line = scene.table.describe(E.Stolen(1, 0, card))
    assert name not in line and "a card" in line
    one = MatchScene(app.ctx, MatchConfig(mode="hotseat", names=("Ann", "Bo"), seed=3))
    card = one.ctl.game.hands[1][0]
    assert one.card_name(card) in one.table.describe(E.Stolen(1, 0, card))  # both know it in 1v1










def test_a_card_dropped_on_an_opponents_row_is_not_played_but_on_your_row_it_is(app):
    g, scene = four(app, [{"hand": ["Gorillion", "Bee Bear"]}, {"play": ["Luchataur"]},
                          {"hand": ["Spider Owl"]}, {"play": ["Killer Bee"]}])
    said = answers(scene)
    gorillion = g.hands[0][0]
    for pos in ("left", "right"):  # the lower part of a side row lay in the 1v1 "your half"
        drag(app, scene.sprites[gorillion].rect().center, row_center(scene, pos, dy=40))
        assert said == [] and "your side" in scene.input.hint
    drag(app, scene.sprites[gorillion].rect().center, row_center(scene, "top"))
    assert said == []
    drag(app, scene.sprites[gorillion].rect().center, row_center(scene, "bottom"))
    assert [(o.verb, o.card) for o in said] == [("play", gorillion)]


def test_an_attack_is_dropped_on_either_opponents_row_never_the_teammates(app):
    for pos in ("left", "right"):
        g, scene = four(app, [{"play": ["Gorillion"], "hand": ["Bee Bear"]}, {"play": ["Luchataur"]},
                              {"play": ["Spider Owl"]}, {"hand": ["Killer Bee"]}])
        said = answers(scene)
        gorillion = g.plays[0][0]
        drag(app, scene.sprites[gorillion].rect().center, row_center(scene, "top"))
        assert said == [] and "opponent's row" in scene.input.hint
        drag(app, scene.sprites[gorillion].rect().center, row_center(scene, pos, dy=40))
        assert [(o.verb, o.card) for o in said] == [("attack", gorillion)], pos


def test_a_hunter_dragged_onto_the_right_opponents_creature_hunts_it(app):
    g, scene = four(app, [{"play": ["Killer Bee"], "hand": ["Gorillion"]}, {"play": ["Bee Bear"]},
                          {"play": ["Spider Owl"]}, {"play": ["Luchataur"]}])
    bee, owl, luchataur = g.plays[0][0], g.plays[2][0], g.plays[3][0]
    drag(app, scene.sprites[bee].rect().center, scene.sprites[bee].rect().center, steps=1)
    press_zones = match_input.plan(scene, bee)[0]
    assert owl not in [z.card for z in press_zones], "the teammate's creature is no prey"
    drag(app, scene.sprites[bee].rect().center, scene.sprites[luchataur].rect().center)
    run_until(app, scene, lambda: any("hunts" in line for line, _ in scene.log))
    assert any("hunts Luchataur" in line for line, _ in scene.log)


def test_a_forced_discard_is_dragged_onto_your_own_pile_on_the_seat_plate(app):
    # Basil must play Ferret Bomber ("the opponent discards 2 cards"); Ann is the only opponent
    # with cards in hand, so whichever he picks, Ann or nobody, her pile is on her plate.
    g, scene = four(app, [{"hand": ["Gorillion", "Bee Bear", "Luchataur"], "mindbugs": 0},
                          {"hand": ["Ferret Bomber"]}, {"mindbugs": 0}, {"mindbugs": 0}], turn=1)
    assert g.pending.kind == "choose" and g.pending.purpose == "discard" and g.pending.seat == 0
    assert "your discard pile on your seat plate" in scene.prompt_text()[0]
    first = g.hands[0][0]
    old_pile = hud.discard_rect(True)  # where the 1v1 pile lies: Cy's plate in 2v2
    drag(app, scene.sprites[first].rect().center, old_pile.center)
    assert first in g.hands[0] and "seat plate" in scene.input.hint
    run_until(app, scene, lambda: waiting_for_person(scene))
    pile = hud.discard_rects(4, 0)[0]
    drag(app, scene.sprites[first].rect().center, pile.center)
    run_until(app, scene, lambda: first in g.discards[0])


def test_the_mindbug_prompt_and_offer_line_leave_the_teammates_creatures_readable(app, monkeypatch):
    # Basil must play his one card; Cy and Dee have no Mindbug, so Ann decides with it staged.
    g, scene = four(app, [{"hand": ["Gorillion"]}, {"hand": ["Killer Bee"]},
                          {"play": ["Bee Bear", "Luchataur"], "mindbugs": 0}, {"mindbugs": 0}],
                    turn=1)
    assert g.pending.kind == "mindbug" and scene.model.stage is not None
    bands: list[tuple[str, pygame.Rect]] = []
    line = hud.prompt_line
    monkeypatch.setattr(hud, "prompt_line",
                        lambda surface, text, y, *a: bands.append((text, line(surface, text, y, *a)))
                        or bands[-1][1])
    tabs: list[str] = []
    row_tab = plates.row_tab
    monkeypatch.setattr(plates, "row_tab", lambda surface, pos, *a, **k: tabs.append(pos)
                        or row_tab(surface, pos, *a, **k))
    redraw(app)
    assert tabs == ["top"], "the side rows' tabs would peek out from under the prompt"
    texts = [t for t, _ in bands]
    assert any(t.startswith("Mindbug offer") for t in texts) and any("Mindbug it" in t for t in texts)
    for cid in g.plays[2]:
        card = scene.sprites[cid].rect()
        name_and_art = pygame.Rect(card.x, card.y, card.w, int(card.h * 0.75))
        for text, band in bands:
            assert not band.colliderect(name_and_art), (text, band, card)
    stage = scene.sprites[scene.model.stage].rect()
    assert not any(band.colliderect(stage) for _, band in bands)






def test_the_curtain_says_a_forced_discard_is_coming(app):
    g, scene = hot_seat(app, [{"hand": ["Gorillion", "Bee Bear"], "mindbugs": 0},
                              {"hand": ["Ferret Bomber"]},
                              {"hand": ["Luchataur", "Spider Owl"], "mindbugs": 0},
                              {"mindbugs": 0}], turn=1)
    curtain = lift_curtain(app, scene)
    assert g.pending.purpose == "discard"
    assert curtain.note == "Ferret Bomber: you must discard a card from your hand."


def test_the_curtain_names_the_teammate_who_played_the_card(app):
    g, scene = hot_seat(app, [{"hand": ["Gorillion", "Bee Bear"]}, {"mindbugs": 0},
                              {"hand": ["Luchataur"]}, {"mindbugs": 0}])
    lift_curtain(app, scene)  # Ann's turn
    run_until(app, scene, lambda: waiting_for_person(scene))
    gorillion = g.hands[0][0]
    drag(app, scene.sprites[gorillion].rect().center, row_center(scene, "bottom"))
    curtain = lift_curtain(app, scene)
    assert curtain.name == "Cy"
    assert curtain.note == "Your teammate Ann played Gorillion: you may use a Mindbug."


@pytest.mark.parametrize("attacker_seat", [1, 3], ids=["left opponent attacks", "right opponent attacks"])
def test_a_blocker_dragged_onto_either_opponents_attacker_blocks(app, attacker_seat):
    # The attacker's other opponent (Cy) has no creature, so Ann decides the block either way.
    seats = [{"play": ["Gorillion"], "hand": ["Bee Bear"]}, {"hand": ["Killer Bee"]},
             {"hand": ["Spider Owl"]}, {"hand": ["Shark Dog"]}]
    seats[attacker_seat] = {"play": ["Luchataur"], "hand": [], "deck": []}
    g, scene = four(app, seats, turn=attacker_seat)
    assert g.pending.kind == "block" and g.pending.seat == 0
    luchataur, gorillion = g.plays[attacker_seat][0], g.plays[0][0]
    side = layout.position(0, attacker_seat, 4)
    assert (scene.sprites[luchataur].x < layout.TABLE_CX) == (side == "left")
    said = answers(scene)
    drag(app, scene.sprites[gorillion].rect().center, scene.sprites[luchataur].rect().center)
    assert [(o.verb, o.card) for o in said] == [("block", gorillion)]


def test_for_a_teammates_card_the_gold_default_lets_it_go(app):
    """Enter takes the gold button: on your teammate's card that must not spend your Mindbug."""
    g, scene = hot_seat(app, [{"hand": ["Gorillion", "Bee Bear"]}, {"mindbugs": 0},
                              {"hand": ["Luchataur"]}, {"mindbugs": 0}])
    lift_curtain(app, scene)  # Ann's turn
    run_until(app, scene, lambda: waiting_for_person(scene))
    gorillion = g.hands[0][0]
    drag(app, scene.sprites[gorillion].rect().center, row_center(scene, "bottom"))
    lift_curtain(app, scene)  # Cy, Ann's teammate, is offered the Mindbug
    run_until(app, scene, lambda: waiting_for_person(scene))
    assert g.pending.kind == "mindbug" and g.pending.seat == 2
    gold = [b.text for b in scene.row.buttons if b.primary]
    assert gold and gold[0].lower().startswith("let")
    scene.revealed_at = scene.time - 1.0  # past the short guard after a reveal
    key(app, pygame.K_RETURN)
    run_until(app, scene, lambda: g.pending is None or g.pending.seat != 2 or g.pending.kind != "mindbug")
    assert g.mindbugs[2] == 2


def test_a_two_line_mindbug_offer_breaks_between_players_never_inside_a_name():
    """A small window: the offer's order takes two lines; each player's "name: state" stays
    whole on one line (an even split would leave "(Medium): next" alone at a line's start)."""
    pygame.font.init()
    offer = "Mindbug offer:  Player 1: deciding  >  Basil (Medium): next  >  Cleo (Medium): next"
    width = layout.TABLE_X1 - layout.TABLE_X0 - 30
    size = hud.legible(12, 0.75)
    lines = hud._balanced(offer, size, width)
    assert len(lines) == 2
    items = {"Mindbug offer:", "Player 1: deciding", ">", "Basil (Medium): next", "Cleo (Medium): next"}
    for line in lines:
        assert set(line.split("  ")) <= items, lines


def test_a_name_tab_drops_the_level_then_the_role_to_fit_its_lane():
    assert plates.tab_words("Left opponent", "Basil (Medium)", " - out") == (
        "Left opponent: Basil (Medium) - out", "Left opponent: Basil - out",
        "Basil (Medium) - out", "Basil - out")
    assert plates.tab_words("Teammate", "Bartholomew") == ("Teammate: Bartholomew", "Bartholomew")


def test_a_narrow_lanes_tab_is_cut_with_an_ellipsis(monkeypatch):
    # issue 28 item 7 ("Left opponent: Basil" cut off without a mark): when no wording fits a
    # narrow lane, the shortest is cut with "…", never clipped mid-letter
    from game.ui.kit import fonts

    drawn: list[str] = []
    real = fonts.render_outlined
    monkeypatch.setattr(fonts, "render_outlined", lambda text, *a, **k: drawn.append(text) or real(text, *a, **k))
    surface = pygame.Surface((1280, 720))
    words = plates.tab_words("Left opponent", "Bartholomew-Maximilian (Medium)")
    split = layout.ROWS4["left"][0] + 190  # the left lane squeezed to 190 px (the split's x)
    plates.row_tab(surface, "left", words, (255, 255, 255), split=split)
    room = layout.row_rect("left", split)[2] - 24
    assert drawn and drawn[-1].endswith(fonts.ELLIPSIS)
    assert fonts.text_width(drawn[-1], 15, True) <= room
