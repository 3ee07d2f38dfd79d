"""Playing a lesson through by following its arrow."""

from __future__ import annotations

import pygame  # noqa: E402

from game.app import App  # noqa: E402
from game.ui.kit.menu_overlay import MenuOverlay  # noqa: E402
from game.ui.learn.lesson_match import LessonMatch  # noqa: E402


def play_through(app: App, scene: LessonMatch) -> MenuOverlay:
    for _ in range(20):
        settle(app, scene)
        top = app.ctx.scenes.top
        if isinstance(top, MenuOverlay):
            return top
        line = scene.prompt_text()[0]
        assert line == scene.run.student_step().say.do  # the one line says what to do next
        follow_arrow(app, scene)
    raise AssertionError("the lesson did not end")


def settle(app: App, scene: LessonMatch, limit: int = 3000) -> None:
    """Frames until the lesson waits for the student (its arrow is up) or is over."""
    for _ in range(limit):
        app.step()
        if app.ctx.scenes.top is not scene or scene.arrow_target() is not None:
            return
    raise AssertionError("the lesson never waited for the student")


def follow_arrow(app: App, scene: LessonMatch) -> None:
    """What a newcomer does: click where the arrow points (a card: click it twice, select
    then confirm; a button: click it once)."""
    target = scene.arrow_target()
    assert target is not None
    step = scene.run.student_step()
    card = step.label.split()[0] in ("play", "attack", "block", "hunt", "choose")
    click(app, target.center)
    if card and scene.run.student_step() is step:
        click(app, target.center)


def click(app: App, pos) -> None:
    post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)),
         pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1),
         pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
    app.step()


def post(*events: pygame.event.Event) -> None:
    for ev in events:
        pygame.event.post(ev)
