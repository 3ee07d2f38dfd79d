"""Issue 42, item 2: the card picker's default follows the one gold rule (game.ui.kit.gold): a
card whose taking destroys (a discard, a defeat) is never selected from the start nor gold;
the first card that destroys nothing is; "Done" of an "up to" pick comes first."""

from __future__ import annotations

import pygame
import pytest

from game.cards import load_cards
from game.ui.kit import gold
from game.ui.match import scene as match_scene
from game.ui.match.card_picker import CardPicker, PickCard


@pytest.fixture
def ctx(open_window):
    return open_window(first_frame=True).ctx


def _picker(ctx, offers, others=()):
    db = load_cards()
    taken: list[str] = []
    cards = [PickCard(d, lambda d=d: taken.append(d.name), "", offer) for d, offer in zip(db.defs, offers, strict=False)]
    picker = CardPicker(ctx, "Choose", cards, [(t, lambda t=t: taken.append(t)) for t in others])
    ctx.scenes.push(picker)
    return picker, taken, [d.name for d in db.defs]


def _enter(picker):
    picker.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r"))


def test_a_discard_is_never_selected_or_gold(ctx):
    picker, taken, names = _picker(ctx, [gold.DESTROYS, gold.DESTROYS])
    assert picker.selected is None and not any(b.primary for b in picker.row.buttons)
    _enter(picker)  # Enter selects the first card, naming it on the confirm button; nothing taken
    assert picker.selected == 0 and taken == []
    _enter(picker)  # a second, deliberate Enter takes it
    assert taken == [names[0]]


def test_the_first_card_that_destroys_nothing_is_gold(ctx):
    picker, taken, names = _picker(ctx, [gold.DESTROYS, gold.PLAIN, gold.PLAIN])
    assert picker.selected == 1 and picker.row.buttons[0].primary
    _enter(picker)
    assert taken == [names[1]]


def test_done_of_an_up_to_pick_comes_first(ctx):
    picker, taken, _names = _picker(ctx, [gold.PLAIN, gold.PLAIN], others=["Done"])
    assert picker.selected is None and picker.row.buttons[1].primary
    _enter(picker)
    assert taken == ["Done"]


def test_the_match_marks_a_discard_or_a_defeat_as_destroying():
    assert {"discard", "defeat"} <= set(match_scene.DESTROYING_PURPOSES)
    assert "put into play" not in match_scene.DESTROYING_PURPOSES
