"""The card gallery's figures from the kept replays (no pygame): per card, how often it was
played, how often a Mindbug stole it, and in how many games it won the game for its side.

Definitions (each replay is rebuilt through the engine and its events read):

- played: ``Played`` events, one per card played from a hand (either side's, the computer's
  too); a card then stolen by a Mindbug still counts as played.
- stolen: ``MindbugUsed`` events: the card a Mindbug took as it was played.
- won: games in which at least one copy of the card was in play on the winning team's side
  at the end of the game (under the control of a seat of that team). A card defeated
  earlier, however useful, does not count; one that was stolen counts for the side that
  ends with it.
- games: games in which the card was played or in play at the end.

Replays of other card data (a different fingerprint) are skipped: their card ids name other
cards. Unfinished or unreadable ones are skipped too.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from game.persist.rebuild import check_result, load_db, rebuild
from game.persist.record import GameRecord, RecordError, card_fingerprint

if TYPE_CHECKING:
    from game.engine import CardDB


@dataclass(frozen=True)
class GameFacts:
    """What one finished game says about its cards (card names, repeated per event)."""

    played: tuple[str, ...]
    stolen: tuple[str, ...]
    on_winning_side: frozenset[str]


@dataclass
class GalleryEntry:
    name: str
    played: int = 0
    stolen: int = 0
    won: int = 0
    games: int = 0


@dataclass
class Gallery:
    cards: dict[str, GalleryEntry] = field(default_factory=dict)  # every card of the set
    games: int = 0  # replays counted


def facts_of(record: GameRecord, db: CardDB | None = None) -> GameFacts | None:
    """The facts of one finished replay; None if it is unfinished, of other card data, or
    does not replay."""
    if record.result is None or record.cards != card_fingerprint():
        return None
    try:
        rebuilt = rebuild(record, db if db is not None else load_db())
        check_result(record, rebuilt.game)
    except RecordError:
        return None
    game = rebuilt.game
    played, stolen = [], []
    for events in rebuilt.events:
        for ev in events:
            kind = type(ev).__name__
            if kind == "Played":
                played.append(game.card(ev.card).name)
            elif kind == "MindbugUsed":
                stolen.append(game.card(ev.card).name)
    winners = frozenset(game.card(cid).name for seat in range(game.n_seats)
                        if game.team_of(seat) == game.winner for cid in game.plays[seat])
    return GameFacts(tuple(played), tuple(stolen), winners)


def gallery(facts: Iterable[GameFacts | None], names: Iterable[str]) -> Gallery:
    """Sum up the games' facts; ``names`` lists the set's cards (each gets an entry, also one
    never seen). Pure: no engine, no files."""
    out = Gallery({n: GalleryEntry(n) for n in names})
    for f in facts:
        if f is None:
            continue
        out.games += 1
        seen = set(f.played) | f.on_winning_side
        for name in f.played:
            _entry(out, name).played += 1
        for name in f.stolen:
            _entry(out, name).stolen += 1
        for name in f.on_winning_side:
            _entry(out, name).won += 1
        for name in seen:
            _entry(out, name).games += 1
    return out


def _entry(out: Gallery, name: str) -> GalleryEntry:
    return out.cards.setdefault(name, GalleryEntry(name))


def card_set_names(db: CardDB | None = None) -> list[str]:
    """The set's card names in box order, each once."""
    db = db if db is not None else load_db()
    return list(dict.fromkeys(d.name for d in db.defs))


def gallery_of_replays(records: Iterable[GameRecord], db: CardDB | None = None) -> Gallery:
    """``gallery`` over kept replays (rebuilds each: about 10 ms a game)."""
    db = db if db is not None else load_db()
    return gallery((facts_of(r, db) for r in records), card_set_names(db))
