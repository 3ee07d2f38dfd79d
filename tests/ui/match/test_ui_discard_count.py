"""Issue 12, item 3, reproduced through the real match scene: the computer's Ferret Bomber makes
you discard two cards, and the prompt counts them, "(1 of 2)" then "(2 of 2)", whether you let
the Bomber go with a click or have no Mindbug left to answer with."""

from __future__ import annotations

import pygame  # noqa: E402
import pytest  # noqa: E402

from game.cards import load_cards  # noqa: E402
from game.engine import from_position  # noqa: E402
from game.ui.core.match_config import MatchConfig  # noqa: E402
from game.ui.match.scene import MatchScene  # noqa: E402

pytestmark = pytest.mark.window('--speed', '50')

DB = load_cards()


def until_you_decide(app, scene, limit=3000):
    for _ in range(limit):
        app.step()
        d = scene.ctl.pending
        if d is not None and scene.ctl.is_human(d.seat) and not scene.queue \
                and not scene.anim.batch_open and not scene.tweener.busy \
                and scene.decision_serial == d.serial:
            return d
    raise AssertionError("the match never came back to you")


def click(app, pos):
    for ev in (pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)),
               pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1),
               pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1)):
        pygame.event.post(ev)
    app.step()


def drawn_prompt(app, scene) -> str:
    """The prompt as the frame draws it (the painter keeps where it went)."""
    surface = pygame.Surface((1280, 720))
    scene.dirty = True
    scene.draw(surface)
    assert scene.prompt_rect is not None
    return scene.prompt_text()[0]


@pytest.mark.parametrize("mindbugs", [1, 0])
def test_the_computers_ferret_bomber_counts_your_two_discards(app, mindbugs):
    g = from_position(DB, [
        {"mindbugs": mindbugs, "hand": ["Gorillion", "Killer Bee", "Spider Owl", "Shark Dog", "Bee Bear"],
         "deck": ["Luchataur", "Turbo Bug"]},
        {"hand": ["Ferret Bomber"], "deck": []},  # the computer can only play the Bomber
    ], turn=1)
    scene = MatchScene(app.ctx, MatchConfig(mode="ai", ai_level="random", names=("You", "Computer"),
                                            seed=1), game=g)
    app.ctx.scenes.replace(scene)
    d = until_you_decide(app, scene)
    if mindbugs:
        assert d.kind == "mindbug"
        let_go = next(b for b in scene.row.buttons if b.text == "Let it go")
        click(app, let_go.rect.center)  # a real click on the button
        d = until_you_decide(app, scene)
    for step in (1, 2):
        assert d.purpose == "discard" and d.seat == 0
        assert f"({step} of 2)" in drawn_prompt(app, scene)
        card = scene.sprites[scene.choices[0].key]
        click(app, card.rect().center)  # select...
        click(app, card.rect().center)  # ...and the second click on it confirms
        d = until_you_decide(app, scene)
    assert len(g.discards[0]) == 2  # both picks went to your discard pile
    assert d.kind == "action"
    assert "of 2)" not in drawn_prompt(app, scene)
