"""Where a game played on from a replay began: the link the replay list and the viewer show.

"Played on from: the replay of 2026-11-30 16:40, turn 6 (O)"; O (or a click on the line)
opens that replay in the viewer at that moment, the position the new game started from. The
replay is found by its seed (game.persist.branch.origin_files) and used only if its choices up
to the moment are the ones the new game started from; a replay pruned since (only
the newest are kept) is said so in one line, and nothing else changes.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.common.i18n import _
from game.persist.branch import is_origin, origin_files, origin_turn
from game.persist.rebuild import parent_record
from game.persist.record import RecordError
from game.persist.store import REPLAY_MAX_BYTES, read_record
from game.persist.summary import short_date

if TYPE_CHECKING:
    from game.persist.record import GameRecord
    from game.ui.core.context import AppContext

KEY = pygame.K_o


def has_origin(record: GameRecord | None) -> bool:
    return record is not None and record.start is not None


def origin_line(record: GameRecord, turn: int | None) -> str:
    """The link's words (``turn``: game.persist.branch.origin_turn's, None if unknown)."""
    when = short_date(parent_record(record))
    if turn is None:
        return _("Played on from: the replay of {date} (O opens it)").format(date=when)
    return _("Played on from: the replay of {date}, turn {number} (O opens it)").format(
        date=when, number=turn)


class OriginText:
    """The link's words for one record, the turn worked out once (it rebuilds the start)."""

    def __init__(self, record: GameRecord) -> None:
        self.record = record
        self.turn = origin_turn(record) if record.start is not None else None

    def __call__(self) -> str:
        return origin_line(self.record, self.turn)


def open_origin(ctx: AppContext, record: GameRecord) -> str | None:
    """The replay ``record`` was played on from, opened in the viewer at that moment; else the
    one line that says why not (nothing changes then)."""
    start = record.start
    if start is None:
        return _("This game was not played on from a replay.")
    gone = _("The replay this game was played on from is no longer kept.")
    if ctx.store is None:
        return gone
    parent, problem = None, None
    for path in origin_files(ctx.store.replay_files(), record):
        try:
            candidate = read_record(path, max_bytes=REPLAY_MAX_BYTES)
        except RecordError as exc:
            problem = _("{file} cannot be used: {reason}").format(file=path.name, reason=exc)
            continue
        # a game still going is never shown face up; another game of that seed is not it
        if candidate.finished and is_origin(candidate, record):
            parent = candidate
            break
    if parent is None:
        return problem or gone
    try:
        ctx.nav.replay(parent)
    except ValueError as exc:  # RecordError: an illegal choice found while laying it out
        return _("{file} cannot be used: {reason}").format(file=path.name, reason=exc)
    viewer = ctx.scenes.top
    goto = getattr(viewer, "goto", None)
    if goto is not None:
        goto(len(start.choices), 0)
    return None


__all__ = ["KEY", "OriginText", "has_origin", "open_origin", "origin_line"]
