"""Engine events become motion: each event updates the table model and starts its tweens.

``play(event)`` returns how long to wait before the next event starts. Moves into new places
come from relayout (the sprite glides to its new slot); the extras are made here: the lunge of
an attacker, the clash of a block, a flash when an ability happens, the Mindbug token flip,
and the weight of a life lost: the heart breaks, the table stops for a few frames (the
hit-stop), a large "-1" stands beside the heart and the picture shakes; the lethal blow
shatters the heart in slow motion, and the game's end is named only after it (``LETHAL_BLOW``).
All of it at the animation speed (no stop at the fastest), all of it ended by a skip.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from game.common.i18n import _
from game.common.settings import ANIM_SPEEDS
from game.engine import events
from game.ui.kit import theme
from game.ui.table import layout
from game.ui.table.animated_table import AnimatedTable, CombatTable, TablePace
from game.ui.table.effects import Effect

if TYPE_CHECKING:
    from game.ui.core.contracts import EngineEvent
    from game.ui.table.sprites import CardSprite


# Every engine event class has its entry in TIMING and SOUNDS (tests/test_event_tables.py
# checks it), so renaming or adding an event cannot silently lose its motion or its sound.

# Base durations in seconds at speed 1.0: (move time, wait before the next event).
TIMING: dict[type, tuple[float, float]] = {
    events.GameStarted: (0.0, 0.0),
    events.StartReveal: (0.0, 0.0),
    events.Drawn: (0.32, 0.12),
    events.Played: (0.42, 0.45),
    events.MindbugUsed: (0.8, 1.3),  # the Mindbug moment: the table holds its breath
    events.MindbugDeclined: (0.2, 0.1),
    events.EnteredPlay: (0.38, 0.3),
    events.ControlChanged: (0.5, 0.45),
    events.AttackDeclared: (0.42, 0.45),
    events.Hunted: (0.35, 0.35),
    events.Blocked: (0.4, 0.45),
    events.NotBlocked: (0.2, 0.15),
    events.Combat: (0.45, 0.55),
    events.Defeated: (0.6, 0.4),  # the card cracks, then slides to its discard pile
    events.Exhausted: (0.45, 0.4),
    events.LifeChanged: (0.45, 0.5),
    events.Discarded: (0.38, 0.3),
    events.Stolen: (0.5, 0.4),
    events.ReturnedToHand: (0.45, 0.35),
    events.AbilityTriggered: (0.45, 0.45),
    events.AbilitySuppressed: (0.3, 0.3),
    events.NothingToDo: (0.2, 0.25),  # the log's line is read: the card's flash was enough
    events.OpponentChosen: (0.0, 0.0),
    events.TurnPassed: (0.0, 0.0),
    events.RemovedFromGame: (0.3, 0.2),
    events.PlayerEliminated: (0.3, 1.0),  # its banner is read before the next turn's
    events.TurnStarted: (0.25, 0.2),
    events.GameOver: (0.3, 0.3),
}

# A creature taken with a Mindbug crosses the table more slowly than one that is played.
MINDBUG_CROSSING = (0.75, 0.55)
# The lethal blow: the heart shatters in slow motion and the table holds it before the end is
# named (the GameOver event, its log line and "Game over." come after this wait).
LETHAL_BLOW = (0.6, 1.5)


@dataclass(frozen=True)
class Blow:
    """The weight of a life lost, in seconds and pixels at speed 1: the hit-stop (the table
    freezes), the screen shake, the big number's time, and for the lethal one slow motion."""

    hold: float
    shake: float  # pixels at the start, dying away
    shake_for: float
    number_for: float
    slow_rate: float = 1.0
    slow_for: float = 0.0


LIFE_LOST = Blow(hold=0.09, shake=7.0, shake_for=0.35, number_for=1.4)
LETHAL = Blow(hold=0.26, shake=16.0, shake_for=0.7, number_for=2.4, slow_rate=0.4, slow_for=1.1)


def lethal(ev: EngineEvent) -> bool:
    """A life change that ends a side's life: the blow that decides the game."""
    return type(ev) is events.LifeChanged and ev.new <= 0 < ev.old


def timing(ev: EngineEvent) -> tuple[float, float]:
    """(move time, wait before the next event) of ``ev`` at speed 1.0."""
    if type(ev) is events.EnteredPlay and ev.how == "mindbug":
        return MINDBUG_CROSSING
    if lethal(ev):
        return LETHAL_BLOW
    return TIMING.get(type(ev), (0.0, 0.0))


def freezes(pace: TablePace) -> bool:
    """Whether a blow may stop the table (hit-stop, slow motion): not at the fastest animation
    speed, where a player asked for the game without pauses."""
    return pace.anim(1.0) > 1.0 / max(ANIM_SPEEDS) + 1e-6


# The sound of each event (None: silent).
SOUNDS: dict[type, str | None] = {
    events.GameStarted: None,
    events.StartReveal: None,
    events.TurnStarted: None,
    events.Drawn: None,
    events.Played: "play",
    events.MindbugUsed: "mindbug",
    events.MindbugDeclined: None,
    events.EnteredPlay: None,
    events.ControlChanged: None,
    events.AttackDeclared: "attack",
    events.Hunted: None,
    events.Blocked: "block",
    events.NotBlocked: None,
    events.Combat: None,
    events.Defeated: "defeat",
    events.Exhausted: "exhaust",
    events.LifeChanged: None,
    events.Discarded: None,
    events.Stolen: None,
    events.ReturnedToHand: None,
    events.AbilityTriggered: None,
    events.AbilitySuppressed: None,
    events.NothingToDo: None,
    events.OpponentChosen: None,
    events.TurnPassed: None,
    events.PlayerEliminated: None,
    events.RemovedFromGame: None,
    events.GameOver: None,
}


class EventAnimator:
    def __init__(self, stage: AnimatedTable) -> None:
        self.stage = stage
        self.batch_open = False
        self.attacked: set[int] = set()  # creatures that attacked this turn (Frenzy's second swing)
        self.hunted: int | None = None  # the hunter whose target line is drawn

    def play(self, ev: EngineEvent, instant: bool = False) -> float:
        sc = self.stage
        self.batch_open = True
        sc.log_line(sc.describe(ev), log_color(ev), lambda: sc.describe(ev))
        move, wait = timing(ev)
        move, wait = (0.0, 0.0) if instant else (sc.ctx.anim(move), sc.ctx.anim(wait))
        origin = self._origins(ev)
        sc.model.apply(ev)
        sc.relayout(move, origin)
        mark_combat(sc)  # a fighter that left play (defeated, returned) loses its mark at once
        if instant:
            return 0.0
        sound = SOUNDS.get(type(ev))
        if sound is not None:
            sc.ctx.play_sound(sound)
        effect = EFFECTS.get(type(ev))
        if effect is not None:
            effect(self, ev, move)
        return max(move, wait)

    # Where new sprites start --------------------------------------------------------------------
    def _origins(self, ev: EngineEvent) -> dict:
        """New sprites created by this event start at the draw pile (a draw), else in place."""
        sc = self.stage
        if type(ev) is not events.Drawn:
            return {}
        n = sc.model.n_seats
        x, y = layout.deck_pos(sc.bottom, ev.seat, n)
        before = len(sc.model.hands[ev.seat])
        out = {}
        for i, cid in enumerate(ev.cards):
            key = cid if cid >= 0 else ("hidden", ev.seat, before + i)
            out[key] = (x, y, layout.pile_w(n), False)
        return out

    # Extras ----------------------------------------------------------------------------------
    def _fx_Drawn(self, ev, move: float) -> None:
        # Stagger the cards so a refill of several reads as several draws.
        sc = self.stage
        for i, cid in enumerate(ev.cards):
            sp = sc.sprites.get(cid) if cid >= 0 else None
            if sp is None:
                continue
            for tw in list(sc.tweener.tweens.values()):
                if tw.target is sp:
                    tw.delay = i * move * 0.25

    def _fx_MindbugUsed(self, ev, move: float) -> None:
        """The Mindbug moment: the played card lifts and leans toward its taker, a token flies
        from the taker's supply onto it, a banner names what happened (it crosses the table on
        the EnteredPlay that follows)."""
        sc = self.stage
        toward = 1 if ev.seat == sc.bottom else -1  # down the screen to the bottom seat
        sp = sc.sprites.get(ev.card)
        if sp is not None:
            lift = move * 0.35
            sc.tweener.to(sp, "w", sp.w * 1.08, lift, "out_back")
            sc.tweener.to(sp, "angle", 7.0 * toward, lift, "out_cubic")
            sc.tweener.to(sp, "dy", 18.0 * toward, move, "out_cubic")
            # the flash comes as the token lands on the card
            sc.tweener.to(sp, "glow", 0.0, move * 1.2, "in_cubic", start=1.0, delay=move * 0.85)
        seat = ev.seat
        n = sc.model.n_seats
        if 0 <= seat < len(sc.token_flip):
            sc.token_flip[seat] = 0.0
            sc.tweener.to(_Index(sc.token_flip, seat), "value", 1.0, move * 0.3, "linear",
                          on_done=lambda: _reset(sc.token_flip, seat))
            spent = min(1, max(0, sc.model.mindbugs[seat]))  # the token just spent (the model has it)
            sc.effects.add(Effect("token", move * 0.7, pos=layout.token_pos(sc.bottom, seat, spent, n),
                                  to_key=ev.card, delay=move * 0.15,
                                  to=sp.center if sp is not None else (layout.TABLE_CX, layout.STAGE_Y)))
        sc.show_banner(mindbug_words(sc, ev), theme.MINDBUG, seconds=2.2, y=layout.mindbug_banner_y(n))

    def _fx_EnteredPlay(self, ev, move: float) -> None:
        if ev.how != "mindbug":
            return
        sc = self.stage
        sp = sc.sprites.get(ev.card)
        if sp is not None:  # across to the taker's side in a curve, leaving a trail
            sc.tweener.to(sp, "dy", 0.0, move, "in_out_cubic")
            sc.tweener.to(sp, "dx", 170.0, move, "out_and_back", start=0.0)
            sc.effects.add(Effect("trail", move + 0.35, key=ev.card, seed=ev.card))
        sc.ctx.play_sound("steal")

    def _fx_AttackDeclared(self, ev, move: float) -> None:
        sc = self.stage
        sc.attacker, sc.defender = ev.card, None
        mark_combat(sc)
        sp = sc.sprites.get(ev.card)
        if sp is not None:
            toward = -1 if ev.seat == sc.bottom else 1
            sc.tweener.to(sp, "dy", 46 * toward, move, "out_and_back", start=0.0)
        if ev.card in self.attacked:  # Frenzy: the same creature swings again this turn
            if sp is not None:
                sc.add_floater(_("Frenzy: second attack!"), (int(sp.x), int(sp.y) - 30), theme.ACCENT)
        self.attacked.add(ev.card)
        if "Sneaky" in self._keywords(ev.card):
            self._dim_blockers(ev.seat)

    def _dim_blockers(self, attacking_seat: int) -> None:
        """Sneaky: every creature of the other side that may not block it is greyed out until
        the block is decided."""
        sc = self.stage
        team = sc.seating.team_of(attacking_seat)
        for seat, cards in enumerate(sc.model.plays):
            if sc.seating.team_of(seat) == team:
                continue
            for cid in cards:
                sp = sc.sprites.get(cid)
                if sp is not None and "Sneaky" not in self._keywords(cid):
                    sc.tweener.to(sp, "dim", 1.0, 0.2, "out_cubic")

    def _undim(self) -> None:
        sc = self.stage
        for sp in sc.sprites.values():
            if sp.dim > 0:
                sc.tweener.to(sp, "dim", 0.0, 0.2, "out_cubic")

    def _fx_Hunted(self, ev, move: float) -> None:
        sc = self.stage
        sc.attacker, sc.defender = ev.attacker, ev.target
        mark_combat(sc)
        self._flash(ev.target, move)
        sc.effects.end("target")
        sc.effects.add(Effect("target", move + 1.2, key=ev.attacker, to_key=ev.target))

    def _fx_Blocked(self, ev, move: float) -> None:
        self.stage.attacker, self.stage.defender = ev.attacker, ev.blocker
        mark_combat(self.stage)
        self._undim()
        self._clash(ev.attacker, ev.blocker, move, 40)

    def _fx_Combat(self, ev, move: float) -> None:
        """The hit: a flash and sparks where the two meet, the weaker shaken (harder for a
        bigger difference), venom on a Poisonous creature's victim."""
        sc = self.stage
        sc.attacker, sc.defender = ev.attacker, ev.blocker
        mark_combat(sc)
        sa, sb = sc.sprites.get(ev.attacker), sc.sprites.get(ev.blocker)
        for cid, power in ((ev.attacker, ev.attacker_power), (ev.blocker, ev.blocker_power)):
            sp = sc.sprites.get(cid)
            if sp is not None:
                sc.add_floater(str(power), (int(sp.x), int(sp.y)), theme.ACCENT, follow=cid)
        if sa is None or sb is None:
            return
        meet = self._lunge(sa, sb, move)
        diff = abs(ev.attacker_power - ev.blocker_power)
        strength = min(3.0, 0.6 + diff / 2)
        sc.effects.add(Effect("burst", move * 1.2, pos=meet, strength=strength, delay=move * 0.45,
                              color=(255, 200, 120), seed=ev.attacker * 31 + ev.blocker))
        sc.ctx.play_sound("hit")
        weaker = [sp for sp, p, q in ((sa, ev.attacker_power, ev.blocker_power),
                                      (sb, ev.blocker_power, ev.attacker_power)) if p <= q]
        for sp in weaker:
            sc.tweener.to(sp, "jolt", 4 + 3 * min(diff, 6), move * 1.4, "shake", start=0.0, delay=move * 0.45)
        for poisoner, victim in ((ev.attacker, ev.blocker), (ev.blocker, ev.attacker)):
            if "Poisonous" in self._keywords(poisoner):
                sc.effects.add(Effect("venom", move * 1.6, key=victim, delay=move * 0.5, seed=victim))

    def _fx_NotBlocked(self, ev, move: float) -> None:
        sc = self.stage
        self._undim()
        sp = sc.sprites.get(ev.attacker)
        if sp is not None:
            # Unblocked: the attacker (ev.seat) lunges all the way at the other player.
            toward = -1 if ev.seat == sc.bottom else 1
            sc.tweener.to(sp, "dy", 90 * toward, move * 2, "out_and_back", start=0.0)

    def _fx_Defeated(self, ev, move: float) -> None:
        """The card cracks where it stands, then slides to its discard pile."""
        sc = self.stage
        sp = sc.sprites.get(ev.card)
        if sp is None:
            return
        _delay_moves(sc, sp, move * 0.4)
        sc.effects.add(Effect("crack", move * 1.3, key=ev.card, seed=ev.card, strength=1.5))

    def _fx_Exhausted(self, ev, move: float) -> None:
        """Tough (the only way a card is exhausted): a shield takes the blow and breaks, and
        the card turns to exhausted."""
        sc = self.stage
        sp = sc.sprites.get(ev.card)
        if sp is None:
            return
        _delay_moves(sc, sp, move * 0.45)
        sc.effects.add(Effect("shield", move * 1.5, key=ev.card))
        sc.ctx.play_sound("shield_break")

    def _fx_LifeChanged(self, ev, move: float) -> None:
        sc = self.stage
        diff = ev.new - ev.old
        sc.ctx.play_sound("life_loss" if diff < 0 else "life_gain")
        if 0 <= ev.team < len(sc.life_pulse) and not lethal(ev):  # the lethal one shatters instead
            sc.life_pulse[ev.team] = 1.0
            sc.tweener.to(_Index(sc.life_pulse, ev.team), "value", 0.0, move * 2, "out_cubic",
                          start=1.0)
        bottom_team = sc.seating.team_of(sc.bottom)
        four = sc.model.n_seats == 4
        heart = layout.team_life_pos(0 if ev.team == bottom_team else 1) if four else \
            layout.life_pos(sc.bottom, ev.team, bottom_team, sc.model.n_seats)
        # The number, large beside the heart: "-1" is read from across the room.
        number = layout.life_number_pos(sc.bottom, ev.team, bottom_team, sc.model.n_seats)
        if diff > 0:
            sc.effects.add(Effect("life_number", sc.ctx.anim(LIFE_LOST.number_for), pos=number,
                                  color=theme.GOOD, label=f"+{diff}", strength=1.0))
            sc.effects.add(Effect("sparkle", move * 1.8, pos=heart, color=theme.GOOD, seed=ev.new))
            return
        if diff == 0:
            return
        blow = LETHAL if lethal(ev) else LIFE_LOST
        # The heart breaks; the lethal one shatters. The number comes with the blow.
        # (strength: 1 a crack; above, the heart's size / 32 for the lethal blow's shatter)
        sc.effects.add(Effect("heart_crack", sc.ctx.anim(blow.number_for * 0.8), pos=heart, seed=ev.new,
                              strength=(40 if four else 64) / 32 if blow is LETHAL else 1.0))
        sc.effects.add(Effect("life_number", sc.ctx.anim(blow.number_for), pos=number, color=theme.DANGER,
                              label=f"{diff}", strength=1.6 if blow is LETHAL else 1.0))
        freeze = freezes(sc.ctx)
        sc.strike(sc.ctx.anim(blow.hold) if freeze else 0.0, blow.shake, sc.ctx.anim(blow.shake_for),
                  blow.slow_rate, sc.ctx.anim(blow.slow_for) if freeze else 0.0)

    def _fx_AbilityTriggered(self, ev, move: float) -> None:
        self._flash(ev.card, move)

    def _fx_AbilitySuppressed(self, ev, move: float) -> None:
        self._flash(ev.by, move)

    def _fx_GameOver(self, ev, move: float) -> None:
        self.stage.attacker = self.stage.defender = None
        mark_combat(self.stage)
        self._undim()
        self.stage.effects.end("target")

    def _fx_TurnStarted(self, ev, move: float) -> None:
        sc = self.stage
        sc.attacker = sc.defender = None
        self.attacked.clear()
        self._undim()
        sc.effects.end("target")
        you = ev.seat == sc.seating.you
        if you:
            banner = _("Your extra turn") if ev.extra else _("Your turn")
        else:
            banner = _("{player}'s extra turn") if ev.extra else _("{player}'s turn")
        sc.show_banner(banner.format(player=sc.name(ev.seat)), theme.ACCENT if you else theme.TEXT)
        mark_combat(sc)

    def _fx_PlayerEliminated(self, ev, move: float) -> None:
        """2v2: a seat that could not act is out; a banner says so (the plate greys, the log
        says why), above all when it is you: your teammate plays on without you."""
        sc = self.stage
        if ev.seat == sc.seating.you:
            sc.show_banner(_("You are out of the game"), theme.DANGER)
        else:
            sc.show_banner(_("{player} is out of the game").format(player=sc.name(ev.seat)), theme.TEXT)

    # Helpers ---------------------------------------------------------------------------------
    def _keywords(self, cid: int) -> tuple[str, ...]:
        """The creature's keywords as the batch's view knows them (printed ones otherwise)."""
        try:
            return tuple(self.stage.state.keywords(cid))
        except Exception:  # not in play in that view (played and taken in this batch)
            d = self.stage.card_def(cid)
            return tuple(d.keywords) if d is not None else ()

    def _flash(self, cid: int, move: float) -> None:
        sc = self.stage
        sp = sc.sprites.get(cid)
        if sp is not None:
            sc.tweener.to(sp, "glow", 0.0, move * 1.5, "in_cubic", start=1.0)

    def _lunge(self, attacker: CardSprite, target: CardSprite, move: float) -> tuple[float, float]:
        """The attacker rushes at its target until the two touch, and comes back; the target
        gives a little. Returns where they meet (the hit's flash goes there)."""
        sc = self.stage
        vx, vy = target.x - attacker.x, target.y - attacker.y
        dist = math.hypot(vx, vy)
        if dist < 1:
            return (target.x, target.y)
        ux, uy = vx / dist, vy / dist
        half = layout.card_h(target.w) / 2
        reach = max(0.0, dist - 1.8 * half)
        sc.tweener.to(attacker, "dx", ux * reach, move, "out_and_back", start=0.0)
        sc.tweener.to(attacker, "dy", uy * reach, move, "out_and_back", start=0.0)
        sc.tweener.to(target, "dy", uy * 10, move, "out_and_back", start=0.0, delay=move * 0.4)
        return (attacker.x + ux * (reach + half * 0.9), attacker.y + uy * (reach + half * 0.9))

    def _clash(self, a: int, b: int, move: float, dist: float) -> None:
        sc = self.stage
        sa, sb = sc.sprites.get(a), sc.sprites.get(b)
        if sa is None or sb is None:
            return
        # Both cards rush toward each other and bounce back.
        dy = (sb.y - sa.y) / 2
        reach = min(abs(dy) - 20, dist) if abs(dy) > 20 else 0
        sign = 1 if dy > 0 else -1
        sc.tweener.to(sa, "dy", sign * reach, move, "out_and_back", start=0.0)
        sc.tweener.to(sb, "dy", -sign * reach, move, "out_and_back", start=0.0)
        dx = (sb.x - sa.x) / 2
        sc.tweener.to(sa, "dx", dx * 0.5, move, "out_and_back", start=0.0)
        sc.tweener.to(sb, "dx", -dx * 0.5, move, "out_and_back", start=0.0)


# The extra motion of an event beyond gliding to its new place (none for the others).
# (Any: each entry takes the event class it is keyed by.)
EFFECTS: dict[type, Callable[[EventAnimator, Any, float], None]] = {  # each entry takes the event class it is keyed by
    events.Drawn: EventAnimator._fx_Drawn,
    events.MindbugUsed: EventAnimator._fx_MindbugUsed,
    events.EnteredPlay: EventAnimator._fx_EnteredPlay,
    events.Defeated: EventAnimator._fx_Defeated,
    events.Exhausted: EventAnimator._fx_Exhausted,
    events.AttackDeclared: EventAnimator._fx_AttackDeclared,
    events.Hunted: EventAnimator._fx_Hunted,
    events.Blocked: EventAnimator._fx_Blocked,
    events.Combat: EventAnimator._fx_Combat,
    events.NotBlocked: EventAnimator._fx_NotBlocked,
    events.LifeChanged: EventAnimator._fx_LifeChanged,
    events.AbilityTriggered: EventAnimator._fx_AbilityTriggered,
    events.AbilitySuppressed: EventAnimator._fx_AbilitySuppressed,
    events.GameOver: EventAnimator._fx_GameOver,
    events.TurnStarted: EventAnimator._fx_TurnStarted,
    events.PlayerEliminated: EventAnimator._fx_PlayerEliminated,
}


def mindbug_words(stage: AnimatedTable, ev: events.MindbugUsed) -> str:
    """The Mindbug's banner: who takes which card (from you, or for you)."""
    card = stage.card_name(ev.card)
    you = stage.seating.you
    if ev.seat == you:
        return _("You take {card} with a Mindbug!").format(card=card)
    if ev.from_seat == you:
        return _("{player} takes your {card} with a Mindbug!").format(player=stage.name(ev.seat), card=card)
    return _("{player} takes {card} with a Mindbug!").format(player=stage.name(ev.seat), card=card)


def _delay_moves(stage: AnimatedTable, sp: CardSprite, delay: float) -> None:
    """Hold the moves relayout just gave ``sp`` for ``delay`` seconds (a crack shows first)."""
    for tw in list(stage.tweener.tweens.values()):
        if tw.target is sp and tw.attr in ("x", "y", "w", "angle"):
            tw.delay = delay


def mark_combat(stage: CombatTable) -> None:
    """Outline the attacking creature and the one it fights (a blocker or a Hunter's prey) for
    as long as the fight lasts; a creature that left play loses its mark."""
    model = stage.model
    in_play = {c for cards in model.plays for c in cards}
    if model.stage is not None:
        in_play.add(model.stage)
    if stage.attacker is not None and stage.attacker not in in_play and stage.defender is None:
        stage.attacker = None  # the attacker left play and nothing fights on: the fight is over
    marks = {stage.attacker: "attacker", stage.defender: "defender"}
    for key, sp in stage.sprites.items():
        mark = marks.get(key) if key in in_play else None
        if mark is not None:
            sp.highlight = mark
        elif sp.highlight in ("attacker", "defender"):
            sp.highlight = None


class _Index:
    """Lets a tween drive one slot of a list (life pulse, token flip per seat)."""

    def __init__(self, items: list, index: int) -> None:
        self.items = items
        self.index = index

    @property
    def value(self) -> float:
        return self.items[self.index]

    @value.setter
    def value(self, v: float) -> None:
        self.items[self.index] = v


def _reset(items: list, index: int) -> None:
    items[index] = 0.0


#: The log line's colour of an event, where it is not the plain text colour.
LOG_COLORS: dict[type, tuple[int, int, int]] = {
    events.MindbugUsed: theme.MINDBUG,
    events.Defeated: (255, 170, 150),
    events.LifeChanged: (255, 170, 150),
    events.AttackDeclared: (255, 170, 150),
    events.TurnStarted: theme.ACCENT,
    events.GameOver: theme.GOOD,
}


def log_color(ev: object) -> tuple[int, int, int]:  # any line: one of no engine event is plain
    """The colour of ``ev``'s line in the log (any value: a line that is no engine event is plain)."""
    return LOG_COLORS.get(type(ev), theme.TEXT)
