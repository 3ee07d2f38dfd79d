"""The match's menus: the game-over box (rematch, watch replay, main menu) and the pause menu.

The game-over box of a game a person played starts the moments analysis in the background
(``ctx.nav.analyse_moments``) and fills in its "Biggest moment" lines when it is done; a
concession writes its own log line ("Ada concedes.").

The scene is reached through ``MenuHost`` (a Protocol), so this module does not import it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Protocol

from game.ai.moments import biggest, biggest_lines
from game.common.i18n import N_, _, ngettext
from game.persist.codes import CodeError, encode
from game.persist.summary import end_cause, end_text, side_stats
from game.ui.kit import gold, theme
from game.ui.kit.clipboard import copy_text
from game.ui.kit.menu_overlay import MenuOverlay
from game.ui.match import saving
from game.ui.match.ending import Ending, EndingScene
from game.ui.match.leave_prompt import ask_leave
from game.ui.match.series import over_lines, score_line
from game.words import texts

if TYPE_CHECKING:
    from game.engine import CardDef
    from game.ui.core.context import AppContext
    from game.ui.core.match_config import MatchConfig
    from game.ui.core.seat import GameSeat
    from game.ui.kit.menu_overlay import BoxButton, MenuOverlay
    from game.ui.match.controller import MatchController


class MenuHost(Protocol):
    """What the menus need from the match scene."""

    ctx: AppContext
    ctl: GameSeat
    config: MatchConfig  # who plays (its mode)

    def team_name(self, team: int) -> str: ...
    def card_name(self, cid: int) -> str: ...
    def log_words(self, words: Callable[[], str | None]) -> None: ...

    def rematch(self) -> None: ...
    def to_menu(self) -> None: ...


def why_line(sc: MenuHost) -> str:
    """Why the match ended, for the game-over box."""
    ctl = sc.ctl
    winner = ctl.winner
    assert winner is not None  # asked once the game is over
    loser = sc.team_name(1 - winner)
    cause = end_cause(ctl.end_events, sc.card_name)
    return end_text(ctl.end_reason, loser, cause) + "."


def show_game_over(sc: MenuHost) -> None:
    winner = sc.ctl.winner
    assert winner is not None  # shown once the game is over
    if sc.ctl.game.n_seats == 4:
        _team_game_over(sc, winner)
        return
    mood = "win"
    if sc.config.mode == "ai":
        won = winner == 0
        titles = [N_("You win!") if won else N_("You lose")]
        sc.ctx.play_sound("win" if won else "loss")
        color = theme.GOOD if won else theme.DANGER
        mood = "win" if won else "loss"
    else:
        titles = [_("{player} wins!").format(player=sc.team_name(winner)), N_("Victory!")]
        sc.ctx.play_sound("win")
        color = theme.ACCENT
    after, table = summary(sc)
    lines = [why_line(sc), after]  # "<name>'s life reached 0 (Killer Bee's attack)"
    lines += saving.end_not_kept_lines(sc.ctl)
    buttons = [(N_("Rematch"), sc.rematch), (N_("Main menu"), sc.to_menu)]
    _push_ending(sc, titles, buttons, lines, color, mood, table)


def winners_creatures(sc: MenuHost) -> list[CardDef]:
    """The winning side's creatures on the table at the end, in the order they lie."""
    game = sc.ctl.game
    winner = sc.ctl.winner
    out = []
    for seat in range(game.n_seats):
        if game.team_of(seat) != winner:
            continue
        for cid in game.plays[seat]:
            card = game.card(cid)
            if card is not None:
                out.append(card)
    return out


def _push_ending(sc: MenuHost, titles: list[str], buttons: list, lines: list[str], color, mood: str,
                 table: list[list[str]]) -> None:
    """The ending scene (the winners' creatures, the numbers, the biggest moment), with Watch
    replay and Copy code for a game that can be replayed, and a best-of match's score."""
    _in_a_series(sc, buttons, lines)
    overlay: EndingScene | None = None
    said: list[str] = []
    at = len(lines)
    watch, gone = _biggest_moment(sc, lines, said) if sc.ctl.recordable and _analysed(sc) \
        else (None, None)
    if sc.ctl.recordable:
        place = 1 if len(buttons) > 1 else 0  # after Rematch (or Next game), when there is one
        buttons.insert(place, (N_("Watch replay"), lambda: sc.ctx.nav.replay(_match(sc).record())))
        place = _moments_button(sc, buttons, place + 1)
        said[:] = lines  # the scene's lines before a copy adds its own
        buttons.insert(place, (N_("Copy code"), lambda: _copy_code(sc, overlay, said)))
    ending = Ending(titles=titles, lines=lines, table=table, creatures=winners_creatures(sc), mood=mood,
                    color=color, moment_at=at if watch is not None else None)
    overlay = EndingScene(sc.ctx, ending, buttons, seed=sc.ctl.seed or 0, watch=watch, on_leave=gone)
    sc.ctx.scenes.push(overlay)


def summary(sc: MenuHost) -> tuple[str, list[list[str]]]:
    """The game in short: how long it took, and a small table of what each side did."""
    ctl = sc.ctl
    game = ctl.game
    turns = game.turn_no
    stats = side_stats(_match(sc).whole_game_events(), game.team_of, 2)
    table = [["", *(sc.team_name(team) for team in range(2))],
             [N_("Cards played"), *(str(s.played) for s in stats)],
             [N_("Mindbugs used"), *(str(s.mindbugs) for s in stats)],
             [N_("Creatures defeated"), *(str(s.defeated) for s in stats)]]
    return ngettext("After {count} turn.", "After {count} turns.", turns).format(count=turns), table


def _analysed(sc: MenuHost) -> bool:
    """A game a person played (its moments are offered): against the computer, or hot seat."""
    return sc.config.mode in ("ai", "hotseat")


#: Held in the box's place until the background analysis answers (two lines: nothing moves then).
LOOKING = (N_("Biggest moment: looking for it…"), " ")


def _biggest_moment(sc: MenuHost, lines: list[str], said: list[str]) \
        -> tuple[Callable[[list[str]], bool], Callable[[], None]]:
    """Start the moments analysis in the background and hold two lines of the box for its
    biggest drop. Returns the watch (called by the box each frame, never waiting: it fills the
    lines in once the analysis is done; the Copy code button's lines follow) and what the box
    calls when it goes (the analysis stops unless the moments box took it over)."""
    record = _match(sc).record()
    job = sc.ctx.nav.analyse_moments(record)
    at = len(lines)
    lines.extend(LOOKING)
    people = [s for s in range(sc.ctl.game.n_seats) if sc.ctl.is_human(s)]

    def watch(shown: list[str]) -> bool:
        """True once the lines are filled in (the box then stops asking)."""
        if not job.done:
            return False
        found = biggest(job.result) if job.result is not None else None
        if found is None:
            words = [N_("Biggest moment: none, no decision of yours lost ground")
                     if job.result is not None else N_("Biggest moment: not found this time"), " "]
        else:
            seat, moment = found
            words = biggest_lines(moment, sc.ctl.name(seat) if len(people) > 1 else "")
        for target in (shown, said):
            if len(target) >= at + 2:
                target[at:at + 2] = words
        return True

    return watch, lambda: sc.ctx.nav.drop_moments(record)


def _moments_button(sc: MenuHost, buttons: list, at: int) -> int:
    """"Moments that decided it" (issue 26) at ``at``, for a game a person played: the replay
    with its win-estimate graph and biggest drops, analysed in the background. Returns where
    the next button goes."""
    if not _analysed(sc):
        return at
    buttons.insert(at, (N_("Moments that decided it"), lambda: sc.ctx.nav.moments(_match(sc).record())))
    return at + 1


def _in_a_series(sc: MenuHost, buttons: list, lines: list[str]) -> None:
    """A game of a best of 3 or 5: the match's score first, and "Next game" for the rematch
    (nothing instead once the match is decided: a new one starts from New game)."""
    series = sc.config.series
    if series is None:
        return
    lines[:0] = over_lines(series, sc.team_name)
    if series.over:
        del buttons[0]
        return
    buttons[0] = (N_("Next game"), lambda: sc.ctx.nav.next_in_series(sc.config))
    # Main menu would drop the match with its score (nothing lists a match between its games):
    # asked first, with the next game as the gold answer.
    buttons[:] = [(text, lambda: _ask_leave_match(sc), *rest) if text == "Main menu" else (text, action, *rest)
                  for text, action, *rest in buttons]


def _ask_leave_match(sc: MenuHost) -> None:
    """"Leave the match?" over the game-over box of a match not yet decided: leaving ends it
    (it cannot be continued later); Next game (gold) plays on; Esc goes back to the box."""
    series = sc.config.series
    box: MenuOverlay | None = None

    def back() -> None:
        if box is not None:
            sc.ctx.scenes.remove(box)

    def play_on() -> None:
        back()
        sc.ctx.nav.next_in_series(sc.config)

    lines = [score_line(series, sc.team_name) if series is not None else "",
             N_("Leaving ends the match here: it cannot be continued later.")]
    box = MenuOverlay(sc.ctx, N_("Leave the match?"),
                      [(N_("Next game"), play_on), (N_("Leave the match"), sc.to_menu, gold.DESTROYS),
                       (N_("Back (Esc)"), back)], [line for line in lines if line], theme.DANGER, esc=back)
    sc.ctx.scenes.push(box)


def _copy_code(sc: MenuHost, overlay: MenuOverlay | None, lines: list[str]) -> None:
    """The finished game's replay code to the clipboard; the box says so (or why not). Only a
    finished game has a code (codes.encode refuses one under way: its seed shows every hand)."""
    if not sc.ctl.over or overlay is None:
        return
    try:
        said = copy_text(encode(_match(sc).record())) or _("The replay code is on the clipboard.")
    except CodeError as exc:
        said = _("No replay code: {reason}").format(reason=exc.reason())
    overlay.lines = [*lines, said]  # drawn at the next frame, in the line held for it
    overlay.dirty = True


def _team_game_over(sc: MenuHost, winner: int) -> None:
    """2v2: the winning team and its players; "your team" when the people at the screen all
    play on one side (against computers, or two people as partners), the winners' names when
    people play on both sides."""
    game = sc.ctl.game
    players = " & ".join(sc.ctl.team_players(winner))
    people = sc.ctl.humans
    sides = {game.team_of(seat) for seat in people}
    mood = "win"
    if len(sides) == 1:  # the people at the screen are one side: say it to them
        won = sides == {winner}
        titles = [N_("Your team wins!") if won else N_("Your team loses")]
        color = theme.GOOD if won else theme.DANGER
        sc.ctx.play_sound("win" if won else "loss")
        mood = "win" if won else "loss"
    else:
        titles = [_("{team} win!").format(team=players), N_("Victory!")]
        color = theme.ACCENT
        sc.ctx.play_sound("win")
    conceded_by = _match(sc).conceded_by
    if conceded_by is not None:
        reason = _("{team} gave the game up.").format(team=sc.team_name(conceded_by))
    elif game.life[1 - winner] <= 0:
        reason = N_("The other team ran out of life.")
    else:
        reason = N_("Both players of the other team are out.")
    after, table = summary(sc)
    lines = [_("Winners: {team}.").format(team=players), reason, after]
    lines += saving.end_not_kept_lines(sc.ctl)
    buttons = [(N_("Rematch (same seats)"), sc.rematch), (N_("Main menu"), sc.to_menu)]
    _push_ending(sc, titles, buttons, lines, color, mood, table)


def open_pause_menu(sc: MenuHost, title: str = N_("Paused")) -> None:
    """``title``: a network game does not pause for the others, and says so."""
    overlay: MenuOverlay | None = None

    def close() -> None:
        if overlay is not None:  # made before any button can be pressed
            sc.ctx.scenes.remove(overlay)

    buttons = [(N_("Resume"), close)]
    giving_up = conceding_team(sc)
    if not sc.ctl.over and _local(sc):
        buttons.append((N_("Restart"), lambda: _ask_give_up(sc, overlay, restart=True)))
        if giving_up is not None:
            buttons.append((N_("Concede"), lambda: _ask_give_up(sc, overlay, restart=False)))
    buttons += [(N_("How to play"), sc.ctx.nav.howto), (N_("Settings"), sc.ctx.nav.settings),
                (N_("Quit to main menu"), lambda: ask_leave(sc.ctx, sc.to_menu, overlay))]
    overlay = MenuOverlay(sc.ctx, title, buttons, esc=close)
    sc.ctx.scenes.push(overlay)


def _local(sc: MenuHost) -> bool:
    """A game this window referees (not one joined over the network, whose host decides)."""
    return saving.match_of(sc) is not None


def _match(sc: MenuHost) -> MatchController:
    """The local game of a box only a local game shows (a network seat's game-over box is
    game.ui.net.match's; its pause menu offers no concession)."""
    match = saving.match_of(sc)
    assert match is not None, "a local game's box over a network seat"
    return match


def conceding_team(sc: MenuHost) -> int | None:
    """The side a concession gives up: the person's team against computers, the team of the
    person deciding now in hot seat; None when no person plays (a demo) or none decides."""
    ctl = sc.ctl
    if not _local(sc) or not ctl.humans or ctl.over:
        return None
    if sc.config.mode == "ai":
        return ctl.game.team_of(min(ctl.humans))
    seat = ctl.decider()
    return ctl.game.team_of(seat) if seat is not None and ctl.is_human(seat) else None


def _ask_give_up(sc: MenuHost, pause: MenuOverlay | None, restart: bool) -> None:
    """"Concede?" or "Restart?", asked in the pause menu's place: yes ends the game as a loss
    for the conceding side (and a restart deals a new game with the same seats)."""
    team = conceding_team(sc)
    box: MenuOverlay | None = None

    def stay() -> None:
        if box is not None:
            sc.ctx.scenes.remove(box)

    def yes() -> None:
        stay()
        if team is not None:
            _match(sc).concede(team)
            sc.log_words(lambda: texts.concedes(sc.team_name(team)))  # "Ada concedes."
        if restart:
            sc.rematch()

    lines = []
    if team is not None and sc.config.mode == "ai":
        lines = [N_("This game counts as a loss.")]
    elif team is not None:
        lines = [_("This game counts as a loss for {team}.").format(team=sc.team_name(team))]
    buttons: list[BoxButton]
    if restart:
        title = N_("Restart with a new deal?")
        buttons = [(N_("Restart"), yes, gold.DESTROYS), (N_("Keep playing (Esc)"), stay)]
    else:
        title = N_("Concede the game?")
        buttons = [(N_("Concede"), yes, gold.DESTROYS), (N_("Keep playing (Esc)"), stay)]
    box = MenuOverlay(sc.ctx, title, buttons, lines, theme.DANGER, esc=stay)  # gold: Keep playing
    sc.ctx.scenes.push(box)
    if pause is not None:
        sc.ctx.scenes.remove(pause)
