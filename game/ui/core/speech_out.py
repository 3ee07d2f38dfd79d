"""Speech in the window (issue 25): the one sink the context holds for the whole session, made
from the command line (``--speech``, ``--speech-log FILE``) and the Settings' "Speech" switch,
and the focus speaker that says the focused button of whatever scene is on top.

A match says much more (game.ui.match.narration drives a ``game.speech.Narrator`` over this
sink); a scene that speaks for itself sets ``speaks_itself = True`` and the focus speaker leaves
it alone (so does a scene with a ``narration``: the match). What the focus speaker says is only what the scene draws on its buttons: a button
never shows a hidden card, so neither does this.
"""

from __future__ import annotations

import os
from typing import TYPE_CHECKING, Protocol

from game.common import i18n
from game.common.i18n import _
from game.speech import sinks
from game.ui.core import screen_words

if TYPE_CHECKING:
    from game.common.settings import Settings
    from game.speech.sinks import Sink


#: The effect played at the start when speech is on and no voice could be had (the title's
#: line says it too, and the terminal): a blind player hears that something is missing.
NOTICE_SOUND = "no_voice"


class FocusScene(Protocol):
    """What the focus speaker reads of a scene (every attribute optional, read by getattr):
    ``row`` (a ButtonRow), ``spoken_focus()`` (the focus in words, instead of the row's
    button), ``speech_title`` (an English msgid said when it comes on top; else an overlay's
    ``title`` and ``lines``),
    ``speaks_itself`` (True: say nothing for it; as does having a ``narration``)."""


def system_voice(language: str, output: str = "auto") -> Sink:
    """The system's speech (``sinks.system_sink``); ``MINDBUG_SPEECH=none`` in the environment
    keeps it silent (the test suite sets it, as it sets SDL's dummy audio: no test speaks aloud,
    and none waits on a real speech service's timing)."""
    if os.environ.get("MINDBUG_SPEECH", "").lower() == "none":
        return sinks.NullSink()
    return sinks.system_sink(language, output=output)


class ScreenSpeech:
    """The session's speech: ``sink`` (the system's speech, the log, both, or silence) and
    ``message`` (one line to show when speech was asked for and cannot be heard)."""

    def __init__(self, forced: bool, log_path: str | None, settings: Settings,
                 system=system_voice) -> None:
        self.forced = forced  # --speech: on for this session whatever Settings says
        self.log_path = log_path
        self._system = system
        self._log: Sink | None = sinks.LogSink(log_path) if log_path else None
        self._voice: Sink | None = None
        self._output = settings.speech_output  # the "Speech output" the voice was opened for
        self.sink: Sink = sinks.NullSink(message="")
        self.message: str | None = None
        self.volume_supported = False
        self.rate_supported = False
        self.voice_supported = False
        self._top: object | None = None  # any scene: read with getattr
        self._said_focus: str | None = None
        self._greeted = False  # the greeting is said once, with the first screen
        self._heard: list[str] = []  # the top scene's heading as last said
        self.apply(settings)

    @property
    def on(self) -> bool:
        """Is anything listening (a voice or the log)? Off, a match makes no Narrator."""
        return self._voice is not None or self._log is not None

    @property
    def voiced(self) -> bool:
        """Is a voice speaking (not only the log)? The Pace then waits for each line."""
        return self._voice is not None and getattr(self._voice, "available", False)

    @property
    def unheard(self) -> bool:
        """A voice was asked for and none could be had: the start says so on the terminal and
        with its own sound (``NOTICE_SOUND``), and the title shows how to get one."""
        return self._voice is not None and not getattr(self._voice, "available", False)

    def apply(self, settings: Settings) -> None:
        """Open or close the voice as the Settings' switch (or --speech) asks; set its volume."""
        want = self.forced or settings.speech
        if self._voice is not None and (not want or settings.speech_output != self._output):
            _close(self._voice)
            self._voice = None
        if want and self._voice is None:
            self._output = settings.speech_output
            self._voice = self._open_voice()
        parts = [s for s in (self._voice, self._log) if s is not None]
        self.sink = parts[0] if len(parts) == 1 else sinks.Tee(parts) if parts else \
            sinks.NullSink(message="")
        self.volume_supported = self._voice is not None and \
            sinks.set_volume(self._voice, settings.speech_volume)
        self.rate_supported = self._voice is not None and \
            sinks.set_rate(self._voice, settings.speech_rate)
        self.voice_supported = self._voice is not None and \
            sinks.set_voice(self._voice, settings.speech_voice)
        self.message = sinks.shown_message(self._voice) if self._voice is not None else None
        if self.unheard and self.message:  # and how to get a voice, in the same line
            self.message = f"{self.message} {_(sinks.how_to_get_a_voice())}"
        if self.message is None and self._log is not None:
            self.message = sinks.shown_message(self._log)

    def _open_voice(self) -> Sink:
        """The voice for the "Speech output" setting; the tests' ``system`` takes the language."""
        if self._output == sinks.AUTO:
            return self._system(i18n.language())
        return self._system(i18n.language(), output=self._output)

    def say(self, text: str, interrupt: bool = False) -> None:
        if text and self.on:
            self.sink.speak(text, interrupt)

    def follow(self, top: object | None) -> None:  # any scene: read with getattr
        """Once a frame: say the title of a scene that just came on top and its focused button
        when the focus moves (the gold default when nothing is focused)."""
        if not self.on or top is None:
            return
        if top is not self._top:
            self._top, self._said_focus = top, None
            self._heard = heading_parts(top)
            title = heading(top)
            if not _speaks_itself(top):
                if not self._greeted:  # the session's first words: the game's name
                    self._greeted = True
                    self.say(_(screen_words.GREETING), interrupt=True)
                    self.say(title or "")
                elif title:
                    self.say(title, interrupt=True)
                self.say(screen_words.table_words(top))  # a box's table of numbers
                # what the screen is for, after its title; a key (Tab) cuts it short
                self.say(screen_words.purpose_of(top) or "")
        elif isinstance(getattr(top, "lines", None), list) and not _speaks_itself(top):
            now = heading_parts(top)  # a box's line that arrives later (the biggest moment)
            new = [part for part in now if part not in self._heard]
            self._heard = now
            if new:
                self.say(" ".join(new))
        if _speaks_itself(top):
            return
        label = focused_label(top)
        if label is not None and label != self._said_focus:
            # The first focus of a screen (its gold default) queues behind its title and
            # purpose; a focus a key moved cuts what is being said, as a screen reader does.
            first = self._said_focus is None
            self._said_focus = label
            self.say(label, interrupt=not first)

    def close(self) -> None:
        for sink in (self._voice, self._log):
            if sink is not None:
                _close(sink)
        self._voice = self._log = None
        self.sink = sinks.NullSink(message="")


def heading(scene: object) -> str | None:  # any scene: read with getattr
    """What a scene says as it comes on top: its ``speech_title``, else the title and lines an
    overlay draws (the pause menu, the game-over box, a card picker's question), else the
    title ``screen_words`` gives it (what the screen is for follows as a line of its own)."""
    return " ".join(heading_parts(scene)) or None


def heading_parts(scene: object) -> list[str]:
    """``heading``'s parts: the title, then each line an overlay draws (blank ones left out)."""
    title = getattr(scene, "speech_title", None) or getattr(scene, "title", None)
    if callable(title):
        title = title()
    if not isinstance(title, str) or not title:
        title = screen_words.title_of(scene)
        if not title:
            return []
    lines = getattr(scene, "lines", None)
    said = [_(title)] + [_(line) for line in lines if isinstance(line, str) and line.strip()] \
        if isinstance(lines, list) else [_(title)]
    return [part for part in said if part and part.strip()]


def focused_label(scene: object) -> str | None:  # any scene: read with getattr
    """The words of the scene's focused button, else of its gold default; None without a row.
    A scene whose buttons need their row's label (Settings) words it in ``spoken_focus()``."""
    own = getattr(scene, "spoken_focus", None)
    if callable(own):
        return own()
    return screen_words.row_label(scene)


def _speaks_itself(scene: object) -> bool:  # any scene: read with getattr
    return bool(getattr(scene, "speaks_itself", False)) or getattr(scene, "narration", None) is not None


def _close(sink: object) -> None:  # any speech sink: closed if it can be
    close = getattr(sink, "close", None)
    if callable(close):
        try:
            close()
        except Exception:  # closing a dead service must not stop the game
            pass
