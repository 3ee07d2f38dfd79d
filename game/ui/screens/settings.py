"""The settings screen: animation speed, the computer's pause, full screen, sound and volume,
speech and its own volume, the Pace ("wait for me after each computer move"), the default
level, hints, take backs and the language (which every scene hears at once: the scene stack's
``language_changed``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.common import i18n
from game.common.i18n import LANGUAGES, LEVEL_NAMES, N_, _
from game.common.settings import AI_LEVELS, AI_PAUSES, ANIM_SPEEDS
from game.ui.core.scene import Scene
from game.ui.kit import theme, widgets
from game.ui.kit.backdrop import draw_backdrop
from game.ui.kit.widgets import Button, ButtonRow, VolumeSlider

if TYPE_CHECKING:
    from game.ui.core.context import AppContext


NO_SPEECH_VOLUME = N_("This speech output has no volume of its own: set it in the screen reader.")


class SettingsScene(Scene):
    ROW_TOP, ROW_STEP, ROW_H = 108, 36, 32  # thirteen rows above the Done button
    LABEL_SIZE = 22
    speech_title = N_("Settings")

    def __init__(self, ctx: AppContext) -> None:
        super().__init__(ctx)
        self.message: str | None = None
        self.row = ButtonRow()
        self._build()

    def _rows(self) -> list[tuple[str, str, object]]:
        s = self.ctx.settings
        return [
            (N_("Animation speed"), f"{i18n.number(s.anim_speed)}x", self._cycle_speed),
            (N_("Computer's minimum thinking pause"), f"{i18n.number(s.ai_pause)} s", self._cycle_pause),
            (N_("Full screen (F11)"), N_("On") if s.fullscreen else N_("Off"), self._toggle_fullscreen),
            (N_("Sound"), N_("On") if s.sound else N_("Off"), self._toggle_sound),
            (N_("Volume"), "", None),  # the slider
            (N_("Music"), "", None),  # its own slider
            (N_("Speech"), self._speech_value(), self._toggle_speech),
            (N_("Speech volume"), "", None),
            (N_("Wait for me after each computer move"), N_("On") if s.wait_for_me else N_("Off"),
             self._toggle_wait),
            (N_("Default computer level"), LEVEL_NAMES[s.ai_level], self._cycle_level),
            (N_("Hints against the computer"), N_("On") if s.hints else N_("Off"), self._toggle_hints),
            (N_("Take backs (Undo, Ctrl+Z)"), N_("On") if s.takebacks else N_("Off"), self._toggle_takebacks),
            (N_("Language"), LANGUAGES.get(s.language, s.language), self._cycle_language),
        ]

    def _set_volume(self, value: float) -> None:
        self.ctx.settings.volume = value
        try:
            self.ctx.sounds.set_volume(value)
        except Exception:  # placeholder sounds have no volume
            pass
        self.ctx.play_sound("click")  # hear the new level
        self.dirty = True

    def _set_music_volume(self, value: float) -> None:
        self.ctx.settings.music_volume = value
        if self.ctx.music is not None:
            self.ctx.music.set_volume(value)
        self.dirty = True

    def _set_speech_volume(self, value: float) -> None:
        self.ctx.settings.speech_volume = value
        speech = self.ctx.speech
        if speech is not None:
            speech.apply(self.ctx.settings)
            self.message = None if speech.volume_supported or not speech.voiced else _(NO_SPEECH_VOLUME)
            speech.say(_("Speech volume"), interrupt=True)  # hear the new level
        self.dirty = True

    def _toggle_speech(self) -> None:
        self.ctx.set_speech(not self.ctx.settings.speech)
        speech = self.ctx.speech
        self.message = speech.message if speech is not None and self.ctx.settings.speech else None
        self._build()

    def _speech_value(self) -> str:
        if self.ctx.speech is not None and self.ctx.speech.forced and not self.ctx.settings.speech:
            return N_("On (--speech)")  # this session only: the setting itself stays off
        return N_("On") if self.ctx.settings.speech else N_("Off")

    def _toggle_wait(self) -> None:
        self.ctx.settings.wait_for_me = not self.ctx.settings.wait_for_me
        self._build()

    def spoken_focus(self) -> str | None:
        """Speech: the focused row's label and value ("Sound: On"), the slider's in per cent."""
        focus = self.row.focus
        if not 0 <= focus < len(self.row.buttons):
            return None
        button = self.row.buttons[focus]
        rows = self._rows()
        if focus >= len(rows):
            return _(button.text)
        label, value, _action = rows[focus]
        shown = f"{round(button.value * 100)}%" if isinstance(button, VolumeSlider) else _(value)
        return _("{setting}: {value}").format(setting=_(label), value=shown)

    def _build(self) -> None:
        buttons = []
        sliders = {N_("Volume"): (self.ctx.settings.volume, self._set_volume),
                   N_("Music"): (self.ctx.settings.music_volume, self._set_music_volume),
                   N_("Speech volume"): (self.ctx.settings.speech_volume, self._set_speech_volume)}
        for i, (label, value, action) in enumerate(self._rows()):
            rect = pygame.Rect(760, self.ROW_TOP + i * self.ROW_STEP, 260 if action is None else 220, self.ROW_H)
            if action is None:
                buttons.append(VolumeSlider(rect, *sliders[label]))
            else:
                buttons.append(Button(rect, value, action))
        buttons.append(Button(pygame.Rect(470, 580, 340, 56), N_("Done"), self._done, primary=True))
        focus = self.row.focus
        self.row = ButtonRow(buttons)
        if focus >= 0:
            self.row.focus = focus
            buttons[focus].focused = True
        self.dirty = True

    @staticmethod
    def _next(values: tuple, current: object) -> object:
        try:
            return values[(values.index(current) + 1) % len(values)]
        except ValueError:
            return values[0]

    def _cycle_speed(self) -> None:
        self.ctx.settings.anim_speed = self._next(ANIM_SPEEDS, self.ctx.settings.anim_speed)
        self._build()

    def _cycle_pause(self) -> None:
        self.ctx.settings.ai_pause = self._next(AI_PAUSES, self.ctx.settings.ai_pause)
        self._build()

    def _toggle_fullscreen(self) -> None:
        self.ctx.toggle_fullscreen()
        self._build()

    def _toggle_sound(self) -> None:
        self.ctx.set_sound(not self.ctx.settings.sound)
        self.ctx.play_sound("click")
        self._build()

    def _toggle_hints(self) -> None:
        self.ctx.settings.hints = not self.ctx.settings.hints
        self._build()

    def _toggle_takebacks(self) -> None:
        self.ctx.settings.takebacks = not self.ctx.settings.takebacks
        self._build()

    def _cycle_level(self) -> None:
        self.ctx.settings.ai_level = self._next(AI_LEVELS, self.ctx.settings.ai_level)
        self._build()

    def _cycle_language(self) -> None:
        """Switch at once: every scene on the stack hears it (and words itself again)."""
        code = self._next(tuple(LANGUAGES), self.ctx.settings.language)
        self.ctx.settings.language = i18n.set_language(code)
        self.ctx.scenes.language_changed()
        self._build()

    def _done(self) -> None:
        self.message = self.ctx.save_settings()
        if self.message is None:
            self.ctx.scenes.pop()

    def handle(self, event: pygame.event.Event) -> bool:
        self.dirty = True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self._done()
            return True
        focused = self.row.buttons[self.row.focus] if 0 <= self.row.focus < len(self.row.buttons) else None
        if isinstance(focused, VolumeSlider) and event.type == pygame.KEYDOWN \
                and event.key in (pygame.K_LEFT, pygame.K_RIGHT):
            focused.set(focused.value + (0.05 if event.key == pygame.K_RIGHT else -0.05))
            return True
        return self.row.handle(event)

    def draw(self, surface: pygame.Surface) -> None:
        draw_backdrop(surface)
        widgets.text(surface, _("Settings"), 46, (640, 64), theme.ACCENT, bold=True, anchor="center")
        for i, (label, _value, _a) in enumerate(self._rows()):
            widgets.text(surface, _(label), self.LABEL_SIZE, (300, self.ROW_TOP + self.ROW_H // 2 + i * self.ROW_STEP),
                         theme.TEXT, anchor="midleft")
        self.row.draw(surface, self.ctx.window_scale)
        if self.message:
            widgets.text(surface, self.message, 18, (640, 660), theme.DANGER, anchor="center")
