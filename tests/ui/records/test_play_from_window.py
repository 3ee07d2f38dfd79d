"""Issue 26, "Play from here" in the replay viewer: P (or the button) opens the panel at the
viewer's decision; Start makes the branch, saves it at once and plays it as a continued game
(it rebuilds from its save, with the link to where it started); with a fresh deal the seat's
own view of the position is the one it had in the replay; the panel is keyboard-only usable."""

from __future__ import annotations

import pygame
import pytest

from game.persist.position import fingerprint
from game.persist.rebuild import rebuild
from game.persist.record import loads
from game.persist.timeline import Timeline
from game.ui.match.scene import MatchScene
from game.ui.records import play_from
from game.ui.records.play_from import PlayFromPanel
from game.ui.records.viewer import ReplayScene
from tests.support.records import finished_record

pytestmark = pytest.mark.window('--speed', '50', first_frame=True)


def key(app, k, mod=0):
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode=""))
    app.step()


def viewer_at_a_decision_of(app, record, seat, nth=3):
    viewer = ReplayScene(app.ctx, record)
    app.ctx.scenes.replace(viewer)
    app.step()
    at = [i for i, c in enumerate(record.choices) if c.by == seat][nth]
    viewer.goto(at, 0)
    app.step()
    return viewer, at


@pytest.mark.parametrize("same_deal", [False, True], ids=["fresh", "same"])
def test_start_plays_on_from_the_viewers_decision(app, same_deal):
    record = finished_record(seed=9)
    viewer, at = viewer_at_a_decision_of(app, record, seat=0)
    key(app, play_from.KEY)
    panel = app.ctx.scenes.top
    assert isinstance(panel, PlayFromPanel) and panel.at == at and panel.seat == 0
    if same_deal:
        key(app, pygame.K_TAB)  # keyboard alone: to "You play", "Computers", then "Deal"
        key(app, pygame.K_TAB)
        key(app, pygame.K_TAB)
        key(app, pygame.K_TAB)
        key(app, pygame.K_RETURN)
        assert panel.same_deal
        assert panel.row.focus == 3
        panel.row.focus = -1
        panel.row.buttons[3].focused = False
    key(app, pygame.K_RETURN)  # Start
    match = app.ctx.scenes.top
    assert isinstance(match, MatchScene), "the branch is played as a continued game"
    ctl = match.ctl
    made = ctl.record()
    assert made.start is not None and made.start.choices == record.choices[:at]
    assert made.mode == "ai" and ctl.humans == {0}
    lines = [text for text, _color in match.table.log]
    turn = Timeline(record).turn_at(at)
    assert lines[-1] == f"Played on from turn {turn} of the replay of {record.date[:10]} " \
        f"{record.date[11:16]} (move {at})."
    assert not any(t.endswith("go first.") or t.endswith("goes first.") for t in lines), \
        "a game from the middle of another went first nowhere"
    assert not any(t.startswith("The game goes on where it was left") for t in lines)
    before = Timeline(record).states[at]
    assert fingerprint(ctl.game.view(0).state) == fingerprint(before.view(0).state), \
        "the seat sees exactly what it saw then"
    if same_deal:
        assert fingerprint(ctl.game) == fingerprint(before)
    app.ctx.writer.flush(5.0)
    saved = loads(app.ctx.store.saves.path(ctl.game_id).read_text(encoding="utf-8"))
    assert saved.start == made.start
    assert fingerprint(rebuild(saved).game) == fingerprint(ctl.game), "Continue gives it back"


def test_a_seat_with_no_decision_left_says_so_and_stays(app):
    record = finished_record(seed=9)
    viewer = ReplayScene(app.ctx, record)
    app.ctx.scenes.replace(viewer)
    app.step()
    last = len(record.choices) - 1
    seat = 1 - record.choices[last].by  # the other seat decides nothing more after this
    viewer.goto(last, 0)
    panel = PlayFromPanel(app.ctx, record, last, seat)
    app.ctx.scenes.push(panel)
    assert panel.start() is False and panel.error
    assert app.ctx.scenes.top is panel and panel.lines == [panel.error]


def test_the_viewer_shows_the_button_beside_moments_without_overlap(app):
    record = finished_record(seed=9)
    viewer = ReplayScene(app.ctx, record)
    app.ctx.scenes.replace(viewer)
    app.step()
    texts = {b.text: b.rect for b in viewer.buttons}
    assert "Play from here (P)" in texts and "Moments (M)" in texts
    rects = list(texts.values())
    assert all(a is b or not a.colliderect(b) for a in rects for b in rects)


def cycle_to(app, panel, index, words):
    """Press the panel's button ``index`` until its text says ``words``."""
    for _ in range(8):
        if words in panel.row.buttons[index].text:
            return
        panel.row.buttons[index].action()
    raise AssertionError(f"{words!r} never came: {panel.row.buttons[index].text!r}")


@pytest.mark.parametrize("rules,seat", [("1v1", 1), ("2v2", 2)])
def test_the_others_can_be_people_any_seat_taken_in_1v1_and_2v2(app, rules, seat):
    from dataclasses import replace

    from game.persist.record import SeatInfo

    record = finished_record(seed=9, rules=rules)
    # a game against the computer: its person was "You"
    record = replace(record, mode="ai", seats=(SeatInfo("person", None, "You"),) + record.seats[1:])
    viewer, at = viewer_at_a_decision_of(app, record, seat=seat, nth=1)
    key(app, play_from.KEY)
    panel = app.ctx.scenes.top
    assert panel.seat == 0  # the person's seat, until another is chosen
    cycle_to(app, panel, 1, record.seats[seat].name)
    cycle_to(app, panel, 2, "people")
    assert panel.start()
    match = app.ctx.scenes.top
    assert isinstance(match, MatchScene)
    made = match.ctl.record()
    n = 2 if rules == "1v1" else 4
    assert made.mode == "hotseat" and match.ctl.humans == set(range(n))
    assert all(s.kind == "person" for s in made.seats) and made.start.seat == seat
    assert len({s.name for s in made.seats}) == n, "each person's name tells the seats apart"
    assert "You" not in {s.name for s in made.seats}, "no curtain says 'Pass to You'"
    before = Timeline(record).states[at]
    assert fingerprint(match.ctl.game.view(seat).state) == fingerprint(before.view(seat).state)
    assert match.ctl.game.pending.seat == seat


@pytest.mark.parametrize("rules", ["1v1", "2v2"])
def test_computers_of_the_chosen_level_in_the_other_seats(app, rules):
    record = finished_record(seed=9, rules=rules)
    viewer, at = viewer_at_a_decision_of(app, record, seat=1, nth=1)
    panel = PlayFromPanel(app.ctx, record, at, 1)
    app.ctx.scenes.push(panel)
    cycle_to(app, panel, 2, "Easy")
    assert panel.start()
    made = app.ctx.scenes.top.ctl.record()
    assert made.mode == "ai" and made.seats[1].kind == "person"
    assert all(s.kind == "computer" and s.level == "easy" for i, s in enumerate(made.seats) if i != 1)
