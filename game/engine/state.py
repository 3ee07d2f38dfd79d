"""The game state and the rules that move it: a resumable state machine.

The State always either waits for a Decision (`pending`) or is over (`winner`). What is left to
resolve is a stack of work items, tuples `(function, args...)` of module-level functions and
immutable values, so clone() is a handful of list copies and a search can start in the middle
of an effect. respond() hands the chosen option to the continuation of the pending decision,
then runs work items until the next decision that offers a real choice (rule 19).
"""

from __future__ import annotations

from random import Random

from . import events as ev
from .carddefs import FRENZY, HUNTER, POISONOUS, SNEAKY, TOUGH, CardDB, keyword_names
from .effects import BlockRestriction
from .errors import (
    CardIdError,
    GameOverError,
    IllegalOptionError,
    InvalidOptionError,
    SeatError,
    StaleOptionError,
)
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

HAND_SIZE = 5
_ACTION = Kind.ACTION
_new = tuple.__new__  # builds a named tuple without its Python-level __new__ (hot path)
_KIDX: dict[int, tuple] = {}  # id(cards) -> (cards, definition index per card id)


def _first(item):
    return item[0]


class State:
    __slots__ = (
        "db", "cards", "rules", "n", "hands", "decks", "discards", "plays", "out", "mindbugs",
        "life", "eliminated", "exhausted", "known", "limbo", "active", "turn_no", "extra_turn",
        "winner", "pending", "cont", "stack", "triggered", "hold", "seed", "rng_n", "serial",
        "ev", "record_events", "dirty", "bc", "kidx",
    )  # fmt: skip

    # --- construction -------------------------------------------------------------------

    def __init__(self, db: CardDB, cards: list, rules: str, seed: int):
        self.db = db
        self.rules = rules
        self.n = n = 4 if rules == "2v2" else 2
        self.hands = [[] for _ in range(n)]
        self.decks = [[] for _ in range(n)]  # top of the pile = last element
        self.discards = [[] for _ in range(n)]
        self.plays = [[] for _ in range(n)]
        self.out = []
        self.mindbugs = [2] * n
        self.life = [3, 3]  # per team; 1v1 teams are seats
        self.eliminated = [False] * n
        self.exhausted = set()
        self.known = [0] * len(cards)  # per card in a hand: bit set of seats that know it
        self.limbo = -1  # a played card waiting for the Mindbug offers
        self.active = 0
        self.turn_no = 0
        self.extra_turn = False
        self.winner = None
        self.pending = None
        self.cont = None
        self.stack = []
        self.triggered = []
        self.hold = 0  # > 0 while one instruction moves several cards (rule 3)
        self.seed = seed
        self.rng_n = 0
        self.serial = 0
        self.ev = None
        self.record_events = True
        self.dirty = True  # a hand may need refilling (rule 3)
        self.bc = None  # cached (power, keywords, block restrictions); None when stale
        self.set_cards(cards)

    def set_cards(self, cards) -> None:
        """Card id -> definition, and card id -> definition index (read on hot paths)."""
        cards = tuple(cards)
        cached = _KIDX.get(id(cards))
        if cached is None or cached[0] is not cards:
            if len(_KIDX) > 64:  # positions set up card by card each bring their own tuple
                _KIDX.clear()
            cached = _KIDX[id(cards)] = (cards, tuple(d.index for d in cards))
        self.cards, self.kidx = cached

    def clone(self) -> State:
        c = State.__new__(State)
        c.db = self.db
        c.cards = self.cards
        c.rules = self.rules
        c.n = self.n
        c.hands = [h[:] for h in self.hands]
        c.decks = [d[:] for d in self.decks]
        c.discards = [d[:] for d in self.discards]
        c.plays = [p[:] for p in self.plays]
        c.out = self.out[:]
        c.mindbugs = self.mindbugs[:]
        c.life = self.life[:]
        c.eliminated = self.eliminated[:]
        c.exhausted = set(self.exhausted)
        c.known = self.known[:]
        c.limbo = self.limbo
        c.active = self.active
        c.turn_no = self.turn_no
        c.extra_turn = self.extra_turn
        c.winner = self.winner
        c.pending = self.pending
        c.cont = self.cont
        c.stack = self.stack[:]
        c.triggered = self.triggered[:]
        c.hold = self.hold
        c.seed = self.seed
        c.rng_n = self.rng_n
        c.serial = self.serial
        c.ev = None
        c.record_events = self.record_events
        c.dirty = self.dirty
        c.bc = self.bc  # never mutated once built, so it can be shared
        c.kidx = self.kidx
        return c

    # --- the decision interface ---------------------------------------------------------

    def respond(self, option: Option, serial: int | None = None) -> list:
        """Apply `option` to the pending decision; return the events it caused."""
        if type(option) is not Option:
            raise InvalidOptionError(f"not an option: {option!r}")
        pending = self.pending
        if pending is None:
            raise GameOverError("the game is over; there is no decision to answer")
        if serial is not None and serial != pending.serial:
            raise StaleOptionError(
                f"decision {serial} is no longer pending (now {pending.serial})"
            )
        if option not in pending.options and not self._copy_of_offered(option):
            raise IllegalOptionError(f"{option!r} is not an option of the pending decision")
        events = self.ev = [] if self.record_events else None
        cont = self.cont
        self.pending = self.cont = None
        cont[0](self, cont, option)
        if self.pending is None:
            self._run()
        self.ev = None
        return events if events is not None else []

    def advance(self, option: Option) -> None:
        """respond() for the AI's search: `option` must be one of the pending decision's own
        options (not checked), and no events are recorded. It skips respond()'s checks and its
        event list, a tenth of a search's engine time; the rules run exactly as in respond()."""
        cont = self.cont
        self.pending = self.cont = None
        self.ev = None
        cont[0](self, cont, option)
        if self.pending is None:
            self._run()

    def interchangeable(self, a: int, b: int) -> bool:
        """Copies of one card in the same zone of the same seat (in play: also in the same
        exhausted state) are interchangeable (rule 19)."""
        n = len(self.cards)
        for c in (a, b):
            if type(c) is not int or not 0 <= c < n:
                raise CardIdError(self._no_card(c))
        return (
            self.kidx[a] == self.kidx[b]
            and self.zone_of(a) == self.zone_of(b)
            and (a in self.exhausted) == (b in self.exhausted)
        )

    def _copy_of_offered(self, option: Option) -> bool:
        """Whether `option` names a copy interchangeable with the card of an offered option:
        the decision lists one option per class of copies, but a player may pick the copy."""
        if option.card is None or not 0 <= option.card < len(self.cards):
            return False
        if option.verb == "resolve":  # a copy in the same pile need not have triggered
            return False
        return any(
            o.verb == option.verb and o.card is not None and self.interchangeable(o.card, option.card)
            for o in self.pending.options
        )

    def start(self) -> list:
        """Run the freshly set-up game to its first decision."""
        events = self.ev = [] if self.record_events else None
        self._run()
        self.ev = None
        return events if events is not None else []

    def ask(self, seat, kind, options, cont, source=None, purpose="") -> None:
        """Ask `seat` to choose, unless there is no real choice (rule 19)."""
        if self.winner is not None:  # rule 4: nothing resolves after the game is decided
            return
        if self.dirty and not self.hold:
            self._refill()
        if len(options) == 1 and kind is not _ACTION:
            cont[0](self, cont, options[0])
            return
        self.serial += 1
        self.pending = _new(Decision, (seat, kind, tuple(options), self.serial, source, purpose))
        self.cont = cont

    def _run(self) -> None:
        stack = self.stack
        while self.pending is None and self.winner is None:
            if self.dirty and not self.hold:
                self._refill()
            if self.triggered:
                group = tuple(self.triggered)
                self.triggered.clear()
                _resolve_group(self, (None, group))
                continue
            item = stack.pop()
            item[0](self, item)

    # --- seating ------------------------------------------------------------------------

    def team_of(self, seat: int) -> int:
        return seat % 2 if self.n == 4 else seat

    def teammate(self, seat: int) -> int | None:
        return (seat + 2) % 4 if self.n == 4 else None

    def opponents(self, seat: int) -> list[int]:
        """Opponents still in the game, left one first."""
        if self.n == 2:
            return [1 - seat]
        return [s for s in ((seat + 1) % 4, (seat + 3) % 4) if not self.eliminated[s]]

    def _next_seat(self, seat: int) -> int:
        for step in range(1, self.n + 1):
            s = (seat + step) % self.n
            if not self.eliminated[s]:
                return s
        return seat

    # --- queries ------------------------------------------------------------------------

    @property
    def n_seats(self) -> int:
        return self.n

    def card(self, cid: int):
        """The CardDef of card id `cid`; CardIdError for anything that is not one (a negative
        id would silently index from the end)."""
        if type(cid) is int and cid >= 0:
            try:
                return self.cards[cid]
            except IndexError:
                pass
        raise CardIdError(self._no_card(cid))

    def _no_card(self, cid) -> str:
        return f"no card {cid!r} in this game (card ids are ints 0 to {len(self.cards) - 1})"

    def _check_seat(self, seat) -> None:
        if type(seat) is not int or not 0 <= seat < self.n:
            raise SeatError(f"no seat {seat!r} in {self.rules} (seats are 0 to {self.n - 1})")

    def controller(self, cid: int) -> int | None:
        for s, pl in enumerate(self.plays):
            if cid in pl:
                return s
        return None

    def board(self) -> tuple[dict, dict, tuple, bool]:
        """Current power, keyword bits and block restrictions of the creatures in play (rules 5,
        12 and 18), cached until a creature moves or the turn passes. Hot callers read
        `self.bc or self.board()`: the cache without a call (a built board is a non-empty tuple)."""
        bc = self.bc
        if bc is None:
            bc = self.bc = self._compute_board()
        return bc

    def _compute_board(self) -> tuple:
        cards = self.cards
        plays = self.plays
        power = {}
        kw = {}
        sources = None
        for s, pl in enumerate(plays):
            for c in pl:
                d = cards[c]
                power[c] = d.power
                kw[c] = d.kw
                if d.constant:
                    if sources is None:
                        sources = []
                    sources.append((c, s, d.constant))
        if sources is None:
            return power, kw, (), False
        # Stage 0 (power) applies at once; keyword grants (1) and copies (2) wait for the
        # final power and the granted keywords. Bonuses are never negative (the card loader
        # refuses them), so power stays >= 1 (rule 5) without clamping.
        active = self.active
        turn_dependent = False
        restrictions = []
        later = []
        for c, s, effects in sources:
            for e in effects:
                stage = e.stage
                if stage < 0:
                    if isinstance(e, BlockRestriction):
                        restrictions.append((e, c, s))
                    continue
                if e.during != "always":
                    turn_dependent = True
                    if active != s:
                        continue
                if e.while_alone and len(plays[s]) != 1:
                    continue
                if stage == 0:
                    e.apply(self, c, s, power, kw)
                else:
                    later.append((stage, e, c, s))
        if later:
            later.sort(key=_first)
            for _, e, c, s in later:
                e.apply(self, c, s, power, kw)
        return power, kw, tuple(restrictions), turn_dependent

    def power(self, cid: int) -> int:
        if type(cid) is int:
            power = (self.bc or self.board())[0].get(cid)
            if power is not None:
                return power
        raise CardIdError(self._not_in_play(cid))

    def keywords(self, cid: int) -> tuple[str, ...]:
        if type(cid) is int:
            kw = (self.bc or self.board())[1].get(cid)
            if kw is not None:
                return keyword_names(kw)
        raise CardIdError(self._not_in_play(cid))

    def _not_in_play(self, cid) -> str:
        if type(cid) is int and 0 <= cid < len(self.cards):
            return f"card {cid} ({self.cards[cid].name}) is not a creature in play"
        return self._no_card(cid)

    def can_act(self, seat: int) -> bool:
        return bool(self.hands[seat] or self.plays[seat])

    def distinct(self, pairs) -> list[int]:
        """One card per class of interchangeable (card, seat) pairs (rule 19)."""
        seen = set()
        out = []
        kidx = self.kidx
        exhausted = self.exhausted
        for c, s in pairs:
            key = (kidx[c], s, c in exhausted)
            if key not in seen:
                seen.add(key)
                out.append(c)
        return out

    def distinct_in(self, cids, seat: int) -> list[int]:
        return self.distinct([(c, seat) for c in cids])

    def rng(self) -> Random:
        """A generator for one random event, derived from the game's seed."""
        self.rng_n += 1
        return Random(self.seed * 1_000_003 + self.rng_n)

    def legal_blockers(self, attacker: int, attacker_seat: int, defender: int) -> list[int]:
        power, kw, restrictions, _ = self.bc or self.board()
        sneaky = kw[attacker] & SNEAKY
        out = []
        for b in self.plays[defender]:
            if sneaky and not kw[b] & SNEAKY:
                continue
            if restrictions and any(
                e.forbids(c, s, attacker, attacker_seat, power[b]) for e, c, s in restrictions
            ):
                continue
            out.append(b)
        return out

    # --- primitives used by the rules and by effects ------------------------------------

    def _emit(self, event) -> None:
        if self.ev is not None:
            self.ev.append(event)

    def _refill(self) -> None:
        self.dirty = False
        for s in range(self.n):
            hand = self.hands[s]
            if len(hand) < HAND_SIZE:
                deck = self.decks[s]
                if deck:
                    drawn = []
                    while len(hand) < HAND_SIZE and deck:
                        c = deck.pop()
                        hand.append(c)
                        self.known[c] = 1 << s
                        drawn.append(c)
                    if self.ev is not None:
                        self.ev.append(_new(ev.Drawn, (s, tuple(drawn))))

    def change_life(self, team: int, delta: int) -> None:
        self.set_life(team, self.life[team] + delta)

    def set_life(self, team: int, value: int) -> None:
        old = self.life[team]
        if value == old:
            return
        self.life[team] = value
        if self.ev is not None:
            self.ev.append(_new(ev.LifeChanged, (team, old, value)))
        if value <= 0:
            self._game_over(1 - team, "life")

    def _game_over(self, team: int, reason: str) -> None:
        self.winner = team
        self.stack.clear()
        self.triggered.clear()
        self.pending = self.cont = None
        if self.ev is not None:
            self.ev.append(_new(ev.GameOver, (team, reason)))

    def discard_from_hand(self, seat: int, cid: int) -> None:
        self.dirty = True
        self.hands[seat].remove(cid)
        self.discards[seat].append(cid)
        if self.ev is not None:
            self.ev.append(_new(ev.Discarded, (seat, cid)))

    def steal(self, cid: int, from_seat: int, to_seat: int) -> None:
        self.dirty = True
        self.hands[from_seat].remove(cid)
        self.hands[to_seat].append(cid)
        self.known[cid] |= 1 << to_seat
        if self.ev is not None:
            self.ev.append(_new(ev.Stolen, (from_seat, to_seat, cid)))

    def return_discard_to_hand(self, seat: int) -> None:
        pile = self.discards[seat]
        if not pile:
            return
        everyone = (1 << self.n) - 1
        for c in pile:
            self.known[c] = everyone
        self.hands[seat].extend(pile)
        if self.ev is not None:
            self.ev.append(_new(ev.ReturnedToHand, (seat, tuple(pile))))
        pile.clear()

    def take_control(self, cid: int, seat: int) -> None:
        old = self.controller(cid)
        self.bc = None
        self.plays[old].remove(cid)
        self.plays[seat].append(cid)  # keeps its exhausted state (rule 9)
        if self.ev is not None:
            self.ev.append(_new(ev.ControlChanged, (cid, old, seat)))

    def enter_play(self, cid: int, seat: int, how: str) -> None:
        self.bc = None
        self.plays[seat].append(cid)
        if self.ev is not None:
            self.ev.append(_new(ev.EnteredPlay, (seat, cid, how)))
        ability = self.cards[cid].on_play
        if ability is None:
            return
        blocker = self._play_suppressor(seat)
        if blocker is not None:
            if self.ev is not None:
                self.ev.append(_new(ev.AbilitySuppressed, (seat, cid, blocker)))
        else:
            self.triggered.append((cid, seat, ability))

    def _play_suppressor(self, seat: int) -> int | None:
        """The Deathweaver (rule 16) that stops Play effects on `seat`'s side, if any."""
        team = self.team_of(seat)
        cards = self.cards
        for s, pl in enumerate(self.plays):
            if self.team_of(s) != team:
                for c in pl:
                    if cards[c].suppresses_play:
                        return c
        return None

    def defeat(self, cids) -> None:
        """Defeat creatures simultaneously; Tough ones that are ready exhaust instead."""
        cards = self.cards
        for c in cids:
            seat = self.controller(c)
            if seat is None:
                continue
            if cards[c].kw & TOUGH and c not in self.exhausted:
                self.exhausted.add(c)
                if self.ev is not None:
                    self.ev.append(_new(ev.Exhausted, (seat, c)))
                continue
            self.bc = None
            self.plays[seat].remove(c)
            self.exhausted.discard(c)
            self.discards[seat].append(c)
            if self.ev is not None:
                self.ev.append(_new(ev.Defeated, (seat, c)))
            ability = cards[c].on_defeated
            if ability is not None:
                self.triggered.append((c, seat, ability))

    # --- labels ---------------------------------------------------------------------------

    def zone_of(self, cid: int) -> tuple[str, int | None]:
        if cid == self.limbo:
            return "limbo", None
        for zone in ("plays", "hands", "discards", "decks"):
            for s, cards in enumerate(getattr(self, zone)):
                if cid in cards:
                    return zone, s
        return "out", None

    def label(self, option: Option, full: bool = False) -> str:
        """The option in the scenario grammar, with `@SEAT` / state only where needed."""
        if type(option) is not Option:
            raise InvalidOptionError(f"not an option: {option!r}")
        if option.card is None:
            return option.verb if option.seat is None else f"{option.verb} {option.seat}"
        name = self.card(option.card).name
        zone, seat = self.zone_of(option.card)
        exhausted = option.card in self.exhausted
        need_seat = need_state = full
        pending = self.pending
        if not full and pending is not None:
            for other in pending.options:
                if other is option or other.card is None or other.verb != option.verb:
                    continue
                if self.cards[other.card].name != name:
                    continue
                if self.zone_of(other.card) != (zone, seat):
                    need_seat = True
                elif (other.card in self.exhausted) != exhausted:
                    need_state = True
        text = f"{option.verb} {name}"
        if need_seat and seat is not None:
            text += f" @{seat}"
        if need_state and zone == "plays":
            text += " (exhausted)" if exhausted else " (ready)"
        return text

    def labels(self) -> list[str]:
        return [self.label(o) for o in self.pending.options] if self.pending else []

    def option_for(self, label: str) -> Option:
        """The pending option that a label names (see game.engine.labels for the grammar)."""
        from .labels import match_option

        return match_option(self, label)

    def view(self, seat: int):
        """What `seat` may see (a View); SeatError for a seat this game does not have."""
        if type(seat) is not int or not 0 <= seat < self.n:  # _check_seat, without a call
            self._check_seat(seat)
        if _make_view is None:
            _load_view()
        return _make_view(self, seat)


# game.engine.view imports this module, so it is imported on the first view(); keeping it here
# spares every later view() an import statement (a third of a view's cost).
_make_view = None


def _load_view() -> None:
    global _make_view
    from .view import make_view

    _make_view = make_view


# --- work items and continuations -----------------------------------------------------------
# A work item is `(function, args...)` called as function(state, item); a continuation is
# `(function, args...)` called as function(state, cont, option).


def turn_start(g: State, item) -> None:
    s = g.active
    hand = g.hands[s]
    play = g.plays[s]
    if not hand and not play:
        _cannot_act(g, s)
        return
    g.turn_no += 1
    if g.ev is not None:
        g.ev.append(_new(ev.TurnStarted, (s, g.turn_no, g.extra_turn)))
    g.extra_turn = False
    kidx = g.kidx
    options = []
    seen = 0
    for c in hand:
        bit = 1 << kidx[c]
        if not seen & bit:  # copies of one card are one option (rule 19)
            seen |= bit
            options.append(PLAY[c])
    if play:
        options += _creature_options(g, ATTACK, play)
    g.ask(s, _ACTION, options, _ACTION_CONT, None, "action")


def _creature_options(g: State, table, cids) -> list:
    """One option per class of interchangeable creatures of one seat: same card, same
    exhausted state (rule 19)."""
    options = []
    seen = 0
    kidx = g.kidx
    exhausted = g.exhausted
    for c in cids:
        bit = 1 << (2 * kidx[c] + (c in exhausted))
        if not seen & bit:
            seen |= bit
            options.append(table[c])
    return options


def _cannot_act(g: State, s: int) -> None:
    """Rule 6 / 23: a player who cannot act loses (1v1) or is eliminated (2v2)."""
    if g.n == 2:
        g._game_over(1 - s, "no action")
        return
    # An extra turn (rule 7) belongs to the player who earned it: if that player is
    # eliminated instead, the next player's turn is an ordinary one.
    g.extra_turn = False
    g.eliminated[s] = True
    gone = tuple(g.hands[s] + g.plays[s])
    g.out.extend(gone)
    g.hands[s].clear()
    g.plays[s].clear()
    g.exhausted.difference_update(gone)
    g.bc = None
    if g.ev is not None:
        g.ev.append(_new(ev.PlayerEliminated, (s,)))
    if gone:
        if g.ev is not None:
            g.ev.append(_new(ev.RemovedFromGame, (s, gone)))
    mate = g.teammate(s)
    if g.eliminated[mate]:
        g._game_over(1 - g.team_of(s), "eliminated")
        return
    nxt = g._next_seat(s)
    if g.ev is not None:
        g.ev.append(_new(ev.TurnPassed, (s, nxt)))
    g.active = nxt
    g.bc = None
    g.stack.append((turn_start,))


def _end_turn(g: State, item) -> None:
    s = g.active
    if g.extra_turn:
        nxt = s
    elif g.n == 2:
        nxt = 1 - s
    else:
        nxt = g._next_seat(s)
    if g.ev is not None:
        g.ev.append(_new(ev.TurnPassed, (s, nxt)))
    if nxt != s:
        g.active = nxt
        bc = g.bc
        if bc is not None and bc[3]:
            g.bc = None  # constant effects count whose turn it is (rule 18)
    if g.dirty and not g.hold:
        g._refill()
    turn_start(g, None)


def _action_chosen(g: State, cont, opt) -> None:
    if opt.verb == "play":
        s = g.active
        g.hands[s].remove(opt.card)
        g.dirty = True
        g.limbo = opt.card
        if g.ev is not None:
            g.ev.append(_new(ev.Played, (s, opt.card)))
        g._refill()  # rule 3: the hand refills before the Mindbug offer
        _offer_mindbug(g, (None, opt.card, s, 0))
    else:
        _declare_attack(g, opt.card, g.active, 1)


_ACTION_CONT = (_action_chosen,)  # one shared continuation for every main action


def _offer_order(g: State, s: int) -> tuple:
    if g.n == 2:
        return (1 - s,)
    return ((s + 1) % 4, (s + 2) % 4, (s + 3) % 4)  # left, teammate, right (rule 21)


def _offer_mindbug(g: State, item) -> None:
    _, cid, s, i = item
    order = (1 - s,) if g.n == 2 else _offer_order(g, s)
    while i < len(order):
        t = order[i]
        if g.mindbugs[t] > 0 and not g.eliminated[t]:
            g.ask(t, Kind.MINDBUG, (MINDBUG, PASS), (_mindbug_chosen, cid, s, i), cid, "mindbug")
            return
        i += 1
    g.limbo = -1
    g.stack.append((_end_turn,))
    g.enter_play(cid, s, "played")


def _mindbug_chosen(g: State, cont, opt) -> None:
    _, cid, s, i = cont
    t = _offer_order(g, s)[i]
    if opt is PASS:
        if g.ev is not None:
            g.ev.append(_new(ev.MindbugDeclined, (t, cid)))
        _offer_mindbug(g, (None, cid, s, i + 1))
        return
    g.mindbugs[t] -= 1
    g.limbo = -1
    if g.ev is not None:
        g.ev.append(_new(ev.MindbugUsed, (t, cid, s)))
    g.extra_turn = True  # rule 7: the player who played it takes another turn
    g.stack.append((_end_turn,))
    g.enter_play(cid, t, "mindbug")


def _declare_attack(g: State, cid: int, s: int, n: int) -> None:
    if g.ev is not None:
        g.ev.append(_new(ev.AttackDeclared, (s, cid)))
    ability = g.cards[cid].on_attack
    if ability is None:
        _attack_after_effects(g, (None, cid, s, n))
        return
    g.stack.append((_attack_after_effects, cid, s, n))
    g.triggered.append((cid, s, ability))


def _attack_after_effects(g: State, item) -> None:
    _, cid, s, n = item
    if cid not in g.plays[s]:  # rule 10: the attack ends
        g.stack.append((_after_attack, cid, s, n))
        return
    kw = (g.bc or g.board())[1]
    if kw[cid] & HUNTER:
        targets = [(c, t) for t in g.opponents(s) for c in g.plays[t]]
        if targets:
            options = [HUNT[c] for c in g.distinct(targets)] + [NO_HUNT]
            g.ask(s, Kind.HUNT, options, (_hunt_chosen, cid, s, n), cid, "hunt")
            return
    _ask_block(g, cid, s, n, 0)


def _hunt_chosen(g: State, cont, opt) -> None:
    _, cid, s, n = cont
    if opt is NO_HUNT:
        _ask_block(g, cid, s, n, 0)
        return
    if g.ev is not None:
        g.ev.append(_new(ev.Hunted, (s, cid, opt.card)))
    _combat(g, cid, s, opt.card, n)


def _defenders(g: State, s: int) -> tuple:
    if g.n == 2:
        return (1 - s,)
    return ((s + 1) % 4, (s + 3) % 4)  # left opponent, then right (rule 21)


def _ask_block(g: State, cid: int, s: int, n: int, i: int) -> None:
    defenders = (1 - s,) if g.n == 2 else _defenders(g, s)
    while i < len(defenders):
        t = defenders[i]
        if not g.eliminated[t]:
            blockers = g.legal_blockers(cid, s, t)
            if blockers:
                options = _creature_options(g, BLOCK, blockers)
                options.append(NO_BLOCK)
                g.ask(t, Kind.BLOCK, options, (_block_chosen, cid, s, n, i), cid, "block")
                return
        i += 1
    if g.ev is not None:
        g.ev.append(_new(ev.NotBlocked, (s, cid)))
    g.change_life(1 - g.team_of(s), -1)
    if g.winner is None:
        _after_attack(g, (None, cid, s, n))


def _block_chosen(g: State, cont, opt) -> None:
    _, cid, s, n, i = cont
    if opt is NO_BLOCK:
        _ask_block(g, cid, s, n, i + 1)
        return
    if g.ev is not None:
        g.ev.append(_new(ev.Blocked, (_defenders(g, s)[i], opt.card, cid)))
    _combat(g, cid, s, opt.card, n)


def _combat(g: State, att: int, s: int, blk: int, n: int) -> None:
    """Rule 11: the lower power is defeated, ties defeat both, Poisonous always defeats."""
    power, kw, _, _ = g.bc or g.board()
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
        _after_attack(g, (None, att, s, n))


def _after_attack(g: State, item) -> None:
    _, cid, s, n = item
    if n == 1 and cid in g.plays[s] and (g.bc or g.board())[1][cid] & FRENZY:
        g.ask(s, Kind.FRENZY, (ATTACK[cid], END_TURN), (_frenzy_chosen, cid, s), cid, "frenzy")
        return
    _end_turn(g, None)


def _frenzy_chosen(g: State, cont, opt) -> None:
    _, cid, s = cont
    if opt is END_TURN:
        _end_turn(g, None)
    else:
        _declare_attack(g, cid, s, 2)


def _trigger_key(g: State, entry) -> tuple:
    cid, seat, ability = entry
    return (g.kidx[cid], seat, ability.trigger, cid in g.exhausted)


def _resolve_group(g: State, item) -> None:
    """Effects that triggered together resolve one at a time, ordered by the active player."""
    entries = item[1]
    if len(entries) > 1:
        first_key = _trigger_key(g, entries[0])
        if any(_trigger_key(g, e) != first_key for e in entries[1:]):
            options = []
            seen = set()
            for e in entries:
                key = _trigger_key(g, e)
                if key not in seen:
                    seen.add(key)
                    options.append(RESOLVE[e[0]])
            g.ask(g.active, Kind.ORDER, options, (_order_chosen, entries), None, "order")
            return
        g.stack.append((_resolve_group, entries[1:]))
    _start_ability(g, entries[0])


def _order_chosen(g: State, cont, opt) -> None:
    entries = cont[1]
    chosen = next(e for e in entries if e[0] == opt.card)
    rest = tuple(e for e in entries if e is not chosen)
    if rest:
        g.stack.append((_resolve_group, rest))
    _start_ability(g, chosen)


def _start_ability(g: State, entry) -> None:
    cid, seat, ability = entry
    if g.ev is not None:
        g.ev.append(_new(ev.AbilityTriggered, (seat, cid, ability.trigger)))
    opponent = None
    if ability.uses_opponent:
        opponents = g.opponents(seat)
        if not opponents:
            return
        if len(opponents) > 1:
            options = [OPPONENT[o] for o in opponents]
            g.ask(seat, Kind.OPPONENT, options, (_opponent_chosen, entry), cid, "opponent")
            return
        opponent = opponents[0]
    elif g.n == 2:
        opponent = 1 - seat
    _push_effects(g, cid, seat, opponent, ability)


def _opponent_chosen(g: State, cont, opt) -> None:
    cid, seat, ability = cont[1]
    if g.ev is not None:
        g.ev.append(_new(ev.OpponentChosen, (seat, opt.seat)))
    _push_effects(g, cid, seat, opt.seat, ability)


def _push_effects(g: State, cid: int, seat: int, opponent, ability) -> None:
    ctx = (cid, seat, opponent)
    effects = ability.effects
    for effect in reversed(effects[1:]):
        g.stack.append((_run_effect, effect, ctx))
    effects[0].start(g, ctx)


def _run_effect(g: State, item) -> None:
    item[1].start(g, item[2])
