"""A seat's view and its events as wire data, and back into an engine ``View``.

The host encodes ``game.view(seat)``: what the engine says that seat may see. Hidden places
travel as counts (a draw pile is ``5``, never a list), another seat's hidden hand cards as
-1. The rest of the view (the pending decision and the engine's resumable work items, which
the engine's view hands to the computer players as they are) is encoded with tags:
``["t", ...]`` a tuple, ``["l", ...]`` a list, ``["o", verb, card, seat]`` an option,
``["d", ...]`` a decision, ``["c", card, seat, opponent]`` an effect's context
(game.engine.typed.EffectContext), ``["f", name]`` an engine function by name, ``["r", key]`` an
ability or effect of the card set by its place in the card data. Decoding only looks names
up in tables built from this program's own engine and cards: it never imports, evaluates or
unpickles anything, so a hostile host can at worst describe a wrong game, which the client's
computer player then misjudges (and the host refuses its picks).

A decoded view is a real ``View``: the computer players search it exactly as they search the
host's own, so a remote computer decides as a local one would.
"""

from __future__ import annotations

import importlib
import inspect
import pkgutil
import sys
from collections.abc import Callable, Sequence
from dataclasses import is_dataclass
from typing import TYPE_CHECKING, Any, NamedTuple, get_args

import game.engine as engine
from game.engine import (
    HIDDEN,
    Ability,
    Decision,
    EngineError,
    Kind,
    Option,
    View,
    events,
    mask_event,
    option,
)
from game.engine.typed import EffectContext
from game.engine.view import MaskedState
from game.net.protocol import ProtocolError

if TYPE_CHECKING:
    from typing import TypeAlias, TypeGuard

    from _typeshed import DataclassInstance

    from game.engine import CardDB, CardDef
    from game.engine.events import Event
    from game.engine.typed import Continuation, Trigger, WorkItem

#: A module-level function of the engine, as a work item or a continuation names it (each has
#: its own signature: the engine's work items say which).
EngineFunction = Callable[..., object]  # each engine function returns its own type
if TYPE_CHECKING:
    #: An ability or effect of the card data (a frozen dataclass), named by its place in it.
    CardPart: TypeAlias = DataclassInstance
    #: A value of a state's pending decision and work items, as the engine holds it.
    StateValue: TypeAlias = (None | bool | int | str | Option | Decision | EffectContext
                             | EngineFunction | CardPart | tuple["StateValue", ...]
                             | list["StateValue"])
    #: The same value as JSON: a plain value, or a tagged list (see the module's docstring).
    WireValue: TypeAlias = None | bool | int | str | Sequence["WireValue"]


class _CardParts(NamedTuple):
    """The abilities and effects of one card set, both ways (cached per card set)."""

    db: CardDB
    by_id: dict[int, str]  # id(part) -> key
    by_key: dict[str, CardPart]


_FUNCTIONS: dict[str, EngineFunction] | None = None
_REFS: dict[int, _CardParts] = {}  # by id(db)


def _functions() -> tuple[dict[str, EngineFunction], dict[int, str]]:
    """Every module-level function of the engine, by ``module.name`` (every module of the
    package, so that moving a function between the engine's modules cannot lose it)."""
    global _FUNCTIONS
    if _FUNCTIONS is None:
        found: dict[str, EngineFunction] = {}
        for info in pkgutil.iter_modules(engine.__path__):
            if info.name.endswith("__mypyc"):  # the compiled engine's shared library
                continue
            module = importlib.import_module(f"{engine.__name__}.{info.name}")
            short = module.__name__.rsplit(".", 1)[1]
            for name, obj in vars(module).items():
                # a function of the compiled engine (mypyc) is a built-in function
                if (inspect.isfunction(obj) or inspect.isbuiltin(obj)) \
                        and getattr(obj, "__module__", None) == module.__name__:
                    found[f"{short}.{name}"] = obj
        _FUNCTIONS = functions = found
    else:
        functions = _FUNCTIONS
    return functions, {id(f): k for k, f in functions.items()}


def _refs(db: CardDB) -> tuple[dict[int, str], dict[str, CardPart]]:
    """The abilities and effects of the card data by a key naming their place in it."""
    cached = _REFS.get(id(db))
    if cached is not None and cached.db is db:
        return cached.by_id, cached.by_key
    by_id: dict[int, str] = {}
    by_key: dict[str, CardPart] = {}

    def walk(value: object, key: str) -> None:  # object: any field of the card data
        if isinstance(value, tuple):
            for i, item in enumerate(value):
                walk(item, f"{key}.{i}")
        elif is_dataclass(value) and not isinstance(value, type):
            if id(value) not in by_id:
                by_id[id(value)] = key
                by_key[key] = value
            for name in value.__dataclass_fields__:
                walk(getattr(value, name, None), f"{key}.{name}")

    for i, cdef in enumerate(db.defs):
        walk(cdef, str(i))
    _REFS[id(db)] = _CardParts(db, by_id, by_key)
    return by_id, by_key


# ---------------------------------------------------------------------------------------------
# Values (the pending decision, work items)
# ---------------------------------------------------------------------------------------------
def encode_value(value: StateValue, db: CardDB) -> WireValue:
    if value is None or type(value) is bool or type(value) is int or type(value) is str:
        return value
    t = type(value)
    if type(value) is Option:
        return ["o", value.verb, value.card, value.seat]
    if type(value) is Decision:
        return ["d", value.seat, value.kind, [encode_value(o, db) for o in value.options],
                value.serial, value.source, value.purpose]
    if type(value) is tuple:
        return ["t", *(encode_value(v, db) for v in value)]
    if type(value) is EffectContext:
        return ["c", value.card, value.seat, value.opponent]
    if type(value) is list:
        return ["l", *(encode_value(v, db) for v in value)]
    funcs = _functions()[1]
    if id(value) in funcs:
        return ["f", funcs[id(value)]]
    refs = _refs(db)[0]
    if id(value) in refs:
        return ["r", refs[id(value)]]
    raise ValueError(f"cannot encode a {t.__name__} of the game's state")


def decode_value(data: object, db: CardDB) -> StateValue:  # object: JSON not checked yet
    if data is None or type(data) is bool or type(data) is int:
        return data
    if type(data) is str:
        return sys.intern(data)  # the engine compares some words with `is`
    if type(data) is not list or not data or type(data[0]) is not str:
        raise ProtocolError("a view holds a value of no known kind", "schema")
    tag, rest = data[0], data[1:]
    if tag == "t":
        return tuple(decode_value(v, db) for v in rest)
    if tag == "l":
        return [decode_value(v, db) for v in rest]
    if tag == "o" and len(rest) == 3:
        try:
            return option(*rest)
        except (EngineError, TypeError, ValueError):
            raise ProtocolError("a view holds an impossible option", "schema") from None
    if tag == "d" and len(rest) == 6:
        seat, kind, options, serial, source, purpose = rest
        if type(options) is not list or kind not in _KINDS or type(seat) is not int \
                or type(serial) is not int or type(purpose) is not str \
                or not (source is None or type(source) is int):
            raise ProtocolError("a view holds a malformed decision", "schema")
        opts = tuple(o for o in (decode_value(x, db) for x in options) if type(o) is Option)
        if len(opts) != len(options):
            raise ProtocolError("a view holds a malformed decision", "schema")
        return Decision(seat, _KINDS[kind], opts, serial, source, sys.intern(purpose))
    if tag == "c" and len(rest) == 3:
        card, seat, opponent = rest
        if type(card) is not int or type(seat) is not int \
                or not (opponent is None or type(opponent) is int):
            raise ProtocolError("a view holds a malformed effect context", "schema")
        return EffectContext(card, seat, opponent)
    if tag == "f" and len(rest) == 1 and rest[0] in _functions()[0]:
        return _functions()[0][rest[0]]
    if tag == "r" and len(rest) == 1 and type(rest[0]) is str and rest[0] in _refs(db)[1]:
        return _refs(db)[1][rest[0]]
    raise ProtocolError(f"a view holds an unknown value ({tag[:10]!r})", "schema")


def _kinds() -> dict[str, str]:
    return {v: v for k, v in vars(Kind).items() if not k.startswith("_")}


_KINDS = _kinds()


# ---------------------------------------------------------------------------------------------
# The view
# ---------------------------------------------------------------------------------------------
_COPIED = ("limbo", "active", "turn_no", "extra_turn", "winner", "hold", "serial", "dirty",
           "record_events")


def encode_view(view: View) -> dict[str, WireValue]:
    """Wire data for an engine View (the masked state and the unseen cards)."""
    m = view.state
    db = m.db
    return {
        "seat": view.seat,
        "rules": m.rules,
        "hands": [list(h) for h in m.hands],
        "decks": [len(d) for d in m.decks],
        "out": len(m.out),
        "discards": [list(d) for d in m.discards],
        "plays": [list(p) for p in m.plays],
        "mindbugs": list(m.mindbugs),
        "life": list(m.life),
        "eliminated": list(m.eliminated),
        "exhausted": sorted(m.exhausted),
        "known": list(m.known),
        "unseen": list(view.unseen),
        **{name: getattr(m, name) for name in _COPIED},
        "pending": encode_value(m.pending, db),
        "cont": encode_value(m.cont, db),
        "stack": [encode_value(item, db) for item in m.stack],
        "triggered": [encode_value(item, db) for item in m.triggered],
    }


def box_cards(db: CardDB, indices: list[int]) -> tuple[CardDef, ...]:
    """The card id -> definition table of a game from the welcome's definition indices."""
    box = db.box()
    if len(indices) == len(box) and all(d.index == i for d, i in zip(box, indices)):
        return box
    try:
        return tuple(db.defs[i] for i in indices)
    except (IndexError, TypeError):
        raise ProtocolError("the game names a card this card set lacks", "schema") from None


def _ids(value: object, n_cards: int, hidden_ok: bool = False) -> list[int]:  # object: JSON
    lo = -1 if hidden_ok else 0
    if type(value) is not list or len(value) > n_cards \
            or not all(type(c) is int and lo <= c < n_cards for c in value):
        raise ProtocolError("a view holds a card that is not in the game", "schema")
    return list(value)


def _per_seat(value: object, n: int) -> list[object]:  # object: JSON checked by the caller
    if type(value) is not list or len(value) != n:
        raise ProtocolError("a view does not list every seat", "schema")
    return value


def decode_view(data: dict[str, Any], db: CardDB, cards: tuple[CardDef, ...]) -> View:  # a wire view: JSON, checked while decoded
    # Any: the view as it came (JSON): every field is checked here before it is used
    """An engine View from wire data; ProtocolError for anything malformed."""
    if type(data) is not dict:
        raise ProtocolError("a view is not an object", "schema")
    try:
        rules = data["rules"]
        if rules not in ("1v1", "2v2"):
            raise ProtocolError("a view has unknown rules", "schema")
        n = 4 if rules == "2v2" else 2
        nc = len(cards)
        m = MaskedState.__new__(MaskedState)
        m.db = db
        m.set_cards(cards)
        m.rules = rules
        m.n = n
        m.hands = [_ids(h, nc, hidden_ok=True) for h in _per_seat(data["hands"], n)]
        m.decks = [[-1] * _count(d, nc) for d in _per_seat(data["decks"], n)]
        m.out = [-1] * _count(data["out"], nc)
        m.discards = [_ids(d, nc) for d in _per_seat(data["discards"], n)]
        m.plays = [_ids(p, nc) for p in _per_seat(data["plays"], n)]
        m.mindbugs = [_count(x, 9) for x in _per_seat(data["mindbugs"], n)]
        life = data["life"]
        if type(life) is not list or len(life) != 2 or not all(type(x) is int for x in life):
            raise ProtocolError("a view's life is malformed", "schema")
        m.life = list(life)
        m.eliminated = [bool(x) for x in _per_seat(data["eliminated"], n) if type(x) is bool]
        if len(m.eliminated) != n:
            raise ProtocolError("a view's eliminated seats are malformed", "schema")
        m.exhausted = set(_ids(data["exhausted"], nc))
        known = data["known"]
        if type(known) is not list or len(known) != nc \
                or not all(type(k) is int and 0 <= k < 16 for k in known):
            raise ProtocolError("a view's known cards are malformed", "schema")
        m.known = list(known)
        for name in _COPIED:
            value = data[name]
            if not (value is None or type(value) in (int, bool)):
                raise ProtocolError(f"a view's {name} is malformed", "schema")
            setattr(m, name, value)
        pending = decode_value(data["pending"], db)
        if not (pending is None or type(pending) is Decision):
            raise ProtocolError("a view's pending decision is malformed", "schema")
        m.pending = pending
        cont = decode_value(data["cont"], db)
        if not _is_continuation(cont):
            raise ProtocolError("a view's work items are malformed", "schema")
        m.cont = cont
        if type(data["stack"]) is not list or type(data["triggered"]) is not list:
            raise ProtocolError("a view's work items are malformed", "schema")
        m.stack = [item for item in (decode_value(x, db) for x in data["stack"])
                   if _is_work_item(item)]
        m.triggered = [item for item in (decode_value(x, db) for x in data["triggered"])
                       if _is_trigger(item)]
        if len(m.stack) != len(data["stack"]) or len(m.triggered) != len(data["triggered"]):
            raise ProtocolError("a view's work items are malformed", "schema")
        m.seed = 0
        m.rng_n = 0
        m.ev = None
        m.bc = None
        seat = data["seat"]
        if type(seat) is not int or not 0 <= seat < n:
            raise ProtocolError("a view names no seat of the game", "schema")
        unseen = _ids(data["unseen"], nc)
    except KeyError as exc:
        raise ProtocolError(f"a view lacks {str(exc)[:20]}", "schema") from None
    return View(seat, m, tuple(sorted(unseen)))


def _is_continuation(value: StateValue) -> TypeGuard[Continuation]:
    """A continuation's shape: an engine function, then its values (which it unpacks)."""
    return type(value) is tuple and len(value) >= 1 and _is_function(value[0])


def _is_work_item(value: StateValue) -> TypeGuard[WorkItem]:
    """A work item's shape: an engine function, then its values (which it unpacks)."""
    return type(value) is tuple and len(value) >= 1 and _is_function(value[0])


def _is_function(value: StateValue) -> bool:
    """A function, of Python or of the compiled engine (mypyc's are built-in functions); a
    decoded value is one only if _functions() named it."""
    return inspect.isfunction(value) or inspect.isbuiltin(value)


def _is_trigger(value: StateValue) -> TypeGuard[Trigger]:
    """A triggered ability waiting to resolve: (card, its controller, the ability)."""

    return type(value) is tuple and len(value) == 3 and type(value[0]) is int \
        and type(value[1]) is int and type(value[2]) is Ability


def _count(value: object, limit: int) -> int:  # object: JSON not checked yet
    if type(value) is not int or not 0 <= value <= limit:
        raise ProtocolError("a view holds an impossible count", "schema")
    return value


# ---------------------------------------------------------------------------------------------
# Events
# ---------------------------------------------------------------------------------------------
def _event_types() -> dict[str, type[Event]]:
    """Every kind of event record, by its class's name (the members of ``events.Event``)."""
    return {cls.__name__: cls for cls in get_args(events.Event)}


_EVENTS = _event_types()


def wire_event(event: Event, seat: int, public_before: set[int]) -> Event:
    """The event as ``seat`` may see it: the engine's mask_event, and, as a second lock on
    the hands, any card of an eliminated player's RemovedFromGame that was not in play
    before (``public_before``) is hidden from the other seats."""
    event = mask_event(event, seat)
    if type(event) is events.RemovedFromGame and event.seat != seat:
        event = event._replace(cards=tuple(c if c in public_before else HIDDEN
                                           for c in event.cards))
    return event


def encode_event(event: Event) -> list[WireValue]:
    return [type(event).__name__, *(list(v) if type(v) is tuple else v for v in event)]


def decode_event(data: object) -> Event:  # object: JSON not checked yet
    if type(data) is not list or not data or data[0] not in _EVENTS:
        raise ProtocolError("an event of no known kind", "schema")
    cls = _EVENTS[data[0]]
    fields = data[1:]
    if len(fields) != len(cls._fields):
        raise ProtocolError(f"a {data[0]} event has the wrong fields", "schema")
    values: list[int | bool | str | tuple[int, ...] | None] = []
    for v in fields:
        if type(v) is list:
            if not all(type(x) is int for x in v):
                raise ProtocolError(f"a {data[0]} event is malformed", "schema")
            v = tuple(v)
        elif not (v is None or type(v) in (int, bool, str)):
            raise ProtocolError(f"a {data[0]} event is malformed", "schema")
        values.append(sys.intern(v) if type(v) is str else v)
    return cls._make(values)
