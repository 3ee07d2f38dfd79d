"""Speech commands run once per line: ``spd-say``, macOS ``say``, ``espeak-ng`` (the game's own
voice: it needs no speech service). ``game.speech.sinks`` runs them on a ``ThreadedSink``."""

from __future__ import annotations

import subprocess
import threading
from collections.abc import Callable
from typing import Protocol

from game.speech.ssip import ssip_number


class SpeechProcess(Protocol):
    """A speech command running (``subprocess.Popen``; the tests' stand-in)."""

    def wait(self, timeout: float | None = None) -> int: ...

    def poll(self) -> int | None: ...

    def terminate(self) -> None: ...

    def kill(self) -> None: ...


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
        self.rate_args: list[str] = []
        self.voice_args: list[str] = []

    def set_volume(self, value: float) -> bool:
        """``spd-say -i`` takes -100 (silent) to 100 (loudest); ``espeak-ng -a`` 0 to 200
        (100 its default); macOS ``say`` has no volume."""
        if self.name == "spd-say":
            self.volume_args = ["-i", str(ssip_number(value))]
        elif self.name == "espeak-ng":
            self.volume_args = ["-a", str(round(max(0.0, min(1.0, value)) * 200))]
        else:
            return False
        return True

    def set_rate(self, value: float) -> bool:
        """0..1, the command's own default at 0.5: ``spd-say -r`` -100..100, ``espeak-ng -s``
        and ``say -r`` words a minute (80 to 450, 175 at the middle)."""
        if self.name == "spd-say":
            self.rate_args = ["-r", str(ssip_number(value))]
        elif self.name in ("espeak-ng", "say"):
            self.rate_args = ["-s" if self.name == "espeak-ng" else "-r", str(words_a_minute(value))]
        else:
            return False
        return True

    def set_voice(self, voice: str) -> bool:
        """"own", "female" or "male": ``spd-say -t female1``; ``espeak-ng -v LANG+f3`` (its
        variants); macOS ``say`` names its voices by language and has no such choice."""
        kind = {"female": "female1", "male": "male1"}.get(voice, "")
        if self.name == "spd-say":
            self.voice_args = ["-t", kind] if kind else []
        elif self.name == "espeak-ng" and "-v" in self.args:
            at = self.args.index("-v") + 1
            language = self.args[at].split("+")[0]
            variant = {"female": "+f3", "male": "+m3"}.get(voice, "")
            self.args = [*self.args[:at], language + variant, *self.args[at + 1:]]
        else:
            return False
        return True

    def say(self, text: str) -> None:
        proc = self._popen([*self.args, *self.volume_args, *self.rate_args, *self.voice_args, "--",
                            text.lstrip("-")],
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


def words_a_minute(value: float) -> int:
    """0..1 as a voice's words a minute: 80 at 0, 175 (espeak-ng's own) at 0.5, 450 at 1."""
    value = max(0.0, min(1.0, value))
    return round(80 + 190 * value if value <= 0.5 else 175 + 550 * (value - 0.5))
