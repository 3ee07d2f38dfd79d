"""Starting positions: a new dealt game, or a position given zone by zone (scenarios)."""

from __future__ import annotations

from itertools import repeat, starmap
from random import Random
from typing import TYPE_CHECKING, Any

from . import events as ev
from .carddefs import CardDB, CardDef
from .draws import sample, seeded
from .errors import SetupError
from .interned import ensure_event_ids
from .options import ensure_card_ids
from .state import State
from .turns import turn_start
from .variants import DEFAULT_SETUP, SET_CHOICES, check_setup

if TYPE_CHECKING:
    from .events import Event
    from .typed import Seat

CARDS_PER_PLAYER = 10  # 1v1: a 10-card draw pile; 2v2: 5 in hand + 5 in the pile (rule 20)
_BOXES: dict[tuple[int, int], tuple[CardDB, tuple[CardDef, ...]]] = {}
_new = tuple.__new__  # builds a named tuple without its Python-level __new__


def _box(db: CardDB, sets: int = 1) -> tuple[CardDef, ...]:
    box = _BOXES.get((id(db), sets))
    if box is None or box[0] is not db:
        box = (db, db.box(sets))
        _BOXES[(id(db), sets)] = box
    return box[1]


# The arguments a caller gives are typed `object` where they are checked here: compiled
# (build/compile_engine.py), an annotated argument is checked on entry with a bare TypeError,
# before the SetupError that names what is wrong.
def start_game(
    db: CardDB, seed: object, rules: object = "1v1", setup: object = DEFAULT_SETUP
) -> tuple[State, list[Event]]:
    """Shuffle, deal and pick the starting player (rules 1, 2 and 20); return the state and
    the events of the opening. ``setup`` is the 2v2 variant's choice of Mindbugs per player
    and sets in the deck (game.engine.variants); SetupError for one the rules lack."""
    rule_set = _check_rules(rules)
    return _start_game(db, _check_seed(seed), rule_set, setup)


def _start_game(db: CardDB, seed: int, rules: str, asked: object) -> tuple[State, list[Event]]:
    setup = check_setup(rules, asked)
    cards = _box(db, setup.sets)
    ensure_card_ids(len(cards))
    ensure_event_ids(len(cards))
    g = State(db, cards, rules, seed)
    if setup.mindbugs != 2:
        g.mindbugs = [setup.mindbugs] * g.n
    rng = seeded(seed)
    # Sorting by random keys is a uniform shuffle, several times faster than rng.shuffle;
    # starmap calls random() once per card in C (the same draws as a list comprehension).
    keys = list(starmap(rng.random, repeat((), len(cards))))
    ids = sorted(range(len(cards)), key=keys.__getitem__)
    n = g.n
    if len(ids) < n * CARDS_PER_PLAYER + n:
        raise SetupError(f"{len(ids)} cards are too few for {rules}")
    for s in range(n):
        g.decks[s] = ids[s * CARDS_PER_PLAYER : (s + 1) * CARDS_PER_PLAYER]
    g.out = ids[n * CARDS_PER_PLAYER :]
    opening: list[Event] = [_new(ev.GameStarted, (rules, n))]
    g.active = _starting_player(g, rng, opening)
    g.stack.append((turn_start,))
    events = g.start()
    return g, opening + events


def new_game(db: CardDB, seed: object, rules: object = "1v1", setup: object = DEFAULT_SETUP) -> State:
    rule_set = _check_rules(rules)
    return _start_game(db, _check_seed(seed), rule_set, setup)[0]


def _starting_player(g: State, rng: Random, opening: list[Event]) -> Seat:
    """Rule 2: everyone still in contention reveals a random unused card; highest power starts."""
    contenders = list(range(g.n))
    printed_power = g.ktab[0]
    while len(contenders) > 1:
        revealed = sample(rng, g.out, len(contenders))
        powers = [printed_power[c] for c in revealed]
        for seat, cid in zip(contenders, revealed):
            opening.append(_new(ev.StartReveal, (seat, cid)))
        best = max(powers)
        contenders = [s for s, p in zip(contenders, powers) if p == best]
    return contenders[0]


def from_position(
    db: CardDB,
    seats: object,  # a scenario's seats (YAML), checked here
    *,
    rules: object = "1v1",
    turn: object = 0,
    seed: object = 0,
    team_life: object = None,
    sets: object = 1,
) -> State:
    """A game set up zone by zone, then run to its first decision.

    Each seat is a dict with optional keys life (1v1; 2v2 uses team_life), mindbugs, hand,
    deck (top first), discard (card names) and play (names or (name, exhausted) pairs). Cards
    of the box (``sets`` First Contact sets shuffled together: 2 is a 2v2 set-up) that are not
    named are out of the game; naming more copies than the box holds adds cards (the scenario
    runner refuses that, as scenario-format.md says).

    A position is a game still running, waiting for a decision: a team at 0 life or less has
    already lost, so such a position is refused (SetupError naming the team), as is any value
    of the wrong type. Nothing is half set up: the error comes before the game exists.
    """
    rule_set = _check_rules(rules)  # the arguments are `object`: see start_game
    n = 4 if rule_set == "2v2" else 2
    if not isinstance(seats, (list, tuple)) or not all(isinstance(x, dict) for x in seats):
        raise SetupError("seats must be a list of dicts, one per seat")
    if len(seats) > n:
        raise SetupError(f"{rules} has {n} seats, not {len(seats)}")
    if type(turn) is not int or not 0 <= turn < n:
        raise SetupError(f"turn {turn!r} is not a seat of {rules} (0 to {n - 1})")
    first: Seat = turn
    seed_int = _check_seed(seed)
    specs: list[dict[str, Any]] = list(seats) + [{}] * (n - len(seats))
    for s, spec in enumerate(specs):
        _check_seat_spec(s, spec)
    life = _starting_life(rule_set, specs, team_life)
    if type(sets) is not int or sets not in SET_CHOICES:
        raise SetupError(f"sets must be 1 or 2, not {sets!r}")
    box_sets: int = sets
    if box_sets != 1 and rule_set != "2v2":
        raise SetupError("two sets shuffled together is a 2v2 set-up; 1v1 is played with one set")
    cards = list(_box(db, box_sets))
    free: dict[str, list[int]] = {}
    for cid, d in enumerate(cards):
        free.setdefault(d.name, []).append(cid)

    def take(name: str) -> int:
        try:
            d = db.by_name(name)
        except KeyError:
            raise SetupError(f"unknown card {name!r}") from None
        pool = free[d.name]
        if pool:
            return pool.pop(0)
        cards.append(d)
        return len(cards) - 1

    g = State(db, cards, rule_set, seed_int)
    for s, spec in enumerate(specs):
        g.hands[s] = [take(name) for name in spec.get("hand", [])]
        g.decks[s] = [take(name) for name in reversed(spec.get("deck", []))]
        g.discards[s] = [take(name) for name in spec.get("discard", [])]
        for entry in spec.get("play", []):
            name, exhausted = entry if isinstance(entry, tuple) else (entry, False)
            cid = take(name)
            g.plays[s].append(cid)
            if exhausted:
                g.exhausted.add(cid)
        g.mindbugs[s] = spec.get("mindbugs", 2)
    g.known = [0] * len(cards)
    for s in range(n):
        for cid in g.hands[s]:
            g.known[cid] = 1 << s
    g.life = life
    g.out = [cid for pool in free.values() for cid in pool]
    g.set_cards(cards)
    ensure_card_ids(len(cards))
    ensure_event_ids(len(cards))
    g.active = first
    g.stack.append((turn_start,))
    g.start()
    return g


_SEAT_KEYS = ("life", "mindbugs", "hand", "deck", "discard", "play")


def _check_seat_spec(seat: Seat, spec: dict[str, Any]) -> None:  # a scenario's seat: YAML, checked here
    """Refuse a seat description that is not what from_position documents."""
    unknown = set(spec) - set(_SEAT_KEYS)
    if unknown:
        raise SetupError(f"seat {seat}: unknown keys {sorted(map(str, unknown))}")
    mindbugs = spec.get("mindbugs", 2)
    if type(mindbugs) is not int or mindbugs < 0:
        raise SetupError(f"seat {seat}: mindbugs must be an int >= 0, not {mindbugs!r}")
    for zone in ("hand", "deck", "discard", "play"):
        names = spec.get(zone, [])
        if not isinstance(names, (list, tuple)):
            raise SetupError(f"seat {seat}: {zone} must be a list of card names")
        for entry in names:
            name = entry
            if zone == "play" and isinstance(entry, tuple):
                if len(entry) != 2 or not isinstance(entry[1], bool):
                    raise SetupError(f"seat {seat}: a creature in play is a name or (name, exhausted)")
                name = entry[0]
            if not isinstance(name, str):
                raise SetupError(f"seat {seat}: {zone} holds {name!r}, not a card name")


def _starting_life(rules: str, seats: list[dict[str, Any]], team_life: object) -> list[int]:  # a scenario's seat: YAML, checked here
    """Life per team, refusing a team that would already have lost (rule 4 / rule 23)."""
    if rules == "2v2":
        life = [3, 3] if team_life is None else team_life
        if not isinstance(life, (list, tuple)) or len(life) != 2:
            raise SetupError(f"team_life must be two numbers, not {team_life!r}")
        who = ["team 0 (seats 0 and 2)", "team 1 (seats 1 and 3)"]
    else:
        if team_life is not None:
            raise SetupError("team_life is for 2v2; in 1v1 give each seat its life")
        life = [seats[s].get("life", 3) for s in range(2)]
        who = ["seat 0", "seat 1"]
    for value, name in zip(life, who):
        if type(value) is not int:
            raise SetupError(f"{name}: life must be a whole number, not {value!r}")
        if value <= 0:
            raise SetupError(
                f"{name} has {value} life: a team at 0 life has already lost, and a position "
                "must be a game still running"
            )
    return list(life)


def _check_seed(seed: object) -> int:  # a driver's value, checked here
    """The seed must be an int: None would make Random() draw from the OS (a game that cannot
    be replayed), and a float or string breaks the per-event generators mid-game."""
    if type(seed) is not int:
        raise SetupError(f"seed must be an int, not {seed!r}")
    return seed


def _check_rules(rules: object) -> str:
    if rules != "1v1" and rules != "2v2":
        raise SetupError(f"unknown rules {rules!r} (use 1v1 or 2v2)")
    return "2v2" if rules == "2v2" else "1v1"
