"""Speech outputs (issue 25): one clean line per utterance, a log that appends whole lines, a
tee, a worker thread so speaking never stalls a frame, the system's service found or a clear
one-line message and silence."""

from __future__ import annotations

import os
import subprocess
import sys
import threading
import time

import pytest

from game.speech import sinks
from game.speech.sinks import (
    NO_SPEECH,
    CommandBackend,
    LogSink,
    NullSink,
    RecordingSink,
    Sink,
    Tee,
    ThreadedSink,
    command_sink,
    open_speech,
    shown_message,
    system_sink,
)
from game.speech.text_line import one_line

HOSTILE = "Ann\nBob\r\x1b[31mred\x00\u202egnp.exe\ud800\u200b  end\u2028next\x85"


def test_one_line_drops_every_control_format_and_separator_character():
    line = one_line(HOSTILE)
    assert line == "Ann Bob [31mredgnp.exe end next"
    assert line.isprintable()
    assert one_line("x" * 10_000, limit=50) == "x" * 50
    assert one_line(None) == "" and one_line(42) == "42"
    assert one_line("Zo\u0065\u0308") == "Zoë"  # NFC


def test_every_sink_keeps_the_protocol():
    for sink in (NullSink(), RecordingSink(), Tee([]), ThreadedSink(FakeBackend())):
        assert isinstance(sink, Sink)


def test_recording_sink_keeps_clean_lines_and_skips_empty_ones():
    rec = RecordingSink()
    rec.speak(HOSTILE)
    rec.speak("\n\x00", interrupt=True)
    rec.speak("Turn 2: Ada.", interrupt=True)
    assert rec.lines == [one_line(HOSTILE), "Turn 2: Ada."]
    assert rec.interrupts == 1


def test_log_sink_appends_one_line_per_utterance_and_keeps_what_was_there(tmp_path):
    path = tmp_path / "speech.log"
    path.write_text("earlier line\n", encoding="utf-8")
    log = LogSink(path)
    assert log.available
    log.speak(HOSTILE)
    log.speak("Du spielst Killerbiene.")
    log.close()
    lines = path.read_text(encoding="utf-8").splitlines()
    assert lines == ["earlier line", one_line(HOSTILE), "Du spielst Killerbiene."]
    log.speak("after close")  # closed: nothing, no error
    assert len(path.read_text(encoding="utf-8").splitlines()) == 3


def test_two_writers_on_one_log_interleave_whole_lines(tmp_path):
    path = tmp_path / "speech.log"
    logs = [LogSink(path), LogSink(path)]

    def write(n: int) -> None:
        for i in range(300):
            logs[n].speak(f"writer {n} line {i} " + "x" * 200)

    threads = [threading.Thread(target=write, args=(n,)) for n in (0, 1)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    lines = path.read_text(encoding="utf-8").splitlines()
    assert len(lines) == 600
    assert all(line.startswith("writer ") and line.endswith("x" * 200) for line in lines)


@pytest.mark.parametrize("bad", ["dir", "nul"])
def test_a_log_that_cannot_be_opened_is_a_message_not_a_crash(tmp_path, bad):
    path = tmp_path if bad == "dir" else str(tmp_path / "a\x00b")
    log = LogSink(path)
    assert not log.available and log.message == sinks.LOG_FAILED
    log.speak("nothing happens")


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="FIFOs are POSIX")
def test_a_speech_log_naming_a_fifo_is_refused_at_once(tmp_path):
    """Issue 41 item 6: the game hung before its window opened, blocked in open() for a reader
    that never came. The flag refuses it as --record FIFO is; the sink (a FIFO put there after
    the check) neither blocks nor writes into it."""
    import argparse

    from game.speech import cli

    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    parser = argparse.ArgumentParser()
    cli.add_arguments(parser)
    with pytest.raises(SystemExit) as exit_:
        parser.parse_args(["--speech-log", str(fifo)])
    assert exit_.value.code == 2
    opened: list[LogSink] = []
    thread = threading.Thread(target=lambda: opened.append(LogSink(fifo)), daemon=True)
    thread.start()
    thread.join(30)
    if not opened:  # blocked in open(): let it go, then fail
        os.close(os.open(fifo, os.O_RDONLY | os.O_NONBLOCK))
        thread.join(30)
        pytest.fail("opening the speech log blocked on a FIFO")
    assert not opened[0].available and opened[0].message == sinks.LOG_FAILED


def test_a_log_whose_write_fails_closes_with_a_message(tmp_path, monkeypatch):
    log = LogSink(tmp_path / "speech.log")

    def full(fd, data):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(sinks.os, "write", full)
    log.speak("a line")
    assert not log.available and log.message == sinks.LOG_FAILED


def test_tee_speaks_to_every_sink_and_is_busy_while_any_is():
    a, b = RecordingSink(), RecordingSink()
    gate = FakeBackend(block=True)
    slow = ThreadedSink(gate)
    tee = Tee([a, b, slow, NullSink()])
    tee.speak("You win!")
    assert a.lines == b.lines == ["You win!"]
    assert tee.busy()
    gate.release.set()
    assert slow.wait(5) and not tee.busy()
    assert tee.message == NO_SPEECH and tee.name == "recording+recording+fake+none"


class FakeBackend:
    name = "fake"

    def __init__(self, block: bool = False, fail: bool = False) -> None:
        self.block, self.fail = block, fail
        self.release = threading.Event()
        self.started = threading.Event()
        self.said: list[str] = []
        self.cancels = 0

    def say(self, text: str) -> None:
        self.started.set()
        if self.fail:
            raise OSError("the service went away")
        if self.block:
            self.release.wait(10)
        self.said.append(text)

    def cancel(self) -> None:
        self.cancels += 1
        self.release.set()


def test_speaking_never_waits_for_a_blocking_backend():
    backend = FakeBackend(block=True)
    sink = ThreadedSink(backend)
    sink.speak("first")
    sink.speak("second")
    assert backend.started.wait(5)
    assert sink.busy() and backend.said == []  # speak returned while the backend blocks
    backend.release.set()
    assert sink.wait(5)
    assert backend.said == ["first", "second"] and not sink.busy()


def test_interrupt_drops_what_is_queued_and_cuts_the_current_line():
    backend = FakeBackend(block=True)
    sink = ThreadedSink(backend)
    for line in ("one", "two", "three"):
        sink.speak(line)
    assert backend.started.wait(5)
    sink.speak("now", interrupt=True)
    assert sink.wait(5)
    assert backend.cancels >= 1
    assert "two" not in backend.said and "three" not in backend.said
    assert backend.said[-1] == "now"


def test_a_failing_backend_goes_silent_with_a_message():
    sink = ThreadedSink(FakeBackend(fail=True))
    sink.speak("hello")
    assert sink.wait(5)
    assert not sink.available and sink.message == sinks.SPEECH_FAILED
    sink.speak("more")  # silent, no error, not busy
    assert not sink.busy()


class FakeProc:
    def __init__(self, args, hang=False, code=0):
        self.args, self.hang, self.code, self.killed = args, hang, code, False

    def wait(self, timeout=None):
        if self.hang:
            raise subprocess.TimeoutExpired(self.args, timeout)
        return self.code

    def kill(self):
        self.killed = True

    def terminate(self):
        self.killed = True


def test_a_command_gets_the_text_as_one_argument_never_an_option():
    made = []

    def popen(args, **kwargs):
        assert "shell" not in kwargs
        made.append(FakeProc(args))
        return made[-1]

    backend = CommandBackend("spd-say", ["spd-say", "-w"], run=popen)
    backend.say("--help; rm -rf /")
    assert made[0].args == ["spd-say", "-w", "--", "help; rm -rf /"]


def test_a_command_that_never_finishes_is_ended_and_the_sink_goes_silent():
    procs = []

    def popen(args, **kwargs):
        procs.append(FakeProc(args, hang=True))
        return procs[-1]

    sink = ThreadedSink(CommandBackend("spd-say", ["spd-say", "-w"], run=popen))
    sink.speak("no sound card here")
    assert sink.wait(5)
    assert procs[0].killed and not sink.available and sink.message == sinks.SPEECH_FAILED
    assert CommandBackend.timeout("x" * 100) > 100 / 15  # longer than any voice needs


def test_command_sink_finds_spd_say_on_linux_and_say_on_macos():
    found = {"spd-say": "/usr/bin/spd-say", "say": "/usr/bin/say"}
    linux = command_sink("de", "linux", lambda n: found.get(n) if n == "spd-say" else None)
    assert linux.name == "spd-say" and "-l" in linux.backend.args and "de" in linux.backend.args
    mac = command_sink("en", "darwin", lambda n: found.get(n) if n == "say" else None)
    assert mac.name == "say"
    assert command_sink("en", "linux", lambda n: None) is None
    assert command_sink("en", "win32", found.get) is None


def test_no_service_is_a_null_sink_with_one_line():
    sink = system_sink(prefer=())
    assert isinstance(sink, NullSink) and not sink.available
    assert shown_message(sink) == "No screen reader or speech service found: speech stays silent."
    assert "\n" not in shown_message(sink)


def test_accessible_output2_missing_is_guarded(monkeypatch):
    monkeypatch.setitem(sys.modules, "accessible_output2", None)
    monkeypatch.setitem(sys.modules, "accessible_output2.outputs.auto", None)
    assert sinks._accessible_output() is None
    monkeypatch.setitem(sys.modules, "speechd", None)
    assert sinks._speechd("en") is None


def test_open_speech_combines_the_service_and_the_log(tmp_path):
    assert open_speech(False).message == ""
    rec = RecordingSink()
    both = open_speech(True, tmp_path / "s.log", system=lambda lang: rec)
    both.speak("Turn 1: Ada.")
    assert rec.lines == ["Turn 1: Ada."]
    assert (tmp_path / "s.log").read_text(encoding="utf-8") == "Turn 1: Ada.\n"
    assert isinstance(open_speech(False, tmp_path / "t.log"), LogSink)


def _fake_ao2(monkeypatch, active: bool):
    """A stand-in for the optional extra: ``Auto`` with one output, active or not."""
    import types

    spoken = []

    class Output:
        name = "NVDA"

        def is_active(self):
            return active

        def speak(self, text, interrupt=False):
            spoken.append(text)

        def silence(self):
            spoken.append("<silence>")

    class Auto:
        def __init__(self):
            print("Cannot find Speech Dispatcher.")  # the library prints; the game must not
            self.outputs = [Output()]

        def get_first_available_output(self):
            return next((o for o in self.outputs if o.is_active()), None)

        def output(self, text, interrupt=False):
            out = self.get_first_available_output()
            if out:
                out.speak(text, interrupt=interrupt)

    auto = types.ModuleType("accessible_output2.outputs.auto")
    auto.Auto = Auto
    monkeypatch.setitem(sys.modules, "accessible_output2", types.ModuleType("accessible_output2"))
    monkeypatch.setitem(sys.modules, "accessible_output2.outputs",
                        types.ModuleType("accessible_output2.outputs"))
    monkeypatch.setitem(sys.modules, "accessible_output2.outputs.auto", auto)
    return spoken


def test_accessible_output2_speaks_through_the_active_screen_reader(monkeypatch, capsys):
    spoken = _fake_ao2(monkeypatch, active=True)
    monkeypatch.setattr(sinks, "_ssip", lambda language: None)  # no Speech Dispatcher socket
    sink = system_sink()
    assert sink.name == "accessible_output2 (NVDA)"
    sink.speak("Turn 1: Ada.")
    assert sink.wait(5) and spoken == ["Turn 1: Ada."]
    assert capsys.readouterr().out == ""


def test_accessible_output2_with_no_active_reader_falls_through(monkeypatch):
    _fake_ao2(monkeypatch, active=False)
    assert sinks._accessible_output() is None
    assert isinstance(system_sink(prefer=("accessible_output2",)), NullSink)


def test_the_command_line_flags(tmp_path):
    import argparse

    from game.speech import cli

    parser = argparse.ArgumentParser()
    cli.add_arguments(parser)
    log = tmp_path / "said.txt"
    args = parser.parse_args(["--speech", "--speech-log", str(log)])
    rec = RecordingSink()
    sink = cli.sink_for(args, system=lambda lang: rec)
    sink.speak("Turn 1: You.")
    assert rec.lines == ["Turn 1: You."] and log.read_text(encoding="utf-8") == "Turn 1: You.\n"
    quiet = cli.sink_for(parser.parse_args([]))
    assert isinstance(quiet, NullSink) and not quiet.message
    on_by_setting = cli.sink_for(parser.parse_args([]), setting_on=True, system=lambda lang: rec)
    assert on_by_setting is rec


def test_speech_dispatcher_module_waits_for_the_end_of_each_line(monkeypatch):
    import types

    calls = []

    class Client:
        def __init__(self, name):
            calls.append(("client", name))

        def set_language(self, code):
            calls.append(("language", code))

        def speak(self, text, callback=None, event_types=()):
            calls.append(("speak", text))
            threading.Timer(0.05, callback, args=("end",)).start()  # the service's callback

        def cancel(self):
            calls.append(("cancel",))

    fake = types.ModuleType("speechd")
    fake.SSIPClient = Client
    fake.CallbackType = types.SimpleNamespace(END="end", CANCEL="cancel")
    monkeypatch.setitem(sys.modules, "speechd", fake)
    sink = system_sink("de", prefer=("speechd",))
    assert sink.name == "speech-dispatcher"
    sink.speak("Zug 1: Ada.")
    sink.speak("Zug 2: Bob.")
    assert sink.wait(5)
    assert calls == [("client", "mindbug"), ("language", "de"), ("speak", "Zug 1: Ada."),
                     ("speak", "Zug 2: Bob.")]


def test_a_closed_threaded_sink_says_nothing_more():
    backend = FakeBackend()
    sink = ThreadedSink(backend)
    sink.speak("one")
    assert sink.wait(5)
    sink.close()
    sink.close()
    sink.speak("two")
    assert not sink.busy() and backend.said == ["one"]


def test_speech_has_its_own_volume_where_the_output_has_one(tmp_path, monkeypatch):
    """Issue 25, item 6: the speech's volume apart from the effects'. spd-say takes -i (-100
    to 100), the speechd module set_volume; the log, silence and macOS say have none (False:
    the Settings screen then says to set it in the screen reader)."""
    import types

    made = []

    def popen(args, **kwargs):
        made.append(FakeProc(args))
        return made[-1]

    spd = CommandBackend("spd-say", ["spd-say", "-w"], run=popen)
    sink = ThreadedSink(spd)
    assert sinks.set_volume(sink, 0.75)
    sink.speak("Turn 1: Ada.")
    assert sink.wait(5) and made[0].args == ["spd-say", "-w", "-i", "50", "--", "Turn 1: Ada."]
    assert sinks.set_volume(spd, 0.0) and spd.volume_args == ["-i", "-100"]
    assert not sinks.set_volume(CommandBackend("say", ["say"], run=popen), 0.5)
    assert not sinks.set_volume(NullSink(), 0.5)
    log = sinks.LogSink(tmp_path / "said.txt")
    assert not sinks.set_volume(log, 0.5)
    rec = RecordingSink()
    assert sinks.set_volume(sinks.Tee([log, rec]), 0.25) and rec.volume == 0.25

    volumes = []

    class Client:
        def __init__(self, name):
            pass

        def set_language(self, code):
            pass

        def set_volume(self, value):
            volumes.append(value)

    fake = types.ModuleType("speechd")
    fake.SSIPClient = Client
    fake.CallbackType = types.SimpleNamespace(END="end", CANCEL="cancel")
    monkeypatch.setitem(sys.modules, "speechd", fake)
    assert sinks.set_volume(system_sink("en", prefer=("speechd",)), 1.0) and volumes == [100]

    class Broken:
        def set_volume(self, value):
            raise OSError("the service went away")

    assert not sinks.set_volume(Broken(), 0.5)  # no volume, never a crash


def test_a_screen_reader_keeps_its_own_volume(monkeypatch):
    _fake_ao2(monkeypatch, active=True)
    monkeypatch.setattr(sinks, "_ssip", lambda language: None)
    assert not sinks.set_volume(system_sink(), 0.5)  # NVDA's volume is NVDA's setting


def test_an_interrupt_never_waits_for_a_hanging_cancel_command():
    """Found by the UI fuzz: ``spd-say -C`` hangs where the service is gone, and the cancel ran
    in the game's thread with a 5 s timeout, so a new focus froze a frame for 5 s."""
    made = []

    class Hanging:
        def __init__(self, args):
            self.args, self.killed = args, False

        def poll(self):
            return -9 if self.killed else None

        def kill(self):
            self.killed = True

        def wait(self, timeout=None):
            raise AssertionError("the game's thread must not wait for it")

    def popen(args, **kwargs):
        made.append(Hanging(args))
        return made[-1]

    backend = CommandBackend("spd-say", ["spd-say", "-w"], ["spd-say", "-C"], run=popen)
    started = time.perf_counter()
    backend.cancel()
    backend.cancel()
    assert time.perf_counter() - started < 0.5
    assert [p.args for p in made] == [["spd-say", "-C"]] * 2
    assert made[0].killed and not made[1].killed  # the one still hanging was ended
    backend.cancel()
    assert backend._cancels == [made[1], made[2]] and made[1].killed  # the first one reaped


def test_the_environment_keeps_the_windows_voice_silent(monkeypatch):
    from game.ui.core.speech_out import system_voice

    monkeypatch.setattr(sinks, "system_sink", lambda language, output="auto": RecordingSink())
    monkeypatch.setenv("MINDBUG_SPEECH", "none")
    assert isinstance(system_voice("en"), NullSink)
    monkeypatch.delenv("MINDBUG_SPEECH")
    assert isinstance(system_voice("en"), RecordingSink)
