"""Statistics from the kept replays (no pygame): how a person fares against each computer
level, how each card does, and the recent games.

"You" are the person in a game against the computer (mode "ai"): in 1v1 seat 0, in 2v2 the
team of the only person. 1v1 and 2v2 games are counted apart (``levels``, ``team_levels``). A card counts as played by the side whose "play" choice put it on the
stage (even if it was then Mindbugged away), and that side's team is the one whose win rate the
card shows.

Assisted games are counted apart: a game with a move taken back (``record.assisted``) or one
played on from a moment of another game (``record.start``) is not a whole game won or lost
unaided. ``compute(records)`` counts the others; ``compute(records, assisted=True)`` only those.

2v2 games of the variant's other set-ups (1 Mindbug per player, two sets shuffled together)
are counted apart too, one table per set-up (``setup_levels``): a win with one Mindbug each is
not a win of the recommended game. Their cards count by the names of their own deck (with two
sets a card id names another card than in one set).
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from game.persist.rebuild import load_db
from game.persist.record import GameRecord, card_fingerprint

if TYPE_CHECKING:
    from game.engine import CardDB


@dataclass
class LevelStats:
    level: str
    games: int = 0
    wins: int = 0
    best_streak: int = 0
    streak: int = 0  # the current run of wins (while counting, oldest game first)

    @property
    def win_rate(self) -> float:
        return self.wins / self.games if self.games else 0.0


@dataclass
class CardStats:
    name: str
    played: int = 0
    won: int = 0  # plays whose side went on to win

    @property
    def win_rate(self) -> float:
        return self.won / self.played if self.played else 0.0


@dataclass
class Statistics:
    """``levels``: 1v1 games by the computer's level; ``team_levels``: 2v2 games (a team with a
    computer partner against two computers), counted apart: a 2v2 win is not a 1v1 win."""

    levels: dict[str, LevelStats] = field(default_factory=dict)
    team_levels: dict[str, LevelStats] = field(default_factory=dict)
    #: 2v2 games of another set-up, by (Mindbugs per player, sets), then by level
    setup_levels: dict[tuple[int, int], dict[str, LevelStats]] = field(default_factory=dict)
    cards: dict[str, CardStats] = field(default_factory=dict)
    games: int = 0
    recent: list[GameRecord] = field(default_factory=list)  # newest first


def person_team(record: GameRecord) -> int | None:
    """The team of the one person in a game against the computer; None otherwise."""
    people = [i for i, s in enumerate(record.seats) if s.kind == "person"]
    if record.mode != "ai" or len(people) != 1:
        return None
    return people[0] % 2


def opponent_level(record: GameRecord) -> str | None:
    team = person_team(record)
    if team is None:
        return None
    for i, s in enumerate(record.seats):
        if i % 2 != team and s.level:
            return s.level
    return None


def card_names(db: CardDB | None = None, sets: int = 1) -> dict[int, str]:
    """Card id -> name. Ids are positions in the box, the same in every game of one card set
    (and of ``sets`` sets shuffled together)."""
    box = (db if db is not None else load_db()).box(sets)
    return {cid: d.name for cid, d in enumerate(box)}


def is_assisted(record: GameRecord) -> bool:
    """A move was taken back, or the game was played on from another game's moment."""
    return bool(record.assisted) or record.start is not None


def compute(records: Iterable[GameRecord], names: dict[int, str] | None = None,
            recent: int = 10, assisted: bool = False) -> Statistics:
    """``records`` oldest first (as Store.replay_files orders them); unfinished ones are skipped,
    and so are the assisted ones (or, with ``assisted``, all the others). They are gone through
    once and only the ``recent`` newest are kept: a generator that reads one file at a time
    keeps the memory to a few records however many there are."""
    if names is None:
        names = card_names()
    names_by_sets = {1: names}
    mine = card_fingerprint()
    stats = Statistics()
    newest: deque[GameRecord] = deque(maxlen=max(0, recent))
    for r in records:
        if r.result is None or is_assisted(r) != assisted:
            continue
        stats.games += 1
        _count_level(stats, r)
        if r.cards == mine:  # card ids of other card data name other cards
            if r.sets not in names_by_sets:
                names_by_sets[r.sets] = card_names(sets=r.sets)
            _count_cards(stats, r, names_by_sets[r.sets])
        newest.append(r)
    stats.recent = list(reversed(newest))
    return stats


def _count_level(stats: Statistics, r: GameRecord) -> None:
    level = opponent_level(r)
    if level is None:
        return
    assert r.result is not None  # only finished games are counted
    if not r.default_setup:
        table = stats.setup_levels.setdefault((r.mindbugs, r.sets), {})
    else:
        table = stats.team_levels if r.rules == "2v2" else stats.levels
    s = table.setdefault(level, LevelStats(level))
    s.games += 1
    if r.result.winner == person_team(r):
        s.wins += 1
        s.streak += 1
        s.best_streak = max(s.best_streak, s.streak)
    else:
        s.streak = 0


def _count_cards(stats: Statistics, r: GameRecord, names: dict[int, str]) -> None:
    assert r.result is not None  # only finished games are counted
    for c in r.choices:
        if c.verb != "play" or c.card not in names:
            continue
        name = names[c.card]
        s = stats.cards.setdefault(name, CardStats(name))
        s.played += 1
        if c.by % 2 == r.result.winner:  # 1v1: team = seat; 2v2: team = seat % 2
            s.won += 1
