"""Saves, replays and statistics: a game kept as its seed and choices (no pygame here).

- ``record``: the file format (GameRecord, dumps/loads, RecordError with one-line messages)
- ``rebuild``: a game rebuilt through the engine's public API from a record
- ``store``: the user data folder, the autosave, the kept replays
- ``writer``/``session``: saving off the frame path
- ``stats``: statistics over the kept replays

Layer 4 (tests/tools/test_layers.py checks it): may import game.common, game.engine, game.cards, game.words,
game.scenarios, game.learn; never game.ai (the computer replays and analyses records, not the
other way round: the demo games live in ``game.ai.demo_games``), pygame or game.ui.
"""

from game.persist.record import Choice, GameRecord, RecordError, Result, SeatInfo

__all__ = ["Choice", "GameRecord", "RecordError", "Result", "SeatInfo"]
