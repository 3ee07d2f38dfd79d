"""The settings' "Sound" page (effects, their volume, music) and "Voice" page (speech, its
volume, output and rate, and how much it says of each source: game.ui.screens.settings.detail_page)."""

from __future__ import annotations

from game.common.i18n import N_, _
from game.common.settings import SPEECH_OUTPUTS, SPEECH_VOICES
from game.ui.screens.settings.rows import Host, Page, Row, next_of, on_off

NO_SPEECH_VOLUME = N_("This speech output has no volume of its own: set it in the screen reader.")
NO_SPEECH_RATE = N_("This speech output has no rate of its own: set it in the screen reader.")
NO_SPEECH_VOICE = N_("This speech output has no choice of voice: set it in the screen reader.")
#: "Voice": the words of each of SPEECH_VOICES.
VOICE_WORDS = {"own": N_("The output's own"), "female": N_("A woman's voice"), "male": N_("A man's voice")}
#: "Speech output": the words of each of SPEECH_OUTPUTS.
OUTPUT_WORDS = {"auto": N_("Automatic"), "screen_reader": N_("Screen reader"),
                "own_voice": N_("The game's own voice")}


def _sound(host: Host) -> None:
    host.ctx.set_sound(not host.ctx.settings.sound)
    host.ctx.play_sound("click")


def _volume(host: Host, value: float) -> None:
    host.ctx.settings.volume = value
    try:
        host.ctx.sounds.set_volume(value)
    except Exception:  # placeholder sounds have no volume
        pass
    host.ctx.play_sound("click")  # hear the new level


def _music_volume(host: Host, value: float) -> None:
    host.ctx.settings.music_volume = value
    if host.ctx.music is not None:
        host.ctx.music.set_volume(value)


def _speech_value(host: Host) -> str:
    if host.ctx.speech is not None and host.ctx.speech.forced and not host.ctx.settings.speech:
        return N_("On (--speech)")  # this session only: the setting itself stays off
    return on_off(host.ctx.settings.speech)


def _speech(host: Host) -> None:
    host.ctx.set_speech(not host.ctx.settings.speech)
    speech = host.ctx.speech
    host.message = speech.message if speech is not None and host.ctx.settings.speech else None


def _speech_volume(host: Host, value: float) -> None:
    host.ctx.settings.speech_volume = value
    speech = host.ctx.speech
    if speech is not None:
        speech.apply(host.ctx.settings)
        host.message = None if speech.volume_supported or not speech.voiced else _(NO_SPEECH_VOLUME)
        speech.say(_("Speech volume"), interrupt=True)  # hear the new level


def _speech_output(host: Host) -> None:
    """Automatic, the screen reader, the game's own voice: the voice opens again at once and
    says which output took the words (or the line saying none could)."""
    settings = host.ctx.settings
    settings.speech_output = next_of(SPEECH_OUTPUTS, settings.speech_output)
    speech = host.ctx.speech
    if speech is not None:
        speech.apply(settings)
        host.message = speech.message if speech.voiced or speech.message else None
        speech.say(_(OUTPUT_WORDS[settings.speech_output]), interrupt=True)


def _speech_rate(host: Host, value: float) -> None:
    host.ctx.settings.speech_rate = value
    speech = host.ctx.speech
    if speech is not None:
        speech.apply(host.ctx.settings)
        host.message = None if speech.rate_supported or not speech.voiced else _(NO_SPEECH_RATE)
        speech.say(_("Speech rate"), interrupt=True)  # hear the new rate


def _speech_voice(host: Host) -> None:
    """The output's own voice, a woman's, a man's, where the output has the choice (Speech
    Dispatcher, espeak-ng, spd-say); said in the new voice."""
    settings = host.ctx.settings
    settings.speech_voice = next_of(SPEECH_VOICES, settings.speech_voice)
    speech = host.ctx.speech
    if speech is not None:
        speech.apply(settings)
        host.message = None if speech.voice_supported or not speech.voiced else _(NO_SPEECH_VOICE)
        speech.say(_(VOICE_WORDS[settings.speech_voice]), interrupt=True)


PAGE = Page(N_("Sound"), (
    Row(N_("Sound"), lambda h: on_off(h.ctx.settings.sound), _sound),
    Row(N_("Volume"), slider=lambda h: h.ctx.settings.volume, slide=_volume),
    Row(N_("Music"), slider=lambda h: h.ctx.settings.music_volume, slide=_music_volume),
))
#: The speech's own rows, first on the "Voice" page (issue 45: speech apart from the sound, with
#: the rows of how much it says after them).
SPEECH_ROWS = (
    Row(N_("Speech"), _speech_value, _speech),
    Row(N_("Speech volume"), slider=lambda h: h.ctx.settings.speech_volume, slide=_speech_volume),
    Row(N_("Speech output"), lambda h: OUTPUT_WORDS.get(h.ctx.settings.speech_output, ""),
        _speech_output),
    Row(N_("Speech rate"), slider=lambda h: h.ctx.settings.speech_rate, slide=_speech_rate),
    Row(N_("Which voice"), lambda h: VOICE_WORDS.get(h.ctx.settings.speech_voice, ""), _speech_voice),
)
