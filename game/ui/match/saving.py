"""The match's side of saving: its autosave after every decision (attached when the match
scene is made, released when it is left) and what became of ``--record FILE``.

The window's save services (the store, the writer, locks) are game.ui.core.saves. Elsewhere
a scene is a match when its ``ctl`` is a ``MatchController`` (``match_of``): parts of the
match scene must not import the scene back.
"""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING

from game.common.i18n import _
from game.persist.session import MatchSaver
from game.ui.core import saves
from game.ui.match.controller import MatchController

if TYPE_CHECKING:
    from game.ui.core.context import AppContext
    from game.ui.core.seat import GameSeat


def match_of(scene: object) -> MatchController | None:  # any scene: read with getattr
    """The local game a scene plays (its controller), None for a network seat's match or any
    other scene."""
    ctl = getattr(scene, "ctl", None)
    return ctl if isinstance(ctl, MatchController) else None


def attach(ctx: AppContext, ctl: GameSeat) -> None:
    """Make a match's controller autosave after every decision (called by MatchScene); a
    network seat's game is kept by its host."""
    if not isinstance(ctl, MatchController):
        return
    saves.open_store(ctx)  # a match begun before the app's first frame (tests, benches)
    if ctx.store is not None and ctx.writer is not None and ctl.recordable:
        series = ctl.config.series  # a game of a best of 3 or 5: its replay is tagged
        tag = series.tag() if series is not None else None
        ctl.saver = MatchSaver(ctx.store, ctx.writer, ctx.record_path, ctl.game_id, tag)
        ctl.game_id = ctl.saver.game_id
    ctl.start_decisions = ctl.decision_no  # --quit-after counts from here


def detach(ctl: GameSeat) -> None:
    """The match scene is left: its game is free for other windows once its save is written."""
    if isinstance(ctl, MatchController) and ctl.saver is not None:
        ctl.saver.close()


def end_not_kept_lines(ctl: GameSeat) -> list[str]:
    """The finished game could not be kept in Replays (a full disk, a read-only data folder),
    ``--record FILE`` could not be written: exactly that, and where the game is kept if it is
    (nothing for a network seat's game: its host keeps it)."""
    saver = ctl.saver if isinstance(ctl, MatchController) else None
    if saver is None:
        return []
    saver.writer.flush(5.0)  # the game just ended: its replay and FILE are being written
    lines = []
    if saver.keep_error:
        lines.append(_("This game could not be kept in Replays ({reason}).").format(
            reason=saver.keep_error))
    if saver.record_path is not None and saver.record_error:
        if saver.keep_error:
            lines.append(_("The replay could not be written to {file} ({reason}).").format(
                file=saver.record_path, reason=saver.record_error))
        else:
            lines.append(_("The replay could not be written to {file} ({reason}); it is kept "
                           "in Replays.").format(file=saver.record_path,
                                                 reason=saver.record_error))
    return lines


def exit_status(ctl: GameSeat) -> int:
    """--exit-after-game: 0, or 1 (with the reason on stderr) if the game could not be kept in
    Replays or --record FILE could not be written."""
    failed = end_not_kept_lines(ctl)
    for line in failed:
        print(line, file=sys.stderr, flush=True)
    return 1 if failed else 0
