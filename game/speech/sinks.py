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
import subprocess
import sys
import threading
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Protocol, runtime_checkable

from game.common.i18n import N_, _
from game.speech.text_line import one_line

NO_SPEECH = N_("No screen reader or speech service found: speech stays silent.")
SPEECH_FAILED = N_("The speech service stopped working: speech stays silent.")
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

    def close(self) -> None:
        for sink in self.sinks:
            close = getattr(sink, "close", None)
            if callable(close):
                close()

    @property
    def message(self) -> str | None:
        return next((m for m in (getattr(s, "message", None) for s in self.sinks) if m), None)


class SpeechProcess(Protocol):
    """A speech command running (``subprocess.Popen``; the tests' stand-in)."""

    def wait(self, timeout: float | None = None) -> int: ...

    def poll(self) -> int | None: ...

    def terminate(self) -> None: ...

    def kill(self) -> None: ...


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


class CommandBackend:
    """A speech command run once per line and waited for (``spd-say -w``, macOS ``say``).

    The text goes as one argument after ``--`` (never through a shell), so no line can be read
    as an option or a command. ``cancel`` ends the running command, and runs ``cancel_args``
    (``spd-say -C``) so the service forgets what it had queued."""

    def __init__(self, name: str, args: list[str], cancel_args: list[str] | None = None,
                 run: Callable[..., SpeechProcess] = subprocess.Popen) -> None:
        self.name = name
        self.args = args
        self.cancel_args = cancel_args
        self._popen = run
        self._current: SpeechProcess | None = None
        self._cancels: list[SpeechProcess] = []  # cancel commands started and not yet reaped
        self._lock = threading.Lock()
        self.volume_args: list[str] = []

    def set_volume(self, value: float) -> bool:
        """``spd-say -i`` takes -100 (silent) to 100 (loudest); macOS ``say`` has no volume."""
        if self.name != "spd-say":
            return False
        self.volume_args = ["-i", str(_ssip_volume(value))]
        return True

    def say(self, text: str) -> None:
        proc = self._popen([*self.args, *self.volume_args, "--", text.lstrip("-")],
                           stdin=subprocess.DEVNULL,
                           stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        with self._lock:
            self._current = proc
        try:
            code = proc.wait(timeout=self.timeout(text))
        except subprocess.TimeoutExpired:
            # A service with no sound device never finishes (spd-say -w waits for ever): end
            # it, so that busy() ends and the Pace hold lets the game go on, and go silent.
            proc.kill()
            raise OSError(f"{self.name} did not finish speaking") from None
        finally:
            with self._lock:
                self._current = None
        if code not in (0, -15, -9, None):  # -15/-9: ended by cancel()
            raise OSError(f"{self.name} exited with {code}")

    @staticmethod
    def timeout(text: str) -> float:
        """Seconds a line may take: far slower than any voice (about 15 characters a second)."""
        return 10.0 + len(text) / 5

    def cancel(self) -> None:
        """Called from the game's thread (a new focus interrupts): it never waits. The cancel
        command (``spd-say -C``, which hangs where the service is gone) is started and left;
        the next cancel reaps it, or ends it if it is still running then."""
        with self._lock:
            proc = self._current
            cancels, self._cancels = self._cancels, []
        if proc is not None:
            proc.terminate()
        unreaped = []
        for old in cancels:
            if old.poll() is None:
                old.kill()  # still hanging since the last interrupt: ended, reaped next time
                unreaped.append(old)
        if self.cancel_args:
            try:
                unreaped.append(self._popen(self.cancel_args, stdin=subprocess.DEVNULL,
                                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL))
            except OSError:  # the command went away: nothing to cancel
                pass
        with self._lock:
            self._cancels.extend(unreaped)


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


def command_sink(language: str = "en", platform: str = sys.platform,
                 which: Callable[[str], str | None] = shutil.which) -> ThreadedSink | None:
    """``spd-say`` (Linux, any Unix with Speech Dispatcher) or ``say`` (macOS), if present."""
    spd = which("spd-say")
    if spd and platform != "win32":
        return ThreadedSink(CommandBackend("spd-say", [spd, "-w", "-N", "mindbug", "-l", language],
                                           [spd, "-C"]))
    say = which("say")
    if say and platform == "darwin":
        return ThreadedSink(CommandBackend("say", [say]))
    return None


def system_sink(language: str = "en", prefer: Iterable[str] = ("accessible_output2", "speechd",
                                                                  "command")) -> Sink:
    """The best speech output the system has, or a ``NullSink`` with its one-line message."""
    makers = {"accessible_output2": _accessible_output, "speechd": lambda: _speechd(language),
              "command": lambda: command_sink(language)}
    for key in prefer:
        sink = makers[key]() if key in makers else None
        if sink is not None:
            return sink
    return NullSink()


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
    return round(max(0.0, min(1.0, value)) * 200 - 100)


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
