"""The hint button against the computer: ask Hard for the best move, show it on the table.

- Offered only while the one person at the table decides (1 person vs the computer, 1v1 or
  2v2 with three computers), never in hot seat: Hard would search with the deciding seat's
  view, and two people share the screen there. The Settings can switch hints off.
- The search runs in a worker thread (``AiWorker``) over ``game.view(seat)``, the same honest
  view a computer player gets, so the window stays responsive and shows "Thinking…"; if the
  decision changes meanwhile the answer is dropped.
- The generator is seeded from the game seed, the seat and the number of decisions so far
  (``decision_seed``): the same position always gets the same hint, and neither the game's
  generator nor a computer player's is touched, so asking never changes the game.
- The answer is drawn over the table: the card outlined (an arrow from an attacker to its
  target, from a blocker to the attacker), or the button outlined, and in a box at the top
  of the log the move, one line of why (``game.ai.hint.reason``: a fight it wins, the last
  life it saves, ... or how the next best move fared) and the estimated chance to win
  ("almost no chance to win" rather than "about 0%").
"""

from __future__ import annotations

import math
import threading
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Protocol, cast

import pygame

from game.ai.hint import hint
from game.common import i18n
from game.common.i18n import _
from game.ui.core import play_keys
from game.ui.core.ai_worker import AiWorker
from game.ui.kit import theme
from game.ui.kit.widgets import Button
from game.ui.match.controller import decision_seed
from game.ui.table import hud, layout, log_box
from game.words import texts

if TYPE_CHECKING:
    from collections.abc import Mapping, Sized
    from random import Random

    from game.ai.hint import Hint
    from game.engine import Decision, Option, View
    from game.ui.core.ai_worker import Chooser
    from game.ui.core.context import AppContext
    from game.ui.core.match_config import MatchConfig
    from game.ui.core.seat import GameSeat
    from game.ui.kit.widgets import ButtonRow
    from game.ui.match.choices import Choice
    from game.ui.match.input_state import InputState
    from game.ui.table.model import TableModel
    from game.ui.table.sprites import CardSprite, SpriteKey

def colour() -> tuple[int, int, int]:
    """The hint's colour: neither the gold of a legal option nor the blue of a selected one
    (the palette's GOOD, read when drawn: Settings may switch it)."""
    return theme.GOOD


MENU_RECT = pygame.Rect(1018, 8, 254, 44)  # the Menu button alone
MENU_RECT_NARROW = pygame.Rect(1018, 8, 136, 44)  # ...and beside the Hint button
BUTTON_RECT = pygame.Rect(1160, 8, 112, 44)


class HintAgent:
    """Adapts ``hint`` to the worker's agent interface (its ``option`` is the ``Hint``).
    ``cancel`` stops a search nobody waits for any more (it would only slow the window)."""

    def __init__(self, seed: int) -> None:
        self.seed = seed
        self.cancel = threading.Event()

    def choose(self, view: View, decision: Decision, rng: Random) -> Hint:
        return hint(view, self.seed, cancel=self.cancel)


@dataclass
class HintState:
    """The hint of the current decision: being searched, shown, or none."""

    worker: AiWorker | None = None
    agent: HintAgent | None = None  # the worker's agent (to cancel its search)
    serial: int | None = None  # the decision the worker or the result belongs to
    result: Hint | None = None
    failed: bool = False
    button: Button = field(default_factory=lambda: Button(pygame.Rect(BUTTON_RECT), "", lambda: None,
                                                           size=18))


class HintHost(Protocol):
    """What asking for a hint reads from the match scene: whether it may be asked now, and the
    hint's own state (which the scene holds, this module keeps)."""

    @property
    def ctx(self) -> AppContext: ...  # its settings (hints on or off)
    @property
    def ctl(self) -> GameSeat: ...  # the game, its pending decision, the seed
    @property
    def config(self) -> MatchConfig: ...  # who plays (its mode)
    @property
    def hints(self) -> HintState: ...
    #: False where the table teaches by itself (a lesson's arrow) or Hard's move would give a
    #: puzzle away: no Hint button, and H does nothing.
    @property
    def offers_hints(self) -> bool: ...
    @property
    def decision_serial(self) -> int | None: ...  # the decision offered (None: none yet)
    @property
    def queue(self) -> Sized: ...  # events still to animate
    def redraw(self) -> None: ...
    def advice_changed(self) -> None: ...  # the hint arrived: the gold default may move


class HintViewHost(HintHost, Protocol):
    """What showing the hint reads besides: the offer it points into and the table it draws on."""

    @property
    def choices(self) -> list[Choice]: ...  # each drawn as a card or a button
    @property
    def row(self) -> ButtonRow: ...
    @property
    def input(self) -> InputState: ...  # a card being dragged hides the hint's outline
    @property
    def attacker(self) -> int | None: ...
    @property
    def time(self) -> float: ...
    @property
    def model(self) -> TableModel: ...  # how many seats
    @property
    def sprites(self) -> Mapping[SpriteKey, CardSprite]: ...
    @property
    def prompt_rect(self) -> pygame.Rect | None: ...
    def card_name(self, cid: int) -> str: ...
    def seat_label(self, seat: int) -> str: ...


def allowed(sc: HintHost) -> bool:
    """May the person ask for a hint now? Offered by the scene, settings on, exactly one person
    at the table (so no other person's secrets can leak), that person's decision, offered and
    not animating."""
    ctl = sc.ctl
    if not sc.offers_hints or not getattr(sc.ctx.settings, "hints", True) or sc.config.mode != "ai" \
            or len(ctl.humans) != 1:
        return False
    d = ctl.pending
    return (d is not None and not ctl.over and ctl.is_human(d.seat) and not sc.queue
            and sc.decision_serial == d.serial)


def request(sc: HintHost) -> bool:
    """Start the search for the current decision (once per decision); False if not allowed."""
    st = sc.hints
    if not allowed(sc):
        return False
    d = sc.ctl.pending
    assert d is not None  # allowed() says a decision is offered
    if st.serial == d.serial and (st.worker is not None or st.result is not None):
        return True
    # A hint is offered only where the seed is known (a network seat never knows it).
    seed = decision_seed(sc.ctl.seed or 0, d.seat, sc.ctl.decision_no)
    st.serial, st.result, st.failed = d.serial, None, False
    st.agent = HintAgent(seed)
    # The worker carries whatever its agent chooses: HintAgent's choice is a Hint.
    st.worker = AiWorker(cast("Chooser", st.agent), sc.ctl.game.view(d.seat), seed)
    sc.redraw()
    return True


def update(sc: HintHost) -> None:
    """Collect a finished search; drop a hint whose decision has passed; word the Hint button."""
    st = sc.hints
    d = sc.ctl.pending
    if st.serial is not None and (d is None or d.serial != st.serial):
        cancel(sc)
        st.result, st.serial, st.failed = None, None, False
        sc.redraw()
    w = st.worker
    if w is not None and w.done:
        st.worker = st.agent = None
        if w.error is None and w.option is not None:
            st.result = cast("Hint", w.option)
            sc.advice_changed()  # the gold default follows the hint (game.ui.kit.gold)
        else:
            st.failed = True
        sc.redraw()
    b = st.button
    b.text = _("Hint ({key})").format(key=play_keys.name_of(sc.ctx.settings.keys, "hint"))
    b.enabled = st.worker is None and st.result is None  # "Thinking…" shows in the box

    def ask() -> None:
        request(sc)

    b.action = ask


def menu_rect(sc: HintHost) -> pygame.Rect:
    """Where the Menu button stands: narrower while the Hint button stands beside it."""
    return pygame.Rect(MENU_RECT_NARROW if allowed(sc) else MENU_RECT)


def cancel(sc: HintHost) -> None:
    """Stop a search still running (its answer would be dropped anyway)."""
    st = sc.hints
    if st.agent is not None:
        st.agent.cancel.set()
    st.worker = st.agent = None


def buttons(sc: HintHost) -> list[Button]:
    return [sc.hints.button] if allowed(sc) else []


def shown(sc: HintHost) -> Hint | None:
    """The hint to draw now (for the decision on the table, once nothing moves)."""
    st = sc.hints
    d = sc.ctl.pending
    if st.result is None or d is None or st.serial != d.serial or sc.queue:
        return None
    return st.result


def line(sc: HintViewHost, h: Hint) -> str:
    """"Hint: Attack with Gorillion — about 64% to win"."""
    return " — ".join(_parts(sc, h))


def _parts(sc: HintViewHost, h: Hint) -> list[str]:
    """The move, why (one short reason), and the estimate if there is one (the box puts each
    on its own lines)."""
    choice = _choice(sc, h.option)
    move = choice.text if choice is not None else _move_words(sc, h.option)
    parts = [_("Hint: {move}").format(move=move)]
    why = reason_words(sc, h)
    if why:
        parts.append(why)
    if h.win_rate is not None:
        parts.append(chance_words(h.win_rate))
    return parts


def chance_words(win_rate: float) -> str:
    """"about 64% to win"; never "about 0%" (a chance the search did not find is not none):
    "almost no chance to win", and "almost sure to win" at the other end."""
    percent = round(100 * win_rate)
    if percent <= 0:
        return _("almost no chance to win")
    if percent >= 100:
        return _("almost sure to win")
    return _("about {percent} to win").format(percent=i18n.percent(percent / 100))


def reason_words(sc: HintViewHost, h: Hint) -> str:
    """The hint's reason ("it wins the fight") in the player's language, with a capital."""
    why = getattr(h, "why", None)
    if why is None:
        return ""
    fields = {"card": sc.card_name(why.card) if why.card is not None else "",
              "percent": i18n.percent(why.percent / 100) if why.percent is not None else ""}
    words = _(why.words).format(**fields)
    return _("Why: {reason}").format(reason=words)


def _move_words(sc: HintViewHost, option: Option) -> str:
    """An option that no offered choice names (the offer is cleared for a moment, as after a
    refused answer): worded as the replay viewer words a recorded move, so German never shows
    the engine's English label."""
    card = sc.card_name(option.card) if option.card is not None else ""
    seat = sc.seat_label(option.seat) if option.seat is not None else ""
    return texts.move_words(option.verb, sc.ctl.label(option), card, seat)


def thinking(sc: HintHost) -> bool:
    """A hint is being searched for the decision on the table."""
    st = sc.hints
    d = sc.ctl.pending
    return st.worker is not None and d is not None and st.serial == d.serial


def box_height(sc: HintViewHost) -> int:
    """Pixels the hint box takes at the top of the log (0 when none is shown)."""
    st = sc.hints
    if shown(sc) is None and not thinking(sc) and not (st.failed and st.serial is not None):
        return 0
    return log_box.height(len(_box_lines(sc)))


def _box_lines(sc: HintViewHost) -> list[tuple[str, tuple]]:
    h = shown(sc)
    if h is not None:
        texts = _parts(sc, h)
    elif thinking(sc):
        texts = [_("Thinking…")]
    else:
        texts = [_("No hint this time: the search failed.")]
    # The move in the hint's colour, the estimate (and any other line) in plain text.
    return [(ln, colour() if i == 0 else theme.TEXT) for i, text in enumerate(texts)
            for ln in log_box.wrap(text)]


def _choice(sc: HintViewHost, option: Option) -> Choice | None:
    return next((c for c in sc.choices if c.option == option), None)


# ------------------------------------------------------------------------------------------------
# Drawing (over the table, after it)
# ------------------------------------------------------------------------------------------------
def draw(surface: pygame.Surface, sc: HintViewHost) -> None:
    if box_height(sc):
        box = log_box.draw(surface, log_box.TOP, _box_lines(sc), colour())
        if thinking(sc):
            hud.spinner(surface, (box.right - 24, box.centery), sc.time, radius=9)
    h = shown(sc)
    if h is None or sc.input.press is not None:
        return
    pulse = 0.5 + 0.5 * math.sin(sc.time * 4.0)
    choice = _choice(sc, h.option)
    sp = sc.sprites.get(choice.key) if choice is not None and choice.key is not None else None
    if sp is not None:
        _outline(surface, sp.rect(), pulse)
        _arrows(surface, sc, h.option, sp)
        return
    for b in sc.row.buttons:  # an option drawn as a button (Mindbug, don't block, ...)
        if choice is not None and b.text == choice.text:
            _outline(surface, b.rect, pulse)
            return


def _outline(surface: pygame.Surface, r: pygame.Rect, pulse: float) -> None:
    """A breathing green frame with a dark rim, outside the gold frame of a legal option."""
    grow = 20 + int(4 * pulse)
    pygame.draw.rect(surface, (10, 14, 18), r.inflate(grow + 4, grow + 4), 9, border_radius=16)
    pygame.draw.rect(surface, colour(), r.inflate(grow, grow), 5, border_radius=14)


def _arrows(surface: pygame.Surface, sc: HintViewHost, option: Option, sp: CardSprite) -> None:
    """An attack points at the opponent's side; a block at the attacker; a hunt from the
    attacker at its prey."""
    verb = option.verb
    r = sp.rect()
    # The prompt and the buttons stay readable: an arrow stops short of them.
    blocked = [b.rect.inflate(8, 8) for b in sc.row.buttons]
    if sc.prompt_rect is not None:
        blocked.append(sc.prompt_rect.inflate(0, 8))
    if verb == "play":  # up into your own row
        y = layout.bottom_play_y(sc.model.n_seats)
        _clipped_arrow(surface, (r.centerx, r.top - 14), (r.centerx, y + 20), blocked)
        return
    if verb == "attack":
        if sc.model.n_seats == 4:
            target = (layout.TABLE_CX, layout.SIDE_PLAY_Y4)
        else:
            target = (int(r.centerx), layout.TOP_PLAY_Y + 84)
        _clipped_arrow(surface, (r.centerx, r.top - 10), target, blocked)
        return
    attacker = sc.attacker
    other = sc.sprites.get(attacker) if attacker is not None else None
    if other is None or other is sp:
        return
    o = other.rect()
    if verb == "block":
        _clipped_arrow(surface, _edge_toward(r, o.center), _edge_toward(o, r.center), blocked)
    elif verb == "hunt":
        _clipped_arrow(surface, _edge_toward(o, r.center), _edge_toward(r, o.center), blocked)


def _clipped_arrow(surface: pygame.Surface, start: tuple[float, float], end: tuple[float, float],
                   blocked: list[pygame.Rect]) -> None:
    """An arrow from ``start`` toward ``end`` that ends before the first blocked rect on its way."""
    steps = max(1, int(math.hypot(end[0] - start[0], end[1] - start[1]) // 4))
    stop = end
    for i in range(1, steps + 1):
        t = i / steps
        p = (start[0] + (end[0] - start[0]) * t, start[1] + (end[1] - start[1]) * t)
        if any(b.collidepoint(p) for b in blocked):
            t = max(0.0, (i - 2) / steps)
            stop = (start[0] + (end[0] - start[0]) * t, start[1] + (end[1] - start[1]) * t)
            break
    if math.hypot(stop[0] - start[0], stop[1] - start[1]) >= 36:
        arrow(surface, start, stop)


def _edge_toward(r: pygame.Rect, point: tuple[float, float]) -> tuple[int, int]:
    """The middle of the top or bottom edge of ``r``, whichever faces ``point``."""
    return (r.centerx, r.top - 8) if point[1] < r.centery else (r.centerx, r.bottom + 8)


def arrow(surface: pygame.Surface, start: tuple[float, float], end: tuple[float, float],
          color: tuple | None = None) -> None:
    """A thick arrow with a dark rim, readable over felt and cards."""
    color = colour() if color is None else color
    dx, dy = end[0] - start[0], end[1] - start[1]
    length = math.hypot(dx, dy)
    if length < 20:
        return
    ux, uy = dx / length, dy / length
    head = 22
    base = (end[0] - ux * head, end[1] - uy * head)
    left = (base[0] - uy * head * 0.6, base[1] + ux * head * 0.6)
    right = (base[0] + uy * head * 0.6, base[1] - ux * head * 0.6)
    for c, w in (((10, 14, 18), 11), (color, 6)):
        pygame.draw.line(surface, c, start, base, w)
    pygame.draw.polygon(surface, (10, 14, 18), [end, left, right])
    shrink = [(end[0] - ux * 3, end[1] - uy * 3), (left[0] + ux, left[1] + uy),
              (right[0] + ux, right[1] + uy)]
    pygame.draw.polygon(surface, color, shrink)
