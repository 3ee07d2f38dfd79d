"""The hosted game left unfinished, as the title and Games in progress see it: where the
window's host keeps its save, the save itself, the line that describes it and how to forget it.

Light on purpose (no sockets, no host): the title reads it after its first frame.
"""

from __future__ import annotations

from pathlib import Path

from game.common.i18n import _
from game.net.saves import HostSave, latest_host_save, network_dir, read_host_save, remove_file
from game.persist.rebuild import rebuild
from game.persist.record import RecordError
from game.persist.store import set_aside_broken


def hosted_root(store_root: Path | None) -> Path | None:
    """Where the host of this window keeps its save and its own replay copy."""
    return Path(store_root) / "network" / "hosted" if store_root is not None else None


def hosted_save(store_root: Path | None) -> tuple[HostSave | None, str | None]:
    """The hosted game left unfinished most recently (None if there is none or it is damaged),
    and the line that says a damaged one was set aside (never offered again), as a damaged
    local save is said (game.persist.store)."""
    root = hosted_root(store_root)
    path = latest_host_save(root) if root is not None else None
    if path is None:
        return None, None
    try:
        return read_host_save(path), None
    except RecordError as exc:
        return None, set_aside_broken(path, exc)


def network_line(saved: HostSave) -> str:
    """What Continue and Games in progress say of a hosted game left unfinished: that it is a
    network game, its rules, who played and the turn ("Network game, 1 vs 1: Ada, Basil, turn
    4")."""
    rules = _("1 vs 1") if saved.record.rules == "1v1" else _("2 vs 2")
    text = _("Network game, {rules}: {names}").format(
        rules=rules, names=", ".join(s.name for s in saved.seats))
    try:
        turn = rebuild(saved.record).game.turn_no
    except ValueError:  # read_host_save replayed it: not expected
        return text
    return text + ", " + _("turn {number}").format(number=turn)


def discard_hosted(saved: HostSave, store_root: Path | None) -> None:
    """Forget a hosted game left unfinished: its save and the tickets of the people here (the
    others' tickets only cost them a seat they can no longer find)."""
    if saved.path is not None:
        remove_file(saved.path)
    root = hosted_root(store_root)
    if root is not None:
        for ticket in network_dir(root).glob(f"own-{saved.game_id}-*.json"):
            remove_file(ticket)
