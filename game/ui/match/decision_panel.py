"""The decision panel of the match: the prompt line, the buttons of the open decision and which
cards light up. Functions of what they are given; the scene keeps the state and calls them."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Protocol

import pygame

from game.common.i18n import _
from game.ui.kit import gold as gold_rule
from game.ui.kit import theme
from game.ui.kit.widgets import Button, ButtonRow
from game.ui.match import seats as match_seats
from game.ui.match.choices import Choice, StepCounter
from game.ui.table import hud, layout
from game.ui.table.animated_table import CombatTable
from game.ui.table.animator import mark_combat
from game.words import texts

if TYPE_CHECKING:
    from collections.abc import Sized

    from game.engine import Option
    from game.ui.core.match_config import MatchConfig
    from game.ui.core.seat import GameSeat
    from game.ui.match.input_state import InputState
    from game.ui.table.model import TableModel
    from game.ui.table.sprites import SpriteKey

ENTER_ROOM = 28  # the Enter arrow's room on the gold button
ROW_PITCH = 52  # the buttons' rows when they do not fit side by side (the table renderer's too)


def button_row(choices: Sequence[Choice], selected: Choice | None, kind: str,
               lone_pick_is_default: Callable[[int], bool], *, staged: bool, n_seats: int,
               window_scale: float, submit: Callable[[Option], None],
               advised: Callable[[Option], bool] = lambda option: False) -> ButtonRow:
    """The buttons of decision ``kind`` offered as ``choices``: the selected card's confirm
    button first, a lone card as a button too, then every option that is no card. Which one is
    the gold default (Enter) is the gold rule's answer (``game.ui.kit.gold``): ``advised`` says
    which option the screen advises (a lesson's instruction, the hint shown)."""
    texts_ = []
    actions = []
    offers: list[gold_rule.Offer] = []
    on_table = [c for c in choices if c.key is not None]
    if selected is not None:
        texts_.append(selected.text)
        actions.append(lambda c=selected: submit(c.option))
        offers.append(gold_rule.ADVISED)  # the player's own pick: Enter confirms it
    elif kind != "action" and (len(on_table) == 1 or any(advised(c.option) for c in on_table)):
        # One card to pick (Frenzy's second attack, a lone blocker), or the card the screen
        # advises (a lesson's prey, the hint's blocker): offered as a button too, so that the
        # gold is never a button that contradicts it ("Don't hunt" under "Hunt the Ferret
        # Bomber"); a lone pick is gold only when it is a sensible move (no losing block).
        pick = next((c for c in on_table if advised(c.option)), on_table[0])
        texts_.append(pick.text)
        actions.append(lambda c=pick: submit(c.option))
        card = pick.option.card  # a choice on the table is a card's
        offers.append(gold_rule.Offer(loses=card is not None and not lone_pick_is_default(card),
                                      advised=advised(pick.option)))
    for c in choices:
        if c.key is None:
            texts_.append(c.text)
            actions.append(lambda c=c: submit(c.option))
            offers.append(gold_rule.Offer(spends_mindbug=c.option.verb == "mindbug",
                                          advised=advised(c.option)))
    gold = gold_rule.choose(offers)  # the button Enter takes (None: none)
    buttons = []
    if staged and layout.staged_aside():
        # Larger text: right of the played card, under the prompt (the table renderer places
        # them: table.render.place_low_row).
        left, right = layout.staged_column()
        for i, (t, a) in enumerate(zip(texts_, actions, strict=True)):
            w = min(right - left, hud.button_width(_(t), window_scale) + (ENTER_ROOM if i == gold else 0))
            buttons.append(Button(pygame.Rect(left, layout.staged_buttons_y(n_seats), w, 46), t, a,
                                  primary=(i == gold), enter=(i == gold), group="low_row"))
    elif staged:
        # Beside the large played card.
        large = hud.large_prompt(window_scale)
        x = layout.TABLE_CX + layout.STAGE_W // 2 + (16 if large else 30)
        for i, (t, a) in enumerate(zip(texts_, actions, strict=True)):
            y = layout.staged_buttons_y(n_seats) + i * 66
            w = layout.TABLE_X1 - 8 - x if large else 250  # large text: as wide as the table leaves
            buttons.append(Button(pygame.Rect(x, y, w, 54), t, a, primary=(i == gold), enter=(i == gold)))
    else:
        # The gold one has room for its Enter arrow too.
        widths = [max(170, min(330, 24 + 11 * len(t)), hud.button_width(_(t), window_scale))
                  + (ENTER_ROOM if i == gold else 0) for i, t in enumerate(texts_)]
        y = hud.large_buttons_y(window_scale) if n_seats == 2 and hud.large_prompt(window_scale) \
            else layout.buttons_y(n_seats)
        # As many side by side as the table's width holds; the rest in rows under them (large
        # text: "Block with Giraffodile" beside "Don't block (lose 1 life)" is wider than the table).
        room = layout.TABLE_X1 - layout.TABLE_X0 - 16
        widths = [min(w, room) for w in widths]
        rows: list[list[int]] = []
        for i, w in enumerate(widths):
            if rows and sum(widths[j] + 16 for j in rows[-1]) + w <= room:
                rows[-1].append(i)
            else:
                rows.append([i])
        for r, row in enumerate(rows):
            x = layout.TABLE_CX - (sum(widths[i] for i in row) + 16 * (len(row) - 1)) // 2
            for i in row:
                primary = i == gold  # the gold default: Enter takes it
                buttons.append(Button(pygame.Rect(x, y - 23 + r * ROW_PITCH, widths[i], 46), texts_[i],
                                      actions[i], primary=primary, enter=primary))
                x += widths[i] + 16
    return ButtonRow(buttons)


def highlight(table: CombatTable, choices: Sequence[Choice], selected: Choice | None,
              choice_for: Callable[[SpriteKey], Choice | None]) -> None:
    """Mark the fighters, and light every card that answers one of ``choices``."""
    for sp in table.sprites.values():
        sp.highlight = None
    mark_combat(table)
    if not choices:
        return
    selected_key = selected.key if selected is not None else None
    for key, sp in table.sprites.items():
        # every copy of an offered card lights up: any of them may be picked
        if choice_for(key) is not None:
            sp.highlight = "selected" if key == selected_key else "legal"


class PromptHost(Protocol):
    """What the prompt line reads of the match scene."""

    @property
    def message(self) -> str | None: ...  # an answer the game refused
    @property
    def input(self) -> InputState: ...  # the reason the last drop sprang back
    @property
    def ctl(self) -> GameSeat: ...  # pending decision, who is human, names, the game
    @property
    def config(self) -> MatchConfig: ...  # its mode
    @property
    def queue(self) -> Sized: ...  # events still to animate
    @property
    def revealed(self) -> int | None: ...  # the seat whose hand is shown
    @property
    def steps(self) -> StepCounter: ...
    @property
    def model(self) -> TableModel: ...  # Mindbugs left
    @property
    def attacker(self) -> int | None: ...
    @property
    def window_scale(self) -> float: ...  # the text's size in the window (a shorter 2v2 prompt)

    def card_name(self, cid: int) -> str: ...


def prompt_text(sc: PromptHost) -> tuple[str, tuple]:
    """The line above the buttons and its colour: a message, a drop's reason, or the decision."""
    if sc.message:
        return sc.message, theme.DANGER
    if sc.input.hint:
        return sc.input.hint, theme.DANGER
    if sc.ctl.over and sc.model.winner == sc.ctl.game.winner:
        # Over once the table has shown it: the last blow lands before any word of the end (a
        # concession ends the game with no event: the engine has no winner, nor the table).
        return _("Game over."), theme.ACCENT
    d = sc.ctl.pending
    if d is None or sc.queue:
        return "", theme.TEXT
    you = sc.ctl.is_human(d.seat) and d.seat == sc.revealed
    who = sc.ctl.name(d.seat)
    if sc.config.mode == "demo":
        you = False
    step = sc.steps.step_of(d.serial)
    short = sc.model.n_seats == 4 and hud.large_prompt(sc.window_scale)  # room for its lines
    text = texts.prompt(d, you, who, sc.card_name, sc.model.mindbugs[d.seat], sc.attacker,
                        step, player=match_seats.player_words(sc, d.seat), short=short,
                        keyboard=sc.input.keyboard)
    return text, theme.ACCENT if you else theme.TEXT
