"""The save services the window uses: the store and its writer thread on the context, the lock
on a game about to be continued, the words for a failed autosave, --quit-after, and the last
save reaching the disk at close.

Saving never happens on the frame path: the writer is a thread (game.persist.writer). The
match's own side (its autosave hook, --record FILE) is game.ui.match.saving.
"""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING

from game.common.i18n import _

if TYPE_CHECKING:
    import argparse

    from game.persist.record import GameRecord
    from game.ui.core.context import AppContext


def setup(ctx: AppContext, args: argparse.Namespace, store: bool = True) -> None:
    """Create the store and its writer thread; ``store=False`` leaves that for ``open_store``
    (the app opens it after its first frame)."""
    if store:
        open_store(ctx)
    ctx.record_path = getattr(args, "record", None)
    ctx.quit_after = getattr(args, "quit_after", None)


def open_store(ctx: AppContext) -> None:
    """The store and its writer, once (importing them takes a while: not before the first frame)."""
    if ctx.store is not None:
        return
    from game.persist.store import Store
    from game.persist.writer import BackgroundWriter

    ctx.store = Store()
    ctx.writer = BackgroundWriter()


def shutdown(ctx: AppContext) -> None:
    """Let the last save reach the disk before the process ends, then free its games. A last
    save that failed is said on stderr too (the window may be gone, or never seen: a command
    line's --quit-after, a SIGTERM)."""
    if ctx.writer is not None:
        ctx.writer.close()
        line = lost_moves_line(ctx)
        if line:
            print(line, file=sys.stderr, flush=True)
    if ctx.store is not None:
        ctx.store.saves.release_all()


def claim(ctx: AppContext, record: GameRecord) -> str | None:
    """Hold a saved game's lock before it is continued; the reason it cannot be, else None."""
    if ctx.store is not None and record.game_id and not ctx.store.saves.claim(record.game_id):
        return _("This game is open in another window.")
    return None


def failed_save_line(ctx: AppContext) -> str | None:
    """The last autosave failed: why (the OS's own words) and what leaving would cost, in the
    player's language (worded when drawn); None while saving works."""
    reason = ctx.writer.last_error if ctx.writer is not None else None
    if not reason:
        return None
    return _("Could not save the game ({reason}): leaving now loses the last moves.").format(
        reason=reason)


def lost_moves_line(ctx: AppContext) -> str | None:
    """The last autosave failed and the window closes: the moves since the last good one are
    lost. None while saving works."""
    reason = ctx.writer.last_error if ctx.writer is not None else None
    if not reason:
        return None
    return _("Could not save the game ({reason}): its last moves are lost.").format(reason=reason)


def check_quit_after(ctx: AppContext) -> None:
    """--quit-after N: once a match has answered N decisions, close as the window would
    (without the question: there is no one to answer it)."""
    if ctx.quit_after is None or not ctx.running:
        return
    for scene in ctx.scenes.stack:
        done = scene.decisions_answered()
        if done is not None and done >= ctx.quit_after:
            print(f"QUIT after {done} decisions", flush=True)
            if ctx.writer is not None:
                ctx.writer.flush()  # the last decision's save: its failure is said at close
            ctx.quit(1 if lost_moves_line(ctx) else 0)
