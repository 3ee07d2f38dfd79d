"""Turning a pending decision into things a person can click: cards to pick, buttons to press.

No pygame. A card option becomes a card choice when its card is visible on the table; every
other option (Mindbug, pass, no block, end turn, done, pick an opponent, or a card that is
not on the table) becomes a button.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from game.common.i18n import _, ngettext
from game.engine.effects import Discard, TakeControl, TriggeredEffect

if TYPE_CHECKING:
    from game.engine import CardDef, Decision, Option
    from game.ui.table.sprites import SpriteKey


@dataclass
class Choice:
    option: Option
    key: SpriteKey | None  # sprite key to click, or None for a button
    text: str  # button text, or the confirm button's text once the card is selected


def words_of(choice: Choice) -> Callable[[], str]:
    """The choice's words when asked (a language switch rewords ``choice.text`` in place)."""
    return lambda: choice.text


def answer(submit: Callable[[Option], None], choice: Choice) -> Callable[[], None]:
    """A button's action: answer the decision with ``choice``."""
    return lambda: submit(choice.option)


def _card_text(verb: str, kind: str, purpose: str, name: str) -> str:
    if verb == "play":
        return _("Play {card}").format(card=name)
    if verb == "attack":
        line = _("Attack again with {card}") if kind == "frenzy" else _("Attack with {card}")
        return line.format(card=name)
    if verb == "block":
        return _("Block with {card}").format(card=name)
    if verb == "hunt":
        return _("Hunt {card}").format(card=name)
    if verb == "resolve":
        return _("Resolve {card} first").format(card=name)
    if verb == "choose":
        words = {"discard": _("Discard {card}"), "defeat": _("Defeat {card}"), "take control": _("Take {card}"),
                 "put into play": _("Put into play: {card}"), "steal": _("Steal {card}"),
                 "return": _("Return {card}")}
        return words.get(purpose, _("Choose {card}")).format(card=name)
    return f"{verb.capitalize()} {name}"


def build(decision: Decision, visible: Callable[[int], bool], card_name: Callable[[int], str],
          seat_name: Callable[[int], str], mindbugs_left: int, team: bool = False) -> list[Choice]:
    """``team``: a 2v2 game, where an unblocked attack costs the whole team a life."""
    out: list[Choice] = []
    for opt in decision.options:
        verb = opt.verb
        if opt.card is not None:
            text = _card_text(verb, decision.kind, decision.purpose, card_name(opt.card))
            out.append(Choice(opt, opt.card if visible(opt.card) else None, text))
        elif verb == "mindbug":
            out.append(Choice(opt, None, ngettext("Mindbug it! ({count} left)", "Mindbug it! ({count} left)",
                                                  mindbugs_left).format(count=mindbugs_left)))
        elif verb == "pass":
            out.append(Choice(opt, None, _("Let it go")))
        elif verb == "no block":
            out.append(Choice(opt, None, _("Don't block (team loses 1 life)") if team else
                              _("Don't block (lose 1 life)")))
        elif verb == "no hunt":
            out.append(Choice(opt, None, _("Don't hunt")))
        elif verb == "end turn":
            out.append(Choice(opt, None, _("End turn")))
        elif verb == "done":
            out.append(Choice(opt, None, _("Done")))
        elif verb == "opponent" and opt.seat is not None:
            out.append(Choice(opt, None, _("Choose {player}").format(player=seat_name(opt.seat))))
        else:
            out.append(Choice(opt, None, verb.capitalize()))
    # Buttons for "yes" before "no": the primary action first.
    return out


def default_index(choices: list[Choice], selected: Choice | None) -> int | None:
    """Which button is the gold default Enter takes: the confirm of a selection, else the first
    button (the engine lists "yes" options before "no"). None when there is no button at all."""
    if selected is not None:
        return 0
    return 0 if choices else None


# Effects that ask the same question several times in a row, by the decision's purpose: the
# card's effect of that type holds how many times ("discard 2", "take control of up to 2").
_REPEATED: dict[str, type[TriggeredEffect]] = {"discard": Discard, "take control": TakeControl}


def _repeat_count(card_def: CardDef | None, purpose: str) -> tuple[int, bool]:
    """(count, up_to) of the source card's effect that asks for ``purpose``; (1, False) if none."""
    effect_class = _REPEATED.get(purpose)
    if card_def is None or effect_class is None:
        return 1, False
    for ability in (getattr(card_def, a, None) for a in ("on_play", "on_attack", "on_defeated")):
        for eff in getattr(ability, "effects", ()) or ():
            if isinstance(eff, effect_class):
                return int(getattr(eff, "count", 1)), bool(getattr(eff, "up_to", False))
    return 1, False


@dataclass
class Step:
    index: int  # 1-based
    total: int
    up_to: bool = False

    def label(self) -> str:
        line = _("({index} of up to {total})") if self.up_to else _("({index} of {total})")
        return line.format(index=self.index, total=self.total)


class StepCounter:
    """Counts repeated picks of one effect: "Discard a card (1 of 2)", then "(2 of 2)".

    The engine asks one decision per card; consecutive decisions of the same seat, kind,
    purpose and source are steps of one instruction.
    """

    def __init__(self) -> None:
        self._key: tuple | None = None
        self._serial: int | None = None
        self.step: Step | None = None

    def step_of(self, serial: int) -> Step | None:
        """The step of the decision ``serial`` if it is the one last observed, else None."""
        return self.step if self.step is not None and serial == self._serial else None

    def observe(self, decision: Decision | None, card_def: CardDef | None, available: int) -> Step | None:
        """Note the decision now asked; ``available`` caps the total (cards left to pick from)."""
        if decision is None:
            return self.step
        if decision.serial == self._serial:
            return self.step
        self._serial = decision.serial
        key = (decision.seat, decision.kind, decision.purpose, decision.source)
        count, up_to = _repeat_count(card_def, decision.purpose) if decision.kind == "choose" else (1, False)
        if count <= 1:
            self._key, self.step = None, None
        elif key == self._key and self.step is not None and self.step.index < self.step.total:
            self.step = Step(self.step.index + 1, self.step.total, self.step.up_to)
        else:
            self._key = key
            total = count if up_to else max(1, min(count, available))
            self.step = Step(1, total, up_to)
        return self.step
