"""The match's menus: the game-over box (rematch, main menu) and the pause menu.

The scene is reached through ``MenuHost`` (a Protocol), so this module does not import it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

from game.common.i18n import N_, _, ngettext
from game.ui.kit import theme
from game.ui.match import saving

if TYPE_CHECKING:
    from game.ui.core.context import AppContext
    from game.ui.core.match_config import MatchConfig
    from game.ui.kit.menu_overlay import MenuOverlay
    from game.ui.match.controller import MatchController


class MenuHost(Protocol):
    """What the menus need from the match scene."""

    ctx: AppContext
    ctl: MatchController
    config: MatchConfig  # who plays (its mode)

    def team_name(self, team: int) -> str: ...
    def card_name(self, cid: int) -> str: ...

    def rematch(self) -> None: ...
    def to_menu(self) -> None: ...


def why_line(sc: MenuHost) -> str:
    """Why the match ended, for the game-over box."""
    from game.persist.summary import end_cause, end_text

    ctl = sc.ctl
    winner = ctl.game.winner
    assert winner is not None  # asked once the game is over
    loser = sc.team_name(1 - winner)
    cause = end_cause(ctl.end_events, sc.card_name)
    return end_text(ctl.end_reason, loser, cause) + "."


def show_game_over(sc: MenuHost) -> None:
    from game.ui.kit.menu_overlay import MenuOverlay

    winner = sc.ctl.game.winner
    assert winner is not None  # shown once the game is over
    if sc.ctl.game.n_seats == 4:
        _team_game_over(sc, winner)
        return
    if sc.config.mode == "ai":
        won = winner == 0
        title = N_("You win!") if won else N_("You lose")
        sc.ctx.play_sound("win" if won else "loss")
        color = theme.GOOD if won else theme.DANGER
    else:
        title = _("{player} wins!").format(player=sc.team_name(winner))
        sc.ctx.play_sound("win")
        color = theme.ACCENT
    turns = sc.ctl.game.turn_no
    lines = [why_line(sc),  # "<name>'s life reached 0 (Killer Bee's attack)"
             ngettext("After {count} turn. Seed {seed}.", "After {count} turns. Seed {seed}.",
                      turns).format(count=turns, seed=sc.ctl.seed)]
    lines += [line for line in [saving.record_failed_line(sc.ctl)] if line]
    buttons = [(N_("Rematch"), sc.rematch), (N_("Main menu"), sc.to_menu)]
    _in_a_series(sc, buttons, lines)
    overlay: MenuOverlay | None = None
    if sc.ctl.recordable:
        buttons.insert(1, (N_("Watch replay"), lambda: sc.ctx.nav.replay(sc.ctl.record())))
        at = _moments_button(sc, buttons, 2)
        said = list(lines)  # the box's lines before a copy adds its own
        buttons.insert(at, (N_("Copy code"), lambda: _copy_code(sc, overlay, said)))
    overlay = MenuOverlay(sc.ctx, title, buttons, lines, color)
    sc.ctx.scenes.push(overlay)


def _moments_button(sc: MenuHost, buttons: list, at: int) -> int:
    """"Moments that decided it" (issue 26) at ``at``, for a game a person played: the replay
    with its win-estimate graph and biggest drops, analysed in the background. Returns where
    the next button goes."""
    if sc.config.mode not in ("ai", "hotseat"):
        return at
    buttons.insert(at, (N_("Moments that decided it"), lambda: sc.ctx.nav.moments(sc.ctl.record())))
    return at + 1


def _in_a_series(sc: MenuHost, buttons: list, lines: list[str]) -> None:
    """A game of a best of 3 or 5: the match's score first, and "Next game" for the rematch
    (nothing instead once the match is decided: a new one starts from New game)."""
    from game.ui.match.series import over_lines

    series = sc.config.series
    if series is None:
        return
    lines[:0] = over_lines(series, sc.team_name)
    if series.over:
        del buttons[0]
    else:
        buttons[0] = (N_("Next game"), lambda: sc.ctx.nav.next_in_series(sc.config))


def _copy_code(sc: MenuHost, overlay: MenuOverlay | None, lines: list[str]) -> None:
    """The finished game's replay code to the clipboard; the box says so (or why not). Only a
    finished game has a code (codes.encode refuses one under way: its seed shows every hand)."""
    from game.persist.codes import CodeError, encode
    from game.ui.kit.clipboard import copy_text

    if not sc.ctl.over or overlay is None:
        return
    try:
        said = copy_text(encode(sc.ctl.record())) or _("The replay code is on the clipboard.")
    except CodeError as exc:
        said = _("No replay code: {reason}").format(reason=exc)
    overlay.lines = [*lines, said]  # drawn (and fitted) at the next frame
    overlay.dirty = True


def _team_game_over(sc: MenuHost, winner: int) -> None:
    """2v2: the winning team and its players; "you" when the person at the table is on it."""
    from game.ui.kit.menu_overlay import MenuOverlay

    game = sc.ctl.game
    players = " & ".join(sc.ctl.team_players(winner))
    people = sc.ctl.humans
    if sc.config.mode == "ai":  # one person: say it to them
        won = game.team_of(min(people)) == winner
        title = N_("Your team wins!") if won else N_("Your team loses")
        color = theme.GOOD if won else theme.DANGER
        sc.ctx.play_sound("win" if won else "loss")
    else:
        title = _("{team} win!").format(team=players)
        color = theme.ACCENT
        sc.ctx.play_sound("win")
    turns = game.turn_no
    reason = N_("The other team ran out of life.") if game.life[1 - winner] <= 0 else \
        N_("Both players of the other team are out.")
    lines = [_("Winners: {team}.").format(team=players), reason,
             ngettext("After {count} turn. Seed {seed}.", "After {count} turns. Seed {seed}.",
                      turns).format(count=turns, seed=sc.ctl.seed)]
    lines += [line for line in [saving.record_failed_line(sc.ctl)] if line]
    buttons = [(N_("Rematch (same seats)"), sc.rematch), (N_("Main menu"), sc.to_menu)]
    _in_a_series(sc, buttons, lines)
    overlay: MenuOverlay | None = None
    if sc.ctl.recordable:
        said = list(lines)
        at = _moments_button(sc, buttons, 1)
        buttons.insert(at, (N_("Copy code"), lambda: _copy_code(sc, overlay, said)))
    overlay = MenuOverlay(sc.ctx, title, buttons, lines, color)
    sc.ctx.scenes.push(overlay)


def open_pause_menu(sc: MenuHost) -> None:
    from game.ui.kit.menu_overlay import MenuOverlay
    from game.ui.match.leave_prompt import ask_leave

    overlay: MenuOverlay | None = None

    def close() -> None:
        if overlay is not None:  # made before any button can be pressed
            sc.ctx.scenes.remove(overlay)

    overlay = MenuOverlay(sc.ctx, N_("Paused"), [(N_("Resume"), close),
                                                 (N_("How to play"), sc.ctx.nav.howto),
                                                 (N_("Settings"), sc.ctx.nav.settings),
                                                 (N_("Quit to main menu"),
                                              lambda: ask_leave(sc.ctx, sc.to_menu, overlay))],
                         esc=close)
    sc.ctx.scenes.push(overlay)
