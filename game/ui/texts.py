"""Plain words for the log and the prompt line. No pygame.

``names`` maps a seat to a display name; ``card_name`` maps a card id to its name.
"""

from __future__ import annotations

from collections.abc import Callable

Names = Callable[[int], str]
CardName = Callable[[int], str]


_SECOND_PERSON = {
    "plays": "play", "draws": "draw", "uses": "use", "lets": "let", "attacks": "attack",
    "blocks": "block", "does": "do", "loses": "lose", "gains": "gain", "discards": "discard",
    "steals": "steal", "reveals": "reveal", "takes": "take", "is": "are", "wins!": "win!", "goes": "go",
    "picks": "pick",
}


def agree(line: str | None) -> str | None:
    """"You plays" -> "You play": the log speaks to the player in vs-computer games."""
    if not line:
        return line
    words = line.split(" ")
    for i in range(len(words) - 1):
        # "You use a Mindbug and takes": a second verb joined by "and" has the same subject.
        subject = words[i] == "You" or (words[i] == "and" and words[0] == "You")
        if subject and words[i + 1] in _SECOND_PERSON:
            words[i + 1] = _SECOND_PERSON[words[i + 1]]
    return " ".join(words)


def describe(ev: object, who: Names, card: CardName, team_name: Names) -> str | None:
    """One log line for an engine event, or None if it is not worth a line."""
    return agree(_describe(ev, who, card, team_name))


def _describe(ev: object, who: Names, card: CardName, team_name: Names) -> str | None:
    kind = type(ev).__name__
    if kind == "TurnStarted":
        extra = " (extra turn)" if ev.extra else ""
        return f"Turn {ev.turn_no}: {who(ev.seat)}{extra}."
    if kind == "StartReveal":
        return f"{who(ev.seat)} reveals {card(ev.card)} to decide who starts."
    if kind == "Drawn":
        n = len(ev.cards)
        return f"{who(ev.seat)} draws {n} card{'s' if n != 1 else ''}." if n else None
    if kind == "Played":
        return f"{who(ev.seat)} plays {card(ev.card)}."
    if kind == "MindbugUsed":
        return f"{who(ev.seat)} uses a Mindbug and takes {card(ev.card)}!"
    if kind == "MindbugDeclined":
        return f"{who(ev.seat)} lets {card(ev.card)} go."
    if kind == "EnteredPlay" and ev.how == "effect":
        return f"{card(ev.card)} enters play for {who(ev.seat)}."
    if kind == "ControlChanged":
        return f"{who(ev.to_seat)} takes control of {card(ev.card)}."
    if kind == "AttackDeclared":
        return f"{who(ev.seat)} attacks with {card(ev.card)}."
    if kind == "Hunted":
        return f"{card(ev.attacker)} hunts {card(ev.target)}."
    if kind == "Blocked":
        return f"{who(ev.seat)} blocks with {card(ev.blocker)}."
    if kind == "NotBlocked":  # the event's seat is the attacker's
        return f"{card(ev.attacker)} is not blocked."
    if kind == "Combat":
        return (f"{card(ev.attacker)} ({ev.attacker_power}) fights "
                f"{card(ev.blocker)} ({ev.blocker_power}).")
    if kind == "Defeated":
        return f"{card(ev.card)} is defeated."
    if kind == "Exhausted":
        return f"{card(ev.card)} is exhausted instead (Tough)."
    if kind == "LifeChanged":
        diff = ev.new - ev.old
        team = team_name(ev.team)
        plural = " & " in team  # a 2v2 team: "Ann & Cy lose"
        if diff < 0:
            return f"{team} {'lose' if plural else 'loses'} {-diff} life ({ev.new} left)."
        return f"{team} {'gain' if plural else 'gains'} {diff} life ({ev.new} now)."
    if kind == "Discarded":
        return f"{who(ev.seat)} discards {card(ev.card)}."
    if kind == "Stolen":
        what = card(ev.card) if ev.card >= 0 else "a card"
        return f"{who(ev.to_seat)} steals {what} from {who(ev.from_seat)}."
    if kind == "ReturnedToHand":
        n = len(ev.cards)
        return f"{n} card{'s' if n != 1 else ''} go back to {who(ev.seat)}'s hand."
    if kind == "AbilityTriggered":
        return f"{card(ev.card)}'s ability happens."
    if kind == "AbilitySuppressed":
        return f"{card(ev.by)} stops {card(ev.card)}'s Play ability."
    if kind == "PlayerEliminated":
        return f"{who(ev.seat)} is out: could neither play nor attack."
    if kind == "OpponentChosen":
        return f"{who(ev.seat)} picks {who(ev.opponent)}."
    if kind == "RemovedFromGame":
        return None
    if kind == "GameOver":
        team = team_name(ev.winner)
        return f"Game over: {team} {'win' if ' & ' in team else 'wins'}!"
    return None


PURPOSE_WORDS = {
    "discard": "to discard",
    "defeat": "to defeat",
    "take control": "to take control of",
    "put into play": "to put into play",
    "steal": "to steal",
    "return": "to return",
}


def prompt(decision: object, you: bool, who: str, card: CardName, mindbugs_left: int,
           attacker: int | None = None, step: object | None = None,
           player: str | None = None) -> str:
    """The prompt line: what the person deciding should do now.

    ``step`` (a ``choices.Step``) counts repeated picks: "Discard a card (1 of 2)".
    ``player`` (2v2 only) names the seat whose turn it is, as the decider should read it
    ("Bob", "Cleo (your teammate)"): with two opponents and a teammate, "your opponent" is
    not enough to say whose card or attack it is."""
    kind = decision.kind
    src = decision.source
    src_name = card(src) if src is not None and src >= 0 else ""
    count = f" {step.label()}" if step is not None else ""
    if player is not None:
        line = _prompt_2v2(kind, you, who, src_name, card, mindbugs_left, attacker, player)
        if line is not None:
            return line
    if not you:
        waiting = {
            "action": f"{who} is taking their turn...",
            "mindbug": f"{who} considers using a Mindbug on {src_name}...",
            "block": f"{who} decides whether to block...",
        }
        return waiting.get(kind, f"{who} is deciding{count}...")
    if kind == "action":
        return "Your turn: drag a card onto your side to play it, or a creature up to attack."
    if kind == "mindbug":
        return (f"Your opponent played {src_name}. Use a Mindbug to take it "
                f"({mindbugs_left} left), or let it go?")
    if kind == "block":
        att = card(attacker) if attacker is not None else src_name
        return f"{att} attacks you! Drag a creature onto it to block, or take the hit (-1 life)."
    if kind == "hunt":
        return f"{src_name} is a Hunter: drag it onto the enemy creature it fights, or don't hunt."
    if kind == "frenzy":
        return f"{src_name} has Frenzy: attack again, or end your turn."
    if kind == "order":
        return "Several abilities happen at once: pick which one resolves first."
    if kind == "opponent":
        return "Pick the opponent to attack."
    if kind == "choose" and decision.purpose == "discard":
        # 2v2: the piles lie on the seat plates at the left, not beside the table as in 1v1.
        pile = "your discard pile on your seat plate" if player is not None else "your discard pile"
        return f"{src_name}: discard a card{count}. Drag it onto {pile}."
    if kind == "choose":
        words = {"take control": "Take control of a creature", "defeat": "Defeat a creature",
                 "steal": "Steal a card", "return": "Return a card", "put into play": "Put a card into play"}
        what = words.get(decision.purpose)
        if what is None:
            verb = PURPOSE_WORDS.get(decision.purpose, f"for {decision.purpose}" if decision.purpose else "")
            what = f"Choose a card {verb}".strip()
        return f"{src_name}: {what}{count}." if src_name else f"{what}{count}."
    return "Make your choice."


def _prompt_2v2(kind: str, you: bool, who: str, src_name: str, card: CardName,
                mindbugs_left: int, attacker: int | None, player: str) -> str | None:
    """The 2v2 wording where seats must be named; None where the 1v1 words fit (choices)."""
    if not you:
        waiting = {
            "action": f"{who} is taking their turn...",
            "mindbug": f"{who} considers using a Mindbug on {src_name}...",
            "block": f"{who} decides whether to block {src_name}...",
            "opponent": f"{who} picks an opponent for {src_name}...",
        }
        return waiting.get(kind, f"{who} is deciding...")
    if kind == "mindbug":
        return f"{player} played {src_name}: Mindbug it ({mindbugs_left} left)?"
    if kind == "block":
        att = card(attacker) if attacker is not None else src_name
        return f"{player} attacks with {att}: drag a creature onto it to block, or your team loses 1 life."
    if kind == "hunt":
        return f"{src_name} is a Hunter: drag it onto a creature of either opponent, or don't hunt."
    if kind == "opponent":
        what = f"{src_name}: pick" if src_name else "Pick"
        return f"{what} which opponent it affects (click their play area or a button)."
    if kind == "action":
        return "Your turn: drag a card to your row to play it, or a creature onto an opponent to attack."
    return None
