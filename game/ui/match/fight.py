"""Whether a fight is worth picking as the gold default (what Enter takes), by the engine's
combat rules: the lower power is defeated, a tie defeats both, Poisonous always defeats, and a
ready Tough creature that would be defeated exhausts instead (rule 11; ``State.defeat``).

No pygame and no game state: the caller reads powers and keywords from the game. A new
player pressing Enter must not be led into losing a creature for nothing.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from game.engine import Decision, State

POISONOUS = "Poisonous"
TOUGH = "Tough"


@dataclass(frozen=True)
class Fighter:
    power: int
    keywords: tuple[str, ...] = ()
    exhausted: bool = False  # a Tough creature already exhausted is defeated as any other

    def survives_hit(self) -> bool:
        """A ready Tough creature exhausts instead of being defeated."""
        return TOUGH in self.keywords and not self.exhausted


def fighter(game: State, cid: int) -> Fighter:
    """A creature in play as it fights now (its power and keywords with every effect applied)."""
    return Fighter(game.power(cid), tuple(game.keywords(cid)), cid in game.exhausted)


def hits(a: Fighter, b: Fighter) -> tuple[bool, bool]:
    """(a is hit, b is hit) when a and b fight."""
    return (a.power <= b.power or POISONOUS in b.keywords,
            b.power <= a.power or POISONOUS in a.keywords)


def lost(a: Fighter, b: Fighter) -> tuple[bool, bool]:
    """(a leaves play, b leaves play) when a and b fight."""
    hit_a, hit_b = hits(a, b)
    return hit_a and not a.survives_hit(), hit_b and not b.survives_hit()


def block_is_sensible(attacker: Fighter, blocker: Fighter, life: int) -> bool:
    """Worth offering as the default: the blocker survives, or the attacker goes too (a win or
    a trade), or letting the attack through would lose the last life."""
    attacker_lost, blocker_lost = lost(attacker, blocker)
    return not blocker_lost or attacker_lost or life <= 1


def hunt_is_sensible(hunter: Fighter, prey: Fighter) -> bool:
    """Worth offering as the default: the prey leaves play and the hunter does not (a hunt that
    trades or loses is a choice for the player, not for Enter)."""
    hunter_lost, prey_lost = lost(hunter, prey)
    return prey_lost and not hunter_lost


def lone_pick_is_default(game: State, decision: Decision, card: int) -> bool:
    """A block, hunt or Frenzy decision with one card to pick: is picking it the gold default,
    rather than "Don't block" / "Don't hunt" / "End turn"? Other decisions: yes (the engine
    lists "yes" first)."""
    if decision.source is None:
        return True
    try:
        source = fighter(game, decision.source)
        picked = fighter(game, card)
    except Exception:  # a creature that is not in play (mid-change): keep the engine's order
        return True
    if decision.kind == "block":
        return block_is_sensible(source, picked, game.life[game.team_of(decision.seat)])
    if decision.kind == "hunt":
        return hunt_is_sensible(source, picked)
    if decision.kind == "frenzy":
        try:
            blockers = [fighter(game, b) for t in game.opponents(decision.seat)
                        for b in game.legal_blockers(decision.source, decision.seat, t)]
        except Exception:  # the engine could not say: keep its order
            return True
        return attack_is_sensible(source, blockers)
    return True


def attack_is_sensible(attacker: Fighter, blockers: list[Fighter]) -> bool:
    """Worth offering as the default (Frenzy's second attack): no creature that may block it
    would defeat it and live (a block that trades is the defender's loss too)."""
    return not any(lost(attacker, b) == (True, False) for b in blockers)
