"""The game state and its decision interface: a resumable state machine.

The State always either waits for a Decision (`pending`) or is over (`winner`). What is left to
resolve is a stack of work items, tuples `(function, args...)` of module-level functions and
immutable values, so clone() is a handful of list copies and a search can start in the middle
of an effect. respond() hands the chosen option to the continuation of the pending decision,
then runs work items until the next decision that offers a real choice (rule 19).

The rules live beside it: game.engine.turns (the turn machine), game.engine.moves (the
primitives that move cards and change life), game.engine.board (current power and keywords)
and game.engine.effects (what the cards' abilities do).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from random import Random
from typing import TYPE_CHECKING, Final

from .board import compute_board, constant_plan
from .carddefs import SNEAKY, CardDB, CardDef, keyword_names
from .draws import seeded
from .errors import (
    CardIdError,
    GameOverError,
    IllegalOptionError,
    InvalidOptionError,
    SeatError,
    StaleOptionError,
)
from .moves import NO_DECISION, Moves
from .options import Decision, Kind, Option
from .turns import resolve_triggered

if TYPE_CHECKING:
    from .board import Board, CardTables
    from .events import Event
    from .typed import CardId, Continuation, Seat
    from .view import View

# Final: read as C statics when compiled (mypyc), not through the module's dictionary
_ACTION: Final = Kind.ACTION
_new: Final = tuple.__new__  # builds a named tuple without its Python-level __new__ (hot path)
_copy: Final = list.copy
#: None, typed as the pending decision's slot: a type checker narrows `self.pending` to None
#: after `self.pending = None`, and compiled code (mypyc) would then check that a decision
#: set by the continuation called since is None
_NOT_PENDING: Decision | None = None
# id(cards) -> (cards, definition index per card id, card_tables)
_KIDX: Final[dict[int, tuple[tuple[CardDef, ...], tuple[int, ...], CardTables]]] = {}


def card_tables(cards: Sequence[CardDef]) -> CardTables:
    """Per card id, what hot paths read of its definition: printed power, keyword bits, the
    plan of its constant effects (game.engine.board.constant_plan; empty without any), and
    whether it stops Play effects (Deathweaver). A tuple item costs less to read than an
    attribute of the definition, and far less than an effect's class attributes."""
    return (
        tuple(d.power for d in cards),
        tuple(d.kw for d in cards),
        tuple(constant_plan(d.constant) for d in cards),
        tuple(d.suppresses_play for d in cards),
    )


#: A state's members (its __slots__; MaskedState.clone copies them by name)
STATE_MEMBERS = (
    "db", "cards", "rules", "n", "hands", "decks", "discards", "plays", "out", "mindbugs",
    "life", "eliminated", "exhausted", "known", "limbo", "active", "turn_no", "extra_turn",
    "winner", "pending", "cont", "stack", "triggered", "hold", "seed", "rng_n", "serial",
    "ev", "record_events", "dirty", "bc", "kidx", "ktab",
)  # fmt: skip


class State(Moves):
    __slots__ = STATE_MEMBERS

    # --- construction -------------------------------------------------------------------

    def __init__(
        self, db: CardDB | None = None, cards: Sequence[CardDef] = (), rules: str = "1v1",
        seed: int = 0,
    ) -> None:
        if db is None:  # a blank state whose members the caller sets (clone, a view, a world)
            return
        self.db = db
        self.rules = rules
        self.n = n = 4 if rules == "2v2" else 2
        # one pile per seat (decks: top of the pile = last element); spelt out, since four
        # list comprehensions cost a tenth of a game's set-up
        if n == 2:
            self.hands, self.decks, self.discards, self.plays = [[], []], [[], []], [[], []], [[], []]
        else:
            self.hands = [[], [], [], []]
            self.decks = [[], [], [], []]
            self.discards = [[], [], [], []]
            self.plays = [[], [], [], []]
        self.out: list[int] = []
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
        self.cont = NO_DECISION
        self.stack = []
        self.triggered = []
        self.hold = 0  # > 0 while one instruction moves several cards (rule 3)
        self.seed = seed
        self.rng_n = 0
        self.serial = 0
        self.ev = None
        self.record_events = True
        self.dirty = True  # a hand may need refilling (rule 3)
        self.bc = None  # the cached board() (see there); None when stale
        self.set_cards(cards)

    def set_cards(self, cards: Sequence[CardDef]) -> None:
        """Card id -> definition, and per card id what hot paths read of it: the definition
        index (`kidx`) and `ktab`, see card_tables()."""
        cards = tuple(cards)
        cached = _KIDX.get(id(cards))
        if cached is None or cached[0] is not cards:
            if len(_KIDX) > 64:  # positions set up card by card each bring their own tuple
                _KIDX.clear()
            cached = _KIDX[id(cards)] = (cards, tuple(d.index for d in cards), card_tables(cards))
        self.cards, self.kidx, self.ktab = cached

    def clone(self) -> State:
        c = State.__new__(State)
        c.db = self.db
        c.cards = self.cards
        c.rules = self.rules
        c.n = self.n
        # map() copies the piles in C: a list comprehension is a function call of its own
        c.hands = [*map(_copy, self.hands)]
        c.decks = [*map(_copy, self.decks)]
        c.discards = [*map(_copy, self.discards)]
        c.plays = [*map(_copy, self.plays)]
        c.out = self.out[:]
        c.mindbugs = self.mindbugs[:]
        c.life = self.life[:]
        c.eliminated = self.eliminated[:]
        c.exhausted = self.exhausted.copy()
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
        c.ktab = self.ktab
        return c

    # --- the decision interface ---------------------------------------------------------

    # The public queries take `object` where they check the value themselves: a compiled
    # (mypyc) method checks an annotated argument on entry, with its own TypeError.
    def respond(self, option: Option, serial: object = None) -> list[Event]:  # a driver's value, checked here
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
        events: list[Event] | None
        events = self.ev = [] if self.record_events else None
        cont = self.cont
        self.pending = _NOT_PENDING
        self.cont = NO_DECISION
        cont[0](self, cont, option)
        stack = self.stack
        while self.pending is None and self.winner is None:  # _run, without its call
            if self.dirty and not self.hold:
                self._refill()
            if self.triggered:
                group = tuple(self.triggered)
                self.triggered.clear()
                resolve_triggered(self, group)
                continue
            item = stack.pop()
            item[0](self, item)
        self.ev = None
        return events if events is not None else []

    def advance(self, option: Option) -> None:
        """respond() for the AI's search: `option` must be one of the pending decision's own
        options (not checked), and no events are recorded. It skips respond()'s checks and its
        event list, a tenth of a search's engine time; the rules run exactly as in respond()."""
        cont = self.cont
        self.pending = _NOT_PENDING
        self.cont = NO_DECISION
        self.ev = None
        cont[0](self, cont, option)
        if self.pending is None:
            self._run()

    def interchangeable(self, a: object, b: object) -> bool:  # a driver's value, checked here
        """Copies of one card in the same zone of the same seat (in play: also in the same
        exhausted state) are interchangeable (rule 19)."""
        n = len(self.cards)
        if type(a) is not int or not 0 <= a < n:
            raise CardIdError(self._no_card(a))
        if type(b) is not int or not 0 <= b < n:
            raise CardIdError(self._no_card(b))
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
        pending = self.pending
        card = option.card
        return pending is not None and any(
            o.verb == option.verb and o.card is not None and self.interchangeable(o.card, card)
            for o in pending.options
        )

    def start(self) -> list[Event]:
        """Run the freshly set-up game to its first decision."""
        events: list[Event] | None
        events = self.ev = [] if self.record_events else None
        self._run()
        self.ev = None
        return events if events is not None else []

    def ask(
        self,
        seat: Seat,
        kind: str,
        options: Sequence[Option],
        cont: Continuation,
        source: CardId | None = None,
        purpose: str = "",
    ) -> None:
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
                resolve_triggered(self, group)
                continue
            item = stack.pop()
            item[0](self, item)

    # --- seating ------------------------------------------------------------------------

    def teammate(self, seat: Seat) -> Seat | None:
        return (seat + 2) % 4 if self.n == 4 else None

    def opponents(self, seat: Seat) -> list[Seat]:
        """Opponents still in the game, left one first."""
        if self.n == 2:
            return [1 - seat]
        return [s for s in ((seat + 1) % 4, (seat + 3) % 4) if not self.eliminated[s]]

    def _next_seat(self, seat: Seat) -> Seat:
        for step in range(1, self.n + 1):
            s = (seat + step) % self.n
            if not self.eliminated[s]:
                return s
        return seat

    # --- queries ------------------------------------------------------------------------

    @property
    def n_seats(self) -> int:
        return self.n

    def card(self, cid: object) -> CardDef:  # a driver's value, checked here
        """The CardDef of card id `cid`; CardIdError for anything that is not one (a negative
        id would silently index from the end)."""
        if type(cid) is int and cid >= 0:
            try:
                return self.cards[cid]
            except IndexError:
                pass
        raise CardIdError(self._no_card(cid))

    def _no_card(self, cid: object) -> str:  # a driver's value, checked here
        return f"no card {cid!r} in this game (card ids are ints 0 to {len(self.cards) - 1})"

    def _check_seat(self, seat: object) -> None:  # a driver's value, checked here
        if type(seat) is not int or not 0 <= seat < self.n:
            raise self._seat_error(seat)

    def _seat_error(self, seat: object) -> SeatError:  # a driver's value, checked here
        return SeatError(f"no seat {seat!r} in {self.rules} (seats are 0 to {self.n - 1})")

    def board(self) -> Board:
        """Current power, keyword bits and block restrictions of the creatures in play (rules 5,
        12 and 18), cached until it may have changed (see game.engine.board.compute_board for
        the tuple, game.engine.moves for when it is kept). Hot callers read
        `self.bc or self.board()`: the cache without a call (a built board is a non-empty tuple)."""
        bc = self.bc
        if bc is None:
            bc = self.bc = compute_board(self)
        return bc

    # The board's lists hold every card id, so these ask controller() whether it is in play.
    def power(self, cid: object) -> int:  # a driver's value, checked here
        if type(cid) is int and self.controller(cid) is not None:
            return (self.bc or self.board())[0][cid]
        raise CardIdError(self._not_in_play(cid))

    def keywords(self, cid: object) -> tuple[str, ...]:  # a driver's value, checked here
        if type(cid) is int and self.controller(cid) is not None:
            return keyword_names((self.bc or self.board())[1][cid])
        raise CardIdError(self._not_in_play(cid))

    def _not_in_play(self, cid: object) -> str:  # a driver's value, checked here
        if type(cid) is int and 0 <= cid < len(self.cards):
            return f"card {cid} ({self.cards[cid].name}) is not a creature in play"
        return self._no_card(cid)

    def can_act(self, seat: Seat) -> bool:
        return bool(self.hands[seat] or self.plays[seat])

    def distinct(self, pairs: Iterable[tuple[CardId, Seat]]) -> list[CardId]:
        """One card per class of interchangeable (card, seat) pairs (rule 19)."""
        seen: list[int] = []  # a list: the few keys cost less to scan than a set costs to build
        out: list[CardId] = []
        kidx = self.kidx
        exhausted = self.exhausted
        for c, s in pairs:
            # (definition, seat, exhausted) as one small int: ints below 257 are not allocated
            key = (kidx[c] << 3) + (s << 1) + (c in exhausted)
            if key not in seen:
                seen.append(key)
                out.append(c)
        return out

    def distinct_in(self, cids: Iterable[CardId], seat: Seat) -> list[CardId]:
        return self.distinct([(c, seat) for c in cids])

    def rng(self) -> Random:
        """A generator for one random event, derived from the game's seed."""
        self.rng_n += 1
        return seeded(self.seed * 1_000_003 + self.rng_n)

    def legal_blockers(self, attacker: CardId, attacker_seat: Seat, defender: Seat) -> list[CardId]:
        power, kw, restrictions, _, _ = self.bc or self.board()
        sneaky = kw[attacker] & SNEAKY
        limit = 0  # the highest power the restrictions in play stop from blocking this attacker
        for e, c, s in restrictions:
            lowest = e.block_limit(c, s, attacker, attacker_seat)
            if lowest > limit:
                limit = lowest
        out = []
        for b in self.plays[defender]:
            if sneaky and not kw[b] & SNEAKY:
                continue
            if power[b] > limit:
                out.append(b)
        return out

    # --- labels ---------------------------------------------------------------------------

    def zone_of(self, cid: CardId) -> tuple[str, Seat | None]:
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

    def option_for(self, label: object) -> Option:  # a driver's value, checked here
        """The pending option that a label names (see game.engine.labels for the grammar)."""
        from .labels import match_option

        return match_option(self, label)

    def view(self, seat: object) -> View:  # a driver's value, checked here
        """What `seat` may see (a View); SeatError for a seat this game does not have."""
        if type(seat) is not int or not 0 <= seat < self.n:  # _check_seat, without a call
            raise self._seat_error(seat)
        return (_make_view or _load_view())(self, seat)


# game.engine.view imports this module, so it is imported on the first view(); keeping it here
# spares every later view() an import statement (a third of a view's cost).
_make_view: Callable[[State, int], View] | None = None


def _load_view() -> Callable[[State, int], View]:
    global _make_view
    from .view import make_view

    _make_view = make_view
    return make_view
