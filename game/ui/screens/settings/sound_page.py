"""The settings' "Sound and speech" page: effects, their volume, music, speech and its volume."""

from __future__ import annotations

from game.common.i18n import N_, _
from game.ui.screens.settings.rows import Host, Page, Row, on_off

NO_SPEECH_VOLUME = N_("This speech output has no volume of its own: set it in the screen reader.")


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


PAGE = Page(N_("Sound and speech"), (
    Row(N_("Sound"), lambda h: on_off(h.ctx.settings.sound), _sound),
    Row(N_("Volume"), slider=lambda h: h.ctx.settings.volume, slide=_volume),
    Row(N_("Music"), slider=lambda h: h.ctx.settings.music_volume, slide=_music_volume),
    Row(N_("Speech"), _speech_value, _speech),
    Row(N_("Speech volume"), slider=lambda h: h.ctx.settings.speech_volume, slide=_speech_volume),
))
