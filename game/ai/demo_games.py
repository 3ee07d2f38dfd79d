"""Finished computer-vs-computer games as records, headless and seeded: what the tests and
bench/codes.py encode. The window's demo mode plays the same way (one agent per seat, every
agent seeded), but through its match controller; this needs no window package."""

from __future__ import annotations

import hashlib
from typing import TYPE_CHECKING

from game.ai import make_agent
from game.common.i18n import LEVEL_NAMES
from game.engine import DEFAULT_SETUP, start_game
from game.persist.rebuild import choice_of, game_over_reason, load_db
from game.persist.record import Choice, GameRecord, Result, SeatInfo, card_fingerprint

if TYPE_CHECKING:
    from game.engine import CardDB, Setup

MAX_DECISIONS = 20000


def demo_seed(index: int, rules: str) -> int:
    """The engine seed of demo game ``index`` (stable across machines and versions)."""
    digest = hashlib.sha256(f"mindbug-demo:{rules}:{index}".encode()).digest()
    return int.from_bytes(digest[:8], "big") >> 1


def play_demo(seed: int, rules: str = "1v1", levels: tuple[str, ...] = ("easy",),
              db: CardDB | None = None, date: str = "2026-12-01T12:00:00Z",
              setup: Setup | None = None) -> GameRecord:
    """Play one game to its end, seat ``i`` played by ``levels[i % len(levels)]``; the record
    of it (mode "demo", seats named as the window names them). ``setup``: a 2v2 game's
    Mindbugs per player and sets (game.engine.variants), the default if None."""
    db = db if db is not None else load_db()
    setup = setup if setup is not None else DEFAULT_SETUP
    game, _opening = start_game(db, seed=seed, rules=rules, setup=setup)
    n = game.n_seats
    seat_levels = [levels[i % len(levels)] for i in range(n)]
    agents = [make_agent(seat_levels[i], seed + 7 * i + 1, reproducible=True) for i in range(n)]
    choices: list[Choice] = []
    last_events: list = []
    while game.winner is None and len(choices) < MAX_DECISIONS:
        d = game.pending
        assert d is not None  # a game without a winner waits for a decision
        agent = agents[d.seat]
        option = agent.act(game.view(d.seat) if agent.uses_view else None, d)
        choices.append(choice_of(game, option))
        last_events = game.respond(option, serial=d.serial)
    seats = tuple(SeatInfo("computer", lv, _seat_name(rules, i, lv))
                  for i, lv in enumerate(seat_levels))
    result = None
    if game.winner is not None:
        result = Result(game.winner, game_over_reason(last_events) or "", game.turn_no)
    return GameRecord(rules=rules, mode="demo", seed=seed, seats=seats, choices=tuple(choices),
                      cards=card_fingerprint(), date=date, result=result,
                      mindbugs=setup.mindbugs, sets=setup.sets)


def _seat_name(rules: str, seat: int, level: str) -> str:
    title = LEVEL_NAMES.get(level, level)
    if rules == "2v2":
        return f"{('Ada', 'Basil', 'Cleo', 'Dex')[seat]} ({title})"
    return f"Computer ({title})"
