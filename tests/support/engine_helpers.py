"""Helpers shared by the engine tests."""

from __future__ import annotations

import random
from collections import Counter
from functools import lru_cache

from game.cards import load_cards
from game.engine import Kind, State, new_game
from game.engine.board import compute_board
from game.engine.state import STATE_MEMBERS


@lru_cache(maxsize=1)
def db():
    return load_cards()


def snapshot(g) -> tuple:
    """Everything that makes up a game state, comparable with ==."""
    return (
        g.rules, [h[:] for h in g.hands], [d[:] for d in g.decks], [d[:] for d in g.discards],
        [p[:] for p in g.plays], g.out[:], g.mindbugs[:], g.life[:], g.eliminated[:],
        sorted(g.exhausted), g.known[:], g.limbo, g.active, g.turn_no, g.extra_turn, g.winner,
        g.pending, g.cont, g.stack[:], g.triggered[:], g.hold, g.seed, g.rng_n, g.serial,
    )  # fmt: skip


def check_invariants(g) -> None:
    """What must hold whenever the engine waits for a decision or has ended."""
    everything = []
    for zone in (g.hands, g.decks, g.discards, g.plays):
        for cards in zone:
            everything.extend(cards)
    everything.extend(g.out)
    if g.limbo != -1:
        everything.append(g.limbo)
    counts = Counter(everything)
    assert sorted(counts) == list(range(len(g.cards))), "a card is missing or invented"
    assert all(n == 1 for n in counts.values()), "a card is in two places"
    assert all(0 <= m <= 2 for m in g.mindbugs)
    in_play = {c for p in g.plays for c in p}
    assert g.exhausted <= in_play, "an exhausted card that is not in play"
    cached = g.board()
    fresh = compute_board(g)
    # every entry, in play or not: a board kept while creatures come and go (game.engine.moves)
    # must hold what a fresh one holds
    assert (list(cached[0]), list(cached[1]), *cached[2:]) == (
        list(fresh[0]), list(fresh[1]), *fresh[2:]
    ), "the cached board differs from a fresh computation"
    for c in in_play:
        assert g.power(c) >= 1
    if g.winner is None:
        assert all(life > 0 for life in g.life)
        d = g.pending
        assert d is not None
        assert not g.eliminated[d.seat]
        if d.kind != Kind.ACTION:
            assert len(d.options) >= 2, f"a decision without a real choice was asked: {d}"
        assert len(set(map(id, d.options))) == len(d.options)
        if not g.hold:
            for s in range(g.n):
                assert len(g.hands[s]) >= 5 or not g.decks[s], "a hand was not refilled"
    else:
        assert g.pending is None
        loser = 1 - g.winner
        assert g.life[loser] <= 0 or not any(
            g.can_act(s) for s in range(g.n) if g.team_of(s) == loser
        ) or g.n == 4


def random_game(seed: int, rules: str = "1v1", cap: int = 3000, check: bool = True):
    """Play a seeded random game; return (state, event log, decisions taken)."""
    g = new_game(db(), seed, rules)
    rng = random.Random(seed * 7 + 1)
    log = []
    steps = 0
    while g.winner is None:
        if check:
            check_invariants(g)
        options = g.pending.options
        log.extend(g.respond(options[rng.randrange(len(options))]))
        steps += 1
        assert steps < cap, f"seed {seed}: no winner after {cap} decisions"
    if check:
        check_invariants(g)
    return g, log, steps


def fields(g: State) -> dict:
    """Every slot of a State, lists copied (so later play cannot change the record)."""
    out = {}
    for name in STATE_MEMBERS:  # a compiled State has no __slots__
        value = getattr(g, name)
        if isinstance(value, list):
            value = [v[:] if isinstance(v, list) else v for v in value]
        elif isinstance(value, set):
            value = set(value)
        out[name] = value
    return out
