"""The secrecy audit both hosted games share (the LAN host's and the online server's): every
frame one seat received, checked against the engine replaying the finished game; and every
frame an online spectator received (``check_spectator_capture``: no seat's secret at all)."""

from __future__ import annotations

import copy
import json

from game.cards import load_cards
from game.engine import HIDDEN
from game.engine.state import STATE_MEMBERS
from game.net.viewcodec import box_cards, decode_event, decode_view, wire_event
from game.persist.rebuild import apply_choice, fresh_game
from game.persist.record import loads

DB = load_cards()
SLOTS = [s for s in STATE_MEMBERS if s not in ("bc", "ev")]


def _visible(view) -> set[int]:
    m = view.state
    zones = [*m.hands, *m.discards, *m.plays]
    return {c for z in zones for c in z if c != HIDDEN} | ({m.limbo} if m.limbo >= 0 else set())


def _card_ids(event) -> list[int]:
    fields = {"card", "cards", "attacker", "blocker", "target"}
    out = []
    for name, value in zip(event._fields, event):
        if name in fields:
            out += list(value) if isinstance(value, tuple) else [value]
    return [c for c in out if isinstance(c, int) and c >= 0]


def _ints_in_work_items(value, out: list[int]) -> list[int]:
    """Every int in the encoded decision and work items that could name a card: not an
    ability's place (``["r", ...]``) and not a decision's serial."""
    if type(value) is int:
        out.append(value)
    elif type(value) is list and value and value[0] in ("t", "l", "o"):
        for v in value[1:]:
            _ints_in_work_items(v, out)
    elif type(value) is list and value and value[0] == "d":
        _ints_in_work_items(value[3], out)  # its options
        _ints_in_work_items(value[5], out)  # its source card
    elif type(value) is list and value and value[0] not in ("r", "f"):
        for v in value:
            _ints_in_work_items(v, out)
    return out


def check_capture(frames: list[dict], seat: int, others_tokens: list[str], seed: int,
                  lobby: tuple[str, ...] = ()) -> int:
    """Every frame a seat received, against the engine replaying the finished game whose seed
    is ``seed`` (which no frame before the end may hold); ``lobby``: the kinds of frames a
    server sends before the seat's own (the online server's challenge, identity, room)."""
    kinds = [f["t"] for f in frames]
    assert kinds.count("over") == 1, kinds[-5:]
    end = kinds.index("over")
    assert set(kinds[end + 1:]) <= {"seats", "ping"}  # after the end: who left
    record = loads(frames[end]["replay"])
    assert record.seed == seed
    game, opening = fresh_game(record, DB)
    cards = box_cards(DB, [d.index for d in game.cards])
    events_of = {0: opening}  # decision_no -> the events that led there
    g = game
    views = [g.view(seat)]
    for i, choice in enumerate(record.choices):
        public = {c for p in g.plays for c in p}
        events_of[i + 1] = [wire_event(e, seat, public) for e in apply_choice(g, choice, i)]
        views.append(g.view(seat))
    events_of[0] = [wire_event(e, seat, set()) for e in opening]
    checked = 0
    for frame in frames[:end]:
        text = json.dumps(frame)
        assert frame["t"] in ("welcome", "state", "seats", "ping", "error", *lobby), frame["t"]
        assert str(seed) not in text
        assert "seed" not in text
        for token in others_tokens:
            assert token not in text
        if frame["t"] != "state":
            continue
        k = frame["decision_no"]
        engine_view = views[k]
        raw = frame["view"]
        assert raw["seat"] == seat
        assert all(type(n) is int for n in raw["decks"]) and type(raw["out"]) is int
        for s, hand in enumerate(raw["hands"]):  # read raw, without our decoder
            for c, true in zip(hand, engine_view.state.hands[s]):
                assert c == true
        got = decode_view(raw, DB, cards)
        for name in SLOTS:
            assert getattr(got.state, name) == getattr(engine_view.state, name), name
        assert got.unseen == engine_view.unseen
        # No card this seat cannot locate is named by the decision or the engine's work items
        # (small numbers are seats and counts, not only cards 0-3).
        items = [raw["pending"], raw["cont"], raw["stack"], raw["triggered"]]
        named = {c for c in _ints_in_work_items(items, []) if c > 3}
        assert not named & set(engine_view.unseen), named & set(engine_view.unseen)
        events = [decode_event(e) for e in frame["events"]]
        if events:
            assert events == events_of[k]
            may_see = _visible(views[max(k - 1, 0)]) | _visible(views[k])
            for ev in events:
                if type(ev).__name__ != "StartReveal":  # rule 2 shows these to everyone
                    assert set(_card_ids(ev)) <= may_see, ev
        checked += 1
    return checked


#: The fields of a spectator's view that hold nothing hidden: each as the engine's game has it.
PUBLIC = ("discards", "plays", "mindbugs", "life", "eliminated", "exhausted", "limbo", "active",
          "turn_no", "extra_turn", "winner", "serial")


def _hidden_cards(game) -> list[int]:
    return sorted([*(c for h in game.hands for c in h), *(c for d in game.decks for c in d),
                   *game.out])


def check_spectator_capture(frames: list[dict], seed: int, lobby: tuple[str, ...]) -> int:
    """Every frame a spectator received, against the engine replaying the finished game: each
    view holds every hand as hidden places, every pile as a count, no known card, no option and
    no work item naming a hidden card, the public fields as the game has them; each event is
    masked as for no seat. Returns how many state frames were checked."""
    kinds = [f["t"] for f in frames]
    assert kinds.count("over") == 1, kinds[-5:]
    end = kinds.index("over")
    record = loads(frames[end]["replay"])
    assert record.seed == seed
    game, opening = fresh_game(record, DB)
    cards = box_cards(DB, [d.index for d in game.cards])
    expected = []  # per decision_no: (the hidden cards, hand sizes, piles, public fields, visible)

    def snapshot(g) -> tuple:
        visible = {c for z in (*g.discards, *g.plays) for c in z} | (
            {g.limbo} if g.limbo >= 0 else set())
        return (_hidden_cards(g), [len(h) for h in g.hands], [len(d) for d in g.decks],
                len(g.out), {name: copy.deepcopy(getattr(g, name)) for name in PUBLIC}, visible)

    events_of = {0: [wire_event(e, -1, set()) for e in opening]}
    expected.append(snapshot(game))
    for i, choice in enumerate(record.choices):
        public = {c for p in game.plays for c in p}
        events_of[i + 1] = [wire_event(e, -1, public) for e in apply_choice(game, choice, i)]
        expected.append(snapshot(game))
    checked = 0
    for frame in frames[:end]:
        text = json.dumps(frame)
        assert frame["t"] in ("state", "seats", "ping", *lobby), frame["t"]
        assert str(seed) not in text and "seed" not in text
        if frame["t"] != "state":
            continue
        k = frame["decision_no"]
        hidden, hand_sizes, decks, out, fields, visible = expected[k]
        raw = frame["view"]
        assert [len(h) for h in raw["hands"]] == hand_sizes
        assert all(c == HIDDEN for h in raw["hands"] for c in h), raw["hands"]
        assert raw["decks"] == decks and raw["out"] == out  # counts, never lists
        assert set(raw["known"]) <= {0}, "a card known to a seat"
        assert raw["unseen"] == hidden
        assert raw["pending"] is None or raw["pending"][3] == [], raw["pending"]
        items = [raw["pending"], raw["cont"], raw["stack"], raw["triggered"]]
        named = {c for c in _ints_in_work_items(items, []) if c > 3}
        assert not named & set(hidden), named & set(hidden)
        got = decode_view(raw, DB, cards).state
        for name in PUBLIC:
            assert getattr(got, name) == fields[name], name
        events = [decode_event(e) for e in frame["events"]]
        if events:
            assert events == events_of[k]
            may_see = visible | expected[max(k - 1, 0)][5]
            for ev in events:
                if type(ev).__name__ != "StartReveal":  # rule 2 shows these to everyone
                    assert set(_card_ids(ev)) <= may_see, ev
        checked += 1
    return checked
