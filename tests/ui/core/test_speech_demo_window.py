"""``python -m game --demo --seed 3 --speed 6 --exit-after-game --speech --speech-log FILE``
(issue 25): the window's demo plays to its end and the speech log holds every turn's header,
every event line and the game over. A demo has no person: it speaks as an onlooker of seat 0's
side, so the lines expected are the events of the demo's own replay (``--record``) reduced to
what seat 0 may see, in the log's words."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from game.persist.rebuild import rebuild
from game.persist.record import loads
from game.speech import Seats
from game.speech import words as speech_words

ROOT = Path(__file__).resolve().parents[3]


def test_the_demo_speaks_every_turn_every_event_and_the_end(tmp_path):
    log, replay = tmp_path / "said.txt", tmp_path / "demo.mindbug-replay"
    nowhere = tmp_path / "bin"  # no speech command on the PATH: the voice is silence here
    nowhere.mkdir()
    env = dict(os.environ, PYTHONPATH=str(ROOT), PATH=str(nowhere), MINDBUG_DATA_DIR=str(tmp_path / "data"))
    done = subprocess.run(
        [sys.executable, "-m", "game", "--demo", "--seed", "3", "--speed", "100", "--exit-after-game",
         "--speech", "--speech-log", str(log), "--record", str(replay),
         "--settings", str(tmp_path / "settings.json")],
        cwd=ROOT, env=env, capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr[-2000:]
    assert "GAME OVER" in done.stdout
    said = log.read_text(encoding="utf-8").splitlines()

    record = loads(replay.read_text(encoding="utf-8"))
    rebuilt = rebuild(record)
    seats = Seats([s.name for s in record.seats])
    events = rebuilt.opening + [ev for batch in rebuilt.events for ev in batch]
    expected = [line for ev in events
                if (line := speech_words.event_line(speech_words.shown_event(ev, (0,)),
                                                    rebuilt.game, seats))]
    at = 0
    for line in expected:  # every event line, in order (decision lines come between them)
        assert line in said[at:], f"{line!r} not said after line {at}: {said[at:at + 5]}"
        at = said.index(line, at) + 1
    turns = [ev for ev in events if type(ev).__name__ == "TurnStarted"]
    headers = [line for line in said if line.startswith("Turn ")]
    assert len(headers) == len(turns) == rebuilt.game.turn_no
    assert said[-1].startswith("Game over") and said[-1] == expected[-1]
    hands = {rebuilt.game.card(c).name for c in rebuilt.game.hands[1]}
    assert not any(f"draws {name}" in line for line in said for name in hands)
