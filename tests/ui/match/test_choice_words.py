"""Each option without a card gets the words of its own kind, translated (a fallback would show
the engine's verb, in English): checked in German, where the two differ."""

from __future__ import annotations

from game.common import i18n
from game.engine.options import Decision, option
from game.ui.match.choices import build

PLAIN = ("pass", "no hunt", "no block", "end turn", "done")


def test_every_plain_option_is_worded_in_the_players_language() -> None:
    decision = Decision(seat=0, kind="test", options=tuple(option(verb) for verb in PLAIN), serial=1)
    i18n.set_language("de")
    try:
        words = [c.text for c in build(decision, lambda cid: True, str, str, mindbugs_left=2)]
    finally:
        i18n.set_language("en")
    assert len(words) == len(PLAIN) and all(words)
    fallbacks = [verb.capitalize() for verb in PLAIN]
    assert not set(words) & set(fallbacks), words  # "Done" would be "Fertig", not "Done"
