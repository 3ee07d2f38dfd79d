"""Puzzles solved in the window by a scripted player entering the file's solution."""

from __future__ import annotations

import pygame  # noqa: E402

from game.app import App  # noqa: E402
from game.learn.puzzles import list_puzzles  # noqa: E402
from game.learn.tutorial import option_matches, step_label  # noqa: E402
from game.ui.kit.menu_overlay import MenuOverlay  # noqa: E402
from game.ui.learn.puzzle_match import PuzzleMatch  # noqa: E402
from game.ui.match.card_picker import CardPicker  # noqa: E402

PUZZLES = list_puzzles()


def click(app: App, pos) -> None:
    for ev in (pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)),
               pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1),
               pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1)):
        pygame.event.post(ev)
    app.step()


def button(scene, text: str):
    return next(b for b in scene.row.buttons if b.text == text)


def play(app: App, scene: PuzzleMatch, labels: list[str]) -> MenuOverlay:
    for label in labels:
        settle(app, scene)
        if isinstance(app.ctx.scenes.top, MenuOverlay):
            break
        enter(app, scene, label)
    for _ in range(4000):
        top = app.ctx.scenes.top
        if isinstance(top, MenuOverlay):
            return top
        app.step()
    raise AssertionError("the puzzle was never decided")


def person_moves(puzzle) -> list[str]:
    """The solution's moves for the person: every step not marked as the opponent's."""
    return [step_label(s) for s in puzzle.steps()
            if not (isinstance(s, dict) and s.get("by") == 1)]


def key(app: App, k: int) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0))
    app.step()


def settle(app: App, scene: PuzzleMatch, limit: int = 4000) -> None:
    """Frames until the person is asked (the decision is offered) or the puzzle is decided."""
    for _ in range(limit):
        app.step()
        top = app.ctx.scenes.top
        if top is not scene:
            return
        g = scene.ctl.game
        if (g.pending is not None and scene.ctl.is_human(g.pending.seat) and not scene.queue
                and scene.decision_serial == g.pending.serial and not scene.tweener.busy):
            return
    raise AssertionError("the puzzle never settled")


def enter(app: App, scene: PuzzleMatch, label: str) -> None:
    """Take the option ``label`` as a player would: on its card (click it, click it again to
    confirm), its button, or its card in the picker that opens for cards off the table."""
    top = app.ctx.scenes.top
    if isinstance(top, CardPicker):
        g = scene.ctl.game
        off_table = [c for c in scene.choices if c.key is None and c.option.card is not None]
        i = next(i for i, c in enumerate(off_table) if option_matches(g, c.option, label))
        click(app, top.rects[i].center)  # selects it (lifted a little: the centre stays on it)
        click(app, top.rects[i].center)  # confirms
        return
    target = scene.target_rect(label)
    assert target is not None, f"{label!r} is nowhere on the table"
    serial = scene.ctl.game.pending.serial
    click(app, target.center)
    if label.split()[0] in CARD_VERBS and scene.ctl.game.pending is not None \
            and scene.ctl.game.pending.serial == serial:
        click(app, target.center)


CARD_VERBS = ("play", "attack", "block", "hunt", "choose")
