"""The table as a component: the model, one sprite per card, tweens, and events turned into motion.

A ``TableStage`` shows one game from one seat's side. It is fed masked engine events, which it
animates one at a time; when a batch has played out it snaps every sprite to the layout of the
view it is given. It knows nothing of input or decisions: the match, the replay viewer and the
2v2 table drive it the same way (``feed``, ``update``, ``resync``, ``set_viewer``) and draw it
with ``game.ui.table.render``.
"""

from __future__ import annotations

import math
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from game.common import i18n
from game.common.i18n import _
from game.ui.kit import theme
from game.ui.kit.tween import Tweener
from game.ui.table import layout
from game.ui.table.animated_table import TablePace
from game.ui.table.animator import EventAnimator
from game.ui.table.effects import Effects
from game.ui.table.layout import Slot
from game.ui.table.model import HIDDEN, TableModel
from game.ui.table.sprites import CardSprite, SpriteKey
from game.words import texts

if TYPE_CHECKING:
    import pygame

    from game.engine import CardDef, State
    from game.ui.core.contracts import EngineEvent


SNAP_TIME = 0.18


@dataclass
class Seating:
    """Who sits where, and how to name them and their cards."""

    names: list[str]
    team_of: Callable[[int], int]
    card_def: Callable[[int], CardDef | None]
    you: int | None = None  # the seat addressed as "you" (vs computer); None otherwise
    team_names: list[str] = field(default_factory=list)
    #: Mindbug tokens each seat started with (2; a 2v2 of 1 Mindbug each has one): as many
    #: places are drawn, so a token never shows as spent that the player never had
    mindbug_slots: int = 2

    @property
    def n_seats(self) -> int:
        return len(self.names)

    def name(self, seat: int) -> str:
        return texts.display_name(self.names[seat] if 0 <= seat < len(self.names) else f"Player {seat + 1}")

    def team_name(self, team: int) -> str:
        if team < len(self.team_names):
            return " & ".join(texts.display_name(n) for n in self.team_names[team].split(" & "))
        if self.n_seats == 2:
            return self.name(team)
        return _("Team {number}").format(number=team + 1)

    def card_name(self, cid: int) -> str:
        d = self.card_def(cid) if cid is not None and cid >= 0 else None
        return i18n.card_name(d) if d is not None else _("a card")


class Shake:
    """The whole picture shaken by a blow: a few swings either way that die away. The swings
    follow the time since the blow, so the same blow shakes the same way on every run."""

    def __init__(self) -> None:
        self.strength = 0.0  # pixels at the start
        self.length = 0.0  # seconds it lasts
        self.left = 0.0  # seconds still to go

    def start(self, strength: float, seconds: float) -> None:
        if strength <= 0 or seconds <= 0 or self.now() > strength:
            return  # a weaker blow does not cut a stronger shake short
        self.strength, self.length, self.left = strength, seconds, seconds

    def now(self) -> float:
        """The pixels the shake still has."""
        return self.strength * self.left / self.length if self.left > 0 and self.length > 0 else 0.0

    def update(self, dt: float) -> None:
        self.left = max(0.0, self.left - dt)

    def stop(self) -> None:
        self.left = 0.0

    def offset(self) -> tuple[int, int]:
        if self.left <= 0 or self.length <= 0:
            return (0, 0)
        t = 1.0 - self.left / self.length
        fade = (1.0 - t) ** 2
        return (round(self.strength * fade * math.sin(t * math.pi * 9)),
                round(self.strength * 0.6 * fade * math.sin(t * math.pi * 7 + 1.3)))


class TableStage:
    """The cards on the table from one seat's side, and their motion (it implements the
    ``animated_table.AnimatedTable`` contract).

    ``view_state(seat)`` returns the state to show when ``seat`` sits at the bottom (a masked
    view in play; the full state for an "all face up" replay). ``face_up`` is the set of seats
    whose hands may be drawn face up now: it is the one switch the renderer obeys for hands.
    """

    def __init__(self, ctx: TablePace, seating: Seating, view_state: Callable[[int], State],
                 bottom: int, face_up: set[int]) -> None:
        self.ctx = ctx
        self.seating = seating
        self.view_state = view_state
        self.bottom = bottom
        self.face_up: set[int] = set(face_up)
        self.tweener = Tweener()
        self.effects = Effects()  # flashes, cracks, trails: drawn over the cards, decide nothing
        self.sprites: dict[SpriteKey, CardSprite] = {}
        self.anim = EventAnimator(self)
        self.queue: deque[EngineEvent] = deque()
        self.step_left = 0.0  # seconds until the next queued event may start
        self.time = 0.0
        self.log: list[tuple[str, tuple]] = []
        # How to word a log line again after a language switch, by the line's entry (its id,
        # and the entry itself: a replay replaces the whole list, whose ids may come again).
        self._log_words: dict[int, tuple[tuple, Callable[[], str | None]]] = {}
        self.state = view_state(bottom)
        self.model = TableModel.from_state(self.state)
        self.life_pulse = [0.0] * len(self.model.life)
        self.token_flip = [0.0] * self.model.n_seats
        self.floaters: list[dict] = []  # floating texts (-1 life) and banners
        # The log stays on screen for whoever sits here next (hot seat): a filter can reduce an
        # event to what every person at the table may know before it is written down.
        self.log_filter: Callable[[EngineEvent], EngineEvent] | None = None
        # Speech (game.ui.match.narration): told each event as it starts (``on_play``), and
        # asked before each next one and before the batch closes (``held``: the Pace hold).
        self.on_play: Callable[[EngineEvent], None] | None = None
        self.held: Callable[[], bool] | None = None
        self.attacker: int | None = None  # the creature attacking now, marked on the table
        self.defender: int | None = None  # the creature it fights (blocker or hunted)
        # The weight of a blow (a life lost): the table stands still for ``hold`` seconds (the
        # hit-stop), then its time runs at ``slow_rate`` for ``slow_left`` seconds (the lethal
        # blow in slow motion), while the whole picture shakes (``shake``). All set by the
        # animator at the animation speed, all ended by a skip.
        self.hold = 0.0
        self.slow_left = 0.0
        self.slow_rate = 1.0
        self.shake = Shake()
        self.relayout(0.0)

    # Names ------------------------------------------------------------------------------------
    def card_def(self, cid: int) -> CardDef | None:
        return self.seating.card_def(cid) if cid is not None and cid >= 0 else None

    def card_name(self, cid: int) -> str:
        return self.seating.card_name(cid)

    def name(self, seat: int) -> str:
        return self.seating.name(seat)

    def team_name(self, team: int) -> str:
        return self.seating.team_name(team)

    def log_line(self, text: str | None, color=theme.TEXT,
                 words: Callable[[], str | None] | None = None) -> None:
        """Add a line; ``words()`` gives it again in the current language (``reword_log``)."""
        if text:
            entry = (text, color)
            self.log.append(entry)
            if words is not None:
                self._log_words[id(entry)] = (entry, words)

    def reword_log(self) -> None:
        """The language changed: every line that knows how, worded again (in place)."""
        old, self._log_words = self._log_words, {}
        for i, entry in enumerate(self.log):
            kept = old.get(id(entry))
            if kept is None or kept[0] is not entry:
                continue
            words = kept[1]
            text = words() or entry[0]
            self.log[i] = (text, entry[1])
            self._log_words[id(self.log[i])] = (self.log[i], words)

    def describe(self, ev: EngineEvent) -> str | None:
        if self.log_filter is not None:
            ev = self.log_filter(ev)
        return texts.describe(ev, self.name, self.card_name, self.team_name)

    # Viewer -----------------------------------------------------------------------------------
    def set_viewer(self, bottom: int, face_up: set[int]) -> None:
        """Turn the table to another seat (hot seat, replay view): rebuilt at once, no flying."""
        self.bottom = bottom
        self.face_up = set(face_up)
        self.state = self.view_state(bottom)
        self.model = TableModel.from_state(self.state)
        self.sprites.clear()
        self.tweener.finish_all()
        self.effects.clear()
        self.relayout(0.0)

    def hide_hands(self) -> None:
        """Turn every hand face down at once (a hot-seat curtain goes up)."""
        self.face_up = set()
        self.relayout(0.0)

    # Layout -----------------------------------------------------------------------------------
    def relayout(self, duration: float, origin: dict | None = None) -> None:
        """Move every sprite to its slot in the current model; create and drop sprites."""
        slots = layout.compute(self.model, self.bottom, self.face_up)
        gone = [k for k in self.sprites if k not in slots]
        vanished_hidden: dict[int, list[CardSprite]] = {}
        for k in gone:
            sp = self.sprites.pop(k)
            self.tweener.cancel(sp)
            if isinstance(k, tuple):
                vanished_hidden.setdefault(k[1], []).append(sp)
        for key, slot in slots.items():
            shown = self.sprites.get(key)
            if shown is None:
                shown = self._new_sprite(key, slot, vanished_hidden, origin or {})
                self.sprites[key] = shown
            self._move(shown, slot, duration)

    def _new_sprite(self, key: SpriteKey, slot: Slot, vanished: dict, origin: dict) -> CardSprite:
        cid = key if isinstance(key, int) else HIDDEN
        start = origin.get(key)
        # A hidden card that just left a hand turns out to be this one (the opponent's play
        # lands on the stage, which belongs to no seat): start where that card was, face down.
        pool = vanished.get(slot.seat) if slot.seat is not None else \
            next((v for v in vanished.values() if v), None)
        if start is None and pool:
            old = pool.pop()
            start = (old.x, old.y, old.w, False)
        if start is None:
            start = (slot.x, slot.y, slot.w, slot.face_up)
        x, y, w, up = start
        sp = CardSprite(key, cid, x, y, w, up)
        if start == (slot.x, slot.y, slot.w, slot.face_up) and key not in origin:
            sp.alpha = 0.0
            self.tweener.to(sp, "alpha", 255, self.ctx.anim(0.25))
        return sp

    def _move(self, sp: CardSprite, slot: Slot, duration: float) -> None:
        sp.z, sp.zone, sp.seat = slot.z, slot.zone, slot.seat
        if sp.dragging:
            return
        face = 1.0 if slot.face_up else 0.0
        lift = sp.lift if slot.zone == "hand" else 0.0  # only hand cards are ever picked up
        for attr, value in (("x", slot.x), ("y", slot.y), ("w", slot.w), ("angle", slot.angle),
                            ("face", face), ("lift", lift)):
            if abs(getattr(sp, attr) - value) > 0.01:
                self.tweener.to(sp, attr, value, duration, "in_out_cubic")

    def resync(self, duration: float = SNAP_TIME) -> None:
        """Snap to the truth: the model from the current view, every sprite to its slot."""
        self.state = self.view_state(self.bottom)
        self.model = TableModel.from_state(self.state)
        self.relayout(self.ctx.anim(duration) if duration else 0.0)

    # Events -----------------------------------------------------------------------------------
    def feed(self, events: list) -> None:
        """Queue (masked) events to animate, in order."""
        self.queue.extend(events)
        self.step_left = 0.0

    @property
    def moving(self) -> bool:
        """Events still to play, a batch not yet closed, tweens running or a blow's weight."""
        return bool(self.queue or self.anim.batch_open or self.tweener.busy or self.step_left > 0
                    or self.hold > 0 or self.shake.left > 0)

    def strike(self, hold: float, shake: float, shake_for: float, slow_rate: float = 1.0,
               slow_for: float = 0.0) -> None:
        """A blow lands: the table freezes ``hold`` seconds, then shakes with ``shake`` pixels
        dying away over ``shake_for`` seconds, its time at ``slow_rate`` for ``slow_for`` seconds
        (seconds already at the animation speed)."""
        self.hold = max(self.hold, hold)
        self.shake.start(shake, shake_for)
        if slow_for > 0:
            self.slow_rate, self.slow_left = slow_rate, max(self.slow_left, slow_for)

    def shake_offset(self) -> tuple[int, int]:
        """How far the picture is shifted this frame (0, 0 when nothing shakes)."""
        return self.shake.offset()

    def update(self, dt: float) -> bool:
        """Advance the animations; True once everything fed so far has played out and the table
        matches the view again."""
        if self.hold > 0:  # the hit-stop: nothing moves, not even the effects of the blow
            self.hold = max(0.0, self.hold - dt)
            return False
        self.shake.update(dt)
        if self.slow_left > 0:  # the lethal blow: the table's time runs slowly
            self.slow_left = max(0.0, self.slow_left - dt)
            dt *= self.slow_rate
        self.time += dt
        self.tweener.update(dt)
        self.effects.update(dt, self.sprites.get)
        self._update_floaters(dt)
        # Start every queued event whose turn has come; at high speed several fit in one frame.
        self.step_left -= dt
        while self.step_left <= 0 and self.queue and not self._held():
            self.step_left += self._play(self.queue.popleft())
        if self._held():
            self.step_left = max(self.step_left, 0.0)  # no burst of events once it is released
            return False
        if self.step_left > 0:
            return False
        self.step_left = 0.0
        if self.tweener.busy:
            return False
        if self.anim.batch_open:
            self.anim.batch_open = False
            self.resync()
            return False
        return True

    def _held(self) -> bool:
        return self.held is not None and self.held()

    def _play(self, ev: EngineEvent, instant: bool = False) -> float:
        seconds = self.anim.play(ev, instant=instant)
        if self.on_play is not None:
            self.on_play(ev)
        return seconds

    def skip(self) -> None:
        """Jump to the end of everything fed so far (a click while things move)."""
        while self.queue:
            self._play(self.queue.popleft(), instant=True)
        self.tweener.finish_all()
        self.floaters.clear()
        self.effects.clear()
        self.step_left = 0.0
        self.hold = self.slow_left = 0.0
        self.shake.stop()
        if self.anim.batch_open:
            self.anim.batch_open = False
            self.resync(0.0)

    # Small animation state ---------------------------------------------------------------------
    def show_banner(self, text: str, color, seconds: float = 1.1, y: int | None = None) -> None:
        """A large line across the middle of the table that fades out (whose turn it is), for
        ``seconds`` at speed 1. It replaces one still fading: two at the same place would be
        unreadable."""
        self.floaters = [f for f in self.floaters if not f.get("banner")]
        self.floaters.append({"text": text, "x": layout.TABLE_CX,
                              "y": layout.banner_y(self.model.n_seats) if y is None else y, "t": 0.0,
                              "color": color, "banner": True, "life": self.ctx.anim(seconds)})

    def add_floater(self, text: str, pos: tuple[int, int], color, follow: int | None = None) -> None:
        """A number or word that rises and fades at ``pos``; with ``follow`` (a card id) it
        rises from that card wherever the card moves meanwhile (a lunging attacker's power)."""
        self.floaters.append({"text": text, "x": pos[0], "y": pos[1], "t": 0.0, "color": color,
                              "follow": follow})

    def _update_floaters(self, dt: float) -> None:
        life = self.ctx.anim(1.1)
        for f in self.floaters:
            f["t"] += dt
        self.floaters = [f for f in self.floaters if f["t"] < f.get("life", life)]

    # Queries ----------------------------------------------------------------------------------
    def sprite_at(self, pos: tuple[int, int]) -> CardSprite | None:
        for sp in sorted(self.sprites.values(), key=lambda s: s.z, reverse=True):
            if sp.alpha > 100 and sp.rect().collidepoint(pos):
                return sp
        return None

    def card_rects(self) -> list[pygame.Rect]:
        """Where the cards shown are (a tip over the table keeps off them)."""
        return [sp.rect() for sp in self.sprites.values() if sp.alpha > 100]

    def hand_visible(self, sp: CardSprite) -> bool:
        """May this sprite's face be drawn? Hands only for the seats in ``face_up``."""
        if sp.zone == "hand":
            return sp.seat in self.face_up
        return True
