"""The end of a match as a scene (issue 42, deliverable 3 and findings 4, 6): nothing moves under
the pointer once shown (the biggest moment and a copied code arrive into room held for them),
the title is one line, the people at the screen read their own loss in 2v2, and the winners'
creatures and the numbers are shown."""

from __future__ import annotations

import pytest

from game.ui.core.match_config import MatchConfig, computer, person
from game.ui.kit import fonts, legible
from game.ui.match.ending import TITLE_LEAST, WIDTH, Ending, EndingScene
from game.ui.match.scene import MatchScene
from game.ui.records import moments_view
from tests.support.pause_menu import _pause_button, _settled
from tests.support.saved_match import button, click, start_match


@pytest.fixture
def app(tmp_path, monkeypatch, open_window):
    monkeypatch.setenv("MINDBUG_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setattr(moments_view, "ITERATIONS", 30)  # a small search: the test is about the scene
    return open_window("--speed", "20", first_frame=True)


def _ending(app, scene: MatchScene) -> EndingScene:
    for _ in range(3000):
        app.step()
        if scene.over_shown:
            break
    box = app.ctx.scenes.top
    assert isinstance(box, EndingScene), box
    return box


def _concede(app, scene: MatchScene) -> EndingScene:
    _settled(app, scene)
    _pause, concede = _pause_button(app, scene, "Concede")
    concede.action()
    app.step()
    click(app, button(app.ctx.scenes.top.row.buttons, "Concede").rect.center)
    return _ending(app, scene)


def _given_up(app, scene: MatchScene, team: int) -> EndingScene:
    """``team`` concedes a few frames into the game (as Concede in the pause menu does)."""
    for _ in range(5):
        app.step()
    scene.ctl.concede(team)
    return _ending(app, scene)


def _rects(box: EndingScene) -> list:
    return [tuple(b.rect) for b in box.row.buttons]


@pytest.mark.parametrize("scale", [100, 200])
def test_nothing_moves_when_the_biggest_moment_and_the_code_arrive(app, gate, request, scale):
    legible.set_text_scale(scale)
    request.addfinalizer(lambda: legible.set_text_scale(100))
    scene = start_match(app, seed=5)
    for _ in range(4):
        _settled(app, scene)
        scene.submit(scene.ctl.pending.options[-1])
    box = _concede(app, scene)
    first = _rects(box)  # as shown on the first frame
    assert box.lines[box.moment_at] == "Biggest moment: looking for it…"
    gate.set()
    job = next(iter(moments_view._early.values()))[0]
    assert job.wait(300)
    for _ in range(3):
        app.step()
    assert box.watch is None and "looking" not in box.lines[box.moment_at]
    assert _rects(box) == first  # the moment came into its held lines
    button(box.row.buttons, "Copy code").action()
    app.step()
    assert _rects(box) == first  # and the copied code into its held line
    assert all(box.box.contains(b.rect) or b.rect.bottom <= 720 for b in box.row.buttons)
    assert max(b.rect.bottom for b in box.row.buttons) <= 712


def test_two_people_on_one_side_read_their_own_loss_in_2v2(app):
    """Finding 6: the partners at the screen conceded and saw confetti and "Basil (Medium) &
    Dex (Medium) win!"."""
    seats = (person("Ada"), computer("medium"), person("Cleo"), computer("medium"))
    scene = MatchScene(app.ctx, MatchConfig.for_seats(seats, seed=4))
    app.ctx.scenes.replace(scene)
    box = _given_up(app, scene, scene.ctl.game.team_of(0))
    assert box.title == "Your team loses"
    assert box.mood == "loss" and not box.confetti


def test_people_on_both_sides_see_the_winners_names(app):
    seats = (person("Ada"), person("Basil"), person("Cleo"), person("Dex"))
    scene = MatchScene(app.ctx, MatchConfig.for_seats(seats, seed=4))
    app.ctx.scenes.replace(scene)
    box = _given_up(app, scene, 1)
    winners = scene.ctl.winner
    assert box.title == "{team} win!".replace("{team}", " & ".join(scene.ctl.team_players(winners)))
    assert box.mood == "win"


def test_a_defeat_against_the_computer_reads_you_lose(app):
    scene = start_match(app, seed=5)
    box = _concede(app, scene)
    assert box.title == "You lose" and box.mood == "loss"
    assert box.title_size >= 64  # large: read from across the room


@pytest.mark.parametrize("scale", [100, 200])
@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_title_is_one_line_that_fits(app, request, scale, lang):
    from game.common import i18n

    legible.set_text_scale(scale)
    request.addfinalizer(lambda: legible.set_text_scale(100))
    i18n.set_language(lang)
    request.addfinalizer(lambda: i18n.set_language("en"))
    long = "Bartholomew the Magnificent (Medium) & Computer (Expert) win!"
    ending = Ending(titles=[long, "Victory!"], lines=["Winners: somebody.", "After 29 turns."],
                    table=[["", "A & B", "C & D"], ["Cards played", "1", "2"], ["Mindbugs used", "0", "1"],
                           ["Creatures defeated", "3", "4"]], creatures=[], mood="win", color=(255, 200, 0))
    box = EndingScene(app.ctx, ending, [("Rematch", lambda: None), ("Main menu", lambda: None)])
    assert box.title_lines == [i18n._(box.title)]  # one line
    assert fonts.text_width(i18n._(box.title), box.title_size, True) <= WIDTH
    assert box.title_size >= TITLE_LEAST
    assert box.title == "Victory!"  # the long one did not fit: the shorter form


def test_the_winners_creatures_are_shown(app):
    scene = MatchScene(app.ctx, MatchConfig(mode="demo", ai_level="random", seed=6))
    app.ctx.scenes.replace(scene)
    for _ in range(300):
        app.step()
        if any(scene.ctl.game.plays):
            break
    box = _given_up(app, scene, 1 - scene.ctl.game.team_of(next(s for s, p in enumerate(scene.ctl.game.plays) if p)))
    game = scene.ctl.game
    on_table = [c for s in range(game.n_seats) if game.team_of(s) == scene.ctl.winner for c in game.plays[s]]
    assert [c.name for c in box.creatures] == [game.card(c).name for c in on_table]
