"""Found by play-testing the 2v2 table with the real mouse under Xvfb (a person with three
computers to the end, then two people on one team behind the hot-seat curtain): each test
fails on the code before its fix."""

from __future__ import annotations

import pygame
import pytest

from game.engine import from_position
from game.ui.core.match_config import computer, person
from game.ui.kit import widgets
from game.ui.match import seats as match_seats
from game.ui.table import layout, plates
from tests.support import table_2v2 as base
from tests.support.table_2v2 import (
    answers,
    drag,
    four,
    key,
    post,
    row_center,
    run_until,
    waiting_for_person,
)

pytestmark = pytest.mark.window('--speed', '40', '--max-fps', '1000')



def test_an_attacker_dropped_on_the_right_opponent_makes_them_the_default_when_asked_which(app):
    """Turbo Bug dropped on Dee's row: asked which opponent its ability affects, Enter (the gold
    default) picks Dee, not whoever comes first in seat order."""
    g, scene = four(app, [{"play": ["Turbo Bug"], "hand": ["Gorillion"]}, {"hand": ["Bee Bear"]},
                          {"hand": ["Spider Owl"]}, {"hand": ["Luchataur"]}])
    said = answers(scene)
    bug = g.plays[0][0]
    drag(app, scene.sprites[bug].rect().center, row_center(scene, "right"))
    run_until(app, scene, lambda: waiting_for_person(scene) and g.pending.kind == "opponent")
    assert scene.row.buttons[0].primary and "Dee" in scene.row.buttons[0].text
    key(app, pygame.K_RETURN)
    assert [(o.verb, o.seat) for o in said if o.verb == "opponent"] == [("opponent", 3)]
    # ...and dropped on the left one, the left one is the default.
    g, scene = four(app, [{"play": ["Turbo Bug"], "hand": ["Gorillion"]}, {"hand": ["Bee Bear"]},
                          {"hand": ["Spider Owl"]}, {"hand": ["Luchataur"]}])
    said = answers(scene)
    drag(app, scene.sprites[g.plays[0][0]].rect().center, row_center(scene, "left"))
    run_until(app, scene, lambda: waiting_for_person(scene) and g.pending.kind == "opponent")
    key(app, pygame.K_RETURN)
    assert [(o.verb, o.seat) for o in said if o.verb == "opponent"] == [("opponent", 1)]


def _drawn(scene, rect: pygame.Rect, hide: pygame.Rect | None = None) -> bytes:
    """The pixels drawn in ``rect`` (those under ``hide`` blacked out)."""
    surface = pygame.Surface((1280, 720))
    scene.draw(surface)
    if hide is not None:
        surface.fill((0, 0, 0), hide)
    return pygame.image.tobytes(surface.subsurface(rect), "RGB")


def test_release_to_attack_keeps_off_the_opponents_name_over_their_row(app):
    """Dragging an attacker onto the right opponent's row wrote "Release to attack" over
    "Right opponent: Dee" (both unreadable): the tab is drawn as it was without the drag."""
    g, scene = four(app, [{"play": ["Turbo Bug"], "hand": ["Gorillion"]}, {"play": ["Bee Bear"]},
                          {"hand": ["Spider Owl"]}, {"play": ["Luchataur"]}])
    split = layout.side_split(scene.model, scene.bottom)
    bands = [plates.tab_band(pos, split) for pos in ("left", "right", "top")]
    bug = scene.sprites[g.plays[0][0]]
    start = bug.rect().center
    for pos in ("right", "left"):
        end = row_center(scene, pos)
        post(pygame.event.Event(pygame.MOUSEMOTION, pos=start, rel=(0, 0), buttons=(0, 0, 0)),
             pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1))
        for i in range(1, 7):
            post(pygame.event.Event(pygame.MOUSEMOTION, pos=(start[0] + (end[0] - start[0]) * i // 6,
                                                              start[1] + (end[1] - start[1]) * i // 6),
                                    rel=(0, 0), buttons=(1, 0, 0)))
        app.step()
        assert scene.input.press is not None and scene.input.press["dragging"]
        card = bug.rect().inflate(16, 16)  # the dragged card and its lit outline may reach up
        during = [_drawn(scene, b, card) for b in bands]
        key(app, pygame.K_ESCAPE)  # cancel the drag: the same table without it
        run_until(app, scene, lambda: waiting_for_person(scene) and not scene.tweener.busy)
        assert during == [_drawn(scene, b, card) for b in bands], pos


def test_a_zoom_pinned_before_a_hand_off_does_not_come_back_when_the_curtain_lifts(app):
    """Ann right-clicked a hand card (a pinned zoom), then attacked with Frenzy; Basil decided
    whether to block, and when the curtain lifted for Ann's second attack the old zoom stood
    over the table, though the mouse was nowhere near that card."""
    g, scene = base.hot_seat(app, [{"play": ["Luchataur"], "hand": ["Gorillion", "Bee Bear"]},
                                   {"play": ["Killer Bee"]}, {"hand": ["Spider Owl"]}, {}])
    base.lift_curtain(app, scene)
    run_until(app, scene, lambda: waiting_for_person(scene))
    gorillion = scene.sprites[g.hands[0][0]]
    post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=gorillion.rect().center, button=3))
    base.redraw(app)
    assert scene.zoom_pinned and scene.painter.zoom_box is not None
    scene.submit(next(c.option for c in scene.choices if c.option.verb == "attack"))
    base.lift_curtain(app, scene)  # Frenzy: Ann again, after Basil's block decision
    run_until(app, scene, lambda: waiting_for_person(scene))
    assert g.pending.kind == "frenzy"
    base.redraw(app)
    assert scene.painter.zoom_box is None and scene.zoom_key is None


def test_hovering_a_seat_plates_pile_says_which_pile_it_is(app, monkeypatch):
    """A seat plate shows three small piles with a bare number on each: a new player could not
    tell the draw pile from the hidden hand. Hovering one says it in words."""
    g, scene = four(app, [{"hand": ["Gorillion"]},
                          {"hand": ["Bee Bear", "Spider Owl"],
                           "deck": ["Killer Bee", "Shield Bugs", "Compost Dragon", "Ferret Bomber", "Snail Hydra"],
                           "discard": ["Luchataur"]},
                          {"hand": ["Lone Yeti"]}, {"hand": ["Turbo Bug"]}])
    assert (len(g.hands[1]), len(g.decks[1]), len(g.discards[1])) == (5, 2, 1)  # hand refilled
    said: list[str] = []
    text = widgets.text
    monkeypatch.setattr(widgets, "text", lambda surface, t, *a, **k: said.append(t) or text(surface, t, *a, **k))
    p = layout.plate(layout.position(scene.bottom, 1, 4))  # Basil, the left opponent
    for center, words in ((p.hand, "Hand: 5 cards"), (p.deck, "Draw pile: 2 cards"),
                          (p.discard, "Discard pile: 1 card (click to see it)")):
        post(pygame.event.Event(pygame.MOUSEMOTION, pos=center, rel=(0, 0), buttons=(0, 0, 0)))
        said.clear()
        base.redraw(app)
        assert words in said, (words, said)
    post(pygame.event.Event(pygame.MOUSEMOTION, pos=row_center(scene, "bottom"), rel=(0, 0),
                            buttons=(0, 0, 0)))
    said.clear()
    base.redraw(app)
    assert not any(t.startswith(("Hand:", "Draw pile:", "Discard pile:")) for t in said)


def test_a_seat_put_out_of_the_game_gets_a_banner_above_all_you(app):
    """Eliminated, the one person at the table was only told by a line in the log and a grey
    plate; the computers then played on and nothing said why no turn came any more."""
    g = from_position(base.DB, [{"mindbugs": 0}, {"hand": ["Gorillion", "Bee Bear"]},
                                {"hand": ["Spider Owl"]}, {"hand": ["Killer Bee"], "mindbugs": 0}],
                      rules="2v2", turn=3)  # Dee plays; then Ann has nothing: she is out
    scene = base.new_match(app, [person("Ann"), computer("random", "Basil"),
                                 computer("random", "Cy"), computer("random", "Dee")], game=g)
    shown: list[tuple[str, int]] = []  # each banner, and how many the renderer then has to draw
    table = scene.table
    show = table.show_banner
    table.show_banner = lambda text, color, **where: show(text, color, **where) or shown.append(
        (text, sum(1 for f in table.floaters if f.get("banner"))))
    run_until(app, scene, lambda: g.eliminated[0] and not scene.queue
              and any(t == "Basil's turn" for t, _n in shown))
    texts = [t for t, _n in shown]
    assert "You are out of the game" in texts
    assert texts.index("You are out of the game") < texts.index("Basil's turn")
    # The next turn's banner replaces it: never two at once, one over the other.
    assert all(n == 1 for _t, n in shown)


def test_the_right_opponent_asked_to_block_sees_the_left_one_let_it_through(app, monkeypatch):
    """An attack is offered to the attacker's left opponent first, then the right one. Asked
    second, nothing said the teammate had let it through: the teammate's plate now says so."""
    g, scene = four(app, [{"play": ["Spider Owl"], "hand": ["Gorillion"]}, {"play": ["Luchataur"]},
                          {"hand": ["Bee Bear"]}, {"hand": ["Killer Bee"]}], turn=1)
    assert g.pending.kind == "block" and g.pending.seat == 0  # Basil attacks; Cy could not block
    said: list[str] = []
    text = widgets.text
    monkeypatch.setattr(widgets, "text", lambda surface, t, *a, **k: said.append(t) or text(surface, t, *a, **k))
    base.redraw(app)
    assert "No block" in said
    assert match_seats.status(scene, 2) == "No block"  # Cy, Basil's left opponent
