"""The settings' "Voice" page (issue 45): speech, its volume, output and rate (sound_page's
rows), then how much it says of each source (the game's events, the options, the decisions'
prompts, the computer's moves): Full, Short or Off. The same change by keys during a match
(game.ui.match.narration: the rate and detail keys)."""

from __future__ import annotations

from game.common.i18n import N_
from game.common.settings import SPEECH_SOURCES
from game.speech import detail
from game.ui.screens.settings.rows import Host, Page, Row
from game.ui.screens.settings.sound_page import SPEECH_ROWS

NOTE = N_("Short leaves out the details (the options' card facts, the count of options, the "
          "small events); Off says nothing of it.")


def _value(source: str):
    def value(host: Host) -> str:
        return detail.LEVEL_WORDS[detail.level_of(host.ctx.settings.speech_detail, source)]

    return value


def _next(source: str):
    def change(host: Host) -> None:
        settings = host.ctx.settings
        level = detail.next_level(detail.level_of(settings.speech_detail, source))
        settings.speech_detail = {**settings.speech_detail, source: level}

    return change


PAGE = Page(N_("Voice"), (*SPEECH_ROWS, *(
    Row(detail.SOURCE_WORDS[source], _value(source), _next(source)) for source in SPEECH_SOURCES)),
    note=NOTE)
