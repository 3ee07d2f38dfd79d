"""The voice setting (issue 45, the speech settings): the output's own voice, a woman's or a
man's, asked of each output that has the choice, and said plainly where it has none."""

from __future__ import annotations

from game.common import settings as S
from game.speech import sinks
from game.speech.commands import CommandBackend


class Ran:
    def __init__(self) -> None:
        self.calls: list[list[str]] = []

    def __call__(self, args, **kw):
        self.calls.append(list(args))

        class Done:
            returncode = 0

            def wait(self, timeout=None):
                return 0

            def poll(self):
                return 0

        return Done()


def test_each_command_gets_its_voice_and_a_screen_reader_keeps_its_own():
    ran = Ran()
    espeak = CommandBackend("espeak-ng", ["espeak-ng", "-v", "de"], run=ran)
    assert sinks.set_voice(espeak, "female")
    espeak.say("Hallo")
    assert ran.calls[-1][:3] == ["espeak-ng", "-v", "de+f3"]
    assert sinks.set_voice(espeak, "male") and sinks.set_voice(espeak, "own")
    espeak.say("Hallo")
    assert ran.calls[-1][:3] == ["espeak-ng", "-v", "de"]  # back to the language's own
    spd = CommandBackend("spd-say", ["spd-say", "-w"], run=ran)
    assert sinks.set_voice(spd, "male")
    spd.say("Hi")
    assert ran.calls[-1][2:4] == ["-t", "male1"]
    assert not sinks.set_voice(CommandBackend("say", ["say"], run=ran), "female")  # macOS: names only
    assert not sinks.set_voice(sinks.RecordingSink(), "female")  # no choice: False, never a crash


def test_the_voice_setting_is_checked_like_every_setting():
    values, bad = S.check_fields({"speech_voice": "robot"})
    assert values["speech_voice"] == "own" and bad and bad[0].startswith("speech_voice")
    assert S.check_fields({"speech_voice": "female"})[0]["speech_voice"] == "female"
