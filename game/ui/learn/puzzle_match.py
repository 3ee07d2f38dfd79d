"""One puzzle, played on the real table against the computer answering as the file says.

The goal is shown at the top; after every move ``game.learn.puzzles.Goal`` tells whether it is
reached, failed or still open. Once decided: "Solved!" or "Not this time", with Retry, the
file's Hint, the Next puzzle and Back. A solved puzzle is remembered (``progress``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.common.i18n import N_, _, language
from game.learn.puzzles import LEAD, SURVIVE, WIN, Goal, Puzzle
from game.learn.tutorial import step_label
from game.ui.kit import theme
from game.ui.kit.celebration import CelebrationOverlay
from game.ui.kit.menu_overlay import MenuOverlay
from game.ui.learn.set_match import SetMatch, wrap_lines

if TYPE_CHECKING:
    from game.engine import State
    from game.ui.core.context import AppContext
    from game.ui.learn.progress import Progress

GOAL_TEXT = {WIN: N_("Win this turn"), SURVIVE: N_("Survive the opponent's turn"),
             LEAD: N_("Take the lead in creatures")}
# Why an attempt missed its goal, said under "Not this time".
MISSED = {WIN: N_("Your turn ended and the opponent is still in the game."),
          SURVIVE: N_("You did not survive the opponent's turn."),
          LEAD: N_("When your turn ended, you did not have more creatures than the opponent.")}
DIFFICULTY_TEXT = {"easy": N_("easy"), "medium": N_("medium"), "hard": N_("hard")}


def goal_text(goal: str) -> str:
    return _(GOAL_TEXT.get(goal, goal))


def difficulty_text(difficulty: str) -> str:
    return _(DIFFICULTY_TEXT.get(difficulty, difficulty))


class PuzzleMatch(SetMatch):
    def __init__(self, ctx: AppContext, puzzles: list[Puzzle], index: int, progress: Progress,
                 level: str = "hard") -> None:
        self.puzzles = puzzles
        self.index = index
        self.puzzle = puzzles[index]
        self.progress = progress
        self.goal = Goal(self.puzzle.goal, self.puzzle.solver)
        self.solved: bool | None = None
        self.hint_shown = False
        labels = [step_label(s) for s in self.puzzle.steps()]
        super().__init__(ctx, self.puzzle.position, labels, level=level)

    def again(self) -> PuzzleMatch:
        return PuzzleMatch(self.ctx, self.puzzles, self.index, self.progress, self.level)

    def after_move(self, g: State) -> None:
        result = self.goal.status(g)
        if result is not None:
            self.solved = result
            self.decided = True

    def attempt_won(self) -> bool:
        return bool(self.solved)

    def show_result(self) -> None:
        if self.solved:
            self.progress.mark_solved(self.puzzle.key)
        title = _("Solved!") if self.solved else _("Not this time")
        self.ctx.play_sound("win" if self.solved else "loss")
        lines = [_("Goal: {goal}").format(goal=goal_text(self.puzzle.goal))]
        if not self.solved:
            lines += wrap_lines(_(MISSED.get(self.puzzle.goal, "")))
        if self.hint_shown:
            lines += wrap_lines(_("Hint: {hint}").format(hint=self.hint()))
        buttons = [(_("Retry"), self.restart)]
        if not self.solved and not self.hint_shown and self.hint():
            buttons.append((_("Hint"), self.show_hint))
        if self.index + 1 < len(self.puzzles):
            buttons.append((_("Next puzzle"), self.next_puzzle))
        buttons.append((_("Back to the puzzles"), self.back))
        if self.solved:  # the gold default: on to the next one
            buttons.sort(key=lambda b: b[1] != self.next_puzzle)
        self.ctx.scenes.push(CelebrationOverlay(self.ctx, title, buttons, lines,
                                                theme.GOOD if self.solved else theme.DANGER,
                                                esc=self.back, mood="done" if self.solved else "loss"))

    def hint(self) -> str:
        return self.puzzle.hint_in(language())

    def show_hint(self) -> None:
        """The overlay again, with the file's hint in it."""
        for scene in [s for s in self.ctx.scenes.stack if isinstance(s, MenuOverlay)]:
            self.ctx.scenes.remove(scene)
        self.hint_shown = True
        self.show_result()

    def next_puzzle(self) -> None:
        self.back()
        self.ctx.scenes.push(PuzzleMatch(self.ctx, self.puzzles, self.index + 1, self.progress,
                                         self.level))

    def leave_text(self) -> str:
        return _("Leave the puzzle")

    def banner(self) -> tuple[str, str]:
        p = self.puzzle
        heading = _("Puzzle {n}: {title} ({difficulty})").format(
            n=self.index + 1, title=p.title_in(language()), difficulty=difficulty_text(p.difficulty))
        return heading, _("Goal: {goal}").format(goal=goal_text(p.goal))
