"""Nothing is told by sound alone (issue 25, item 6): every event the table plays a sound for
(a play, a Mindbug, an attack, a block, a defeat, an exhausted Tough creature, a life change)
also gets a line in the game log, and so a line in speech. The game's end, which plays the win
or loss sound, is the game-over box and its log line; the click is the player's own answer."""

from __future__ import annotations

import random

import pytest

from game.engine import events as engine_events
from game.engine.setup import start_game
from game.speech import Seats
from game.speech import words as speech_words
from game.ui.table import animator
from game.words import texts
from tests.support.engine_helpers import db

SOUNDING = {cls for cls, sound in animator.SOUNDS.items() if sound is not None} | {
    engine_events.LifeChanged,  # its effect plays "life_loss" or "life_gain"
    engine_events.GameOver,  # the game-over box plays "win" or "loss"
}


@pytest.mark.parametrize("rules,seed", [("1v1", s) for s in range(1, 7)] + [("2v2", s) for s in (7, 8, 9)])
def test_every_event_with_a_sound_also_has_words(rules, seed):
    g, opening = start_game(db(), seed, rules)
    rng = random.Random(seed)
    seen: set[type] = set()
    seats = Seats([f"Player {s + 1}" for s in range(g.n_seats)])
    events = list(opening)
    while g.pending is not None:
        d = g.pending
        events += g.respond(d.options[rng.randrange(len(d.options))], serial=d.serial)
    for ev in events:
        if type(ev) not in SOUNDING:
            continue
        seen.add(type(ev))
        line = texts.describe(ev, seats.name, lambda cid: g.card(cid).name, seats.team_name)
        assert line, f"{type(ev).__name__} has a sound but no log line: {ev}"
        for seat in range(g.n_seats):  # and speech says it to every seat, as each may see it
            assert speech_words.event_line(speech_words.shown_event(ev, (seat,)), g, seats)
    assert engine_events.Played in seen and engine_events.GameOver in seen
