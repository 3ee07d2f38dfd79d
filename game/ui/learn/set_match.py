"""A match from a set position (a puzzle or a lesson), on the ordinary match scene.

The match scene is reused as it is; this subclass only adds what a set position needs: the
start state from a scenario file (``MatchConfig.start``), a computer that answers as the file's
steps say and as a level chooses where the file leaves it open (``MatchConfig.agent``), a
moment at which the attempt is decided (then nothing more is asked), a banner and its own
pause menu (Esc: resume, start again, leave). Such a match is never autosaved and never kept
as a replay (``MatchController.recordable`` is false for a set position), so it neither
replaces the player's saved game nor counts in the statistics.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

import pygame

from game.common.i18n import _, ngettext
from game.learn.tutorial import Script, ScriptedAgent, option_matches
from game.ui.core.ai_worker import make_agent
from game.ui.core.match_config import MatchConfig
from game.ui.kit import theme
from game.ui.kit.menu_overlay import MenuOverlay
from game.ui.learn import draw as learn_draw
from game.ui.match.scene import MatchScene
from game.ui.table import layout

if TYPE_CHECKING:
    from game.engine import Option, State
    from game.ui.core.context import AppContext
    from game.ui.core.scene_stack import StackedScene

STUDENT = 0
# The banner beside the opponent's creatures: the narrowest free stretch of their row it takes,
# and the gap it keeps from a card.
BANNER_SIDE_W, BANNER_GAP = 300, 8


class SetMatch(MatchScene):
    """The person at seat 0 against a scripted computer at seat 1."""

    # No in-game Hint: a lesson's arrow already says what to do, and in a puzzle Hard's move
    # would give the solution away (the puzzle offers its own hint after a failed try).
    offers_hints = False

    def __init__(self, ctx: AppContext, start: Callable[[], State], labels: Sequence[str | None],
                 level: str = "hard", seed: int = 1) -> None:
        self.script = Script(list(labels))
        self.level = level

        def agent(seat: int, agent_seed: int) -> ScriptedAgent:
            return ScriptedAgent(self.script, make_agent(level, agent_seed))

        config = MatchConfig(mode="ai", ai_level=level, names=(_("You"), _("Computer")),
                             seed=seed, start=start, agent=agent)
        super().__init__(ctx, config)
        self.decided = False  # the attempt is over: the computer stops, nothing is offered
        self.result_shown = False
        self.banner_rect: pygame.Rect | None = None  # where the banner was last drawn
        # A banner too tall for the room above the opponent's creatures shows a page at a time.
        self.banner_page, self.banner_shown_for = 0, 0.0
        self.banner_words: tuple[str, str, int] = ("", "", 1)

    def update(self, dt: float) -> None:
        super().update(dt)
        self._turn_banner_page(dt)

    def handle(self, event: pygame.event.Event) -> bool:
        if (event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.banner_words[2] > 1
                and self.banner_rect is not None and self.banner_rect.collidepoint(event.pos)
                and self.press is None):
            self.next_banner_page()  # a click on a paged banner: its next page at once
            return True
        return super().handle(event)

    # --- the flow ---------------------------------------------------------------------------
    def accepts(self, option: Option) -> bool:
        """Whether the person's ``option`` may be played now (a lesson waits for one move)."""
        return True

    def refuse(self, line: str) -> None:
        """Turn a move down: the game is unchanged, the card goes back, a line says why."""
        self._clear_decision()
        self.decision_serial = None  # offered again next frame, with the line above it
        self.resync()
        self.message = line
        self.dirty = True

    def submit(self, option: Option) -> None:
        g = self.ctl.game
        if self.decided or g.pending is None:
            return
        if self.ctl.is_human(g.pending.seat) and not self.accepts(option):
            return
        self.script.follow(g, option)
        self.before_move(g, option)
        super().submit(option)
        self.after_move(self.ctl.game)

    def before_move(self, g: State, option: Option) -> None:
        """Told every accepted answer before it is applied (the lesson moves on)."""

    def after_move(self, g: State) -> None:
        """Told after every answer: decide the attempt here (set ``decided``)."""

    def _between_batches(self, dt: float) -> None:
        if self.decided:
            if not self.result_shown:
                self.result_shown = True
                # A banner still fading ("Computer's turn") would show through the result's box
                self.table.floaters = [f for f in self.table.floaters if not f.get("banner")]
                self.show_result()
            return
        super()._between_batches(dt)

    def show_result(self) -> None:
        """The attempt is decided and everything has moved: say how it went."""

    def attempt_won(self) -> bool:
        """Whether the decided attempt went the person's way (a lesson always does)."""
        return True

    def music_piece(self) -> str:
        """The attempt's sting once its result is shown, else the table's piece."""
        if self.result_shown:
            return "win" if self.attempt_won() else "loss"
        return super().music_piece()

    @property
    def animating(self) -> bool:
        return super().animating or (self.decided and not self.result_shown)

    # --- leaving, starting again -------------------------------------------------------------
    def restart(self) -> None:
        """The same position from its start (Retry). The result box or pause menu it was
        chosen in lies above this scene: it goes too, or it would stay over the list once the
        new attempt is left (its buttons act on this scene, which is gone)."""
        self.back()
        self.ctx.scenes.push(self.again())

    def again(self) -> SetMatch:
        raise NotImplementedError

    def rematch(self) -> None:
        self.restart()

    def back(self) -> None:
        """Leave for the list below (the tutorial's or the puzzles')."""
        for scene in [s for s in self.ctx.scenes.stack if s is self or self._above(s)]:
            self.ctx.scenes.remove(scene)

    def _above(self, scene: StackedScene) -> bool:
        stack = self.ctx.scenes.stack
        return self in stack and scene in stack and stack.index(scene) > stack.index(self)

    def to_menu(self) -> None:
        self.back()

    def open_menu(self) -> None:
        overlay: MenuOverlay | None = None

        def close() -> None:
            if overlay is not None:  # made before any of its buttons can be pressed
                self.ctx.scenes.remove(overlay)

        def then(action: Callable[[], None]) -> Callable[[], None]:
            def close_then_act() -> None:
                close()
                action()
            return close_then_act

        overlay = MenuOverlay(self.ctx, _("Paused"), [(_("Resume"), close),
                                                      (_("Start again"), then(self.restart)),
                                                      (self.leave_text(), then(self.back))],
                              esc=close)
        self.ctx.scenes.push(overlay)

    def leave_text(self) -> str:
        return _("Leave")

    # --- drawing ----------------------------------------------------------------------------
    def target_rect(self, label: str) -> pygame.Rect | None:
        """Where on the table the option ``label`` is taken: its card, or its button."""
        g = self.ctl.game
        if g.pending is None or self.decision_serial != g.pending.serial or self.queue:
            return None
        for choice in self.choices:
            if not option_matches(g, choice.option, label):
                continue
            sp = self.sprites.get(choice.key) if choice.key is not None else None
            if sp is not None:
                return sp.rect()
            for b in self.row.buttons:
                if b.text == choice.text:
                    return pygame.Rect(b.rect)
        for b in self.row.buttons:  # a card choice offered as a button too
            for choice in self.choices:
                if b.text == choice.text and option_matches(g, choice.option, label):
                    return pygame.Rect(b.rect)
        return None

    def banner(self) -> tuple[str, str]:
        """(heading, line) shown at the top of the table."""
        return "", ""

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        heading, line = self.banner()
        if heading or line:
            self.banner_rect = learn_draw.banner(surface, heading, line, self.time, self._their_hand(),
                                                 self.ctx.window_scale, page=self.banner_page,
                                                 areas=self.banner_areas())
        else:
            self.banner_rect = None

    def banner_areas(self) -> list[pygame.Rect]:
        """Where the banner may go, each from the table's top edge down to the lowest it may
        reach: across the table to just above the opponent's creatures under it (a larger text
        size pages the banner rather than cover one), else to above the prompt; and, when there
        are such creatures, beside them: each free stretch of their row at least
        BANNER_SIDE_W wide, down to above the prompt (at 200% the room above a creature holds
        one line of the banner; beside it, several)."""
        top = learn_draw.BANNER.y
        span = pygame.Rect(learn_draw.BANNER.x, 0, learn_draw.BANNER.w, layout.PROMPT_Y)
        cards = sorted((sp.rect() for sp in self.sprites.values()
                        if sp.zone == "play" and sp.seat != self.bottom and sp.rect().colliderect(span)),
                       key=lambda r: r.left)
        low = layout.PROMPT_Y - 44
        if self.prompt_rect is not None and self.prompt_rect.top > top + 60:
            low = min(low, self.prompt_rect.top - 6)
        areas = [pygame.Rect(span.x, top, span.w, min((r.top for r in cards), default=low + 4) - 4 - top)]
        x = span.left
        for r in [*cards, pygame.Rect(span.right + BANNER_GAP, 0, 0, 0)]:
            if r.left - BANNER_GAP - x >= BANNER_SIDE_W:
                areas.append(pygame.Rect(x, top, r.left - BANNER_GAP - x, low - top))
            x = max(x, r.right + BANNER_GAP)
        return areas

    def banner_pages(self) -> list[list[learn_draw.Row]]:
        """The banner's words in the pages it shows now (at its place: ``banner_areas``)."""
        heading, line = self.banner()
        return learn_draw.banner_place(heading, line, self._their_hand(), self.ctx.window_scale,
                                       self.banner_areas())[1]

    def _turn_banner_page(self, dt: float) -> None:
        """A paged banner shows its next page once the one shown has been read (or clicked)."""
        heading, line = self.banner()
        pages = self.banner_pages()
        if (heading, line, len(pages)) != self.banner_words:  # new words: from their first page
            self.banner_words, self.banner_page, self.banner_shown_for = (heading, line, len(pages)), 0, 0.0
            return
        if len(pages) < 2:
            return
        self.banner_shown_for += dt
        if self.banner_shown_for >= learn_draw.page_seconds(pages[self.banner_page % len(pages)]):
            self.next_banner_page()

    def next_banner_page(self) -> None:
        self.banner_page, self.banner_shown_for, self.dirty = self.banner_page + 1, 0.0, True

    def _their_hand(self) -> str:
        """The opponent's hand count, which the banner covers on the table."""
        seat = 1 - self.bottom
        if not 0 <= seat < len(self.model.hands):
            return ""
        n = len(self.model.hands[seat])
        return ngettext("Opponent: {count} card in hand", "Opponent: {count} cards in hand",
                        n).format(count=n)

    def _turn_label(self, seat: int) -> str:
        return _("Your turn") if seat == self.bottom else _("Their turn")


def goal_color(result: bool | None) -> tuple[int, int, int]:
    return theme.GOOD if result else theme.DANGER if result is False else theme.ACCENT


def wrap_lines(text: str) -> list[str]:
    """A result overlay's lines: one paragraph a line, wrapped by the box itself to its width
    in pixels (broken here at a count of letters, the box broke the pieces again: "Save"
    alone on a line)."""
    return [text]
