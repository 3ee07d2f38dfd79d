"""No hidden card crosses the wire: every byte each client receives during whole games is
captured and checked against the engine's own view of that client's seat."""

from __future__ import annotations

import json

import pytest

from game.cards import load_cards
from game.engine import HIDDEN
from game.engine.state import STATE_MEMBERS
from game.net.viewcodec import box_cards, decode_event, decode_view, wire_event
from game.persist.rebuild import apply_choice, fresh_game
from game.persist.record import loads
from tests.support.net_helpers import CaptureProxy, join, start_host

DB = load_cards()
SEED = 730912406  # nine digits that occur nowhere else: the seed must not travel before the end
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


def check_capture(frames: list[dict], seat: int, others_tokens: list[str]) -> int:
    """Every frame a seat received, against the engine replaying the finished game."""
    kinds = [f["t"] for f in frames]
    assert kinds.count("over") == 1, kinds[-5:]
    end = kinds.index("over")
    assert set(kinds[end + 1:]) <= {"seats", "ping"}  # after the end: who left
    record = loads(frames[end]["replay"])
    assert record.seed == SEED
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
        assert frame["t"] in ("welcome", "state", "seats", "ping", "error"), frame["t"]
        assert str(SEED) not in text
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


def _tokens(frames: list[dict]) -> list[str]:
    return [f["token"] for f in frames if f["t"] == "welcome" and f["token"]]


@pytest.mark.parametrize("rules, seats, players", [
    ("1v1", ["remote", "remote"], [("Ada", "easy"), ("Bo", "random")]),
    ("2v2", ["remote", "remote", "remote", "computer:random"],
     [("Ada", "random"), ("Bo", "random"), ("Cleo", "easy")]),
])
def test_every_byte_a_client_receives_shows_only_what_its_seat_may_see(tmp_path, rules, seats,
                                                                        players):
    args = ["--rules", rules, "--seed", str(SEED)]
    for spec in seats:
        args += ["--seat", spec]
    host, port = start_host(tmp_path / "host", *args)
    proxies, clients = [], []
    try:
        for i, (name, level) in enumerate(players):
            proxy = CaptureProxy(port)
            proxies.append(proxy)
            clients.append(join(tmp_path / name, proxy.port, name, level))
            clients[-1].wait_line(f"SEATED seat={i}")
        for c in clients:
            assert c.wait() == 0
        assert host.wait() == 0
    finally:
        for p in (*clients, host):
            p.kill()
        for proxy in proxies:
            proxy.close()
    captures = [proxy.frames() for proxy in proxies]
    for seat, frames in enumerate(captures):
        others = [t for s, f in enumerate(captures) if s != seat for t in _tokens(f)]
        assert others  # the other seats' tickets exist, and none of them reached this seat
        assert check_capture(frames, seat, others) > 10
