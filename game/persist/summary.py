"""One-line descriptions of saved games, for the title's "Continue", the replay list, the
viewer and the game-over box. No pygame."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from game.common.i18n import LEVEL_NAMES, _, display_name, ngettext
from game.engine import events as events_mod
from game.persist.record import GameRecord

if TYPE_CHECKING:
    from game.engine import State



def team_name(record: GameRecord, team: int) -> str:
    names = [display_name(s.name) for s in record.seats]
    if record.rules == "1v1":
        return names[team]
    return f"{names[team]} & {names[team + 2]}"


def opponent_text(record: GameRecord) -> str:
    """"vs Hard", "Ann vs Bob", "Computer vs computer (Easy)"."""
    people = [s for s in record.seats if s.kind == "person"]
    levels = [s.level for s in record.seats if s.level]
    level = _(LEVEL_NAMES[levels[0]]) if levels and levels[0] in LEVEL_NAMES else (levels or [""])[0]
    if record.mode == "ai" and len(people) == 1:
        return _("vs {level}").format(level=level) + (f" ({setup_words(record)})"
                                                       if record.rules == "2v2" else "")
    if not people:
        return _("Computer vs computer ({level})").format(level=level)
    return _("{first} vs {second}").format(first=team_name(record, 0), second=team_name(record, 1))


def setup_words(record: GameRecord) -> str:
    """ "2v2", or "2v2, 1 Mindbug each, two sets" for a game of another set-up."""
    if record.default_setup:
        return "2v2"
    return _("{rules}, {mindbugs}, {deck}").format(
        rules="2v2", mindbugs=_("1 Mindbug each") if record.mindbugs == 1 else _("2 Mindbugs each"),
        deck=_("two sets") if record.sets == 2 else _("one set"))


def continue_line(record: GameRecord, game: State) -> str:
    """"vs Hard, turn 12, your life 2, theirs 3" for a game in progress."""
    life = list(game.life)
    you = next((i % 2 for i, s in enumerate(record.seats) if s.kind == "person"), None)
    if record.mode == "ai" and you is not None:
        score = _("your life {life}, theirs {other}").format(life=life[you], other=life[1 - you])
    else:
        score = _("life {first} and {second}").format(first=life[0], second=life[1])
    return _("{opponent}, turn {number}, {score}").format(opponent=opponent_text(record),
                                                          number=game.turn_no, score=score)


def result_line(record: GameRecord) -> str:
    """"Ann won in 14 turns" (or "unfinished")."""
    if record.result is None:
        return _("unfinished")
    r = record.result
    you = next((i % 2 for i, s in enumerate(record.seats) if s.kind == "person"), None)
    winner = team_name(record, r.winner)
    if record.mode == "ai" and you is not None:
        line = (ngettext("You won in {count} turn", "You won in {count} turns", r.turns) if r.winner == you
                else ngettext("You lost in {count} turn", "You lost in {count} turns", r.turns))
    elif winner in ("You", _("You")):  # a seat named "You": "Du gewann" is no German
        line = ngettext("You won in {count} turn", "You won in {count} turns", r.turns)
    else:
        line = ngettext("{player} won in {count} turn", "{player} won in {count} turns", r.turns)
    return line.format(player=winner, count=r.turns)


def end_text(reason: str | None, loser: str, cause: str | None = None) -> str:
    """Why the game ended, from the engine's GameOver reason."""
    you = loser in ("You", _("You"))  # the game-over box speaks to the player
    if reason == "life":
        line = _("Your life reached 0") if you else _("{player}'s life reached 0").format(player=loser)
        return line + (f" ({cause})" if cause else "")
    if reason == "no action":
        if you:
            return _("You have no card to play and no creature to attack with, so you lose")
        return _("{player} has no card to play and no creature to attack with, so loses").format(player=loser)
    if reason == "conceded":
        return _("You gave the game up") if you else _("{player} gave the game up").format(player=loser)
    if reason == "eliminated":
        return _("{team} have no card to play and no creature to attack with, so lose").format(team=loser)
    return _("{player} lost").format(player=loser)


def short_date(record: GameRecord) -> str:
    """"2026-11-30 16:40" (UTC) from the record's date."""
    return record.date.replace("T", " ")[:16] if record.date else "?"


def end_cause(events: list, card_name: Callable[[int], str]) -> str | None:
    """What dealt the last blow ("Killer Bee's attack", "Tusked Extorter's ability"), read from
    the events of the game's last decision; None if no card did."""
    cause = None
    for ev in events:
        kind = type(ev).__name__
        if kind == "AttackDeclared":
            cause = _("{card}'s attack").format(card=card_name(ev.card))
        elif kind == "AbilityTriggered":
            cause = _("{card}'s ability").format(card=card_name(ev.card))
        elif kind == "LifeChanged" and ev.new <= 0:
            return cause
    return None


@dataclass(frozen=True)
class SideStats:
    """What one side (a seat in 1v1, a team in 2v2) did over a game, for the game-over box."""

    played: int = 0  # cards played from hand
    mindbugs: int = 0  # Mindbugs used
    defeated: int = 0  # the other side's creatures defeated


def side_stats(events: list, team_of: Callable[[int], int], n_teams: int = 2) -> list[SideStats]:
    """Each side's counts over ``events`` (the whole game's, in order). A defeated creature
    counts for the side that did not own it."""
    played = [0] * n_teams
    mindbugs = [0] * n_teams
    defeated = [0] * n_teams
    for event in events:
        kind = type(event)
        if kind is events_mod.Played:
            played[team_of(event.seat)] += 1
        elif kind is events_mod.MindbugUsed:
            mindbugs[team_of(event.seat)] += 1
        elif kind is events_mod.Defeated and n_teams == 2:
            defeated[1 - team_of(event.seat)] += 1
    return [SideStats(played[t], mindbugs[t], defeated[t]) for t in range(n_teams)]
