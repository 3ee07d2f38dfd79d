"""Option labels in the scenario grammar: parsing a written label and finding its option."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

from .errors import IllegalOptionError

if TYPE_CHECKING:
    from .options import Option
    from .state import State

PLAIN_VERBS = ("mindbug", "pass", "no hunt", "no block", "end turn", "done")
CARD_VERBS = ("play", "attack", "hunt", "block", "choose", "resolve")
_CARD_ARG = re.compile(
    r"^(?P<name>.+?)(?:\s*@\s*(?P<seat>\d+))?(?:\s*\((?P<state>exhausted|ready)\))?"
    r"(?:\s*@\s*(?P<seat2>\d+))?$"
)


class LabelError(IllegalOptionError):
    """A label that names no pending option, or more than one."""


def parse_label(label: object) -> tuple[str, dict[str, Any]]:  # any YAML value: checked here
    """Split a label into its verb and arguments: name, seat, state (for card verbs)."""
    text = " ".join(str(label).split()).lower()
    if text in PLAIN_VERBS:
        return text, {}
    verb, _, rest = text.partition(" ")
    if verb == "opponent" and rest.isdigit():
        return verb, {"seat": int(rest)}
    if verb in CARD_VERBS and rest:
        m = _CARD_ARG.match(rest)
        if m:
            seat = m.group("seat") or m.group("seat2")
            return verb, {
                "name": m.group("name").strip(),
                "seat": int(seat) if seat is not None else None,
                "state": m.group("state"),
            }
    raise LabelError(f"not an option label: {label!r}")


def matches(g: State, option: Option, verb: str, args: dict[str, Any]) -> bool:  # a label's parsed fields (ints, strs)
    if option.verb != verb:
        return False
    if option.card is None:
        return option.seat is None or option.seat == args.get("seat")
    if g.cards[option.card].name.lower() != args["name"]:
        return False
    if args["seat"] is not None and g.zone_of(option.card)[1] != args["seat"]:
        return False
    if args["state"] is not None:
        exhausted = option.card in g.exhausted
        if exhausted != (args["state"] == "exhausted"):
            return False
    return True


def match_option(g: State, label: object) -> Option:  # any YAML value: checked here
    """The pending option that `label` names."""
    if g.pending is None:
        raise LabelError(f"{label!r}: the game is over, no decision is pending")
    verb, args = parse_label(label)
    found = [o for o in g.pending.options if matches(g, o, verb, args)]
    if len(found) == 1:
        return found[0]
    offered = ", ".join(g.labels())
    if not found:
        raise LabelError(f"{label!r} matches no option (options: {offered})")
    raise LabelError(f"{label!r} is ambiguous (options: {offered})")
