"""The window's side of saves and replays: the store and writer on the context, the match's
autosave hook, the first scene for --resume and --replay, --quit-after, and the window close.

Kept out of app.py and match_scene.py so that those change by a few lines only. The match
scene is imported only where one is made (``resume_scene``); elsewhere a scene is a match when
its ``ctl`` is a ``MatchController`` (``match_of``), and the game-over lines take an
``EndedMatch`` (a Protocol).
"""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING, Protocol

from game.common.i18n import _

if TYPE_CHECKING:
    import argparse

    from game.persist.record import GameRecord
    from game.ui.core.context import AppContext
    from game.ui.core.scene import Scene
    from game.ui.match.controller import MatchController


class EndedMatch(Protocol):
    """What the game-over lines and "Watch replay" need from the match scene."""

    ctx: AppContext
    ctl: MatchController

    def team_name(self, team: int) -> str: ...
    def card_name(self, cid: int) -> str: ...


def match_of(scene: object) -> MatchController | None:
    """The match a scene plays (its controller), None for any other scene. A capability, not
    the scene's class: parts of the match scene must not import the scene back."""
    from game.ui.match.controller import MatchController

    ctl = getattr(scene, "ctl", None)
    return ctl if isinstance(ctl, MatchController) else None


def failed_save_line(ctx: object) -> str | None:
    """The last autosave failed: why (the OS's own words) and what leaving would cost, in the
    player's language (worded when drawn); None while saving works."""
    reason = getattr(getattr(ctx, "writer", None), "last_error", None)
    if not reason:
        return None
    return _("Could not save the game ({reason}): leaving now loses the last moves.").format(
        reason=reason)


def setup(ctx: AppContext, args: argparse.Namespace, store: bool = True) -> None:
    """Create the store and its writer thread (saving never happens on the frame path);
    ``store=False`` leaves that for ``open_store`` (the app opens it after its first frame)."""
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
    """Let the last save reach the disk before the process ends, then free its games."""
    if ctx.writer is not None:
        ctx.writer.close()
    if ctx.store is not None:
        ctx.store.saves.release_all()


def attach(ctx: AppContext, ctl: object) -> None:
    """Make a match's controller autosave after every decision (called by MatchScene)."""
    from game.persist.session import MatchSaver

    open_store(ctx)  # a match begun before the app's first frame (tests, benches)
    if ctx.store is not None and ctx.writer is not None and ctl.recordable:
        ctl.saver = MatchSaver(ctx.store, ctx.writer, ctx.record_path, ctl.game_id)
        ctl.game_id = ctl.saver.game_id
    ctl.start_decisions = ctl.decision_no  # --quit-after counts from here


def detach(ctl: object) -> None:
    """The match scene is left: its game is free for other windows once its save is written."""
    saver = getattr(ctl, "saver", None)
    if saver is not None:
        saver.close()


def record_failed_line(ctl: object) -> str | None:
    """``--record FILE`` could not be written: exactly that, and where the game is kept."""
    saver = getattr(ctl, "saver", None)
    if getattr(saver, "record_path", None) is None:
        return None
    saver.writer.flush(5.0)  # the game just ended: its replay and FILE are being written
    reason = saver.record_error
    if not reason:
        return None
    return _("The replay could not be written to {file} ({reason}); it is kept in Replays.").format(
        file=saver.record_path, reason=reason)


def exit_status(ctl: object) -> int:
    """--exit-after-game: 0, or 1 (with the reason on stderr) if --record FILE failed."""
    failed = record_failed_line(ctl)
    if failed:
        print(failed, file=sys.stderr, flush=True)
    return 1 if failed else 0


def claim(ctx: AppContext, record: GameRecord) -> str | None:
    """Hold a saved game's lock before it is continued; the reason it cannot be, else None."""
    if ctx.store is not None and record.game_id and not ctx.store.saves.claim(record.game_id):
        return _("This game is open in another window.")
    return None


def resume_scene(ctx: AppContext, record: GameRecord) -> Scene:
    """A match going on from a saved game; with --demo every seat is the computer's."""
    from game.ui.match.controller import config_for_record
    from game.ui.match.scene import MatchScene

    level = (ctx.demo_level or "easy") if ctx.demo else None
    return MatchScene(ctx, config_for_record(record, level), resume=record)


def first_scene(ctx: AppContext, args: argparse.Namespace) -> Scene | None:
    """The scene --resume or --replay starts with; None for the usual start. A file that
    cannot be used is one line: on stderr for a demo run (exit 1), else on the title."""
    from game.persist.record import RecordError
    from game.persist.store import read_record

    if getattr(args, "replay", None) is not None:
        try:
            record = read_record(args.replay, verify=True)
        except RecordError as exc:
            return _refuse(ctx, _("Cannot open the replay: {reason}").format(reason=exc))
        if not record.finished:
            return _refuse(ctx, unfinished_line(args.replay.name))
        return replay_viewer(ctx, record)
    if getattr(args, "resume", False):
        record, message = ctx.store.load_autosave()
        if record is None:
            return _refuse(ctx, message or _("There is no saved game to continue."))
        refused = claim(ctx, record)
        if refused:
            return _refuse(ctx, refused)
        return resume_scene(ctx, record)
    return None


def unfinished_line(name: str) -> str:
    return _("Cannot open the replay: {file} is a game in progress; continue it from the title "
             "(its hidden cards are not shown).").format(file=name)


def replay_viewer(ctx: AppContext, record: GameRecord) -> Scene:
    """The viewer on a finished game (it shows every hand: never a game still going)."""
    from game.ui.records.viewer import ReplayScene

    if not record.finished:
        raise ValueError("a game in progress is not shown as a replay")
    return ReplayScene(ctx, record, exit_at_end=ctx.exit_after_game)


def _refuse(ctx: AppContext, message: str) -> Scene | None:
    from game.ui.screens.menus import TitleScene

    if ctx.demo or ctx.exit_after_game:
        from game.common.safe_text import printable

        print(printable(message), file=sys.stderr)  # it may quote a file's name: escapes shown
        ctx.quit(1)
        return None
    return TitleScene(ctx, message)


def window_closed(ctx: AppContext) -> None:
    """The window's close button: ask before leaving a running match, else quit."""
    from game.ui.match.leave_prompt import ask_leave

    ask_leave(ctx, lambda: ctx.quit(0))


def check_quit_after(ctx: AppContext) -> None:
    """--quit-after N: once a match has answered N decisions, close as the window would
    (without the question: there is no one to answer it)."""
    if ctx.quit_after is None or not ctx.running:
        return
    for scene in ctx.scenes.stack:
        ctl = match_of(scene)
        if ctl is not None:
            done = ctl.decision_no - getattr(ctl, "start_decisions", 0)
            if done >= ctx.quit_after:
                print(f"QUIT after {done} decisions", flush=True)
                ctx.quit(0)


def why_line(sc: EndedMatch) -> str:
    """Why the match ended, for the game-over box."""
    from game.persist.summary import end_cause, end_text

    ctl = sc.ctl
    loser = sc.team_name(1 - ctl.game.winner)
    cause = end_cause(ctl.end_events, sc.card_name)
    return end_text(ctl.end_reason, loser, cause) + "."


def watch_replay(sc: EndedMatch) -> None:
    """Game over -> the replay viewer on this game; Back returns to the game-over box."""
    sc.ctx.nav.replay(sc.ctl.record())
