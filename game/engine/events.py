"""Event records: one per visible change, returned by State.respond().

Card fields hold card ids. A seat may not see every card an event names: mask_event() hides
those (a card drawn by someone else becomes -1).
"""

from __future__ import annotations

from typing import NamedTuple, TypeAlias, overload

HIDDEN = -1


class GameStarted(NamedTuple):
    rules: str
    seats: int


class StartReveal(NamedTuple):
    seat: int
    card: int


class TurnStarted(NamedTuple):
    seat: int
    turn_no: int
    extra: bool


class Drawn(NamedTuple):
    seat: int
    cards: tuple[int, ...]


class Played(NamedTuple):
    seat: int
    card: int


class MindbugUsed(NamedTuple):
    seat: int
    card: int
    from_seat: int


class MindbugDeclined(NamedTuple):
    seat: int
    card: int


class EnteredPlay(NamedTuple):
    seat: int
    card: int
    how: str  # "played", "mindbug" or "effect"


class ControlChanged(NamedTuple):
    card: int
    from_seat: int
    to_seat: int


class AttackDeclared(NamedTuple):
    seat: int
    card: int


class Hunted(NamedTuple):
    seat: int
    attacker: int
    target: int


class Blocked(NamedTuple):
    seat: int
    blocker: int
    attacker: int


class NotBlocked(NamedTuple):
    seat: int
    attacker: int


class Combat(NamedTuple):
    attacker: int
    blocker: int
    attacker_power: int
    blocker_power: int


class Defeated(NamedTuple):
    seat: int
    card: int


class Exhausted(NamedTuple):
    seat: int
    card: int


class LifeChanged(NamedTuple):
    team: int
    old: int
    new: int


class Discarded(NamedTuple):
    seat: int
    card: int


class Stolen(NamedTuple):
    from_seat: int
    to_seat: int
    card: int


class ReturnedToHand(NamedTuple):
    seat: int
    cards: tuple[int, ...]


class AbilityTriggered(NamedTuple):
    seat: int
    card: int
    trigger: str


class AbilitySuppressed(NamedTuple):
    seat: int
    card: int
    by: int


class NothingToDo(NamedTuple):
    """A card's ability resolved with nothing to act on: no creature to take or defeat, an
    empty pile or hand, its condition not met. ``what`` says which, as the effect's purpose
    ("take control", "defeat", "put into play", "steal", "discard", "condition")."""

    seat: int
    card: int
    what: str


class OpponentChosen(NamedTuple):
    seat: int
    opponent: int


class TurnPassed(NamedTuple):
    from_seat: int
    to_seat: int


class PlayerEliminated(NamedTuple):
    seat: int


class RemovedFromGame(NamedTuple):
    """An eliminated player's cards leave the game (2v2): ``cards`` were in play (public),
    ``hand`` was the hand (hidden from the other seats, as any hand)."""

    seat: int
    cards: tuple[int, ...]
    hand: tuple[int, ...] = ()


class GameOver(NamedTuple):
    winner: int
    reason: str


#: Every event record the engine makes (State.respond returns a list of them).
Event: TypeAlias = (
    GameStarted
    | StartReveal
    | TurnStarted
    | Drawn
    | Played
    | MindbugUsed
    | MindbugDeclined
    | EnteredPlay
    | ControlChanged
    | AttackDeclared
    | Hunted
    | Blocked
    | NotBlocked
    | Combat
    | Defeated
    | Exhausted
    | LifeChanged
    | Discarded
    | Stolen
    | ReturnedToHand
    | AbilityTriggered
    | AbilitySuppressed
    | NothingToDo
    | OpponentChosen
    | TurnPassed
    | PlayerEliminated
    | RemovedFromGame
    | GameOver
)


@overload
def mask_event(event: Event, seat: int) -> Event: ...
@overload
def mask_event(event: object, seat: int) -> object: ...  # any event (others pass through)


def mask_event(event: object, seat: int) -> object:  # any event (others pass through)
    """The event as `seat` may see it (anything that is not an event record comes back as it
    is, for callers that hold records of unknown kind)."""
    if isinstance(event, Drawn) and event.seat != seat:
        return event._replace(cards=(HIDDEN,) * len(event.cards))
    if isinstance(event, Stolen) and seat not in (event.from_seat, event.to_seat):
        return event._replace(card=HIDDEN)
    if isinstance(event, RemovedFromGame) and event.seat != seat:
        return event._replace(hand=(HIDDEN,) * len(event.hand))
    return event
