"""Speech Dispatcher over its socket protocol, SSIP, with no system Python module (issue 45):
against a fake service on a unix socket in a temp folder, the exact bytes sent (the client's
name, the priority, the notifications, SPEAK with its dot-stuffed text, CANCEL, rate, volume,
voice), each line waited for until its END, nothing dropped; where the socket is found; the
"Speech output" setting's order of outputs."""

from __future__ import annotations

import os
import socket
import sys
import tempfile
import threading

import pytest

from game.speech import sinks, ssip
from game.speech.sinks import NullSink, ThreadedSink, output_order, system_sink
from game.speech.ssip import SsipBackend, SsipError, escape_text, socket_address

pytestmark = pytest.mark.skipif(not hasattr(socket, "AF_UNIX"), reason="unix sockets")


class FakeSpeechd:
    """A Speech Dispatcher stand-in: answers every command as the real one does, records the
    bytes it got, and sends END for each message (at once, or when ``release()`` is called)."""

    def __init__(self, folder: str, end_at_once: bool = True) -> None:
        self.path = os.path.join(folder, "speechd.sock")
        self.server = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self.server.bind(self.path)
        self.server.listen(1)
        self.received = b""
        self.spoken: list[str] = []
        self.end_at_once = end_at_once
        self._held: list[int] = []
        self._lock = threading.Lock()
        self.conn: socket.socket | None = None
        self._thread = threading.Thread(target=self._serve, daemon=True)
        self._thread.start()

    def _send(self, data: str) -> None:
        with self._lock:
            assert self.conn is not None
            try:
                self.conn.sendall(data.encode())
            except OSError:  # the client hung up after its last command: read what it sent
                pass

    def _event(self, code: str, msg: int, name: str) -> None:
        self._send(f"{code}-{msg}\r\n{code}-1\r\n{code} {name}\r\n")

    def _serve(self) -> None:
        try:
            self.conn, _ = self.server.accept()
            self._talk()
        except OSError:  # closed by the test
            return

    def _talk(self) -> None:
        assert self.conn is not None
        buffer, speaking, text, msg = b"", False, [], 0
        while True:
            chunk = self.conn.recv(4096)
            if not chunk:
                return
            self.received += chunk
            buffer += chunk
            while b"\r\n" in buffer:
                raw, buffer = buffer.split(b"\r\n", 1)
                line = raw.decode()
                if speaking:
                    if line == ".":
                        speaking, msg = False, msg + 1
                        self.spoken.append("\n".join(text))
                        self._send(f"225-{msg}\r\n225 OK MESSAGE QUEUED\r\n")
                        if self.end_at_once:
                            self._event("702", msg, "END")
                        else:
                            self._held.append(msg)
                    else:
                        text.append(line[1:] if line.startswith("..") else line)
                elif line == "SPEAK":
                    speaking, text = True, []
                    self._send("230 OK RECEIVING DATA\r\n")
                elif line == "CANCEL self":
                    self._send("213 OK CANCELED\r\n")
                    for held in self._held:
                        self._event("703", held, "CANCELED")
                    self._held = []
                elif line == "QUIT":
                    self._send("231 HAPPY HACKING\r\n")
                elif line.startswith("SET self VOICE_TYPE BAD"):
                    self._send("409 ERR RATE TOO HIGH\r\n")
                elif line.startswith("SET"):
                    self._send("203-x\r\n203 OK SET\r\n")
                else:
                    self._send("300 ERR UNKNOWN COMMAND\r\n")

    def close(self) -> None:
        if self.conn is not None:
            self.conn.close()
        self.server.close()


@pytest.fixture
def service():
    # A short folder of its own: a unix socket's path must fit in about 100 bytes.
    with tempfile.TemporaryDirectory(prefix="ssip") as folder:
        fake = FakeSpeechd(folder)
        yield fake
        fake.close()


def no_spawn() -> bool:
    return False


def test_a_line_goes_out_as_ssip_bytes_and_is_waited_for_until_its_end(service):
    backend = SsipBackend("de_DE", address=("unix", service.path), spawn=no_spawn)
    sink = ThreadedSink(backend)
    sink.speak("Turn 1: Ada.")
    sink.speak(".hidden dot\nand a second line")  # one line, its dot doubled
    assert sink.wait(5)
    backend.set_rate(1.0)
    backend.set_volume(0.0)
    backend.set_voice("female1")
    backend.cancel()
    backend.close()
    service._thread.join(5)  # the service has read everything once the client hung up
    sent = service.received.decode()
    assert sent.startswith("SET self CLIENT_NAME user:mindbug:main\r\n"
                           "SET self PRIORITY message\r\n"
                           "SET self NOTIFICATION END on\r\n"
                           "SET self NOTIFICATION CANCEL on\r\n"
                           "SET self LANGUAGE de\r\n")
    assert ("SPEAK\r\nTurn 1: Ada.\r\n.\r\n"
            "SPEAK\r\n..hidden dot and a second line\r\n.\r\n"
            "SET self RATE 100\r\nSET self VOLUME -100\r\nSET self VOICE_TYPE FEMALE1\r\n"
            "CANCEL self\r\nQUIT\r\n") in sent
    assert service.spoken == ["Turn 1: Ada.", ".hidden dot and a second line"]


def test_dot_stuffing_never_lets_a_text_line_end_the_message():
    assert escape_text("a\n.\nb") == b"a\r\n..\r\nb\r\n.\r\n"
    assert escape_text("..x\r\ny") == b"...x\r\ny\r\n.\r\n"


def test_the_sink_stays_busy_until_the_service_says_end_and_an_interrupt_cancels(service):
    service.end_at_once = False
    sink = ThreadedSink(SsipBackend("en", address=("unix", service.path), spawn=no_spawn))
    sink.speak("A long line the voice is still saying.")
    assert not sink.wait(0.3) and sink.busy()  # no END yet: the Pace waits
    sink.speak("Attack with Gorillion.", interrupt=True)  # a new focus cuts it short
    assert not sink.wait(0.3)
    sink.stop()
    assert sink.wait(5) and sink.available
    assert b"CANCEL self\r\n" in service.received
    sink.close()


def test_many_lines_none_dropped(service):
    sink = ThreadedSink(SsipBackend("en", address=("unix", service.path), spawn=no_spawn))
    lines = [f"Line {n}: Ada plays Shark Dog." for n in range(200)]
    for line in lines:
        sink.speak(line)
    assert sink.wait(10)
    assert service.spoken == lines
    sink.close()


def test_a_service_that_refuses_or_goes_away_raises_and_goes_silent(service):
    backend = SsipBackend("en", address=("unix", service.path), spawn=no_spawn)
    assert not backend.set_voice("bad")  # refused: False, never an exception
    sink = ThreadedSink(backend)
    service.close()
    sink.speak("nobody listens")
    assert sink.wait(10)
    assert not sink.available and sink.message == sinks.SPEECH_FAILED


def test_no_socket_tries_to_spawn_once_then_gives_up(tmp_path):
    asked = []

    def spawn() -> bool:
        asked.append(1)
        return False

    with pytest.raises(OSError):
        SsipBackend("en", address=("unix", str(tmp_path / "none.sock")), spawn=spawn)
    assert asked == [1]


def test_the_socket_is_found_as_speech_dispatchers_own_clients_find_it():
    assert socket_address({"XDG_RUNTIME_DIR": "/run/user/7"}) == \
        ("unix", "/run/user/7/speech-dispatcher/speechd.sock")
    assert socket_address({"SPEECHD_ADDRESS": "unix_socket:/tmp/s.sock"}) == ("unix", "/tmp/s.sock")
    assert socket_address({"SPEECHD_ADDRESS": "inet_socket:127.0.0.1:6560"}) == \
        ("inet", ("127.0.0.1", 6560))
    for address in ("inet_socket:speech.example.org:6560", "smoke_signal:x"):
        with pytest.raises(SsipError):  # speech never leaves this machine
            socket_address({"SPEECHD_ADDRESS": address})
    assert ssip.language_code("de_DE") == "de" and ssip.language_code("x\r\nQUIT") == "en"


def test_the_speech_output_setting_orders_the_outputs():
    assert output_order("auto", "linux") == ("ssip", "accessible_output2", "speechd", "own_voice")
    assert output_order("screen_reader", "win32") == ("accessible_output2", "ssip", "speechd")
    assert output_order("own_voice", "linux") == ("own_voice",)
    own = sinks.command_sink("de", "linux", {"espeak-ng": "/usr/bin/espeak-ng",
                                             "spd-say": "/usr/bin/spd-say"}.get,
                             order=sinks.OWN_VOICE_ORDER)
    assert own is not None and own.name == "espeak-ng" and own.backend.args[-2:] == ["-v", "de"]
    assert own.backend.set_rate(1.0) and own.backend.rate_args == ["-s", "450"]
    assert own.backend.set_rate(0.5) and own.backend.rate_args == ["-s", "175"]


def test_no_voice_of_the_games_own_says_so(monkeypatch):
    monkeypatch.setattr(sinks, "command_sink", lambda *a, **k: None)
    sink = system_sink("en", output="own_voice")
    assert isinstance(sink, NullSink) and "espeak-ng" in sink.message
    assert sinks.how_to_get_a_voice("linux").startswith("For a voice: start Orca")
    assert "NVDA" in sinks.how_to_get_a_voice("win32")
    assert sys.platform  # the running system has a line too
    assert sinks.how_to_get_a_voice()


def test_the_test_suite_never_starts_a_speech_service(monkeypatch):
    """conftest's MINDBUG_SPEECH=none: a test reaching the real outputs by mistake (it happened
    while writing these) must not leave a Speech Dispatcher running."""
    import os

    assert os.environ.get("MINDBUG_SPEECH") == "none"
    asked = []
    assert not ssip.spawn_service(which=lambda name: asked.append(name) or "/usr/bin/speech-dispatcher")
    assert asked == []
