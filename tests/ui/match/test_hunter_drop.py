"""One drop rule for Hunter (issue 42, findings 6 and 10): a drop on prey picks it without a
question only when it can mean nothing else (on the creature's card itself, on no other prey),
and the label while dragging says "Hunt X"; a drop beside it asks, with that prey gold."""

from __future__ import annotations

import pygame
import pytest

from game.engine import from_position
from game.ui.match import drop_zones
from game.ui.match.drop_zones import DropZone
from tests.support.table_drag import DB, center, drag, settle, start

pytestmark = pytest.mark.window('--speed', '5')



def test_a_drop_means_only_the_hunt_on_the_card_itself_and_on_no_other_prey():
    card = pygame.Rect(400, 120, 80, 112)
    prey = DropZone(card.inflate(12, 12), "attack", "Hunt Spider Owl", card=8, then=8, card_rect=card)
    half = DropZone(pygame.Rect(0, 0, 1000, 300), "attack", "Release to attack")
    assert drop_zones.means_only([prey, half], prey, card.center)
    assert not drop_zones.means_only([prey, half], prey, (card.right + 3, card.centery))  # the margin
    twin = DropZone(pygame.Rect(card.right - 10, 120, 80, 112).inflate(12, 12), "attack", "Hunt",
                    card=9, then=9, card_rect=pygame.Rect(card.right - 10, 120, 80, 112))
    assert not drop_zones.means_only([prey, twin, half], prey, (card.right - 5, card.centery))
    assert not drop_zones.means_only([prey, half], half, card.center)  # no prey: nothing to pick
    # the words under the dragged card say which: the hunt on the card, a question beside it
    assert drop_zones.label_at([prey, half], card.center) == "Hunt Spider Owl"
    assert drop_zones.label_at([prey, half], (card.right + 3, card.centery)) == "Attack, then choose the prey"


def _hunter_table(app):
    g = from_position(DB, [{"play": ["Goblin Werewolf"], "hand": ["Bee Bear"]},
                           {"play": ["Spider Owl", "Gorillion"], "hand": ["Killer Bee"]}])
    scene = start(app, g)
    settle(app, scene)
    return g, scene, g.plays[0][0], g.plays[1][0]


def test_the_drag_label_over_prey_says_hunt_it(app):
    g, scene, wolf, owl = _hunter_table(app)
    drag(app, center(scene, wolf), center(scene, owl), release=False)
    over = drop_zones.zone_at(scene.input.press["zones"], center(scene, owl))
    assert over is not None and over.label == "Hunt Spider Owl"


def test_a_drop_beside_the_prey_asks_with_that_prey_gold(app):
    g, scene, wolf, owl = _hunter_table(app)
    card = scene.sprites[owl].rect()
    beside = (card.right + 4, card.centery)  # in the lit margin: also the opponent's side
    drag(app, center(scene, wolf), beside)
    settle(app, scene)
    assert g.pending.kind == "hunt" and owl in g.plays[1], "asked, not hunted by accident"
    assert [b.text for b in scene.row.buttons if b.primary] == ["Hunt Spider Owl"]


def test_a_drop_on_the_prey_itself_hunts_it(app):
    g, scene, wolf, owl = _hunter_table(app)
    drag(app, center(scene, wolf), center(scene, owl))
    settle(app, scene)
    assert owl in g.discards[1]
