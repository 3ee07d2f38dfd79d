"""Every game seat keeps one contract (game.ui.core.seat.GameSeat), in the spirit of OpenSpiel's
random_sim_test: the same seeded games played through the bare engine, through the window's
local game (``MatchController``) and through a loopback network seat (a ``game.net`` Host on
127.0.0.1, the window's ``NetSession`` and ``NetController``, or ``SharedScreenController`` for
two people at one screen) end with the same record: the seed, every choice, the result.

A person's answer is drawn from a generator seeded by the game and the number of decisions
before it, from the options the seat is offered; a computer seat plays its level as it does in
each place (the engine reference through game.net.players.decide, the host's own computer).
The local and the network games are driven by one loop over a ``GameSeat`` only.
"""

from __future__ import annotations

import random
import threading
import time
from collections.abc import Callable
from pathlib import Path

import pytest

from game.engine import Decision, Option
from game.persist.record import Choice, Result
from game.ui.core.seat import GameSeat

TIMEOUT = 120.0  # a whole game on a loaded machine; a healthy one takes a few seconds

#: (rules, seed, who plays each seat: "person" or a computer level)
GAMES = [
    ("1v1", 3, ("person", "easy")),
    ("1v1", 17, ("person", "random")),
    ("1v1", 2024, ("person", "easy")),
    ("2v2", 11, ("person", "easy", "person", "random")),
]

#: What the three must agree on: the seed, the choices and the result.
Outcome = tuple[int, tuple[Choice, ...], Result | None]


def person_pick(seed: int, decision: Decision, decision_no: int) -> Option:
    """A person's answer: one of the offered options, drawn from the game's own generator."""
    return random.Random(f"{seed}:{decision_no}").choice(list(decision.options))


def bare_engine(rules: str, seed: int, players: tuple[str, ...]) -> Outcome:
    """The reference: the engine alone, every record entry written out here."""
    from game.cards import load_cards
    from game.engine import start_game
    from game.net.players import decide

    game, _opening = start_game(load_cards(), seed=seed, rules=rules)
    choices: list[Choice] = []
    events: list = []
    while game.winner is None:
        decision = game.pending
        assert decision is not None
        who = players[decision.seat]
        if who == "person":
            option = person_pick(seed, decision, len(choices))
        else:
            option = decide(who, seed, decision.seat, len(choices), game.view(decision.seat))
        choices.append(Choice(decision.seat, option.verb, option.card, option.seat,
                              game.label(option)))
        events = game.respond(option, serial=decision.serial)
    over = [e for e in events if type(e).__name__ == "GameOver"]
    return seed, tuple(choices), Result(game.winner, over[-1].reason, game.turn_no)


def drive(seat: GameSeat, seed: int, take_news: Callable[[], object] = lambda: None,
          finished: Callable[[], bool] = lambda: True) -> None:
    """Play ``seat`` to the end as the match scene does: a person's decision answered through
    ``respond``, a computer's through ``start_ai`` / ``ai_ready`` / ``take_ai_option``, news
    from elsewhere taken between answers."""
    end = time.monotonic() + TIMEOUT
    while not (seat.over and finished()):
        assert time.monotonic() < end, "the game did not end"
        take_news()
        decision = seat.pending
        if decision is not None and not seat.over and seat.is_human(decision.seat):
            seat.respond(person_pick(seed, decision, seat.decision_no))
            continue
        if decision is not None and not seat.over:
            seat.start_ai()
            if seat.ai_ready(0.0):
                seat.respond(seat.take_ai_option())
                continue
        time.sleep(0.002)  # a computer thinks here or elsewhere, or the host's news is on its way


def outcome_of(seat: GameSeat) -> Outcome:
    record = seat.record()
    assert record is not None, "no record of the finished game"
    return record.seed, record.choices, record.result


def local_controller(rules: str, seed: int, players: tuple[str, ...]) -> Outcome:
    from game.ui.core.match_config import MatchConfig, computer, person
    from game.ui.match.controller import MatchController

    seats = [person(f"P{i}") if who == "person" else computer(who)
             for i, who in enumerate(players)]
    ctl = MatchController(MatchConfig.for_seats(seats, rules=rules, seed=seed))
    drive(ctl, seed)
    return outcome_of(ctl)


def network_seat(rules: str, seed: int, players: tuple[str, ...], root: Path) -> Outcome:
    from game.net.host import Host
    from game.net.seats import SeatSpec
    from game.ui.net.controller import NetController, SharedScreenController
    from game.ui.net.session import NetSession

    host = Host(rules, seed, [SeatSpec(remote=True) if who == "person" else
                              SeatSpec(remote=False, level=who) for who in players],
                bind="127.0.0.1", port=0, store_root=root / "host", log=lambda _line: None)
    port = host.listen()
    thread = threading.Thread(target=host.run, daemon=True)
    thread.start()
    sessions: dict[int, NetSession] = {}
    try:
        for seat, who in enumerate(players):
            if who != "person":
                continue
            session = NetSession("127.0.0.1", port, f"P{seat}",
                                 store_root=root / f"client{seat}")
            session.start()
            wait_for(lambda s=session: s.seat is not None, "a seat")  # type: ignore[misc]
            assert session.seat == seat  # the host seats its joiners in order
            sessions[seat] = session
        wait_for(lambda: all(s.status == "playing" and s.states for s in sessions.values()),
                 "the game to begin")
        ctl = (SharedScreenController(sessions) if len(sessions) > 1
               else NetController(next(iter(sessions.values()))))
        drive(ctl, seed, ctl.absorb,
              lambda: all(s.status == "over" for s in sessions.values()))
        result = outcome_of(ctl)
        assert ctl.winner == (result[2].winner if result[2] is not None else None)
        return result
    finally:
        for session in sessions.values():
            session.stop()
        host.stop()
        thread.join(30)
        for session in sessions.values():
            session.join(30)


def wait_for(predicate: Callable[[], bool], what: str) -> None:
    end = time.monotonic() + TIMEOUT
    while not predicate():
        assert time.monotonic() < end, f"timed out waiting for {what}"
        time.sleep(0.005)


@pytest.mark.parametrize(("rules", "seed", "players"), GAMES,
                         ids=[f"{rules}-seed{seed}" for rules, seed, _ in GAMES])
def test_the_engine_the_local_game_and_a_network_seat_keep_the_same_record(
        rules, seed, players, tmp_path, monkeypatch):
    monkeypatch.setenv("MINDBUG_LOOPBACK_ONLY", "1")
    reference = bare_engine(rules, seed, players)
    assert reference[2] is not None and reference[1], "the reference game did not end"
    assert local_controller(rules, seed, players) == reference
    assert network_seat(rules, seed, players, tmp_path) == reference


def test_a_seat_that_keeps_a_different_record_is_caught():
    """The comparison can fail: one choice answered otherwise is a different record."""
    rules, seed, players = GAMES[0]
    reference = bare_engine(rules, seed, players)
    other = bare_engine(rules, seed + 1, players)
    assert other != reference
    assert local_controller(rules, seed + 1, players) != reference
