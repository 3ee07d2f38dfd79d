"""The pictures of How to play: small tables of real positions, drawn by the table's renderer.

Each picture is a position set up by the engine (``from_position``), sometimes played on by a
move or two so the engine itself is at the moment shown (a Mindbug offered, a block asked
for), and the marks that point at what the page is about. ``PAGE_PICTURES`` names a page's
picture by its (English) title; a page whose sections each have one (the keywords) maps its
section headings to pictures instead.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from game.engine import from_position
from game.ui.table.miniature import HAND, LIFE, TOKENS, Marks

if TYPE_CHECKING:
    from game.engine import CardDB, State

# A draw pile for each side, so the piles look like a game under way (hands refill from it).
_DECK = ["Turbo Bug", "Brain Fly", "Harpy Mother", "Snail Hydra", "Bee Bear", "Lone Yeti",
         "Kangasaurus Rex", "Tusked Extorter", "Plated Scorpion"]


@dataclass(frozen=True)
class Position:
    """A picture's position: the state, the seat at the bottom, and its marks."""

    state: State
    bottom: int
    marks: Marks
    keyword: str = ""  # the keyword the picture shows (its card carries it, shown large)
    card: int | None = None  # the card the picture is about

    def __post_init__(self) -> None:
        if self.keyword and self.card is not None and self.marks.zoom is None:
            # The keyword's card large beside its place, as a match zooms it: its keyword and
            # what it means readable in the picture.
            object.__setattr__(self, "marks", dataclasses.replace(self.marks, zoom=self.card))


def _id(g: State, seat: int, name: str) -> int:
    """The card id of ``name`` in ``seat``'s play area (or on the stage, or in hand)."""
    for zone in (g.plays[seat], g.hands[seat]):
        for cid in zone:
            if g.card(cid).name == name:
                return cid
    raise KeyError(name)


def _position(db: CardDB, seats: list[dict], turn: int = 0, rules: str = "1v1") -> State:
    for s in seats:
        s.setdefault("deck", list(_DECK))
    return from_position(db, seats, turn=turn, rules=rules)


def goal(db: CardDB) -> Position:
    """Your creature attacks the opponent's last life."""
    g = _position(db, [{"hand": ["Bee Bear", "Turbo Bug"], "play": ["Gorillion", "Brain Fly"]},
                       {"life": 1, "hand": ["Killer Bee"], "play": []}])
    a = _id(g, 0, "Gorillion")
    return Position(g, 0, Marks(outline=((a, "attacker"),), arrows=((a, (LIFE, 1)),)), card=a)


def play(db: CardDB) -> Position:
    """A card from your hand goes onto your side of the table."""
    g = _position(db, [{"hand": ["Bee Bear", "Turbo Bug", "Spider Owl", "Harpy Mother"],
                        "play": ["Brain Fly", "Luchataur"]},
                       {"hand": ["Killer Bee", "Gorillion"], "play": ["Tiger Squirrel"]}])
    card = _id(g, 0, "Luchataur")
    return Position(g, 0, Marks(outline=((card, "selected"),), arrows=(((HAND, 0), card),)), card=card)


def mindbug(db: CardDB) -> Position:
    """The opponent plays a card: you may spend a Mindbug to take it."""
    g = _position(db, [{"hand": ["Bee Bear", "Turbo Bug"], "play": ["Brain Fly"]},
                       {"hand": ["Gorillion", "Killer Bee"], "play": ["Tiger Squirrel"]}], turn=1)
    card = _id(g, 1, "Gorillion")
    g.respond(g.option_for("play Gorillion"))
    return Position(g, 0, Marks(arrows=(((TOKENS, 0), card),)), card=card)


def block(db: CardDB) -> Position:
    """Your creature attacks; the opponent's blocks it (the engine asks them now)."""
    g = _position(db, [{"hand": ["Bee Bear", "Turbo Bug"], "play": ["Giraffodile", "Brain Fly"]},
                       {"hand": ["Killer Bee"], "play": ["Harpy Mother", "Strange Barrel"]}])
    a, b = _id(g, 0, "Giraffodile"), _id(g, 1, "Strange Barrel")
    g.respond(g.option_for("attack Giraffodile"))
    return Position(g, 0, Marks(outline=((a, "attacker"), (b, "blocker")), arrows=((b, a),),
                             attacker=a, defender=b), card=a)


def frenzy(db: CardDB) -> Position:
    """Luchataur's first attack got through; Frenzy lets it attack again."""
    g = _position(db, [{"hand": ["Bee Bear", "Turbo Bug"], "play": ["Luchataur"]},
                       {"hand": ["Killer Bee"], "play": []}])
    a = _id(g, 0, "Luchataur")
    g.respond(g.option_for("attack Luchataur"))  # unblocked: the opponent has no creature
    return Position(g, 0, Marks(outline=((a, "attacker"),), arrows=((a, (LIFE, 1)),), attacker=a),
                 "Frenzy", a)


def hunter(db: CardDB) -> Position:
    """Killer Bee attacks and hunts the creature it wants to fight."""
    g = _position(db, [{"hand": ["Bee Bear", "Turbo Bug"], "play": ["Killer Bee"]},
                       {"hand": ["Gorillion"], "play": ["Harpy Mother", "Spider Owl"]}])
    a, t = _id(g, 0, "Killer Bee"), _id(g, 1, "Harpy Mother")
    g.respond(g.option_for("attack Killer Bee"))  # the engine asks whom it hunts
    return Position(g, 0, Marks(outline=((a, "attacker"), (t, "target")), arrows=((a, t),), attacker=a),
                 "Hunter", a)


def poisonous(db: CardDB) -> Position:
    """Gorillion attacks you; your poisonous Axolotl Healer blocks it and defeats it."""
    g = _position(db, [{"hand": ["Bee Bear", "Turbo Bug"], "play": ["Axolotl Healer"]},
                       {"hand": ["Killer Bee"], "play": ["Gorillion"]}], turn=1)
    a, b = _id(g, 1, "Gorillion"), _id(g, 0, "Axolotl Healer")
    g.respond(g.option_for("attack Gorillion"))  # the engine asks you to block
    return Position(g, 0, Marks(outline=((a, "attacker"), (b, "blocker")), arrows=((b, a),),
                             attacker=a, defender=b), "Poisonous", b)


def sneaky(db: CardDB) -> Position:
    """Tiger Squirrel attacks: the opponent's creatures are not Sneaky and cannot block it."""
    g = _position(db, [{"hand": ["Bee Bear", "Turbo Bug"], "play": ["Tiger Squirrel", "Brain Fly"]},
                       {"hand": ["Killer Bee"], "play": ["Gorillion", "Harpy Mother"]}])
    a = _id(g, 0, "Tiger Squirrel")
    dim = (_id(g, 1, "Gorillion"), _id(g, 1, "Harpy Mother"))
    return Position(g, 0, Marks(outline=((a, "attacker"),), dim=dim, arrows=((a, (LIFE, 1)),), attacker=a),
                 "Sneaky", a)


def tough(db: CardDB) -> Position:
    """Grave Robber survived a defeat: turned sideways (exhausted), still in play."""
    g = _position(db, [{"hand": ["Bee Bear", "Turbo Bug"], "play": [("Grave Robber", True), "Brain Fly"]},
                       {"hand": ["Killer Bee"], "play": ["Gorillion"]}], turn=1)
    card = _id(g, 0, "Grave Robber")
    return Position(g, 0, Marks(outline=((card, "selected"),)), "Tough", card)


def abilities(db: CardDB) -> Position:
    """Axolotl Healer's Play ability goes off as it comes into play."""
    g = _position(db, [{"life": 5, "hand": ["Bee Bear", "Turbo Bug"], "play": ["Brain Fly", "Axolotl Healer"]},
                       {"hand": ["Killer Bee"], "play": ["Harpy Mother"]}], turn=1)
    card = _id(g, 0, "Axolotl Healer")
    return Position(g, 0, Marks(glow=(card,), arrows=((card, (LIFE, 0)),)), card=card)


def team(db: CardDB) -> Position:
    """A 2v2 table: your teammate across, an opponent on each side."""
    g = _position(db, [{"hand": ["Bee Bear"], "play": ["Gorillion", "Brain Fly"]},
                       {"hand": ["Turbo Bug"], "play": ["Harpy Mother"]},
                       {"hand": ["Brain Fly"], "play": ["Luchataur"]},
                       {"hand": ["Killer Bee"], "play": ["Tiger Squirrel", "Spider Owl"]}], rules="2v2")
    return Position(g, 0, Marks())


#: A page's picture by its English title; a page with a picture per section maps its English
#: section headings. Controls has none: its page is a list of keys, read at full width.
PAGE_PICTURES: dict[str, Callable[[CardDB], Position] | dict[str, Callable[[CardDB], Position]]] = {
    "The Goal": goal,
    "Your Turn": play,
    "Mindbugs": mindbug,
    "Attacking": block,
    "Keywords": {"Frenzy": frenzy, "Hunter": hunter, "Poisonous": poisonous, "Sneaky": sneaky,
                 "Tough": tough},
    "Abilities": abilities,
    "Team Game (2v2)": team,
}


def picture_for(page: str, head: str) -> Callable[[CardDB], Position] | None:
    """The picture shown on ``page`` (English title) while section ``head`` (English) is in
    focus; None for a page without one."""
    found = PAGE_PICTURES.get(page)
    if isinstance(found, dict):
        return found.get(head) or next(iter(found.values()))
    return found
