"""Plain words for the log and the prompt line. No pygame.

``names`` maps a seat to a display name; ``card_name`` maps a card id to its name.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

from game.common.i18n import N_, _, display_name, language, level_name, ngettext  # noqa: F401 - re-exported
from game.engine import Decision, events
from game.engine.events import Event

Names = Callable[[int], str]
CardName = Callable[[int], str]


class Counted(Protocol):
    """A repeated pick's count as the prompt shows it ("(1 of 2)"): the window's
    ``choices.Step``, which this layer may not import."""

    def label(self) -> str: ...


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


def describe(ev: Event, who: Names, card: CardName, team_name: Names) -> str | None:
    """One log line for an engine event, or None if it is not worth a line.

    Names come in the current language (``display_name``); the line is built in it too. "You"
    gets its own sentences: German conjugates the verb ("Du spielst", "Ada spielt")."""
    return _describe(ev, who, card, team_name)


def is_you(name: str) -> bool:
    """True for the name that addresses the player ("You" in the current language)."""
    return name in ("You", _("You"))


def is_team(name: str) -> bool:
    """True for a 2v2 team's name ("Ann & Cy"): it takes a plural verb."""
    return " & " in name


def goes_first(name: str) -> str:
    return _("You go first.") if is_you(name) else _("{player} goes first.").format(player=name)


def reveals(seen: list[tuple[str, str]]) -> str:
    """The start's reveals in one short line ("Who starts: You with Chameleon Sniper, Basil
    (Medium) with Tiger Squirrel."), from (player, card) pairs in order: one line, not one a
    seat. The player is never put in brackets: a computer's name has its level in them."""
    if not seen:
        return ""
    pairs = ", ".join(_("{player} with {card}").format(player=player, card=card) for player, card in seen)
    return _("Who starts: {reveals}.").format(reveals=pairs)


def continued(turn: int) -> str:
    """The log's line for a game continued from its save (no count of decisions: a player
    counts turns)."""
    return _("The game goes on where it was left, in turn {number}.").format(number=turn)


def _describe(ev: Event, who: Names, card: CardName, team_name: Names) -> str | None:
    seat = getattr(ev, "seat", None)
    name = who(seat) if isinstance(seat, int) else ""
    you = is_you(name)
    if isinstance(ev, events.TurnStarted):
        if ev.extra:
            return _("Turn {number}, an extra turn: {player}.").format(number=ev.turn_no, player=name)
        return _("Turn {number}: {player}.").format(number=ev.turn_no, player=name)
    if isinstance(ev, events.StartReveal):
        line = (_("You reveal {card} to decide who starts.") if you else
                _("{player} reveals {card} to decide who starts."))
        return line.format(player=name, card=card(ev.card))
    if isinstance(ev, events.Drawn):
        n = len(ev.cards)
        if not n:
            return None
        line = (ngettext("You draw {count} card.", "You draw {count} cards.", n) if you else
                ngettext("{player} draws {count} card.", "{player} draws {count} cards.", n))
        return line.format(player=name, count=n)
    if isinstance(ev, events.Played):
        line = _("You play {card}.") if you else _("{player} plays {card}.")
        return line.format(player=name, card=card(ev.card))
    if isinstance(ev, events.MindbugUsed):
        line = (_("You use a Mindbug and take {card}!") if you else
                _("{player} uses a Mindbug and takes {card}!"))
        return line.format(player=name, card=card(ev.card))
    if isinstance(ev, events.MindbugDeclined):
        line = _("You let {card} go.") if you else _("{player} lets {card} go.")
        return line.format(player=name, card=card(ev.card))
    if isinstance(ev, events.EnteredPlay) and ev.how == "effect":
        line = _("{card} enters play for you.") if you else _("{card} enters play for {player}.")
        return line.format(card=card(ev.card), player=name)
    if isinstance(ev, events.ControlChanged):
        to = who(ev.to_seat)
        line = _("You take control of {card}.") if is_you(to) else _("{player} takes control of {card}.")
        return line.format(player=to, card=card(ev.card))
    if isinstance(ev, events.AttackDeclared):
        line = _("You attack with {card}.") if you else _("{player} attacks with {card}.")
        return line.format(player=name, card=card(ev.card))
    if isinstance(ev, events.Hunted):
        return _("{card} hunts {target}.").format(card=card(ev.attacker), target=card(ev.target))
    if isinstance(ev, events.Blocked):
        line = _("You block with {card}.") if you else _("{player} blocks with {card}.")
        return line.format(player=name, card=card(ev.blocker))
    if isinstance(ev, events.NotBlocked):  # the event's seat is the attacker's
        return _("{card} is not blocked.").format(card=card(ev.attacker))
    if isinstance(ev, events.Combat):
        return _("{attacker} ({attacker_power}) fights {blocker} ({blocker_power}).").format(
            attacker=card(ev.attacker), attacker_power=ev.attacker_power,
            blocker=card(ev.blocker), blocker_power=ev.blocker_power)
    if isinstance(ev, events.Defeated):
        return _("{card} is defeated.").format(card=card(ev.card))
    if isinstance(ev, events.Exhausted):
        return _("{card} is exhausted instead (Tough).").format(card=card(ev.card))
    if isinstance(ev, events.LifeChanged):
        return _life_line(team_name(ev.team), ev.new - ev.old, ev.new)
    if isinstance(ev, events.Discarded):
        line = _("You discard {card}.") if you else _("{player} discards {card}.")
        return line.format(player=name, card=card(ev.card))
    if isinstance(ev, events.Stolen):
        what = card(ev.card) if ev.card >= 0 else _("a card")
        to, frm = who(ev.to_seat), who(ev.from_seat)
        if is_you(to):
            line = _("You steal {card} from {player}.")
        elif is_you(frm):
            line = _("{thief} steals {card} from you.")
        else:
            line = _("{thief} steals {card} from {player}.")
        return line.format(thief=to, card=what, player=frm)
    if isinstance(ev, events.ReturnedToHand):
        n = len(ev.cards)
        line = (ngettext("{count} card goes back to your hand.",
                         "{count} cards go back to your hand.", n) if you else
                ngettext("{count} card goes back to {player}'s hand.",
                         "{count} cards go back to {player}'s hand.", n))
        return line.format(count=n, player=name)
    if isinstance(ev, events.AbilityTriggered):
        return _("{card}'s ability triggers.").format(card=card(ev.card))
    if isinstance(ev, events.AbilitySuppressed):
        return _("{blocker} stops {card}'s Play ability.").format(blocker=card(ev.by), card=card(ev.card))
    if isinstance(ev, events.NothingToDo):
        why = _NOTHING.get(ev.what, N_("nothing happens"))
        return _("{card}'s ability: {why}.").format(card=card(ev.card), why=_(why))
    if isinstance(ev, events.PlayerEliminated):
        line = (_("You are out: you could neither play nor attack.") if you else
                _("{player} is out: could neither play nor attack."))
        return line.format(player=name)
    if isinstance(ev, events.OpponentChosen):
        line = _("You pick {opponent}.") if you else _("{player} picks {opponent}.")
        return line.format(player=name, opponent=who(ev.opponent))
    if isinstance(ev, events.RemovedFromGame):
        return None
    if isinstance(ev, events.GameOver):
        team = team_name(ev.winner)
        if is_you(team):
            return _("Game over: you win!")
        line = _("Game over: {team} win!") if is_team(team) else _("Game over: {player} wins!")
        return line.format(team=team, player=team)
    return None


#: Why an ability did nothing (NothingToDo.what), the end of "Grave Robber's ability: ...".
_NOTHING = {
    "take control": N_("nothing to take"),
    "defeat": N_("nothing to defeat"),
    "put into play": N_("the discard pile is empty"),
    "return": N_("the discard pile is empty"),
    "steal": N_("no card to steal"),
    "discard": N_("no card to discard"),
    "condition": N_("its condition is not met"),
}


def concedes(team: str) -> str:
    """The log's line for a side giving the game up ("Ada concedes.")."""
    if is_you(team):
        return _("You concede.")
    line = _("{team} concede.") if is_team(team) else _("{player} concedes.")
    return line.format(team=team, player=team)


def _life_line(team: str, diff: int, now: int) -> str:
    """"Ada loses 1 life (2 left).": a 2v2 team ("Ann & Cy") takes a plural verb."""
    if diff < 0:
        if is_you(team):
            line = ngettext("You lose {amount} life ({left} left).",
                            "You lose {amount} life ({left} left).", -diff)
        elif is_team(team):
            line = ngettext("{team} lose {amount} life ({left} left).",
                            "{team} lose {amount} life ({left} left).", -diff)
        else:
            line = ngettext("{team} loses {amount} life ({left} left).",
                            "{team} loses {amount} life ({left} left).", -diff)
        return line.format(team=team, amount=-diff, left=now)
    if is_you(team):
        line = ngettext("You gain {amount} life ({left} now).", "You gain {amount} life ({left} now).", diff)
    elif is_team(team):
        line = ngettext("{team} gain {amount} life ({left} now).",
                        "{team} gain {amount} life ({left} now).", diff)
    else:
        line = ngettext("{team} gains {amount} life ({left} now).",
                        "{team} gains {amount} life ({left} now).", diff)
    return line.format(team=team, amount=diff, left=now)


PURPOSE_WORDS = {
    "discard": N_("to discard"),
    "defeat": N_("to defeat"),
    "take control": N_("to take control of"),
    "put into play": N_("to put into play"),
    "steal": N_("to steal"),
    "return": N_("to return"),
}
#: What each purpose of a "choose" decision asks, as the prompt's instruction.
PURPOSE_ORDERS = {
    "take control": N_("Take control of a creature"), "defeat": N_("Defeat a creature"),
    "steal": N_("Steal a card"), "return": N_("Return a card"),
    "put into play": N_("Put a card into play"),
}


def prompt(decision: Decision, you: bool, who: str, card: CardName, mindbugs_left: int,
           attacker: int | None = None, step: Counted | None = None,
           player: str | None = None, short: bool = False, keyboard: bool = False) -> str:
    """The prompt line: what the person deciding should do now.

    ``keyboard``: the person's last input was a key (issue 45), so the line says the keys
    (Tab, Enter) where it would say to drag a card.

    ``short``: the drawn prompt at a larger text size in 2v2, where its lines must stay clear
    of the side rows: what the buttons say already is left out (speech says it whole).

    ``step`` (a ``choices.Step``) counts repeated picks: "Discard a card (1 of 2)".
    ``player`` (2v2 only) names the seat whose turn it is, as the decider should read it
    ("Bob", "Cleo (your teammate)"): with two opponents and a teammate, "your opponent" is
    not enough to say whose card or attack it is."""
    kind = decision.kind
    src = decision.source
    src_name = card(src) if src is not None and src >= 0 else ""
    count = f" {step.label()}" if step is not None else ""
    if you and keyboard:
        line = _by_keys(kind, decision.purpose, src_name, card(attacker) if attacker is not None else src_name,
                        count, player)
        if line is not None:
            return line
    if player is not None:
        line = _prompt_2v2(kind, you, who, src_name, card, mindbugs_left, attacker, player, short)
        if line is not None:
            return line
    if not you:
        waiting = {
            "action": _("{player} is taking their turn..."),
            "mindbug": _("{player} considers using a Mindbug on {card}..."),
            "block": _("{player} decides whether to block..."),
        }
        line = waiting.get(kind, _("{player} is deciding{count}..."))
        return line.format(player=who, card=src_name, count=count)
    if kind == "action":
        return _("Your turn: drag a card onto your side to play it, or a creature up to attack.")
    if kind == "mindbug":
        return ngettext("Your opponent played {card}. Use a Mindbug to take it ({count} left), "
                        "or let it go?",
                        "Your opponent played {card}. Use a Mindbug to take it ({count} left), "
                        "or let it go?", mindbugs_left).format(card=src_name, count=mindbugs_left)
    if kind == "block":
        att = card(attacker) if attacker is not None else src_name
        return _("{card} attacks you! Drag a creature onto it to block, or take the hit "
                 "(-1 life).").format(card=att)
    if kind == "hunt":
        return _("{card} is a Hunter: drag it onto the enemy creature it fights, or don't "
                 "hunt.").format(card=src_name)
    if kind == "frenzy":
        return _("{card} has Frenzy: attack again, or end your turn.").format(card=src_name)
    if kind == "order":
        return _("Several abilities happen at once: pick which one resolves first.")
    if kind == "opponent":
        return _("Pick the opponent to attack.")
    if kind == "choose" and decision.purpose == "discard":
        # 2v2: the piles lie on the seat plates at the left, not beside the table as in 1v1.
        if player is not None:
            line = _("{card}: discard a card{count}. Drag it onto your discard pile on your seat plate.")
        else:
            line = _("{card}: discard a card{count}. Drag it onto your discard pile.")
        return line.format(card=src_name, count=count)
    if kind == "choose":
        what = PURPOSE_ORDERS.get(decision.purpose)
        if what is not None:
            what = _(what)
        elif decision.purpose in PURPOSE_WORDS:
            what = _("Choose a card {purpose}").format(purpose=_(PURPOSE_WORDS[decision.purpose]))
        elif decision.purpose:
            what = _("Choose a card for {purpose}").format(purpose=decision.purpose)
        else:
            what = _("Choose a card")
        return f"{src_name}: {what}{count}." if src_name else f"{what}{count}."
    return _("Make your choice.")


def _by_keys(kind: str, purpose: str | None, src_name: str, att: str, count: str,
             player: str | None) -> str | None:
    """The prompts that name a drag, worded for the keyboard; None where the words fit both."""
    if kind == "action":
        return _("Your turn: Tab to a card to play it or to a creature to attack, then press Enter.")
    if kind == "block" and player is not None:
        return _("{player} attacks with {card}: Tab to a creature and press Enter to block, or your "
                 "team loses 1 life.").format(player=player, card=att)
    if kind == "block":
        return _("{card} attacks you! Tab to a creature and press Enter to block, or take the hit "
                 "(-1 life).").format(card=att)
    if kind == "hunt":
        return _("{card} is a Hunter: Tab to the creature it fights and press Enter, or don't "
                 "hunt.").format(card=src_name)
    if kind == "opponent" and player is not None:
        return _("Pick which opponent it affects: Tab to their button, then press Enter.")
    if kind == "choose" and purpose == "discard":
        return _("{card}: discard a card{count}. Tab to it and press Enter.").format(
            card=src_name, count=count)
    return None


def _prompt_2v2(kind: str, you: bool, who: str, src_name: str, card: CardName,
                mindbugs_left: int, attacker: int | None, player: str, short: bool = False) -> str | None:
    """The 2v2 wording where seats must be named; None where the 1v1 words fit (choices)."""
    if not you:
        waiting = {
            "action": _("{player} is taking their turn..."),
            "mindbug": _("{player} considers using a Mindbug on {card}..."),
            "block": _("{player} decides whether to block {card}..."),
            "opponent": _("{player} picks an opponent for {card}..."),
        }
        return waiting.get(kind, _("{player} is deciding...")).format(player=who, card=src_name)
    if kind == "mindbug":
        line = (_("You played {card}: Mindbug it ({count} left)?") if is_you(player) else
                _("{player} played {card}: Mindbug it ({count} left)?"))
        return line.format(player=player, card=src_name, count=mindbugs_left)
    if kind == "block":
        att = card(attacker) if attacker is not None else src_name
        if short:  # the "Don't block" button says what it costs
            return _("{player} attacks with {card}: drag a creature onto it to block.").format(
                player=player, card=att)
        return _("{player} attacks with {card}: drag a creature onto it to block, or your team "
                 "loses 1 life.").format(player=player, card=att)
    if kind == "hunt":
        return _("{card} is a Hunter: drag it onto a creature of either opponent, or don't "
                 "hunt.").format(card=src_name)
    if kind == "opponent":
        if src_name:
            return _("{card}: pick which opponent it affects (click their play area or a "
                     "button).").format(card=src_name)
        return _("Pick which opponent it affects (click their play area or a button).")
    if kind == "action":
        return _("Your turn: drag a card to your row to play it, or a creature onto an opponent "
                 "to attack.")
    return None


#: A recorded move in words (the replay viewer), by the engine's verb.
_MOVE_WORDS = {
    "play": N_("Play {card}"), "attack": N_("Attack with {card}"), "block": N_("Block with {card}"),
    "hunt": N_("Hunt {card}"), "resolve": N_("Resolve {card} first"), "choose": N_("Choose {card}"),
    "mindbug": N_("Use a Mindbug"), "pass": N_("Let it go"), "no block": N_("Don't block"),
    "no hunt": N_("Don't hunt"), "end turn": N_("End turn"), "done": N_("Done"),
    "opponent": N_("Choose {player}"),
}


def move_words(verb: str, label: str, card: str = "", player: str = "") -> str:
    """A recorded move ("play Bee Bear") as the viewer and the hint show it: in the table's
    words for that move ("Let it go", "Play Bee Bear"), with the card's and the seat's names in
    the current language. The engine's own label (the scenario grammar) only where the words
    need a name that is not given."""
    words = _MOVE_WORDS.get(verb)
    if words is None or ("{card}" in words and not card) or ("{player}" in words and not player):
        return label or verb
    return _(words).format(card=card, player=player)


def next_decides(player: str) -> str:
    """The replay viewer's "next: Ada decides" ("next: You decide" for the player)."""
    if is_you(player):
        return _("next: You decide")
    return _("next: {player} decides").format(player=player)
