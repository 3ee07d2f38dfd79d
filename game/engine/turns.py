"""The turn machine: a turn's action, the Mindbug offers, attacks, blocks, combat, Frenzy and
the order in which triggered abilities resolve (rules 6-11, 19-23).

Everything here is a work item, `(function, args...)` called as function(state, item), or a
continuation, `(function, args...)` called as function(state, cont, option) with the option
chosen for the decision it was asked with. Both are tuples of module-level functions and
immutable values, so State.clone() copies the stack with one list copy and a search can
resume in the middle of an attack.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Final

from . import events as ev
from .carddefs import FRENZY, HUNTER, POISONOUS
from .effects import ability_changes
from .interned import (
    ABILITY_TRIGGERED,
    ATTACK_DECLARED,
    DREW_ONE,
    EFFECT_CONTEXT,
    MINDBUG_DECLINED,
    MINDBUG_USED,
    NOT_BLOCKED,
    OPPONENT_ROW,
    PLAYED,
    TURN_PASSED,
    TURN_STARTED,
    turn_started,
)
from .moves import HAND_SIZE
from .options import (
    ATTACK,
    BLOCK,
    END_TURN,
    HUNT,
    MINDBUG,
    NO_BLOCK,
    NO_HUNT,
    OPPONENT,
    PASS,
    PLAY,
    RESOLVE,
    Decision,
    Kind,
    Option,
)
from .reach import ANYTHING

if TYPE_CHECKING:
    from .carddefs import Ability
    from .reach import Aspect
    from .state import State
    from .typed import CardId, Continuation, Seat, Trigger, WorkItem

# Kind's values as module constants: a class attribute costs a dictionary look-up each time
_ACTION, _MINDBUG, _HUNT, _BLOCK = Kind.ACTION, Kind.MINDBUG, Kind.HUNT, Kind.BLOCK
_FRENZY, _ORDER, _OPPONENT = Kind.FRENZY, Kind.ORDER, Kind.OPPONENT
# Final: read as C statics when compiled (mypyc), not through the module's dictionary
_MINDBUG_OPTIONS: Final = (MINDBUG, PASS)
_OPPONENT_OF: Final = ((1,), (0,))  # 1v1: a seat's one opponent, as the defenders to walk
_new: Final = tuple.__new__  # builds a named tuple without its Python-level __new__ (hot path)


def turn_start(g: State, item: WorkItem | None) -> None:  # None: called directly
    s = g.active
    hand = g.hands[s]
    play = g.plays[s]
    if not hand and not play:
        _cannot_act(g, s)
        return
    turn_no = g.turn_no = g.turn_no + 1
    events = g.ev
    if events is not None:
        if g.extra_turn:
            events.append(_new(ev.TurnStarted, (s, turn_no, True)))
        else:
            try:  # the shared record; a turn past the table grows it (a try costs nothing)
                events.append(TURN_STARTED[s][turn_no])
            except IndexError:
                events.append(turn_started(s, turn_no))
    g.extra_turn = False
    kidx = g.kidx
    options = []
    # Definition indexes seen: copies of one card are one option (rule 19). A list, not a set:
    # scanning a handful of small ints costs less than building and freeing a set.
    seen = []
    for c in hand:
        k = kidx[c]
        if k not in seen:
            seen.append(k)
            options.append(PLAY[c])
    if play:  # _creature_options(g, ATTACK, play), without its call: once every turn
        exhausted = g.exhausted
        seen = []
        for c in play:
            k = ~kidx[c] if exhausted and c in exhausted else kidx[c]
            if k not in seen:
                seen.append(k)
                options.append(ATTACK[c])
    # State.ask without its call: the main action is always asked (rule 19), never answered
    if g.winner is None:
        if g.dirty and not g.hold:
            g._refill()
        g.serial += 1
        g.pending = _new(Decision, (s, _ACTION, tuple(options), g.serial, None, "action"))
        g.cont = _ACTION_CONT


def _creature_options(g: State, table: list[Option], cids: Iterable[CardId]) -> list[Option]:
    """One option per class of interchangeable creatures of one seat: same card, same
    exhausted state (rule 19)."""
    options = []
    seen = []  # definition indexes (a list, as in turn_start); an exhausted one's is ~k < 0
    kidx = g.kidx
    exhausted = g.exhausted
    for c in cids:
        k = kidx[c]
        if exhausted and c in exhausted:
            k = ~k
        if k not in seen:
            seen.append(k)
            options.append(table[c])
    return options


def _cannot_act(g: State, s: Seat) -> None:
    """Rule 6 / 23: a player who cannot act loses (1v1) or is eliminated (2v2)."""
    if g.n == 2:
        g._game_over(1 - s, "no action")
        return
    # An extra turn (rule 7) belongs to the player who earned it: if that player is
    # eliminated instead, the next player's turn is an ordinary one.
    g.extra_turn = False
    g.eliminated[s] = True
    hand, in_play = tuple(g.hands[s]), tuple(g.plays[s])
    gone = hand + in_play
    g.out.extend(gone)
    g.hands[s].clear()
    g.plays[s].clear()
    g.exhausted.difference_update(gone)
    g.bc = None
    if g.ev is not None:
        g.ev.append(_new(ev.PlayerEliminated, (s,)))
    if gone:
        if g.ev is not None:
            g.ev.append(_new(ev.RemovedFromGame, (s, in_play, hand)))
    if g.eliminated[(s + 2) % 4]:  # the teammate
        g._game_over(1 - g.team_of(s), "eliminated")
        return
    nxt = g._next_seat(s)
    if g.ev is not None:
        g.ev.append(TURN_PASSED[s][nxt])
    g.active = nxt
    g.bc = None
    g.stack.append((turn_start,))


def _end_turn(g: State, item: WorkItem | None) -> None:  # None: called directly
    s = g.active
    if g.extra_turn:
        nxt = s
    elif g.n == 2:
        nxt = 1 - s
    else:
        nxt = g._next_seat(s)
    if g.ev is not None:
        g.ev.append(TURN_PASSED[s][nxt])
    if nxt != s:
        g.active = nxt
        bc = g.bc
        if bc is not None and bc[3]:
            g.bc = None  # constant effects count whose turn it is (rule 18)
    if g.dirty and not g.hold:
        g._refill()
    turn_start(g, None)


_END_TURN: Final = (_end_turn,)  # the work item, shared


def _action_chosen(g: State, cont: Continuation, opt: Option) -> None:
    card = opt.card
    assert card is not None  # "play" and "attack" name a card
    if opt.verb == "play":
        s = g.active
        hand = g.hands[s]
        hand.remove(card)
        g.limbo = card
        if g.ev is not None:
            g.ev.append(PLAYED[s][card])
        # Rule 3: the hand refills before the Mindbug offer. Every hand was full when the
        # action was asked (unless a refill is still due), so only this one can draw, once.
        if g.dirty or g.hold:
            g.dirty = True
            g._refill()
        elif len(hand) < HAND_SIZE:
            deck = g.decks[s]
            if deck:
                c = deck.pop()
                hand.append(c)
                g.known[c] = 1 << s
                if g.ev is not None:
                    g.ev.append(DREW_ONE[s][c])
        _offer_mindbug(g, card, s, 0)
    else:
        _declare_attack(g, card, g.active, 1)


_ACTION_CONT: Final = (_action_chosen,)  # one shared continuation for every main action


def _offer_order(g: State, s: Seat) -> tuple[Seat, Seat, Seat]:
    """2v2 only: its callers offer a 1v1 card to the one opponent themselves."""
    return ((s + 1) % 4, (s + 2) % 4, (s + 3) % 4)  # left, teammate, right (rule 21)


def _offer_mindbug(g: State, cid: CardId, s: Seat, i: int) -> None:
    """Offer the card `s` just played to the opponents from the `i`-th on (rule 21)."""
    if g.n == 2:  # 1v1: the one opponent, once (no one is eliminated in 1v1)
        t = 1 - s
        offered = i == 0 and g.mindbugs[t] > 0
    else:
        order = _offer_order(g, s)
        offered = False
        while i < len(order):
            t = order[i]
            if g.mindbugs[t] > 0 and not g.eliminated[t]:
                offered = True
                break
            i += 1
    if offered:
        if g.winner is None:  # State.ask without its call (two options: always asked)
            if g.dirty and not g.hold:
                g._refill()
            g.serial += 1
            g.pending = _new(Decision, (t, _MINDBUG, _MINDBUG_OPTIONS, g.serial, cid, "mindbug"))
            g.cont = (_mindbug_chosen, cid, s, i)
        return
    g.limbo = -1
    g.enter_play(cid, s, "played")
    # The turn ends once its Play effects have resolved; with none, at once (the loop of
    # State.respond would pop the same work item next: nothing else can come first)
    if g.triggered or g.dirty:
        g.stack.append(_END_TURN)
    else:
        _end_turn(g, None)


def _mindbug_chosen(g: State, cont: Continuation, opt: Option) -> None:
    _, cid, s, i = cont
    t = 1 - s if g.n == 2 else _offer_order(g, s)[i]
    if opt is PASS:
        if g.ev is not None:
            g.ev.append(MINDBUG_DECLINED[t][cid])
        _offer_mindbug(g, cid, s, i + 1)
        return
    g.mindbugs[t] -= 1
    g.limbo = -1
    if g.ev is not None:
        g.ev.append(MINDBUG_USED[t][cid][s])
    g.extra_turn = True  # rule 7: the player who played it takes another turn
    g.enter_play(cid, t, "mindbug")
    if g.triggered or g.dirty:  # as when no one took it (_offer_mindbug)
        g.stack.append(_END_TURN)
    else:
        _end_turn(g, None)


def _declare_attack(g: State, cid: CardId, s: Seat, n: int) -> None:
    if g.ev is not None:
        g.ev.append(ATTACK_DECLARED[s][cid])
    ability = g.cards[cid].on_attack
    if ability is None:
        _attack_goes_on(g, cid, s, n)
        return
    g.stack.append((_attack_after_effects, cid, s, n))
    g.triggered.append((cid, s, ability))


def _attack_after_effects(g: State, item: WorkItem) -> None:
    """The work item: the attacker's Attack effects have resolved."""
    _attack_goes_on(g, item[1], item[2], item[3])


def _attack_goes_on(g: State, cid: CardId, s: Seat, n: int) -> None:
    """After the Attack effects: a Hunter picks its target, else the defenders may block."""
    if cid not in g.plays[s]:  # rule 10: the attack ends
        g.stack.append((_after_attack, cid, s, n))
        return
    kw = (g.bc or g.board())[1]
    if kw[cid] & HUNTER:
        targets = [(c, t) for t in g.opponents(s) for c in g.plays[t]]
        if targets:
            options = [HUNT[c] for c in g.distinct(targets)] + [NO_HUNT]
            g.ask(s, _HUNT, options, (_hunt_chosen, cid, s, n), cid, "hunt")
            return
    _ask_block(g, cid, s, n, 0)


def _hunt_chosen(g: State, cont: Continuation, opt: Option) -> None:
    _, cid, s, n = cont
    if opt is NO_HUNT:
        _ask_block(g, cid, s, n, 0)
        return
    target = opt.card
    assert target is not None  # "hunt" names a card
    if g.ev is not None:
        g.ev.append(_new(ev.Hunted, (s, cid, target)))
    _combat(g, cid, s, target, n)


def _defenders(g: State, s: Seat) -> tuple[Seat, ...]:
    if g.n == 2:
        return _OPPONENT_OF[s]
    return ((s + 1) % 4, (s + 3) % 4)  # left opponent, then right (rule 21)


def _ask_block(g: State, cid: CardId, s: Seat, n: int, i: int) -> None:
    defenders = _OPPONENT_OF[s] if g.n == 2 else _defenders(g, s)
    while i < len(defenders):
        t = defenders[i]
        if not g.eliminated[t]:
            blockers = g.legal_blockers(cid, s, t)
            if blockers:
                options = _creature_options(g, BLOCK, blockers)
                options.append(NO_BLOCK)
                # State.ask without its call: a block always has a choice (no block)
                if g.dirty and not g.hold:
                    g._refill()
                g.serial += 1
                g.pending = _new(Decision, (t, _BLOCK, tuple(options), g.serial, cid, "block"))
                g.cont = (_block_chosen, cid, s, n, i)
                return
        i += 1
    if g.ev is not None:
        g.ev.append(NOT_BLOCKED[s][cid])
    g.change_life(1 - s % 2, -1)  # the defending team (a seat's team is seat % 2)
    if g.winner is None:
        _attack_over(g, cid, s, n)


def _block_chosen(g: State, cont: Continuation, opt: Option) -> None:
    _, cid, s, n, i = cont
    if opt is NO_BLOCK:
        _ask_block(g, cid, s, n, i + 1)
        return
    blocker = opt.card
    assert blocker is not None  # "block" names a card
    if g.ev is not None:
        g.ev.append(_new(ev.Blocked, (_defenders(g, s)[i], blocker, cid)))
    _combat(g, cid, s, blocker, n)


def _combat(g: State, att: CardId, s: Seat, blk: CardId, n: int) -> None:
    """Rule 11: the lower power is defeated, ties defeat both, Poisonous always defeats."""
    power, kw, _, _, _ = g.bc or g.board()
    pa = power[att]
    pb = power[blk]
    if g.ev is not None:
        g.ev.append(_new(ev.Combat, (att, blk, pa, pb)))
    dead = []
    if pa <= pb or kw[blk] & POISONOUS:
        dead.append(att)
    if pb <= pa or kw[att] & POISONOUS:
        dead.append(blk)
    g.defeat(dead)
    if g.triggered:  # Defeated effects resolve before the attack goes on (rule 10)
        g.stack.append((_after_attack, att, s, n))
    else:
        _attack_over(g, att, s, n)


def _after_attack(g: State, item: WorkItem) -> None:
    """The work item: the Defeated effects of a combat (if any) have resolved."""
    _attack_over(g, item[1], item[2], item[3])


def _attack_over(g: State, cid: CardId, s: Seat, n: int) -> None:
    """A surviving Frenzy attacker may attack a second time (rule 8); else the turn ends."""
    if n == 1 and cid in g.plays[s] and (g.bc or g.board())[1][cid] & FRENZY:
        g.ask(s, _FRENZY, (ATTACK[cid], END_TURN), (_frenzy_chosen, cid, s), cid, "frenzy")
        return
    _end_turn(g, None)


def _frenzy_chosen(g: State, cont: Continuation, opt: Option) -> None:
    _, cid, s = cont
    if opt is END_TURN:
        _end_turn(g, None)
    else:
        _declare_attack(g, cid, s, 2)


def _trigger_key(g: State, entry: Trigger) -> tuple[int, Seat, str, bool]:
    cid, seat, ability = entry
    return (g.kidx[cid], seat, ability.trigger, cid in g.exhausted)


def resolve_triggered(g: State, entries: tuple[Trigger, ...]) -> None:
    """Effects that triggered together resolve one at a time, ordered by the active player."""
    if len(entries) > 1:
        _resolve_several(g, entries)
        return
    _start_ability(g, entries[0])


def resolve_group(g: State, item: WorkItem) -> None:
    """The work item: what is left of a group once one of its effects has resolved."""
    resolve_triggered(g, item[1])


def _resolve_several(g: State, entries: tuple[Trigger, ...]) -> None:
    """Ruling 26: the order is asked only when at least two of the effects can do something
    (copies of one card in one state are one option, rule 19); one that can do nothing
    whichever order is picked resolves as nothing, without a question."""
    able = _able_entries(g, entries)
    acting = []
    for e, can in zip(entries, able):
        if can:
            acting.append(e)
        else:
            _resolve_as_nothing(g, e)
    if not acting:
        return
    if len(acting) > 1:
        first_key = _trigger_key(g, acting[0])
        if any(_trigger_key(g, e) != first_key for e in acting[1:]):
            options = []
            seen = set()
            for e in acting:
                key = _trigger_key(g, e)
                if key not in seen:
                    seen.add(key)
                    options.append(RESOLVE[e[0]])
            g.ask(g.active, _ORDER, options, (_order_chosen, tuple(acting)), None, "order")
            return
        g.stack.append((resolve_group, tuple(acting[1:])))
    _start_ability(g, acting[0])


def _able_entries(g: State, entries: tuple[Trigger, ...]) -> list[bool]:
    """Per entry, whether its ability can do something in some order (ruling 26): it can act
    now, or an effect of the group that can act changes something it reads (a fixed point:
    an effect that gains a target this way may in turn give one to a third)."""
    reach = []
    for _, seat, ability in entries:
        opponents = g.opponents(seat)
        effects = ability.effects
        now = any(e.can_act(g, seat, opponents) for e in effects)
        reads: set[Aspect] = set()
        for e in effects:
            reads |= e.reads(g, seat, opponents)
        reach.append((now, reads, seat, ability))
    able = [now for now, _, _, _ in reach]
    changes: list[set[Aspect] | None] = [None] * len(entries)
    grown = True
    while grown:
        grown = False
        for i, (_, reads, _, _) in enumerate(reach):
            if able[i]:
                continue
            for j, (_, _, seat, ability) in enumerate(reach):
                if j == i or not able[j]:
                    continue
                changed = changes[j]
                if changed is None:
                    changed = changes[j] = ability_changes(g, ability, seat, frozenset((entries[j][0],)))
                if ANYTHING in changed or reads & changed:
                    able[i] = grown = True
                    break
    return able


def _resolve_as_nothing(g: State, entry: Trigger) -> None:
    """An ability that can do nothing in any order: its trigger and its empty result are told
    (the log's words), nothing else happens and nothing is asked (no opponent either)."""
    cid, seat, ability = entry
    if g.ev is not None:
        g.ev.append(ABILITY_TRIGGERED[ability.trigger][seat][cid])
        for e in ability.effects:
            if e.purpose is not None:
                g.ev.append(_new(ev.NothingToDo, (seat, cid, e.purpose)))


def _order_chosen(g: State, cont: Continuation, opt: Option) -> None:
    entries: tuple[Trigger, ...] = cont[1]
    # by position, not by identity: compiled code (mypyc) may box a tuple afresh on each read
    i = next(i for i, e in enumerate(entries) if e[0] == opt.card)
    chosen = entries[i]
    rest = entries[:i] + entries[i + 1 :]
    if rest:
        g.stack.append((resolve_group, rest))
    _start_ability(g, chosen)


def _start_ability(g: State, entry: Trigger) -> None:
    cid, seat, ability = entry
    if g.ev is not None:
        g.ev.append(ABILITY_TRIGGERED[ability.trigger][seat][cid])
    opponent = None
    if ability.uses_opponent:
        opponents = g.opponents(seat)
        if not opponents:
            return
        if len(opponents) > 1:
            options = [OPPONENT[o] for o in opponents]
            g.ask(seat, _OPPONENT, options, (_opponent_chosen, entry), cid, "opponent")
            return
        opponent = opponents[0]
    elif g.n == 2:
        opponent = 1 - seat
    _push_effects(g, cid, seat, opponent, ability)


def _opponent_chosen(g: State, cont: Continuation, opt: Option) -> None:
    cid, seat, ability = cont[1]
    if g.ev is not None:
        g.ev.append(_new(ev.OpponentChosen, (seat, opt.seat)))
    _push_effects(g, cid, seat, opt.seat, ability)


def _push_effects(g: State, cid: CardId, seat: Seat, opponent: Seat | None, ability: Ability) -> None:
    ctx = EFFECT_CONTEXT[seat][OPPONENT_ROW[opponent]][cid]  # a shared record, as events are
    effects = ability.effects
    if len(effects) > 1:  # most abilities have one effect: no slice to build
        for effect in reversed(effects[1:]):
            g.stack.append((_run_effect, effect, ctx))
    effects[0].start(g, ctx)


def _run_effect(g: State, item: WorkItem) -> None:
    item[1].start(g, item[2])
