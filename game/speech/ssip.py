"""Speech Dispatcher spoken to over its own socket protocol, SSIP, with no Python module of the
system's (issue 45): the ``speechd`` module and ``accessible_output2`` need the distribution's
``python3-speechd``, which a virtual environment does not see; ``spd-say`` starts a process per
line and cannot tell when a line ends. This client needs only a socket.

Speech Dispatcher is the service Orca speaks through on Linux: the game's lines go to the same
service, with the voice, rate and output module the player chose for it, queued at the
``message`` priority (a ``text`` line of another client never cuts one short) and told apart
in its logs by the client name ``mindbug``.

The protocol (the Speech Dispatcher manual, "SSIP"): commands are lines ending in CR LF; each
reply is one or more lines ``NNN-...`` ending with ``NNN text`` (2xx: done, 3xx/4xx/5xx:
refused); ``SPEAK`` answers 230, then takes the text, every line that starts with a dot
doubled, ended by a line holding one dot, and answers 225 with the message's id. With
``SET self NOTIFICATION END on`` (and CANCEL) the service sends events as they happen, at any
time: ``7NN-msg_id``, ``7NN-client_id``, ``7NN END``. One reader thread reads every line and
hands replies to the waiting commands in the order they were sent, events to the line waiting
for its end.

Where the socket is: ``SPEECHD_ADDRESS`` (``unix_socket:/path`` or ``inet_socket:host:port``,
the latter only on this machine: a game's speech never leaves it), else
``$XDG_RUNTIME_DIR/speech-dispatcher/speechd.sock``. A socket that is not there is asked for
once with ``speech-dispatcher --spawn`` (what the service's own clients do); anything that fails
raises ``OSError`` from the constructor, and the next output is tried.
"""

from __future__ import annotations

import collections
import os
import shutil
import socket
import subprocess
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

#: Seconds a command may wait for its reply from a service on this machine.
REPLY_TIMEOUT = 5.0
#: Seconds ``speech-dispatcher --spawn`` may take to open its socket.
SPAWN_TIMEOUT = 3.0
CLIENT_NAME = "user:mindbug:main"
#: The service's events: a line began, ended, was cancelled (the others are not asked for).
BEGIN, END, CANCELED = "701", "702", "703"
LOOPBACK = ("127.0.0.1", "localhost", "::1")


class SsipError(OSError):
    """The service refused a command, went away or did not answer."""


def socket_address(environ: dict[str, str] | None = None) -> tuple[str, str | tuple[str, int]]:
    """("unix", path) or ("inet", (host, port)), as Speech Dispatcher's own clients find it.
    An inet address of another machine is refused (``SsipError``): speech stays here."""
    env = os.environ if environ is None else environ
    given = env.get("SPEECHD_ADDRESS", "").strip()
    if given:
        kind, _, rest = given.partition(":")
        if kind == "unix_socket" and rest:
            return "unix", rest
        if kind == "inet_socket":
            host, _, port = rest.rpartition(":")
            host = host or "127.0.0.1"
            if host not in LOOPBACK or not port.isdigit():
                raise SsipError(f"SPEECHD_ADDRESS {given!r}: only this machine's service is used")
            return "inet", (host, int(port))
        raise SsipError(f"SPEECHD_ADDRESS {given!r} is not unix_socket:PATH or inet_socket:HOST:PORT")
    runtime = env.get("XDG_RUNTIME_DIR") or str(Path.home() / ".cache")
    return "unix", str(Path(runtime) / "speech-dispatcher" / "speechd.sock")


def escape_text(text: str) -> bytes:
    """The SPEAK data: CR LF line ends, every line starting with a dot doubled, and the ending
    dot line (a text line "." would end the message early; "..", doubled, stays text)."""
    lines = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
    stuffed = ["." + line if line.startswith(".") else line for line in lines]
    return ("\r\n".join(stuffed) + "\r\n.\r\n").encode("utf-8")


def ssip_number(value: float) -> int:
    """0..1 as SSIP's -100..100 (0.5 is the service's default)."""
    return round(max(0.0, min(1.0, value)) * 200 - 100)


@dataclass
class _Reply:
    done: threading.Event = field(default_factory=threading.Event)
    code: str = ""
    lines: list[str] = field(default_factory=list)


def spawn_service(which: Callable[[str], str | None] = shutil.which) -> bool:
    """Ask Speech Dispatcher to start for this user (it forks and exits at once); True if the
    command ran. Never waits more than SPAWN_TIMEOUT. ``MINDBUG_SPEECH=none`` (the test suite's)
    never starts one: a test that reaches the real outputs by mistake leaves no service behind."""
    if os.environ.get("MINDBUG_SPEECH", "").lower() == "none":
        return False
    exe = which("speech-dispatcher")
    if not exe:
        return False
    try:
        subprocess.run([exe, "--spawn"], stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                       stderr=subprocess.DEVNULL, timeout=SPAWN_TIMEOUT, check=False)
    except (OSError, subprocess.SubprocessError):
        return False
    return True


def connect(address: tuple[str, str | tuple[str, int]], spawn: Callable[[], bool] = spawn_service,
            timeout: float = REPLY_TIMEOUT) -> socket.socket:
    """A connected socket to the service; one ``spawn`` and a short wait if it is not up."""
    kind, where = address
    for attempt in range(2):
        sock = socket.socket(socket.AF_UNIX if kind == "unix" else socket.AF_INET, socket.SOCK_STREAM)
        sock.settimeout(timeout)
        try:
            sock.connect(where)
            return sock
        except OSError:
            sock.close()
            if attempt or not spawn():
                raise
        deadline = time.monotonic() + SPAWN_TIMEOUT  # the forked service opens its socket
        while kind == "unix" and not os.path.exists(str(where)) and time.monotonic() < deadline:
            time.sleep(0.05)
    raise SsipError("unreachable")  # the loop returns or raises


class SsipBackend:
    """A ``ThreadedSink`` backend (``say`` blocks until the line is spoken or cancelled;
    ``cancel`` from the game's thread never waits long)."""

    name = "speech-dispatcher (SSIP)"

    def __init__(self, language: str = "en", address: tuple[str, str | tuple[str, int]] | None = None,
                 spawn: Callable[[], bool] = spawn_service, timeout: float = REPLY_TIMEOUT) -> None:
        self.timeout = timeout
        self._sock = connect(address or socket_address(), spawn, timeout)
        self._sock.settimeout(None)  # the reader blocks; sends are small, to this machine
        self._send_lock = threading.Lock()  # one command (and its SPEAK data) at a time
        self._waiting: collections.deque[_Reply] = collections.deque()
        self._ended: dict[str, str] = {}  # message id -> END or CANCELED, kept until read
        self._events = threading.Condition()
        self._current: str | None = None  # the message being spoken
        self._closed = False
        self._reader = threading.Thread(target=self._read, name="speech-ssip-reader", daemon=True)
        self._reader.start()
        try:
            self.command(f"SET self CLIENT_NAME {CLIENT_NAME}")
            self.command("SET self PRIORITY message")
            self.command("SET self NOTIFICATION END on")
            self.command("SET self NOTIFICATION CANCEL on")
            self.command(f"SET self LANGUAGE {language_code(language)}")
        except OSError:
            self.close()
            raise

    # Settings --------------------------------------------------------------------------------
    def set_volume(self, value: float) -> bool:
        return self._setting(f"SET self VOLUME {ssip_number(value)}")

    def set_rate(self, value: float) -> bool:
        """0..1, the service's default at 0.5."""
        return self._setting(f"SET self RATE {ssip_number(value)}")

    def set_voice(self, voice: str) -> bool:
        """A voice type (MALE1, FEMALE1, ...; the settings' "female", "male" and "own", the
        service's default MALE1); "" keeps the service's own choice."""
        voice = {"female": "FEMALE1", "male": "MALE1", "own": "MALE1"}.get(voice, voice).strip().upper()
        if not voice:
            return True
        if not voice.replace("_", "").isalnum():
            return False
        return self._setting(f"SET self VOICE_TYPE {voice}")

    def _setting(self, line: str) -> bool:
        try:
            self.command(line)
        except OSError:
            return False
        return True

    # Speaking ----------------------------------------------------------------------------------
    def say(self, text: str) -> None:
        """Queue ``text`` and wait until the service says it ended or was cancelled."""
        with self._send_lock:
            self._command_locked("SPEAK", expect="230")
            reply = self._send_locked(escape_text(text))
        self._wait(reply, "225")
        msg_id = reply.lines[0] if len(reply.lines) > 1 else ""
        with self._events:
            self._current = msg_id
            ended = self._events.wait_for(lambda: msg_id in self._ended or self._closed,
                                          timeout=10.0 + len(text) / 5)
            self._ended.pop(msg_id, None)
            self._current = None
        if not ended:
            raise SsipError("Speech Dispatcher did not finish the line")
        if self._closed:
            raise SsipError("Speech Dispatcher closed the connection")

    def cancel(self) -> None:
        """Cut the line being spoken (the reply is read but not waited for)."""
        if self._closed or not self._send_lock.acquire(timeout=1.0):
            return
        try:
            self._send_locked(b"CANCEL self\r\n")
        except OSError:
            pass
        finally:
            self._send_lock.release()

    def close(self) -> None:
        if self._closed:
            return
        try:
            if self._send_lock.acquire(timeout=1.0):
                try:
                    self._sock.sendall(b"QUIT\r\n")
                finally:
                    self._send_lock.release()
        except OSError:
            pass
        self._closed = True
        try:
            self._sock.shutdown(socket.SHUT_RDWR)
        except OSError:
            pass
        self._sock.close()
        with self._events:
            self._events.notify_all()

    # The wire ----------------------------------------------------------------------------------
    def command(self, line: str, expect: str = "2") -> list[str]:
        """Send one command line and wait for its reply; the reply's lines. A reply that does
        not start with ``expect`` raises ``SsipError``."""
        with self._send_lock:
            reply = self._send_locked((line + "\r\n").encode("utf-8"))
        return self._wait(reply, expect).lines

    def _command_locked(self, line: str, expect: str) -> None:
        self._wait(self._send_locked((line + "\r\n").encode("utf-8")), expect)

    def _send_locked(self, data: bytes) -> _Reply:
        if self._closed:
            raise SsipError("Speech Dispatcher connection closed")
        reply = _Reply()
        self._waiting.append(reply)
        try:
            self._sock.sendall(data)
        except OSError:
            self._waiting.remove(reply)
            raise
        return reply

    def _wait(self, reply: _Reply, expect: str) -> _Reply:
        if not reply.done.wait(self.timeout):
            raise SsipError("Speech Dispatcher did not answer")
        if not reply.code.startswith(expect):
            raise SsipError(f"Speech Dispatcher refused: {reply.code} {' '.join(reply.lines)}")
        return reply

    def _read(self) -> None:
        buffer = b""
        pending: list[str] = []
        try:
            while True:
                chunk = self._sock.recv(4096)
                if not chunk:
                    break
                buffer += chunk
                while b"\r\n" in buffer:
                    raw, buffer = buffer.split(b"\r\n", 1)
                    line = raw.decode("utf-8", "replace")
                    if len(line) < 4:
                        continue
                    code, more, text = line[:3], line[3] == "-", line[4:]
                    pending.append(text)
                    if not more:
                        self._answer(code, pending)
                        pending = []
        except OSError:
            pass
        self._closed = True
        for reply in list(self._waiting):
            reply.code = "000"
            reply.done.set()
        with self._events:
            self._events.notify_all()

    def _answer(self, code: str, lines: list[str]) -> None:
        if code.startswith("7"):  # an event: 7NN-msg_id, 7NN-client_id, 7NN NAME
            if code in (END, CANCELED) and lines:
                with self._events:
                    self._ended[lines[0]] = code
                    self._events.notify_all()
            return
        if self._waiting:
            reply = self._waiting.popleft()
            reply.code, reply.lines = code, lines
            reply.done.set()


def language_code(language: str) -> str:
    """"de_DE" or "en" as SSIP's "de" or "en" (letters only: nothing else reaches the wire)."""
    code = language.split("_")[0].split("-")[0].lower()
    return code if code.isalpha() and 0 < len(code) <= 8 else "en"
