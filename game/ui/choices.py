"""Turning a pending decision into things a person can click: cards to pick, buttons to press.

No pygame. A card option becomes a card choice when its card is visible on the table; every
other option (Mindbug, pass, no block, end turn, done, pick an opponent, or a card that is
not on the table) becomes a button.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass


@dataclass
class Choice:
    option: object
    key: object | None  # sprite key to click, or None for a button
    text: str  # button text, or the confirm button's text once the card is selected


def _card_text(verb: str, kind: str, purpose: str, name: str) -> str:
    if verb == "play":
        return f"Play {name}"
    if verb == "attack":
        return f"Attack again with {name}" if kind == "frenzy" else f"Attack with {name}"
    if verb == "block":
        return f"Block with {name}"
    if verb == "hunt":
        return f"Hunt {name}"
    if verb == "resolve":
        return f"Resolve {name} first"
    if verb == "choose":
        words = {"discard": "Discard", "defeat": "Defeat", "take control": "Take",
                 "put into play": "Put into play:", "steal": "Steal", "return": "Return"}
        return f"{words.get(purpose, 'Choose')} {name}"
    return f"{verb.capitalize()} {name}"


def build(decision: object, visible: Callable[[int], bool], card_name: Callable[[int], str],
          seat_name: Callable[[int], str], mindbugs_left: int, team: bool = False) -> list[Choice]:
    """``team``: a 2v2 game, where an unblocked attack costs the whole team a life."""
    out: list[Choice] = []
    for opt in decision.options:
        verb = opt.verb
        if opt.card is not None:
            text = _card_text(verb, decision.kind, decision.purpose, card_name(opt.card))
            out.append(Choice(opt, opt.card if visible(opt.card) else None, text))
        elif verb == "mindbug":
            out.append(Choice(opt, None, f"Mindbug it! ({mindbugs_left} left)"))
        elif verb == "pass":
            out.append(Choice(opt, None, "Let it go"))
        elif verb == "no block":
            out.append(Choice(opt, None, "Don't block (team loses 1 life)" if team else
                              "Don't block (lose 1 life)"))
        elif verb == "no hunt":
            out.append(Choice(opt, None, "Don't hunt"))
        elif verb == "end turn":
            out.append(Choice(opt, None, "End turn"))
        elif verb == "done":
            out.append(Choice(opt, None, "Done"))
        elif verb == "opponent":
            out.append(Choice(opt, None, f"Choose {seat_name(opt.seat)}"))
        else:
            out.append(Choice(opt, None, verb.capitalize()))
    # Buttons for "yes" before "no": the primary action first.
    return out
