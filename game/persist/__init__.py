"""Saves, replays and statistics: a game kept as its seed and choices (no pygame here).

- ``record``: the file format (GameRecord, dumps/loads, RecordError with one-line messages)
- ``rebuild``: a game rebuilt through the engine's public API from a record
- ``store``: the user data folder, the autosave, the kept replays
- ``writer``/``session``: saving off the frame path
- ``stats``: statistics over the kept replays
"""

from game.persist.record import Choice, GameRecord, RecordError, Result, SeatInfo

__all__ = ["Choice", "GameRecord", "RecordError", "Result", "SeatInfo"]
