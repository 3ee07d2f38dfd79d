"""``python -m game.speech``: a whole computer game narrated as seat 0 hears it, printed or
written to the speech log (the by-hand check of a speech service uses it too)."""

from __future__ import annotations

import pytest

from game.common import i18n
from game.speech.__main__ import main


@pytest.fixture(autouse=True)
def english_again():
    yield
    i18n.set_language("en")


def test_a_whole_game_goes_to_the_speech_log(tmp_path, capsys):
    log = tmp_path / "said.txt"
    assert main(["--seed", "7", "--speech-log", str(log)]) == 0
    lines = log.read_text(encoding="utf-8").splitlines()
    assert lines[0].startswith("You reveal") and lines[-1].startswith("Game over")
    assert any(line.startswith("Your turn:") for line in lines)
    assert capsys.readouterr().out == ""  # the log, not the terminal


def test_printed_in_german_for_2v2(capsys):
    assert main(["--seed", "3", "--rules", "2v2", "--lang", "de", "--level", "random"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[-1].startswith("Spiel vorbei")


def test_a_bad_flag_is_a_usage_message(capsys):
    with pytest.raises(SystemExit) as stop:
        main(["--seed", "-1"])
    assert stop.value.code == 2
    assert "--seed: must be a whole number" in capsys.readouterr().err


def test_with_a_voice_and_the_log_every_line_is_spoken_none_cut(tmp_path, monkeypatch):
    """Issue 45, finding 9: ``--speech --speech-log F`` ended before the voice had spoken (the
    tee had no ``wait``) and each of seat 0's focus lines cut the lines still queued."""
    import time

    from game.speech import sinks

    spoken: list[str] = []

    class Voice:  # a voice takes a moment for each line (2 ms here: 184 lines, 0.4 s)
        name = "voice"

        def say(self, text: str) -> None:
            time.sleep(0.002)
            spoken.append(text)

        def cancel(self) -> None:
            pass

    monkeypatch.setattr(sinks, "system_sink", lambda language, output="auto": sinks.ThreadedSink(Voice()))
    log = tmp_path / "said.txt"
    assert main(["--seed", "7", "--speech", "--speech-log", str(log)]) == 0
    logged = log.read_text(encoding="utf-8").splitlines()
    assert len(logged) > 100 and spoken == logged
