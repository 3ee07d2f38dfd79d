"""Speech: the game said aloud for a player who cannot see the table (issue 25).

What it holds:

- ``sinks``: where an utterance goes. One small protocol (``speak(text, interrupt=False)``,
  ``stop()``, ``busy()``, ``name``, ``available``) and its outputs: the system's screen reader
  through ``accessible_output2`` (the optional extra ``pip install -e ".[speech]"``), Speech
  Dispatcher (``speechd`` module or ``spd-say``), macOS ``say``, a silent null sink with a
  one-line message, an in-memory recorder (tests), a one-line-per-utterance log file
  (``--speech-log FILE``) and a tee. A backend that blocks runs on a worker thread: speaking
  never stalls a frame.
- ``words``: the words, as pure functions over what one seat may see (a masked ``View``
  state and masked events): the log's lines, the decision and its options, the table, the
  hand, the last turn, a card's details, game over and why.
- ``narrator``: the ``Narrator`` the window drives (events, decisions, focus, the reading
  keys, the curtain, the Pace hold).
- ``text_line``: every utterance made one clean line.
- ``cli``: the ``--speech`` and ``--speech-log FILE`` flags for the app's parser;
  ``python -m game.speech`` narrates a computer game without the window.

Layer 6 (tests/tools/test_layers.py checks it): may import the standard library, game.common,
game.engine (events, views), game.cards (card text), game.words (the words the log uses too),
game.scenarios, game.learn, game.persist and game.ai (``python -m game.speech`` lets the computer
play); never game.net (the same layer), pygame or the window (game.ui).

Speech never reveals a hidden card: live readings come only from a seat's ``View`` and events
only as ``mask_event`` leaves them (tests/speech/test_speech_secrecy.py plays whole games to
check it).
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING

# Loaded when first used (PEP 562): the window's command line reads ``game.speech.cli`` before
# its first frame, and the narrator's words import the engine, which must wait until then
# (tests/ui/core/test_startup.py).
_WHERE = {
    "Narrator": "game.speech.narrator", "Seats": "game.speech.words",
    **{name: "game.speech.sinks" for name in ("LogSink", "NullSink", "RecordingSink", "Sink", "Tee",
                                              "ThreadedSink", "open_speech", "system_sink")},
}

if TYPE_CHECKING:
    from game.speech.narrator import Narrator
    from game.speech.sinks import (
        LogSink,
        NullSink,
        RecordingSink,
        Sink,
        Tee,
        ThreadedSink,
        open_speech,
        system_sink,
    )
    from game.speech.words import Seats

__all__ = [
    "LogSink", "Narrator", "NullSink", "RecordingSink", "Seats", "Sink", "Tee", "ThreadedSink",
    "open_speech", "system_sink",
]  # fmt: skip


def __getattr__(name: str) -> object:  # object: a class or function (typed above, for mypy)
    if name in _WHERE:
        return getattr(importlib.import_module(_WHERE[name]), name)
    raise AttributeError(f"module 'game.speech' has no attribute {name!r}")
