"""One lesson of the tutorial, played on the real table.

An arrow and one line say what to do next; the game waits for that move (any other is turned
down with a friendly line and changes nothing); after it, the banner explains what happened.
At the end the lesson is remembered as done and the next one is offered.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.common.i18n import _, language
from game.learn.tutorial import Lesson, LessonRun, option_matches
from game.ui.kit import theme
from game.ui.kit.celebration import CelebrationOverlay
from game.ui.learn import draw as learn_draw
from game.ui.learn.set_match import STUDENT, SetMatch, wrap_lines
from game.ui.table import layout

if TYPE_CHECKING:
    from game.engine import Option, State
    from game.ui.core.context import AppContext
    from game.ui.learn.progress import Progress


class LessonMatch(SetMatch):
    def __init__(self, ctx: AppContext, lessons: list[Lesson], index: int,
                 progress: Progress) -> None:
        self.lessons = lessons
        self.index = index
        self.lesson = lessons[index]
        self.progress = progress
        self.run = LessonRun(self.lesson)
        super().__init__(ctx, self.lesson.position, self.lesson.labels(), level="easy")

    def again(self) -> LessonMatch:
        return LessonMatch(self.ctx, self.lessons, self.index, self.progress)

    # --- the flow ---------------------------------------------------------------------------
    def accepts(self, option: Option) -> bool:
        g = self.ctl.game
        if self.run.allows(g, option):
            return True
        self.run.refused += 1
        step = self.run.student_step()
        wanted = step.say.do_in(language()) if step is not None and step.say else ""
        self.refuse(_("Not that move: this lesson waits for another one. {what}").format(what=wanted))
        return False

    def before_move(self, g: State, option: Option) -> None:
        self.run.moved(g, option)

    def after_move(self, g: State) -> None:
        if self.run.finished:
            self.decided = True

    def show_result(self) -> None:
        self.progress.mark_lesson(self.lesson.key)
        lang = language()
        buttons = []
        if self.index + 1 < len(self.lessons):
            buttons.append((_("Next lesson"), self.next_lesson))
        buttons += [(_("Play it again"), self.restart), (_("Back to the lessons"), self.back)]
        said = self.run.last_said  # what the last move did: there was no time to read it
        lines = (wrap_lines(said.then_in(lang)) if said is not None else []) + \
            wrap_lines(self.lesson.done_in(lang))
        self.ctx.play_sound("win")
        self.ctx.scenes.push(CelebrationOverlay(self.ctx, _("Lesson complete"), buttons, lines,
                                                theme.GOOD, esc=self.back, mood="done"))

    def next_lesson(self) -> None:
        self.back()
        self.ctx.scenes.push(LessonMatch(self.ctx, self.lessons, self.index + 1, self.progress))

    def advises(self, option: Option) -> bool:
        """The move the lesson asks for is the gold default (never "Don't hunt" under "Hunt")."""
        step = self.run.student_step()
        g = self.ctl.game
        return step is not None and g.pending is not None and g.pending.seat == STUDENT \
            and option_matches(g, option, step.label)

    def leave_text(self) -> str:
        return _("Leave the lesson")

    def _highlight(self) -> None:
        """Only the card the lesson waits for lights up (the others would invite a refusal)."""
        super()._highlight()
        step = self.run.student_step()
        if step is None or self.selected is not None:
            return
        g = self.ctl.game
        for key, sp in self.sprites.items():
            choice = self.choice_for(key)
            if choice is not None and not option_matches(g, choice.option, step.label):
                sp.highlight = None

    # --- what it says -----------------------------------------------------------------------
    def waiting_for_student(self) -> bool:
        g = self.ctl.game
        return (not self.decided and g.pending is not None and g.pending.seat == STUDENT
                and not self.queue and self.decision_serial == g.pending.serial)

    def prompt_text(self) -> tuple[str, tuple]:
        if self.message or self.input.hint:
            return super().prompt_text()
        step = self.run.student_step()
        if step is not None and step.say is not None and self.waiting_for_student():
            return step.say.do_in(language()), theme.ACCENT
        return super().prompt_text()

    def banner(self) -> tuple[str, str]:
        lang = language()
        heading = _("Lesson {n} of {total}: {title}").format(
            n=self.index + 1, total=len(self.lessons), title=self.lesson.title_in(lang))
        said = self.run.last_said
        line = said.then_in(lang) if said is not None else self.lesson.intro_in(lang)
        return heading, line

    def arrow_target(self) -> pygame.Rect | None:
        step = self.run.student_step()
        if step is None or not self.waiting_for_student() or self.input.press:
            return None
        return self.target_rect(step.label)

    def drop_zone(self) -> pygame.Rect | None:
        """Where the awaited card is dragged to (a card played, an attack), if anywhere."""
        step = self.run.student_step()
        if step is None or self.arrow_target() is None or self.ctl.game.n_seats != 2:
            return None
        verb = step.label.split()[0].lower()
        if verb == "play":
            cy = layout.BOTTOM_PLAY_Y
        elif verb == "attack" and (pending := self.ctl.game.pending) is not None and pending.kind == "action":
            cy = layout.TOP_PLAY_Y
        else:
            return None
        h = int(layout.card_h(layout.PLAY_W)) + 24
        return pygame.Rect(layout.TABLE_X0 + 10, cy - h // 2, layout.TABLE_X1 - layout.TABLE_X0 - 20, h)

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        target = self.arrow_target()
        if target is not None:
            drop = self.drop_zone()
            if drop is not None:
                learn_draw.zone(surface, drop, self.time)
            avoid = self.arrow_avoids()
            learn_draw.arrow(surface, target, self.time, avoid, button=target in avoid)

    def arrow_avoids(self) -> list[pygame.Rect]:
        """What the arrow must leave readable: the decision's buttons ("Let it go" beside
        "Mindbug it!", "Don't block"; the one it points at is its target) and the log."""
        return [pygame.Rect(b.rect) for b in self.row.buttons] + [pygame.Rect(layout.LOG_PANEL)]

    @property
    def animating(self) -> bool:
        # the arrow bobs while it waits for the student
        return super().animating or self.arrow_target() is not None
