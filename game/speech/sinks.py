"""Where an utterance goes: one small protocol and its outputs.

``system_sink()`` picks the best output the system has: a screen reader through
``accessible_output2`` (NVDA/JAWS/SAPI on Windows, VoiceOver on macOS, Speech Dispatcher on
Linux; the optional extra), then the ``speechd`` module, then the ``spd-say`` command (Linux),
then ``say`` (macOS); where none is present a ``NullSink`` whose ``message`` is the one line the
window shows, and silence. ``open_speech`` adds the ``--speech-log`` file through a ``Tee``.

Non-blocking: ``speak`` returns at once. Every backend that may block (a command that runs
until the words are spoken, a socket to a speech service, a screen reader's COM call) runs on
a ``ThreadedSink``'s worker thread; an ``interrupt`` drops what is queued and stops the current
line. Nothing here raises to the caller: a backend that fails goes silent with its ``message``.
"""

from __future__ import annotations

import contextlib
import io
import os
import queue
import shutil
import stat
import sys
import threading
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Protocol, runtime_checkable

from game.common.i18n import N_, _
from game.common.settings import SPEECH_OUTPUTS
from game.speech import ssip
from game.speech.commands import CommandBackend, SpeechProcess  # noqa: F401 (a sink's backends)
from game.speech.text_line import one_line

NO_SPEECH = N_("No screen reader or speech service found: speech stays silent.")
SPEECH_FAILED = N_("The speech service stopped working: speech stays silent.")
NO_OWN_VOICE = N_("No voice of the game's own found (espeak-ng, say or spd-say): speech stays "
                  "silent.")
GET_VOICE_LINUX = N_("For a voice: start Orca, or install speech-dispatcher and espeak-ng, then "
                     "start the game again.")
GET_VOICE_WINDOWS = N_("For a voice: start NVDA or another screen reader, then start the game again.")
GET_VOICE_MAC = N_("For a voice: turn on VoiceOver (Command+F5), then start the game again.")
LOG_FAILED = N_("The speech log file cannot be written: speech goes on without it.")


@runtime_checkable
class Sink(Protocol):
    """An output for utterances. ``available`` is False for one that says nothing (then
    ``message`` says why, in one line); ``busy()`` is True while words are still to be spoken."""

    name: str

    @property
    def available(self) -> bool: ...  # an attribute or a property (the log's)

    def speak(self, text: str, interrupt: bool = False) -> None: ...

    def stop(self) -> None: ...

    def busy(self) -> bool: ...


class NullSink:
    """Silence, with the one-line reason the window shows (untranslated id; ``_`` it to show)."""

    name = "none"
    available = False

    def __init__(self, message: str = NO_SPEECH) -> None:
        self.message = message

    def speak(self, text: str, interrupt: bool = False) -> None:
        pass

    def stop(self) -> None:
        pass

    def busy(self) -> bool:
        return False


class RecordingSink:
    """Keeps every utterance in memory, as the log file would hold it (tests)."""

    name = "recording"
    available = True

    def __init__(self) -> None:
        self.lines: list[str] = []
        self.interrupts = 0
        self.volume = 1.0

    def set_volume(self, value: float) -> bool:
        self.volume = value
        return True

    def speak(self, text: str, interrupt: bool = False) -> None:
        line = one_line(text)
        if line:
            self.interrupts += bool(interrupt)
            self.lines.append(line)

    def stop(self) -> None:
        pass

    def busy(self) -> bool:
        return False


class LogSink:
    """Every utterance as one UTF-8 line appended to a file (``--speech-log FILE``).

    The file is opened for appending (never truncated: a path that names another file loses
    nothing) and each line goes out in one ``write`` of the whole line, so two games writing
    one log interleave whole lines. A write that fails (disk full, the file removed) closes
    the log with ``message``; the game goes on speaking."""

    name = "log"

    def __init__(self, path: str | os.PathLike) -> None:
        self.path = Path(path)
        self.message: str | None = None
        self._lock = threading.Lock()
        try:
            # O_BINARY: Windows would otherwise write each "\n" as "\r\n". O_NONBLOCK: a FIFO
            # put in the file's place never blocks the game in open (no reader: ENXIO).
            flags = (os.O_WRONLY | os.O_CREAT | os.O_APPEND | getattr(os, "O_BINARY", 0)
                     | getattr(os, "O_NONBLOCK", 0))
            self._fd: int | None = os.open(self.path, flags, 0o644)
        except (OSError, ValueError):  # a directory, no permission, a NUL in the name
            self._fd, self.message = None, LOG_FAILED
            return
        try:
            regular = stat.S_ISREG(os.fstat(self._fd).st_mode)
        except OSError:
            regular = False
        if not regular:  # a FIFO with a reader, a device: not a log (a write could block)
            self.close()
            self.message = LOG_FAILED

    @property
    def available(self) -> bool:
        return self._fd is not None

    def speak(self, text: str, interrupt: bool = False) -> None:
        line = one_line(text)
        if not line or not self.available:
            return
        data = (line + "\n").encode("utf-8")
        with self._lock:
            fd = self._fd  # another thread may have closed the log meanwhile
            if fd is None:
                return
            try:
                written = os.write(fd, data)
                if written != len(data):  # a short write: the line is cut, end it cleanly
                    os.write(fd, b"\n")
                    raise OSError("short write")
            except OSError:
                self.close()
                self.message = LOG_FAILED

    def stop(self) -> None:
        pass

    def busy(self) -> bool:
        return False

    def close(self) -> None:
        fd, self._fd = self._fd, None
        if fd is not None:
            try:
                os.close(fd)
            except OSError:
                pass


class Tee:
    """Several sinks as one: the speech service and the log, say. Busy while any is."""

    available = True

    def __init__(self, sinks: Iterable[Sink]) -> None:
        self.sinks = list(sinks)
        self.name = "+".join(s.name for s in self.sinks)

    def speak(self, text: str, interrupt: bool = False) -> None:
        for sink in self.sinks:
            sink.speak(text, interrupt)

    def stop(self) -> None:
        for sink in self.sinks:
            sink.stop()

    def busy(self) -> bool:
        return any(sink.busy() for sink in self.sinks)

    def set_volume(self, value: float) -> bool:
        """True if any of its sinks can set its loudness."""
        return any([set_volume(sink, value) for sink in self.sinks])

    def set_rate(self, value: float) -> bool:
        return any([set_rate(sink, value) for sink in self.sinks])

    def set_voice(self, voice: str) -> bool:
        return any([set_voice(sink, voice) for sink in self.sinks])

    def wait(self, timeout: float | None = None) -> bool:
        """Block until every sink that speaks has said its queued lines; True if all did (the
        end of ``python -m game.speech --speech --speech-log F`` cut the voice short without)."""
        waits = [getattr(sink, "wait", None) for sink in self.sinks]
        return all([wait(timeout) for wait in waits if callable(wait)])

    def close(self) -> None:
        for sink in self.sinks:
            close = getattr(sink, "close", None)
            if callable(close):
                close()

    @property
    def message(self) -> str | None:
        return next((m for m in (getattr(s, "message", None) for s in self.sinks) if m), None)


class Backend(Protocol):
    """What a ``ThreadedSink`` runs on its worker: ``say`` may block until the line is spoken;
    ``cancel`` (called from another thread) cuts the current line short."""

    name: str

    def say(self, text: str) -> None: ...

    def cancel(self) -> None: ...


class ThreadedSink:
    """A blocking backend behind a queue and one daemon worker thread: ``speak`` never waits.

    ``interrupt`` empties the queue and cancels the line being spoken; ``busy()`` is True from
    ``speak`` until the worker has finished every queued line (the Pace setting waits on it).
    A backend that raises is dropped: the sink goes silent and ``message`` says so."""

    available = True

    def __init__(self, backend: Backend) -> None:
        self.backend = backend
        self.name = backend.name
        self.message: str | None = None
        self._queue: queue.Queue[str | None] = queue.Queue()
        self._pending = 0  # lines queued or being spoken
        self._lock = threading.Lock()
        self._idle = threading.Event()
        self._idle.set()
        self._worker: threading.Thread | None = None
        self._closed = False

    def speak(self, text: str, interrupt: bool = False) -> None:
        line = one_line(text)
        if not self.available or self._closed:
            return
        if interrupt:
            self.stop()
        if not line:
            return
        with self._lock:
            self._pending += 1
            self._idle.clear()
            if self._worker is None:
                self._worker = threading.Thread(target=self._run, name=f"speech-{self.name}",
                                                daemon=True)
                self._worker.start()
        self._queue.put(line)

    def stop(self) -> None:
        dropped = 0
        while True:
            try:
                if self._queue.get_nowait() is not None:
                    dropped += 1
            except queue.Empty:
                break
        self._finished(dropped)
        try:
            self.backend.cancel()
        except Exception:  # a backend's failure silences speech, never the game
            pass

    def busy(self) -> bool:
        return not self._idle.is_set()

    def set_volume(self, value: float) -> bool:
        """The speech's loudness, 0 to 1, from the next line on; False if the backend has none."""
        return set_volume(self.backend, value)

    def wait(self, timeout: float | None = None) -> bool:
        """Block until every queued line is spoken (tests, the end of a game); True if idle."""
        return self._idle.wait(timeout)

    def close(self) -> None:
        """Stop speaking and end the worker; the sink says nothing more."""
        if self._closed:
            return
        self._closed = True
        self.stop()
        self._queue.put(None)

    def _finished(self, count: int) -> None:
        with self._lock:
            self._pending = max(0, self._pending - count)
            if self._pending == 0:
                self._idle.set()

    def _run(self) -> None:
        while True:
            line = self._queue.get()
            if line is None:
                return
            try:
                if self.available:
                    self.backend.say(line)
            except Exception:  # see stop()
                self.available = False
                self.message = SPEECH_FAILED
            finally:
                self._finished(1)


class SpeechdBackend:
    """Speech Dispatcher through its Python module (``python3-speechd``)."""

    name = "speech-dispatcher"

    def __init__(self, language: str = "en") -> None:
        import speechd  # optional, present on most Linux desktops

        self._client = speechd.SSIPClient("mindbug")
        self._client.set_language(language)
        self._done = threading.Event()
        self._speechd = speechd

    def set_volume(self, value: float) -> bool:
        self._client.set_volume(_ssip_volume(value))
        return True

    def say(self, text: str) -> None:
        self._done.clear()
        cb = self._speechd.CallbackType
        self._client.speak(text, callback=lambda kind: self._done.set(),
                           event_types=(cb.END, cb.CANCEL))
        self._done.wait(30)

    def cancel(self) -> None:
        self._client.cancel()
        self._done.set()


class AccessibleOutputBackend:
    """The system's screen reader through ``accessible_output2`` (``pip install -e ".[speech]"``).

    A screen reader queues and speaks by itself, but a call may still block (SAPI, COM), so
    the calls run on a worker like every other backend. ``Auto`` keeps every output it could
    load and speaks through the first active one; with none active it says nothing at all, so
    this backend refuses to start then (``LookupError``) and the next service is tried."""

    def __init__(self) -> None:
        # Its outputs print their own complaints ("Cannot find Speech Dispatcher...").
        with contextlib.redirect_stdout(io.StringIO()):
            from accessible_output2.outputs.auto import Auto  # the optional extra

            self._auto = Auto()
            output = self._auto.get_first_available_output()
        if output is None:
            raise LookupError("accessible_output2 found no active screen reader or voice")
        self.name = f"accessible_output2 ({getattr(output, 'name', type(output).__name__)})"

    def say(self, text: str) -> None:
        self._auto.output(text, interrupt=False)

    def set_volume(self, value: float) -> bool:
        """Only outputs that have a volume of their own (SAPI 5, Speech Dispatcher); a screen
        reader's volume is the reader's own setting."""
        output = self._auto.get_first_available_output()
        setter = getattr(output, "set_volume", None)
        if not callable(setter):
            return False
        try:
            setter(round(value * 100))
        except Exception:  # an output that declares it but cannot: say so, never crash
            return False
        return True

    def cancel(self) -> None:
        output = self._auto.get_first_available_output()
        silence = getattr(output, "silence", None)
        if callable(silence):
            silence()


def _accessible_output() -> ThreadedSink | None:
    try:
        backend = AccessibleOutputBackend()
    except Exception:  # not installed, or no reader it can drive
        return None
    return ThreadedSink(backend)


def _speechd(language: str) -> ThreadedSink | None:
    try:
        return ThreadedSink(SpeechdBackend(language))
    except Exception:  # no module, or no service to connect to
        return None


def _ssip(language: str) -> ThreadedSink | None:
    try:
        return ThreadedSink(ssip.SsipBackend(language))
    except Exception:  # no service, a refusal, an address of another machine
        return None


def command_sink(language: str = "en", platform: str = sys.platform,
                 which: Callable[[str], str | None] = shutil.which,
                 order: Iterable[str] = ("spd-say", "say", "espeak-ng")) -> ThreadedSink | None:
    """The first speech command present, in ``order``: ``spd-say`` (any Unix with Speech
    Dispatcher), ``say`` (macOS), ``espeak-ng`` (a voice of its own, no service needed)."""
    for command in order:
        exe = which(command)
        if not exe:
            continue
        if command == "spd-say" and platform != "win32":
            return ThreadedSink(CommandBackend("spd-say", [exe, "-w", "-N", "mindbug", "-l", language],
                                               [exe, "-C"]))
        if command == "say" and platform == "darwin":
            return ThreadedSink(CommandBackend("say", [exe]))
        if command == "espeak-ng":
            return ThreadedSink(CommandBackend("espeak-ng", [exe, "-v", ssip.language_code(language)]))
    return None


#: The Settings' "Speech output": whatever is found first, only the player's screen reader (or
#: the speech service it speaks through), or only a voice the game runs itself.
AUTO, SCREEN_READER, OWN_VOICE = SPEECH_OUTPUTS  # saved as these words (game.common.settings)
#: The game's own voice: espeak-ng first (apart from any screen reader), then macOS ``say``,
#: then ``spd-say`` (Speech Dispatcher's command: a voice beside the reader, not through it).
OWN_VOICE_ORDER = ("espeak-ng", "say", "spd-say")


def output_order(output: str = AUTO, platform: str = sys.platform) -> tuple[str, ...]:
    """The makers ``system_sink`` tries for a "Speech output" setting. On Linux the socket
    protocol (SSIP) comes first: it needs no system Python module, so it works in a venv, and
    it knows when each line ends; elsewhere the screen reader through ``accessible_output2``."""
    readers = ("ssip", "accessible_output2", "speechd") if platform.startswith("linux") else \
        ("accessible_output2", "ssip", "speechd")
    if output == SCREEN_READER:
        return readers
    if output == OWN_VOICE:
        return ("own_voice",)
    return (*readers, "own_voice")


def system_sink(language: str = "en", prefer: Iterable[str] | None = None,
                output: str = AUTO) -> Sink:
    """The best speech output the system has for the "Speech output" setting ``output`` (or
    the makers in ``prefer``), or a ``NullSink`` with its one-line message."""
    makers: dict[str, Callable[[], Sink | None]] = {
        "accessible_output2": _accessible_output, "speechd": lambda: _speechd(language),
        "ssip": lambda: _ssip(language), "command": lambda: command_sink(language),
        "own_voice": lambda: command_sink(language, order=OWN_VOICE_ORDER)}
    for key in output_order(output) if prefer is None else prefer:
        sink = makers[key]() if key in makers else None
        if sink is not None:
            return sink
    return NullSink(NO_OWN_VOICE if output == OWN_VOICE and prefer is None else NO_SPEECH)


def how_to_get_a_voice(platform: str = sys.platform) -> str:
    """One line saying how this system gets a voice (untranslated id; ``_`` it to show)."""
    if platform == "win32":
        return GET_VOICE_WINDOWS
    if platform == "darwin":
        return GET_VOICE_MAC
    return GET_VOICE_LINUX


def open_speech(enabled: bool, log_path: str | os.PathLike | None = None,
                language: str = "en", system: Callable[[str], Sink] = system_sink) -> Sink:
    """The sink for a game: the system's speech when ``enabled``, the log file when given, both
    through a ``Tee``; a ``NullSink`` when neither. ``message`` (if any) is the line to show."""
    sinks: list[Sink] = []
    if enabled:
        sinks.append(system(language))
    if log_path is not None:
        sinks.append(LogSink(log_path))
    if not sinks:
        return NullSink(message="")
    return sinks[0] if len(sinks) == 1 else Tee(sinks)


def _ssip_volume(value: float) -> int:
    """0..1 as Speech Dispatcher's -100..100 (0 is its default loudness, 100 the loudest)."""
    return ssip.ssip_number(value)


def set_voice(sink: Sink | Backend, voice: str) -> bool:
    """Ask a sink (or backend) for a voice: "own", "female", "male" (the setting
    ``speech_voice``); False where it has no choice the game can make (a screen reader's own)."""
    setter = getattr(sink, "set_voice", None)
    if not callable(setter):
        backend = getattr(sink, "backend", None)  # a ThreadedSink: its backend's
        setter = getattr(backend, "set_voice", None)
        if not callable(setter):
            return False
    try:
        return bool(setter(voice))
    except Exception:  # a service that went away: no voice, never a crash
        return False


def set_rate(sink: Sink | Backend, value: float) -> bool:
    """Set a sink's (or backend's) speaking rate, 0 to 1 (0.5: the voice's own); False where
    it has none the game can set (the log, silence, a screen reader's own rate)."""
    setter = getattr(sink, "set_rate", None)
    if not callable(setter):
        backend = getattr(sink, "backend", None)  # a ThreadedSink: its backend's
        setter = getattr(backend, "set_rate", None)
        if not callable(setter):
            return False
    try:
        return bool(setter(value))
    except Exception:  # a service that went away: no rate, never a crash
        return False


def set_volume(sink: Sink | Backend, value: float) -> bool:
    """Set a sink's (or backend's) speech volume, 0 to 1; False where it has none of its own
    (the log, silence, macOS ``say``, a screen reader that keeps its own)."""
    setter = getattr(sink, "set_volume", None)
    if not callable(setter):
        return False
    try:
        return bool(setter(value))
    except Exception:  # a service that went away: no volume, never a crash
        return False


def shown_message(sink: Sink) -> str | None:
    """The sink's one-line message in the current language, or None."""
    message = getattr(sink, "message", None)
    return _(message) if message else None
